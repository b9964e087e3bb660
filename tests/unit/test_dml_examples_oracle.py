"""examples/dml/{l2svm,kmeans,logreg}.dml give SystemDS's outputs on amls (rtol 1e-6).

SystemDS's rand differs from amls's for the same seed, so both read the same data files
instead: the example with its `makeData()` line replaced by read($X)... (the rest of the
script unchanged), on small data written here. Skips without Java or SystemDS.jar.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from dml_oracle import (
    nvargs,
    read_outputs,
    run_amls,
    systemds_cmd,
    systemds_jar,
    write_matrix,
)

ROOT = Path(__file__).resolve().parents[2]
JAR = systemds_jar()
pytestmark = pytest.mark.skipif(
    JAR is None or shutil.which("java") is None,
    reason="SystemDS oracle: needs java and SystemDS.jar "
    "(AMLS_SYSTEMDS_JAR or ~/.cache/amls/systemds)",
)


def _data(name: str, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Small data of the kind each example's makeData() draws."""
    n = 3000
    if name == "l2svm":
        X = rng.random((n, 12))
        score = (X - 0.5) @ rng.uniform(-1, 1, (12, 1)) + 0.5 * rng.standard_normal((n, 1))
        return {"X": X, "Y": np.where(score > 0, 1.0, -1.0)}
    if name == "logreg":
        X = rng.standard_normal((n, 8))
        prob = 1 / (1 + np.exp(-(X @ rng.uniform(-0.3, 0.3, (8, 1)) + 0.2)))
        return {"X": X, "y": (rng.random((n, 1)) < prob).astype(float)}
    centres = rng.uniform(-5, 5, (10, 4))
    return {"X": centres[rng.integers(0, 10, n)] + rng.standard_normal((n, 4))}


@pytest.mark.parametrize(
    ("name", "call"),
    [("l2svm", "[X, Y] = makeData()"), ("kmeans", "X = makeData()"),
     ("logreg", "[X, y] = makeData()")],
)  # fmt: skip
def test_dml_example_agrees_with_systemds(name: str, call: str, tmp_path: Path) -> None:
    assert JAR is not None
    text = (ROOT / "examples" / "dml" / f"{name}.dml").read_text()
    assert text.count(call + "\n") == 1, f"{name}.dml no longer has the line '{call}'"
    data = _data(name, np.random.default_rng(20261202))
    reads = "".join(f"{v} = read(${v})\n" for v in data)
    script = tmp_path / f"{name}.dml"
    script.write_text(text.replace(call + "\n", reads))
    inputs = {}
    for v, a in data.items():
        write_matrix(tmp_path / f"{v}.csv", a)
        inputs[v] = str(tmp_path / f"{v}.csv")
    sds = tmp_path / "sds"
    sds.mkdir()
    cmd = systemds_cmd(JAR, script, nvargs(inputs, sds))
    r = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and "An Error Occurred" not in r.stdout + r.stderr, r.stdout
    run_amls(script, inputs, tmp_path / "amls")
    want, got = read_outputs(sds), read_outputs(tmp_path / "amls")
    assert want and sorted(got) == sorted(want)
    for f, w in want.items():
        np.testing.assert_allclose(got[f], w, rtol=1e-6, atol=0, err_msg=f)
