"""The reader's helper thread: work given to it is done, also in a forked child; the GIL passes
between it and the reading thread often while a photo is read."""

import multiprocessing
import subprocess
import sys
import threading

import pytest

from encore_print.read import helper, sheet
from encore_print.read.helper import SWITCH_S, Shared, handing_over_often, meanwhile, one_core


def test_meanwhile_and_shared_jobs():
    assert meanwhile(sum, [1, 2, 3]).result() == 6
    jobs = Shared(lambda x: x * x, list(range(50)))
    there = meanwhile(jobs.work)
    jobs.work()
    there.result()
    assert jobs.results == [x * x for x in range(50)]


@pytest.mark.skipif(helper._cores() < 2, reason="on one core each job is done when given")
def test_a_job_given_first_goes_before_those_not_begun():
    busy, order = threading.Event(), []
    meanwhile(busy.wait, 30)  # (begun: it keeps the helper busy while the others are given)
    later = meanwhile(order.append, "later")
    soon = meanwhile(order.append, "first", first=True)
    busy.set()
    soon.result(), later.result()
    assert order == ["first", "later"]


def test_an_error_on_the_helper_is_raised_where_its_result_is_asked_for():
    with pytest.raises(ZeroDivisionError):
        meanwhile(lambda: 1 / 0).result()
    assert meanwhile(sum, [2, 3]).result() == 5  # (and the helper works on)


@pytest.mark.skipif(helper._cores() < 2, reason="on one core each job is done when given")
def test_at_exit_the_helper_ends_its_job_under_way_and_drops_the_rest(tmp_path):
    # (as after a photo refused partway: nobody waits for what is left)
    code = f"""
import pathlib, time
from encore_print.read.helper import meanwhile
def mark(name, wait=0.0):
    time.sleep(wait)
    (pathlib.Path({str(tmp_path)!r}) / name).touch()
meanwhile(mark, "under way", 0.5)
meanwhile(mark, "not begun")
time.sleep(0.1)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["under way"]


def _answer(method: str, target, why_stuck: str, wait: float = 30):
    """What `target(queue)` puts in its queue, in a child process started by `method`."""
    ctx = multiprocessing.get_context(method)
    q = ctx.Queue()
    child = ctx.Process(target=target, args=(q,))
    child.start()
    child.join(wait)
    if child.is_alive():
        child.kill()
        pytest.fail(why_stuck)
    return q.get(timeout=5)


def _in_child(q):
    q.put(meanwhile(sum, [4, 5]).result())


@pytest.mark.skipif(sys.platform == "win32", reason="no fork")
def test_helper_works_in_a_forked_child():
    meanwhile(sum, [1]).result()  # the parent's helper thread exists before the fork
    stuck = "the child waited forever for its parent's helper thread"
    assert _answer("fork", _in_child, stuck) == 9


def _on_one_core(q):
    one_core()
    q.put(meanwhile(lambda: threading.current_thread() is threading.main_thread()).result())


def test_a_process_on_one_core_reads_without_the_helper():
    # spawned, as a table's worker processes are (one_core holds for the rest of a process)
    assert _answer("spawn", _on_one_core, "the child on one core never answered", 60) is True


def test_the_gil_is_handed_over_often_while_reading_only(monkeypatch):
    before = sys.getswitchinterval()
    with handing_over_often():
        assert sys.getswitchinterval() == min(SWITCH_S, before)
        with handing_over_often():  # (another reading, in a thread of its own)
            pass
        assert sys.getswitchinterval() == min(SWITCH_S, before)  # the first is not done
    assert sys.getswitchinterval() == before
    monkeypatch.setattr(sheet, "_read_decoded", lambda photo, layouts: sys.getswitchinterval())
    assert sheet.read_decoded(None) == min(SWITCH_S, before)
    assert sys.getswitchinterval() == before
