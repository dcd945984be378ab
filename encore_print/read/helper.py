"""A second core for one reading: OpenCV and numpy release the GIL, so steps of a reading that
do not depend on each other run on a helper thread meanwhile."""

from __future__ import annotations

import atexit
import itertools
import os
import queue
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from functools import cache

import cv2


def meanwhile(fn: Callable, *args, first: bool = False) -> Future:
    """fn(*args) on the helper thread, or here and now on a machine of one core or in a
    process told to keep to one (see one_core). The helper takes its jobs in turn, but a job
    given `first` before every job not yet begun that is not: one that this thread will soon
    wait for, given while the helper has work that is only needed later. `fn` must not wait on
    the helper itself: there is one."""
    if _cores() > 1:
        return _helper().submit(fn, args, first)
    done: Future = Future()
    done.set_result(fn(*args))
    return done


def one_core() -> None:
    """This process reads on one core, OpenCV's threads and the helper alike (a table's
    worker processes: the pool keeps every core busy already)."""
    cv2.setNumThreads(1)
    _cores.cache_clear()


# how long a thread that wants the GIL waits for it at most while the other holds it: Python's
# 5 ms let the judge's many small numpy calls, which keep it, hold up the helper's numpy and
# OpenCV work between its calls (and the judge waited for what the helper had not done yet)
SWITCH_S = 0.0005
_handing = threading.Lock()
_readings = 0  # how many readings hand the GIL over often now (in threads of their own)
_switch_before = 0.0


@contextmanager
def handing_over_often() -> Iterator[None]:
    """Within it, the GIL passes between this thread and the helper every SWITCH_S at most
    (sys.setswitchinterval); Python's own interval is back once the last reading is done. A
    12 MP photo read 1.5-2.5 ms sooner at the fastest, the 10th and the 25th percentile, and
    0-3 ms at the median (0.5 ms against 5 ms, 75 readings each in turns, twice; with a decode
    in another process before each, as the benchmark takes them, 60 each: 1-6 ms at the
    fastest and the 10th percentile, the median 0-2 ms). The verdicts are the same, as the
    helper's work is."""
    global _readings, _switch_before
    with _handing:
        if _readings == 0:
            _switch_before = sys.getswitchinterval()
            sys.setswitchinterval(min(SWITCH_S, _switch_before))
        _readings += 1
    try:
        yield
    finally:
        with _handing:
            _readings -= 1
            if _readings == 0:
                sys.setswitchinterval(_switch_before)


@cache
def _cores() -> int:
    # asked once: cv2.getNumThreads waits for OpenCV's threads to finish what they are doing
    # (up to 4 ms a call, ~3 ms a reading, measured)
    return cv2.getNumThreads()


class _Helper:
    """One thread that runs the jobs given to it, those given `first` before the others, each
    kind in turn."""

    def __init__(self) -> None:
        self._jobs: queue.PriorityQueue = queue.PriorityQueue()
        self._turn = itertools.count()  # (unique: a job's future is never compared)
        # a daemon, stopped at exit once done with the job under way: a photo refused partway
        # leaves jobs that nobody waits for, and a daemon is not waited for before the exit's
        # own functions run
        self._thread = threading.Thread(target=self._run, name="encore-read", daemon=True)
        self._thread.start()
        atexit.register(self._stop)

    def submit(self, fn: Callable, args: tuple, first: bool) -> Future:
        done: Future = Future()
        self._jobs.put((not first, next(self._turn), done, fn, args))
        return done

    def _stop(self) -> None:
        self._jobs.put((-1, next(self._turn), None, None, None))  # (before any job not begun)
        self._thread.join()

    def _run(self) -> None:
        while True:
            _, _, done, fn, args = self._jobs.get()
            if done is None:
                return
            try:
                done.set_result(fn(*args))
            except BaseException as e:  # noqa: BLE001 (raised again where it is waited for)
                done.set_exception(e)


@cache
def _helper() -> _Helper:
    return _Helper()


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
