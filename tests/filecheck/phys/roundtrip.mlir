// Every kind of phys op prints in the custom form, re-parses, and round-trips
// through the generic form.

// RUN: amls-opt %s | filecheck %s
// RUN: amls-opt %s | amls-opt | filecheck %s
// RUN: amls-opt %s --print-op-generic | amls-opt | filecheck %s

// CHECK-LABEL: func.func @f(
// CHECK:         %Xd = phys.distribute %X {block = 1000} : (!matrix.mat<10000x100xf64>) -> !phys.dmat<10000x100xf64>
// CHECK-NEXT:    %Xp = phys.persist %Xd : !phys.dmat<10000x100xf64>
// CHECK-NEXT:    %vb = phys.broadcast %v : (!matrix.mat<100x1xf64>) -> !phys.bcast<100x1xf64>
// CHECK-NEXT:    %y = phys.matmul dist mapmm_right %Xp, %vb : (!phys.dmat<10000x100xf64>, !phys.bcast<100x1xf64>) -> !phys.dmat<10000x1xf64>
// CHECK-NEXT:    %z = phys.mul dist %y, %s {method = "map"} : (!phys.dmat<10000x1xf64>, f64) -> !phys.dmat<10000x1xf64>
// CHECK-NEXT:    %t = phys.reduce dist sum all %z : (!phys.dmat<10000x1xf64>) -> f64
// CHECK-NEXT:    %G = phys.tsmm local left %X : (!matrix.mat<10000x100xf64>) -> !matrix.mat<100x100xf64>
// CHECK-NEXT:    %w = phys.mmchain local xtxv %X, %v : (!matrix.mat<10000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %yl = phys.collect %y : (!phys.dmat<10000x1xf64>) -> !matrix.mat<10000x1xf64>
// CHECK-NEXT:    %a = phys.axpy local sub %yl, %s, %yl : (!matrix.mat<10000x1xf64>, f64, !matrix.mat<10000x1xf64>) -> !matrix.mat<10000x1xf64>
// CHECK-NEXT:    %q = phys.tak local all %a, %yl : (!matrix.mat<10000x1xf64>, !matrix.mat<10000x1xf64>) -> f64
// CHECK-NEXT:    %tm = phys.tmm local %X, %yl : (!matrix.mat<10000x100xf64>, !matrix.mat<10000x1xf64>) -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %ws = phys.wsloss local %X, %X, %yl, %v : (!matrix.mat<10000x100xf64>, !matrix.mat<10000x100xf64>, !matrix.mat<10000x1xf64>, !matrix.mat<100x1xf64>) -> f64
// CHECK-NEXT:    %Xr = phys.partition %Xp {block = 500} : !phys.dmat<10000x100xf64>
// CHECK-NEXT:    %e = phys.exp dist %Xr : !phys.dmat<10000x100xf64>
// CHECK-NEXT:    %l = phys.matmul local mm %X, %v : (!matrix.mat<10000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10000x1xf64>
// CHECK-NEXT:    phys.unpersist %Xp : !phys.dmat<10000x100xf64>
// CHECK-NEXT:    func.return %t : f64
func.func @f(%X: !matrix.mat<10000x100xf64>, %v: !matrix.mat<100x1xf64>, %s: f64) -> f64 {
  %Xd = phys.distribute %X {block = 1000} : (!matrix.mat<10000x100xf64>) -> !phys.dmat<10000x100xf64>
  %Xp = phys.persist %Xd : !phys.dmat<10000x100xf64>
  %vb = phys.broadcast %v : (!matrix.mat<100x1xf64>) -> !phys.bcast<100x1xf64>
  %y = phys.matmul dist mapmm_right %Xp, %vb : (!phys.dmat<10000x100xf64>, !phys.bcast<100x1xf64>) -> !phys.dmat<10000x1xf64>
  %z = phys.mul dist %y, %s {method = "map"} : (!phys.dmat<10000x1xf64>, f64) -> !phys.dmat<10000x1xf64>
  %t = phys.reduce dist sum all %z : (!phys.dmat<10000x1xf64>) -> f64
  %G = phys.tsmm local left %X : (!matrix.mat<10000x100xf64>) -> !matrix.mat<100x100xf64>
  %w = phys.mmchain local xtxv %X, %v : (!matrix.mat<10000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100x1xf64>
  %yl = phys.collect %y : (!phys.dmat<10000x1xf64>) -> !matrix.mat<10000x1xf64>
  %a = phys.axpy local sub %yl, %s, %yl : (!matrix.mat<10000x1xf64>, f64, !matrix.mat<10000x1xf64>) -> !matrix.mat<10000x1xf64>
  %q = phys.tak local all %a, %yl : (!matrix.mat<10000x1xf64>, !matrix.mat<10000x1xf64>) -> f64
  %tm = phys.tmm local %X, %yl : (!matrix.mat<10000x100xf64>, !matrix.mat<10000x1xf64>) -> !matrix.mat<100x1xf64>
  %ws = phys.wsloss local %X, %X, %yl, %v : (!matrix.mat<10000x100xf64>, !matrix.mat<10000x100xf64>, !matrix.mat<10000x1xf64>, !matrix.mat<100x1xf64>) -> f64
  %Xr = phys.partition %Xp {block = 500} : !phys.dmat<10000x100xf64>
  %e = phys.exp dist %Xr : !phys.dmat<10000x100xf64>
  %l = phys.matmul local mm %X, %v : (!matrix.mat<10000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<10000x1xf64>
  phys.unpersist %Xp : !phys.dmat<10000x100xf64>
  func.return %t : f64
}
