"""Where a reflection washes the print out. A lamp or a window mirrored in the sheet adds
light that never went through the print or the pen: where it is strong, the photo shows the
coloured cells as near white, a pen's cross fades with them, and the light measured around it
(see ink.light_field) is off enough to turn white stars into pen. The reader cannot see into
such a spot; it can tell where one is, and that the elements around it are not read."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from . import tuning
from .ink import Blank, least_channel


def washed_out(coarse: np.ndarray, blank: Blank, tone: np.ndarray) -> np.ndarray:
    """Where the photo's light is not to be trusted (uint8 0/1 at LIGHT_PX_PER_MM): within
    GLARE_REACH_MM of print (the cells' fills; lines and glyphs) that the photo shows near
    white in every channel, as no lighting shows it but a reflection. `coarse`: the photo's
    coarse copy (RGB, see ink.coarse_copy); `tone`: how the printer printed the blank
    (tone.printed_tone)."""
    near_white = cv2.inRange(coarse, (tuning.WASHED_LEVEL,) * 3, (255,) * 3)  # (one fast pass)
    # on the fills, any such pixel; on the lines and glyphs, only one that shows near white
    # for WASHED_AROUND_MM all round (a line's edge, a little out of place, is white paper)
    around = 2 * round(tuning.WASHED_AROUND_MM * tuning.LIGHT_PX_PER_MM) + 1
    all_round = cv2.erode(near_white, np.ones((around, around), np.uint8))
    fills, lines = _dark_print(blank)
    ys, xs = np.nonzero(cv2.bitwise_and(near_white, fills) | cv2.bitwise_and(all_round, lines))
    # (few or none: the printer's tone, a paler one's lighter fills, is looked up there only)
    dark = tone[0, blank.small[ys, xs], np.arange(3)].min(axis=1) <= tuning.WASHED_PRINT
    washed = np.zeros(blank.flat.shape, np.uint8)
    if np.count_nonzero(dark) < tuning.WASHED_MIN_MM2 * tuning.LIGHT_PX_PER_MM ** 2:
        return washed
    washed[ys[dark], xs[dark]] = 1
    r = round(tuning.GLARE_REACH_MM * tuning.LIGHT_PX_PER_MM)
    return cv2.dilate(washed, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _dark_print(blank: Blank) -> tuple[np.ndarray, np.ndarray]:
    """Where the blank prints a colour flat, and where it prints darker lines or glyphs (uint8
    0/1, at LIGHT_PX_PER_MM), before the printer's tone (a paler printer's fills are looked up
    where it matters): per layout."""
    dark = least_channel(blank.small) <= tuning.WASHED_PRINT
    flat = blank.flat > 0
    return (dark & flat).astype(np.uint8), (dark & ~flat).astype(np.uint8)
