"""Solo roll slashes: how many pen strokes cross each column letter box (`letter:A` …).

Used only for solo games (encore-print score --solo); the reading of every other element is
untouched. The pen is found as elsewhere, by comparing the photo with the blank sheet under the
photo's own light; the strokes are then counted as straight lines, found one after the other in
a Hough vote and taken away, so an X counts as two and so does "//".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from ..geometry import Element, geometry
from . import tuning
from .ink import ink, light_field
from .rectify import displacement
from .sheet import Reading, _best_blank

# A slash reaches at least this share of the box's shorter side: a hurried one is drawn small,
# but longer than the printed letter is tall, whose edges may show where print and photo differ.
MIN_REACH = 0.55
# Pen within this distance of a line belongs to it: a hand-drawn stroke bows and wobbles.
BAND_MM = 0.55
# Along a line, in slices of 0.4 mm, the share of those where pen could be seen (not on the dark
# print, where the reader is blind, nor on a slash already counted) that hold pen: a stroke is
# continuous; specks that happen to line up are not. Between DOUBT and SURE: uncertain.
SLICE_MM = 0.4
SURE = 0.75
DOUBT = 0.5
# "Barre oblique": slashes lie between 20° and 80° from the horizontal, either way, which also
# keeps the box's own border and the letters' upright strokes out of the count.
ANGLES = np.deg2rad(np.concatenate([np.arange(110, 171, 2.0), np.arange(10, 71, 2.0)]))
MAX_LINES = 4  # no box is slashed more often; enough to see a third slash
VISIBLE_PRINT = 140  # grey level of the blank above which pen shows against the print


@dataclass(frozen=True)
class SlashCount:
    id: str  # letter:A
    count: int
    uncertain: bool


def count_slashes(reading: Reading) -> list[SlashCount]:
    layout = reading.layout
    g = geometry(layout)
    px = tuning.PX_PER_MM
    boxes = [Element(f"letter:{c}", "letter", g.frames[f"letter:{c}"]) for c in layout.columns]
    rgb = cv2.cvtColor(reading.sheet_bgr, cv2.COLOR_BGR2RGB)
    blank = _best_blank(layout, rgb)
    light = light_field(rgb, blank, px)
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    shifts = displacement(grey, blank.grey, replace(g, elements=tuple(boxes)), px)
    maps, seen = [], []
    for e, (dx, dy) in zip(boxes, shifts):
        x, y, w, h = e.box_mm
        m = 0.6  # slashes overshoot the box a little
        x0, y0 = max(0, round((x - m) * px)), max(0, round((y - m) * px))
        x1, y1 = round((x + w + m) * px), round((y + h + m) * px)
        sx, sy = round(dx), round(dy)
        photo = rgb[y0 + sy:y1 + sy, x0 + sx:x1 + sx]
        expected = blank.darkest[y0:y1, x0:x1] * light[y0 + sy:y1 + sy, x0 + sx:x1 + sx]
        visible = blank.darkest[y0:y1, x0:x1].mean(axis=2) >= VISIBLE_PRINT
        m = ink(photo, expected)
        # the box's own paper level: what is left of shadows the light field did not catch
        base = np.percentile(m[visible], tuning.BASELINE_PERCENTILE) if visible.any() else 0.0
        maps.append(np.clip(m - base, 0, 1))
        seen.append(visible)
    t = _threshold(maps)
    return [_count(e.id, m > t, v, min(e.box_mm[2], e.box_mm[3]), px)
            for e, m, v in zip(boxes, maps, seen)]


def _threshold(maps: list[np.ndarray]) -> float:
    """Pen against paper on these boxes: above the quietest boxes' noise and a fair part of how
    dark the strokes are (as judge.pixel_threshold does for the other elements)."""
    # paper noise: the median pixel of a box is paper even when every box is slashed twice;
    # three times it is about the 95th percentile of noise alone
    noise = 3 * float(np.median([np.percentile(m, 50) for m in maps]))
    values = np.concatenate([m.ravel() for m in maps])
    strong = values[values > tuning.MIN_PIXEL_INK]
    pen = float(np.percentile(strong, 90)) if strong.size > tuning.MIN_PEN_PIXELS else 1.0
    return max(tuning.MIN_PIXEL_INK, noise, tuning.PEN_FRACTION * pen)


def _count(box_id: str, pen: np.ndarray, visible: np.ndarray, side_mm: float,
           px: float) -> SlashCount:
    """Lines one after the other: the best-voted line, kept when it reaches across the box and
    its pen is continuous where pen can be seen; its pen is then taken away and its band made
    blind, so the next line is another stroke."""
    pen = _strokes(pen, px)
    ys, xs = np.mgrid[0:pen.shape[0], 0:pen.shape[1]]
    grid = np.column_stack([xs.ravel(), ys.ravel()]).astype(np.float32) / px  # mm
    left = pen.ravel().copy()
    blind = ~visible.ravel()
    # a felt-tip stroke, blurred by the camera, is wider than the band: what is taken away
    # with a counted line must cover the whole stroke, or its edges are found again
    width = _stroke_width(pen, px)
    wide = max(BAND_MM, width / 2 + 0.3)
    lines: list[tuple[float, float]] = []
    count, doubtful = 0, False
    for _ in range(2 * MAX_LINES):
        if not left.any() or count >= MAX_LINES:
            break
        a, r = _vote(grid[left], BAND_MM)
        rho = grid[:, 0] * math.cos(a) + grid[:, 1] * math.sin(a)
        on_band = np.abs(rho - r) <= BAND_MM
        along = -grid[:, 0] * math.sin(a) + grid[:, 1] * math.cos(a)
        hits = along[on_band & left]
        if hits.size < 5:
            break
        if any(abs(a - a0) < math.radians(12) and abs(r - r0) < 2 * wide for a0, r0 in lines):
            left &= ~on_band  # what is left of a stroke already counted
            continue
        lo, hi = np.percentile(hits, 2), np.percentile(hits, 98)
        cont = _continuity(along, on_band, left, blind, lo, hi)
        if hi - lo < MIN_REACH * side_mm or cont < SURE:
            doubtful |= hi - lo >= 0.8 * MIN_REACH * side_mm and cont >= DOUBT
            break
        count += 1
        lines.append((a, r))
        stroke = np.abs(rho - r) <= wide
        left &= ~stroke
        blind |= stroke
    return SlashCount(box_id, count, doubtful)


def _strokes(pen: np.ndarray, px: float) -> np.ndarray:
    """Pen pixels that belong to strokes: joined where grainy, specks dropped."""
    k = 2 * round(tuning.STROKE_JOIN_MM * px / 2) + 1
    pen = cv2.morphologyEx(pen.astype(np.uint8), cv2.MORPH_CLOSE,
                           cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(pen, connectivity=8)
    keep = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] >= tuning.MIN_STROKE_MM2 * px ** 2)
    return np.isin(labels, keep[keep > 0])


def _stroke_width(pen: np.ndarray, px: float) -> float:
    """Typical stroke width in mm: twice the distance from a stroke's middle to its edge."""
    dist = cv2.distanceTransform(pen.astype(np.uint8), cv2.DIST_L2, 3)
    ridge = dist[(dist >= cv2.dilate(dist, np.ones((3, 3), np.uint8))) & (dist > 0)]
    return float(np.clip(2 * np.median(ridge) / px, 0.2, 2.0)) if ridge.size else 0.5


