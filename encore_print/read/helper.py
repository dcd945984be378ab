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
    """fn(*args) on the helper thread, or here and now where OpenCV is told to use one core
    (a table's worker processes: the pool keeps every core busy already). `fn` must not wait
    on the helper itself: there is one."""
    if cv2.getNumThreads() > 1:
        return _helper().submit(fn, *args)
    done: Future = Future()
    done.set_result(fn(*args))
    return done


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
