"""Whose mark is it: a cell read crossed whose pen, through its middle, is mostly a
neighbour's mark reaching in (a hurried player's cross or scribble overshooting its own box).

A cell's patch sees only itself, so the cells' pen is laid out on one map of the whole grid,
where a stroke can be followed across the borders between cells."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import cv2
import numpy as np

from . import tuning

if TYPE_CHECKING:
    from .judge import Patch

# the grid's map at 1/OWNER_STEP of the reading's resolution: 2 ms instead of 4.3 on a
# sheet's 105 cells (benchmarks/score.py --sheets 0 reads a phone's photo in ~90 ms)
OWNER_STEP = 2


@dataclass(frozen=True)
class PenBetween:
    """Per cell and cell (`ids`: the cells, in order), the pen in the second of the marks
    that run through the first's middle (`pen_of`); per cell and mark, the mark's pen in the
    cell (`pen_by_mark`); and which cells are neighbours (their boxes within half a
    millimetre)."""

    ids: tuple[str, ...]
    pen_of: np.ndarray
    pen_by_mark: np.ndarray
    near: np.ndarray


def borrowed_pen(between: PenBetween | None, crossed: set[str], slight: set[str] = frozenset()
                 ) -> dict[str, float]:
    """Per cell of `crossed` (ids of cells read crossed) whose pen through its middle belongs
    to marks lying mostly in a crossed neighbour: how many times more of those marks' pen lies
    in that neighbour than in the cell (NEIGHBOURS_MARK or more; NEIGHBOURS_MARK_SLIGHT or
    more where that pen is `slight`, see slight_pen). Where it is slight, also marks lying
    NEIGHBOURS_CHAIN times as much in all its neighbours together, crossed or not (then that
    figure). `between`: see pen_between."""
    if between is None or not crossed:
        return {}
    ids, pen_of = between.ids, between.pen_of
    own = np.diagonal(pen_of)
    read = np.array([i in crossed for i in ids])
    lent = np.where(between.near & read[None, :], pen_of, 0).max(axis=1)
    is_slight = np.array([i in slight for i in ids])
    weight = np.where(is_slight, tuning.NEIGHBOURS_MARK_SLIGHT, tuning.NEIGHBOURS_MARK)
    # hurried scribbles all round a cell can run into one mark, spread so evenly over the
    # neighbours that none holds much more of it than the cell: weighed together
    around = np.where(between.near, pen_of, 0).sum(axis=1)
    chained = is_slight & (around >= tuning.NEIGHBOURS_CHAIN * own)
    by_one = lent >= weight * own
    doubt = read & (own > 0) & (by_one | chained)
    weighed = np.where(by_one, lent, around)
    return {ids[k]: round(float(weighed[k] / own[k]), 1) for k in np.flatnonzero(doubt)}


def foreign_pen(between: PenBetween | None, crossed: set[str], cells: set[str]
                ) -> dict[str, float]:
    """Per cell of `cells` that holds pen, the share of it that belongs to marks lying
    NEIGHBOURS_TAIL times as much or more in one neighbour of `crossed`: the tails of the
    neighbours' crosses reaching in. `between`: see pen_between."""
    if between is None or not cells:
        return {}
    ids, by_mark = between.ids, between.pen_by_mark
    read = np.array([i in crossed for i in ids])
    out = {}
    for k, i in enumerate(ids):
        lenders = np.flatnonzero(between.near[k] & read)
        own = by_mark[k]
        total = own.sum()
        if i not in cells or total <= 0:
            continue
        if lenders.size:
            theirs = by_mark[lenders].max(axis=0)
            out[i] = round(float(own[theirs >= tuning.NEIGHBOURS_TAIL * own].sum() / total), 3)
        else:
            out[i] = 0.0
    return out


def own_marks(between: PenBetween | None, sure: set[str], asked: set[str]) -> dict[str, float]:
    """Per cell of `asked`, the pen of its own marks (each lying more in it than in any one
    neighbour: no neighbour's stroke reaching in), as a share of a typical cross's pen in its
    cell (of `sure`, the cells crossed beyond doubt, when there are three; else none)."""
    if between is None or not asked:
        return {}
    by_mark = between.pen_by_mark
    typical = by_mark[[i in sure for i in between.ids]].sum(axis=1)
    typ = float(np.median(typical)) if typical.size >= 3 else 0.0
    if typ <= 0:
        return {}
    out = {}
    for k, i in enumerate(between.ids):
        if i in asked:
            own = by_mark[k]
            theirs = by_mark[between.near[k]].max(axis=0, initial=0.0)
            out[i] = round(float(own[own > theirs].sum()) / typ, 2)
    return out


def slight_pen(between: PenBetween | None, sure: set[str]) -> set[str]:
    """The cells whose pen through the middle is slight: under SLIGHT_PEN of the typical
    cross's of `sure` (the cells crossed beyond doubt), when there are three; none else."""
    if between is None:
        return set()
    # a player's own cross, however hurried, puts about as much pen through its middle as
    # their others do: a neighbour's stroke reaching in, a fraction of that
    own = np.diagonal(between.pen_of)
    typical = own[[i in sure for i in between.ids]]
    if typical.size < 3:
        return set()
    limit = tuning.SLIGHT_PEN * np.median(typical)
    return {i for i, o in zip(between.ids, own) if o < limit}


