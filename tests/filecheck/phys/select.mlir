// Operator selection by memory budget. The same program lowered with a large
// budget is all local; with a small budget (100 KB) its large ops run dist: the
// matrix-vector product as mapmm_right (the 800-byte vector is broadcast),
// the 2000x2000 product (neither side fits the broadcast budget) as cpmm or rmm
// by the cost model; an unknown size goes dist as cpmm and marks the function for
// recompilation. dist=false (the local backend) keeps everything local.

// RUN: amls-opt %s --split-input-file -p 'lower-to-phys{memory-budget=100000000000}' | filecheck %s --check-prefix=BIG
// RUN: amls-opt %s --split-input-file -p 'lower-to-phys{memory-budget=100000 workers=2}' | filecheck %s --check-prefix=TINY
// RUN: amls-opt %s --split-input-file -p 'lower-to-phys{memory-budget=100000 workers=2}' | amls-opt --split-input-file | filecheck %s --check-prefix=TINY
// RUN: amls-opt %s --split-input-file -p 'lower-to-phys{dist=false}' | filecheck %s --check-prefix=LOCAL

// BIG-LABEL: func.func @budget(
// BIG-NOT:     dist
// BIG-NOT:     phys.distribute
// BIG:         %y = phys.matmul local mm %X, %v
// BIG-NEXT:    %e = phys.exp local %y
// BIG-NEXT:    %C = phys.matmul local mm %A, %B
// BIG-NEXT:    func.return %e, %C
// TINY-LABEL: func.func @budget(
// TINY:         %[[XD:.*]] = phys.distribute %X {block = 1000}
// TINY-NEXT:    %[[VB:.*]] = phys.broadcast %v : (!matrix.mat<100x1xf64>) -> !phys.bcast<100x1xf64>
// TINY-NEXT:    %y = phys.matmul dist mapmm_right %[[XD]], %[[VB]]
// TINY-NEXT:    %e = phys.exp dist %y : !phys.dmat<100000x1xf64>
// TINY-NOT:     phys.broadcast
// TINY:         %C = phys.matmul dist {{cpmm|rmm}}
// TINY:         %[[E:.*]] = phys.collect %e
// TINY:         %[[C:.*]] = phys.collect %C
// TINY-NEXT:    func.return %[[E]], %[[C]]
// LOCAL-LABEL: func.func @budget(
// LOCAL-NOT:     dist
// LOCAL:         func.return %e, %C
func.func @budget(%X: !matrix.mat<100000x100xf64>, %v: !matrix.mat<100x1xf64>, %A: !matrix.mat<2000x2000xf64>, %B: !matrix.mat<2000x2000xf64>) -> (!matrix.mat<100000x1xf64>, !matrix.mat<2000x2000xf64>) {
  %y = matrix.matmul %X, %v : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
  %e = matrix.exp %y : !matrix.mat<100000x1xf64>
  %C = matrix.matmul %A, %B : !matrix.mat<2000x2000xf64>
  func.return %e, %C : !matrix.mat<100000x1xf64>, !matrix.mat<2000x2000xf64>
}

// -----

// BIG-LABEL: func.func @unknown(%Z: !matrix.mat<?x100xf64>, %v: !matrix.mat<100x1xf64>) -> !matrix.mat<?x1xf64> attributes {phys.recompile} {
// BIG:         phys.distribute %Z
// BIG:         %y = phys.matmul dist cpmm
// TINY-LABEL: func.func @unknown(
// TINY-SAME:    attributes {phys.recompile}
// TINY:         %y = phys.matmul dist cpmm
// LOCAL-LABEL: func.func @unknown(
// LOCAL-NOT:     phys.recompile
// LOCAL:         %y = phys.matmul local mm %Z, %v
func.func @unknown(%Z: !matrix.mat<?x100xf64>, %v: !matrix.mat<100x1xf64>) -> !matrix.mat<?x1xf64> {
  %y = matrix.matmul %Z, %v : (!matrix.mat<?x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %y : !matrix.mat<?x1xf64>
}
