// Fused operators selected by lower-to-phys (docs/rewrites.md "Fused physical
// operators"): each on its pattern, and not where its condition fails (other
// operand, more than one use, wrong shape, not a square, a matrix factor...).
// They are local operators: under a budget that sends the root dist, only tsmm
// (left, one output block) has a dist form; the others stay unfused.

// RUN: amls-opt %s -p 'lower-to-phys{dist=false}' | filecheck %s
// RUN: amls-opt %s -p 'lower-to-phys{dist=false}' | amls-opt | filecheck %s
// RUN: amls-opt %s -p 'lower-to-phys{memory-budget=1000 workers=2}' | filecheck %s --check-prefix=DIST

// CHECK-LABEL: func.func @tsmm(
// CHECK-NOT:     phys.transpose
// CHECK:         %L = phys.tsmm local left %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
// CHECK-NEXT:    %R = phys.tsmm local right %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<1000x1000xf64>
// DIST-LABEL: func.func @tsmm(
// DIST:         %L = phys.tsmm dist left %{{.*}} : (!phys.dmat<1000x50xf64>) -> !phys.dmat<50x50xf64>
// DIST-NOT:     phys.tsmm dist right
// DIST:         func.return

// t(X) %*% Y with Y another matrix is no tsmm (tmm: X may be sparse).
// CHECK-LABEL: func.func @tsmm_no(
// CHECK-NOT:     phys.tsmm
// CHECK:         phys.tmm local %X, %Y

// CHECK-LABEL: func.func @mmchain(
// CHECK-NOT:     phys.transpose
// CHECK:         %a = phys.mmchain local xtxv %X, %v :
// CHECK-NEXT:    %b = phys.mmchain local xtwxv %X, %v, %w :
// CHECK-NEXT:    %c = phys.mmchain local xtxvy %X, %v, %y :
// DIST-LABEL: func.func @mmchain(
// DIST-NOT:     phys.mmchain
// DIST:         func.return

// CHECK-LABEL: func.func @mmchain_no(
// CHECK-NOT:     phys.mmchain
// CHECK:         func.return

// t(X)%*%y with y smaller than X: tmm; with Z larger than a provably dense X: transpose
// + mm; with Z larger than an X that may be sparse (nnz unknown): tmm (X's CSC view).
// CHECK-LABEL: func.func @tmm(
// CHECK:         %a = phys.tmm local %X, %y : (!matrix.mat<1000x50xf64, nnz=50000>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x1xf64>
// CHECK-NEXT:    %Xt2 = phys.transpose local %X
// CHECK-NEXT:    %b = phys.matmul local mm %Xt2, %Z
// CHECK-NEXT:    %c = phys.tmm local %W, %Z : (!matrix.mat<1000x50xf64>, !matrix.mat<1000x80xf64>) -> !matrix.mat<50x80xf64>

// In a loop: a t(X) computed in the loop still fuses; one licm hoisted out of it does
// not where the product is large (it is paid once; the plain product on it runs every
// iteration), and does where the product has at most 65536 cells (X's CSC view, one
// copy of X in the loop: TMM_VIEW_CELLS).
// CHECK-LABEL: func.func @tmm_loop(
// CHECK:         %Xt = phys.transpose local %X
// CHECK:         scf.for
// CHECK-NEXT:      %a = phys.matmul local mm %Xt, %yi
// CHECK-NEXT:      %b = phys.tmm local %X, %a
// CHECK-NEXT:      scf.yield %b
// CHECK-LABEL: func.func @tmm_loop_small(
// CHECK-NOT:     phys.transpose
// CHECK:         scf.for
// CHECK-NEXT:      %a = phys.tmm local %X, %yi
// CHECK-NEXT:      %b = phys.matmul local mm %X, %a
// CHECK-NEXT:      scf.yield %b

// CHECK-LABEL: func.func @tak(
// CHECK:         %s3 = phys.tak local all %X, %Y, %Z : {{.*}} -> f64
// CHECK-NEXT:    %s2 = phys.tak local all %X, %Y : {{.*}} -> f64
// CHECK-NEXT:    %cs = phys.tak local col %X, %Z : {{.*}} -> !matrix.mat<1x20xf64>
// CHECK-NEXT:    %xr = phys.mul local %X, %r
// CHECK-NEXT:    %no = phys.reduce local sum all %xr

