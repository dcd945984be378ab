"""Circles drawn wide: a hurried player's circle round a value can run well outside the ring
the value's own patch sees (up to about twice its half-size), so the value reads empty.

Its patch stops short of such a circle, so the values' pen is laid out on one map of all of a
kind (their patches overlap), and the band beyond the ring is looked at all round the value."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

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
        shares = _wide_shares(pen, shown, [centre_on_map(p.element.box_mm, px_per_mm, x0, y0)
                                           for p in empty], circled, px_per_mm)
        for p, share in zip(empty, shares):
            if share >= tuning.WIDE_SHARE:
                out[p.element.id] = read[p.element.id].doubted(wide_circle=round(share, 3))
    return out


def _wide_shares(pen: np.ndarray, shown: np.ndarray, ats: list[tuple[float, ...]],
                 circled: list[tuple[float, ...]], px_per_mm: float) -> list[float]:
    """Per value at `ats` (centre and half-sizes on the map), of the sectors of the band from
    RING_OUTER to WIDE_OUTER half-sizes round it that the map shows (half of their pixels or
    more, outside the circles of `circled`), the share holding WIDE_HIT_MM2 of pen or more.

    The values of one size are looked at together, their windows cut from maps padded with
    what is not shown (numpy's overhead per value cost more than its pixels)."""
    out = [0.0] * len(ats)
    sizes: dict[tuple[float, float], list[int]] = {}
    for k, (_, _, hw, hh) in enumerate(ats):
        sizes.setdefault((round(hw, 2), round(hh, 2)), []).append(k)
    reach = tuning.WIDE_OUTER
    for size, ks in sizes.items():
        # a sector counts as shown against its whole size, off the map too: one lying wholly
        # off it (past the outer rows of values) is not looked at, rather than looked at and
        # empty
        band, sector, whole = _band(*size)
        h, w = band.shape
        ry, rx = h // 2, w // 2
        # (the centres to the pixel: half a pixel off is nothing to a band this wide)
        at = [(k, round(ats[k][0]), round(ats[k][1])) for k in ks]
        at = [(k, x, y) for k, x, y in at
              if -rx <= x < pen.shape[1] + rx and -ry <= y < pen.shape[0] + ry]
        if not at:
            continue
        pad = ((h, h), (w, w))  # (a window whose centre is off the map still fits)
        ys = np.array([y for _, _, y in at]) - ry + h
        xs = np.array([x for _, x, _ in at]) - rx + w
        mine = sliding_window_view(np.pad(shown, pad), (h, w))[ys, xs] & band
        for n, (k, x, y) in enumerate(at):
            cx, cy, hw, hh = ats[k]
            # (a circle elsewhere reaches no further than its own)
            for qx, qy, qw, qh in circled:
                if abs(qx - cx) < reach * (hw + qw) and abs(qy - cy) < reach * (hh + qh):
                    yy, xx = np.ogrid[y - ry:y + ry + 1, x - rx:x + rx + 1]
                    mine[n] &= ((xx - qx) / qw) ** 2 + ((yy - qy) / qh) ** 2 > reach ** 2
        inked = mine & sliding_window_view(np.pad(pen, pad), (h, w))[ys, xs]
        cells = np.arange(len(at))[:, None, None] * tuning.WIDE_SECTORS + sector
        count = len(at) * tuning.WIDE_SECTORS
        seen = np.bincount(cells[mine], minlength=count).reshape(len(at), -1)
        hit = np.bincount(cells[inked], minlength=count).reshape(len(at), -1)
        looked = seen >= 0.5 * whole
        full = hit >= tuning.WIDE_HIT_MM2 * px_per_mm ** 2
        for n, (k, _, _) in enumerate(at):
            if looked[n].any():
                out[k] = float((looked[n] & full[n]).sum() / looked[n].sum())
    return out


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
