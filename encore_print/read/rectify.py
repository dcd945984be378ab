"""Photo → the sheet in its own millimetre frame, then aligned locally to the blank sheet so a
cell is read exactly where it was printed, even on paper that is not quite flat."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from ..geometry import Element, SheetGeometry, element_centres
from . import tuning
from .ink import Blank
from .judge import is_small


def rectify(photo: np.ndarray, to_mm: np.ndarray, sheet_mm: tuple[float, float],
            px_per_mm: float, bend: np.ndarray | None = None) -> np.ndarray:
    """Warp `photo` so that pixel (x, y) shows sheet point (x, y) / px_per_mm mm; or, with
    `bend` (h × w × 2, px: see flatten.flat_field), the point (x, y) + bend[y, x] of a sheet
    that does not lie flat."""
    w, h = round(sheet_mm[0] * px_per_mm), round(sheet_mm[1] * px_per_mm)
    to_px = np.diag([px_per_mm, px_per_mm, 1.0]) @ to_mm
    # a much finer photo would alias thin pen strokes away: shrink it first, smoothly
    photo_per_mm = photo_px_per_mm(to_mm, sheet_mm)
    shrink = photo_per_mm / px_per_mm
    if shrink > 1.6:
        f = 1.0 / (shrink / 1.2)
        photo = cv2.resize(photo, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        to_px = to_px @ np.diag([1 / f, 1 / f, 1.0])
    if bend is None:
        return cv2.warpPerspective(photo, to_px, (w, h), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
    # once from the photo, not from the flat warp: a second resampling would smooth the
    # photo's noise, unevenly, where specks are measured against it
    xs, ys = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    at = np.stack([xs + bend[..., 0], ys + bend[..., 1]], axis=2)
    maps = cv2.perspectiveTransform(at.reshape(1, -1, 2), np.linalg.inv(to_px)).reshape(h, w, 2)
    return cv2.remap(photo, maps, None, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def photo_px_per_mm(to_mm: np.ndarray, sheet_mm: tuple[float, float]) -> float:
    """How many photo pixels one sheet millimetre spans, at the sheet's centre."""
    to_photo = np.linalg.inv(to_mm)
    c = np.array([sheet_mm[0] / 2, sheet_mm[1] / 2, 1.0])
    pts = np.stack([c, c + [10, 0, 0], c + [0, 10, 0]]) @ to_photo.T
    pts = pts[:, :2] / pts[:, 2:]
    return float(np.mean([np.linalg.norm(pts[1] - pts[0]), np.linalg.norm(pts[2] - pts[0])])
                 / 10)


