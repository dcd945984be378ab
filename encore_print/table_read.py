"""Reading a table's photos in parallel, with memory bounded however many there are.

Each worker process reads one photo at a time and sends back only what the table needs: the
scored sheet (a few kilobytes) and, when a report shows them, a downscaled overlay and the crop
of the name line as compressed image bytes. No full-size photo or rectified sheet ever leaves a
worker, so the parent holds a few hundred kilobytes per sheet at most.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from .errors import UserError
from .layout import Layout
from .report import SheetResult
from .sources import Source

# The overlay in a report: wide enough to see every cross and the breakdown panel's words.
OVERLAY_WIDTH_PX = 900
OVERLAY_JPEG_QUALITY = 85  # a photo: JPEG is 5-10 times smaller than PNG here
NAME_PX_PER_MM = 6.0  # handwriting on the name line stays legible


@dataclass(frozen=True)
class Task:
    index: int
    source: Source
    layouts: dict[int, Layout]  # extra layouts by code (--layout)
    images: bool  # also make the overlay and the name crop


@dataclass
class Outcome:
    index: int
    source: str
    result: SheetResult | None = None
    error: str = ""  # one sentence, when the photo could not be read
    exit_code: int = 0
    digest: str = ""  # sha256 of the file (with the page's number, for a page of a PDF)
    overlay_jpeg: bytes = b""
    name_png: bytes = b""


def read_one(task: Task) -> Outcome:
    """Read and score one photo; any failure becomes the outcome's error, never an exception,
    so one bad photo does not stop the table."""
    from .read.sheet import read_photo
    from .report import score_marks

    src = task.source
    out = Outcome(task.index, src.name)
    try:
        digest = hashlib.sha256(src.path.read_bytes()).hexdigest()
        out.digest = digest if src.page is None else f"{digest}#page={src.page}"
    except OSError:
        pass  # read_photo says what is wrong with the file
    try:
        reading = read_photo(src.path, task.layouts, src.page)
        out.result = score_marks(src.name, reading.layout, reading.marks, notes=reading.notes)
        if task.images:
            out.overlay_jpeg, out.name_png = _images(reading.sheet_bgr, out.result)
    except UserError as e:
        out.error, out.exit_code = e.format_message(), e.exit_code
    except Exception as e:  # noqa: BLE001 - a reader bug on one odd photo must not stop the table
        out.error = f"{src.name}: could not be read ({type(e).__name__}: {e}); please report it"
        out.exit_code = 1
    return out


def _images(sheet_bgr, result: SheetResult) -> tuple[bytes, bytes]:
    import cv2

    from .geometry import geometry
    from .overlay import draw_overlay
    from .read import tuning

    px = tuning.PX_PER_MM
    g = geometry(result.layout)
    over = draw_overlay(sheet_bgr, px, g, result)
    f = min(1.0, OVERLAY_WIDTH_PX / over.shape[1])
    over = cv2.resize(over, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    _, jpeg = cv2.imencode(".jpg", over, [cv2.IMWRITE_JPEG_QUALITY, OVERLAY_JPEG_QUALITY])
    x, y, w, h = (round(v * px) for v in g.frames["name"])
    name = sheet_bgr[max(0, y):y + h, max(0, x):x + w]
    f = NAME_PX_PER_MM / px
    name = cv2.resize(name, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    _, png = cv2.imencode(".png", name, [cv2.IMWRITE_PNG_COMPRESSION, 6])
    return jpeg.tobytes(), png.tobytes()


def _init_worker() -> None:
    from .read.helper import one_core  # (OpenCV imported where it is needed)

    one_core()


def read_all(sources: list[Source], layouts: dict[int, Layout], images: bool, jobs: int,
             on_done: Callable[[Outcome], None] | None = None) -> list[Outcome]:
    """Every sheet's outcome, in the order given; `on_done` is called as each one finishes."""
    tasks = [Task(k, s, layouts, images) for k, s in enumerate(sources)]
    done: list[Outcome] = []
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            done.append(read_one(t))
            if on_done:
                on_done(done[-1])
        return done
    # spawn, not fork: a forked child inherits OpenCV's thread pool in an unknown state
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=ctx,
                             initializer=_init_worker) as pool:
        for fut in as_completed([pool.submit(read_one, t) for t in tasks]):
            done.append(fut.result())
            if on_done:
                on_done(done[-1])
    return sorted(done, key=lambda o: o.index)


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may use, not the machine's
    except AttributeError:
        return os.cpu_count() or 1
