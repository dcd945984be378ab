"""How much pen there is at each pixel: how much darker the photo is than the blank sheet,
once the photo's own light (gradients, shadows, colour cast) is divided out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from . import tuning


@dataclass(frozen=True, eq=False)  # compared (and cached on) by identity: one per layout
class Blank:
    """The blank sheet at the reader's resolution, prepared once per layout."""

    rgb: np.ndarray  # uint8 H×W×3, as rendered (a printer's tone is applied per photo)
    flat: np.ndarray  # float32 h×w at LIGHT_PX_PER_MM: 1 where the print is plain all over
    small: np.ndarray  # uint8 h×w×3, the blank at LIGHT_PX_PER_MM, for measuring light
    grey: np.ndarray  # uint8 H×W, for alignment
    plain: np.ndarray  # like `flat`, plain for only PLAIN_RADIUS_MM: a star's cell has some
    # where a black-and-white pad's cells are hatched (bool h×w; None on a colour pad): the
    # light is read there from the photo and the print both blurred past the hatching's
    # pitch, `smooth` (uint8 h×w×3) being the print so blurred
    hatching: np.ndarray | None = None
    smooth: np.ndarray | None = None
    hatch_dark: float = 0.0  # how much light the hatching's lines take away (0 … 1)


def prepare_blank(rgb: np.ndarray, px_per_mm: float, hatch_dark: float = 0.0) -> Blank:
    """`hatch_dark`: on a black-and-white pad, whose cells are hatched instead of filled, how
    much light its hatching's lines take away (0: no hatching)."""
    grey = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)
    f_small = tuning.LIGHT_PX_PER_MM / px_per_mm
    size = (round(rgb.shape[1] * f_small), round(rgb.shape[0] * f_small))
    small = cv2.resize(rgb.astype(np.float32), size, interpolation=cv2.INTER_AREA)
    flat = _plain(grey, tuning.FLAT_RADIUS_MM, px_per_mm, size)
    plain = _plain(grey, tuning.PLAIN_RADIUS_MM, px_per_mm, size)
    hatching = smooth = None
    if hatch_dark:
        smooth = blurred_past_hatching(small)
        hatching = _even_once_smooth(smooth) & (flat == 0)
        flat = np.maximum(flat, hatching.astype(np.float32))
        plain = np.maximum(plain, hatching.astype(np.float32))
        smooth = _levels(smooth)
    # (kept as levels, 0-255, for a printer's tone to be looked up: where the light is
    # measured the print is flat, and its level whole)
    return Blank(rgb, flat, _levels(small), grey, plain, hatching, smooth, hatch_dark)


def _levels(a: np.ndarray) -> np.ndarray:
    return np.rint(a).astype(np.uint8)


def blurred_past_hatching(small: np.ndarray) -> np.ndarray:
    """`small` (at LIGHT_PX_PER_MM) blurred past the hatching's pitch."""
    return cv2.GaussianBlur(small, (0, 0), tuning.HATCH_BLUR_MM * tuning.LIGHT_PX_PER_MM)


def _even_once_smooth(smooth: np.ndarray) -> np.ndarray:
    """Where the print, blurred past its hatching, is light and changes little (bool)."""
    grey = smooth.mean(axis=2)
    r = 2 * round(tuning.HATCH_EVEN_MM * tuning.LIGHT_PX_PER_MM) + 1
    kernel = np.ones((r, r), np.uint8)
    spread = cv2.dilate(grey, kernel) - cv2.erode(grey, kernel)
    return (spread <= tuning.HATCH_SPREAD) & (grey >= tuning.HATCH_LIGHT)


def _plain(grey: np.ndarray, radius_mm: float, px_per_mm: float, size: tuple[int, int]
           ) -> np.ndarray:
    """1 where the print is light and flat for `radius_mm` all round, at `size`."""
    r = 2 * round(radius_mm * px_per_mm) + 1
    kernel = np.ones((r, r), np.uint8)
    spread = cv2.dilate(grey, kernel).astype(int) - cv2.erode(grey, kernel).astype(int)
    flat = ((spread <= 6) & (grey >= 120)).astype(np.float32)
    return (cv2.resize(flat, size, interpolation=cv2.INTER_AREA) > 0.999).astype(np.float32)