def _vote(pts: np.ndarray, band: float) -> tuple[float, float]:
    """Hough vote: the (angle, distance) of the line with the most pen within `band` of it."""
    best = (-1, 0.0, 0.0)
    for a in ANGLES:
        rho = pts[:, 0] * math.cos(a) + pts[:, 1] * math.sin(a)
        lo = float(rho.min())
        hist = np.bincount(((rho - lo) / band).astype(int))
        votes = hist[:-1] + hist[1:] if len(hist) > 1 else hist
        i = int(np.argmax(votes))
        if votes[i] > best[0]:
            best = (int(votes[i]), float(a), lo + (i + 1) * band)
    return best[1], best[2]


def _continuity(along: np.ndarray, on_band: np.ndarray, pen: np.ndarray, blind: np.ndarray,
                lo: float, hi: float) -> float:
    """Share of the line's slices between lo and hi, where pen could be seen, that hold pen."""
    sel = on_band & (along >= lo) & (along <= hi)
    k = ((along[sel] - lo) / SLICE_MM).astype(int)
    n = int(k.max()) + 1 if k.size else 0
    seen = np.bincount(k, weights=~blind[sel], minlength=n)
    total = np.bincount(k, minlength=n)
    inked = np.bincount(k, weights=pen[sel] & ~blind[sel], minlength=n)
    usable = seen >= 0.5 * total
    return float((inked[usable] > 0).sum() / usable.sum()) if usable.any() else 0.0
