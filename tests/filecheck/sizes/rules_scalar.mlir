// size-inference evaluates the scalar expressions sizes are written with:
// nrow/ncol/nnz of a matrix with known facts, arith on i64 (addi subi muli divsi
// ceildivsi floordivsi remsi maxsi minsi), on f64 (addf subf mulf divf), casts
// (sitofp fptosi index_cast), cmpi and select; then uses them as the dims of
// rand, fill, slice, reshape and seq. The scalar ops themselves are left alone
// (folding them is constant-fold's job).
//
// The second amls-opt re-parses and re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p size-inference | amls-opt --split-input-file | filecheck %s

// rand and fill with rows = nrow(X) + 1 and cols = ncol(X) * 2; the arith ops stay.
// CHECK-LABEL: func.func @nrow_plus_one(
// CHECK:       %n1 = arith.addi %n, %c1 : i64
// CHECK-NEXT:  %m2 = arith.muli %m, %c2 : i64
// CHECK-NEXT:  %R = matrix.rand %n1, %m {{.*}} : (i64, i64) -> !matrix.mat<6x4xf64>{{$}}
// CHECK-NEXT:  %F = matrix.fill %one, %n1, %m2 : (f64, i64, i64) -> !matrix.mat<6x8xf64, nnz=48>{{$}}
func.func @nrow_plus_one(%X: !matrix.mat<5x4xf64>) {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %n = matrix.nrow %X : (!matrix.mat<5x4xf64>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<5x4xf64>) -> i64
  %n1 = arith.addi %n, %c1 : i64
  %m2 = arith.muli %m, %c2 : i64
  %R = matrix.rand %n1, %m {seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %F = matrix.fill %one, %n1, %m2 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// nnz(X) is a size too when X's nnz is known; unknown facts give unknown dims.
// CHECK-LABEL: func.func @nnz_as_size(
// CHECK:       %F = matrix.fill %one, %z, %c1 : (f64, i64, i64) -> !matrix.mat<7x1xf64, nnz=7>{{$}}
// CHECK-NEXT:  %G = matrix.fill %one, %u, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>{{$}}
// CHECK-NEXT:  %H = matrix.fill %one, %r, %c1 : (f64, i64, i64) -> !matrix.mat<?x1xf64>{{$}}
func.func @nnz_as_size(%X: !matrix.mat<5x4xf64, nnz=7>, %Y: !matrix.mat<5x4xf64>, %U: !matrix.mat<?x4xf64>) {
  %c1 = arith.constant 1 : i64
  %one = arith.constant 1.0 : f64
  %z = matrix.nnz %X : (!matrix.mat<5x4xf64, nnz=7>) -> i64
  %u = matrix.nnz %Y : (!matrix.mat<5x4xf64>) -> i64
  %r = matrix.nrow %U : (!matrix.mat<?x4xf64>) -> i64
  %F = matrix.fill %one, %z, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %G = matrix.fill %one, %u, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %H = matrix.fill %one, %r, %c1 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// slice with computed bounds: X[1 : nrow(X) - 1, ncol(X) / 2 : ncol(X)].
// CHECK-LABEL: func.func @slice_computed(
// CHECK:       %S = matrix.slice %X, %c1, %n1, %h, %m : (!matrix.mat<5x6xf64, nnz=30>, i64, i64, i64, i64) -> !matrix.mat<3x3xf64>{{$}}
func.func @slice_computed(%X: !matrix.mat<5x6xf64, nnz=30>) {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %n = matrix.nrow %X : (!matrix.mat<5x6xf64, nnz=30>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<5x6xf64, nnz=30>) -> i64
  %n1 = arith.subi %n, %c1 : i64
  %h = arith.divsi %m, %c2 : i64
  %S = matrix.slice %X, %c1, %n1, %h, %m : (!matrix.mat<5x6xf64, nnz=30>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// slice of the whole matrix through computed bounds keeps the nnz.
// CHECK-LABEL: func.func @slice_whole_computed(
// CHECK:       %S = matrix.slice %X, %c0, %n, %c0, %m : (!matrix.mat<5x6xf64, nnz=9>, i64, i64, i64, i64) -> !matrix.mat<5x6xf64, nnz=9>{{$}}
func.func @slice_whole_computed(%X: !matrix.mat<5x6xf64, nnz=9>) {
  %c0 = arith.constant 0 : i64
  %n = matrix.nrow %X : (!matrix.mat<5x6xf64, nnz=9>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<5x6xf64, nnz=9>) -> i64
  %S = matrix.slice %X, %c0, %n, %c0, %m : (!matrix.mat<5x6xf64, nnz=9>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// reshape with one dim computed by the program (cells / 2), the other a constant.
// CHECK-LABEL: func.func @reshape_computed(
// CHECK:       %R = matrix.reshape %X, %k, %c2 : (!matrix.mat<5x6xf64, nnz=9>, i64, i64) -> !matrix.mat<15x2xf64, nnz=9>{{$}}
func.func @reshape_computed(%X: !matrix.mat<5x6xf64, nnz=9>) {
  %c2 = arith.constant 2 : i64
  %n = matrix.nrow %X : (!matrix.mat<5x6xf64, nnz=9>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<5x6xf64, nnz=9>) -> i64
  %cells = arith.muli %n, %m : i64
  %k = arith.divsi %cells, %c2 : i64
  %R = matrix.reshape %X, %k, %c2 : (!matrix.mat<5x6xf64, nnz=9>, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// seq from i64 sizes through sitofp: seq(1, nrow(X)) and seq(0, 2 * ncol(X) - 1, 0.5).
// CHECK-LABEL: func.func @seq_computed(
// CHECK:       %s = matrix.seq %one, %fn, %one : (f64, f64, f64) -> !matrix.mat<5x1xf64>{{$}}
// CHECK-NEXT:  %t = matrix.seq %zero, %to, %half : (f64, f64, f64) -> !matrix.mat<23x1xf64>{{$}}
func.func @seq_computed(%X: !matrix.mat<5x6xf64>) {
  %zero = arith.constant 0.0 : f64
  %half = arith.constant 0.5 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %n = matrix.nrow %X : (!matrix.mat<5x6xf64>) -> i64
  %m = matrix.ncol %X : (!matrix.mat<5x6xf64>) -> i64
  %fn = arith.sitofp %n : i64 to f64
  %fm = arith.sitofp %m : i64 to f64
  %tm = arith.mulf %two, %fm : f64
  %to = arith.subf %tm, %one : f64
  %s = matrix.seq %one, %fn, %one : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  %t = matrix.seq %zero, %to, %half : (f64, f64, f64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// fptosi truncates toward zero (2.7 -> 2); addf/divf evaluate in f64.
// CHECK-LABEL: func.func @fptosi(
// CHECK:       %F = matrix.fill %one, %r, %c : (f64, i64, i64) -> !matrix.mat<2x3xf64, nnz=6>{{$}}
func.func @fptosi() {
  %one = arith.constant 1.0 : f64
  %a = arith.constant 2.7 : f64
  %b = arith.constant 4.5 : f64
  %c15 = arith.constant 1.5 : f64
  %q = arith.divf %b, %c15 : f64
  %qq = arith.addf %q, %a : f64
  %qs = arith.subf %qq, %a : f64
  %r = arith.fptosi %a : f64 to i64
  %c = arith.fptosi %qs : f64 to i64
  %F = matrix.fill %one, %r, %c : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// An i64 chain: (ncol(X) * 3 - 1) / 4 = 17 / 4 with divsi (4), ceildivsi (5),
// floordivsi (4); remsi 18 % 4, maxsi, minsi.
// CHECK-LABEL: func.func @int_chain(
// CHECK:       %A = matrix.fill %one, %d, %ce : (f64, i64, i64) -> !matrix.mat<4x5xf64, nnz=20>{{$}}
// CHECK-NEXT:  %B = matrix.fill %one, %fl, %rm : (f64, i64, i64) -> !matrix.mat<4x2xf64, nnz=8>{{$}}
// CHECK-NEXT:  %C = matrix.fill %one, %mx, %mn : (f64, i64, i64) -> !matrix.mat<6x4xf64, nnz=24>{{$}}
func.func @int_chain(%X: !matrix.mat<5x6xf64>) {
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : i64
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %m = matrix.ncol %X : (!matrix.mat<5x6xf64>) -> i64
  %t = arith.muli %m, %c3 : i64
  %s = arith.subi %t, %c1 : i64
  %d = arith.divsi %s, %c4 : i64
  %ce = arith.ceildivsi %s, %c4 : i64
  %fl = arith.floordivsi %s, %c4 : i64
  %rm = arith.remsi %t, %c4 : i64
  %mx = arith.maxsi %m, %c4 : i64
  %mn = arith.minsi %m, %c4 : i64
  %A = matrix.fill %one, %d, %ce : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.fill %one, %fl, %rm : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %C = matrix.fill %one, %mx, %mn : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// A division by zero evaluates to unknown, not to a wrong or crashing size.
// CHECK-LABEL: func.func @div_by_zero(
// CHECK:       %F = matrix.fill %one, %d, %c4 : (f64, i64, i64) -> !matrix.mat<?x4xf64>{{$}}
func.func @div_by_zero() {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : i64
  %c4 = arith.constant 4 : i64
  %d = arith.divsi %c4, %c0 : i64
  %F = matrix.fill %one, %d, %c4 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// index_cast of a constant index, cmpi and select on known operands.
// CHECK-LABEL: func.func @cmpi_select(
// CHECK:       %F = matrix.fill %one, %r, %k : (f64, i64, i64) -> !matrix.mat<3x5xf64, nnz=15>{{$}}
// CHECK-NEXT:  %G = matrix.fill %one, %u, %k : (f64, i64, i64) -> !matrix.mat<?x5xf64>{{$}}
func.func @cmpi_select(%x: i64) {
  %one = arith.constant 1.0 : f64
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %i5 = arith.constant 5 : index
  %k = arith.index_cast %i5 : index to i64
  %lt = arith.cmpi slt, %c3, %k : i64
  %r = arith.select %lt, %c3, %c5 : i64
  %p = arith.cmpi slt, %x, %k : i64
  %u = arith.select %p, %c3, %c5 : i64
  %F = matrix.fill %one, %r, %k : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %G = matrix.fill %one, %u, %k : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}

// -----

// select on an unknown condition between two equal values keeps the value.
// CHECK-LABEL: func.func @select_same(
// CHECK:       %F = matrix.fill %one, %s, %s : (f64, i64, i64) -> !matrix.mat<3x3xf64, nnz=9>{{$}}
func.func @select_same(%p: i1) {
  %one = arith.constant 1.0 : f64
  %c3 = arith.constant 3 : i64
  %d3 = arith.constant 3 : i64
  %s = arith.select %p, %c3, %d3 : i64
  %F = matrix.fill %one, %s, %s : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}
