// What amls-opt says when a pass cannot run as asked: one line naming the pass, status
// 1 or 2, never an internal error. And lower-to-phys on lowered IR changes nothing.

// An upstream pass rejecting an option value when it runs (it was an internal error).
// RUN: sh -c 'amls-opt %s -p "arith-add-fastmath{flags=bogus}" 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=FAST
// FAST:      amls-opt: error: pass 'arith-add-fastmath' failed: 'bogus' is not a valid fastmath flag.
// FAST-NEXT: exit=1

// An entry function that does not exist (it planned as if none was named).
// RUN: sh -c 'amls-opt %s -O2 --entry nothere 2>&1; echo "exit=$?"' | filecheck %s --check-prefix=ENTRY
// ENTRY:      amls-opt: error: --entry: the module has no @nothere
// ENTRY-NEXT: exit=2

// lower-to-phys twice, or on amls-opt's lowered output, is lowered once (the second run
// wrapped phys values again and the IR did not verify).
// RUN: amls-opt %s -p lower-to-phys > %t.once
// RUN: amls-opt %s -p lower-to-phys,lower-to-phys | diff %t.once -
// RUN: amls-opt %t.once -p lower-to-phys | diff %t.once -
// RUN: filecheck %s --check-prefix=PHYS < %t.once
// PHYS: phys.matmul
func.func @main(%X: !matrix.mat<?x?xf64>, %v: !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64> {
  %y = matrix.matmul %X, %v : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %y : !matrix.mat<?x1xf64>
}
