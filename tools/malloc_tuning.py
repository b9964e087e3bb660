"""Keep freed memory for reuse in amls-run's own process (glibc's malloc).

A matrix program frees and allocates arrays of the same few sizes over and over (a loop's
vectors and temporaries). glibc gives freed blocks of 128 KB and more back to the kernel
(mmap/munmap, heap trimming), so the next allocation of that size faults its pages in
again: l2svm's 100000x1 vectors cost ~80k page faults per run. Raising the mmap and trim
thresholds keeps them in the heap, as the allocators of ML runtimes do (XLA's BFC, PyTorch's
caching allocator). Only amls-run's process is tuned, never a user's (`@amls.jit`); set
AMLS_MALLOC=default to leave malloc as it is. Blocks over 32 MB (glibc's limit for the
threshold) are still mapped and unmapped one by one.
"""

from __future__ import annotations

import os
import sys

M_TRIM_THRESHOLD = -1
M_TOP_PAD = -2
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 32 << 20
TRIM_THRESHOLD = 1 << 30


def tune() -> bool:
    """Raise glibc's mmap and trim thresholds; False where that does not apply."""
    if not sys.platform.startswith("linux") or os.environ.get("AMLS_MALLOC") == "default":
        return False
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        ok = libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
        ok = libc.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1 and ok
        return libc.mallopt(M_TOP_PAD, 64 << 20) == 1 and ok
    except (OSError, AttributeError):  # not glibc (musl, ...): nothing to tune
        return False
