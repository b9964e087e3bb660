// Numbers before and after simplify-static: each function below is a seeded
// (deterministic) program for one rule, @main runs them all, once as written and
// once rewritten, both at -O0, and both must print the same values (where the
// last digits depend on the evaluation order, a regex stands for them). TRACE
// checks that each rule did fire where it should. One program for all rules
// keeps the suite fast (amls-run starts once per run, not once per rule).
//
// RUN: amls-opt %s -p simplify-static --rewrite-trace -o %t.mlir 2>&1 | filecheck %s --check-prefix=TRACE
// RUN: amls-run %s -O0 | filecheck %s --check-prefix=NUM
// RUN: amls-run %t.mlir -O0 | filecheck %s --check-prefix=NUM

// agg-of-agg:
// The eight forms on X = round(rand) 6x5, then on E = 4x0, as two 1x8 rows.
// NUM:      result_0 : !matrix.mat<1x8xf64> = 1x8 dense matrix, nnz=8, sum=330.0, min=-4.0, max=143.0
// NUM-NEXT:   [21.0, 21.0, -4.0, -4.0, 5.0, 5.0, 143.0, 143.0]
// NUM-NEXT: result_1 : !matrix.mat<1x8xf64> = 1x8 dense matrix, nnz=4, sum=nan, min=-inf, max=inf
// NUM-NEXT:   [0.0, 0.0, inf, inf, -inf, -inf, 0.0, 0.0]
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 27]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 29]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 31]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 33]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 35]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 37]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 39]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 42]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 44]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 46]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 48]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 50]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 52]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 54]]:3
// TRACE:       rewrite: agg-of-agg at {{.*}}numerics.mlir:[[# @LINE + 56]]:3
func.func @num_agg_of_agg() -> (!matrix.mat<1x8xf64>, !matrix.mat<1x8xf64>) {
  %r = arith.constant 6 : i64
  %c = arith.constant 5 : i64
  %r4 = arith.constant 4 : i64
  %c0 = arith.constant 0 : i64
  %R = matrix.rand %r, %c {min = -5.0, max = 5.0, sparsity = 0.6, seed = 4} : (i64, i64) -> !matrix.mat<6x5xf64>
  %X = matrix.round %R : !matrix.mat<6x5xf64>
  %E = matrix.rand %r4, %c0 : (i64, i64) -> !matrix.mat<4x0xf64>
  %iX_sum_sum_row = matrix.reduce sum row %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<6x1xf64>
  %X_sum_sum_row = matrix.reduce sum all %iX_sum_sum_row : (!matrix.mat<6x1xf64>) -> f64
  %mX_sum_sum_row = matrix.from_scalar %X_sum_sum_row : (f64) -> !matrix.mat<1x1xf64>
  %iX_sum_sum_col = matrix.reduce sum col %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<1x5xf64>
  %X_sum_sum_col = matrix.reduce sum all %iX_sum_sum_col : (!matrix.mat<1x5xf64>) -> f64
  %mX_sum_sum_col = matrix.from_scalar %X_sum_sum_col : (f64) -> !matrix.mat<1x1xf64>
  %iX_min_min_row = matrix.reduce min row %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<6x1xf64>
  %X_min_min_row = matrix.reduce min all %iX_min_min_row : (!matrix.mat<6x1xf64>) -> f64
  %mX_min_min_row = matrix.from_scalar %X_min_min_row : (f64) -> !matrix.mat<1x1xf64>
  %iX_min_min_col = matrix.reduce min col %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<1x5xf64>
  %X_min_min_col = matrix.reduce min all %iX_min_min_col : (!matrix.mat<1x5xf64>) -> f64
  %mX_min_min_col = matrix.from_scalar %X_min_min_col : (f64) -> !matrix.mat<1x1xf64>
  %iX_max_max_row = matrix.reduce max row %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<6x1xf64>
  %X_max_max_row = matrix.reduce max all %iX_max_max_row : (!matrix.mat<6x1xf64>) -> f64
  %mX_max_max_row = matrix.from_scalar %X_max_max_row : (f64) -> !matrix.mat<1x1xf64>
  %iX_max_max_col = matrix.reduce max col %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<1x5xf64>
  %X_max_max_col = matrix.reduce max all %iX_max_max_col : (!matrix.mat<1x5xf64>) -> f64
  %mX_max_max_col = matrix.from_scalar %X_max_max_col : (f64) -> !matrix.mat<1x1xf64>
  %iX_sum_sumsq_row = matrix.reduce sumsq row %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<6x1xf64>
  %X_sum_sumsq_row = matrix.reduce sum all %iX_sum_sumsq_row : (!matrix.mat<6x1xf64>) -> f64
  %mX_sum_sumsq_row = matrix.from_scalar %X_sum_sumsq_row : (f64) -> !matrix.mat<1x1xf64>
  %iX_sum_sumsq_col = matrix.reduce sumsq col %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<1x5xf64>
  %X_sum_sumsq_col = matrix.reduce sum all %iX_sum_sumsq_col : (!matrix.mat<1x5xf64>) -> f64
  %mX_sum_sumsq_col = matrix.from_scalar %X_sum_sumsq_col : (f64) -> !matrix.mat<1x1xf64>
  %rowX = matrix.cbind %mX_sum_sum_row, %mX_sum_sum_col, %mX_min_min_row, %mX_min_min_col, %mX_max_max_row, %mX_max_max_col, %mX_sum_sumsq_row, %mX_sum_sumsq_col : (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<1x8xf64>
  %iE_sum_sum_row = matrix.reduce sum row %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<4x1xf64>
  %E_sum_sum_row = matrix.reduce sum all %iE_sum_sum_row : (!matrix.mat<4x1xf64>) -> f64
  %mE_sum_sum_row = matrix.from_scalar %E_sum_sum_row : (f64) -> !matrix.mat<1x1xf64>
  %iE_sum_sum_col = matrix.reduce sum col %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<1x0xf64>
  %E_sum_sum_col = matrix.reduce sum all %iE_sum_sum_col : (!matrix.mat<1x0xf64>) -> f64
  %mE_sum_sum_col = matrix.from_scalar %E_sum_sum_col : (f64) -> !matrix.mat<1x1xf64>
  %iE_min_min_row = matrix.reduce min row %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<4x1xf64>
  %E_min_min_row = matrix.reduce min all %iE_min_min_row : (!matrix.mat<4x1xf64>) -> f64
  %mE_min_min_row = matrix.from_scalar %E_min_min_row : (f64) -> !matrix.mat<1x1xf64>
  %iE_min_min_col = matrix.reduce min col %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<1x0xf64>
  %E_min_min_col = matrix.reduce min all %iE_min_min_col : (!matrix.mat<1x0xf64>) -> f64
  %mE_min_min_col = matrix.from_scalar %E_min_min_col : (f64) -> !matrix.mat<1x1xf64>
  %iE_max_max_row = matrix.reduce max row %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<4x1xf64>
  %E_max_max_row = matrix.reduce max all %iE_max_max_row : (!matrix.mat<4x1xf64>) -> f64
  %mE_max_max_row = matrix.from_scalar %E_max_max_row : (f64) -> !matrix.mat<1x1xf64>
  %iE_max_max_col = matrix.reduce max col %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<1x0xf64>
  %E_max_max_col = matrix.reduce max all %iE_max_max_col : (!matrix.mat<1x0xf64>) -> f64
  %mE_max_max_col = matrix.from_scalar %E_max_max_col : (f64) -> !matrix.mat<1x1xf64>
  %iE_sum_sumsq_row = matrix.reduce sumsq row %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<4x1xf64>
  %E_sum_sumsq_row = matrix.reduce sum all %iE_sum_sumsq_row : (!matrix.mat<4x1xf64>) -> f64
  %mE_sum_sumsq_row = matrix.from_scalar %E_sum_sumsq_row : (f64) -> !matrix.mat<1x1xf64>
  %iE_sum_sumsq_col = matrix.reduce sumsq col %E : (!matrix.mat<4x0xf64>) -> !matrix.mat<1x0xf64>
  %E_sum_sumsq_col = matrix.reduce sum all %iE_sum_sumsq_col : (!matrix.mat<1x0xf64>) -> f64
  %mE_sum_sumsq_col = matrix.from_scalar %E_sum_sumsq_col : (f64) -> !matrix.mat<1x1xf64>
  %rowE = matrix.cbind %mE_sum_sum_row, %mE_sum_sum_col, %mE_min_min_row, %mE_min_min_col, %mE_max_max_row, %mE_max_max_col, %mE_sum_sumsq_row, %mE_sum_sumsq_col : (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<1x8xf64>
  func.return %rowX, %rowE : !matrix.mat<1x8xf64>, !matrix.mat<1x8xf64>
}

// agg-of-transpose:
// sum, mean, min, max, sumsq of t(X), X = round(rand) 6x5.
// NUM-NEXT: result_2 : f64 = 22.0
// NUM-NEXT: result_3 : f64 = 0.7333333333333333
// NUM-NEXT: result_4 : f64 = -5.0
// NUM-NEXT: result_5 : f64 = 5.0
// NUM-NEXT: result_6 : f64 = 200.0
// TRACE:       rewrite: agg-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 11]]:3
// TRACE:       rewrite: agg-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 11]]:3
func.func @num_agg_of_transpose() -> (f64, f64, f64, f64, f64) {
  %r = arith.constant 6 : i64
  %c = arith.constant 5 : i64
  %R = matrix.rand %r, %c {min = -5.0, max = 5.0, sparsity = 0.6, seed = 9} : (i64, i64) -> !matrix.mat<6x5xf64>
  %X = matrix.round %R : !matrix.mat<6x5xf64>
  %t = matrix.transpose %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<5x6xf64>
  %sum = matrix.reduce sum all %t : (!matrix.mat<5x6xf64>) -> f64
  %mean = matrix.reduce mean all %t : (!matrix.mat<5x6xf64>) -> f64
  %min = matrix.reduce min all %t : (!matrix.mat<5x6xf64>) -> f64
  %max = matrix.reduce max all %t : (!matrix.mat<5x6xf64>) -> f64
  %sumsq = matrix.reduce sumsq all %t : (!matrix.mat<5x6xf64>) -> f64
  func.return %sum, %mean, %min, %max, %sumsq : f64, f64, f64, f64, f64
}

// and-not-self:
// P and not(P), P or not(P) for P = (log(X) > -1.35), X a 7x5 rand of sparsity 0.5
// (the zero fill may come out sparse).
// (log(0) is -Inf, so not(P) is not provably a comparison of finite values; with P = (X > 0.3),
// X finite, not-over-compare turns not(P) into X <= 0.3 first and and-not-self no longer matches.)
// NUM-NEXT: result_7 : !matrix.mat<7x5xf64> = 7x5 {{dense|sparse}} matrix, nnz=0, sum=0.0, min=0.0, max=0.0
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 0.0, 0.0, 0.0]
// NUM-NEXT: result_8 : !matrix.mat<7x5xf64> = 7x5 dense matrix, nnz=35, sum=35.0, min=1.0, max=1.0
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// NUM-NEXT:   [1.0, 1.0, 1.0, 1.0, 1.0]
// TRACE:       rewrite: and-not-self at {{.*}}numerics.mlir:[[# @LINE + 10]]:3
// TRACE:       rewrite: and-not-self at {{.*}}numerics.mlir:[[# @LINE + 10]]:3
func.func @num_and_not_self() -> (!matrix.mat<7x5xf64>, !matrix.mat<7x5xf64>) {
  %r = arith.constant 7 : i64
  %c = arith.constant 5 : i64
  %X = matrix.rand %r, %c {sparsity = 0.5, seed = 81} : (i64, i64) -> !matrix.mat<7x5xf64>
  %t = arith.constant -1.35 : f64
  %E = matrix.log %X : !matrix.mat<7x5xf64>
  %P = matrix.gt %E, %t : (!matrix.mat<7x5xf64>, f64) -> !matrix.mat<7x5xf64>
  %N = matrix.not %P : !matrix.mat<7x5xf64>
  %a = matrix.and %P, %N : !matrix.mat<7x5xf64>
  %o = matrix.or %N, %P : !matrix.mat<7x5xf64>
  func.return %a, %o : !matrix.mat<7x5xf64>, !matrix.mat<7x5xf64>
}

// compare-chain:
// For each comparison: the number of ones of (A cmp B)==0, A and B 20x10 rands of
// sparsity 0.5 (so with ties at 0), as a 1x6 row.
// NUM-NEXT: result_9 : !matrix.mat<1x6xf64> = 1x6 dense matrix, nnz=6, sum=600.0, min=47.0, max=153.0
// NUM-NEXT:   [153.0, 47.0, 121.0, 74.0, 126.0, 79.0]
// TRACE:       rewrite: compare-chain at {{.*}}numerics.mlir:[[# @LINE + 13]]:3
// TRACE:       rewrite: compare-chain at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: compare-chain at {{.*}}numerics.mlir:[[# @LINE + 19]]:3
// TRACE:       rewrite: compare-chain at {{.*}}numerics.mlir:[[# @LINE + 22]]:3
// TRACE:       rewrite: compare-chain at {{.*}}numerics.mlir:[[# @LINE + 25]]:3
// TRACE:       rewrite: compare-chain at {{.*}}numerics.mlir:[[# @LINE + 28]]:3
func.func @num_compare_chain() -> !matrix.mat<1x6xf64> {
  %n = arith.constant 20 : i64
  %k = arith.constant 10 : i64
  %A = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5, seed = 61} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5, seed = 62} : (i64, i64) -> !matrix.mat<20x10xf64>
  %zero = arith.constant 0.0 : f64
  %p_eq = matrix.eq %A, %B : !matrix.mat<20x10xf64>
  %r_eq = matrix.eq %p_eq, %zero : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s_eq = matrix.reduce sum all %r_eq : (!matrix.mat<20x10xf64>) -> f64
  %m_eq = matrix.from_scalar %s_eq : (f64) -> !matrix.mat<1x1xf64>
  %p_ne = matrix.ne %A, %B : !matrix.mat<20x10xf64>
  %r_ne = matrix.eq %p_ne, %zero : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s_ne = matrix.reduce sum all %r_ne : (!matrix.mat<20x10xf64>) -> f64
  %m_ne = matrix.from_scalar %s_ne : (f64) -> !matrix.mat<1x1xf64>
  %p_lt = matrix.lt %A, %B : !matrix.mat<20x10xf64>
  %r_lt = matrix.eq %p_lt, %zero : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s_lt = matrix.reduce sum all %r_lt : (!matrix.mat<20x10xf64>) -> f64
  %m_lt = matrix.from_scalar %s_lt : (f64) -> !matrix.mat<1x1xf64>
  %p_le = matrix.le %A, %B : !matrix.mat<20x10xf64>
  %r_le = matrix.eq %p_le, %zero : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s_le = matrix.reduce sum all %r_le : (!matrix.mat<20x10xf64>) -> f64
  %m_le = matrix.from_scalar %s_le : (f64) -> !matrix.mat<1x1xf64>
  %p_gt = matrix.gt %A, %B : !matrix.mat<20x10xf64>
  %r_gt = matrix.eq %p_gt, %zero : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s_gt = matrix.reduce sum all %r_gt : (!matrix.mat<20x10xf64>) -> f64
  %m_gt = matrix.from_scalar %s_gt : (f64) -> !matrix.mat<1x1xf64>
  %p_ge = matrix.ge %A, %B : !matrix.mat<20x10xf64>
  %r_ge = matrix.eq %p_ge, %zero : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s_ge = matrix.reduce sum all %r_ge : (!matrix.mat<20x10xf64>) -> f64
  %m_ge = matrix.from_scalar %s_ge : (f64) -> !matrix.mat<1x1xf64>
  %row = matrix.cbind %m_eq, %m_ne, %m_lt, %m_le, %m_gt, %m_ge : (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<1x6xf64>
  func.return %row : !matrix.mat<1x6xf64>
}