def pen_between(cells: list[Patch], t: float, px_per_mm: float) -> PenBetween | None:
    """The cells' marks and where their pen lies (see PenBetween); None without cells. `t`:
    the pen threshold of the sheet's ink maps. Needs no verdict: worked out on the helper
    while the judge reads the boxes.

    Strokes are followed on pen above FOLLOW_PEN of the threshold (a hurried stroke pales along
    its length) and across the print that hides pen (the borders between colours), as far as
    FOLLOW_ACROSS_MM / 2 from pen either side; only the pen above the threshold is weighed. Two
    crosses that touch weigh about alike, in a chain of them too; a cell's own cross touched
    by a neighbour's overshoot weighs its own pen and the overshoot together."""
    if not cells:
        return None
    # the map at half the resolution, each pixel the darkest of the four it stands for:
    # strokes are followed here, not measured, and a pale stroke keeps its pixels
    s = OWNER_STEP
    ink, _, shows, (x0, y0) = laid_out(cells, s)
    ink, shows = _pooled(ink, s, np.maximum), _pooled(shows, s, np.logical_and)
    pen = (ink > t).view(np.uint8)
    weak = (ink > t * tuning.FOLLOW_PEN).view(np.uint8)
    hidden = (~shows).view(np.uint8)
    x0, y0 = x0 // s, y0 // s
    px_per_mm /= s
    k = 2 * round(tuning.STROKE_JOIN_MM * px_per_mm / 2) + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    b = 2 * round(tuning.FOLLOW_ACROSS_MM * px_per_mm / 2) + 1
    across = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (b, b))
    joined = cv2.morphologyEx(weak, cv2.MORPH_CLOSE, kernel) | (hidden & cv2.dilate(weak, across))
    n, labels = cv2.connectedComponents(joined, connectivity=8)
    ids = tuple(p.element.id for p in cells)
    where, middle, area, near = _grid(tuple(p.element.box_mm for p in cells), (x0, y0),
                                      labels.shape, px_per_mm)
    m = len(ids)
    at = np.flatnonzero(pen)  # (few pixels: the rest is paper; all of them on some mark)
    marks = labels.ravel()[at]
    # per cell, its pen of each mark; (a star's outline hides much of a cross through it: what
    # shows of a cell's pen counts as the whole would, as for its coverage)
    weights = np.bincount(where.ravel()[at] * n + marks, minlength=(m + 1) * n
                          ).reshape(-1, n)[:-1].astype(np.float32)
    visible = 1 - np.bincount(where[hidden > 0], minlength=m + 1)[:-1] / area
    weights /= np.maximum(visible, tuning.COVER_SEEN_FLOOR)[:, None]
    # per cell, the marks through its middle; then, per cell and cell, the pen of the first's
    # middle's marks in the second (by einsum, 0.1 ms, not `@`: numpy multiplies matrices
    # through BLAS, whose threads stall for milliseconds while the helper holds the other core)
    through = np.bincount(middle.ravel()[at] * n + marks, minlength=(m + 1) * n
                          ).reshape(-1, n)[:-1] > 0
    pen_of = np.einsum("ik,jk->ij", through.astype(np.float32), weights)
    return PenBetween(ids, pen_of, weights, near)


