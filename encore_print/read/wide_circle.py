"""Circles drawn wide: a hurried player's circle round a value can run well outside the ring
the value's own patch sees (up to about twice its half-size), so the value reads empty.

Its patch stops short of such a circle, so the values' pen is laid out on one map of all of a
kind (their patches overlap), and the band beyond the ring is looked at all round the value."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from . import tuning
from .owner import centre_on_map, laid_out

if TYPE_CHECKING:
    from .judge import Patch, Verdict


def doubt_wide_circles(read: dict[str, Verdict], values: list[Patch], pen_t: dict[str, float],
                       px_per_mm: float) -> dict[str, Verdict]:
    """A value read empty with pen all round it beyond its ring (in WIDE_SHARE of the band's
    sectors the map shows, or more) may be circled wide: a doubt, with that share. The pen
    within WIDE_OUTER half-sizes of a value read circled is that circle's, not this one's
    (`pen_t`: the pen threshold per kind of value)."""
    out = dict(read)
    for kind in {p.element.kind for p in values}:
        fellows = [p for p in values if p.element.kind == kind]
        empty = [p for p in fellows if read[p.element.id].state == "empty"]
        if not empty:
            continue
        ink, shown, _, (x0, y0) = laid_out(fellows)
        pen = ink > pen_t[kind]
        circled = [centre_on_map(p.element.box_mm, px_per_mm, x0, y0) for p in fellows
                   if read[p.element.id].state == "circled"]
        for p in empty:
            share = _wide_share(pen, shown, centre_on_map(p.element.box_mm, px_per_mm, x0, y0),
                                circled, px_per_mm)
            if share >= tuning.WIDE_SHARE:
                out[p.element.id] = read[p.element.id].doubted(wide_circle=round(share, 3))
    return out


def _wide_share(pen: np.ndarray, shown: np.ndarray, at: tuple[float, float, float, float],
                circled: list[tuple[float, float, float, float]], px_per_mm: float) -> float:
    """Of the sectors of the band from RING_OUTER to WIDE_OUTER half-sizes round the value `at`
    that the map shows (half of their pixels or more, outside the circles of `circled`), the
    share holding WIDE_HIT_MM2 of pen or more."""
    cx, cy, hw, hh = at
    # a sector counts as shown against its whole size, off the map too: one lying wholly off
    # it (past the outer rows of values) is not looked at, rather than looked at and empty
    band, sector, whole = _band(round(hw, 2), round(hh, 2))
    ry, rx = band.shape[0] // 2, band.shape[1] // 2
    x, y = round(cx), round(cy)  # (half a pixel off: nothing to a band this wide)
    a0, a1 = max(0, x - rx), min(pen.shape[1], x + rx + 1)
    b0, b1 = max(0, y - ry), min(pen.shape[0], y + ry + 1)
    if a1 <= a0 or b1 <= b0:
        return 0.0
    cut = np.s_[b0 - y + ry:b1 - y + ry, a0 - x + rx:a1 - x + rx]
    band, sector = band[cut], sector[cut]
    mine = shown[b0:b1, a0:a1] & band
    reach = tuning.WIDE_OUTER
    yy, xx = np.ogrid[b0:b1, a0:a1]
    for qx, qy, qw, qh in circled:  # (a circle elsewhere reaches no further than its own)
        if abs(qx - cx) < reach * (hw + qw) and abs(qy - cy) < reach * (hh + qh):
            mine &= ((xx - qx) / qw) ** 2 + ((yy - qy) / qh) ** 2 > reach ** 2
    seen = np.bincount(sector[mine], minlength=tuning.WIDE_SECTORS)
    hit = np.bincount(sector[mine & pen[b0:b1, a0:a1]], minlength=tuning.WIDE_SECTORS)
    looked = seen >= 0.5 * whole
    if not looked.any():
        return 0.0
    return float((looked & (hit >= tuning.WIDE_HIT_MM2 * px_per_mm ** 2)).sum()
                 / looked.sum())


@lru_cache(maxsize=8)
def _band(hw: float, hh: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Round a value of half-sizes `hw` × `hh` (pixels), centred in a window reaching
    WIDE_OUTER half-sizes each way: the band from RING_OUTER to WIDE_OUTER, each pixel's
    sector, and each sector's size in the band. The same for every photo: kept."""
    rx, ry = int(tuning.WIDE_OUTER * hw) + 1, int(tuning.WIDE_OUTER * hh) + 1
    yy, xx = np.mgrid[-ry:ry + 1, -rx:rx + 1]
    u, v = xx / hw, yy / hh
    r = np.hypot(u, v)
    sector = ((np.arctan2(v, u) + np.pi) / (2 * np.pi) * tuning.WIDE_SECTORS).astype(int)
    band = (r >= tuning.RING_OUTER) & (r <= tuning.WIDE_OUTER)
    sector %= tuning.WIDE_SECTORS
    return band, sector, np.bincount(sector[band], minlength=tuning.WIDE_SECTORS)
