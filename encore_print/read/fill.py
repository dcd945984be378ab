"""Boxes coloured in with a pencil or a pale pen: a player who fills a box in (a pencil's dot
the size of the box, a light felt-tip's dab) leaves a flat, even tint over most of it. The
light field (see light.py) takes a patch of even darkening wider than a pen stroke for a
shadow, and divides it out: the ink map shows nothing, and the box reads empty, sure. A shadow
has no reason to take a box's shape, though: a light darker over a box's middle than on each
of its four sides is a doubt."""

from __future__ import annotations

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
    doubt, with that share (`light_dip`). The values are left alone: a player circles them."""
    out = []
    sums = light_sums(light)
    for v in verdicts:
        e = g.element(v.id)
        if v.state == "empty" and e.kind not in VALUE_KINDS and not is_small(e):
            dip = light_dip(sums, e)
            if dip >= tuning.FILL_DIP:
                v = v.doubted(light_dip=round(dip, 3))
        out.append(v)
    return out


def light_dip(sums: np.ndarray, e: Element) -> float:
    """How much darker the light is over the middle of `e`'s box (inset by a quarter of its
    shorter side) than on the darkest of the four strips beside it (from FILL_GAP_MM to
    FILL_SIDE_MM out from its edges): 0.1 is a tenth darker. Where a shadow's edge crosses the
    box, one side is as dark as the middle. `sums`: see light_sums."""
    k = tuning.LIGHT_PX_PER_MM
    x, y, w, h = e.box_mm
    inset, gap, side = min(w, h) / 4, tuning.FILL_GAP_MM, tuning.FILL_SIDE_MM
    mid = _mean(sums, x + inset, y + inset, x + w - inset, y + h - inset, k)
    sides = [_mean(sums, x - gap, y - side, x + w + gap, y - gap, k),  # above
             _mean(sums, x - gap, y + h + gap, x + w + gap, y + h + side, k),  # below
             _mean(sums, x - side, y - gap, x - gap, y + h + gap, k),  # left
             _mean(sums, x + w + gap, y - gap, x + w + side, y + h + gap, k)]  # right
    shown = [s for s in sides if s is not None]
    if mid is None or not shown:
        return 0.0
    return 1 - mid / max(min(shown), 1e-6)


def light_sums(light: np.ndarray) -> np.ndarray:
    """The light's channel sum, summed over every rectangle from the sheet's corner (an
    integral image, one row and column larger): the mean over any rectangle in four lookups."""
    return cv2.integral(channel_sum(light), sdepth=cv2.CV_64F)


def _mean(sums: np.ndarray, x0: float, y0: float, x1: float, y1: float, k: float
          ) -> float | None:
    """The mean of the light's channel sum over a rectangle (mm; `sums`: see light_sums), cut to
    the sheet; None where none of it lies on the sheet."""
    h, w = sums.shape[0] - 1, sums.shape[1] - 1
    a0, a1 = max(0, round(y0 * k)), min(h, round(y1 * k))
    b0, b1 = max(0, round(x0 * k)), min(w, round(x1 * k))
    if a1 <= a0 or b1 <= b0:
        return None
    total = sums[a1, b1] - sums[a0, b1] - sums[a1, b0] + sums[a0, b0]
    return float(total / ((a1 - a0) * (b1 - b0)))
