// matrix.fail: an op that provably fails where it may not run (dialects/matrix.py,
// defer_failures). It prints, re-parses (custom and generic), lowers to phys.fail, and
// raises its message as the named op's error, at its own location, when it runs.

// RUN: amls-opt %s | filecheck %s
// RUN: amls-opt %s | amls-opt | filecheck %s
// RUN: amls-opt %s --print-op-generic | amls-opt | filecheck %s
// RUN: amls-opt %s --print-op-generic | filecheck %s --check-prefix=GEN
// CHECK:      %F = matrix.fail {op = "matrix.slice", message = "row slice end 5 is out of range for 2x2"} : !matrix.mat<?x?xf64>{{$}}
// CHECK:      %t = matrix.fail {op = "matrix.to_scalar", message = "to_scalar expects a 1x1 matrix, got 2x2"} : f64{{$}}
// GEN:        %F = "matrix.fail"() <{op = "matrix.slice", message = "row slice end 5 is out of range for 2x2"}> : () -> !matrix.mat<?x?xf64>{{$}}

// Lowered, it runs locally; unused, it is removed like any pure op (the licence that
// an unused value is not computed, docs/numerics.md).
// RUN: amls-opt %s -O2 | filecheck %s --check-prefix=PHYS
// PHYS:       scf.if
// PHYS-NEXT:  %F = phys.fail local {op = "matrix.slice", message = "row slice end 5 is out of range for 2x2"} : !matrix.mat<?x?xf64>{{$}}
// RUN: amls-opt %s -O2 --entry scalar | filecheck %s --check-prefix=UNUSED
// UNUSED:     func.func @scalar
// UNUSED-NOT: fail

// RUN: amls-run %s -O0 --arg go=0 | filecheck %s --check-prefix=SKIP
// RUN: amls-run %s -O2 --arg go=0 | filecheck %s --check-prefix=SKIP
// SKIP: result_0 : f64 = 4.0
// RUN: sh -c 'amls-run %s -O0 --arg go=1 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=RUNS
// RUN: sh -c 'amls-run %s -O2 --arg go=1 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=RUNS
// RUNS:      fail.mlir:[[# @LINE + 8]]:5: error: matrix.slice: row slice end 5 is out of range for 2x2{{$}}
// RUNS-NEXT: exit=1
func.func @main(%go: i1) -> f64 {
  %c2 = arith.constant 2 : i64
  %one = arith.constant 1.0 : f64
  %A = matrix.fill %one, %c2, %c2 : (f64, i64, i64) -> !matrix.mat<2x2xf64>
  %s0 = matrix.reduce sum all %A : (!matrix.mat<2x2xf64>) -> f64
  %r = scf.if %go -> (f64) {
    %F = matrix.fail {op = "matrix.slice", message = "row slice end 5 is out of range for 2x2"} : !matrix.mat<?x?xf64>
    %s = matrix.reduce sum all %F : (!matrix.mat<?x?xf64>) -> f64
    scf.yield %s : f64
  } else {
    scf.yield %s0 : f64
  }
  func.return %r : f64
}

func.func @scalar() -> f64 {
  %one = arith.constant 1.0 : f64
  %t = matrix.fail {op = "matrix.to_scalar", message = "to_scalar expects a 1x1 matrix, got 2x2"} : f64
  func.return %one : f64
}