def displacement(photo_grey: np.ndarray, blank: Blank, g: SheetGeometry,
                 px_per_mm: float, laid_flat: bool = False
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per element, the (dx, dy) in pixels that best lays the blank sheet over the photo
    around it, as found; the same smoothed over neighbours so a heavy scribble cannot drag one
    element away (see _smoothed; on a sheet `laid_flat`, an element matched well keeps its
    own); how well the print matched there (normalised correlation; NaN where the
    print is plain): near 0 where something lies over the sheet; and whether it may be read
    out of place (see _out_of_place; `laid_flat`: the sheet was found not to lie flat, and was
    laid flat); and how much of its print's contrast the photo shows (see _print_contrasts)."""
    f = tuning.ALIGN_PX_PER_MM / px_per_mm
    # matched in float32: OpenCV matches uint8 at half the speed
    small_p = cv2.resize(photo_grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA).astype(
        np.float32)
    raw, peaks = np.zeros((len(g.elements), 2)), np.full(len(g.elements), np.nan)
    m = _box_margin()
    shown: dict[int, np.ndarray] = {}  # per element, the photo over its box where it matched
    for k, x0, y0, sx0, sy0, sx1, sy1, tpl in _windows(blank, g.elements, px_per_mm):
        win = small_p[sy0:sy1, sx0:sx1]
        if win.shape[0] <= tpl.shape[0] or win.shape[1] <= tpl.shape[1]:
            continue
        res = cv2.matchTemplate(win, tpl, cv2.TM_CCOEFF_NORMED)
        _, peaks[k], _, (bx, by) = cv2.minMaxLoc(res)
        dx, dy = subpixel_peak(res, bx, by)
        raw[k] = (sx0 + dx - x0) / f, (sy0 + dy - y0) / f
        shown[k] = win[by + m:by + tpl.shape[0] - m, bx + m:bx + tpl.shape[1] - m]
    trusted = peaks >= tuning.ALIGN_MIN_PEAK
    shifts = _smoothed(raw, trusted, g.elements, px_per_mm)
    if laid_flat:
        # what is left of a bend once laid flat can change within a few elements, at the
        # edge that curled: there an element's own match, where good, tells its shift best
        shifts = np.where((peaks >= tuning.ALIGN_OWN_PEAK)[:, None], raw, shifts)
    return (raw, shifts, peaks, _out_of_place(raw, shifts, _neighbours(g.elements), trusted,
                                             px_per_mm, laid_flat),
            _print_contrasts(shown, _box_prints(blank, g.elements, px_per_mm), len(g.elements)))


def _print_contrasts(shown: dict[int, np.ndarray],
                     prints: list[tuple[np.ndarray, np.ndarray, np.ndarray]], n: int
                     ) -> np.ndarray:
    """Per element (of `n`; NaN where not `shown`, or where its print is too even), how much of
    its print's contrast the photo shows over its box: the slope of the photo (`shown`: grey,
    where the print matched) against the print (`prints`: see _box_prints) over the photo's
    paper level there. Light falling on the sheet scales print and paper alike and leaves it;
    light that a reflection adds never went through the print and lowers it, as it pales a
    pen's stroke. (So does blur, alike all over the sheet.) Fitted twice: the second time
    without what is well darker than the first fit, a pen's stroke. The elements of one size
    are fitted together."""
    out = np.full(n, np.nan)
    for ks, x, even in prints:
        here = [j for j, k in enumerate(ks) if k in shown and shown[k].size == x.shape[1]]
        if not here:
            continue
        ks, x, even = ks[here], x[here], even[here]
        y = np.stack([shown[k] for k in ks]).reshape(len(ks), -1)
        slope, at_0 = _fit(x, y, np.ones(y.shape, np.float32))
        kept = (y - (slope[:, None] * x + at_0[:, None])
                > -tuning.PRINT_FIT_PEN * (slope + at_0)[:, None]).astype(np.float32)
        slope, at_0 = _fit(x, y, kept)
        out[ks] = np.where(even, np.nan, slope / np.maximum(slope + at_0, 1e-3))
    return out


def _fit(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row, the line y = slope · x + at_0 that fits the points of weight `w` (0 or 1) best
    (least squares)."""
    n = np.maximum(w.sum(axis=1), 1.0)
    mx, my = (w * x).sum(axis=1) / n, (w * y).sum(axis=1) / n
    dx = x - mx[:, None]
    slope = (w * dx * (y - my[:, None])).sum(axis=1) / np.maximum((w * dx * dx).sum(axis=1),
                                                                   1e-6)
    return slope, my - slope * mx


def _box_margin() -> int:
    """How far (pixels at ALIGN_PX_PER_MM) an element's template reaches beyond its box."""
    return round(tuning.ALIGN_MARGIN_MM * tuning.ALIGN_PX_PER_MM)


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _box_prints(blank: Blank, elements: tuple[Element, ...], px_per_mm: float
                ) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The boxes' print (0 black … 1 paper) of the elements with a template (see _templates)
    but the small boxes, by size: their indices, their prints (a row each), and which are too
    even to fit (see tuning.PRINT_FIT_SD). The same for every photo of a layout."""
    m = _box_margin()
    sizes: dict[tuple[int, ...], list[tuple[int, np.ndarray]]] = {}
    for k, *_, tpl in _windows(blank, elements, px_per_mm):
        if not is_small(elements[k]):
            box = tpl[m:tpl.shape[0] - m, m:tpl.shape[1] - m] / 255
            sizes.setdefault(box.shape, []).append((k, box.ravel()))
    out = []
    for group in sizes.values():
        x = np.stack([b for _, b in group])
        out.append((np.array([k for k, _ in group]), x, x.std(axis=1) < tuning.PRINT_FIT_SD))
    return out


def _smoothed(raw: np.ndarray, trusted: np.ndarray, elements: tuple[Element, ...],
              px_per_mm: float) -> np.ndarray:
    """Per element, the median shift (`raw`, px) of the neighbours whose match is `trusted`
    and that agree, within ALIGN_AGREE_MM, with the wider area's (ALIGN_CONSENSUS_MM); the
    wider area's where none does. A few neighbours can be led astray together, and a median
    of few splits the difference: under a hurried player's circles round the values above
    them, the pale values of a row all matched 1 mm low, and so dragged the exclamation marks
    beside them 0.5 mm off (their outline then read as a cross)."""
    wide, wide_real = _neighbour_lists(elements, tuning.ALIGN_CONSENSUS_MM)
    consensus = _median_of(raw[wide], wide_real & trusted[wide])
    around, real = _neighbour_lists(elements)
    off = raw[around] - consensus[:, None]
    picked = real & trusted[around] & (
        np.hypot(off[..., 0], off[..., 1]) <= tuning.ALIGN_AGREE_MM * px_per_mm)
    return np.where(picked.any(axis=1)[:, None], _median_of(raw[around], picked), consensus)


def _out_of_place(raw: np.ndarray, shifts: np.ndarray, near: np.ndarray, trusted: np.ndarray,
                  px_per_mm: float, laid_flat: bool) -> np.ndarray:
    """Per element (bool), whether it may be read out of place: on paper that is not flat (an
    edge curling up off the table) the print lies farther from where the corner marks put it
    than the alignment follows, and bends within an element. Told by the elements found far
    out of place (`raw`, px), or off their neighbours' shift (`shifts`), of those whose print
    matched well (`trusted`): those and their neighbours (`near`, see _neighbours). None on a
    flat sheet (see tuning.ALIGN_FLAT_MM); on one `laid_flat` already, what is left is told
    element by element."""
    found = np.hypot(*raw.T) / px_per_mm
    if not trusted.any() or (
            not laid_flat and np.percentile(found[trusted], 90) < tuning.ALIGN_FLAT_MM):
        return np.zeros(len(raw), bool)
    off = np.hypot(*(raw - shifts).T) / px_per_mm
    bent = trusted & ((found >= tuning.BENT_SHIFT_MM) | (off >= tuning.BENT_OFF_MM))
    return (near & bent[None, :]).any(axis=1)


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _templates(blank: Blank, elements: tuple[Element, ...], px_per_mm: float
               ) -> list[tuple[int, int, int, int, np.ndarray | None]]:
    """Per element, where its piece of the blank (element + margin, at ALIGN_PX_PER_MM) lies
    and the piece itself; None where the print there is plain (nothing to align on). The same
    for every photo of a layout: kept."""
    f = tuning.ALIGN_PX_PER_MM / px_per_mm
    small_b = cv2.resize(blank.grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    a = tuning.ALIGN_PX_PER_MM
    m = tuning.ALIGN_MARGIN_MM * a
    out = []
    for e in elements:
        x, y, w, h = e.box_mm
        x0, y0 = round(x * a - m), round(y * a - m)
        x1, y1 = round((x + w) * a + m), round((y + h) * a + m)
        tpl = small_b[y0:y1, x0:x1]
        out.append((x0, y0, x1, y1, tpl.astype(np.float32) if tpl.std() >= 1 else None))
    return out


@lru_cache(maxsize=4)  # few: each holds on to its blank's templates
def _windows(blank: Blank, elements: tuple[Element, ...], px_per_mm: float
             ) -> list[tuple[int, int, int, int, int, int, int, np.ndarray]]:
    """Per element with a template (see _templates), where its search is made: (k, x0, y0,
    sx0, sy0, sx1, sy1, template), k its index, (x0, y0) where its template lies and the
    window (sx0, sy0)-(sx1, sy1) that reaches ALIGN_SEARCH_MM round it. Per layout: worked
    out per element, these cost more than a fifth of the matching."""
    s = tuning.ALIGN_SEARCH_MM * tuning.ALIGN_PX_PER_MM
    return [(k, x0, y0, max(0, round(x0 - s)), max(0, round(y0 - s)), round(x1 + s),
             round(y1 + s), tpl)
            for k, (x0, y0, x1, y1, tpl) in enumerate(_templates(blank, elements, px_per_mm))
            if tpl is not None]


@lru_cache(maxsize=8)
def _neighbours(elements: tuple[Element, ...], reach_mm: float = tuning.ALIGN_NEIGHBOURS_MM
                ) -> np.ndarray:
    """Element × element: whose shift each one follows (those within `reach_mm`). Small
    boxes (the solo roll counter) follow the others but do not lead them: their repeating
    pattern matches less surely."""
    centres = element_centres(elements)
    small = np.array([is_small(e) for e in elements])
    near = np.hypot(*(centres[None] - centres[:, None]).transpose(2, 0, 1)) <= reach_mm
    return near & (small[:, None] | ~small[None, :])


@lru_cache(maxsize=8)
def _neighbour_lists(elements: tuple[Element, ...],
                     reach_mm: float = tuning.ALIGN_NEIGHBOURS_MM
                     ) -> tuple[np.ndarray, np.ndarray]:
    """_neighbours as lists: per element, the indices of those whose shift it follows, padded
    to the longest list (with its own), and which of them are real (bool). A row holds a
    dozen or two of the sheet's elements: the medians sort those, not every element."""
    near = _neighbours(elements, reach_mm)
    width = max(1, int(near.sum(axis=1).max(initial=0)))
    around = np.repeat(np.arange(len(elements))[:, None], width, axis=1)
    real = np.zeros(around.shape, bool)
    for k, row in enumerate(near):
        mine = np.flatnonzero(row)
        around[k, :mine.size], real[k, :mine.size] = mine, True
    return around, real


def _median_of(values: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Per row k of the boolean `rows`, np.median(values[k][rows[k]], axis=0) (0 for an empty
    row), all rows at once (`values`: rows × columns × 2)."""
    n = rows.sum(axis=1)
    picked = np.sort(np.where(rows[..., None], values, np.inf), axis=1)  # inf sort last
    k = np.arange(len(rows))
    lo, hi = picked[k, np.maximum(n - 1, 0) // 2], picked[k, n // 2]
    return np.where(n[:, None] > 0, (lo + hi) / 2, 0.0)


def subpixel_peak(res: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """The peak at (x, y) of a match, to a fraction of a pixel: a parabola through it and its
    neighbours, per axis."""
    def axis(a, b, c):
        d = a - 2 * b + c
        return 0.0 if d >= 0 else 0.5 * (a - c) / d
    dx = axis(res[y, x - 1], res[y, x], res[y, x + 1]) if 0 < x < res.shape[1] - 1 else 0.0
    dy = axis(res[y - 1, x], res[y, x], res[y + 1, x]) if 0 < y < res.shape[0] - 1 else 0.0
    return x + dx, y + dy