def coarse_copy(photo: np.ndarray, blank: Blank) -> np.ndarray:
    """`photo` (uint8, the sheet's frame) at LIGHT_PX_PER_MM, the size the light is measured at."""
    sh, sw = blank.flat.shape
    return cv2.resize(photo, (sw, sh), interpolation=cv2.INTER_AREA)


def ink(photo_sum: np.ndarray, expected: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """0 (as printed) … 1 (black pen) per pixel: how much light the pen took away, over all
    three channels together (`photo_sum`: the photo's, see channel_sum), as a share of what
    bare paper reflects there (`paper`). Every dark or saturated pen darkens the sum strongly,
    even on a cell of its own colour, while the photo's noise partly averages out; on dark
    print, where a small mismatch of blur or position is a large share of the print's own
    light, it stays small."""
    out = channel_sum(expected)
    out -= photo_sum  # in place: as (e - p) / max(paper, 24)
    out /= np.maximum(channel_sum(paper), 24.0)
    return np.minimum(np.maximum(out, 0, out=out), 1, out=out)  # np.clip, without its overhead


def percentile(a: np.ndarray, q: float):
    """np.percentile(a, q) (linear), the same bit for bit, at a fraction of its cost on the
    arrays the reader takes it of."""
    flat = a.ravel()
    v = (flat.size - 1) * (q / 100)
    lo = int(np.floor(v))
    hi = min(lo + 1, flat.size - 1)
    part = np.sort(flat)  # numpy's SIMD sort outruns its partition, the more so on repeats
    t = v - lo
    diff = part[hi] - part[lo]
    return part[hi] - diff * (1 - t) if t >= 0.5 else part[lo] + diff * t


def expected_print(blank_rgb: np.ndarray, tone: np.ndarray, sigma_px: float, px: float,
                   within: tuple[int, int, int, int], colour_sigma_px: float = 0.0
                   ) -> np.ndarray:
    """The print as this photo may show it in the box `within` (x0, y0, x1, y1 in pixels;
    uint8, as the blank): the blank as printed in `tone` (see tone.printed_tone; to the
    nearest level), its colours blurred by `colour_sigma_px` (see colour_blur_px), then the
    darker of the crisp print and the print blurred as much as the photo (either may be the
    better match), at its darkest within the alignment's residual error. (In one piece, in
    uint8: patch by patch, in float, the calls' overhead cost more than the pixels.)"""
    tol = round(tuning.INK_SHIFT_TOLERANCE_MM * px)
    # what reaches into the box: the blurs and the erosion
    m = _reach(sigma_px) + _reach(colour_sigma_px) + tol
    x0, y0, x1, y1 = within
    h, w = blank_rgb.shape[:2]
    bx0, by0 = max(0, x0 - m), max(0, y0 - m)
    out = cv2.LUT(blank_rgb[by0:min(h, y1 + m), bx0:min(w, x1 + m)],
                  _levels(np.clip(tone, 0, 255)))
    if _reach(colour_sigma_px):
        out = _colours_blurred(out, colour_sigma_px)
    if _reach(sigma_px):
        out = np.minimum(out, cv2.GaussianBlur(out, (0, 0), sigma_px), out=out)
    if tol:
        out = cv2.erode(out, _disc(tol))
    return out[y0 - by0:y1 - by0, x0 - bx0:x1 - bx0]


def _reach(sigma_px: float) -> int:
    """How far (pixels) a Gaussian blur of `sigma_px` reaches (uint8: 3 sigma, rounded); 0 for
    one too slight to apply (under 0.3 px, or none)."""
    return int(np.ceil(3 * sigma_px)) + 1 if np.isfinite(sigma_px) and sigma_px >= 0.3 else 0


def colour_blur_px(colour_step: float, photo_px_per_mm: float, px: float) -> float:
    """How much more than its brightness (a Gaussian's sigma, in pixels of `px` per mm) a
    photo blurs its colours where `colour_step` of its pixels along a side share one colour
    sample (2 in a phone's JPEG or HEIC, which keep colours at half size; 1: none shared), the
    sheet spanning `photo_px_per_mm` of them. Where a white star meets a yellow fill, a small
    photo smears the yellow over the star, which otherwise reads as pen."""
    if colour_step <= 1:
        return 0.0
    return tuning.COLOUR_BLUR * colour_step * px / photo_px_per_mm


def _colours_blurred(rgb: np.ndarray, sigma_px: float) -> np.ndarray:
    """`rgb` (uint8) with its colours blurred by `sigma_px` and its brightness kept, as a
    JPEG's decoder gives colours stored at a smaller size: in its YCrCb, what the blur moves,
    turned back to RGB and added. (Turned there and back whole, uint8 rounding moved a third of
    the pixels by a level, and a faint cross's specks no longer stood out from the empty
    boxes': mixed hard seed 63000, M5.)"""
    ycc = cv2.cvtColor(rgb, cv2.COLOR_RGB2YCrCb)
    moved = cv2.subtract(cv2.GaussianBlur(ycc, (0, 0), sigma_px), ycc, dtype=cv2.CV_16S)
    return cv2.add(rgb, cv2.transform(moved, _COLOURS_TO_RGB), dtype=cv2.CV_8U)


# how a move of (Y, Cr, Cb) moves (R, G, B), without Y's (OpenCV's YCrCb: JPEG's YCbCr)
_COLOURS_TO_RGB = np.array([[0, 1.403, 0], [0, -0.714, -0.344], [0, 0, 1.773]], np.float32)


@cache
def _disc(radius: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * radius + 1, 2 * radius + 1))


