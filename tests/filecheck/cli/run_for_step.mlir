// An scf.for whose step is 0 at run time: one located error in MLIR's terms (the step
// must be positive), at every level, not Python's "range() arg 3 must not be zero".
// RUN: not amls-run %s -O0 --arg st=0 2>&1 | filecheck %s
// RUN: not amls-run %s -O2 --arg st=0 2>&1 | filecheck %s
// RUN: not amls-run %s -O2 --no-data-facts --arg st=0 2>&1 | filecheck %s
// RUN: amls-run %s -O2 --arg st=2 | filecheck %s --check-prefix=OK
// CHECK: run_for_step.mlir:[[# @LINE + 8]]:3: error: scf.for: the step is 0 (it must be positive)
// CHECK-NOT: range()
// OK: result_0 : f64 = 2.0
func.func @main(%st: i64) -> f64 {
  %c0 = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %r = scf.for %i = %c0 to %c3 step %st iter_args(%acc = %z) -> (f64) : i64 {
    %a = arith.addf %acc, %one : f64
    scf.yield %a : f64
  }
  func.return %r : f64
}
