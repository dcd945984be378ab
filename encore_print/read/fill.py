"""Boxes coloured in with a pencil or a pale pen: a player who fills a box in (a pencil's dot
the size of the box, a light felt-tip's dab) leaves a flat, even tint over most of it. The
light field (see light.py) takes a patch of even darkening wider than a pen stroke for a
shadow, and divides it out: the ink map shows nothing, and the box reads empty, sure. A shadow
has no reason to take a box's shape, though: a light darker over a box's middle than on each
of its four sides is a doubt, and on a sheet with such a box, so is every box read empty (the
same player's paler fills dip too little to tell)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from ..geometry import Element, SheetGeometry
from . import tuning
from .ink import channel_sum
from .judge import VALUE_KINDS, Verdict, is_small


def doubt_pale_fills(verdicts: list[Verdict], g: SheetGeometry, light: np.ndarray
                     ) -> list[Verdict]:
    """Each box read empty over whose middle the light (`light`: RGB at LIGHT_PX_PER_MM, see
    light.light_field) is FILL_DIP or more darker than on the darkest of its four sides made a
    doubt, with that share (`light_dip`). Where one is, the player colours boxes in with a pen
    this photo barely shows, and a paler fill of theirs dips less and reads as bare paper: then
    every other box read empty is a doubt too, with how many dipped (`fills_seen`). The values
    are left alone: a player circles them."""
    dips = light_dips(light, g)
    filled = {v.id for v in verdicts
              if v.state == "empty" and dips.get(v.id, 0.0) >= tuning.FILL_DIP}
    out = []
    for v in verdicts:
        if v.id in filled:
            v = v.doubted(light_dip=round(dips[v.id], 3))
        elif filled and v.state == "empty" and v.id in dips:
            v = v.doubted(fills_seen=len(filled))
        out.append(v)
    return out


def light_dips(light: np.ndarray, g: SheetGeometry) -> dict[str, float]:
    """Per box (not a value, not a small box), how much darker the light is over its middle
    (inset by a quarter of its shorter side) than on the darkest of the four strips beside it
    (from FILL_GAP_MM to FILL_SIDE_MM out from its edges): 0.1 is a tenth darker; 0 where its
    middle or all four strips lie off the sheet. Where a shadow's edge crosses the box, one
    side is as dark as the middle."""
    ids, rects = _rects(g.elements, light.shape[:2])
    # the light's channel sum summed from the sheet's corner: a rectangle's in four lookups
    sums = cv2.integral(channel_sum(light), sdepth=cv2.CV_64F)
    a0, a1, b0, b1 = rects.transpose(2, 0, 1)
    area = (a1 - a0) * (b1 - b0)  # 0 where a rectangle lies off the sheet
    total = sums[a1, b1] - sums[a0, b1] - sums[a1, b0] + sums[a0, b0]
    mean = np.divide(total, area, out=np.full(area.shape, np.nan), where=area > 0)
    mid, least = mean[:, 0], np.min(np.where(area[:, 1:] > 0, mean[:, 1:], np.inf), axis=1)
    dip = np.where(np.isnan(mid) | np.isinf(least), 0.0, 1 - mid / np.maximum(least, 1e-6))
    return dict(zip(ids, dip.tolist()))


@lru_cache(maxsize=8)
def _rects(elements: tuple[Element, ...], shape: tuple[int, int]
           ) -> tuple[tuple[str, ...], np.ndarray]:
    """The boxes' ids, and per box the rows and columns (a0, a1, b0, b1, cut to a light field of
    `shape`) of its middle and of the strips above, below, left and right of it. The same for
    every photo of a layout: kept."""
    k, gap, side = tuning.LIGHT_PX_PER_MM, tuning.FILL_GAP_MM, tuning.FILL_SIDE_MM
    h, w = shape

    def cut(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        a0, a1 = max(0, round(y0 * k)), min(h, round(y1 * k))
        b0, b1 = max(0, round(x0 * k)), min(w, round(x1 * k))
        return (a0, a1, b0, b1) if a1 > a0 and b1 > b0 else (0, 0, 0, 0)

    boxes = [e for e in elements if e.kind not in VALUE_KINDS and not is_small(e)]
    rects = []
    for e in boxes:
        x, y, bw, bh = e.box_mm
        inset = min(bw, bh) / 4
        rects.append([cut(x + inset, y + inset, x + bw - inset, y + bh - inset),  # middle
                      cut(x - gap, y - side, x + bw + gap, y - gap),  # above
                      cut(x - gap, y + bh + gap, x + bw + gap, y + bh + side),  # below
                      cut(x - side, y - gap, x - gap, y + bh + gap),  # left
                      cut(x + bw + gap, y - gap, x + bw + side, y + bh + gap)])  # right
    return tuple(e.id for e in boxes), np.array(rects, np.intp).reshape(len(boxes), 5, 4)
