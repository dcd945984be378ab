"""The light that fell on the sheet, per pixel and channel: photo ÷ print where the print is
plain, smoothed, measured on the photo's coarse copy (light varies slowly)."""

from __future__ import annotations

from functools import cache, lru_cache

import cv2
import numpy as np

from . import tuning
from .ink import Blank, blurred_past_hatching, least_channel


def light_field(coarse: np.ndarray, blank: Blank, tone: np.ndarray) -> np.ndarray:
    """Per pixel and channel of the photo's coarse copy (`coarse`, RGB: see ink.coarse_copy),
    at LIGHT_PX_PER_MM, photo ÷ print on plain areas, smoothed: the light that fell on the
    sheet. Pen is darker than the local light, so a second pass leaves it out. The light
    varies slowly: the tiles' light, followed where it changes sharply (see _sharp_light),
    both worked out on a half-size copy of photo ÷ print. The blank is taken as printed in
    `tone` (see tone.printed_tone)."""
    sh, sw = blank.flat.shape
    p = coarse.astype(np.float32)
    lit = np.maximum(tone, 1.0)  # (what the photo is divided by)
    ratio = p / cv2.LUT(blank.small, lit)
    if blank.hatching is not None:
        hatched = blurred_past_hatching(p) / cv2.LUT(blank.smooth, lit)
        ratio[blank.hatching] = hatched[blank.hatching]
    half = cv2.resize(ratio, _half(blank), interpolation=cv2.INTER_AREA)
    tiled = cv2.resize(_tiles_light(half, blank), (sw, sh), interpolation=cv2.INTER_LINEAR)
    return _sharp_light(half, blank, tiled)


def full_size(light: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """The light field (see light_field) spread to the sheet's `size` (h, w): made once the
    coarse copy's working arrays are freed, as it is the biggest array of a reading."""
    h, w = size
    return cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)


