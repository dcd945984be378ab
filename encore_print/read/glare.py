"""Where a reflection washes the print out. A lamp or a window mirrored in the sheet adds
light that never went through the print or the pen: where it is strong, the photo shows the
coloured cells, the lines and the glyphs as near white, a pen's cross fades with them, and the
light measured around it (see light.py) is off enough to turn white stars into pen;
farther out it still lifts the print, which the printer's tone must not take for the printer's
(tone.printed_tone). The reader cannot see into such a spot; it can tell where one is, and
that the elements around it are not read. Fainter, it washes nothing out but still lifts a
fill more than white paper: a white star then shows evenly darker against its cell than
printed (star_veils)."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from ..geometry import Element
from . import tuning
from .ink import Blank, least_channel, percentile
from .judge import VALUE_KINDS


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


def lifted_light(light: np.ndarray) -> np.ndarray:
    """Where (uint8 0/1, at LIGHT_PX_PER_MM) a reflection too faint to wash the print out still
    lies: the light measured there (see light.light_field), in its palest channel, is
    VEIL_LIGHT times the sheet's typical or more, more than a lamp lights a sheet unevenly.
    (Of any colour: over white paper a reflection's light is the paper's own colour.)"""
    # (the light varies slowly: its typical from every 4th pixel each way, and whether any of
    # it is lifted from every 2nd, take an eighth of the time all of them would)
    lift = tuning.VEIL_LIGHT * float(np.median(least_channel(light[::4, ::4])))
    if not (least_channel(light[::2, ::2]) >= lift).any():  # (as on nearly every photo)
        return np.zeros(light.shape[:2], np.uint8)
    return (least_channel(light) >= lift).view(np.uint8)


def near(mask: np.ndarray, reach_mm: float) -> np.ndarray:
    """Where (uint8 0/1) lies within `reach_mm` of a mask at LIGHT_PX_PER_MM: what washed_out
    or lifted_light found, or what cover.covered did."""
    if not mask.any():
        return mask
    # by each pixel's distance from the spot: dilating by a disc this wide took 0.2-0.4 s
    far = cv2.distanceTransform(1 - mask, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    return (far <= round(reach_mm * tuning.LIGHT_PX_PER_MM)).astype(np.uint8)


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _dark_print(blank: Blank) -> tuple[np.ndarray, np.ndarray]:
    """Where the blank prints a colour flat, and where it prints darker lines or glyphs (uint8
    0/1, at LIGHT_PX_PER_MM): per layout."""
    dark = least_channel(blank.small) <= tuning.WASHED_PRINT
    flat = blank.flat > 0
    return (dark & flat).astype(np.uint8), (dark & ~flat).astype(np.uint8)


def paled_print(elements: tuple[Element, ...], contrast: np.ndarray) -> dict[str, float]:
    """Per element fitted (see rectify._print_contrasts), how much of its print's contrast the
    photo shows (`contrast`) against the typical of the elements like it on this sheet (of its
    kind, a star or not, a value of its row): 1 as usual, under it where a reflection's veil
    pales the print, and so a pen's stroke. (Pen over an element's print takes part in the fit:
    only an empty element's tells of the veil, see judge._lend_paling.)"""
    alike: dict[tuple, list[int]] = {}
    for k, e in enumerate(elements):
        if np.isfinite(contrast[k]):
            row = e.id.rpartition(":")[2] if e.kind in VALUE_KINDS else ""
            alike.setdefault((e.kind, e.star, row), []).append(k)
    out = {}
    for ks in alike.values():
        typical = float(np.median(contrast[ks]))
        if typical > 0:
            out.update({elements[k].id: float(contrast[k]) / typical for k in ks})
    return out


def star_veils(sheet: np.ndarray, blank: Blank, tone: np.ndarray,
               stars: list[tuple[Element, tuple[int, ...]]]) -> dict[str, tuple[float, float]]:
    """Per star cell, how its white star shows against the cell's fill: how much darker than
    the printer's `tone` prints them (its paper's 95th percentile over the fill's 90th, over
    the printed ratio: 1 as printed), and how evenly (its paper's 5th percentile over its
    95th). See `veiled`. `sheet`: the photo in the sheet's frame (either channel order);
    `stars`: each star cell with where its patch lies (x0, y0, x1, y1, sx, sy, see
    sheet._placed). None measured on a black-and-white pad, whose stars lie in hatching."""
    out: dict[str, tuple[float, float]] = {}
    if blank.hatching is not None:
        return out
    for e, (x0, y0, x1, y1, sx, sy) in stars:
        paper, fill, fill_level = star_masks(blank, (x0, y0, x1, y1))
        if fill_level is None:
            continue
        shown = sheet[y0 + sy:y1 + sy, x0 + sx:x1 + sx].astype(np.float32).sum(axis=2)
        star = shown[paper]
        lo, hi = percentile(star, 5), percentile(star, 95)
        printed = float(tone[0, 255].sum() / tone[0, fill_level, range(3)].sum())
        out[e.id] = (float(hi) / max(float(percentile(shown[fill], 90)), 1.0) / printed,
                     float(lo / hi))
    return out


def veiled(darker: float, even: float) -> bool:
    """Whether a star shown so (see star_veils) lies under a reflection's veil, not pen: see
    tuning.VEIL_STAR_DARKER."""
    lo, hi = tuning.VEIL_STAR_DARKER
    return lo <= darker < hi and even > tuning.VEIL_STAR_EVEN


@lru_cache(maxsize=64)
def star_masks(blank: Blank, box: tuple[int, int, int, int]
                ) -> tuple[np.ndarray, np.ndarray, list[int] | None]:
    """In a star cell's patch, the star's white paper and the cell's fill, each
    VEIL_STAR_INSET_MM in from its edge (bool), and the fill's level per channel (RGB); None
    for that where either is missing."""
    x0, y0, x1, y1 = box
    b = blank.rgb[y0:y1, x0:x1]
    white = (b.min(axis=2) >= 250).astype(np.uint8)
    coloured = b[white == 0]
    level = np.median(coloured, axis=0) if len(coloured) else np.zeros(3)
    fill = (np.abs(b.astype(int) - level).max(axis=2) <= 3).astype(np.uint8)
    r = round(tuning.VEIL_STAR_INSET_MM * tuning.PX_PER_MM)
    kernel = np.ones((2 * r + 1,) * 2, np.uint8)
    paper, fill = cv2.erode(white, kernel) > 0, cv2.erode(fill, kernel) > 0
    found = paper.sum() >= 10 and fill.sum() >= 10
    return paper, fill, [int(v) for v in level] if found else None
