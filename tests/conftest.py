"""Every test runs with AMLS_STRICT_FACTS=1: a size rule contradicting a declared type
fails loudly (passes/sizes/analysis.py STRICT_FACTS), so a pass that leaves a stale
fact behind is caught wherever a test compiles a program. Subprocesses inherit it."""

import os

os.environ["AMLS_STRICT_FACTS"] = "1"
