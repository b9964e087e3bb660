// amls-opt --arg-type NAME=TYPE [{FACTS}] plans the entry function for argument types
// the user gives (as amls-run plans for the data it loads): --explain then shows real
// sizes and real local/dist decisions instead of `?` and "recompiled at run time".

// RUN: amls-opt %s -p 'size-inference,rewrite-fixpoint,lower-to-phys{memory-budget=100000 workers=2}' --explain | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN:      func @main(%X: ?x?, %y: ?x1) -> (?x1)
// UNKNOWN:      DIST {{.*}}recompiled at run time

// RUN: amls-opt %s -p 'size-inference,rewrite-fixpoint,lower-to-phys{memory-budget=100000 workers=2}' --explain --arg-type X=100x10 --arg-type '%y=!matrix.mat<100x1xf64>' | filecheck %s --check-prefix=SMALL
// SMALL:        func @main(%X: 100x10, %y: 100x1) -> (10x1)
// SMALL-NOT:    recompiled at run time
// SMALL:        phys.tmm               %X,%y                 10       1 {{.*}} | LOCAL               [mem {{.*}} <= budget 97.7 KB
// SMALL-NOT:    DIST
// SMALL:        func @id(

// RUN: amls-opt %s -p 'size-inference,rewrite-fixpoint,lower-to-phys{memory-budget=100000 workers=2}' --explain --arg-type 'X=100000x10,nnz=500000' --arg-type 'y=100000x1 {finite}' | filecheck %s --check-prefix=BIG
// BIG:          func @main(%X: 100000x10 nnz=500000, %y: 100000x1 {matrix.finite}) -> (10x1)
// BIG-NOT:      recompiled at run time
// BIG:          | DIST  {{[a-z_]+}}  {{.*}}[mem {{.*}} > budget 97.7 KB
// BIG-NOT:      recompiled at run time
// BIG:          func @id(

// The -O2 pipeline, printed: the argument types and facts are in the IR, and it re-parses.
// RUN: amls-opt %s -O2 --arg-type X=100x10 --arg-type 'y=? x 1 {absmax = 0.5}' | filecheck %s --check-prefix=IR
// RUN: amls-opt %s -O2 --arg-type X=100x10 --arg-type 'y=?x1 {absmax = 0.5}' | amls-opt | filecheck %s --check-prefix=IR
// IR:           func.func @main(%X: !matrix.mat<100x10xf64>, %y: !matrix.mat<?x1xf64> {matrix.absmax = 5.000000e-01 : f64}) -> !matrix.mat<10x1xf64> attributes {phys.recompile}

// Without a pipeline the specialised function is printed as is: uses that need the
// declared type (here the call) read it through a matrix.cast.
// RUN: amls-opt %s --entry twice --arg-type X=3x2 | filecheck %s --check-prefix=CAST
// CAST-LABEL:   func.func @twice(%X: !matrix.mat<3x2xf64>) -> !matrix.mat<?x?xf64> {
// CAST-NEXT:      %0 = matrix.cast %X : (!matrix.mat<3x2xf64>) -> !matrix.mat<?x?xf64>
// CAST-NEXT:      %n = matrix.neg %X : (!matrix.mat<3x2xf64>) -> !matrix.mat<?x?xf64>
// CAST-NEXT:      %r = func.call @id(%0) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>

