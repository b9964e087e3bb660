// amls-opt --explain: a readable plan per function instead of the IR, one line
// per op: id, op, input ids, ROWS COLS NNZ (exact facts, `?` unknown; a bound
// `<=N` where only a worst case is known), WC-NNZ (worst-case nnz), EST-NNZ (the
// estimator's average case), memory OUT / INTERM / TOTAL and the chosen FMT.
// Loops and ifs are nested blocks; a loop shows how many rounds its fixpoint
// took (a zero-trip loop is analysed like any loop); a value of unknown size has `unknown` memory; scalar
// constants show their value. --strict-whitespace pins the column layout.

// RUN: amls-opt %s --explain | filecheck %s --strict-whitespace
// RUN: amls-opt %s --explain --estimator metadata | filecheck %s --strict-whitespace --check-prefix=META
// RUN: amls-opt %s --explain -p size-inference | filecheck %s --check-prefix=INFERRED

// CHECK:      {{^}}# amls plan (estimator: MNCEstimator){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}func @main(%X: ?x?, %p: i1) -> (?x?){{$}}
// CHECK-NEXT: {{^}}   ID  OP                     INPUTS              ROWS    COLS       NNZ    WC-NNZ   EST-NNZ  OUT / INTERM / TOTAL               FMT{{$}}
// CHECK-NEXT: {{^}}    1  arith.constant                                                                         = 0                                scalar{{$}}
// CHECK-NEXT: {{^}}    2  arith.constant                                                                         = 1                                scalar{{$}}
// CHECK-NEXT: {{^}}    3  arith.constant                                                                         = 3                                scalar{{$}}
// CHECK-NEXT: {{^}}    4  arith.constant                                                                         = 1000                             scalar{{$}}
// CHECK-NEXT: {{^}}    5  arith.constant                                                                         = 10                               scalar{{$}}
// CHECK-NEXT: {{^}}    6  arith.constant                                                                         = 1                                scalar{{$}}
// CHECK-NEXT: {{^}}    7  matrix.rand            (4),(5)             1000      10       100       100       100  5.1 KB / 0 B / 5.1 KB              sparse{{$}}
// CHECK-NEXT: {{^}}    8  matrix.rand            (5),(6)               10       1         ?        10        10  80 B / 0 B / 96 B                  dense{{$}}
// CHECK-NEXT: {{^}}    9  scf.for                (1),(3),(2),(8)  -> [(9): ?x?]  (fixpoint in {{[0-9]+}} round(s)) {{[{]$}}
// CHECK-NEXT: {{^}}       body(%i: index, %acc: ?x?):{{$}}
// CHECK-NEXT: {{^}}     10  matrix.matmul          (7),%acc            1000       1         ?{{ +[0-9.e+]+ +[0-9.e+]+}}  {{[0-9.]+ [KMG]?B / [0-9.]+ [KMG]?B / [0-9.]+ [KMG]?B +(dense|sparse)$}}
// CHECK-NEXT: {{^}}     11  matrix.transpose       (7)                   10    1000       100       100       100  1.2 KB / 0 B / 6.3 KB              sparse{{$}}
// CHECK-NEXT: {{^}}     12  matrix.matmul          (11),(10)             10       1         ?        10{{ +[0-9.e+]+}}  80 B / 0 B / {{[0-9.]+ KB +}}dense{{$}}
// CHECK-NEXT: {{^}}     13  scf.yield              (12){{$}}
// CHECK-NEXT: {{^}}       }{{$}}
// CHECK-NEXT: {{^}}   14  scf.if                 %p               -> [(14): ?x?] {{[{]$}}
// CHECK-NEXT: {{^}}       then():{{$}}
// CHECK-NEXT: {{^}}     15  matrix.rbind           (9),(8)               20       1         ?        20{{ +[0-9.e+]+}}  160 B / 160 B / 480 B              dense{{$}}
// CHECK-NEXT: {{^}}     16  scf.yield              (15){{$}}
// CHECK-NEXT: {{^}}       else():{{$}}
// CHECK-NEXT: {{^}}     17  scf.yield              (9){{$}}
// CHECK-NEXT: {{^}}       }{{$}}
// CHECK-NEXT: {{^}}   18  matrix.matmul          %X,(14)                ?       1         ?         ?         ?  unknown / 0 B / unknown            unknown{{$}}
// CHECK-NEXT: {{^}}   19  func.return            (18){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}func @grow(%n: index) -> (?x?){{$}}
// CHECK-NEXT: {{^}}   ID  OP                     INPUTS              ROWS    COLS       NNZ    WC-NNZ   EST-NNZ  OUT / INTERM / TOTAL               FMT{{$}}
// CHECK:      {{^}}   24  matrix.rand            (22),(23)              4       1         4         4         4  32 B / 0 B / 48 B                  dense{{$}}
// CHECK-NEXT: {{^}}   25  scf.for                (20),%n,(21),(24) -> [(25): ?x?]  (fixpoint in 2 round(s)) {{[{]$}}
// CHECK-NEXT: {{^}}       body(%i: index, %acc: ?x?):{{$}}
// CHECK-NEXT: {{^}}     26  matrix.cbind           %acc,(24)              4       ?         ?         ?{{ +[0-9.e+?]+}}  unknown / unknown / unknown        unknown{{$}}
// CHECK-NEXT: {{^}}     27  scf.yield              (26){{$}}
// CHECK-NEXT: {{^}}       }{{$}}
// CHECK-NEXT: {{^}}   28  scf.for                (20),(20),(21),(24) -> [(28): ?x?]  (fixpoint in 1 round(s)) {{[{]$}}
// CHECK-NEXT: {{^}}       body(%i: index, %acc: ?x?):{{$}}
// CHECK-NEXT: {{^}}     29  matrix.cbind           %acc,(24)              4       2         8         8         8  64 B / 64 B / 192 B                dense{{$}}
// CHECK-NEXT: {{^}}     30  scf.yield              %acc{{$}}
// CHECK-NEXT: {{^}}       }{{$}}
// CHECK-NEXT: {{^}}   31  call @ext              (25),(21)              ?       ?         ?         ?         ?  unknown / 0 B / unknown            unknown{{$}}
// CHECK-NEXT: {{^}}   32  func.return            (25){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}func @bounds(%r: i64) -> (){{$}}
// CHECK-NEXT: {{^}}   ID  OP                     INPUTS              ROWS    COLS       NNZ    WC-NNZ   EST-NNZ  OUT / INTERM / TOTAL               FMT{{$}}
// CHECK-NEXT: {{^}}   33  arith.constant                                                                         = 0                                scalar{{$}}
// CHECK-NEXT: {{^}}   34  arith.constant                                                                         = 6                                scalar{{$}}
// CHECK-NEXT: {{^}}   35  matrix.rand            (34),(34)              6       6        18        18        18  288 B / 0 B / 304 B                dense{{$}}
// CHECK-NEXT: {{^}}   36  matrix.slice           (35),(33),%r,(33),(34)     <=6       6         ?        18{{ +[0-9.e+]+}}  288 B / 0 B / 608 B                dense{{$}}
// CHECK-NEXT: {{^}}   37  func.return{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}func @ext({{.*}}) -> (?x?){{$}}
// CHECK-NEXT: {{^}}  (external){{$}}
// The plan replaces the IR: no IR is printed.
// CHECK-NOT:  builtin.module
// CHECK-NOT:  func.func