// distribute-add:
// X + Y*X and X*Y + X on seeded data, summed (last digits depend on the order).
// NUM-NEXT: result_10 : f64 = -23.75857105774{{[0-9]*}}
// NUM-NEXT: result_11 : f64 = -23.75857105774{{[0-9]*}}
// TRACE:       rewrite: distribute-add at {{.*}}numerics.mlir:[[# @LINE + 8]]:3
// TRACE:       rewrite: distribute-add at {{.*}}numerics.mlir:[[# @LINE + 9]]:3
func.func @num_distribute_add() -> (f64, f64) {
  %r = arith.constant 30 : i64
  %k = arith.constant 20 : i64
  %X = matrix.rand %r, %k {min = -2.0, max = 2.0, seed = 21} : (i64, i64) -> !matrix.mat<30x20xf64>
  %Y = matrix.rand %r, %k {min = -2.0, max = 2.0, sparsity = 0.3, seed = 22} : (i64, i64) -> !matrix.mat<30x20xf64>
  %p = matrix.mul %Y, %X : !matrix.mat<30x20xf64>
  %a = matrix.add %X, %p : !matrix.mat<30x20xf64>
  %q = matrix.mul %X, %Y : !matrix.mat<30x20xf64>
  %b = matrix.add %q, %X : !matrix.mat<30x20xf64>
  %sa = matrix.reduce sum all %a : (!matrix.mat<30x20xf64>) -> f64
  %sb = matrix.reduce sum all %b : (!matrix.mat<30x20xf64>) -> f64
  func.return %sa, %sb : f64, f64
}

