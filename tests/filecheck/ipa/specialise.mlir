// ipa: argument sizes, nnz and constant scalars flow into callees. When all call
// sites of a function agree, the function itself is specialised (its inputs take
// the callers' facts, the calls pass their values without casts); when they
// disagree, the function is cloned per distinct argument signature and the calls
// are rewritten. Result sizes flow back to the callers. Functions that are no
// longer called are removed.
//
// inline-threshold=0 keeps functions called twice from being inlined, so the
// specialised signatures stay visible. The second amls-opt re-parses and
// re-verifies the output: the IR stays valid.

// RUN: amls-opt %s --split-input-file -p 'ipa{inline-threshold=0}' | amls-opt --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p 'ipa{inline-threshold=0 report=true}' -o %t.mlir 2>&1 | filecheck %s --check-prefix=REPORT
// RUN: amls-opt %t.mlir --split-input-file | filecheck %s

// Each case reaches its fixpoint (one report line per case, in order).
// REPORT-NOT:  warning
// REPORT:      ipa: {{[0-9]+}} round(s), fixpoint reached; specialised 1, cloned 0, inlined 0, removed 0
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 2, inlined 0, removed 1
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 2, inlined 0, removed 1
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 1, inlined 0, removed 0
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised 1, cloned 0, inlined 0, removed 0
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 2, inlined 0, removed 1
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 0, inlined 1, removed 1
// REPORT-NEXT: ipa: {{[0-9]+}} round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 1, inlined 0, removed 0
// REPORT-NOT:  warning

// Agreeing call sites: @f's input takes the callers' 3x4 nnz=12, its body and
// result are refined, the calls pass %X directly (no cast) and see 3x3.
// CHECK-LABEL: func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>) {
// CHECK-NOT:   matrix.cast
// CHECK:       %r = func.call @f(%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %s = func.call @f(%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-LABEL: func.func private @f(%A: !matrix.mat<3x4xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
// CHECK-NEXT:  %t = matrix.transpose %A : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<4x3xf64, nnz=12>{{$}}
// CHECK-NEXT:  %u = matrix.matmul %A, %t : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NOT:   func.func private @f_
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r, %s : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

// -----

// Disagreeing call sites (3x4 twice, 4x3 twice): one clone per signature, each
// call rewritten to its clone, each caller sees its own result size; the
// generic original is no longer called and is removed.
// CHECK-LABEL: func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>, !matrix.mat<4x4xf64>, !matrix.mat<4x4xf64>) {
// CHECK-NOT:   matrix.cast
// CHECK:       %r1 = func.call @[[F34:f_[0-9]+]](%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %r2 = func.call @[[F34]](%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %r3 = func.call @[[F43:f_[0-9]+]](%Y) : (!matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<4x4xf64>{{$}}
// CHECK-NEXT:  %r4 = func.call @[[F43]](%Y) : (!matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<4x4xf64>{{$}}
// CHECK-NOT:   func.func private @f(
// CHECK-DAG:   func.func private @[[F34]](%A: !matrix.mat<3x4xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
// CHECK-DAG:   func.func private @[[F43]](%A: !matrix.mat<4x3xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<4x4xf64> {
// CHECK-NOT:   func.func private @f(
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %Y = matrix.rand %c4, %c3 {min = 1.0, max = 2.0, seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r1 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r2 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r3 = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r4 = func.call @f(%Y) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r1, %r2, %r3, %r4 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

// -----

// The nnz is part of the signature: two 3x3 arguments that differ only in nnz
// (9 and 0) get two clones, each with its own input type.
// CHECK-LABEL: func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>) {
// CHECK:       func.call @[[FD:f_[0-9]+]](%D) : (!matrix.mat<3x3xf64, nnz=9>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK:       func.call @[[FE:f_[0-9]+]](%E) : (!matrix.mat<3x3xf64, nnz=0>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-DAG:   func.func private @[[FD]](%A: !matrix.mat<3x3xf64, nnz=9>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
// CHECK-DAG:   func.func private @[[FE]](%A: !matrix.mat<3x3xf64, nnz=0>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %zero = arith.constant 0.0 : f64
  %D = matrix.rand %c3, %c3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %E = matrix.fill %zero, %c3, %c3 : (f64, i64, i64) -> !matrix.mat<?x?xf64>
  %r1 = func.call @f(%D) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r2 = func.call @f(%D) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r3 = func.call @f(%E) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r4 = func.call @f(%E) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r1, %r2, %r3, %r4 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

// -----

// Some call sites know nothing (a ?x? argument of the entry): they keep calling
// the generic original; the sites that know sizes get a clone.
// CHECK-LABEL: func.func @main(%P: !matrix.mat<?x?xf64>{{( \{[^}]*\})?}}) -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
// CHECK:       %r1 = func.call @[[F:f_[0-9]+]](%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %r2 = func.call @[[F]](%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %r3 = func.call @f(%P) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %r4 = func.call @f(%P) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-DAG:   func.func private @f(%A: !matrix.mat<?x?xf64>{{( \{[^}]*\})?}}) -> !matrix.mat<?x?xf64> {
// CHECK-DAG:   func.func private @[[F]](%A: !matrix.mat<3x4xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
func.func @main(%P: !matrix.mat<?x?xf64>) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r1 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r2 = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r3 = func.call @f(%P) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r4 = func.call @f(%P) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r1, %r2, %r3, %r4 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

// -----

// A constant scalar argument on which all call sites agree becomes a constant in
// the callee, which then derives its sizes from it (rand(n, n + 1)).
// CHECK-LABEL: func.func @main() -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>) {
// CHECK:       %X = func.call @gen(%c3) : (i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-LABEL: func.func private @gen(%n: i64{{( \{[^}]*\})?}}) -> !matrix.mat<3x4xf64> {
// CHECK-NEXT:  %[[N:.*]] = arith.constant 3 : i64
// CHECK:       %m = arith.addi %[[N]], %c1 : i64
// CHECK-NEXT:  %A = matrix.rand %[[N]], %m {{.*}} -> !matrix.mat<3x4xf64, nnz=12>{{$}}
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %X = func.call @gen(%c3) : (i64) -> !matrix.mat<?x?xf64>
  %Y = func.call @gen(%c3) : (i64) -> !matrix.mat<?x?xf64>
  func.return %X, %Y : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @gen(%n: i64) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %A = matrix.rand %n, %m {min = 1.0, max = 2.0, seed = 7} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.exp %A : !matrix.mat<?x?xf64>
  func.return %B : !matrix.mat<?x?xf64>
}

