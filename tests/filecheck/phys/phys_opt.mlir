// phys-opt: cancel distribute/collect pairs, hoist loop-invariant data movement
// (partition / broadcast once), collect early, persist values read in loops.

// RUN: amls-opt %s --split-input-file -p phys-opt | filecheck %s
// RUN: amls-opt %s --split-input-file -p phys-opt | amls-opt --split-input-file -p phys-opt | filecheck %s

// collect(distribute(x)) -> x and distribute(collect(d)) -> d.
// CHECK-LABEL: func.func @cancel(
// CHECK-NOT:     phys.distribute
// CHECK-NOT:     phys.collect
// CHECK:         %e = phys.exp local %X
// CHECK-NEXT:    %f = phys.exp dist %D

func.func @cancel(%X: !matrix.mat<100x10xf64>, %D: !phys.dmat<100x10xf64>) -> (!matrix.mat<100x10xf64>, !phys.dmat<100x10xf64>) {
  %d = phys.distribute %X : (!matrix.mat<100x10xf64>) -> !phys.dmat<100x10xf64>
  %l = phys.collect %d : (!phys.dmat<100x10xf64>) -> !matrix.mat<100x10xf64>
  %e = phys.exp local %l : !matrix.mat<100x10xf64>
  %c = phys.collect %D : (!phys.dmat<100x10xf64>) -> !matrix.mat<100x10xf64>
  %d2 = phys.distribute %c : (!matrix.mat<100x10xf64>) -> !phys.dmat<100x10xf64>
  %f = phys.exp dist %d2 : !phys.dmat<100x10xf64>
  func.return %e, %f : !matrix.mat<100x10xf64>, !phys.dmat<100x10xf64>
}

// -----
// A collect of a computed value does not cancel with the distribute before it.
// CHECK-LABEL: func.func @cancel_no(
// CHECK:         %d = phys.distribute %X
// CHECK-NEXT:    %e = phys.exp dist %d
// CHECK-NEXT:    %l = phys.collect %e

func.func @cancel_no(%X: !matrix.mat<100x10xf64>) -> !matrix.mat<100x10xf64> {
  %d = phys.distribute %X : (!matrix.mat<100x10xf64>) -> !phys.dmat<100x10xf64>
  %e = phys.exp dist %d : !phys.dmat<100x10xf64>
  %l = phys.collect %e : (!phys.dmat<100x10xf64>) -> !matrix.mat<100x10xf64>
  func.return %l : !matrix.mat<100x10xf64>
}

// -----
// Loop-invariant X is distributed once before the loop (two distributes merge),
// u broadcast once (two broadcasts merge); v changes per iteration and stays.
// X's blocks are read in the loop: persisted before it, unpersisted after.
// CHECK-LABEL: func.func @hoist(
// CHECK:         %[[XD:.*]] = phys.distribute %X
// CHECK-NEXT:    %[[UB:.*]] = phys.broadcast %u
// CHECK-NEXT:    %[[P:.*]] = phys.persist %[[XD]]
// CHECK-NEXT:    scf.for
// CHECK-NOT:       phys.distribute
// CHECK:           %vb = phys.broadcast %v
// CHECK-NEXT:      %q = phys.matmul dist mapmm_right %[[P]], %vb
// CHECK-NEXT:      %q2 = phys.add dist %q, %[[UB]]
// CHECK-NEXT:      %q3 = phys.mul dist %q2, %[[UB]]
// CHECK-NOT:       phys.broadcast
// CHECK:           phys.matmul dist cpmm %qt, %[[P]]
// CHECK:         }
// CHECK-NEXT:    phys.unpersist %[[P]]
// CHECK-NEXT:    func.return %r

