"""Where a reflection washes the print out. A lamp or a window mirrored in the sheet adds
light that never went through the print or the pen: where it is strong, the photo shows the
coloured cells as near white, a pen's cross fades with them, and the light measured around it
(see ink.light_field) is off enough to turn white stars into pen. The reader cannot see into
such a spot; it can tell where one is, and that the elements around it are not read."""

from __future__ import annotations

import cv2
import numpy as np

from . import tuning
from .ink import Blank


def washed_out(coarse: np.ndarray, blank: Blank, tone: np.ndarray) -> np.ndarray:
    """Where the photo's light is not to be trusted (uint8 0/1 at LIGHT_PX_PER_MM): within
    GLARE_REACH_MM of coloured print (the cells' fills) that the photo shows near white in every
    channel, as no lighting shows it but a reflection. `coarse`: the photo's coarse copy (RGB,
    see ink.coarse_copy); `tone`: how the printer printed the blank (tone.printed_tone)."""
    coloured = (blank.flat > 0) & (cv2.LUT(blank.small, tone).min(axis=2) <= tuning.WASHED_PRINT)
    washed = (coarse >= tuning.WASHED_LEVEL).all(axis=2) & coloured
    if np.count_nonzero(washed) < tuning.WASHED_MIN_MM2 * tuning.LIGHT_PX_PER_MM ** 2:
        return np.zeros(washed.shape, np.uint8)
    r = round(tuning.GLARE_REACH_MM * tuning.LIGHT_PX_PER_MM)
    return cv2.dilate(washed.view(np.uint8), cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1)))
