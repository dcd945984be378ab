"""Where something lies over the sheet: a finger holding it down, a pen or a die left on it.
The light field (light.py) takes anything broad over the sheet for light falling on it, so
under a finger no pen shows, and the finger's edge and shading read as pen; what is narrower
reads as pen itself. Light, in a shadow too, keeps the colour of the light on the rest of the
sheet, only dimmer; skin is of another colour, and darker than paper. In a photo in shades of
grey there is no colour to tell it by, but a finger is narrow: it is darker than the light
around it, where the shadow of a hand or a phone is broad and soft. A dark finger of nearly the
light's colour the light field takes in only in part: there the photo is darker than the print
in that light (dark_over). A dark die it takes in whole, as the deepest of shadows, but within
the sheet, where shadows that deep do not lie (deep_within). Whatever its colour, what lies
over the sheet hides its print: where the print's lines should show, the photo is smooth
(print_hidden), where pen only ever adds lines and shadow or blur keep them."""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from ..geometry import Element
from . import tuning
from .glare import near
from .ink import Blank, least_channel
from .light import median, off_colour


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
    least, typical, channels = _least_light(light)
    if in_grey:
        around = cv2.GaussianBlur(least, (0, 0), tuning.COVER_LOCAL_MM * tuning.COVER_PX_PER_MM,
                                  borderType=cv2.BORDER_REFLECT)
        off = least < tuning.COVER_LOCAL * around
    else:
        off = off_colour(channels, tuning.COVER_COLOUR)
        off &= least < tuning.COVER_DARKER * typical
    return _and_near(_big_blobs(_speckless(off), at_edge=True), light)


def deep_within(light: np.ndarray) -> np.ndarray:
    """Where (uint8 0/1, at LIGHT_PX_PER_MM) the light (see light.light_field) is darker than
    COVER_DEEP of the typical, COVER_MIN_MM2 or more of it, where the light around it, darker
    than COVER_DEEP_AROUND, does not reach the sheet's edge; and within COVER_REACH_MM of it.
    A shadow that deep is cast from beyond the sheet (a hand, the phone); within it, the light
    field took in something dark lying on it (a die), or pen filling boxes side by side, which
    darkens the light measured among it as much."""
    least, typical, _ = _least_light(light)
    dim = _speckless(least < tuning.COVER_DEEP_AROUND * typical)
    deep = least < tuning.COVER_DEEP * typical
    return _and_near(_big_blobs(dim, at_edge=False, counted=deep), light)


def _least_light(light: np.ndarray) -> tuple[np.ndarray, np.float32, list[np.ndarray]]:
    """The light at COVER_PX_PER_MM: its least channel, that channel's typical value, and its
    channels."""
    f = tuning.COVER_PX_PER_MM / tuning.LIGHT_PX_PER_MM
    channels = cv2.split(cv2.resize(light, None, fx=f, fy=f, interpolation=cv2.INTER_AREA))
    least = np.minimum(np.minimum(channels[0], channels[1]), channels[2])
    return least, _median_of(least), channels


def _speckless(mask: np.ndarray) -> np.ndarray:
    """The mask (uint8 0/1) without its specks: a pixel or two is the light's noise at a sharp
    edge, not a finger."""
    return cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3)))


