"""Drive the lit + FileCheck suite from pytest, so one command runs everything."""

import subprocess
import sys
from pathlib import Path

import pytest

SUITE = Path(__file__).resolve().parents[1] / "filecheck"


# The whole lit suite is one test (~5 min on 2 cores): lit's own per-test limit guards it.
@pytest.mark.timeout(1200)
def test_lit_suite() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from lit.main import main; main()",
            "-q",
            "-j2",
            "--timeout=300",
            str(SUITE),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout[-20000:] + proc.stderr[-5000:]