def laid_out(patches: list[Patch], s: int = 1
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[int, int]]:
    """The patches' ink on one map (the darker where they overlap), where some patch lies,
    where none hides its pen under the print (Patch.seen), and the map's origin (pixels); the
    origin and the sides multiples of `s`."""
    x0 = min(p.origin_px[0] for p in patches) // s * s
    y0 = min(p.origin_px[1] for p in patches) // s * s
    x1 = max(p.origin_px[0] + p.ink.shape[1] for p in patches)
    y1 = max(p.origin_px[1] + p.ink.shape[0] for p in patches)
    h, w = -(-(y1 - y0) // s) * s, -(-(x1 - x0) // s) * s
    ink, lies, shows = np.zeros((h, w), np.float32), np.zeros((h, w), bool), np.ones((h, w), bool)
    for p in patches:
        ox, oy = p.origin_px[0] - x0, p.origin_px[1] - y0
        box = np.s_[oy:oy + p.ink.shape[0], ox:ox + p.ink.shape[1]]
        np.maximum(ink[box], p.ink, out=ink[box])
        lies[box] = True
        if p.seen is not None:
            shows[box] &= p.seen
    return ink, lies, shows, (x0, y0)


def _pooled(a: np.ndarray, s: int, combine) -> np.ndarray:
    """`a` (its sides multiples of s) at 1/s of its size, each pixel the s × s it stands for
    combined (numpy's reduction over the axes of a reshaped array is ten times slower)."""
    out = a[::s, ::s].copy()
    for dy in range(s):
        for dx in range(s):
            if dy or dx:
                combine(out, a[dy::s, dx::s], out=out)
    return out


@lru_cache(maxsize=4)
def _grid(boxes_mm: tuple[tuple[float, ...], ...], origin: tuple[int, int],
          shape: tuple[int, int], px_per_mm: float):
    """The cells on the grid's map: which cell each pixel lies in, and in whose middle (see
    middle_of) it lies (the number of cells where none); each cell's area; which cells are
    neighbours (their boxes within half a millimetre: cells × cells). The same for every photo
    of a layout: kept."""
    where = np.full(shape, len(boxes_mm), np.int32)
    middle = where.copy()
    boxes = []
    for k, (x, y, w, h) in enumerate(boxes_mm):
        a, b = round(x * px_per_mm) - origin[0], round(y * px_per_mm) - origin[1]
        c, d = round((x + w) * px_per_mm) - origin[0], round((y + h) * px_per_mm) - origin[1]
        where[b:d, a:c] = k
        middle[b:d, a:c][middle_of((d - b, c - a))] = k
        boxes.append((a, b, c, d))
    x0, y0, x1, y1 = np.array(boxes, float).T
    touch = 0.5 * px_per_mm
    near = ((x0[None] <= x1[:, None] + touch) & (x1[None] >= x0[:, None] - touch)
            & (y0[None] <= y1[:, None] + touch) & (y1[None] >= y0[:, None] - touch))
    np.fill_diagonal(near, False)
    return where, middle, (x1 - x0) * (y1 - y0), near


@lru_cache(maxsize=16)
def middle_of(shape: tuple[int, int]) -> np.ndarray:
    """The middle of a box of `shape`: the ellipse within PEN_MIDDLE of its size from its
    centre."""
    v = (np.arange(shape[0]) - (shape[0] - 1) / 2) / shape[0]
    u = (np.arange(shape[1]) - (shape[1] - 1) / 2) / shape[1]
    return np.hypot(v[:, None], u[None, :]) <= tuning.PEN_MIDDLE


def lent_to_values(values: list[Patch], t: float, lenders: set[str], asked: set[str],
                   px_per_mm: float) -> dict[str, tuple[float, np.ndarray]]:
    """Per value of `asked` (ids of `values`, patches of one kind) with pen in its patch: the
    share of that pen that belongs to a neighbour's circle or stroke reaching round it, and
    where that lies in its patch (bool, the patch's shape). Such a mark lies more about one
    value of `lenders` whose patch meets this one's than about this one, and NEIGHBOURS_TAIL
    times as much about the others together: a circle drawn wide round a value lies about
    the values round it too. Pen lies about the value whose middle is nearest (in half-sizes
    of each). `t`: the pen threshold of the values' ink maps."""
    ink, _, _, (x0, y0) = laid_out(values)
    pen = (ink > t).view(np.uint8)
    k = 2 * round(tuning.STROKE_JOIN_MM * px_per_mm / 2) + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    n, labels = cv2.connectedComponents(cv2.morphologyEx(pen, cv2.MORPH_CLOSE, kernel),
                                        connectivity=8)
    ys, xs = np.nonzero(pen)
    marks = labels[ys, xs]
    centres = np.array([centre_on_map(p.element.box_mm, px_per_mm, x0, y0) for p in values])
    nearest = np.hypot((xs[:, None] - centres[:, 0]) / centres[:, 2],
                       (ys[:, None] - centres[:, 1]) / centres[:, 3]).argmin(axis=1)
    about = np.bincount(nearest * n + marks, minlength=len(values) * n).reshape(-1, n)
    total = about.sum(axis=0)
    spans = [(p.origin_px[0] - x0, p.origin_px[1] - y0, p.ink.shape[1], p.ink.shape[0])
             for p in values]
    out = {}
    for a, p in enumerate(values):
        ax, ay, aw, ah = spans[a]
        here = labels[ay:ay + ah, ax:ax + aw] * (pen[ay:ay + ah, ax:ax + aw] > 0)
        if p.element.id not in asked or not here.any():
            continue
        others = [b for b, q in enumerate(values) if q.element.id in lenders and b != a
                  and _meet(spans[a], spans[b])]
        if not others:
            out[p.element.id] = (0.0, np.zeros(here.shape, bool))
            continue
        most, mine = about[others].max(axis=0), about[a]
        theirs = (most > 0) & (most >= mine) & (total - mine >= tuning.NEIGHBOURS_TAIL * mine)
        theirs[0] = False  # (label 0: the paper)
        lent = theirs[here]
        out[p.element.id] = (float(lent.sum() / np.count_nonzero(here)), lent)
    return out


def centre_on_map(box_mm: tuple[float, ...], px_per_mm: float, x0: int, y0: int
                  ) -> tuple[float, float, float, float]:
    """A value's centre on a map laid out from `x0`, `y0` (see laid_out) and its half-sizes
    (pixels)."""
    x, y, w, h = box_mm
    return (x + w / 2) * px_per_mm - x0, (y + h / 2) * px_per_mm - y0, \
        w / 2 * px_per_mm, h / 2 * px_per_mm


def _meet(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    """Whether two patches (x, y, w, h on one map) overlap."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