// rowSums(X*Y) and diag-of-mm's rowSums(X*t(Y)): row-wise dots, the product never formed;
// not where the product has another use.
// CHECK-LABEL: func.func @tak_row(
// CHECK:         %rs = phys.tak local row %X, %Y : {{.*}} -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %Wt = phys.transpose local %W
// CHECK-NEXT:    %dg = phys.tak local row %X, %Wt : {{.*}} -> !matrix.mat<100x1xf64>
// CHECK-NEXT:    %xy2 = phys.mul local %X, %Y
// CHECK-NEXT:    %no = phys.reduce local sum row %xy2

// dot-product-sum's output, to_scalar(t(x)%*%y), runs as tak (one op, no 1x1 matrix);
// not where t(x) or the product has another use, or the sizes are unknown. The local/dist
// choice is the matmul's: under the DIST budget its 500-cell vectors go dist, unfused.
// CHECK-LABEL: func.func @dot(
// CHECK:         %d = phys.tak local all %x, %y : (!matrix.mat<500x1xf64>, !matrix.mat<500x1xf64>) -> f64
// CHECK-NEXT:    %xt2 = phys.transpose local %x
// CHECK-NEXT:    %p2 = phys.matmul local mm %xt2, %y
// CHECK-NEXT:    %d2 = phys.to_scalar local %p2
// CHECK-NEXT:    %xt3 = phys.transpose local %x
// CHECK-NEXT:    %p3 = phys.matmul local mm %xt3, %y
// CHECK-NEXT:    %d3 = phys.to_scalar local %p3
// CHECK-NEXT:    %ut = phys.transpose local %u
// CHECK-NEXT:    %p4 = phys.matmul local mm %ut, %v
// CHECK-NEXT:    %d4 = phys.to_scalar local %p4
// DIST-LABEL: func.func @dot(
// DIST-NOT:     phys.tak
// DIST:         func.return

// CHECK-LABEL: func.func @axpy(
// CHECK:         %a = phys.axpy local add %X, %s, %Y :
// CHECK-NEXT:    %b = phys.axpy local sub %X, %s, %Y :
// CHECK-NEXT:    %SY = phys.mul local %S, %Y
// CHECK-NEXT:    %c = phys.sub local %X, %SY
// DIST-LABEL: func.func @axpy(
// DIST-NOT:     phys.axpy
// DIST:         func.return

