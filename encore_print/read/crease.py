"""Creases: a sheet folded (to carry it home, or to keep it in the game's box) and opened again
to be photographed. Each fold is a straight line right across the sheet: under a lamp a thin
shade with a lit strip beside it, which the light field (it varies slowly) does not follow, and
which through a cell or a value reads as a pen's line. Found where the print is plain, on the
photo's coarse copy divided by the print, and divided out of the photo."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from ..geometry import Element
from . import tuning
from .ink import channel_sum


@dataclass(frozen=True)
class Crease:
    """A straight crease in the sheet's frame: `upright` (from its top edge to its bottom one:
    x varies little) or else lying (from its left edge to its right one), `at` mm across
    where it crosses the middle of the sheet, leaning `slope` mm across per mm along."""

    upright: bool
    at: float
    slope: float

    def crosses(self, box_mm: tuple[float, float, float, float],
                sheet_mm: tuple[float, float]) -> bool:
        """Whether it runs through the box (x, y, w, h, mm) of a sheet of `sheet_mm` (w, h),
        or within CREASE_NEAR_MM of it."""
        x, y, w, h = box_mm
        if not self.upright:
            x, y, w, h = y, x, h, w
        along = sheet_mm[1] if self.upright else sheet_mm[0]
        middle = self.at + self.slope * (y + h / 2 - along / 2)
        reach = tuning.CREASE_NEAR_MM + abs(self.slope) * h / 2
        return x - reach <= middle <= x + w + reach


def plain_light(coarse: np.ndarray, printed: np.ndarray, flat: np.ndarray) -> np.ndarray:
    """The light per pixel of the coarse copy (photo ÷ print as printed, channels summed)
    where the print is plain (`flat`), NaN elsewhere: what a crease darkens, with the print's
    own colours divided out."""
    light = channel_sum(coarse.astype(np.float32))
    light /= np.maximum(channel_sum(printed), 1.0)
    light[flat < 0.5] = np.nan
    return light


def find_creases(light: np.ndarray, px_per_mm: float, elements: tuple[Element, ...]
                 ) -> list[Crease]:
    """The creases across the sheet whose light (see plain_light) is `light`, at
    `px_per_mm`, whose `elements` are where players write; up to 3 each way, within
    CREASE_MAX_DEG of the sheet's sides. A crease is a line darker than the light
    CREASE_SIDE_MM either side of it (see _shade): by CREASE_SHADE or more in CREASE_SHARE
    of the spans of CREASE_SPAN_MM it crosses where the print is plain, CREASE_MIN_SPANS at
    least, and all along its way through the margins, where no one writes, in both halves of
    the sheet (see _in_margins): pen along a row of cells stays in them. It is then laid where
    it is darkest (see _fitted)."""
    out = []
    side = round(tuning.CREASE_SIDE_MM * px_per_mm)
    span = round(tuning.CREASE_SPAN_MM * px_per_mm)
    written = _written_on(elements, light.shape, px_per_mm)
    for upright in (True, False):
        m, w = (light, written) if upright else (np.ascontiguousarray(light.T), written.T)
        shade = _shade(m, side)
        margin = np.where(w, np.nan, shade)
        spans = _spans(shade, span)
        margin_spans = ~_any_in_span(w, span)
        for _ in range(3):
            tried = [(_in_margins(margin, at, slope, px_per_mm), at, slope)
                     for at, slope in _lines(*spans, margin_spans, span)[:tuning.CREASE_TRIED]]
            shown, at, slope = max(tried, default=(-np.inf, 0.0, 0.0))
            if shown < tuning.CREASE_SHADE:
                break
            _forget(spans, at, slope, span, 2 * side)
            fit = _fitted(shade, ~w, at, slope, round(tuning.CREASE_BAND_MM * px_per_mm))
            if fit is not None:
                out.append(Crease(upright, (fit[0] + 0.5) / px_per_mm, fit[1]))
    return out


@lru_cache(maxsize=8)
def _written_on(elements: tuple[Element, ...], shape: tuple[int, int], px_per_mm: float
                ) -> np.ndarray:
    """Where players write (every element's box and CREASE_SIDE_MM around it), at
    `px_per_mm` on a sheet image of `shape`."""
    out = np.zeros(shape, bool)
    m = tuning.CREASE_SIDE_MM
    for e in elements:
        x, y, w, h = e.box_mm
        out[max(0, round((y - m) * px_per_mm)):max(0, round((y + h + m) * px_per_mm)),
            max(0, round((x - m) * px_per_mm)):max(0, round((x + w + m) * px_per_mm))] = True
    return out


def _any_in_span(mask: np.ndarray, span: int) -> np.ndarray:
    """Per run of `span` rows (as _spans takes them) and column: whether `mask` is set in any
    of its pixels."""
    h, w = mask.shape
    n = h // span
    return mask[:n * span].reshape(n, span, w).any(axis=1)


def _shade(m: np.ndarray, side: int) -> np.ndarray:
    """Per pixel, how much darker than the darker of the pixels `side` to its left and right
    it is, as a share of that (NaN where any of the three is): a thin line's shade, while the
    edge of a broad one (a shadow's) shows none."""
    h, w = m.shape
    out = np.full((h, w), np.nan, np.float32)
    if w > 2 * side:  # (np.minimum, unlike np.fmin, keeps a NaN; black pixels have no shade)
        with np.errstate(divide="ignore", invalid="ignore"):
            out[:, side:w - side] = 1 - m[:, side:w - side] / np.minimum(m[:, :w - 2 * side],
                                                                         m[:, 2 * side:])
    return out


def _spans(shade: np.ndarray, span: int) -> tuple[np.ndarray, np.ndarray]:
    """Per run of `span` rows and column: whether the shade's median there is CREASE_SHADE or
    more (over every other row: as good, in half the time), and whether a quarter of its
    pixels count at least (where not, it is not shaded either). A median: pen beside a few
    of its pixels makes them look lit, not the run."""
    h, w = shade.shape
    n = h // span
    runs = shade[:n * span:2].reshape(n, -1, w)
    counted = (~np.isnan(runs)).sum(axis=1)
    plain = counted >= runs.shape[1] / 4
    return plain & (2 * (runs >= tuning.CREASE_SHADE).sum(axis=1) > counted), plain


def _lines(shaded: np.ndarray, plain: np.ndarray, margin: np.ndarray, span: int
           ) -> list[tuple[float, float]]:
    """The straight lines through the spans (see _spans) that are `shaded` in
    CREASE_MIN_SPANS or more of them, in CREASE_SHARE of those where the print is `plain`,
    and in one of the margins at least (`margin`: the spans where no one writes; a crease runs
    through them, pen in the cells does not), the best of each slope only, those shaded in
    the most spans of the margins first, then in the most spans: (where they cross the middle
    row (px), their slope). Only the lines through a shaded span of the margins are looked
    at: on most sheets there is none. None lies within CREASE_EDGE_MM of the sheet's sides
    (the shadow along its edge, a margin too narrow to tell a crease by)."""
    n, w = shaded.shape
    slopes, lean = _leans(n, span)
    seen = np.argwhere(shaded & margin)
    if not len(seen):
        return []
    # every line through one of those spans, by slope and where it crosses the middle row
    which = np.repeat(np.arange(len(slopes)), len(seen))
    at = (seen[:, 1][None, :] - lean[:, seen[:, 0]]).ravel()
    border = round(tuning.CREASE_EDGE_MM * span / tuning.CREASE_SPAN_MM)  # (px)
    pairs = np.unique(np.stack([which, at], axis=1)[(at >= border) & (at < w - border)],
                      axis=0)
    if not len(pairs):
        return []
    k, x = pairs.T
    cols = x[None, :] + lean[k].T  # per row of spans and line, the column it crosses
    inside = (cols >= 0) & (cols < w)
    rows = np.arange(n)[:, None]
    cols = cols.clip(0, w - 1)
    hit = inside & shaded[rows, cols]
    count = hit.sum(axis=0)
    edge = (hit & margin[rows, cols]).sum(axis=0)
    good = (count >= tuning.CREASE_MIN_SPANS) & (
        count >= tuning.CREASE_SHARE * (inside & plain[rows, cols]).sum(axis=0))
    found = []
    for slope in np.unique(k[good]):
        mine = np.flatnonzero(good & (k == slope))
        j = mine[np.argmax(edge[mine] * (n + 1) + count[mine])]
        found.append((int(edge[j]), int(count[j]), float(x[j]), float(slopes[slope])))
    return [line[2:] for line in sorted(found, reverse=True)]


@lru_cache(maxsize=8)
def _leans(n: int, span: int) -> tuple[np.ndarray, np.ndarray]:
    """The slopes looked at, and per slope and row of spans, how many columns a line at that
    slope lies from where it crosses the middle row."""
    slopes = np.tan(np.deg2rad(np.arange(-tuning.CREASE_MAX_DEG, tuning.CREASE_MAX_DEG + 1e-9,
                                         tuning.CREASE_STEP_DEG)))
    centres = (np.arange(n) + 0.5) * span - n * span / 2
    return slopes, np.round(slopes[:, None] * centres[None, :]).astype(int)


def _fitted(shade: np.ndarray, margin: np.ndarray, at: float, slope: float, reach: int
            ) -> tuple[float, float] | None:
    """The line (see _lines) laid where the crease is darkest, row by row, within `reach` of
    it: (where it crosses the middle row, its slope), fitted to the rows where the crease
    shows (its shade there CREASE_SHADE or more, but no darker than CREASE_DARKEST: pen),
    first those in the `margin` (where no one writes), then all within CREASE_FIT_PX of that
    fit; None where fewer than CREASE_FIT_ROWS show it (no crease). The search's steps leave a
    line up to a pixel off at its ends, more when pen in the cells leads it astray, and a
    millimetre's error in the crease's place leaves its shade in the photo."""
    h, w = shade.shape
    rows = np.arange(h)
    along = rows + 0.5 - h / 2
    x = np.round(at + slope * along).astype(int)
    offsets = np.arange(-reach, reach + 1)
    cols = x[:, None] + offsets[None, :]
    near = np.where((cols >= 1) & (cols < w - 1), shade[rows[:, None], cols.clip(0, w - 1)],
                    np.nan)
    counted = ~np.isnan(near).all(axis=1)
    peak = np.nanargmax(np.where(np.isnan(near), -np.inf, near), axis=1)
    top = near[rows, peak]
    shows = counted & (top >= tuning.CREASE_SHADE) & (top <= tuning.CREASE_DARKEST) \
        & (peak > 0) & (peak < len(offsets) - 1)
    # (to a fraction of a pixel: the parabola through the peak and the pixels either side)
    left = near[rows, (peak - 1).clip(0)]
    right = near[rows, (peak + 1).clip(max=len(offsets) - 1)]
    bend = left - 2 * top + right
    shows &= ~np.isnan(left) & ~np.isnan(right) & (bend < 0)
    where = x + offsets[peak] + np.where(shows, 0.5 * (left - right) / np.where(bend < 0, bend,
                                                                               -1.0), 0.0)
    keep = shows & margin[rows, x.clip(0, w - 1)]
    for _ in range(3):
        if keep.sum() < tuning.CREASE_FIT_ROWS:
            return None
        b, a = np.polyfit(along[keep], where[keep], 1)
        keep = shows & (np.abs(where - (a + b * along)) <= tuning.CREASE_FIT_PX)
    return (float(a), float(b)) if keep.sum() >= tuning.CREASE_FIT_ROWS else None


def _in_margins(margin: np.ndarray, at: float, slope: float, px_per_mm: float) -> float:
    """How much the line (see _lines) is shaded in the margins (`margin`: the shade, NaN where
    players write or the print is not plain) all along: its median shade there, along it or
    along the pixels beside it, whichever is the most (it is found to the nearest pixel), in
    whichever half of the sheet it is the less; -inf where it runs through less than
    CREASE_MARGIN_MM of them, or less than CREASE_END_MM in either half. A crease runs from
    edge to edge; the edge of a pen lying on the sheet, or its shadow, stops where the pen
    does."""
    h, w = margin.shape
    rows = np.arange(h)
    x = np.round(at + slope * (rows + 0.5 - h / 2)).astype(int)
    rows, x = rows[(x >= 1) & (x < w - 1)], x[(x >= 1) & (x < w - 1)]
    most = -np.inf
    for d in (-1, 0, 1):
        seen = margin[rows, x + d]
        halves = [seen[:np.searchsorted(rows, h // 2)], seen[np.searchsorted(rows, h // 2):]]
        halves = [a[~np.isnan(a)] for a in halves]
        if sum(len(a) for a in halves) >= tuning.CREASE_MARGIN_MM * px_per_mm and all(
                len(a) >= tuning.CREASE_END_MM * px_per_mm for a in halves):
            most = max(most, min(float(np.median(a)) for a in halves))
    return most


def _forget(spans: tuple[np.ndarray, np.ndarray], at: float, slope: float, span: int,
            reach: int) -> None:
    """Leaves the spans (see _spans) within `reach` of the line found out of the next search
    (in place)."""
    n = spans[0].shape[0]
    centres = (np.arange(n) + 0.5) * span - n * span / 2
    for r, c in enumerate(np.round(at + slope * centres).astype(int)):
        for a in spans:
            a[r, max(0, c - reach):max(0, c + reach + 1)] = False


def unfold(image: np.ndarray, blank_rgb: np.ndarray, tone: np.ndarray, flat: np.ndarray,
           creases: list[Crease], px_per_mm: float) -> list[Crease]:
    """Divides the creases' shade out of `image` (the sheet's frame at `px_per_mm`, uint8,
    its channels in either order; in place), whose print is `blank_rgb` (the same size) as
    printed in `tone` (see tone.printed_tone), plain where `flat` (at any coarser size) is:
    within CREASE_BAND_MM of each crease, the light across it as photo ÷ print where the print
    is plain, its median over each CREASE_PIECE_MM along it, as a share of the light at the
    band's two edges; a crease throws as much shade on pen and print as on paper. Returns the
    creases whose shade it measured somewhere (see _shade_across), and divided out."""
    reach = round(tuning.CREASE_BAND_MM * px_per_mm)
    done = []
    for c in creases:
        img, blank = (image, blank_rgb) if c.upright else (image.transpose(1, 0, 2),
                                                           blank_rgb.transpose(1, 0, 2))
        plain = flat if c.upright else flat.T
        h, w = img.shape[:2]
        rows = np.arange(h)
        # where the crease runs (in pixels, x of pixel centres) and how far each row's pixel
        # nearest to it lies from it
        centre = (c.at + c.slope * ((rows + 0.5) / px_per_mm - h / 2 / px_per_mm)) \
            * px_per_mm - 0.5
        nearest = np.round(centre).astype(int)
        phase = (nearest - centre).astype(np.float32)  # (-0.5 … 0.5)
        cols = nearest[:, None] + np.arange(-reach - 1, reach + 2)[None, :]
        inside = (cols >= 0) & (cols < w)
        cols = cols.clip(0, w - 1)
        band = img[rows[:, None], cols].astype(np.float32)
        printed = cv2.LUT(blank[rows[:, None], cols], np.maximum(tone, 1.0))
        k = plain.shape[0] / h
        ratio = channel_sum(band) / np.maximum(channel_sum(printed), 1.0)
        ratio[~inside | (plain[(rows * k).astype(int)[:, None], (cols * k).astype(int)] < 0.5)] \
            = np.nan
        # the light at whole pixels from the crease, from the two pixels either side of each
        shade = _shade_across(_shifted(ratio, -phase)[:, 1:-1],
                              round(tuning.CREASE_PIECE_MM * px_per_mm),
                              round(tuning.CREASE_GAP_MM * px_per_mm))
        if shade is None:
            continue
        done.append(c)
        # and back at each pixel's own distance from it
        at_pixels = _shifted(np.pad(shade, ((0, 0), (1, 1)), mode="edge"), phase)
        band /= at_pixels[..., None]
        img[rows[:, None], cols] = np.where(inside[..., None], np.clip(band + 0.5, 0, 255),
                                            img[rows[:, None], cols]).astype(np.uint8)
    return done


def _shifted(a: np.ndarray, by: np.ndarray) -> np.ndarray:
    """Each row of `a` moved `by` (per row, -1 … 1) of a column to the left, linearly
    interpolated (NaN next to NaN; the last column kept)."""
    w = a.shape[1]
    x = np.arange(w)[None, :] + by[:, None]
    x0 = np.clip(np.floor(x).astype(int), 0, w - 2)
    f = np.clip(x - x0, 0.0, 1.0)
    rows = np.arange(a.shape[0])[:, None]
    return a[rows, x0] * (1 - f) + a[rows, x0 + 1] * f


def _widest_gap(measured: np.ndarray) -> int:
    """The longest run of columns not `measured` (bool)."""
    runs = np.diff(np.flatnonzero(np.concatenate([[True], measured, [True]])))
    return int(runs.max()) - 1


def _shade_across(ratio: np.ndarray, piece: int, gap: int) -> np.ndarray | None:
    """Per pixel of the band (rows along the crease, columns across it), the share of the
    light the crease leaves there: the median of photo ÷ print (`ratio`, NaN where not
    measured) over each `piece` of rows, per column (where an eighth of them are measured;
    across a print's line, no wider than `gap` columns, the shade either side of it), over the
    line between the medians at the band's two edges; pieces that measure too little take
    their nearest neighbour's, rows between the pieces' middles a blend of the two. None where
    no piece measures enough."""
    h, width = ratio.shape
    n = max(1, h // piece)
    pieces = []
    for i in range(n):
        part = ratio[i * h // n:(i + 1) * h // n].copy()
        edges = np.concatenate([part[:, :3], part[:, -3:]], axis=1)
        edges = edges[~np.isnan(edges)]
        if edges.size:  # (pen is darker than any crease: a row of dots along one is none of it)
            part[part < (1 - tuning.CREASE_DARKEST) * np.median(edges)] = np.nan
        measured = (~np.isnan(part)).sum(axis=0) >= len(part) / 8
        if not edges.size or measured.mean() < tuning.CREASE_MEASURED or not (
                measured[:3].any() and measured[-3:].any()) or _widest_gap(measured) > gap:
            pieces.append(None)  # (along a print's edge: measured in the margins instead)
            continue
        d = np.arange(width)
        profile = np.interp(d, d[measured], np.nanmedian(part[:, measured], axis=0))
        edges = float(np.median(profile[:3])), float(np.median(profile[-3:]))
        shares = profile / np.linspace(*edges, width)
        # (darker or lighter than a crease: a shadow's or a reflection's edge, or pen)
        pieces.append(shares if 1 - tuning.CREASE_DARKEST <= shares.min()
                      and shares.max() <= 1 + tuning.CREASE_DARKEST / 2 else None)
    known = [i for i, p in enumerate(pieces) if p is not None]
    if not known:
        return None
    filled = np.array([pieces[min(known, key=lambda j: abs(j - i))] for i in range(n)])
    middles = (np.arange(n) + 0.5) * h / n
    rows = np.arange(h) + 0.5
    return np.stack([np.interp(rows, middles, filled[:, d]) for d in range(width)],
                    axis=1).astype(np.float32)
