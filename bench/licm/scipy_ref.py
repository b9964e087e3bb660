"""logreg_gd.mlir in SciPy, the transpose hoisted by hand (and, with --naive, not).

python bench/licm/scipy_ref.py X.mtx y.npy [--naive]
"""

import sys
import time

import numpy as np
import scipy.io
import scipy.sparse as sp
from scipy.special import expit

X = sp.csr_array(scipy.io.mmread(sys.argv[1]))
y = np.load(sys.argv[2])
naive = "--naive" in sys.argv
t0 = time.perf_counter()
n, m = X.shape
w = np.zeros((m, 1))
Xt = None if naive else X.T.tocsr()
for _ in range(100):
    xt = X.T.tocsr() if naive else Xt
    w = w - (0.5 / n) * (xt @ (expit(X @ w) - y))
acc = float(np.mean((expit(X @ w) > 0.5) == y))
print(f"acc={acc} sum(w)={w.sum()!r} time={time.perf_counter() - t0:.4f}s")