def _tiles_light(half: np.ndarray, blank: Blank) -> np.ndarray:
    """Per tile of LIGHT_TILE_MM, the mean of photo ÷ print (`half`, at half of
    LIGHT_PX_PER_MM) where the print is flat, leaving out what is well darker (ink, dirt)."""
    hh, hw = half.shape[:2]
    least = least_channel(half)
    tile = max(2, round(tuning.LIGHT_TILE_MM * tuning.LIGHT_PX_PER_MM / 2))
    size = (max(1, hw // tile), max(1, hh // tile))
    flat, den = _flat_tiles(blank, size)
    gain = masked_mean(half, flat, size, den)
    for _ in range(2):  # drop pixels well below the estimate, then re-estimate
        full = cv2.resize(gain, (hw, hh), interpolation=cv2.INTER_LINEAR)
        keep = flat & (least >= 0.85 * least_channel(full))
        gain = masked_mean(half, keep, size)
    return gain


def _half(blank: Blank) -> tuple[int, int]:
    """The size (w, h) of the half-size copy the light is worked out on."""
    sh, sw = blank.flat.shape
    return max(1, sw // 2), max(1, sh // 2)


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _flat_tiles(blank: Blank, size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Where the blank is flat all over a pixel of the half-size copy (bool), and how much of
    each tile is: the same for every photo of a layout."""
    flat = cv2.resize(blank.flat, _half(blank), interpolation=cv2.INTER_AREA) > 0.999
    return flat, tile_share(flat, size)


def tile_share(mask: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return cv2.resize(mask.astype(np.float32), size, interpolation=cv2.INTER_AREA)[..., None]


def _sharp_light(half: np.ndarray, blank: Blank, tiled: np.ndarray) -> np.ndarray:
    """The light where it changes sharply (the edge of a shadow in sunlight), which tiles
    average away: the plain print's brightness with darker features narrower than
    LIGHT_EDGE_MM closed over (pen strokes, dots, the print between plain areas), worked out on
    the half-size copy of photo ÷ print (`half`) and given at LIGHT_PX_PER_MM. A closing is
    biased bright by noise: that bias, the typical excess over the tiles' light (`tiled`), is
    taken out. Where plain print is too far apart to tell, the tiles' light."""
    sh, sw = blank.plain.shape
    k = 2 * round(tuning.LIGHT_EDGE_MM / 2 * tuning.LIGHT_PX_PER_MM / 2) + 1
    closed = _close_round(cv2.copyTo(half, _known_plain(blank, _half(blank))), k)
    closed = cv2.resize(closed, (sw, sh), interpolation=cv2.INTER_LINEAR)
    # (new arrays: divided in place)
    to_tiles, tiles = least_channel(closed), least_channel(tiled)
    to_tiles /= np.maximum(tiles, 1e-3, out=tiles)
    known = to_tiles > tuning.LIGHT_KNOWN
    if not known.any():
        return tiled
    closed /= float(median(to_tiles[known]))  # a copy: ours to reorder
    return cv2.copyTo(closed, known.astype(np.uint8), tiled)  # `tiled` is ours to overwrite


def off_colour(channels: list[np.ndarray], by: float) -> np.ndarray:
    """Where (bool) the light (its `channels`, see light_field) is of another colour than the
    sheet's typical light, each channel over their mean off its typical by more than `by`: a
    lamp or a window lights the sheet in its own colour, however unevenly, and a finger's
    shade or a reflection's veil does not."""
    mean = np.maximum(sum(channels) / 3, 1e-3)
    off = np.zeros(mean.shape, bool)
    for c in channels:  # (one by one: numpy reduces over a last axis of 3 many times slower)
        colour = c / mean
        off |= np.abs(colour - median(colour.ravel().copy())) > by
    return off


def median(a: np.ndarray):
    """np.median of a 1-d float array (which it may reorder), the same value, in about half
    the time on a big one: only the values between two quantiles of a sample around its
    middle are sorted, when the middle is among them; np.median itself when it is not (or
    there are NaNs, which no comparison counts)."""
    n = a.size
    sample = np.sort(a[::max(1, n // tuning.MEDIAN_SAMPLE)])
    m, d = sample.size // 2, 4 * int(np.sqrt(sample.size))  # ± 4 standard errors of rank
    lo, hi = sample[max(0, m - d)], sample[min(sample.size - 1, m + d)]
    below, above = np.count_nonzero(a < lo), np.count_nonzero(a > hi)
    within = a[(a >= lo) & (a <= hi)]
    ks = [n // 2 - 1, n // 2] if n % 2 == 0 else [n // 2]
    if below + within.size + above != n or not below <= ks[0] <= ks[-1] < below + within.size:
        return np.median(a, overwrite_input=True)
    return np.mean(np.sort(within)[[k - below for k in ks]])  # np.median's mean of the middle


@lru_cache(maxsize=4)
def _known_plain(blank: Blank, half: tuple[int, int]) -> np.ndarray:
    """Where the blank's print is plain on the half-size copy (uint8 mask): per layout."""
    return (cv2.resize(blank.plain, half, interpolation=cv2.INTER_AREA) > 0.999).astype(np.uint8)


def _close_round(img: np.ndarray, k: int) -> np.ndarray:
    """cv2.morphologyEx(img, MORPH_CLOSE, the k × k ellipse), the same values in three
    quarters of the time: the ellipse is a union of rectangles, dilating (eroding) by a union
    is the largest (smallest) of dilating (eroding) by each, and OpenCV does rectangles
    separably."""
    rects = _ellipse_rectangles(k)
    grown = _by_each(cv2.dilate, np.maximum, img, rects)
    return _by_each(cv2.erode, np.minimum, grown, rects)


def _by_each(op, combine, img: np.ndarray, rects: list[np.ndarray]) -> np.ndarray:
    out = op(img, rects[0])
    for r in rects[1:]:
        combine(out, op(img, r), out=out)
    return out


@cache
def _ellipse_rectangles(k: int) -> list[np.ndarray]:
    """The k × k ellipse as rectangles: per width of its rows, all rows at least that wide."""
    ellipse = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    c = k // 2
    reach = {int(ellipse[c + dy].sum()) // 2: dy for dy in range(c + 1)}  # rows narrow outwards
    return [cv2.getStructuringElement(cv2.MORPH_RECT, (2 * w + 1, 2 * dy + 1))
            for w, dy in reach.items()]


def masked_mean(values: np.ndarray, mask: np.ndarray, size: tuple[int, int],
                den: np.ndarray | None = None) -> np.ndarray:
    """Mean of `values` over the boolean `mask` in each of `size` tiles (`den`: the share of
    each tile the mask covers, when known); tiles without plain paper borrow from their
    neighbours (normalised convolution, wider until every tile has some)."""
    # the values where the mask is set, else 0: without spreading the mask over the channels
    # (numpy is slow at that)
    num = cv2.resize(cv2.copyTo(values, mask.view(np.uint8)), size, interpolation=cv2.INTER_AREA)
    den = tile_share(mask, size) if den is None else den
    seen = den > 1e-3
    exact = num / np.maximum(den, 1e-3)
    if seen.all():
        return exact.astype(np.float32)
    for sigma in (1.0, 2.0, 4.0, 8.0):
        n = cv2.GaussianBlur(num, (0, 0), sigma)
        d = cv2.GaussianBlur(den, (0, 0), sigma)[..., None]
        if (d > 1e-3).all():
            break
    fill = np.where(d > 1e-6, n / np.maximum(d, 1e-6), 1.0)
    return np.where(seen, exact, fill).astype(np.float32)
