"""Photo → the sheet in its own millimetre frame, then aligned locally to the blank sheet so a
cell is read exactly where it was printed, even on paper that is not quite flat."""

from __future__ import annotations

import cv2
import numpy as np

from ..geometry import SheetGeometry
from . import tuning
from .judge import is_small


def rectify(photo: np.ndarray, to_mm: np.ndarray, sheet_mm: tuple[float, float],
            px_per_mm: float) -> np.ndarray:
    """Warp `photo` so that pixel (x, y) shows sheet point (x, y) / px_per_mm mm."""
    w, h = round(sheet_mm[0] * px_per_mm), round(sheet_mm[1] * px_per_mm)
    to_px = np.diag([px_per_mm, px_per_mm, 1.0]) @ to_mm
    # a much finer photo would alias thin pen strokes away: shrink it first, smoothly
    photo_per_mm = photo_px_per_mm(to_mm, sheet_mm)
    shrink = photo_per_mm / px_per_mm
    if shrink > 1.6:
        f = 1.0 / (shrink / 1.2)
        photo = cv2.resize(photo, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        to_px = to_px @ np.diag([1 / f, 1 / f, 1.0])
    return cv2.warpPerspective(photo, to_px, (w, h), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


def photo_px_per_mm(to_mm: np.ndarray, sheet_mm: tuple[float, float]) -> float:
    """How many photo pixels one sheet millimetre spans, at the sheet's centre."""
    to_photo = np.linalg.inv(to_mm)
    c = np.array([sheet_mm[0] / 2, sheet_mm[1] / 2, 1.0])
    pts = np.stack([c, c + [10, 0, 0], c + [0, 10, 0]]) @ to_photo.T
    pts = pts[:, :2] / pts[:, 2:]
    return float(np.mean([np.linalg.norm(pts[1] - pts[0]), np.linalg.norm(pts[2] - pts[0])])
                 / 10)


def displacement(photo_grey: np.ndarray, blank_grey: np.ndarray, g: SheetGeometry,
                 px_per_mm: float) -> np.ndarray:
    """Per element, the (dx, dy) in pixels that best lays the blank sheet over the photo
    around it, smoothed over neighbours so a heavy scribble cannot drag one element away."""
    f = tuning.ALIGN_PX_PER_MM / px_per_mm
    small_p = cv2.resize(photo_grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    small_b = cv2.resize(blank_grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    a = tuning.ALIGN_PX_PER_MM
    m, s = tuning.ALIGN_MARGIN_MM * a, tuning.ALIGN_SEARCH_MM * a
    raw, peaks = [], []
    for e in g.elements:
        x, y, w, h = e.box_mm
        x0, y0 = round(x * a - m), round(y * a - m)
        x1, y1 = round((x + w) * a + m), round((y + h) * a + m)
        tpl = small_b[y0:y1, x0:x1]
        sx0, sy0 = max(0, round(x0 - s)), max(0, round(y0 - s))
        win = small_p[sy0:round(y1 + s), sx0:round(x1 + s)]
        if tpl.std() < 1 or win.shape[0] <= tpl.shape[0] or win.shape[1] <= tpl.shape[1]:
            raw.append((0.0, 0.0))
            peaks.append(0.0)
            continue
        res = cv2.matchTemplate(win, tpl, cv2.TM_CCOEFF_NORMED)
        _, peak, _, (bx, by) = cv2.minMaxLoc(res)
        dx, dy = _subpixel(res, bx, by)
        raw.append(((sx0 + dx - x0) / f, (sy0 + dy - y0) / f))
        peaks.append(peak)
    raw_a, peaks_a = np.array(raw), np.array(peaks)
    centres = np.array([(e.box_mm[0] + e.box_mm[2] / 2, e.box_mm[1] + e.box_mm[3] / 2)
                        for e in g.elements])
    out = np.zeros_like(raw_a)
    good = peaks_a >= tuning.ALIGN_MIN_PEAK
    # small boxes (the solo roll counter) follow the others but do not lead them: their
    # repeating pattern matches less surely
    small = np.array([is_small(e) for e in g.elements])
    for k, c in enumerate(centres):
        near = good & (np.hypot(*(centres - c).T) <= tuning.ALIGN_NEIGHBOURS_MM)
        if not small[k]:
            near &= ~small
        if near.sum():
            out[k] = np.median(raw_a[near], axis=0)
    return out


def _subpixel(res: np.ndarray, x: int, y: int) -> tuple[float, float]:
    """Parabola through the peak and its neighbours, per axis."""
    def axis(a, b, c):
        d = a - 2 * b + c
        return 0.0 if d >= 0 else 0.5 * (a - c) / d
    dx = axis(res[y, x - 1], res[y, x], res[y, x + 1]) if 0 < x < res.shape[1] - 1 else 0.0
    dy = axis(res[y - 1, x], res[y, x], res[y + 1, x]) if 0 < y < res.shape[0] - 1 else 0.0
    return x + dx, y + dy