func.func @hoist(%X: !matrix.mat<10000x100xf64>, %v0: !matrix.mat<100x1xf64>, %u: !matrix.mat<10000x1xf64>) -> !matrix.mat<100x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c10 = arith.constant 10 : i64
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%v = %v0) -> (!matrix.mat<100x1xf64>) : i64 {
    %Xd = phys.distribute %X : (!matrix.mat<10000x100xf64>) -> !phys.dmat<10000x100xf64>
    %vb = phys.broadcast %v : (!matrix.mat<100x1xf64>) -> !phys.bcast<100x1xf64>
    %q = phys.matmul dist mapmm_right %Xd, %vb : (!phys.dmat<10000x100xf64>, !phys.bcast<100x1xf64>) -> !phys.dmat<10000x1xf64>
    %ub = phys.broadcast %u : (!matrix.mat<10000x1xf64>) -> !phys.bcast<10000x1xf64>
    %q2 = phys.add dist %q, %ub {method = "map"} : (!phys.dmat<10000x1xf64>, !phys.bcast<10000x1xf64>) -> !phys.dmat<10000x1xf64>
    %ub2 = phys.broadcast %u : (!matrix.mat<10000x1xf64>) -> !phys.bcast<10000x1xf64>
    %q3 = phys.mul dist %q2, %ub2 {method = "map"} : (!phys.dmat<10000x1xf64>, !phys.bcast<10000x1xf64>) -> !phys.dmat<10000x1xf64>
    %Xd2 = phys.distribute %X : (!matrix.mat<10000x100xf64>) -> !phys.dmat<10000x100xf64>
    %qt = phys.transpose dist %q3 : (!phys.dmat<10000x1xf64>) -> !phys.dmat<1x10000xf64>
    %g = phys.matmul dist cpmm %qt, %Xd2 : (!phys.dmat<1x10000xf64>, !phys.dmat<10000x100xf64>) -> !phys.dmat<1x100xf64>
    %gl = phys.collect %g : (!phys.dmat<1x100xf64>) -> !matrix.mat<1x100xf64>
    %gt = phys.transpose local %gl : (!matrix.mat<1x100xf64>) -> !matrix.mat<100x1xf64>
    scf.yield %gt : !matrix.mat<100x1xf64>
  }
  func.return %r : !matrix.mat<100x1xf64>
}

// -----
// A distributed value read only by collects is collected once, early.
// CHECK-LABEL: func.func @collect_early(
// CHECK:         %e = phys.exp dist %D
// CHECK-NEXT:    %a = phys.collect %e
// CHECK-NEXT:    %s = phys.reduce local sum all %a
// CHECK-NEXT:    %m = phys.reduce local max all %a
// CHECK-NOT:     phys.collect

func.func @collect_early(%D: !phys.dmat<1000x1xf64>) -> (f64, f64) {
  %e = phys.exp dist %D : !phys.dmat<1000x1xf64>
  %a = phys.collect %e : (!phys.dmat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  %s = phys.reduce local sum all %a : (!matrix.mat<1000x1xf64>) -> f64
  %b = phys.collect %e : (!phys.dmat<1000x1xf64>) -> !matrix.mat<1000x1xf64>
  %m = phys.reduce local max all %b : (!matrix.mat<1000x1xf64>) -> f64
  func.return %s, %m : f64, f64
}

// -----
// Persisted for the loop, but not unpersisted: D is read after the loop.
// CHECK-LABEL: func.func @persist_used_after(
// CHECK:         %[[P:.*]] = phys.persist %D
// CHECK-NEXT:    scf.for
// CHECK:           phys.reduce dist sum all %[[P]]
// CHECK-NOT:     phys.unpersist
// CHECK:         %e = phys.exp dist %D

func.func @persist_used_after(%D: !phys.dmat<1000x10xf64>) -> (f64, !phys.dmat<1000x10xf64>) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c10 = arith.constant 10 : i64
  %zero = arith.constant 0.0 : f64
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> (f64) : i64 {
    %s = phys.reduce dist sum all %D : (!phys.dmat<1000x10xf64>) -> f64
    %a = arith.addf %acc, %s : f64
    scf.yield %a : f64
  }
  %e = phys.exp dist %D : !phys.dmat<1000x10xf64>
  func.return %r, %e : f64, !phys.dmat<1000x10xf64>
}
