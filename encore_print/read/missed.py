"""Corner marks the marker search missed, looked for where the others put them. At a steep
angle the far corner marks are small and squashed, and blurred and noisy there too: the search
(locate.sight) cannot read their bits, though a player sees them plainly, and the sheet was
then read as if a thumb hid them. Knowing which sheet it is and where the mark must be, its
own pattern (bits and quiet zone, drawn as the marks found say it lies) is matched around
there. A dark blob, a thumb's shadow or other print matches it as well in any turn; only the
mark itself matches it far better as it is than turned."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import cv2
import numpy as np

from ..geometry import FIDUCIAL, QUIET, SheetGeometry, marker_id
from ..render.fiducials import modules
from . import tuning
from .locate import Sighting, point_pairs, refine_as_aruco, sheet_points
from .rectify import subpixel_peak

# the pattern as drawn before it is laid into the photo: 10 px a module makes its quiet zone
# (1.4 modules) whole pixels
PX_PER_MODULE = 10


def find_missed(grey: np.ndarray, seen: Sighting, g: SheetGeometry) -> Sighting:
    """`seen` with the corner marks it lacks added where their pattern shows plainly where
    the marks seen put it; two marks seen at least (eight points lay out the sheet). Each mark
    found lays out the next more closely."""
    markers = dict(seen.markers)
    looked: set[int] = set()
    while 2 <= len(markers) < 4:
        to_px = _to_px(markers, g)
        if to_px is None:  # (marks found that lay out no sheet: nothing to go by)
            break
        left = [k for k in range(4) if k not in markers and k not in looked]
        if not left:
            break
        # the one that should show biggest first: its match lays out the others best
        k = max(left, key=lambda k: cv2.contourArea(_in_photo(sheet_points(g, k), to_px)))
        looked.add(k)
        pts = _match(grey, seen.code, k, markers, to_px, g)
        if pts is not None:
            markers[k] = pts
            looked.clear()  # (laid out anew: worth another look)
    return replace(seen, markers=markers) if len(markers) > len(seen.markers) else seen


def _to_px(markers: dict[int, np.ndarray], g: SheetGeometry) -> np.ndarray | None:
    """Sheet mm → photo px as these marks' corners lay the sheet out; None where they lay out
    no plane."""
    photo, sheet = point_pairs(sorted(markers.items()), g)
    return cv2.findHomography(sheet, photo, 0)[0]


def _in_photo(mm: np.ndarray, to_px: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(mm.reshape(1, -1, 2).astype(np.float32), to_px)[0]


def _match(grey: np.ndarray, code: int, k: int, markers: dict[int, np.ndarray],
           to_px: np.ndarray, g: SheetGeometry) -> np.ndarray | None:
    """The corners (4×2 photo pixels, ArUco's order) of corner mark `k` where its pattern,
    laid into the photo by `to_px` (sheet mm → photo px), matches the photo best within a
    mark's size of where it should be, and matches there far better than turned; None where
    it does not (hidden, or not plain enough to tell). Matched twice: the first match lays
    the mark's shape out afresh, with the others', for the second; its corners are then
    refined as the marker search refines its own."""
    pattern = _pattern(marker_id(code, k))
    first = _best_offset(grey, pattern, k, to_px, g, reach=None)
    if first is None:
        return None
    to_px = _to_px({**markers, k: _in_photo(sheet_points(g, k), to_px) + first}, g)
    if to_px is None:
        return None
    second = _best_offset(grey, pattern, k, to_px, g, reach=tuning.MISSED_SETTLE_PX)
    if second is None:
        return None
    found = _in_photo(sheet_points(g, k), to_px) + second
    # (the corners to a fraction of a pixel as the search refines its own: 0.03 mm off them
    # typically where both find the mark, against 0.2 from the match alone)
    return refine_as_aruco(grey, found).reshape(4, 2)


def _best_offset(grey: np.ndarray, pattern: np.ndarray, k: int, to_px: np.ndarray,
                 g: SheetGeometry, reach: float | None) -> np.ndarray | None:
    """How far (dx, dy, photo px) the mark lies from where `to_px` puts it, searched within
    `reach` (None: the mark's own size); None unless its pattern matches there by
    MISSED_MATCH or more and by MISSED_TURNED more than any turn of it."""
    placed = _placed(k, to_px, g, len(pattern))
    if placed is None:
        return None
    (x0, y0), size, shift = placed

    def lay(p: np.ndarray, flags: int = cv2.INTER_LINEAR) -> np.ndarray:
        # (warpPerspective has no area averaging: INTER_AREA gives the same pixels)
        return cv2.warpPerspective(p, shift, size, flags=flags)

    tpl, mask = lay(pattern), lay(np.ones_like(pattern), cv2.INTER_NEAREST)
    r = int(np.ceil(max(size) if reach is None else reach))
    sx0, sy0 = max(0, x0 - r), max(0, y0 - r)
    ex, ey = min(grey.shape[1], x0 + size[0] + r + 1), min(grey.shape[0], y0 + size[1] + r + 1)
    if ex - sx0 < size[0] + 2 or ey - sy0 < size[1] + 2:
        return None  # (off the photo: too little of it to match in)
    win = grey[sy0:ey, sx0:ex].astype(np.float32)
    res = np.nan_to_num(cv2.matchTemplate(win, tpl, cv2.TM_CCOEFF_NORMED, mask=mask),
                        nan=-1.0, posinf=-1.0, neginf=-1.0)  # (flat: no match)
    _, peak, _, (bx, by) = cv2.minMaxLoc(res)
    if peak < tuning.MISSED_MATCH or _turned_margin(
            win[by:by + size[1], bx:bx + size[0]], pattern, lay) < tuning.MISSED_TURNED:
        return None
    dx, dy = subpixel_peak(res, bx, by)
    return np.array([sx0 + dx - x0, sy0 + dy - y0], np.float32)


def _turned_margin(here: np.ndarray, pattern: np.ndarray,
                   lay: Callable[[np.ndarray], np.ndarray]) -> float:
    """How much better the mark's bits (`pattern`'s, the border and quiet zone left out: they
    are alike in every turn) match `here` than turned a quarter, a half or three quarters, each
    laid into the photo by `lay`."""
    bits = (lay(_bits_only(len(pattern))) > 0.5).astype(np.float32)

    def match(p: np.ndarray) -> float:
        return float(np.nan_to_num(
            cv2.matchTemplate(here, lay(p), cv2.TM_CCOEFF_NORMED, mask=bits).max(), nan=-1.0))

    return match(pattern) - max(match(np.rot90(pattern, turns)) for turns in (1, 2, 3))


def _bits_only(size: int) -> np.ndarray:
    """1 over a pattern's data modules (inside its border), 0 elsewhere."""
    n = modules(0).shape[0]
    q = (size - n * PX_PER_MODULE) // 2
    out = np.zeros((size, size), np.float32)
    out[q + PX_PER_MODULE:q + (n - 1) * PX_PER_MODULE,
        q + PX_PER_MODULE:q + (n - 1) * PX_PER_MODULE] = 1.0
    return out


def _pattern(marker: int) -> np.ndarray:
    """The mark with its quiet zone, 0 black … 255 white, PX_PER_MODULE per module."""
    black = modules(marker)
    n = black.shape[0]
    q = round(QUIET / (FIDUCIAL / n) * PX_PER_MODULE)
    out = np.full((n * PX_PER_MODULE + 2 * q,) * 2, 255, np.float32)
    out[q:q + n * PX_PER_MODULE, q:q + n * PX_PER_MODULE] = np.kron(
        ~black, np.ones((PX_PER_MODULE, PX_PER_MODULE))) * 255
    return out


def _placed(k: int, to_px: np.ndarray, g: SheetGeometry, size: int
            ) -> tuple[tuple[int, int], tuple[int, int], np.ndarray] | None:
    """Where a pattern `size` pixels square goes in the photo when `to_px` lays it over corner
    mark `k` and its quiet zone: its box's start (x, y) and size (w, h) in the photo, and the
    warp from the pattern into that box. None where it would span fewer than
    MISSED_LEAST_PX."""
    x, y, _, _ = g.fiducials[k].box_mm
    s = (FIDUCIAL + 2 * QUIET) / size  # mm per pattern pixel
    at = to_px @ np.array([[s, 0, x - QUIET], [0, s, y - QUIET], [0, 0, 1]])
    quad = _in_photo(np.array([(0, 0), (size, 0), (size, size), (0, size)], np.float32), at)
    (x0, y0), (x1, y1) = np.floor(quad.min(axis=0)).astype(int), np.ceil(
        quad.max(axis=0)).astype(int)
    if min(x1 - x0, y1 - y0) < tuning.MISSED_LEAST_PX:
        return None
    return (x0, y0), (x1 - x0 + 1, y1 - y0 + 1), np.array(
        [[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ at
