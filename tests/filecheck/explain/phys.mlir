// --explain after lowering: each op's execution type and method, and the numbers
// that drove the choice (memory estimate against the budget; the predicted time and
// bytes moved of every dist matmul method); data movement shows as MOVE.

// RUN: amls-opt %s -p 'lower-to-phys{memory-budget=100000 workers=2},phys-opt' --explain | filecheck %s
// RUN: amls-opt %s -p 'lower-to-phys{dist=false}' --explain | filecheck %s --check-prefix=LOCAL

// CHECK:      func @budget(%X: 100000x100, %v: 100x1, %A: 2000x2000, %B: 2000x2000)
// CHECK:      phys.distribute  {{.*}} %X {{.*}} | MOVE
// CHECK-NEXT: phys.broadcast   {{.*}} %v {{.*}} | MOVE
// CHECK-NEXT: phys.matmul {{.*}} 77.1 MB {{.*}} | DIST  mapmm_right   [mem 77.1 MB > budget 97.7 KB; cost mapmm_right {{.*}}ms/800 B, {{.*}}cpmm {{.*}}, rmm {{.*}}]
// CHECK-NEXT: phys.exp {{.*}} | DIST                [mem 1.5 MB > budget 97.7 KB]
// CHECK:      phys.matmul {{.*}} | DIST  {{cpmm|rmm}} {{.*}} [mem 91.6 MB > budget 97.7 KB; cost {{.*}}]
// CHECK-NOT:  mapmm
// CHECK:      phys.collect
// LOCAL:      phys.matmul {{.*}} | LOCAL mm            [mem 77.1 MB; no cluster: local]
func.func @budget(%X: !matrix.mat<100000x100xf64>, %v: !matrix.mat<100x1xf64>, %A: !matrix.mat<2000x2000xf64>, %B: !matrix.mat<2000x2000xf64>) -> (!matrix.mat<100000x1xf64>, !matrix.mat<2000x2000xf64>) {
  %y = matrix.matmul %X, %v : (!matrix.mat<100000x100xf64>, !matrix.mat<100x1xf64>) -> !matrix.mat<100000x1xf64>
  %e = matrix.exp %y : !matrix.mat<100000x1xf64>
  %C = matrix.matmul %A, %B : !matrix.mat<2000x2000xf64>
  func.return %e, %C : !matrix.mat<100000x1xf64>, !matrix.mat<2000x2000xf64>
}
