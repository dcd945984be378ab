"""Whose mark is it: a cell read crossed whose pen, through its middle, is mostly a
neighbour's mark reaching in (a hurried player's cross or scribble overshooting its own box).

A cell's patch sees only itself, so the cells' pen is laid out on one map of the whole grid,
where a stroke can be followed across the borders between cells."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import cv2
import numpy as np

from . import tuning

if TYPE_CHECKING:
    from .judge import Patch


def borrowed_pen(cells: list[Patch], t: float, px_per_mm: float, crossed: set[str]
                 ) -> dict[str, float]:
    """Per cell of `crossed` (ids of cells read crossed) whose pen through its middle belongs
    to marks lying mostly in a crossed neighbour: how many times more of those marks' pen lies
    in that neighbour than in the cell (NEIGHBOURS_MARK or more only). `t`: the pen threshold
    of the sheet's ink maps.

    Strokes are followed on pen above half the threshold (a hurried stroke pales along its
    length) and across the print that hides pen (the borders between colours), as far as
    FOLLOW_ACROSS_MM / 2 from pen either side; only the pen above the threshold is weighed. Two
    crosses that touch weigh about alike, in a chain of them too; a cell's own cross touched
    by a neighbour's overshoot weighs its own pen and the overshoot together."""
    if not crossed:
        return {}
    x0 = min(p.origin_px[0] for p in cells)
    y0 = min(p.origin_px[1] for p in cells)
    x1 = max(p.origin_px[0] + p.ink.shape[1] for p in cells)
    y1 = max(p.origin_px[1] + p.ink.shape[0] for p in cells)
    pen, weak, hidden = (np.zeros((y1 - y0, x1 - x0), np.uint8) for _ in range(3))
    for p in cells:
        ox, oy = p.origin_px[0] - x0, p.origin_px[1] - y0
        at = np.s_[oy:oy + p.ink.shape[0], ox:ox + p.ink.shape[1]]
        pen[at] |= p.ink > t
        weak[at] |= p.ink > t * tuning.FOLLOW_PEN
        if p.seen is not None:
            hidden[at] |= ~p.seen
    k = 2 * round(tuning.STROKE_JOIN_MM * px_per_mm / 2) + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    b = 2 * round(tuning.FOLLOW_ACROSS_MM * px_per_mm / 2) + 1
    across = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (b, b))
    joined = cv2.morphologyEx(weak, cv2.MORPH_CLOSE, kernel) | (hidden & cv2.dilate(weak, across))
    n, labels = cv2.connectedComponents(joined, connectivity=8)
    labels[pen == 0] = 0
    ids = tuple(p.element.id for p in cells)
    where, area, boxes, near = _grid(tuple(p.element.box_mm for p in cells), (x0, y0), labels.shape,
                               px_per_mm)
    # per cell, its pen of each mark; (a star's outline hides much of a cross through it: what
    # shows of a cell's pen counts as the whole would, as for its coverage)
    inked = labels > 0  # (few pixels: the rest is paper)
    weights = np.bincount(where[inked] * n + labels[inked], minlength=(len(ids) + 1) * n
                          ).reshape(-1, n)[:-1].astype(np.float32)
    shows = 1 - np.bincount(where[hidden > 0], minlength=len(ids) + 1)[:-1] / area
    weights /= np.maximum(shows, tuning.COVER_SEEN_FLOOR)[:, None]
    out = {}
    for k, i in enumerate(ids):
        if i not in crossed:
            continue
        a, b, c, d = boxes[k]
        inside = labels[b:d, a:c]
        marks = np.unique(inside[middle_of(inside.shape) & (inside > 0)])
        own = weights[k, marks].sum()
        lent = [weights[j, marks].sum() for j in near[k] if ids[j] in crossed]
        if own and lent and max(lent) >= tuning.NEIGHBOURS_MARK * own:
            out[i] = round(float(max(lent) / own), 1)
    return out


@lru_cache(maxsize=4)
def _grid(boxes_mm: tuple[tuple[float, ...], ...], origin: tuple[int, int],
          shape: tuple[int, int], px_per_mm: float):
    """The cells on the grid's map: which cell each pixel lies in (the number of cells where
    none), each cell's area and box (x0, y0, x1, y1 on the map) and its neighbours (the cells whose
    boxes lie within half a millimetre). The same for every photo of a layout: kept."""
    where = np.full(shape, len(boxes_mm), np.int32)
    boxes = []
    for k, (x, y, w, h) in enumerate(boxes_mm):
        box = (round(x * px_per_mm) - origin[0], round(y * px_per_mm) - origin[1],
               round((x + w) * px_per_mm) - origin[0], round((y + h) * px_per_mm) - origin[1])
        where[box[1]:box[3], box[0]:box[2]] = k
        boxes.append(box)
    touch = 0.5 * px_per_mm
    near = [[j for j, (a2, b2, c2, d2) in enumerate(boxes) if j != k and a2 <= c + touch
             and c2 >= a - touch and b2 <= d + touch and d2 >= b - touch]
            for k, (a, b, c, d) in enumerate(boxes)]
    area = np.array([(d - b) * (c - a) for a, b, c, d in boxes], np.float32)
    return where, area, boxes, near


@lru_cache(maxsize=16)
def middle_of(shape: tuple[int, int]) -> np.ndarray:
    """The middle of a box of `shape`: the ellipse within PEN_MIDDLE of its size from its
    centre."""
    v = (np.arange(shape[0]) - (shape[0] - 1) / 2) / shape[0]
    u = (np.arange(shape[1]) - (shape[1] - 1) / 2) / shape[1]
    return np.hypot(v[:, None], u[None, :]) <= tuning.PEN_MIDDLE