// The metadata estimator: same layout, its own header and estimates; exact facts
// and worst cases do not depend on the estimator.
// META:      {{^}}# amls plan (estimator: MetadataEstimator){{$}}
// META:      {{^}}    7  matrix.rand            (4),(5)             1000      10       100       100       100  5.1 KB / 0 B / 5.1 KB              sparse{{$}}
// META:      {{^}}     12  matrix.matmul          (11),(10)             10       1         ?        10{{ +[0-9.e+]+}}  80 B / 0 B / {{[0-9.]+ KB +}}dense{{$}}

// After size-inference the region ops' result types show the inferred facts.
// INFERRED: func @main(%X: ?x?, %p: i1) -> (?x1)
// INFERRED: scf.for {{.*}} -> [(9): 10x1]  (fixpoint in {{[0-9]+}} round(s)) {
// INFERRED: scf.if {{.*}} -> [(14): ?x1] {

func.func @main(%X: !matrix.mat<?x?xf64>, %p: i1) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 1000 : i64
  %m = arith.constant 10 : i64
  %one = arith.constant 1 : i64
  %A = matrix.rand %n, %m {min = 1.0, max = 2.0, sparsity = 0.01, seed = 1} : (i64, i64) -> !matrix.mat<?x?xf64>
  %w = matrix.rand %m, %one {seed = 2} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %w) -> (!matrix.mat<?x?xf64>) {
    %g = matrix.matmul %A, %acc : !matrix.mat<?x?xf64>
    %t = matrix.transpose %A : !matrix.mat<?x?xf64>
    %h = matrix.matmul %t, %g : !matrix.mat<?x?xf64>
    scf.yield %h : !matrix.mat<?x?xf64>
  }
  %s = scf.if %p -> (!matrix.mat<?x?xf64>) {
    %b = matrix.rbind %r, %w : !matrix.mat<?x?xf64>
    scf.yield %b : !matrix.mat<?x?xf64>
  } else {
    scf.yield %r : !matrix.mat<?x?xf64>
  }
  %y = matrix.matmul %X, %s : !matrix.mat<?x?xf64>
  func.return %y : !matrix.mat<?x?xf64>
}
func.func @grow(%n: index) -> !matrix.mat<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i4 = arith.constant 4 : i64
  %i1 = arith.constant 1 : i64
  %v = matrix.rand %i4, %i1 {min = 1.0, max = 2.0, seed = 3} : (i64, i64) -> !matrix.mat<?x?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (!matrix.mat<?x?xf64>) {
    %b = matrix.cbind %acc, %v : !matrix.mat<?x?xf64>
    scf.yield %b : !matrix.mat<?x?xf64>
  }
  %z = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %v) -> (!matrix.mat<?x?xf64>) {
    %b = matrix.cbind %acc, %v : !matrix.mat<?x?xf64>
    scf.yield %acc : !matrix.mat<?x?xf64>
  }
  %c = func.call @ext(%r, %c1) : (!matrix.mat<?x?xf64>, index) -> !matrix.mat<?x?xf64>
  func.return %r : !matrix.mat<?x?xf64>
}
func.func @bounds(%r: i64) {
  %c0 = arith.constant 0 : i64
  %c6 = arith.constant 6 : i64
  %X = matrix.rand %c6, %c6 {min = 1.0, max = 2.0, sparsity = 0.5, seed = 4} : (i64, i64) -> !matrix.mat<?x?xf64>
  %S = matrix.slice %X, %c0, %r, %c0, %c6 : (!matrix.mat<?x?xf64>, i64, i64, i64, i64) -> !matrix.mat<?x?xf64>
  func.return
}
func.func private @ext(!matrix.mat<?x?xf64>, index) -> !matrix.mat<?x?xf64>
