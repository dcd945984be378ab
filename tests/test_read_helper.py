"""The reader's helper thread: work given to it is done, also in a forked child."""

import multiprocessing
import sys
import threading

import pytest

from encore_print.read.helper import Shared, meanwhile, one_core


def test_meanwhile_and_shared_jobs():
    assert meanwhile(sum, [1, 2, 3]).result() == 6
    jobs = Shared(lambda x: x * x, list(range(50)))
    there = meanwhile(jobs.work)
    jobs.work()
    there.result()
    assert jobs.results == [x * x for x in range(50)]


def _in_child(q):
    q.put(meanwhile(sum, [4, 5]).result())


@pytest.mark.skipif(sys.platform == "win32", reason="no fork")
def test_helper_works_in_a_forked_child():
    meanwhile(sum, [1]).result()  # the parent's helper thread exists before the fork
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    child = ctx.Process(target=_in_child, args=(q,))
    child.start()
    child.join(30)
    if child.is_alive():
        child.kill()
        pytest.fail("the child waited forever for its parent's helper thread")
    assert q.get(timeout=5) == 9


def _on_one_core(q):
    one_core()
    q.put(meanwhile(lambda: threading.current_thread() is threading.main_thread()).result())


def test_a_process_on_one_core_reads_without_the_helper():
    # spawned, as a table's worker processes are (one_core holds for the rest of a process)
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    child = ctx.Process(target=_on_one_core, args=(q,))
    child.start()
    child.join(60)
    if child.is_alive():
        child.kill()
        pytest.fail("the child on one core never answered")
    assert q.get(timeout=5) is True