// distribute-sub:
// X - Y*X and Y*X - X on seeded data, summed.
// (The last digits depend on the evaluation order.)
// NUM-NEXT: result_12 : f64 = -32.42177665619{{[0-9]*}}
// NUM-NEXT: result_13 : f64 = 32.42177665619{{[0-9]*}}
// TRACE:       rewrite: distribute-sub at {{.*}}numerics.mlir:[[# @LINE + 8]]:3
// TRACE:       rewrite: distribute-sub at {{.*}}numerics.mlir:[[# @LINE + 8]]:3
func.func @num_distribute_sub() -> (f64, f64) {
  %r = arith.constant 30 : i64
  %k = arith.constant 20 : i64
  %X = matrix.rand %r, %k {min = -2.0, max = 2.0, seed = 11} : (i64, i64) -> !matrix.mat<30x20xf64>
  %Y = matrix.rand %r, %k {min = -2.0, max = 2.0, sparsity = 0.3, seed = 12} : (i64, i64) -> !matrix.mat<30x20xf64>
  %p = matrix.mul %Y, %X : !matrix.mat<30x20xf64>
  %a = matrix.sub %X, %p : !matrix.mat<30x20xf64>
  %b = matrix.sub %p, %X : !matrix.mat<30x20xf64>
  %sa = matrix.reduce sum all %a : (!matrix.mat<30x20xf64>) -> f64
  %sb = matrix.reduce sum all %b : (!matrix.mat<30x20xf64>) -> f64
  func.return %sa, %sb : f64, f64
}