// CHECK-LABEL: func.func @wsloss(
// CHECK:         %l = phys.wsloss local %W, %X, %U, %V : {{.*}} -> f64
// CHECK-NOT:     phys.wsloss
// CHECK:         %R33 = phys.pow local %R3, %three
// X - U%*%t(V) broadcasting a row X: not wsloss's shape.
// CHECK:         %R4 = phys.sub local %x, %UV4
// CHECK-NOT:     phys.wsloss
// CHECK:         func.return
func.func @tsmm(%X: !matrix.mat<1000x50xf64>) -> (!matrix.mat<50x50xf64>, !matrix.mat<1000x1000xf64>) {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %L = matrix.matmul %Xt, %X : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  %Xt2 = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %R = matrix.matmul %X, %Xt2 : (!matrix.mat<1000x50xf64>, !matrix.mat<50x1000xf64>) -> !matrix.mat<1000x1000xf64>
  func.return %L, %R : !matrix.mat<50x50xf64>, !matrix.mat<1000x1000xf64>
}
func.func @tsmm_no(%X: !matrix.mat<1000x50xf64>, %Y: !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64> {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %L = matrix.matmul %Xt, %Y : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  func.return %L : !matrix.mat<50x50xf64>
}
func.func @mmchain(%X: !matrix.mat<1000x50xf64>, %v: !matrix.mat<50x1xf64>, %w: !matrix.mat<1000x1xf64>, %y: !matrix.mat<1000x1xf64>) -> (!matrix.mat<50x1xf64>, !matrix.mat<50x1xf64>, !matrix.mat<50x1xf64>) {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %q1 = matrix.matmul %X, %v : (!matrix.mat<1000x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<1000x1xf64>
  %a = matrix.matmul %Xt, %q1 : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x1xf64>
  %q2 = matrix.matmul %X, %v : (!matrix.mat<1000x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<1000x1xf64>
  %wq = matrix.mul %w, %q2 : !matrix.mat<1000x1xf64>
  %b = matrix.matmul %Xt, %wq : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x1xf64>
  %q3 = matrix.matmul %X, %v : (!matrix.mat<1000x50xf64>, !matrix.mat<50x1xf64>) -> !matrix.mat<1000x1xf64>
  %r = matrix.sub %q3, %y : !matrix.mat<1000x1xf64>
  %c = matrix.matmul %Xt, %r : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x1xf64>
  func.return %a, %b, %c : !matrix.mat<50x1xf64>, !matrix.mat<50x1xf64>, !matrix.mat<50x1xf64>
}
func.func @mmchain_no(%X: !matrix.mat<1000x50xf64>, %V: !matrix.mat<50x2xf64>) -> (!matrix.mat<50x2xf64>, !matrix.mat<1000x2xf64>) {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %q = matrix.matmul %X, %V : (!matrix.mat<1000x50xf64>, !matrix.mat<50x2xf64>) -> !matrix.mat<1000x2xf64>
  %a = matrix.matmul %Xt, %q : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x2xf64>) -> !matrix.mat<50x2xf64>
  func.return %a, %q : !matrix.mat<50x2xf64>, !matrix.mat<1000x2xf64>
}
func.func @tmm(%X: !matrix.mat<1000x50xf64, nnz=50000>, %y: !matrix.mat<1000x1xf64>, %Z: !matrix.mat<1000x80xf64>, %W: !matrix.mat<1000x50xf64>) -> (!matrix.mat<50x1xf64>, !matrix.mat<50x80xf64>, !matrix.mat<50x80xf64>) {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64, nnz=50000>) -> !matrix.mat<50x1000xf64>
  %a = matrix.matmul %Xt, %y : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x1xf64>
  %Xt2 = matrix.transpose %X : (!matrix.mat<1000x50xf64, nnz=50000>) -> !matrix.mat<50x1000xf64>
  %b = matrix.matmul %Xt2, %Z : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x80xf64>) -> !matrix.mat<50x80xf64>
  %Wt = matrix.transpose %W : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %c = matrix.matmul %Wt, %Z : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x80xf64>) -> !matrix.mat<50x80xf64>
  func.return %a, %b, %c : !matrix.mat<50x1xf64>, !matrix.mat<50x80xf64>, !matrix.mat<50x80xf64>
}
func.func @tmm_loop(%X: !matrix.mat<70000x70000xf64>, %y: !matrix.mat<70000x1xf64>) -> !matrix.mat<70000x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %Xt = matrix.transpose %X : (!matrix.mat<70000x70000xf64>) -> !matrix.mat<70000x70000xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%yi = %y) -> (!matrix.mat<70000x1xf64>) : i64 {
    %a = matrix.matmul %Xt, %yi : (!matrix.mat<70000x70000xf64>, !matrix.mat<70000x1xf64>) -> !matrix.mat<70000x1xf64>
    %Xt2 = matrix.transpose %X : (!matrix.mat<70000x70000xf64>) -> !matrix.mat<70000x70000xf64>
    %b = matrix.matmul %Xt2, %a : (!matrix.mat<70000x70000xf64>, !matrix.mat<70000x1xf64>) -> !matrix.mat<70000x1xf64>
    scf.yield %b : !matrix.mat<70000x1xf64>
  }
  func.return %r : !matrix.mat<70000x1xf64>
}
func.func @tmm_loop_small(%X: !matrix.mat<100000x1000xf64>, %y: !matrix.mat<100000x1xf64>) -> !matrix.mat<100000x1xf64> {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c5 = arith.constant 5 : i64
  %Xt = matrix.transpose %X : (!matrix.mat<100000x1000xf64>) -> !matrix.mat<1000x100000xf64>
  %r = scf.for %i = %c0 to %c5 step %c1 iter_args(%yi = %y) -> (!matrix.mat<100000x1xf64>) : i64 {
    %a = matrix.matmul %Xt, %yi : (!matrix.mat<1000x100000xf64>, !matrix.mat<100000x1xf64>) -> !matrix.mat<1000x1xf64>
    %b = matrix.matmul %X, %a : (!matrix.mat<100000x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<100000x1xf64>
    scf.yield %b : !matrix.mat<100000x1xf64>
  }
  func.return %r : !matrix.mat<100000x1xf64>
}
func.func @tak(%X: !matrix.mat<100x20xf64>, %Y: !matrix.mat<100x20xf64>, %Z: !matrix.mat<100x20xf64>, %r: !matrix.mat<1x20xf64>) -> (f64, f64, !matrix.mat<1x20xf64>, f64) {
  %xy = matrix.mul %X, %Y : !matrix.mat<100x20xf64>
  %xyz = matrix.mul %xy, %Z : !matrix.mat<100x20xf64>
  %s3 = matrix.reduce sum all %xyz : (!matrix.mat<100x20xf64>) -> f64
  %xy2 = matrix.mul %X, %Y : !matrix.mat<100x20xf64>
  %s2 = matrix.reduce sum all %xy2 : (!matrix.mat<100x20xf64>) -> f64
  %xy3 = matrix.mul %X, %Z : !matrix.mat<100x20xf64>
  %cs = matrix.reduce sum col %xy3 : (!matrix.mat<100x20xf64>) -> !matrix.mat<1x20xf64>
  %xr = matrix.mul %X, %r : (!matrix.mat<100x20xf64>, !matrix.mat<1x20xf64>) -> !matrix.mat<100x20xf64>
  %no = matrix.reduce sum all %xr : (!matrix.mat<100x20xf64>) -> f64
  func.return %s3, %s2, %cs, %no : f64, f64, !matrix.mat<1x20xf64>, f64
}
func.func @tak_row(%X: !matrix.mat<100x20xf64>, %Y: !matrix.mat<100x20xf64>, %W: !matrix.mat<20x100xf64>) -> (!matrix.mat<100x1xf64>, !matrix.mat<100x1xf64>, !matrix.mat<100x1xf64>, !matrix.mat<100x20xf64>) {
  %xy = matrix.mul %X, %Y : !matrix.mat<100x20xf64>
  %rs = matrix.reduce sum row %xy : (!matrix.mat<100x20xf64>) -> !matrix.mat<100x1xf64>
  %Wt = matrix.transpose %W : (!matrix.mat<20x100xf64>) -> !matrix.mat<100x20xf64>
  %xw = matrix.mul %X, %Wt : !matrix.mat<100x20xf64>
  %dg = matrix.reduce sum row %xw : (!matrix.mat<100x20xf64>) -> !matrix.mat<100x1xf64>
  %xy2 = matrix.mul %X, %Y : !matrix.mat<100x20xf64>
  %no = matrix.reduce sum row %xy2 : (!matrix.mat<100x20xf64>) -> !matrix.mat<100x1xf64>
  func.return %rs, %dg, %no, %xy2 : !matrix.mat<100x1xf64>, !matrix.mat<100x1xf64>, !matrix.mat<100x1xf64>, !matrix.mat<100x20xf64>
}
func.func @dot(%x: !matrix.mat<500x1xf64>, %y: !matrix.mat<500x1xf64>, %u: !matrix.mat<?x1xf64>, %v: !matrix.mat<?x1xf64>) -> (f64, f64, f64, f64, !matrix.mat<1x500xf64>, !matrix.mat<1x1xf64>) {
  %xt = matrix.transpose %x : (!matrix.mat<500x1xf64>) -> !matrix.mat<1x500xf64>
  %p = matrix.matmul %xt, %y : (!matrix.mat<1x500xf64>, !matrix.mat<500x1xf64>) -> !matrix.mat<1x1xf64>
  %d = matrix.to_scalar %p : (!matrix.mat<1x1xf64>) -> f64
  %xt2 = matrix.transpose %x : (!matrix.mat<500x1xf64>) -> !matrix.mat<1x500xf64>
  %p2 = matrix.matmul %xt2, %y : (!matrix.mat<1x500xf64>, !matrix.mat<500x1xf64>) -> !matrix.mat<1x1xf64>
  %d2 = matrix.to_scalar %p2 : (!matrix.mat<1x1xf64>) -> f64
  %xt3 = matrix.transpose %x : (!matrix.mat<500x1xf64>) -> !matrix.mat<1x500xf64>
  %p3 = matrix.matmul %xt3, %y : (!matrix.mat<1x500xf64>, !matrix.mat<500x1xf64>) -> !matrix.mat<1x1xf64>
  %d3 = matrix.to_scalar %p3 : (!matrix.mat<1x1xf64>) -> f64
  %ut = matrix.transpose %u : (!matrix.mat<?x1xf64>) -> !matrix.mat<1x?xf64>
  %p4 = matrix.matmul %ut, %v : (!matrix.mat<1x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<1x1xf64>
  %d4 = matrix.to_scalar %p4 : (!matrix.mat<1x1xf64>) -> f64
  func.return %d, %d2, %d3, %d4, %xt2, %p3 : f64, f64, f64, f64, !matrix.mat<1x500xf64>, !matrix.mat<1x1xf64>
}
func.func @axpy(%X: !matrix.mat<100x20xf64>, %Y: !matrix.mat<100x20xf64>, %s: f64, %S: !matrix.mat<100x20xf64>) -> (!matrix.mat<100x20xf64>, !matrix.mat<100x20xf64>, !matrix.mat<100x20xf64>) {
  %sy = matrix.mul %s, %Y : (f64, !matrix.mat<100x20xf64>) -> !matrix.mat<100x20xf64>
  %a = matrix.add %X, %sy : !matrix.mat<100x20xf64>
  %sy2 = matrix.mul %Y, %s : (!matrix.mat<100x20xf64>, f64) -> !matrix.mat<100x20xf64>
  %b = matrix.sub %X, %sy2 : !matrix.mat<100x20xf64>
  %SY = matrix.mul %S, %Y : !matrix.mat<100x20xf64>
  %c = matrix.sub %X, %SY : !matrix.mat<100x20xf64>
  func.return %a, %b, %c : !matrix.mat<100x20xf64>, !matrix.mat<100x20xf64>, !matrix.mat<100x20xf64>
}
func.func @wsloss(%W: !matrix.mat<100x80xf64>, %X: !matrix.mat<100x80xf64>, %U: !matrix.mat<100x5xf64>, %V: !matrix.mat<80x5xf64>, %x: !matrix.mat<1x80xf64>) -> (f64, f64, f64) {
  %two = arith.constant 2.0 : f64
  %three = arith.constant 3.0 : f64
  %Vt = matrix.transpose %V : (!matrix.mat<80x5xf64>) -> !matrix.mat<5x80xf64>
  %UV = matrix.matmul %U, %Vt : (!matrix.mat<100x5xf64>, !matrix.mat<5x80xf64>) -> !matrix.mat<100x80xf64>
  %R = matrix.sub %X, %UV : !matrix.mat<100x80xf64>
  %R2 = matrix.pow %R, %two : (!matrix.mat<100x80xf64>, f64) -> !matrix.mat<100x80xf64>
  %WR = matrix.mul %W, %R2 : !matrix.mat<100x80xf64>
  %l = matrix.reduce sum all %WR : (!matrix.mat<100x80xf64>) -> f64
  %Vt3 = matrix.transpose %V : (!matrix.mat<80x5xf64>) -> !matrix.mat<5x80xf64>
  %UV3 = matrix.matmul %U, %Vt3 : (!matrix.mat<100x5xf64>, !matrix.mat<5x80xf64>) -> !matrix.mat<100x80xf64>
  %R3 = matrix.sub %X, %UV3 : !matrix.mat<100x80xf64>
  %R33 = matrix.pow %R3, %three : (!matrix.mat<100x80xf64>, f64) -> !matrix.mat<100x80xf64>
  %WR3 = matrix.mul %W, %R33 : !matrix.mat<100x80xf64>
  %no = matrix.reduce sum all %WR3 : (!matrix.mat<100x80xf64>) -> f64
  %Vt4 = matrix.transpose %V : (!matrix.mat<80x5xf64>) -> !matrix.mat<5x80xf64>
  %UV4 = matrix.matmul %U, %Vt4 : (!matrix.mat<100x5xf64>, !matrix.mat<5x80xf64>) -> !matrix.mat<100x80xf64>
  %R4 = matrix.sub %x, %UV4 : (!matrix.mat<1x80xf64>, !matrix.mat<100x80xf64>) -> !matrix.mat<100x80xf64>
  %R44 = matrix.pow %R4, %two : (!matrix.mat<100x80xf64>, f64) -> !matrix.mat<100x80xf64>
  %WR4 = matrix.mul %W, %R44 : !matrix.mat<100x80xf64>
  %bc = matrix.reduce sum all %WR4 : (!matrix.mat<100x80xf64>) -> f64
  func.return %l, %no, %bc : f64, f64, f64
}

// t(X) shared by t(X)%*%X and t(X)%*%y (as lm_ds writes it): both fuse and the
// transpose, left without users, is gone.
// CHECK-LABEL: func.func @shared_transpose(
// CHECK-NOT:     phys.transpose
// CHECK:         %A = phys.tsmm local left %X
// CHECK-NEXT:    %b = phys.tmm local %X, %y
// CHECK-NOT:     phys.transpose
func.func @shared_transpose(%X: !matrix.mat<1000x50xf64>, %y: !matrix.mat<1000x1xf64>) -> (!matrix.mat<50x50xf64>, !matrix.mat<50x1xf64>) {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %A = matrix.matmul %Xt, %X : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  %b = matrix.matmul %Xt, %y : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x1xf64>
  func.return %A, %b : !matrix.mat<50x50xf64>, !matrix.mat<50x1xf64>
}

// t(X) %*% (w * X) with w a column (an IRLS Hessian; either operand order of the
// product): wtsmm. Not with a matrix of weights (%no1, tmm instead), not over an X known
// to be sparse (%no2: SciPy's product on X's CSC view).
// CHECK-LABEL: func.func @wtsmm(
// CHECK:         %H = phys.wtsmm local %X, %w : (!matrix.mat<1000x50xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<50x50xf64>
// CHECK-NEXT:    %H2 = phys.wtsmm local %X, %w
// CHECK-NEXT:    %WX = phys.mul local %W, %X
// CHECK-NEXT:    %no1 = phys.tmm local %X, %WX
// CHECK:         %no2 = phys.tmm local %S, %wS
// CHECK-NOT:     phys.wtsmm
func.func @wtsmm(%X: !matrix.mat<1000x50xf64>, %w: !matrix.mat<1000x1xf64>, %W: !matrix.mat<1000x50xf64>, %S: !matrix.mat<1000x50xf64, nnz=100>) -> (!matrix.mat<50x50xf64>, !matrix.mat<50x50xf64>, !matrix.mat<50x50xf64>, !matrix.mat<50x50xf64>) {
  %Xt = matrix.transpose %X : (!matrix.mat<1000x50xf64>) -> !matrix.mat<50x1000xf64>
  %wX = matrix.mul %w, %X : (!matrix.mat<1000x1xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<1000x50xf64>
  %H = matrix.matmul %Xt, %wX : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  %Xw = matrix.mul %X, %w : (!matrix.mat<1000x50xf64>, !matrix.mat<1000x1xf64>) -> !matrix.mat<1000x50xf64>
  %H2 = matrix.matmul %Xt, %Xw : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  %WX = matrix.mul %W, %X : !matrix.mat<1000x50xf64>
  %no1 = matrix.matmul %Xt, %WX : (!matrix.mat<50x1000xf64>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  %St = matrix.transpose %S : (!matrix.mat<1000x50xf64, nnz=100>) -> !matrix.mat<50x1000xf64, nnz=100>
  %wS = matrix.mul %w, %S : (!matrix.mat<1000x1xf64>, !matrix.mat<1000x50xf64, nnz=100>) -> !matrix.mat<1000x50xf64>
  %no2 = matrix.matmul %St, %wS : (!matrix.mat<50x1000xf64, nnz=100>, !matrix.mat<1000x50xf64>) -> !matrix.mat<50x50xf64>
  func.return %H, %H2, %no1, %no2 : !matrix.mat<50x50xf64>, !matrix.mat<50x50xf64>, !matrix.mat<50x50xf64>, !matrix.mat<50x50xf64>
}
