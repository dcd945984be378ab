"""Where a reflection washes the print out. A lamp or a window mirrored in the sheet adds
light that never went through the print or the pen: where it is strong, the photo shows the
coloured cells, the lines and the glyphs as near white, a pen's cross fades with them, and the
light measured around it (see light.py) is off enough to turn white stars into pen;
farther out it still lifts the print, which the printer's tone must not take for the printer's
(tone.printed_tone). The reader cannot see into such a spot; it can tell where one is, and
that the elements around it are not read."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from . import tuning
from .ink import Blank, least_channel


def washed_out(coarse: np.ndarray, blank: Blank) -> np.ndarray:
    """Where print that is darker than WASHED_PRINT shows near white in every channel, as no
    lighting shows it but a reflection (uint8 0/1 at LIGHT_PX_PER_MM): on the cells' fills any
    such pixel, on the lines and glyphs one that shows near white for WASHED_AROUND_MM all
    round (a line's edge, a little out of place, is white paper); none at all when they cover
    less than WASHED_MIN_MM2. `coarse`: the photo's coarse copy (RGB, see ink.coarse_copy)."""
    near_white = cv2.inRange(coarse, (tuning.WASHED_LEVEL,) * 3, (255,) * 3)  # (one fast pass)
    around = 2 * round(tuning.WASHED_AROUND_MM * tuning.LIGHT_PX_PER_MM) + 1
    all_round = cv2.erode(near_white, np.ones((around, around), np.uint8))
    fills, lines = _dark_print(blank)
    washed = cv2.bitwise_and(near_white, fills) | cv2.bitwise_and(all_round, lines)
    if np.count_nonzero(washed) < tuning.WASHED_MIN_MM2 * tuning.LIGHT_PX_PER_MM ** 2:
        washed[:] = 0
    return washed


def near(washed: np.ndarray, reach_mm: float) -> np.ndarray:
    """Where (uint8 0/1) lies within `reach_mm` of what washed_out found."""
    if not washed.any():
        return washed
    r = round(reach_mm * tuning.LIGHT_PX_PER_MM)
    return cv2.dilate(washed, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2))


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _dark_print(blank: Blank) -> tuple[np.ndarray, np.ndarray]:
    """Where the blank prints a colour flat, and where it prints darker lines or glyphs (uint8
    0/1, at LIGHT_PX_PER_MM): per layout."""
    dark = least_channel(blank.small) <= tuning.WASHED_PRINT
    flat = blank.flat > 0
    return (dark & flat).astype(np.uint8), (dark & ~flat).astype(np.uint8)