// mul-self:
// X*X summed over a 40x30 rand (30% dense), and its max.
// NUM-NEXT: result_14 : f64 = 1019.9240301693706
// NUM-NEXT: result_15 : f64 = 8.966147091158254
// TRACE:       rewrite: mul-self at {{.*}}numerics.mlir:[[# @LINE + 5]]:3
func.func @num_mul_self() -> (f64, f64) {
  %n = arith.constant 40 : i64
  %k = arith.constant 30 : i64
  %X = matrix.rand %n, %k {min = -3.0, max = 3.0, sparsity = 0.3, seed = 7} : (i64, i64) -> !matrix.mat<40x30xf64>
  %a = matrix.mul %X, %X : !matrix.mat<40x30xf64>
  %s = matrix.reduce sum all %a : (!matrix.mat<40x30xf64>) -> f64
  %m = matrix.reduce max all %a : (!matrix.mat<40x30xf64>) -> f64
  func.return %s, %m : f64, f64
}

// not-over-compare:
// For each comparison: the number of ones of not(A cmp B), A and B 20x10 rands of
// sparsity 0.5 (ties at 0), as a 1x6 row.
// NUM-NEXT: result_16 : !matrix.mat<1x6xf64> = 1x6 dense matrix, nnz=6, sum=600.0, min=51.0, max=149.0
// NUM-NEXT:   [127.0, 124.0, 149.0, 76.0, 73.0, 51.0]
// TRACE:       rewrite: not-over-compare at {{.*}}numerics.mlir:[[# @LINE + 12]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}numerics.mlir:[[# @LINE + 15]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}numerics.mlir:[[# @LINE + 18]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}numerics.mlir:[[# @LINE + 21]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}numerics.mlir:[[# @LINE + 24]]:3
// TRACE:       rewrite: not-over-compare at {{.*}}numerics.mlir:[[# @LINE + 27]]:3
func.func @num_not_over_compare() -> !matrix.mat<1x6xf64> {
  %n = arith.constant 20 : i64
  %k = arith.constant 10 : i64
  %A = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5, seed = 71} : (i64, i64) -> !matrix.mat<20x10xf64>
  %B = matrix.rand %n, %k {min = -1.0, max = 1.0, sparsity = 0.5, seed = 72} : (i64, i64) -> !matrix.mat<20x10xf64>
  %p_gt = matrix.gt %A, %B : !matrix.mat<20x10xf64>
  %r_gt = matrix.not %p_gt : !matrix.mat<20x10xf64>
  %s_gt = matrix.reduce sum all %r_gt : (!matrix.mat<20x10xf64>) -> f64
  %m_gt = matrix.from_scalar %s_gt : (f64) -> !matrix.mat<1x1xf64>
  %p_lt = matrix.lt %A, %B : !matrix.mat<20x10xf64>
  %r_lt = matrix.not %p_lt : !matrix.mat<20x10xf64>
  %s_lt = matrix.reduce sum all %r_lt : (!matrix.mat<20x10xf64>) -> f64
  %m_lt = matrix.from_scalar %s_lt : (f64) -> !matrix.mat<1x1xf64>
  %p_eq = matrix.eq %A, %B : !matrix.mat<20x10xf64>
  %r_eq = matrix.not %p_eq : !matrix.mat<20x10xf64>
  %s_eq = matrix.reduce sum all %r_eq : (!matrix.mat<20x10xf64>) -> f64
  %m_eq = matrix.from_scalar %s_eq : (f64) -> !matrix.mat<1x1xf64>
  %p_ge = matrix.ge %A, %B : !matrix.mat<20x10xf64>
  %r_ge = matrix.not %p_ge : !matrix.mat<20x10xf64>
  %s_ge = matrix.reduce sum all %r_ge : (!matrix.mat<20x10xf64>) -> f64
  %m_ge = matrix.from_scalar %s_ge : (f64) -> !matrix.mat<1x1xf64>
  %p_le = matrix.le %A, %B : !matrix.mat<20x10xf64>
  %r_le = matrix.not %p_le : !matrix.mat<20x10xf64>
  %s_le = matrix.reduce sum all %r_le : (!matrix.mat<20x10xf64>) -> f64
  %m_le = matrix.from_scalar %s_le : (f64) -> !matrix.mat<1x1xf64>
  %p_ne = matrix.ne %A, %B : !matrix.mat<20x10xf64>
  %r_ne = matrix.not %p_ne : !matrix.mat<20x10xf64>
  %s_ne = matrix.reduce sum all %r_ne : (!matrix.mat<20x10xf64>) -> f64
  %m_ne = matrix.from_scalar %s_ne : (f64) -> !matrix.mat<1x1xf64>
  %row = matrix.cbind %m_gt, %m_lt, %m_eq, %m_ge, %m_le, %m_ne : (!matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>, !matrix.mat<1x1xf64>) -> !matrix.mat<1x6xf64>
  func.return %row : !matrix.mat<1x6xf64>
}

