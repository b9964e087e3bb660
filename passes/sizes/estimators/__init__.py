"""Average-case nnz estimators: pluggable sparsity estimates beside the exact size facts.

The size analysis states facts only: exact rows/cols/nnz and safe worst-case
bounds. Cost models also want a *likely* nnz, which is what this package
computes. Estimates never become facts: `estimate_function` (propagate.py) runs
after the size analysis, and wherever it knows an exact nnz that fact wins;
every estimate is clamped to the worst-case bound `nnz_ub` and to rows*cols.

A `Sketch` (sketch.py) describes one matrix value: dims, an nnz estimate and,
for the structure-aware estimator, per-row and per-column non-zero counts. A
`SparsityEstimator` (estimator.py) implements primitives (`matmul`, `product`,
`union`, ...) that the per-op rules (rules.py) are written against. Two
estimators, SystemDS `hops/estim/` names in brackets:

* `MetadataEstimator` [BASIC_AVG] (metadata.py): dims and nnz only, uniform
  non-zeros: matmul 1-(1-s1*s2)^k, product s1*s2, union s1+s2-s1*s2.
* `MNCEstimator` [MNC, extended] (mnc.py): row/column count sketches.
"""

from amls.passes.sizes.estimators.estimator import SparsityEstimator
from amls.passes.sizes.estimators.metadata import MetadataEstimator
from amls.passes.sizes.estimators.mnc import MNCEstimator

ESTIMATORS: dict[str, type[SparsityEstimator]] = {
    "metadata": MetadataEstimator,
    "mnc": MNCEstimator,
}
"""The estimators by the name `--estimator` takes."""