// -----

// Constants that disagree (3 and 5) specialise like sizes: one clone per
// constant, each with its own constant and result size.
// CHECK-LABEL: func.func @main() -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<5x6xf64>, !matrix.mat<5x6xf64>) {
// CHECK:       func.call @[[G3:gen_[0-9]+]](%c3) : (i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK:       func.call @[[G5:gen_[0-9]+]](%c5) : (i64) -> !matrix.mat<5x6xf64>{{$}}
// CHECK-DAG:   func.func private @[[G3]](%n: i64{{( \{[^}]*\})?}}) -> !matrix.mat<3x4xf64> {
// CHECK-DAG:   func.func private @[[G5]](%n: i64{{( \{[^}]*\})?}}) -> !matrix.mat<5x6xf64> {
// CHECK-DAG:   arith.constant 3 : i64
// CHECK-DAG:   arith.constant 5 : i64
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %X1 = func.call @gen(%c3) : (i64) -> !matrix.mat<?x?xf64>
  %X2 = func.call @gen(%c3) : (i64) -> !matrix.mat<?x?xf64>
  %Y1 = func.call @gen(%c5) : (i64) -> !matrix.mat<?x?xf64>
  %Y2 = func.call @gen(%c5) : (i64) -> !matrix.mat<?x?xf64>
  func.return %X1, %X2, %Y1, %Y2 : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @gen(%n: i64) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %A = matrix.rand %n, %m {min = 1.0, max = 2.0, seed = 7} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.exp %A : !matrix.mat<?x?xf64>
  func.return %B : !matrix.mat<?x?xf64>
}

// -----

// A single call site: the function is inlined (whatever its size), so the
// argument's sizes reach its body, and the function is removed.
// CHECK-LABEL: func.func @main() -> !matrix.mat<3x3xf64> {
// CHECK-NOT:   func.call
// CHECK:       %t = matrix.transpose %X : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<4x3xf64, nnz=12>{{$}}
// CHECK-NEXT:  %u = matrix.matmul %X, %t : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  func.return %u : !matrix.mat<3x3xf64>{{$}}
// CHECK-NOT:   func.func private @f
func.func @main() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}

// -----

// A constant on some call sites and an unknown scalar on others: the constant
// sites get a clone with the constant inside; the others keep the generic one.
// CHECK-LABEL: func.func @main(%k: i64) -> (!matrix.mat<3x4xf64>, !matrix.mat<3x4xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
// CHECK:       %a = func.call @[[G:gen_[0-9]+]](%c3) : (i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %b = func.call @[[G]](%c3) : (i64) -> !matrix.mat<3x4xf64>{{$}}
// CHECK-NEXT:  %c = func.call @gen(%k) : (i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-NEXT:  %d = func.call @gen(%k) : (i64) -> !matrix.mat<?x?xf64>{{$}}
// CHECK-DAG:   func.func private @gen(%n: i64{{( \{[^}]*\})?}}) -> !matrix.mat<?x?xf64> {
// CHECK-DAG:   func.func private @[[G]](%n: i64{{( \{[^}]*\})?}}) -> !matrix.mat<3x4xf64> {
func.func @main(%k: i64) -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %a = func.call @gen(%c3) : (i64) -> !matrix.mat<?x?xf64>
  %b = func.call @gen(%c3) : (i64) -> !matrix.mat<?x?xf64>
  %c = func.call @gen(%k) : (i64) -> !matrix.mat<?x?xf64>
  %d = func.call @gen(%k) : (i64) -> !matrix.mat<?x?xf64>
  func.return %a, %b, %c, %d : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
func.func private @gen(%n: i64) -> !matrix.mat<?x?xf64> {
  %c1 = arith.constant 1 : i64
  %m = arith.addi %n, %c1 : i64
  %A = matrix.rand %n, %m {min = 1.0, max = 2.0, seed = 7} : (i64, i64) -> !matrix.mat<?x?xf64>
  %B = matrix.exp %A : !matrix.mat<?x?xf64>
  func.return %B : !matrix.mat<?x?xf64>
}