// rand-scale:
// Seeded rands scaled by 3 (dense and 20% sparse) and shifted by +2 and -0.25:
// sum, min and max of each.
// NUM-NEXT: result_17 : f64 = -137.32764784122546
// NUM-NEXT: result_18 : f64 = -2.9916228448404216
// NUM-NEXT: result_19 : f64 = 2.999969161218125
// NUM-NEXT: result_20 : f64 = 8.0859628847974{{[0-9]*}}
// NUM-NEXT: result_21 : f64 = -2.952480290022573
// NUM-NEXT: result_22 : f64 = 2.9807361412996274
// NUM-NEXT: result_23 : f64 = 3009.12994865412
// NUM-NEXT: result_24 : f64 = 2.002021853825288
// NUM-NEXT: result_25 : f64 = 2.9995106244444227
// NUM-NEXT: result_26 : f64 = 311.02840048795923
// NUM-NEXT: result_27 : f64 = -0.2491179982806756
// NUM-NEXT: result_28 : f64 = 0.7497855950999653
// TRACE:       rewrite: rand-scale at {{.*}}numerics.mlir:[[# @LINE + 14]]:3
// TRACE:       rewrite: rand-scale at {{.*}}numerics.mlir:[[# @LINE + 14]]:3
// TRACE:       rewrite: rand-scale at {{.*}}numerics.mlir:[[# @LINE + 14]]:3
// TRACE:       rewrite: rand-scale at {{.*}}numerics.mlir:[[# @LINE + 14]]:3
func.func @num_rand_scale() -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64) {
  %r = arith.constant 40 : i64
  %k = arith.constant 30 : i64
  %three = arith.constant 3.0 : f64
  %two = arith.constant 2.0 : f64
  %q = arith.constant 0.25 : f64
  %R1 = matrix.rand %r, %k {min = -1.0, max = 1.0, seed = 91} : (i64, i64) -> !matrix.mat<40x30xf64>
  %R2 = matrix.rand %r, %k {min = -1.0, max = 1.0, sparsity = 0.2, seed = 92} : (i64, i64) -> !matrix.mat<40x30xf64>
  %R3 = matrix.rand %r, %k {seed = 93} : (i64, i64) -> !matrix.mat<40x30xf64>
  %R4 = matrix.rand %r, %k {seed = 94} : (i64, i64) -> !matrix.mat<40x30xf64>
  %X1 = matrix.mul %R1, %three : (!matrix.mat<40x30xf64>, f64) -> !matrix.mat<40x30xf64>
  %X2 = matrix.mul %three, %R2 : (f64, !matrix.mat<40x30xf64>) -> !matrix.mat<40x30xf64>
  %X3 = matrix.add %R3, %two : (!matrix.mat<40x30xf64>, f64) -> !matrix.mat<40x30xf64>
  %X4 = matrix.sub %R4, %q : (!matrix.mat<40x30xf64>, f64) -> !matrix.mat<40x30xf64>
  %sum1 = matrix.reduce sum all %X1 : (!matrix.mat<40x30xf64>) -> f64
  %min1 = matrix.reduce min all %X1 : (!matrix.mat<40x30xf64>) -> f64
  %max1 = matrix.reduce max all %X1 : (!matrix.mat<40x30xf64>) -> f64
  %sum2 = matrix.reduce sum all %X2 : (!matrix.mat<40x30xf64>) -> f64
  %min2 = matrix.reduce min all %X2 : (!matrix.mat<40x30xf64>) -> f64
  %max2 = matrix.reduce max all %X2 : (!matrix.mat<40x30xf64>) -> f64
  %sum3 = matrix.reduce sum all %X3 : (!matrix.mat<40x30xf64>) -> f64
  %min3 = matrix.reduce min all %X3 : (!matrix.mat<40x30xf64>) -> f64
  %max3 = matrix.reduce max all %X3 : (!matrix.mat<40x30xf64>) -> f64
  %sum4 = matrix.reduce sum all %X4 : (!matrix.mat<40x30xf64>) -> f64
  %min4 = matrix.reduce min all %X4 : (!matrix.mat<40x30xf64>) -> f64
  %max4 = matrix.reduce max all %X4 : (!matrix.mat<40x30xf64>) -> f64
  func.return %sum1, %min1, %max1, %sum2, %min2, %max2, %sum3, %min3, %max3, %sum4, %min4, %max4 : f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64
}

// rowsums-of-transpose:
// Every row aggregate of t(X) (columns of a 5x5) and column aggregate (rows of a
// 5x6), X = round(rand) 6x5.
// NUM-NEXT: result_29 : !matrix.mat<5x5xf64> = 5x5 dense matrix, nnz=23, sum=231.66666666666666, min=-5.0, max=55.0
// NUM-NEXT:   [3.0, 0.5, -5.0, 4.0, 55.0]
// NUM-NEXT:   [-2.0, -0.3333333333333333, -2.0, 0.0, 4.0]
// NUM-NEXT:   [12.0, 2.0, 0.0, 5.0, 50.0]
// NUM-NEXT:   [6.0, 1.0, -2.0, 5.0, 38.0]
// NUM-NEXT:   [3.0, 0.5, -4.0, 5.0, 53.0]
// NUM-NEXT: result_30 : !matrix.mat<5x6xf64> = 5x6 dense matrix, nnz=27, sum=227.4, min=-5.0, max=63.0
// NUM-NEXT:   [-5.0, -5.0, 9.0, 2.0, 11.0, 10.0]
// NUM-NEXT:   [-1.0, -1.0, 1.8, 0.4, 2.2, 2.0]
// NUM-NEXT:   [-4.0, -5.0, -2.0, -2.0, -2.0, 0.0]
// NUM-NEXT:   [0.0, 0.0, 5.0, 2.0, 5.0, 4.0]
// NUM-NEXT:   [17.0, 25.0, 47.0, 12.0, 63.0, 36.0]
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
// TRACE:       rewrite: rowsums-of-transpose at {{.*}}numerics.mlir:[[# @LINE + 16]]:3
func.func @num_rowsums_of_transpose() -> (!matrix.mat<5x5xf64>, !matrix.mat<5x6xf64>) {
  %r = arith.constant 6 : i64
  %c = arith.constant 5 : i64
  %R = matrix.rand %r, %c {min = -5.0, max = 5.0, sparsity = 0.6, seed = 9} : (i64, i64) -> !matrix.mat<6x5xf64>
  %X = matrix.round %R : !matrix.mat<6x5xf64>
  %t = matrix.transpose %X : (!matrix.mat<6x5xf64>) -> !matrix.mat<5x6xf64>
  %rsum = matrix.reduce sum row %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<5x1xf64>
  %rmean = matrix.reduce mean row %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<5x1xf64>
  %rmin = matrix.reduce min row %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<5x1xf64>
  %rmax = matrix.reduce max row %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<5x1xf64>
  %rsumsq = matrix.reduce sumsq row %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<5x1xf64>
  %csum = matrix.reduce sum col %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<1x6xf64>
  %cmean = matrix.reduce mean col %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<1x6xf64>
  %cmin = matrix.reduce min col %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<1x6xf64>
  %cmax = matrix.reduce max col %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<1x6xf64>
  %csumsq = matrix.reduce sumsq col %t : (!matrix.mat<5x6xf64>) -> !matrix.mat<1x6xf64>
  %rows = matrix.cbind %rsum, %rmean, %rmin, %rmax, %rsumsq : (!matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>, !matrix.mat<5x1xf64>) -> !matrix.mat<5x5xf64>
  %cols = matrix.rbind %csum, %cmean, %cmin, %cmax, %csumsq : (!matrix.mat<1x6xf64>, !matrix.mat<1x6xf64>, !matrix.mat<1x6xf64>, !matrix.mat<1x6xf64>, !matrix.mat<1x6xf64>) -> !matrix.mat<5x6xf64>
  func.return %rows, %cols : !matrix.mat<5x5xf64>, !matrix.mat<5x6xf64>
}

