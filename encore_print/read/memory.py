"""The C library's allocator, told to keep what a reading frees for its next arrays.

A reading makes and drops hundreds of arrays of 0.1-20 MB. By default glibc hands most arrays
that big straight to the kernel and back (mmap, munmap), and gives the top of its heap back
once 128 KB of it is free: each time, the next array's pages are new to the process and fault
in one by one (about 1.3 µs each on this project's machines). On the benchmark's 12 MP photo
that was 3 000-3 500 page faults per reading. Told to keep arrays of up to 32 MB on its heap,
and up to TRIM_MB of the heap's top free, it reuses the same pages: no fault after the first
reading. The fastest of 25 readings, in turns with OpenCV's decodes as benchmarks/score.py
took them, went from 107-108 ms to 101-102 ms, their median from 116-136 ms to 105-123 ms
(two runs of each). The memory stays with the process, a reading's peak once, which a command
that reads and exits does not notice.
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc's malloc.h
_MMAP_MOST = 32 * 1024 * 1024  # the largest threshold glibc takes on a 64-bit machine
TRIM_MB = 512


@cache
def reuse_freed_memory() -> bool:
    """Tell the allocator so, once per process; False where it is not glibc's (nothing
    changes there: other allocators decide on their own)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL(None).mallopt  # (musl's is a stub that answers 0)
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    return bool(mallopt(_M_MMAP_THRESHOLD, _MMAP_MOST)
                and mallopt(_M_TRIM_THRESHOLD, TRIM_MB * 1024 * 1024))
