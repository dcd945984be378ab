"""A second core for one reading: OpenCV and numpy release the GIL, so steps of a reading that
do not depend on each other run on a helper thread meanwhile."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache

import cv2


def meanwhile(fn: Callable, *args) -> Future:
    """fn(*args) on the helper thread, or here and now on a machine of one core or in a
    process told to keep to one (see one_core). `fn` must not wait on the helper itself:
    there is one."""
    if _cores() > 1:
        return _helper().submit(fn, *args)
    done: Future = Future()
    done.set_result(fn(*args))
    return done


def one_core() -> None:
    """This process reads on one core, OpenCV's threads and the helper alike (a table's
    worker processes: the pool keeps every core busy already)."""
    cv2.setNumThreads(1)
    _cores.cache_clear()


@cache
def _cores() -> int:
    # asked once: cv2.getNumThreads waits for OpenCV's threads to finish what they are doing
    # (up to 4 ms a call, ~3 ms a reading, measured)
    return cv2.getNumThreads()


@cache
def _helper() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(1, thread_name_prefix="encore-read")


# a forked child has none of its parent's threads: it starts a helper of its own (the parent's
# would never run what it is given)
if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_helper.cache_clear)


class Shared:
    """Jobs that this thread and the helper both take on, each the next one not yet taken,
    once done with what it had to do first: neither waits while the other has work left.
    What a job gives does not depend on which thread ran it."""

    def __init__(self, fn: Callable, jobs: list):
        self.fn, self.jobs = fn, jobs
        self.results: list = [None] * len(jobs)
        self._next = itertools.count()  # its next() is atomic: a job is taken once

    def work(self) -> None:
        while (j := next(self._next)) < len(self.jobs):
            self.results[j] = self.fn(self.jobs[j])