def paper_level(m: np.ndarray) -> np.ndarray:
    """The ink level of bare paper across each patch of a stack (n × h × w): a plane through
    the BASELINE_PERCENTILE of each of its 3×3 blocks, so the soft edge of a cast shadow running
    through it (which the coarse light field cannot follow) is not taken for pen."""
    n, h, w = m.shape
    bh, bw = h // 3, w // 3
    # every other pixel of each block: the paper level is smooth, and this is the hot loop
    blocks = m[:, :3 * bh, :3 * bw].reshape(n, 3, bh, 3, bw).transpose(0, 1, 3, 2, 4)
    blocks = blocks[..., ::2, ::2].reshape(n, 9, -1)
    k = round(tuning.BASELINE_PERCENTILE / 100 * (blocks.shape[2] - 1))
    # (by a full sort: numpy's SIMD sort outruns its partition on these short rows)
    z = np.sort(blocks, axis=2)[..., k].copy()  # n × 9, each summed as one row
    level = z.mean(axis=1)
    z = z.reshape(n, 3, 3)
    # least squares on a regular 3×3 grid, in closed form: slopes from the outer rows/columns
    sx = _per_pixel((z[:, :, 2] - z[:, :, 0]).mean(axis=1), 2 * bw)
    sy = _per_pixel((z[:, 2, :] - z[:, 0, :]).mean(axis=1), 2 * bh)
    cx, cy = 1.5 * bw - 0.5, 1.5 * bh - 0.5
    xs = (np.arange(w, dtype=np.float32) - cx)[None, :] * sx[:, None]
    ys = (np.arange(h, dtype=np.float32) - cy)[None, :] * sy[:, None]
    return level[:, None, None] + ys[:, :, None] + xs[:, None, :]


def _per_pixel(rise: np.ndarray, run: int) -> np.ndarray:
    """Slopes, divided in double precision and rounded to float32 as one patch's were."""
    return (rise.astype(np.float64) / run).astype(np.float32)


def even_noise(inks: list[np.ndarray], light: list[float]) -> None:
    """Ink in a shadow is the photo's noise divided by little light: each patch's ink (lit at
    `light`) is scaled down (in place) by how much darker than the sheet's usual it is lit, so
    one pen threshold fits the whole sheet (pen in a deep shadow must be proportionally
    clearer)."""
    usual = float(np.median(light))
    for m, lv in zip(inks, light):
        if lv < usual:
            m *= max(tuning.SHADOW_INK_FLOOR, lv / usual)


# numpy reduces a last axis of length 3 slowly; these are the hot loops of the reader
def least_channel(a: np.ndarray) -> np.ndarray:
    return np.minimum(np.minimum(a[..., 0], a[..., 1]), a[..., 2])


def channel_sum(a: np.ndarray) -> np.ndarray:
    """a[..., 0] + a[..., 1] + a[..., 2] (float32), the same bit for bit, in a third of the
    time."""
    rows = a.reshape(-1, a.shape[-2], 3) if a.ndim != 3 else a
    return cv2.transform(rows, _ONES).reshape(a.shape[:-1])


_ONES = np.ones((1, 3), np.float32)