// scalar-pm-fold:
// ((2.5 + X) - 0.5) and ((2.5 - X) + 0.5) on integer-valued seeded data: exact.
// NUM-NEXT: result_31 : f64 = 15.0
// NUM-NEXT: result_32 : f64 = 45.0
// TRACE:       rewrite: scalar-pm-fold at {{.*}}numerics.mlir:[[# @LINE + 10]]:3
// TRACE:       rewrite: scalar-pm-fold at {{.*}}numerics.mlir:[[# @LINE + 11]]:3
func.func @num_scalar_pm_fold() -> (f64, f64) {
  %r = arith.constant 4 : i64
  %k = arith.constant 3 : i64
  %R = matrix.rand %r, %k {min = -4.0, max = 4.0, seed = 5} : (i64, i64) -> !matrix.mat<4x3xf64>
  %X = matrix.round %R : !matrix.mat<4x3xf64>
  %a = arith.constant 2.5 : f64
  %b = arith.constant 0.5 : f64
  %i0 = matrix.add %a, %X : (f64, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  %r0 = matrix.sub %i0, %b : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %i1 = matrix.sub %a, %X : (f64, !matrix.mat<4x3xf64>) -> !matrix.mat<4x3xf64>
  %r1 = matrix.add %i1, %b : (!matrix.mat<4x3xf64>, f64) -> !matrix.mat<4x3xf64>
  %s0 = matrix.reduce sum all %r0 : (!matrix.mat<4x3xf64>) -> f64
  %s1 = matrix.reduce sum all %r1 : (!matrix.mat<4x3xf64>) -> f64
  func.return %s0, %s1 : f64, f64
}

// sigmoid-fusion:
// sum, min and max of 1/(1+exp(-X)) for X a 30x20 rand in [-8, 8] (the last
// digits of the min depend on how sigmoid is evaluated), then in [-800, 800]
// (exp overflows to inf: 1/inf = 0).
// NUM-NEXT: result_33 : f64 = 289.810418100776{{[0-9]*}}
// NUM-NEXT: result_34 : f64 = 0.00033567086960028{{[0-9]*}}
// NUM-NEXT: result_35 : f64 = 0.999652437661444{{[0-9]*}}
// NUM-NEXT: result_36 : f64 = 293.9713153090083
// NUM-NEXT: result_37 : f64 = 0.0
// NUM-NEXT: result_38 : f64 = 1.0
// TRACE:       rewrite: sigmoid-fusion at {{.*}}numerics.mlir:[[# @LINE + 10]]:3
// TRACE:       rewrite: sigmoid-fusion at {{.*}}numerics.mlir:[[# @LINE + 17]]:3
func.func @num_sigmoid_fusion() -> (f64, f64, f64, f64, f64, f64) {
  %r = arith.constant 30 : i64
  %k = arith.constant 20 : i64
  %one = arith.constant 1.0 : f64
  %X = matrix.rand %r, %k {min = -8.0, max = 8.0, seed = 17} : (i64, i64) -> !matrix.mat<30x20xf64>
  %n = matrix.neg %X : !matrix.mat<30x20xf64>
  %e = matrix.exp %n : !matrix.mat<30x20xf64>
  %d = matrix.add %one, %e : (f64, !matrix.mat<30x20xf64>) -> !matrix.mat<30x20xf64>
  %s = matrix.div %one, %d : (f64, !matrix.mat<30x20xf64>) -> !matrix.mat<30x20xf64>
  %sum = matrix.reduce sum all %s : (!matrix.mat<30x20xf64>) -> f64
  %min = matrix.reduce min all %s : (!matrix.mat<30x20xf64>) -> f64
  %max = matrix.reduce max all %s : (!matrix.mat<30x20xf64>) -> f64
  %X2 = matrix.rand %r, %k {min = -800.0, max = 800.0, seed = 17} : (i64, i64) -> !matrix.mat<30x20xf64>
  %n2 = matrix.neg %X2 : !matrix.mat<30x20xf64>
  %e2 = matrix.exp %n2 : !matrix.mat<30x20xf64>
  %d2 = matrix.add %one, %e2 : (f64, !matrix.mat<30x20xf64>) -> !matrix.mat<30x20xf64>
  %s2 = matrix.div %one, %d2 : (f64, !matrix.mat<30x20xf64>) -> !matrix.mat<30x20xf64>
  %sum2 = matrix.reduce sum all %s2 : (!matrix.mat<30x20xf64>) -> f64
  %min2 = matrix.reduce min all %s2 : (!matrix.mat<30x20xf64>) -> f64
  %max2 = matrix.reduce max all %s2 : (!matrix.mat<30x20xf64>) -> f64
  func.return %sum, %min, %max, %sum2, %min2, %max2 : f64, f64, f64, f64, f64, f64
}

// sign-from-compare:
// sum((X>0)-(X<0)) and the number of zeros it has, X a 20x10 rand of sparsity 0.5.
// NUM-NEXT: result_39 : f64 = -4.0
// NUM-NEXT: result_40 : f64 = 100.0
// TRACE:       rewrite: sign-from-compare at {{.*}}numerics.mlir:[[# @LINE + 8]]:3
func.func @num_sign_from_compare() -> (f64, f64) {
  %r = arith.constant 20 : i64
  %c = arith.constant 10 : i64
  %X = matrix.rand %r, %c {min = -1.0, max = 1.0, sparsity = 0.5, seed = 3} : (i64, i64) -> !matrix.mat<20x10xf64>
  %z = arith.constant 0.0 : f64
  %p = matrix.gt %X, %z : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %n = matrix.lt %X, %z : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %s = matrix.sub %p, %n : !matrix.mat<20x10xf64>
  %sum = matrix.reduce sum all %s : (!matrix.mat<20x10xf64>) -> f64
  %e = matrix.eq %s, %z : (!matrix.mat<20x10xf64>, f64) -> !matrix.mat<20x10xf64>
  %zeros = matrix.reduce sum all %e : (!matrix.mat<20x10xf64>) -> f64
  func.return %sum, %zeros : f64, f64
}

// sum-scalar-mult:
// sum(2.5*X), rowSums(X*3), colSums(0.5*X) with X = round(rand) 6x5.
// NUM-NEXT: result_41 : f64 = -47.5
// NUM-NEXT: result_42 : !matrix.mat<6x1xf64> = 6x1 dense matrix, nnz=4, sum=-57.0, min=-27.0, max=3.0
// NUM-NEXT:   [-24.0]
// NUM-NEXT:   [0.0]
// NUM-NEXT:   [0.0]
// NUM-NEXT:   [3.0]
// NUM-NEXT:   [-9.0]
// NUM-NEXT:   [-27.0]
// NUM-NEXT: result_43 : !matrix.mat<1x5xf64> = 1x5 dense matrix, nnz=4, sum=-9.5, min=-3.5, max=0.0
// NUM-NEXT:   [0.0, -1.5, -3.5, -3.0, -1.5]
// TRACE:       rewrite: sum-scalar-mult at {{.*}}numerics.mlir:[[# @LINE + 12]]:3
// TRACE:       rewrite: sum-scalar-mult at {{.*}}numerics.mlir:[[# @LINE + 13]]:3
// TRACE:       rewrite: sum-scalar-mult at {{.*}}numerics.mlir:[[# @LINE + 14]]:3
func.func @num_sum_scalar_mult() -> (f64, !matrix.mat<6x1xf64>, !matrix.mat<1x5xf64>) {
  %r = arith.constant 6 : i64
  %c = arith.constant 5 : i64
  %R = matrix.rand %r, %c {min = -5.0, max = 5.0, sparsity = 0.6, seed = 8} : (i64, i64) -> !matrix.mat<6x5xf64>
  %X = matrix.round %R : !matrix.mat<6x5xf64>
  %h = arith.constant 2.5 : f64
  %m = arith.constant 3.0 : f64
  %q = arith.constant 0.5 : f64
  %p0 = matrix.mul %h, %X : (f64, !matrix.mat<6x5xf64>) -> !matrix.mat<6x5xf64>
  %a = matrix.reduce sum all %p0 : (!matrix.mat<6x5xf64>) -> f64
  %p1 = matrix.mul %X, %m : (!matrix.mat<6x5xf64>, f64) -> !matrix.mat<6x5xf64>
  %b = matrix.reduce sum row %p1 : (!matrix.mat<6x5xf64>) -> !matrix.mat<6x1xf64>
  %p2 = matrix.mul %q, %X : (f64, !matrix.mat<6x5xf64>) -> !matrix.mat<6x5xf64>
  %d = matrix.reduce sum col %p2 : (!matrix.mat<6x5xf64>) -> !matrix.mat<1x5xf64>
  func.return %a, %b, %d : f64, !matrix.mat<6x1xf64>, !matrix.mat<1x5xf64>
}

// trace-add:
// trace(A+B), A and B = round(rand) 6x6.
// NUM-NEXT: result_44 : f64 = 9.0
// TRACE:       rewrite: trace-add at {{.*}}numerics.mlir:[[# @LINE + 8]]:3
func.func @num_trace_add() -> f64 {
  %n = arith.constant 6 : i64
  %R = matrix.rand %n, %n {min = -5.0, max = 5.0, seed = 41} : (i64, i64) -> !matrix.mat<6x6xf64>
  %A = matrix.round %R : !matrix.mat<6x6xf64>
  %S = matrix.rand %n, %n {min = -5.0, max = 5.0, sparsity = 0.5, seed = 42} : (i64, i64) -> !matrix.mat<6x6xf64>
  %B = matrix.round %S : !matrix.mat<6x6xf64>
  %s = matrix.add %A, %B : !matrix.mat<6x6xf64>
  %r = matrix.trace %s : (!matrix.mat<6x6xf64>) -> f64
  func.return %r : f64
}

// trace-mm:
// trace(X%*%Y), X = round(rand) 5x7, Y = round(rand) 7x5.
// NUM-NEXT: result_45 : f64 = -24.0
// TRACE:       rewrite: trace-mm at {{.*}}numerics.mlir:[[# @LINE + 9]]:3
func.func @num_trace_mm() -> f64 {
  %a = arith.constant 5 : i64
  %b = arith.constant 7 : i64
  %R = matrix.rand %a, %b {min = -5.0, max = 5.0, seed = 31} : (i64, i64) -> !matrix.mat<5x7xf64>
  %X = matrix.round %R : !matrix.mat<5x7xf64>
  %S = matrix.rand %b, %a {min = -5.0, max = 5.0, sparsity = 0.5, seed = 32} : (i64, i64) -> !matrix.mat<7x5xf64>
  %Y = matrix.round %S : !matrix.mat<7x5xf64>
  %p = matrix.matmul %X, %Y : (!matrix.mat<5x7xf64>, !matrix.mat<7x5xf64>) -> !matrix.mat<5x5xf64>
  %r = matrix.trace %p : (!matrix.mat<5x5xf64>) -> f64
  func.return %r : f64
}

// transpose-mm-chain:
// t(t(A)%*%t(B) + C), A 4x3, B 5x4, C 3x5 = round(rand).
// NUM-NEXT: result_46 : !matrix.mat<5x3xf64> = 5x3 dense matrix, nnz=15, sum=-92.0, min=-33.0, max=28.0
// NUM-NEXT:   [-4.0, -17.0, -22.0]
// NUM-NEXT:   [-12.0, -6.0, -33.0]
// NUM-NEXT:   [-14.0, 28.0, -9.0]
// NUM-NEXT:   [15.0, -5.0, 4.0]
// NUM-NEXT:   [8.0, -10.0, -15.0]
// TRACE:       rewrite: transpose-mm-chain at {{.*}}numerics.mlir:[[# @LINE + 15]]:3
func.func @num_transpose_mm_chain() -> !matrix.mat<5x3xf64> {
  %three = arith.constant 3 : i64
  %four = arith.constant 4 : i64
  %five = arith.constant 5 : i64
  %RA = matrix.rand %four, %three {min = -5.0, max = 5.0, seed = 51} : (i64, i64) -> !matrix.mat<4x3xf64>
  %A = matrix.round %RA : !matrix.mat<4x3xf64>
  %RB = matrix.rand %five, %four {min = -5.0, max = 5.0, seed = 52} : (i64, i64) -> !matrix.mat<5x4xf64>
  %B = matrix.round %RB : !matrix.mat<5x4xf64>
  %RC = matrix.rand %three, %five {min = -5.0, max = 5.0, seed = 53} : (i64, i64) -> !matrix.mat<3x5xf64>
  %C = matrix.round %RC : !matrix.mat<3x5xf64>
  %a = matrix.transpose %A : (!matrix.mat<4x3xf64>) -> !matrix.mat<3x4xf64>
  %b = matrix.transpose %B : (!matrix.mat<5x4xf64>) -> !matrix.mat<4x5xf64>
  %m = matrix.matmul %a, %b : (!matrix.mat<3x4xf64>, !matrix.mat<4x5xf64>) -> !matrix.mat<3x5xf64>
  %s = matrix.add %m, %C : !matrix.mat<3x5xf64>
  %r = matrix.transpose %s : (!matrix.mat<3x5xf64>) -> !matrix.mat<5x3xf64>
  func.return %r : !matrix.mat<5x3xf64>
}

// All of the above, in order.
func.func @main() -> (!matrix.mat<1x8xf64>, !matrix.mat<1x8xf64>, f64, f64, f64, f64, f64, !matrix.mat<7x5xf64>, !matrix.mat<7x5xf64>, !matrix.mat<1x6xf64>, f64, f64, f64, f64, f64, f64, !matrix.mat<1x6xf64>, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, !matrix.mat<5x5xf64>, !matrix.mat<5x6xf64>, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, !matrix.mat<6x1xf64>, !matrix.mat<1x5xf64>, f64, f64, !matrix.mat<5x3xf64>) {
  %r0_0, %r0_1 = func.call @num_agg_of_agg() : () -> (!matrix.mat<1x8xf64>, !matrix.mat<1x8xf64>)
  %r1_0, %r1_1, %r1_2, %r1_3, %r1_4 = func.call @num_agg_of_transpose() : () -> (f64, f64, f64, f64, f64)
  %r2_0, %r2_1 = func.call @num_and_not_self() : () -> (!matrix.mat<7x5xf64>, !matrix.mat<7x5xf64>)
  %r3_0 = func.call @num_compare_chain() : () -> !matrix.mat<1x6xf64>
  %r4_0, %r4_1 = func.call @num_distribute_add() : () -> (f64, f64)
  %r5_0, %r5_1 = func.call @num_distribute_sub() : () -> (f64, f64)
  %r6_0, %r6_1 = func.call @num_mul_self() : () -> (f64, f64)
  %r7_0 = func.call @num_not_over_compare() : () -> !matrix.mat<1x6xf64>
  %r8_0, %r8_1, %r8_2, %r8_3, %r8_4, %r8_5, %r8_6, %r8_7, %r8_8, %r8_9, %r8_10, %r8_11 = func.call @num_rand_scale() : () -> (f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64)
  %r9_0, %r9_1 = func.call @num_rowsums_of_transpose() : () -> (!matrix.mat<5x5xf64>, !matrix.mat<5x6xf64>)
  %r10_0, %r10_1 = func.call @num_scalar_pm_fold() : () -> (f64, f64)
  %r11_0, %r11_1, %r11_2, %r11_3, %r11_4, %r11_5 = func.call @num_sigmoid_fusion() : () -> (f64, f64, f64, f64, f64, f64)
  %r12_0, %r12_1 = func.call @num_sign_from_compare() : () -> (f64, f64)
  %r13_0, %r13_1, %r13_2 = func.call @num_sum_scalar_mult() : () -> (f64, !matrix.mat<6x1xf64>, !matrix.mat<1x5xf64>)
  %r14_0 = func.call @num_trace_add() : () -> f64
  %r15_0 = func.call @num_trace_mm() : () -> f64
  %r16_0 = func.call @num_transpose_mm_chain() : () -> !matrix.mat<5x3xf64>
  func.return %r0_0, %r0_1, %r1_0, %r1_1, %r1_2, %r1_3, %r1_4, %r2_0, %r2_1, %r3_0, %r4_0, %r4_1, %r5_0, %r5_1, %r6_0, %r6_1, %r7_0, %r8_0, %r8_1, %r8_2, %r8_3, %r8_4, %r8_5, %r8_6, %r8_7, %r8_8, %r8_9, %r8_10, %r8_11, %r9_0, %r9_1, %r10_0, %r10_1, %r11_0, %r11_1, %r11_2, %r11_3, %r11_4, %r11_5, %r12_0, %r12_1, %r13_0, %r13_1, %r13_2, %r14_0, %r15_0, %r16_0 : !matrix.mat<1x8xf64>, !matrix.mat<1x8xf64>, f64, f64, f64, f64, f64, !matrix.mat<7x5xf64>, !matrix.mat<7x5xf64>, !matrix.mat<1x6xf64>, f64, f64, f64, f64, f64, f64, !matrix.mat<1x6xf64>, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, !matrix.mat<5x5xf64>, !matrix.mat<5x6xf64>, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, f64, !matrix.mat<6x1xf64>, !matrix.mat<1x5xf64>, f64, f64, !matrix.mat<5x3xf64>
}
