"""How the printer printed the blank, measured on the photo. No printer prints the renderer's
colours exactly (a toner saver, inkjet ink soaking into plain paper, a cartridge running low),
and pen is what darkens the print expected in a box, in the light measured on the print: with
the cells' fills paler or darker than expected, that light is off where they are, and white
stars or the fills themselves read as pen.

Per channel, each level the blank prints flat over wide areas (the cells' fills, the value
boxes' greys) is compared with white paper's light twice: in the light tiles that hold white
paper too (on Encore!, the colour bonus boxes and the value boxes) and all over (across the
grid, where that light is only guessed); the smaller difference counts, less what the light
can make of an exact print. Levels in between follow linearly; black stays black, white white.
The colour bonus boxes also tell a colour pad from a black-and-white one (colour_strength)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from . import tuning
from .glare import star_masks
from .ink import Blank, percentile
from .light import masked_mean, tile_share

Samples = tuple[np.ndarray, np.ndarray, np.ndarray]  # flat indices into the coarse copy, and
# their light tiles' rows and columns
EXACT = np.repeat(np.arange(256, dtype=np.float32)[:, None], 3, axis=1)[None]  # for cv2.LUT


def printed_tone(coarse: np.ndarray, blank: Blank, glare: np.ndarray | None = None
                 ) -> np.ndarray:
    """A look-up table (1 × 256 × 3, float32, for cv2.LUT): per channel, the level at which
    the photo shows each of the blank's levels printed, under the light that shows white
    paper at 255. `coarse`: the photo's coarse copy (RGB, see ink.coarse_copy); `glare`:
    where a reflection may lift the print (nonzero; see glare.py), which is not measured."""
    levels, samples, white, share = _print_levels(blank)
    if not levels:
        return EXACT
    paper = masked_mean(coarse.astype(np.float32), white, share.shape[1::-1], share)
    pixels = coarse.reshape(-1, 3)
    lifted = _lifted(glare)
    xs, ys = [[0.0, 255.0] for _ in range(3)], [[0.0, 255.0] for _ in range(3)]
    for level, places in zip(levels, samples):
        # two measures, each wrong where the other is not: all over, against white paper's
        # light as guessed across the grid (a shadow's edge there misleads it), and next to
        # white paper (where the JPEG's coarse colour bleeds white into small boxes)
        measured = [_printed(_shown(pixels, paper, *where, lifted), level)
                    for where in places]
        if any(m is None for m in measured):
            continue
        misses = [m - level for m in measured]
        miss = np.where(np.sign(misses[0]) == np.sign(misses[1]),
                        np.sign(misses[0]) * np.minimum(abs(misses[0]), abs(misses[1])), 0.0)
        # and what the light can make of an exact print is not a printer's: nothing of a
        # difference within that, all of one twice as large
        slack = tuning.TONE_TOLERANCE * np.maximum(level, 1)
        printed = level + miss * np.clip(abs(miss) / slack - 1, 0.0, 1.0)
        for c in range(3):
            xs[c].append(float(level[c]))
            ys[c].append(float(printed[c]))
    return np.stack([_curve(x, y) for x, y in zip(xs, ys)], axis=1)[None].astype(np.float32)


def colour_strength(coarse: np.ndarray, blank: Blank, glare: np.ndarray | None = None
                    ) -> float | None:
    """How much of the colour pad's colours the photo shows: about 1 printed as rendered, less
    from a paler printer, about 0 from a black-and-white one (or a black-and-white pad): the
    chromaticity of each coloured level the blank prints flat next to white paper (on Encore!,
    the colour bonus boxes, which no one writes in: a felt pen of any colour in the cells moves
    nothing), against the blank's own, both about their mean (a colour cast moves every level
    alike). None when the blank has too few colours to tell by. `coarse`: the photo's coarse
    copy (RGB), `blank`: the colour pad's; `glare`: where a reflection may lift the print
    (nonzero; see glare.py), taking its colours out: not measured."""
    levels, samples, _, _ = _print_levels(blank)
    pixels = coarse.reshape(-1, 3)
    lifted = _lifted(glare)
    pairs = []
    for level, (_, (idx, _, _)) in zip(levels, samples):
        if lifted is not None:
            idx = idx[~lifted[idx]]
        if len(idx) >= tuning.TONE_MIN_SAMPLES:
            pairs.append((_chroma(level[None].astype(np.float32))[0],
                          np.median(_chroma(pixels[idx].astype(np.float32)), axis=0)))
    pairs = [(e, seen) for e, seen in pairs if np.hypot(*e) >= tuning.COLOURED_CHROMA]
    if len(pairs) < 2:
        return None
    expected, seen = (np.array(a) for a in zip(*pairs))
    expected -= expected.mean(axis=0)
    seen -= seen.mean(axis=0)
    return float((seen * expected).sum() / (expected * expected).sum())


def fill_strength(sheet: np.ndarray, blank: Blank, boxes: list[tuple[int, int, int, int]]
                  ) -> float | None:
    """On a photo in shades of grey, where no colour tells the pads apart: how much darker
    than the white stars printed in them the colour pad's fills show, as a share of how much
    darker it prints them (`blank`: the colour pad in grey): about 1 printed as rendered, less
    from a paler printer, near 0 on a black-and-white pad, whose cells are white but for light
    hatching. Star and fill side by side are in the same light. Pen over a star only lowers
    its share, and most stars of a finished sheet are crossed: the uncrossed stars' shares are
    the largest, and the second largest counts (one odd star does not decide). `sheet`: the
    photo in the sheet's frame; `boxes`: the star cells' (x0, y0, x1, y1 in its pixels). None
    with fewer than two stars."""
    shares = []
    for x0, y0, x1, y1 in boxes:
        paper, fill, level = star_masks(blank, (x0, y0, x1, y1))
        if level is None:
            continue
        shown = sheet[y0:y1, x0:x1, 0]  # (in grey: any channel)
        # each at its bright end, clear of pen (which only darkens) unless it covers it all
        star, shown_fill = float(percentile(shown[paper], 90)), float(percentile(shown[fill], 90))
        if star > 0:
            shares.append((1 - shown_fill / star) / (1 - level[0] / 255))
    return sorted(shares)[-2] if len(shares) >= 2 else None


def _chroma(rgb: np.ndarray) -> np.ndarray:
    """(red − green, blue − green) over the sum of the channels, per pixel (n × 2)."""
    total = rgb.sum(axis=1) + 1.0
    return np.stack([(rgb[:, 0] - rgb[:, 1]) / total, (rgb[:, 2] - rgb[:, 1]) / total], axis=1)


def _lifted(glare: np.ndarray | None) -> np.ndarray | None:
    """`glare` (see glare.py) flat and boolean, or None where it has nothing (no reflection)."""
    return glare.reshape(-1) > 0 if glare is not None and glare.any() else None


def _shown(pixels: np.ndarray, paper: np.ndarray, idx: np.ndarray, ty: np.ndarray,
           tx: np.ndarray, lifted: np.ndarray | None) -> np.ndarray:
    """The pixels at `idx` as shares of white paper's light in their tiles (channels in rows:
    faster), less those clipped in every channel or `lifted` (see _lifted): a reflection may
    have washed the print out or lifted it there, and they tell nothing of the printer."""
    kept = (pixels[idx] < tuning.CLIPPED).any(axis=1)
    if lifted is not None:
        kept &= ~lifted[idx]
    return (pixels[idx[kept]] / np.maximum(paper[ty[kept], tx[kept]], 1.0)).T


def _printed(shown: np.ndarray, level: np.ndarray) -> np.ndarray | None:
    """The level (0-255 per channel) that pixels of the blank's `level` show (channels ×
    pixels, as shares of white paper's light), or None when too few are clear of pen (or of a
    reflection) to tell."""
    if shown.shape[1] < tuning.TONE_MIN_SAMPLES:
        return None
    typical = _row_medians(shown, keepdims=True)
    if (typical[:, 0] < tuning.TONE_DARKEST * level / 255).any():
        # darker than any printer prints it: most of the fill lies under pen (a sheet dotted
        # all over in a felt pen), and the fill is the bright end of what its pixels show
        typical = np.percentile(shown, tuning.TONE_TYPICAL, axis=1, keepdims=True)
    else:
        # (no print shows brighter than paper: there the paper's light was taken too dark)
        bright = shown[:, ((shown >= typical / tuning.TONE_CLEAN) & (shown <= 1)).all(axis=0)]
        if bright.shape[1] >= tuning.TONE_BRIGHT_SHARE * shown.shape[1]:
            # a print is even: a good part of it this much brighter than the median is its
            # level showing clear of something that shades the rest (a pen lying on it)
            typical = _row_medians(bright, keepdims=True)
    # pen on the fills is darker: left out, as the light field leaves it out
    clean = shown[:, (shown >= tuning.TONE_CLEAN * typical).all(axis=0)]
    if clean.shape[1] < tuning.TONE_MIN_SAMPLES:
        return None  # mostly covered (a scribbled sheet, a thumb): not measured
    return 255 * _row_medians(clean)


def _row_medians(a: np.ndarray, keepdims: bool = False) -> np.ndarray:
    """np.median(a, axis=1, keepdims=keepdims) of a 2-d float array, the same values: on rows
    of a few hundred, one sort beats np.median's partition and its overhead (a third of the
    time). np.median itself where a row holds a NaN (which it gives, and sorting puts last)."""
    ordered = np.sort(a, axis=1)
    n = ordered.shape[1]
    if n == 0 or np.isnan(ordered[:, -1]).any():
        return np.median(a, axis=1, keepdims=keepdims)
    middle = [n // 2 - 1, n // 2] if n % 2 == 0 else [n // 2]
    return np.mean(ordered[:, middle], axis=1, keepdims=keepdims)  # np.median's mean of them


def _curve(x: list[float], y: list[float]) -> np.ndarray:
    """The 256 levels through the points (x, y), in order of x (the mean y where x repeats),
    never falling and never past white."""
    xs, inverse = np.unique(np.array(x), return_inverse=True)
    ys = np.bincount(inverse, np.array(y)) / np.bincount(inverse)
    ys = np.minimum(np.maximum.accumulate(ys), 255.0)
    return np.interp(np.arange(256), xs, ys)


@lru_cache(maxsize=4)  # few: each holds on to its blank
def _print_levels(blank: Blank) -> tuple[list[np.ndarray], list[tuple[Samples, Samples]],
                                         np.ndarray, np.ndarray]:
    """The colours the blank prints flat over wide areas, other than white; where to measure
    each, all over and in tiles with white paper (whose light is measured there, not guessed);
    where white paper lies (bool); and the share of each light tile it covers. Per layout."""
    flat = blank.flat > 0
    if blank.hatching is not None:
        flat &= ~blank.hatching  # (measured blurred: not a level of its own)
    h, w = flat.shape
    tile = max(2, round(tuning.LIGHT_TILE_MM * tuning.LIGHT_PX_PER_MM))
    size = (max(1, w // tile), max(1, h // tile))
    idx = np.flatnonzero(flat)
    colours = blank.small.reshape(-1, 3)[idx].astype(np.int32)
    keys = (colours[:, 0] << 16) | (colours[:, 1] << 8) | colours[:, 2]
    white_key = (255 << 16) | (255 << 8) | 255
    white = np.zeros(flat.shape, bool)
    white.flat[idx[keys == white_key]] = True
    share = tile_share(white, size)
    ty, tx = idx // w * size[1] // h, idx % w * size[0] // w
    near = share[ty, tx, 0] >= tuning.TONE_NEAR_WHITE
    found, inverse = np.unique(keys, return_inverse=True)
    levels, samples = [], []
    for k, key in enumerate(found):
        mine = np.flatnonzero(inverse == k)
        by_white = mine[near[mine]]
        if key == white_key or len(by_white) < tuning.TONE_MIN_AREA:
            continue
        levels.append(np.array([key >> 16, (key >> 8) & 255, key & 255]))
        samples.append(tuple((idx[s], ty[s], tx[s]) for s in (_spread(mine), _spread(by_white))))
    return levels, samples, white, share


def _spread(a: np.ndarray) -> np.ndarray:
    """At most TONE_SAMPLES of `a`, spread evenly."""
    return a[::max(1, len(a) // tuning.TONE_SAMPLES)]