// Errors: one line each, exit 2 (a usage error), no output.
// RUN: not amls-opt %s --arg-type Z=3x3 2>&1 | filecheck %s --check-prefix=NONAME
// NONAME:       amls-opt: error: --arg-type Z: @main has no argument %Z (arguments: %X, %y)
// RUN: not amls-opt %s --arg-type X=3x3 --arg-type X=4x4 2>&1 | filecheck %s --check-prefix=TWICE
// TWICE:        amls-opt: error: --arg-type X given twice
// RUN: not amls-opt %s --arg-type X 2>&1 | filecheck %s --check-prefix=MALFORMED
// MALFORMED:    amls-opt: error: malformed --arg-type 'X': expected NAME=TYPE [{FACTS}]
// RUN: not amls-opt %s --arg-type X=3by2 2>&1 | filecheck %s --check-prefix=NOTYPE
// NOTYPE:       amls-opt: error: --arg-type X: cannot parse type '3by2': type expected
// RUN: not amls-opt %s --arg-type 'X=!matrix.mat<3x' 2>&1 | filecheck %s --check-prefix=BADTYPE
// BADTYPE:      amls-opt: error: --arg-type X: cannot parse type '!matrix.mat<3x': Expected shape type.
// RUN: not amls-opt %s --arg-type 'X=3x2,nnz=7' 2>&1 | filecheck %s --check-prefix=NNZ
// NNZ:          amls-opt: error: --arg-type X: bad type '3x2,nnz=7': !matrix.mat nnz=7 exceeds 3x2 cells
// RUN: not amls-opt %s --arg-type y=5x2 2>&1 | filecheck %s --check-prefix=CONTRA
// CONTRA:       amls-opt: error: --arg-type y: !matrix.mat<5x2xf64> contradicts the declared type !matrix.mat<?x1xf64> (cols 2 != 1)
// RUN: not amls-opt %s --entry twice --arg-type X=f64 2>&1 | filecheck %s --check-prefix=KIND
// KIND:         amls-opt: error: --arg-type X: f64 contradicts the declared type !matrix.mat<?x?xf64>
// RUN: not amls-opt %s --arg-type 'X=3x2 {positive}' 2>&1 | filecheck %s --check-prefix=FACT
// FACT:         amls-opt: error: --arg-type X: unknown fact 'positive' (facts: matrix.finite, matrix.absmax = B)
// RUN: not amls-opt %s --arg-type 'X=3x2 {absmax = -1.0}' 2>&1 | filecheck %s --check-prefix=NEG
// NEG:          amls-opt: error: --arg-type X: matrix.absmax must be a finite number >= 0 (e.g. {matrix.absmax = 1.0 : f64}), got -1.000000e+00 : f64
// RUN: not amls-opt %s --arg-type 'X=3x2 {absmax = 1e300}' 2>&1 | filecheck %s --check-prefix=EXPONENT
// EXPONENT:     amls-opt: error: --arg-type X: cannot parse facts '{absmax = 1e300}': a float literal needs a '.' before its exponent: write 1.0e300
// RUN: not amls-opt %s --entry nope --arg-type X=3x2 2>&1 | filecheck %s --check-prefix=NOENTRY
// NOENTRY:      amls-opt: error: --arg-type: no function @nope with a body (choose one with --entry)
// RUN: not amls-opt %s --split-input-file --verify-diagnostics --arg-type Z=3x3 2>&1 | filecheck %s --check-prefix=NONAME
// A type the program provably contradicts is the program's located error (once size
// inference has carried the sizes to the op).
// RUN: not amls-opt %s -O1 --arg-type X=3x2 --arg-type y=4x1 2>&1 | filecheck %s --check-prefix=VERIFY
// VERIFY:       opt_arg_type.mlir:[[# @LINE + 3]]:3: error: matrix.matmul: matmul inner dimensions differ: 2x3 %*% 4x1
func.func @main(%X: !matrix.mat<?x?xf64>, %y: !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64> {
  %Xt = matrix.transpose %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %b = matrix.matmul %Xt, %y : (!matrix.mat<?x?xf64>, !matrix.mat<?x1xf64>) -> !matrix.mat<?x1xf64>
  func.return %b : !matrix.mat<?x1xf64>
}

func.func @id(%A: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  func.return %A : !matrix.mat<?x?xf64>
}

func.func @twice(%X: !matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64> {
  %n = matrix.neg %X : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %r = func.call @id(%X) : (!matrix.mat<?x?xf64>) -> !matrix.mat<?x?xf64>
  %s = matrix.add %n, %r : !matrix.mat<?x?xf64>
  func.return %s : !matrix.mat<?x?xf64>
}
