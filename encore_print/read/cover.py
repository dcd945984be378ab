"""Where something lies over the sheet: a finger holding it down. The light field (light.py)
takes anything broad over the sheet for light falling on it, so under a finger no pen shows,
and the finger's edge and shading read as pen. Light, in a shadow too, keeps the colour of the
light on the rest of the sheet, only dimmer; skin is of another colour, and darker than paper.
In a photo in shades of grey there is no colour to tell it by, but a finger is narrow: it is
darker than the light around it, where the shadow of a hand or a phone is broad and soft."""

from __future__ import annotations

import cv2
import numpy as np

from . import tuning
from .glare import near


def covered(light: np.ndarray, in_grey: bool = False) -> np.ndarray:
    """Where (uint8 0/1, at LIGHT_PX_PER_MM) something other than light may lie over the
    sheet: the light's colour (each channel over their mean) off the sheet's typical one by
    more than COVER_COLOUR in some channel, where it is darker than COVER_DARKER of the
    typical light; in a photo in shades of grey (`in_grey`), the light darker than
    COVER_LOCAL of the light around it (blurred by COVER_LOCAL_MM). In blobs of COVER_MIN_MM2
    or more that reach the sheet's edge (a finger holding it down comes in over it, while a
    felt pen's dots, dense enough, tint the light measured among them), and within
    COVER_REACH_MM of them (the finger's soft edge, its shadow, and the light's tiles that
    took them in). `light`: see light.light_field."""
    f = tuning.COVER_PX_PER_MM / tuning.LIGHT_PX_PER_MM
    channels = cv2.split(cv2.resize(light, None, fx=f, fy=f, interpolation=cv2.INTER_AREA))
    least = np.minimum(np.minimum(channels[0], channels[1]), channels[2])
    if in_grey:
        around = cv2.GaussianBlur(least, (0, 0), tuning.COVER_LOCAL_MM * tuning.COVER_PX_PER_MM,
                                  borderType=cv2.BORDER_REFLECT)
        off = least < tuning.COVER_LOCAL * around
    else:
        mean = np.maximum(sum(channels) / 3, 1e-3)
        off = np.zeros(least.shape, bool)
        for c in channels:  # (one by one: numpy reduces over a last axis of 3 many times slower)
            colour = c / mean
            off |= np.abs(colour - np.median(colour)) > tuning.COVER_COLOUR
        off &= least < tuning.COVER_DARKER * np.median(least)
    # (a pixel or two off is the light's noise at a sharp edge, not a finger)
    off = cv2.morphologyEx(off.astype(np.uint8), cv2.MORPH_OPEN,
                           cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(off)
    x, y, w, h, area = stats.T
    e = tuning.COVER_EDGE_MM * tuning.COVER_PX_PER_MM
    edge = (x <= e) | (y <= e) | (x + w >= off.shape[1] - e) | (y + h >= off.shape[0] - e)
    finger = edge & (area >= tuning.COVER_MIN_MM2 * tuning.COVER_PX_PER_MM ** 2)
    finger[0] = False
    over = np.take(finger.astype(np.uint8), labels)
    over = cv2.resize(over, light.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    return near(over, tuning.COVER_REACH_MM)
