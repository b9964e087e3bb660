"""Every test runs with AMLS_STRICT_FACTS=1: a size rule contradicting a declared type
fails loudly (passes/sizes/analysis.py STRICT_FACTS), so a pass that leaves a stale
fact behind is caught wherever a test compiles a program. Subprocesses inherit it.

And with AMLS_PLAN_CACHE=off: every test compiles what it runs, whatever ran before it
(tests/unit/test_plan_cache.py turns the cache on in a directory of its own)."""

import os

os.environ["AMLS_STRICT_FACTS"] = "1"
os.environ["AMLS_PLAN_CACHE"] = "off"
