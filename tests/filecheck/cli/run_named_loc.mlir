// RUN: sh -c 'amls-run %s --arg X=%inputs/X_3x2.npy -O0 2>&1; echo "exit=$?"' | filecheck %s
// RUN: sh -c 'amls-run %s --arg X=%inputs/X_3x2.npy -O2 2>&1; echo "exit=$?"' | filecheck %s
// An op with an MLIR named location, loc("name"(file:line:col)), is reported by that
// name: how a frontend names its own constructs. The file location is the wrapped one.
func.func @main(%X: !matrix.mat<?x?xf64>) -> f64 {
  %s = matrix.to_scalar %X : (!matrix.mat<?x?xf64>) -> f64 loc("as.scalar"("script.dml":4:2))
  func.return %s : f64
}
// CHECK: script.dml:4:2: error: as.scalar: expects a 1x1 matrix, got 3x2{{$}}
// CHECK-NEXT: exit=1
