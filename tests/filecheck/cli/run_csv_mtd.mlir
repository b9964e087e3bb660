// --arg X=FILE.csv reads SystemDS's metadata beside the file (FILE.csv.mtd), as DML's
// read() does: its separator and header, and the dims it states must be the data's.
// RUN: amls-run %s --arg X=%inputs/hdr_semi.csv | filecheck %s --check-prefix=OK
// RUN: not amls-run %s --arg X=%inputs/dims_wrong.csv 2>&1 | filecheck %s --check-prefix=DIMS
// OK: result_0 : f64 = 10.0
// DIMS: amls-run: error: --arg X: '{{.*}}dims_wrong.csv' holds 2 rows, its .mtd states 3
func.func @main(%X: !matrix.mat<?x?xf64>) -> f64 {
  %s = matrix.reduce sum all %X : (!matrix.mat<?x?xf64>) -> f64
  func.return %s : f64
}
