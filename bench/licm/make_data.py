"""Data for logreg_gd.mlir: a sparse X (CSR, .mtx) and 0/1 labels y (.npy).

python bench/licm/make_data.py [OUT_DIR] [ROWS] [COLS] [DENSITY]
"""

import sys
from pathlib import Path

import numpy as np
import scipy.io
import scipy.sparse as sp

out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp")
n, m = (int(a) for a in sys.argv[2:4]) if len(sys.argv) > 3 else (200_000, 1_000)
density = float(sys.argv[4]) if len(sys.argv) > 4 else 0.005
rng = np.random.default_rng(7)
X = sp.random(n, m, density=density, format="csr", random_state=rng, data_rvs=rng.standard_normal)
w = rng.uniform(-1, 1, m)
y = (rng.uniform(size=n) < 1 / (1 + np.exp(-(X @ w)))).astype(np.float64).reshape(-1, 1)
scipy.io.mmwrite(out / "X.mtx", X)
np.save(out / "y.npy", y)
print(f"X {n}x{m} nnz={X.nnz} -> {out / 'X.mtx'}; y -> {out / 'y.npy'}")
