// ipa repeats its rounds (size inference, specialisation, inlining, cleanup)
// until a round changes nothing, bounded by max-rounds; report=true prints one
// summary line per module to stderr, and hitting the bound prints a warning.
//
// Case 1 (nothing to do once sizes are inferred) stops after one round.
// Case 2 needs three: round 1 specialises @f to its callers' 3x4 argument, which
// only then makes @g's two call sites disagree (3x4 and 3x3); round 2 clones @g
// for them and inlines both versions into @f; round 3 changes nothing.
// With max-rounds=2 the bound is hit on case 2: a warning, "NOT reached", and
// still valid IR.

// RUN: amls-opt %s --split-input-file -p 'size-inference,ipa{inline-threshold=0 report=true}' -o %t.default.mlir 2>&1 | filecheck %s --check-prefix=REPORT
// RUN: amls-opt %t.default.mlir --split-input-file | filecheck %s
// RUN: amls-opt %s --split-input-file -p 'size-inference,ipa{inline-threshold=0 max-rounds=2 report=true}' -o %t.bound.mlir 2>&1 | filecheck %s --check-prefix=BOUND
// RUN: amls-opt %t.bound.mlir --split-input-file | filecheck %s --check-prefix=BOUND-IR
// RUN: amls-opt %s --split-input-file -p 'size-inference,ipa{inline-threshold=0 max-rounds=2}' 2>&1 >/dev/null | filecheck %s --check-prefix=WARN-ONLY

// REPORT-NOT:  warning
// REPORT:      ipa: 1 round(s), fixpoint reached; specialised 0, cloned 0, inlined 0, removed 0
// REPORT-NEXT: ipa: 3 round(s), fixpoint reached; specialised {{[0-9]+}}, cloned 1, inlined 2, removed 2
// REPORT-NOT:  warning

// BOUND:      ipa: 1 round(s), fixpoint reached; specialised 0, cloned 0, inlined 0, removed 0
// BOUND-NEXT: ipa: warning: no fixpoint after 2 rounds (max-rounds)
// BOUND-NEXT: ipa: 2 round(s), fixpoint NOT reached; specialised {{[0-9]+}}, cloned 1, inlined 2, removed 2

// Without report=true, only the warning is printed.
// WARN-ONLY-NOT: round(s)
// WARN-ONLY:     ipa: warning: no fixpoint after 2 rounds (max-rounds)
// WARN-ONLY-NOT: round(s)

// CHECK-LABEL: func.func @main() -> !matrix.mat<3x3xf64, nnz=9> {
// BOUND-IR-LABEL: func.func @main() -> !matrix.mat<3x3xf64, nnz=9> {
func.func @main() -> !matrix.mat<?x?xf64> {
  %c3 = arith.constant 3 : i64
  %X = matrix.rand %c3, %c3 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  func.return %X : !matrix.mat<?x?xf64>
}

// -----

// CHECK-LABEL: func.func private @f(%A: !matrix.mat<3x4xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
// CHECK-NOT:   func.call
// CHECK:       %u = matrix.matmul %A, %t : (!matrix.mat<3x4xf64, nnz=12>, !matrix.mat<4x3xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK:       %{{.*}} = matrix.matmul %u, %{{.*}} : !matrix.mat<3x3xf64>{{$}}
// CHECK-LABEL: func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>) {
// CHECK-NEXT:  %c3 = arith.constant 3 : i64
// CHECK-NEXT:  %c4 = arith.constant 4 : i64
// CHECK-NEXT:  %X = matrix.rand {{.*}} -> !matrix.mat<3x4xf64, nnz=12>{{$}}
// CHECK-NEXT:  %r = func.call @f(%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NEXT:  %s = func.call @f(%X) : (!matrix.mat<3x4xf64, nnz=12>) -> !matrix.mat<3x3xf64>{{$}}
// CHECK-NOT:   func.func private @g
// BOUND-IR-LABEL: func.func private @f(%A: !matrix.mat<3x4xf64, nnz=12>{{( \{[^}]*\})?}}) -> !matrix.mat<3x3xf64> {
// BOUND-IR-LABEL: func.func @main() -> (!matrix.mat<3x3xf64>, !matrix.mat<3x3xf64>) {
func.func private @g(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %t = matrix.transpose %A : !matrix.mat<?x?xf64>
  %u = matrix.matmul %A, %t : !matrix.mat<?x?xf64>
  func.return %u : !matrix.mat<?x?xf64>
}
func.func private @f(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %a = func.call @g(%A) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %b = func.call @g(%a) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %b : !matrix.mat<?x?xf64>
}
func.func @main() -> (!matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>) {
  %c3 = arith.constant 3 : i64
  %c4 = arith.constant 4 : i64
  %X = matrix.rand %c3, %c4 {min = 1.0, max = 2.0, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = func.call @f(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  func.return %r, %s : !matrix.mat<?x?xf64>, !matrix.mat<?x?xf64>
}