def _big_blobs(mask: np.ndarray, at_edge: bool, counted: np.ndarray | None = None
               ) -> np.ndarray:
    """The blobs of a mask (uint8 0/1, at COVER_PX_PER_MM) of COVER_MIN_MM2 or more (of their
    pixels `counted`, bool, if given) that reach within COVER_EDGE_MM of its edge, or that do
    not (`at_edge`), as a uint8 0/1 mask."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    area = stats[:, cv2.CC_STAT_AREA] if counted is None else np.bincount(labels[counted],
                                                                          minlength=n)
    x, y, w, h = stats[:, :4].T
    e = tuning.COVER_EDGE_MM * tuning.COVER_PX_PER_MM
    edge = (x <= e) | (y <= e) | (x + w >= mask.shape[1] - e) | (y + h >= mask.shape[0] - e)
    big = (area >= tuning.COVER_MIN_MM2 * tuning.COVER_PX_PER_MM ** 2) & (edge == at_edge)
    big[0] = False
    return np.take(big.astype(np.uint8), labels)


def dark_over(coarse: np.ndarray, blank: Blank, tone: np.ndarray, light: np.ndarray
              ) -> np.ndarray:
    """Where (uint8 0/1, at LIGHT_PX_PER_MM) something dark lies over the sheet that the light
    field followed only in part (a dark finger of the light's own colour): the photo's coarse
    copy (RGB, see light.light_field) darker than DARK_OVER of the print as printed in `tone`
    in the `light`, in its least channel, in solid blobs (DARK_OVER_SOLID_MM across, which
    pen strokes are not) of COVER_MIN_MM2 or more that reach the sheet's edge, and within
    COVER_REACH_MM of them. A shadow, however deep, is in the light field, and so not dark
    here. Dark print, where too little light comes back to tell, joins a blob but adds
    nothing to its area, and nor does what lies near solid dark print (the corner marks): on a
    sheet that does not lie flat, such print shows a few millimetres off, dark where paper
    should be."""
    size = _cover_size(light)
    printed, told, counted = _print_to_tell_by(blank, size)
    lit = cv2.resize(light, size, interpolation=cv2.INTER_AREA)
    lit *= cv2.LUT(printed, np.maximum(tone, 1.0))
    seen = cv2.resize(coarse, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    dark = least_channel(seen / np.maximum(lit, 1e-3)) < tuning.DARK_OVER
    over = _big_blobs(_solid(dark | ~told), at_edge=True, counted=dark & counted)
    return _and_near(over, light)


def _cover_size(light: np.ndarray) -> tuple[int, int]:
    """The size (w, h) of the light field (at LIGHT_PX_PER_MM) at COVER_PX_PER_MM."""
    f = tuning.COVER_PX_PER_MM / tuning.LIGHT_PX_PER_MM
    return round(light.shape[1] * f), round(light.shape[0] * f)


def _solid(mask: np.ndarray) -> np.ndarray:
    """The parts of a mask (bool) DARK_OVER_SOLID_MM across or more (uint8 0/1)."""
    k = 2 * round(tuning.DARK_OVER_SOLID_MM * tuning.COVER_PX_PER_MM / 2) + 1
    return cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN,
                            cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _print_to_tell_by(blank: Blank, size: tuple[int, int]
                      ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The blank's print at `size` (w, h; uint8 RGB levels, for a printer's tone to be looked
    up); where it is light enough to tell something dark over it; and where, of that, it lies
    DARK_OVER_SHIFT_MM or more from solid dark print (bool): per layout."""
    printed = cv2.resize(blank.small, size, interpolation=cv2.INTER_AREA)
    told = least_channel(printed) >= tuning.DARK_OVER_PRINT
    k = 2 * round(tuning.DARK_OVER_SHIFT_MM * tuning.COVER_PX_PER_MM) + 1
    near_solid = cv2.dilate(_solid(~told), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return printed, told, told & (near_solid == 0)


def print_hidden(sheet_grey: np.ndarray, px_per_mm: float, blank: Blank,
                 elements: tuple[Element, ...], light: np.ndarray) -> np.ndarray:
    """Where (uint8 0/1, at LIGHT_PX_PER_MM) the elements' print does not show in the photo,
    and within COVER_REACH_MM of it. The photo's lines (its gradient's energy over
    PRINT_HIDDEN_WINDOW_MM, at COVER_PX_PER_MM, the light divided out) are weighed against the
    blank's, in or at the elements' boxes, where the blank has lines wherever its print lies
    within PRINT_HIDDEN_SHIFT_MM of where it should (a sheet laid flat fits that closely), as a
    share of the sheet's typical share (blur and a pale printer take lines away all over).
    Something lies over the sheet where that share is under PRINT_HIDDEN_SHARE, where the
    blank's lines are PRINT_HIDDEN_LINES of its typical ones or more, in a blob of
    PRINT_HIDDEN_MIN_MM2 or more, unless a reflection lies there (see _blobs); then the
    rest of it is looked for, paler print and a less hidden one too (PRINT_HIDDEN_PALE,
    PRINT_HIDDEN_MORE). `sheet_grey`: the rectified sheet in grey, at `px_per_mm`; `light`:
    see light.light_field."""
    f = tuning.COVER_PX_PER_MM / px_per_mm
    photo = cv2.resize(sheet_grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    printed, clear, pale = _printed_lines(blank, elements, photo.shape[::-1])
    lit = cv2.cvtColor(cv2.resize(light, photo.shape[::-1], interpolation=cv2.INTER_AREA),
                       cv2.COLOR_RGB2GRAY)
    share = _lines(photo.astype(np.float32) / np.maximum(lit, 1e-3)) / printed
    share /= float(median(share[clear]))  # (a copy: median's to reorder)
    hidden = clear & (share < tuning.PRINT_HIDDEN_SHARE)
    if not hidden.any():  # (as on nearly every photo: nothing more to weigh)
        return np.zeros(light.shape[:2], np.uint8)
    lit /= float(_median_of(lit))
    over = _blobs(hidden, lit)
    if over.any():
        over = _blobs(pale & (share < tuning.PRINT_HIDDEN_MORE))
    return _and_near(over, light)


def _median_of(a: np.ndarray):
    """np.median(a), the same value in about half the time (see light.median), `a` left as
    it was."""
    return median(a.ravel().copy())


def _and_near(over: np.ndarray, light: np.ndarray) -> np.ndarray:
    """What lies over the sheet (`over`, uint8 0/1 at COVER_PX_PER_MM) and what lies within
    COVER_REACH_MM of it, at the light field's size (LIGHT_PX_PER_MM): its soft edge, its
    shadow, and the light's tiles that took them in."""
    over = cv2.resize(over, light.shape[1::-1], interpolation=cv2.INTER_NEAREST)
    return near(over, tuning.COVER_REACH_MM)


def _blobs(mask: np.ndarray, lit: np.ndarray | None = None) -> np.ndarray:
    """The mask's blobs of PRINT_HIDDEN_MIN_MM2 or more (uint8 0/1); given the light (`lit`, as
    a share of the typical), not those under PRINT_HIDDEN_VEIL times the typical or more, on
    average: a reflection, which dims the print and adds light that never went through it."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask.astype(np.uint8))
    area = stats[:, cv2.CC_STAT_AREA]
    big = area >= tuning.PRINT_HIDDEN_MIN_MM2 * tuning.COVER_PX_PER_MM ** 2
    if lit is not None:
        big &= np.bincount(labels[mask], lit[mask], n) / np.maximum(area, 1) \
            < tuning.PRINT_HIDDEN_VEIL
    big[0] = False
    return np.take(big.astype(np.uint8), labels)


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _printed_lines(blank: Blank, elements: tuple[Element, ...], size: tuple[int, int]
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The blank's lines (see _lines) at `size` (w, h), the least of them within
    PRINT_HIDDEN_SHIFT_MM; and where, in or at an element's box, they are PRINT_HIDDEN_LINES of
    the typical ones or more, and PRINT_HIDDEN_PALE or more (bool): per layout."""
    lines = _lines(cv2.resize(blank.grey, size, interpolation=cv2.INTER_AREA).astype(np.float32))
    k = 2 * round(tuning.PRINT_HIDDEN_SHIFT_MM * tuning.COVER_PX_PER_MM) + 1
    surely = np.maximum(cv2.erode(lines, np.ones((k, k), np.uint8)), 1e-9)
    boxes = np.zeros(size[::-1], bool)
    a, m = tuning.COVER_PX_PER_MM, tuning.PRINT_HIDDEN_WINDOW_MM / 2
    for x, y, w, h in (e.box_mm for e in elements):  # (and their outlines' lines round them)
        boxes[max(0, int((y - m) * a)):math.ceil((y + h + m) * a),
              max(0, int((x - m) * a)):math.ceil((x + w + m) * a)] = True
    typical = float(np.median(lines[lines > 0]))
    return (surely, boxes & (surely >= tuning.PRINT_HIDDEN_LINES * typical),
            boxes & (surely >= tuning.PRINT_HIDDEN_PALE * typical))


def _lines(img: np.ndarray) -> np.ndarray:
    """The energy of an image's gradient, summed over PRINT_HIDDEN_WINDOW_MM around each pixel."""
    gx, gy = cv2.Sobel(img, cv2.CV_32F, 1, 0), cv2.Sobel(img, cv2.CV_32F, 0, 1)
    w = 2 * round(tuning.PRINT_HIDDEN_WINDOW_MM * tuning.COVER_PX_PER_MM / 2) + 1
    return cv2.boxFilter(gx * gx + gy * gy, -1, (w, w))
