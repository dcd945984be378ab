"""The allocator keeps what a reading frees: the next arrays reuse its pages, without faults."""

import multiprocessing
import platform
import sys

import pytest


def _faults_of_second_array(q, reuse: bool):
    """Page faults of making a 16 MB array again, in a fresh process."""
    import resource

    import numpy as np

    from encore_print.read.memory import reuse_freed_memory

    if reuse:
        assert reuse_freed_memory()
    np.ones(4 * 1024 * 1024, np.float32)  # made and freed
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    np.ones(4 * 1024 * 1024, np.float32)
    q.put(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)


def _faults(reuse: bool) -> int:
    ctx = multiprocessing.get_context("spawn")  # (the test process's allocator is its own)
    q = ctx.Queue()
    child = ctx.Process(target=_faults_of_second_array, args=(q, reuse))
    child.start()
    child.join(60)
    assert child.exitcode == 0
    return q.get(timeout=5)


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="glibc's allocator only")
def test_a_freed_array_s_pages_are_reused():
    fresh = _faults(reuse=False)  # the allocator's own way: new pages each time
    assert fresh > 0
    assert _faults(reuse=True) * 10 <= fresh  # (huge pages fault fewer times, alike)
