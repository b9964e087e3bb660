// Rule rand-scale (passes/rewrite/rules_static.py): rand(min=a,max=b)*c -> rand(min=a*c,max=b*c)
// for a finite constant c > 0; rand ± c -> rand(min=a±c,max=b±c) for a dense
// (sparsity 1) rand; uniform pdf, the rand with one use.
// Numbers before/after the rewrite: @num_rand_scale in numerics.mlir.
//
// RUN: amls-opt %s --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefixes=CHECK,TRACE
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p simplify-static | amls-opt --split-input-file -p simplify-static --rewrite-trace 2>&1 | filecheck %s --check-prefix=AGAIN
// AGAIN-NOT: rewrite:
// AGAIN-NOT: error

// rand*c and c*rand (also for a sparse rand: the zeros stay zeros), rand+c,
// c+rand, rand-c.
// TRACE:       rewrite: rand-scale at {{.*}}rand-scale.mlir:[[# @LINE + 26]]:3
// TRACE:       rewrite: rand-scale at {{.*}}rand-scale.mlir:[[# @LINE + 27]]:3
// TRACE:       rewrite: rand-scale at {{.*}}rand-scale.mlir:[[# @LINE + 27]]:3
// TRACE:       rewrite: rand-scale at {{.*}}rand-scale.mlir:[[# @LINE + 27]]:3
// TRACE:       rewrite: rand-scale at {{.*}}rand-scale.mlir:[[# @LINE + 27]]:3
// CHECK-LABEL: func.func @scale(
// CHECK-NOT:     matrix.mul
// CHECK-NOT:     matrix.add
// CHECK-NOT:     matrix.sub
// CHECK:         %m0 = matrix.rand %r, %k {min = -2.0, max = 2.0, sparsity = 1.0, pdf = "uniform", seed = 1} : (i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %m1 = matrix.rand %r, %k {min = 0.0, max = 4.0, sparsity = 0.1, pdf = "uniform", seed = 2} : (i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %a0 = matrix.rand %r, %k {min = 1.5, max = 2.5, sparsity = 1.0, pdf = "uniform", seed = 3} : (i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %a1 = matrix.rand %r, %k {min = 3.0, max = 5.0, sparsity = 1.0, pdf = "uniform", seed = 4} : (i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    %s0 = matrix.rand %r, %k {min = -0.5, max = 0.5, sparsity = 1.0, pdf = "uniform", seed = 5} : (i64, i64) -> !matrix.mat<3x4xf64>
// CHECK-NEXT:    func.return %m0, %m1, %a0, %a1, %s0
func.func @scale() -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %two = arith.constant 2.0 : f64
  %c15 = arith.constant 1.5 : f64
  %half = arith.constant 0.5 : f64
  %R0 = matrix.rand %r, %k {min = -1.0, max = 1.0, seed = 1} : (i64, i64) -> !matrix.mat<3x4xf64>
  %R1 = matrix.rand %r, %k {sparsity = 0.1, seed = 2} : (i64, i64) -> !matrix.mat<3x4xf64>
  %R2 = matrix.rand %r, %k {seed = 3} : (i64, i64) -> !matrix.mat<3x4xf64>
  %R3 = matrix.rand %r, %k {min = 1.5, max = 3.5, seed = 4} : (i64, i64) -> !matrix.mat<3x4xf64>
  %R4 = matrix.rand %r, %k {seed = 5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %m0 = matrix.mul %R0, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %four = arith.constant 4.0 : f64
  %m1 = matrix.mul %four, %R1 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %a0 = matrix.add %R2, %c15 : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %a1 = matrix.add %c15, %R3 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %s0 = matrix.sub %R4, %half : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %m0, %m1, %a0, %a1, %s0 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// c < 0 (min/max would swap), c = 0, c not a constant, a rand with a second use,
// a sparse rand shifted (its zeros would move), a normal rand, c - rand, rand / c:
// no rewrite.
// TRACE-NOT:   rewrite: rand-scale
// CHECK-LABEL: func.func @no_scale(
// CHECK:         %x0 = matrix.mul %R0, %neg
// CHECK-NEXT:    %x1 = matrix.mul %R1, %zero
// CHECK-NEXT:    %x2 = matrix.mul %R2, %s
// CHECK-NEXT:    %x3 = matrix.mul %R3, %two
// CHECK-NEXT:    %x4 = matrix.add %R4, %two
// CHECK-NEXT:    %x5 = matrix.mul %R5, %two
// CHECK-NEXT:    %x6 = matrix.sub %two, %R6
// CHECK-NEXT:    %x7 = matrix.div %R7, %two
// CHECK-NEXT:    func.return %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7, %R3
func.func @no_scale(%s: f64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
  %r = arith.constant 3 : i64
  %k = arith.constant 4 : i64
  %two = arith.constant 2.0 : f64
  %neg = arith.constant -2.0 : f64
  %zero = arith.constant 0.0 : f64
  %R0 = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %R1 = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %R2 = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %R3 = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %R4 = matrix.rand %r, %k {sparsity = 0.5} : (i64, i64) -> !matrix.mat<3x4xf64>
  %R5 = matrix.rand %r, %k {pdf = "normal"} : (i64, i64) -> !matrix.mat<3x4xf64>
  %R6 = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %R7 = matrix.rand %r, %k : (i64, i64) -> !matrix.mat<3x4xf64>
  %x0 = matrix.mul %R0, %neg : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x1 = matrix.mul %R1, %zero : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x2 = matrix.mul %R2, %s : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x3 = matrix.mul %R3, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x4 = matrix.add %R4, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x5 = matrix.mul %R5, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  %x6 = matrix.sub %two, %R6 : (f64, !matrix.mat<3x4xf64>) -> !matrix.mat<3x4xf64>
  %x7 = matrix.div %R7, %two : (!matrix.mat<3x4xf64>, f64) -> !matrix.mat<3x4xf64>
  func.return %x0, %x1, %x2, %x3, %x4, %x5, %x6, %x7, %R3 : !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>
}

// -----

// The new rand keeps the dims but not the nnz: rand(0, 0) has nnz=0, rand(2, 2) has
// none. Keeping the old type made -O2 fold sum(rand(0,0) + 2) to 0 by empty-agg
// (-O0: 80000).
// TRACE:       rewrite: rand-scale at {{.*}}rand-scale.mlir:{{[0-9]+}}:3
// TRACE-NEXT:  rewrite-count: rand-scale 1
// CHECK-LABEL: func.func @shift_of_zeros(
// CHECK:         %Y = matrix.rand %n, %n {min = 2.0{{.*}}, max = 2.0{{.*}}} : (i64, i64) -> !matrix.mat<200x200xf64>
// CHECK-NEXT:    %s = matrix.reduce sum all %Y
func.func @shift_of_zeros() -> f64 {
  %n = arith.constant 200 : i64
  %two = arith.constant 2.0 : f64
  %R = matrix.rand %n, %n {min = 0.0, max = 0.0, seed = 1} : (i64, i64) -> !matrix.mat<200x200xf64, nnz=0>
  %Y = matrix.add %R, %two : (!matrix.mat<200x200xf64, nnz=0>, f64) -> !matrix.mat<200x200xf64>
  %s = matrix.reduce sum all %Y : (!matrix.mat<200x200xf64>) -> f64
  func.return %s : f64
}
