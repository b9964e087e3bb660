// docs/rewrites.md "How each rule is checked": `amls-run --stats` shows the
// operator that ran. lm_ds's t([X, 1])%*%[X, 1] runs by blocks (tmm-of-cbind) as a
// tsmm of X, its column sums for t(X)%*%1 (fill-mm) and n for t(1)%*%1 (sum-fill); only
// two vector transposes run (views);
// lm_cg's t(X)%*%(X%*%p) runs as mmchain once per CG iteration (N iterations).

// RUN: amls-run %examples/lm_ds.mlir --stats | filecheck %s --check-prefix=DS
// DS:     == ops ==
// DS-NOT: transpose
// DS:     phys.tsmm local left {{ +}}1 {{ }}
// DS:     phys.transpose local {{ +}}2 {{ }}
// DS-NOT: transpose

// RUN: amls-run %examples/lm_cg.mlir --stats | filecheck %s --check-prefix=CG
// CG:     result_2 : i64 = [[N:[0-9]+]]
// CG:     == ops ==
// CG:     phys.mmchain local xtxv {{ +}}[[N]] {{ }}
