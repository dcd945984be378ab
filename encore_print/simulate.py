"""Synthetic finished sheets and phone photos of them, for tests, benchmarks and examples.

The stages (the random ones seeded by a `numpy.random.Generator`: a seed always gives the same
image):

- `print_sheet`: the renderer's sheet image as a printer that is not exact prints it.
- `draw_marks`: a clean sheet image (the renderer's preview) → the same sheet with what a
  player writes on it: crosses in cells and jokers, circles and strokes on value boxes, in a
  felt-tip, ballpoint or pencil, hand-drawn (wobbly strokes, varying pressure, off-centre).
- `photograph` / `take_photo`: a sheet image → a phone photo of it lying on a table (rotation,
  perspective, uneven light, colour cast, shadow, a thumb holding a corner, blur, sensor noise,
  JPEG), at one of the difficulty levels of `LEVELS`; on request a finger holding one side.

`random_finished_sheet` makes the states of a random legal finished Encore! sheet.
Pure numpy + OpenCV; nothing here is used when reading real photos.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from .geometry import Element, SheetGeometry
from .geometry import geometry as sheet_geometry
from .layout import Layout

Rng = np.random.Generator
RGB = tuple[int, int, int]
PxBox = tuple[float, float, float, float]  # x, y, w, h in sheet image pixels

STATES = ("empty", "crossed", "circled", "struck")
CROSS_STYLES = ("x", "slash", "dot", "scribble")
CROSS_STYLE_WEIGHTS = (0.45, 0.25, 0.15, 0.15)  # X is what most players draw
MM_PER_INCH = 25.4

# ---------------------------------------------------------------------------------------------
# Pens
# ---------------------------------------------------------------------------------------------

# Ink colours as they look at full density on white paper (RGB). Dark or saturated only:
# nobody scores a sheet with a yellow highlighter.
FELT_INKS: dict[str, RGB] = {
    "black": (28, 28, 34), "blue": (22, 48, 165), "red": (185, 24, 38),
    "green": (18, 105, 52), "purple": (88, 30, 128), "brown": (92, 52, 30),
}
BALLPOINT_INKS: dict[str, RGB] = {"blue": (30, 45, 150), "black": (38, 38, 48)}
PENCIL_GREY: RGB = (88, 88, 96)


@dataclass(frozen=True)
class Pen:
    """What the player writes with."""

    kind: str  # "felt", "ballpoint" or "pencil"
    ink_rgb: RGB  # colour of a full-density stroke on white paper
    width_mm: float  # nominal stroke width
    density: float  # 0..1: share of the light a full-pressure stroke absorbs
    grain: float = 0.0  # 0..1: paper-tooth texture that breaks the stroke up (pencil)
    pressure_var: float = 0.15  # relative variation of width and density along a stroke


def random_pen(rng: Rng, allow_pencil: bool = True, kind: str | None = None) -> Pen:
    """A plausible pen; `kind` forces "felt", "ballpoint" or "pencil"."""
    if kind is None:
        kinds, weights = ["felt", "ballpoint", "pencil"], [0.5, 0.3, 0.2]
        if not allow_pencil:
            kinds, weights = kinds[:2], weights[:2]
        p = np.asarray(weights) / sum(weights)
        kind = kinds[int(rng.choice(len(kinds), p=p))]
    if kind == "felt":
        ink = _jitter_rgb(rng, FELT_INKS[_pick(rng, list(FELT_INKS))], 12)
        return Pen("felt", ink, float(rng.uniform(0.45, 1.0)), float(rng.uniform(0.82, 0.97)),
                   grain=0.0, pressure_var=float(rng.uniform(0.05, 0.15)))
    if kind == "ballpoint":
        ink = _jitter_rgb(rng, BALLPOINT_INKS[_pick(rng, list(BALLPOINT_INKS))], 10)
        return Pen("ballpoint", ink, float(rng.uniform(0.25, 0.4)),
                   float(rng.uniform(0.7, 0.9)), grain=float(rng.uniform(0.05, 0.2)),
                   pressure_var=float(rng.uniform(0.15, 0.3)))
    if kind == "pencil":
        shade = int(rng.integers(-10, 11))  # HB to 2B; the same on every channel: graphite is grey
        grey = (PENCIL_GREY[0] + shade, PENCIL_GREY[1] + shade, PENCIL_GREY[2] + shade)
        return Pen("pencil", grey, float(rng.uniform(0.25, 0.45)),
                   float(rng.uniform(0.4, 0.65)), grain=float(rng.uniform(0.45, 0.75)),
                   pressure_var=float(rng.uniform(0.2, 0.35)))
    raise ValueError(f"unknown pen kind {kind!r}; expected felt, ballpoint or pencil")


def _pick(rng: Rng, items: list[str]) -> str:
    return items[int(rng.integers(len(items)))]


def _jitter_rgb(rng: Rng, rgb: RGB, amount: int) -> RGB:
    return tuple(int(np.clip(c + rng.integers(-amount, amount + 1), 0, 255)) for c in rgb)


# ---------------------------------------------------------------------------------------------
# Pen marks
# ---------------------------------------------------------------------------------------------

SUPERSAMPLE = 3  # strokes are drawn 3× finer then averaged down: smooth edges, sub-pixel widths


@dataclass(frozen=True)
class Hand:
    """How one player writes, constant over a sheet: marks look alike on a real sheet."""

    style: str | None  # one cross style for the whole sheet, or None for a style per mark
    size: float  # typical mark size as a fraction of the box
    wobble: float  # how shaky strokes are, as a fraction of their length
    offset: float  # how far off-centre marks land, as a fraction of the box
    sloppy: bool = False  # marks overshoot their box into the neighbours' (see random_hand)

    @property
    def limits(self) -> tuple[float, float, float]:
        """The largest mark and the furthest off its box's middle, as fractions of the box, and
        how far past the box its strokes can reach, as a fraction of the box's longer side."""
        return (1.25, 0.18, 0.6) if self.sloppy else (0.9, 0.12, 0.35)

    @property
    def spread(self) -> float:
        """How much larger than a tidy hand's its circles and strokes are: as much as its
        crosses are larger than a tidy hand's largest (0.8 of the box)."""
        return self.size / 0.8 if self.sloppy else 1.0


def random_hand(rng: Rng, style: str | None = None, sloppy: bool = False) -> Hand:
    """A player's hand. `sloppy`: one in a hurry, whose crosses are as large as the box or
    larger and land off its middle, so their ends reach into the boxes around, and whose
    circles and strokes through values reach the values beside them (the same draws as a tidy
    hand's, from wider ranges)."""
    if style is None and rng.random() < 0.8:  # most players stick to one kind of cross
        style = CROSS_STYLES[int(rng.choice(len(CROSS_STYLES), p=CROSS_STYLE_WEIGHTS))]
    size, offset = ((0.9, 1.15), (0.05, 0.1)) if sloppy else ((0.58, 0.82), (0.02, 0.06))
    return Hand(style, float(rng.uniform(*size)), float(rng.uniform(0.008, 0.03)),
                float(rng.uniform(*offset)), sloppy)


# ---------------------------------------------------------------------------------------------
# Printers
# ---------------------------------------------------------------------------------------------

# How far a printer's colours may be from the renderer's: per channel, the share of light
# each ink leaves, 0 (solid ink) … 1 (bare paper), as printed. White paper stays white.
PRINTERS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "exact": lambda a: a,
    "pale": lambda a: 1 - 0.7 * (1 - a),  # toner saver, draft mode: every ink at 70 %
    "dark": lambda a: a ** 1.5,  # plain paper soaking up inkjet ink: mid-tones darker
    # colour balance off: the cyan ink runs low, the yellow heavy
    "tinted": lambda a: 1 - np.clip((1 - a) * np.array([0.8, 1.0, 1.25], np.float32), 0, 1),
}


def print_sheet(sheet_rgb: np.ndarray, printer: str) -> np.ndarray:
    """The sheet image as `printer` (one of PRINTERS) puts it on paper (RGB uint8)."""
    if printer not in PRINTERS:
        raise ValueError(f"unknown printer {printer!r}; expected one of {sorted(PRINTERS)}")
    a = PRINTERS[printer](sheet_rgb.astype(np.float32) / 255)
    return np.clip(a * 255 + 0.5, 0, 255).astype(np.uint8)


FOLDS = ("half", "thirds", "quarters")


def fold_sheet(sheet_rgb: np.ndarray, dpi: float, rng: Rng) -> np.ndarray:
    """The sheet (RGB uint8) after it was folded, to carry it home or into the game's box, and
    opened again to be photographed: folded by hand in half, in thirds (for an envelope) or in
    four, each fold a straight crease a few mm off true. Under a lamp each crease is a thin
    line, shaded on its side away from the light (5-25 % darker, over 0.5-1.2 mm) and lit on
    the other, and the two faces it parts, tilted a little apart, take a little more or less
    light (up to 6 %)."""
    h, w = sheet_rgb.shape[:2]
    px = dpi / MM_PER_INCH
    way = FOLDS[int(rng.integers(len(FOLDS)))]
    # folds across the long side first (A4 to A5), as one folds a sheet to halve it
    long_is_x = w >= h
    creases = [(at, long_is_x) for at in ((1 / 3, 2 / 3) if way == "thirds" else (0.5,))]
    if way == "quarters":
        creases.append((0.5, not long_is_x))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    shade = np.ones((h, w), np.float32)
    for at, along_x in creases:
        # the crease: through a point near `at` of the side it crosses, a degree or two off
        turn = np.deg2rad(rng.uniform(-2.0, 2.0))
        off = rng.uniform(-4.0, 4.0) * px
        if along_x:  # the crease crosses the x axis: it runs top to bottom
            x0, y0, normal = at * w + off, h / 2, (np.cos(turn), np.sin(turn))
        else:
            x0, y0, normal = w / 2, at * h + off, (np.sin(turn), np.cos(turn))
        d = ((xs - x0) * normal[0] + (ys - y0) * normal[1]) / px  # mm across the crease
        sigma = rng.uniform(0.25, 0.6)
        depth = rng.uniform(0.05, 0.25)
        side = 1.0 if rng.random() < 0.5 else -1.0  # which side faces away from the light
        tilt = rng.uniform(0.0, 0.06)
        shade *= (1 - depth * np.exp(-0.5 * ((d - side * sigma) / sigma) ** 2)
                  + 0.5 * depth * np.exp(-0.5 * ((d + side * sigma) / sigma) ** 2))
        shade *= 1 - tilt / (1 + np.exp(-side * d / 2.0))  # (over a few mm: the faces bend)
    out = sheet_rgb.astype(np.float32) * shade[..., None]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def draw_marks(sheet_rgb: np.ndarray, geometry: SheetGeometry, dpi: float,
               states: dict[str, str], rng: Rng, pen: Pen | None = None,
               style: str | None = None, sloppy: bool = False) -> np.ndarray:
    """The sheet with a player's marks drawn for every element whose state is not "empty".

    `sheet_rgb` is the sheet's trim box at `dpi` (x_px = x_mm · dpi / 25.4). "crossed" draws a
    cross of the hand's style (`style` forces one of CROSS_STYLES), "circled" an open ellipse
    round the printed value, "struck" one stroke through it; `sloppy`: by a hand in a hurry,
    whose marks reach into the boxes around (see random_hand). Ink darkens the paper
    multiplicatively, as real ink does, so marks on coloured cells take on the cell's colour.
    """
    _check_scale(sheet_rgb, geometry, dpi)
    if style is not None and style not in CROSS_STYLES:
        raise ValueError(f"unknown cross style {style!r}; expected one of {CROSS_STYLES}")
    pen = pen or random_pen(rng)
    hand = random_hand(rng, style, sloppy)
    out = sheet_rgb.astype(np.float32)
    px_per_mm = dpi / MM_PER_INCH
    for element_id, state in states.items():
        if state not in STATES:
            raise ValueError(f"{element_id}: unknown state {state!r}; expected one of {STATES}")
        if state == "empty":
            continue
        box = _box_px(geometry.element(element_id), px_per_mm)
        _draw_mark(out, box, state, pen, hand, px_per_mm, rng)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def _check_scale(sheet: np.ndarray, geom: SheetGeometry, dpi: float) -> None:
    """The image must be the trim box at `dpi`, or every mark lands in the wrong place."""
    want = (round(geom.sheet_mm[1] * dpi / MM_PER_INCH), round(geom.sheet_mm[0] * dpi / MM_PER_INCH))
    if sheet.ndim != 3 or sheet.shape[2] != 3 or abs(sheet.shape[0] - want[0]) > 2 \
            or abs(sheet.shape[1] - want[1]) > 2:
        raise ValueError(f"sheet image is {sheet.shape}, expected about {want[0]}×{want[1]}×3 "
                         f"for a {geom.sheet_mm[0]}×{geom.sheet_mm[1]} mm sheet at {dpi} dpi")


def _box_px(element: Element, px_per_mm: float) -> PxBox:
    x, y, w, h = element.box_mm
    return x * px_per_mm, y * px_per_mm, w * px_per_mm, h * px_per_mm


# A mark's shapes: strokes (polylines in sheet px) and filled blobs (polygons in sheet px).
Shapes = tuple[list[np.ndarray], list[np.ndarray]]
Strokes = list[np.ndarray]


def _draw_mark(out: np.ndarray, box: PxBox, state: str, pen: Pen,
               hand: Hand, px_per_mm: float, rng: Rng) -> None:
    strokes, blobs = _mark_shapes(box, state, hand, rng)
    # Work on a patch around the box (marks may overshoot it).
    x, y, w, h = box
    margin = hand.limits[2] * max(w, h) + pen.width_mm * px_per_mm
    x0, y0 = max(0, int(x - margin)), max(0, int(y - margin))
    x1 = min(out.shape[1], math.ceil(x + w + margin))
    y1 = min(out.shape[0], math.ceil(y + h + margin))
    if x1 <= x0 or y1 <= y0:
        return
    coverage = _coverage((x0, y0, x1, y1), strokes, blobs, pen, px_per_mm, rng)
    _apply_ink(out[y0:y1, x0:x1], coverage, pen.ink_rgb)


def _mark_shapes(box: PxBox, state: str, hand: Hand,
                 rng: Rng) -> Shapes:
    if state == "circled":
        return [_circle(box, hand, rng)], []
    if state == "struck":
        return [_strike(box, hand, rng)], []
    style = hand.style or CROSS_STYLES[int(rng.choice(len(CROSS_STYLES), p=CROSS_STYLE_WEIGHTS))]
    strokes = CROSS_MAKERS[style](box, hand, rng)
    if style == "dot":  # the dot's outline is filled, then traced round
        return strokes[1:], strokes[:1]
    return strokes, []


def _coverage(patch: tuple[int, int, int, int], strokes: Strokes, blobs: Strokes, pen: Pen,
              px_per_mm: float, rng: Rng) -> np.ndarray:
    """Ink coverage 0..1 over the patch (x0, y0, x1, y1), drawn supersampled then averaged."""
    x0, y0, x1, y1 = patch
    shape = ((y1 - y0) * SUPERSAMPLE, (x1 - x0) * SUPERSAMPLE)

    def to_canvas(pts: np.ndarray) -> np.ndarray:  # sheet px (edges at integers) → canvas px
        return (pts - np.array([x0, y0])) * SUPERSAMPLE - 0.5

    coverage = np.zeros(shape, np.float32)
    for blob in blobs:
        layer = np.zeros(shape, np.uint8)
        pts = np.round(to_canvas(blob) * 16).astype(np.int32)
        level = 255 * pen.density * rng.uniform(0.88, 1.0)
        cv2.fillPoly(layer, [pts], float(level), cv2.LINE_AA, shift=4)
        coverage = 1 - (1 - coverage) * (1 - layer.astype(np.float32) / 255)
    for stroke in strokes:
        layer = _stroke_layer(shape, to_canvas(stroke), pen, px_per_mm, rng)
        coverage = 1 - (1 - coverage) * (1 - layer)  # overlapping ink gets darker
    small = cv2.resize(coverage, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    if pen.grain > 0:
        small *= _grain(small.shape, pen.grain, rng)
    return small


def _stroke_layer(shape: tuple[int, int], pts: np.ndarray, pen: Pen, px_per_mm: float,
                  rng: Rng) -> np.ndarray:
    """One pen stroke as coverage 0..1: width and pressure swell and taper along it."""
    pts = _resample(pts, step=1.5)
    n = len(pts)
    t = np.linspace(0.0, 1.0, n)
    # touch-down and lift-off are lighter and thinner; pressure drifts in between
    taper = np.clip(np.minimum(t / 0.08, (1 - t) / 0.12), 0.0, 1.0) * 0.45 + 0.55
    drift = 1 + pen.pressure_var * _smooth_noise(n, rng, 3)
    width = pen.width_mm * px_per_mm * SUPERSAMPLE * rng.uniform(0.85, 1.15) * taper * drift
    level = np.clip(pen.density * (0.75 + 0.25 * taper) * drift, 0.05, 1.0)
    if pen.kind == "ballpoint":  # ballpoints skip a little where the ball runs dry
        level *= 1 - 0.35 * np.clip(_smooth_noise(n, rng, 12) - 0.6, 0, 1)
    layer = np.zeros(shape, np.uint8)
    ipts = np.round(pts * 16).astype(np.int64)  # 4 fractional bits: sub-pixel positions
    for i in range(n - 1):
        cv2.line(layer, (int(ipts[i, 0]), int(ipts[i, 1])),
                 (int(ipts[i + 1, 0]), int(ipts[i + 1, 1])), float(255 * level[i]),
                 max(1, round(float(width[i]))), cv2.LINE_AA, shift=4)
    return layer.astype(np.float32) / 255


def _grain(shape: tuple[int, ...], grain: float, rng: Rng) -> np.ndarray:
    """Paper tooth: graphite catches the peaks and skips the valleys."""
    noise = rng.random(shape, dtype=np.float32)
    noise = cv2.GaussianBlur(noise, (0, 0), 0.7)
    noise = (noise - noise.mean()) / (noise.std() + 1e-6)
    return np.clip(1 + grain * 0.6 * noise - grain * 0.25, 0.0, 1.0)


def _apply_ink(patch: np.ndarray, coverage: np.ndarray, ink_rgb: RGB) -> None:
    """Multiplicative blend: ink filters the light the paper reflects."""
    filt = np.asarray(ink_rgb, np.float32) / 255
    patch *= 1 - coverage[..., None] * (1 - filt)


def _resample(pts: np.ndarray, step: float) -> np.ndarray:
    """Points every `step` px along a polyline, so segment widths can vary smoothly."""
    seg = np.hypot(*np.diff(pts, axis=0).T)
    dist = np.concatenate([[0.0], np.cumsum(seg)])
    n = max(2, int(dist[-1] / step) + 1)
    d = np.linspace(0.0, dist[-1], n)
    return np.stack([np.interp(d, dist, pts[:, 0]), np.interp(d, dist, pts[:, 1])], axis=1)


def _smooth_noise(n: int, rng: Rng, knots: int) -> np.ndarray:
    """Slowly varying noise in about [-1, 1] over n samples."""
    k = rng.uniform(-1, 1, knots + 1)
    return np.interp(np.linspace(0, knots, n), np.arange(knots + 1), k)


def _hand_line(p0: np.ndarray, p1: np.ndarray, hand: Hand, rng: Rng, n: int = 40) -> np.ndarray:
    """A straight stroke as a hand draws it: slightly bowed, wobbly, maybe a hook at the end."""
    t = np.linspace(0.0, 1.0, n)[:, None]
    d = p1 - p0
    length = float(np.hypot(*d)) + 1e-6
    normal = np.array([-d[1], d[0]]) / length
    bow = rng.normal(0, 0.03) * length * np.sin(np.pi * t)
    wobble = hand.wobble * length * _smooth_noise(n, rng, 5)[:, None]
    pts = p0 + t * d + normal * (bow + wobble)
    if rng.random() < 0.25:  # the flick as the pen leaves the paper
        hook = rng.normal(0, 0.035) * length
        pts[-4:] += normal * hook * np.linspace(0, 1, 4)[:, None] ** 2
    return pts


def _mark_frame(box: PxBox, hand: Hand,
                rng: Rng) -> tuple[np.ndarray, float, float]:
    """Centre (off-centre by the hand), size in px (50–90 % of the box; a sloppy hand's, up to
    125 %) and a slight tilt."""
    x, y, w, h = box
    side = min(w, h)
    largest, furthest, _ = hand.limits
    shift = np.clip(rng.normal(0, hand.offset, 2), -furthest, furthest)
    centre = np.array([x + w / 2, y + h / 2]) + shift * side
    size = float(np.clip(hand.size + rng.normal(0, 0.06), 0.5, largest)) * side
    return centre, size, float(rng.normal(0, math.radians(7)))


def _rot(angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([[c, -s], [s, c]])


def _cross_x(box: PxBox, hand: Hand, rng: Rng) -> Strokes:
    centre, size, tilt = _mark_frame(box, hand, rng)
    rot = _rot(tilt)
    strokes = []
    for a, b in (((-1, -1), (1, 1)), ((1, -1), (-1, 1))):
        ends = np.array([a, b], float) * size / 2 + rng.normal(0, 0.05 * size, (2, 2))
        ends = ends @ rot.T + centre
        if rng.random() < 0.5:  # either direction, the hand does not care
            ends = ends[::-1]
        strokes.append(_hand_line(ends[0], ends[1], hand, rng))
    return strokes


def _cross_slash(box: PxBox, hand: Hand, rng: Rng) -> Strokes:
    centre, size, tilt = _mark_frame(box, hand, rng)
    sign = 1 if rng.random() < 0.8 else -1  # "/" far more often than "\"
    ends = np.array([(-1, sign), (1, -sign)], float) * size / 2 + rng.normal(0, 0.05 * size, (2, 2))
    ends = ends @ _rot(tilt).T + centre
    return [_hand_line(ends[0], ends[1], hand, rng)]


def _cross_dot(box: PxBox, hand: Hand, rng: Rng) -> Strokes:
    """A filled blob (first item) and the stroke that drew its outline."""
    centre, size, _ = _mark_frame(box, hand, rng)
    radius = size * rng.uniform(0.3, 0.42)
    theta = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    r = radius * (1 + 0.12 * _smooth_noise(48, rng, 4))
    aspect = rng.uniform(0.8, 1.0)
    outline = centre + np.stack([r * np.cos(theta), aspect * r * np.sin(theta)], axis=1)
    return [outline, np.vstack([outline, outline[:6]])]


def _cross_scribble(box: PxBox, hand: Hand, rng: Rng) -> Strokes:
    """Back-and-forth zigzag filling the box, corners rounded by the hand."""
    centre, size, _ = _mark_frame(box, hand, rng)
    turns = int(rng.integers(4, 8))
    along = np.linspace(-0.5, 0.5, turns + 1) * size
    across = np.where(np.arange(turns + 1) % 2 == 0, -0.5, 0.5) * size
    pts = np.stack([along, across], axis=1) + rng.normal(0, 0.05 * size, (turns + 1, 2))
    pts = _chaikin(pts, 2) @ _rot(rng.uniform(0, np.pi)).T + centre
    return [pts + hand.wobble * size * rng.normal(0, 1, pts.shape)]


def _chaikin(pts: np.ndarray, rounds: int) -> np.ndarray:
    """Corner cutting: sharp zigzag corners become the rounded turns of a real scribble."""
    for _ in range(rounds):
        q = 0.75 * pts[:-1] + 0.25 * pts[1:]
        r = 0.25 * pts[:-1] + 0.75 * pts[1:]
        pts = np.vstack([pts[:1], np.stack([q, r], axis=1).reshape(-1, 2), pts[-1:]])
    return pts


CROSS_MAKERS: dict[str, Callable[..., Strokes]] = {
    "x": _cross_x, "slash": _cross_slash, "dot": _cross_dot, "scribble": _cross_scribble,
}


def _circle(box: PxBox, hand: Hand, rng: Rng) -> np.ndarray:
    """An ellipse round the printed value, drawn in one go: open or overlapping, a bit wobbly."""
    x, y, w, h = box
    centre = np.array([x + w / 2, y + h / 2]) + rng.normal(0, 0.05, 2) * np.array([w, h])
    span = min(w, 1.4 * h)  # round the digit, not the whole of a wide bonus box
    ax, ay = (hand.spread * span * rng.uniform(0.42, 0.58),
              hand.spread * h * rng.uniform(0.42, 0.6))
    start, sweep = rng.uniform(0, 2 * np.pi), 2 * np.pi * rng.uniform(0.85, 1.15)
    n = 60
    theta = start + np.linspace(0, sweep, n) * (1 if rng.random() < 0.7 else -1)
    drift = np.linspace(1.0, rng.uniform(0.88, 1.12), n)  # the ends need not meet
    wobble = 1 + hand.wobble * 2 * _smooth_noise(n, rng, 6)
    pts = np.stack([ax * np.cos(theta), ay * np.sin(theta)], axis=1) * (drift * wobble)[:, None]
    return pts @ _rot(rng.normal(0, math.radians(10))).T + centre


def _strike(box: PxBox, hand: Hand, rng: Rng) -> np.ndarray:
    """One stroke through the printed value: horizontal-ish or diagonal."""
    x, y, w, h = box
    centre = np.array([x + w / 2, y + h / 2]) + rng.normal(0, 0.04, 2) * np.array([w, h])
    if rng.random() < 0.6:
        angle, length = rng.normal(0, math.radians(6)), w * rng.uniform(0.6, 1.0)
    else:
        angle = rng.choice([-1, 1]) * rng.uniform(math.radians(25), math.radians(55))
        length = min(w, 1.3 * h) * rng.uniform(0.7, 1.05)
    length *= hand.spread
    d = np.array([math.cos(angle), -math.sin(angle)]) * length / 2
    p0, p1 = (centre - d, centre + d) if rng.random() < 0.8 else (centre + d, centre - d)
    return _hand_line(p0, p1, hand, rng)


# ---------------------------------------------------------------------------------------------
# Camera
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CameraLevel:
    """How hard a photo is. Ranges are (low, high) drawn uniformly per photo."""

    tilt_deg: tuple[float, float]  # camera axis away from the sheet's normal
    fill: tuple[float, float]  # sheet's bounding box / frame, in the tighter dimension
    light_gradient: tuple[float, float]  # brightness change from one side of the frame to the other
    vignette: tuple[float, float]  # darkening in the frame's corners
    exposure: tuple[float, float]  # paper white level (1 = 255)
    cast: tuple[float, float]  # warm/cool colour cast strength
    shadow_chance: float  # chance of a soft cast shadow (a hand, the phone) over the sheet
    shadow_depth: tuple[float, float]
    blur_sigma: tuple[float, float]  # px, at the 1.5 MP reference size
    motion_chance: float
    motion_px: tuple[float, float]  # motion blur length, at the reference size
    noise: tuple[float, float]  # sensor read noise sigma (1 = 255)
    jpeg_quality: tuple[int, int]
    light_background_chance: float  # white or pale tables: little contrast with the paper
    thumb_chance: float  # chance of a thumb holding the sheet down at one corner


LEVELS: dict[str, CameraLevel] = {
    # A player photographing the sheet to score it, in a lit room: the sheet fills most of the
    # frame, some tilt, light reasonably even, the phone held still.
    "ordinary": CameraLevel(
        tilt_deg=(0, 25), fill=(0.55, 0.9), light_gradient=(0.05, 0.25), vignette=(0.05, 0.25),
        exposure=(0.82, 1.0), cast=(0.0, 0.08), shadow_chance=0.15, shadow_depth=(0.15, 0.3),
        blur_sigma=(0.3, 0.8), motion_chance=0.15, motion_px=(1.0, 2.0), noise=(0.006, 0.015),
        jpeg_quality=(72, 92), light_background_chance=0.25, thumb_chance=0.0),
    # Issue 3's hard photo: at a steep angle (up to 40°) under a lamp (strong gradient, warm
    # cast, dim corners), a cast shadow, slight blur, strong JPEG, and sometimes a thumb over
    # one corner mark. Still a photo a player could read by eye.
    "hard": CameraLevel(
        tilt_deg=(15, 40), fill=(0.45, 0.85), light_gradient=(0.2, 0.45), vignette=(0.15, 0.4),
        exposure=(0.6, 0.95), cast=(0.05, 0.16), shadow_chance=0.7, shadow_depth=(0.25, 0.5),
        blur_sigma=(0.5, 1.0), motion_chance=0.3, motion_px=(1.5, 3.0), noise=(0.012, 0.03),
        jpeg_quality=(60, 80), light_background_chance=0.4, thumb_chance=0.25),
    # Beyond what the reader promises to read: small in the frame, dim, blurred, shaken. It
    # measures that such photos are refused or flagged, never read wrong.
    "extreme": CameraLevel(
        tilt_deg=(10, 40), fill=(0.40, 0.85), light_gradient=(0.2, 0.45), vignette=(0.15, 0.4),
        exposure=(0.6, 0.95), cast=(0.05, 0.16), shadow_chance=0.7, shadow_depth=(0.25, 0.5),
        blur_sigma=(0.6, 1.5), motion_chance=0.5, motion_px=(2.0, 4.5), noise=(0.012, 0.03),
        jpeg_quality=(60, 80), light_background_chance=0.4, thumb_chance=0.25),
}
REFERENCE_DIAG = math.hypot(1414, 1061)  # a 1.5 MP 4:3 frame: blur figures are scaled from it


@dataclass(frozen=True)
class Photo:
    """A simulated photo and the truth behind it, for debugging readers."""

    image: np.ndarray  # BGR uint8, as cv2.imread would give
    homography: np.ndarray  # 3×3: sheet image px → photo px (OpenCV pixel centres)
    sheet_corners: np.ndarray  # 4×2 photo px of the sheet's trim corners: TL, TR, BR, BL
    level: str


def photograph(sheet_rgb: np.ndarray, rng: Rng, level: str = "ordinary",
               out_megapixels: float | None = None, glare: bool = False,
               processed: bool = False, curled: bool = False, finger: bool = False,
               lying: str | None = None) -> np.ndarray:
    """A phone photo (BGR uint8) of the sheet lying on a table; see `take_photo`."""
    return take_photo(sheet_rgb, rng, level, out_megapixels, glare, processed, curled,
                      finger, lying).image


def take_photo(sheet_rgb: np.ndarray, rng: Rng, level: str = "ordinary",
               out_megapixels: float | None = None, glare: bool = False,
               processed: bool = False, curled: bool = False, finger: bool = False,
               lying: str | None = None) -> Photo:
    """Photograph the sheet image: the photo plus the homography used (of the sheet as if it
    lay flat).

    The whole sheet is always in the frame. `out_megapixels` defaults to a random 1–2 MP;
    the frame is 4:3, mostly oriented like the sheet appears. `glare`: a lamp is reflected off
    the sheet (see `_glare`); `processed`: the phone steepens the tones and sharpens the photo
    (see `_phone_processing`); `curled`: one edge of the sheet curls up off the table (see
    `_curl`); `finger`: a finger holds the sheet down at one side, lying over its edge (see
    `_finger`); `lying`: a "pen" or a "die" left lying on the sheet (see `_lying`). Each draws
    from a stream of its own: the photo is otherwise the one the same seed gives without.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {sorted(LEVELS)}")
    if out_megapixels is not None and not 0.01 <= out_megapixels <= 200:
        raise ValueError(f"out_megapixels={out_megapixels} is not a plausible photo size")
    if sheet_rgb.ndim == 2:  # a grey sheet image is fine too
        sheet_rgb = np.repeat(sheet_rgb[..., None], 3, axis=2)
    lv = LEVELS[level]
    mp = out_megapixels if out_megapixels is not None else float(rng.uniform(1.0, 2.0))
    src_h, src_w = sheet_rgb.shape[:2]
    camera, size = _place_sheet(src_w, src_h, mp, lv, rng)
    src_corners = np.array([[-0.5, -0.5], [src_w - 0.5, -0.5], [src_w - 0.5, src_h - 0.5],
                            [-0.5, src_h - 0.5]], np.float32)
    quad = camera.photo(src_corners.astype(np.float64))
    homography = cv2.getPerspectiveTransform(src_corners, quad.astype(np.float32))
    glare_rng, phone_rng, curl_rng = rng.spawn(3)
    finger_rng, = rng.spawn(1)  # (spawned apart: the three streams above stay the same)
    lying_rng, = rng.spawn(1)

    sheet_bgr = cv2.cvtColor(sheet_rgb, cv2.COLOR_RGB2BGR)
    paper, alpha = _warp_sheet(sheet_bgr, homography, size)
    if curled:
        paper, alpha = _curl(paper, alpha, camera, homography, (src_w, src_h), curl_rng)
    scene = _background(size, lv, rng)
    scene = _contact_shadow(scene, alpha, rng)
    scene = scene * (1 - alpha[..., None]) + paper * alpha[..., None]
    if rng.random() < lv.thumb_chance:
        scene = _thumb(scene, homography, (src_w, src_h), rng)
    if finger:
        scene = _finger(scene, homography, (src_w, src_h), finger_rng)
    if lying:
        scene = _lying(scene, homography, (src_w, src_h), lying, lying_rng)
    scene *= _illumination(size, quad, lv, rng)
    if glare:
        scene = _glare(scene, quad, glare_rng)
    scene = _optics(scene, size, lv, rng)
    if processed:  # (the noise is what shows in the saved photo: after it)
        scene = _phone_processing(scene, phone_rng)
    scene = _sensor_noise(scene, lv, rng)
    image = _jpeg(scene, int(rng.integers(lv.jpeg_quality[0], lv.jpeg_quality[1] + 1)))
    return Photo(image, homography, quad.astype(np.float64), level)


def project(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Apply a homography to N×2 points."""
    pts = np.asarray(points, np.float64).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(pts, np.asarray(homography, np.float64)).reshape(-1, 2)


def _place_sheet(src_w: int, src_h: int, megapixels: float, lv: CameraLevel,
                 rng: Rng) -> tuple[_Camera, tuple[int, int]]:
    """A pinhole camera looking at a tilted, rotated sheet, its picture scaled and shifted so
    the sheet fills the chosen share of the frame; and the frame's size."""
    fov = math.radians(rng.uniform(60, 75))  # phone main cameras, across the long side
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float) * [src_w / 2, src_h / 2]
    spin = rng.uniform(0, 2 * np.pi)  # the sheet lies any way round on the table
    tilt = math.radians(rng.uniform(*lv.tilt_deg))
    tilt_dir = rng.uniform(0, 2 * np.pi)
    flat = corners @ _rot(spin).T
    axis = np.array([math.cos(tilt_dir), math.sin(tilt_dir), 0.0])
    world = np.column_stack([flat, np.zeros(4)]) @ _rodrigues(axis * tilt).T
    distance = max(src_w, src_h) / (0.65 * 2 * math.tan(fov / 2))  # roughly framed, refined below
    z = world[:, 2] + distance
    proj = world[:, :2] / z[:, None]

    span = proj.max(0) - proj.min(0)
    long_side = math.sqrt(megapixels * 1e6 * 4 / 3)
    landscape = (span[0] >= span[1]) == (rng.random() < 0.85)  # usually turned to match
    fw, fh = (long_side, long_side * 3 / 4) if landscape else (long_side * 3 / 4, long_side)
    size = (round(fw / 2) * 2, round(fh / 2) * 2)
    fill = rng.uniform(*lv.fill)
    scale = fill * min(size[0] / span[0], size[1] / span[1])
    room = np.array(size) - ((proj.max(0) - proj.min(0)) * scale + 1)
    shift = rng.uniform(0.15, 0.85, 2) * np.maximum(room, 0)  # not always dead centre
    turn = _rodrigues(axis * tilt) @ np.block([[_rot(spin), np.zeros((2, 1))],
                                               [np.zeros((1, 2)), np.ones((1, 1))]])
    return _Camera(turn, distance, (src_w / 2, src_h / 2), proj.min(0), scale, shift), size


@dataclass(frozen=True)
class _Camera:
    """Where the photo shows a point of the sheet: `turn` takes the sheet's frame (its centre,
    z down into the table) to the camera's, which looks along z from `distance` away; the
    projected points are laid into the frame as (p - origin) · scale + shift."""

    turn: np.ndarray
    distance: float
    centre: tuple[float, float]  # the sheet's centre, in its pixels
    origin: np.ndarray
    scale: float
    shift: np.ndarray

    def photo(self, points: np.ndarray, lift: np.ndarray | float = 0.0) -> np.ndarray:
        """Sheet px (N × 2, pixel centres at integers) lifted `lift` px off the table → photo
        px."""
        sheet = np.column_stack([points[:, 0] + 0.5 - self.centre[0],
                                 points[:, 1] + 0.5 - self.centre[1],
                                 -np.broadcast_to(lift, len(points))])
        world = sheet @ self.turn.T
        proj = world[:, :2] / (world[:, 2:] + self.distance)
        return (proj - self.origin) * self.scale + self.shift


def _rodrigues(vec: np.ndarray) -> np.ndarray:
    rot, _ = cv2.Rodrigues(np.asarray(vec, np.float64).reshape(3, 1))
    return rot


def _curl(paper: np.ndarray, alpha: np.ndarray, camera: _Camera, homography: np.ndarray,
          sheet_size: tuple[int, int], rng: Rng) -> tuple[np.ndarray, np.ndarray]:
    """The sheet not lying flat: one edge curls up off the table (a sheet torn off a pad, kept
    rolled up), rising with the square of the way into a band a quarter to a half of the sheet
    wide, to 2-6 % of its short side at the edge (2.6-7.7 mm on Encore!'s 128 mm). The camera
    sees the lifted paper nearer: displaced away from the centre of its view. `paper`,
    `alpha`: the flat sheet in the frame (see _warp_sheet)."""
    w, h = sheet_size
    edge, band = int(rng.integers(4)), rng.uniform(0.25, 0.5)
    top = rng.uniform(0.02, 0.06) * min(w, h)
    fh, fw = alpha.shape
    step = 8  # the displacement is smooth: worked out on a grid, then spread
    gh, gw = fh // step + 1, fw // step + 1
    ys, xs = np.mgrid[0:gh, 0:gw].astype(np.float64)
    at = np.column_stack([xs.ravel() * (fw - 1) / (gw - 1), ys.ravel() * (fh - 1) / (gh - 1)])
    flat = project(np.linalg.inv(homography), at)  # where each grid point lies on the sheet
    into = [flat[:, 1] / h, 1 - flat[:, 0] / w, 1 - flat[:, 1] / h, flat[:, 0] / w][edge]
    lift = top * np.clip(1 - into / band, 0, 1) ** 2
    moved = camera.photo(flat, lift) - camera.photo(flat)
    # what shows at a pixel comes from about that far back (the displacement changes slowly)
    fx, fy = (cv2.resize(moved[:, k].reshape(gh, gw).astype(np.float32), (fw, fh),
                         interpolation=cv2.INTER_LINEAR) for k in (0, 1))
    px, py = np.meshgrid(np.arange(fw, dtype=np.float32), np.arange(fh, dtype=np.float32))
    back_x, back_y = px - fx, py - fy
    return (cv2.remap(paper, back_x, back_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE),
            cv2.remap(alpha, back_x, back_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                      borderValue=0))


def _warp_sheet(sheet_bgr: np.ndarray, homography: np.ndarray,
                size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The sheet in the frame (float 0..1) and its coverage. The sheet is first shrunk towards
    its size in the photo: warping straight from a much larger image would alias thin lines."""
    src_h, src_w = sheet_bgr.shape[:2]
    h = homography
    src = np.array([[0, 0], [src_w, 0], [src_w, src_h], [0, src_h]], np.float64)
    dst = project(h, src)
    mag = max(np.hypot(*(dst[(i + 1) % 4] - dst[i])) / np.hypot(*(src[(i + 1) % 4] - src[i]))
              for i in range(4))
    f = min(1.0, 1.25 * mag)
    if f < 0.95:
        sheet_bgr = cv2.resize(sheet_bgr, (max(2, round(src_w * f)), max(2, round(src_h * f))),
                               interpolation=cv2.INTER_AREA)
        fx, fy = sheet_bgr.shape[1] / src_w, sheet_bgr.shape[0] / src_h
        # resized px → original px, with pixel centres kept aligned
        back = np.array([[1 / fx, 0, 0.5 / fx - 0.5], [0, 1 / fy, 0.5 / fy - 0.5], [0, 0, 1]])
        h = h @ back
    paper = cv2.warpPerspective(sheet_bgr, h, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
    ones = np.full(sheet_bgr.shape[:2], 255, np.uint8)
    alpha = cv2.warpPerspective(ones, h, size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    return paper.astype(np.float32) / 255, alpha.astype(np.float32) / 255


# Table colours (BGR, 0..1)
WOODS = [(0.50, 0.66, 0.80), (0.28, 0.43, 0.62), (0.16, 0.24, 0.36), (0.50, 0.55, 0.60),
         (0.36, 0.55, 0.72)]
DARK_TABLES = [(0.12, 0.12, 0.12), (0.25, 0.25, 0.26), (0.35, 0.22, 0.12), (0.15, 0.32, 0.14),
               (0.14, 0.14, 0.45), (0.42, 0.38, 0.35)]
LIGHT_TABLES = [(0.90, 0.91, 0.92), (0.80, 0.82, 0.84), (0.78, 0.86, 0.90), (0.85, 0.85, 0.80)]


def _background(size: tuple[int, int], lv: CameraLevel, rng: Rng) -> np.ndarray:
    """A table: wood grain, mottled laminate or cloth, or a plain colour."""
    w, h = size
    kind = _pick(rng, ["wood", "wood", "noise", "solid"])
    light = rng.random() < lv.light_background_chance
    if kind == "wood" and not light:
        base = np.asarray(WOODS[int(rng.integers(len(WOODS)))])
        tex = _wood_texture(w, h, rng)
    else:
        base = np.asarray((LIGHT_TABLES if light else DARK_TABLES)[
            int(rng.integers(len(LIGHT_TABLES if light else DARK_TABLES)))])
        amount = 0.12 if kind == "noise" else 0.03
        tex = 1 + amount * _value_noise(w, h, rng, octaves=4 if kind == "noise" else 1)
    base = np.clip(base * rng.uniform(0.85, 1.1, 3), 0, 1).astype(np.float32)
    return tex[..., None].astype(np.float32) * base


def _wood_texture(w: int, h: int, rng: Rng) -> np.ndarray:
    """Brightness factor ~1 with grain along a random direction, made small then enlarged."""
    sw, sh = max(8, w // 4), max(8, h // 4)
    a = rng.uniform(0, np.pi)
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32) * 4
    across = -xx * math.sin(a) + yy * math.cos(a)
    along = xx * math.cos(a) + yy * math.sin(a)
    warp = _value_noise(sw, sh, rng, octaves=2) * rng.uniform(8, 25)
    fibres_1d = rng.normal(0, 1, 4096).astype(np.float32)
    fibres_1d = cv2.GaussianBlur(fibres_1d.reshape(1, -1), (0, 0), 2.0).ravel()
    fibres_1d /= fibres_1d.std() + 1e-6
    pos = (across + warp) / rng.uniform(1.5, 3.0)
    fibres = np.interp(pos % 4096, np.arange(4096), fibres_1d)
    rings = np.sin(2 * np.pi * (across + 1.5 * warp) / rng.uniform(60, 160))
    tex = 1 + 0.06 * fibres + 0.07 * rings
    plank = rng.uniform(250, 600)  # seams between boards
    seam = np.abs(((across + 0.5 * plank) % plank) - 0.5 * plank) < 1.5
    tex = np.where(seam, tex * 0.55, tex) * (1 + 0.03 * np.sin(along / rng.uniform(200, 500)))
    return cv2.resize(tex.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def _value_noise(w: int, h: int, rng: Rng, octaves: int) -> np.ndarray:
    """Smooth noise in about [-1, 1]: random grids enlarged and summed, coarse to fine."""
    out = np.zeros((h, w), np.float32)
    amp, total = 1.0, 0.0
    for o in range(octaves):
        cells = 3 * 2 ** (o + 1)
        grid = rng.uniform(-1, 1, (cells * h // max(w, h) + 2, cells * w // max(w, h) + 2))
        out += amp * cv2.resize(grid.astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        total += amp
        amp *= 0.5
    return out / total


LOW_RES = 4  # smooth fields (light, shadows) are computed this many times smaller, then enlarged


def _contact_shadow(scene: np.ndarray, alpha: np.ndarray, rng: Rng) -> np.ndarray:
    """The paper lifts off the table a little and darkens a rim of table next to one edge."""
    h, w = alpha.shape
    small = cv2.resize(alpha, (w // LOW_RES, h // LOW_RES), interpolation=cv2.INTER_AREA)
    diag = math.hypot(*small.shape)
    dx, dy = rng.normal(0, diag * 0.002, 2)
    shifted = cv2.warpAffine(small, np.float32([[1, 0, dx], [0, 1, dy]]), small.shape[::-1])
    shade = cv2.GaussianBlur(shifted, (0, 0), diag * rng.uniform(0.002, 0.006))
    shade = cv2.resize(shade, (w, h), interpolation=cv2.INTER_LINEAR)
    return scene * (1 - rng.uniform(0.15, 0.4) * shade[..., None])


def _illumination(size: tuple[int, int], quad: np.ndarray, lv: CameraLevel,
                  rng: Rng) -> np.ndarray:
    """Light falling on the scene: exposure, a gradient, vignetting, a colour cast, a shadow."""
    w, h = size
    sw, sh = max(2, w // LOW_RES), max(2, h // LOW_RES)
    xs = (np.linspace(0, w, sw, dtype=np.float32) - w / 2) / max(w, h)
    ys = (np.linspace(0, h, sh, dtype=np.float32) - h / 2) / max(w, h)
    a = rng.uniform(0, 2 * np.pi)
    g = rng.uniform(*lv.light_gradient)
    light = 1 + g * (xs[None, :] * math.cos(a) + ys[:, None] * math.sin(a))
    r2 = (xs[None, :] ** 2 + ys[:, None] ** 2) / 0.3125  # 1 in the corners of a 4:3 frame
    light = light * (1 - rng.uniform(*lv.vignette) * r2)
    light = light / light.max() * rng.uniform(*lv.exposure)
    field = light[..., None] * _colour_cast(lv, rng)
    if rng.random() < lv.shadow_chance:
        field = field * _cast_shadow((sw, sh), quad * (sw / w), lv, rng)
    return cv2.resize(field.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def _colour_cast(lv: CameraLevel, rng: Rng) -> np.ndarray:
    """Per-channel gains (BGR): warm lamps push red, daylight in shade pushes blue."""
    c = rng.uniform(*lv.cast)
    gains = np.array([1 - c, 1 - 0.3 * c, 1.0]) if rng.random() < 0.6 else \
        np.array([1.0, 1 - 0.2 * c, 1 - 0.8 * c])
    return (gains / gains.max()).astype(np.float32)


def _cast_shadow(size: tuple[int, int], quad: np.ndarray, lv: CameraLevel,
                 rng: Rng) -> np.ndarray:
    """A soft-edged blob (a hand, the phone) reaching over part of the sheet from outside it."""
    w, h = size
    mask = np.zeros((h, w), np.float32)
    centre = quad.mean(0)
    i = int(rng.integers(4))
    edge = quad[i] + rng.uniform(0.2, 0.8) * (quad[(i + 1) % 4] - quad[i])
    out = (edge - centre) / (np.hypot(*(edge - centre)) + 1e-6)
    span = np.hypot(*(quad.max(0) - quad.min(0)))
    major = span * rng.uniform(0.25, 0.45)
    # centred outside the edge, long axis pointing in: it reaches 50–100 % of `major` inside
    blob = edge + out * major * rng.uniform(0.0, 0.5)
    angle = math.degrees(math.atan2(out[1], out[0])) + rng.normal(0, 15)
    axes = (int(major), int(major * rng.uniform(0.35, 0.7)))
    cv2.ellipse(mask, (int(blob[0]), int(blob[1])), axes, angle, 0, 360, 1.0, -1)
    mask = cv2.GaussianBlur(mask, (0, 0), span * rng.uniform(0.02, 0.05))
    depth = rng.uniform(*lv.shadow_depth)
    tint = np.array([0.85, 1.0, 1.0], np.float32)  # shade is lit by bluish skylight: B fades less
    return 1 - depth * mask[..., None] * tint


def _glare(scene: np.ndarray, quad: np.ndarray, rng: Rng) -> np.ndarray:
    """A lamp reflected off the sheet: light added evenly to paper and ink alike (the
    reflection does not go through them), a soft oval veil with a brighter core, somewhere on
    the sheet; at its strongest it washes everything out to white."""
    h, w = scene.shape[:2]
    sw, sh = max(2, w // LOW_RES), max(2, h // LOW_RES)
    u, v = rng.uniform(0.1, 0.9, 2)
    top, bottom = quad[0] + u * (quad[1] - quad[0]), quad[3] + u * (quad[2] - quad[3])
    cx, cy = (top + v * (bottom - top)) / LOW_RES
    span = np.hypot(*(quad.max(0) - quad.min(0))) / LOW_RES
    sigma = span * rng.uniform(0.04, 0.12)
    a = rng.uniform(0, np.pi)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    along = (xs - cx) * math.cos(a) + (ys - cy) * math.sin(a)
    across = ((ys - cy) * math.cos(a) - (xs - cx) * math.sin(a)) / rng.uniform(0.4, 1.0)
    r2 = (along ** 2 + across ** 2) / sigma ** 2
    shape = 0.6 * np.exp(-r2 / 2) + 0.4 * np.exp(-r2 / (2 * 0.3 ** 2))
    lamp = np.array([rng.uniform(0.85, 1.0), rng.uniform(0.93, 1.0), 1.0], np.float32)  # BGR
    added = rng.uniform(0.2, 1.0) * shape[..., None] * lamp
    return scene + cv2.resize(added.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


# the diagonal of a phone camera's own 12 MP frame (4:3), which its sharpening is sized on
PHONE_DIAG = math.hypot(4000, 3000)


def _phone_processing(scene: np.ndarray, rng: Rng) -> np.ndarray:
    """What a phone's camera does to every photo before saving it: a contrast curve (the
    mid-tones up to 1.2 times steeper, shadows deeper, highlights brighter: a blend towards
    smoothstep) and sharpening (an unsharp mask on the brightness, 1-2 px wide on the phone's
    own 12 MP, amount 0.5-1.5: dark print comes out darker than printed, with a bright rim)."""
    x = np.clip(scene, 0, 1)
    s = rng.uniform(0.0, 0.4)
    x = (1 - s) * x + s * x * x * (3 - 2 * x)
    h, w = x.shape[:2]
    luma = x.mean(axis=2, keepdims=True)
    sigma = rng.uniform(1.0, 2.0) * math.hypot(w, h) / PHONE_DIAG
    detail = luma - cv2.GaussianBlur(luma, (0, 0), sigma)[..., None]
    return x + rng.uniform(0.5, 1.5) * detail


SKINS = [(0.62, 0.72, 0.90), (0.50, 0.62, 0.82), (0.38, 0.50, 0.68), (0.22, 0.30, 0.42)]  # BGR


def _thumb(scene: np.ndarray, homography: np.ndarray, sheet_size: tuple[int, int],
           rng: Rng) -> np.ndarray:
    """A thumb holding the sheet down at one corner: it comes in from outside the sheet over the
    corner, roughly along the diagonal, its tip 12–20 % of the short side in."""
    w, h = sheet_size
    k = int(rng.integers(4))
    corner = np.array([[0, 0], [w, 0], [w, h], [0, h]][k], float)
    inward = np.array([w / 2, h / 2]) - corner
    axis = _rot(rng.normal(0, math.radians(15))) @ (inward / np.hypot(*inward))
    return _draw_finger(scene, homography, corner, axis, rng.uniform(0.12, 0.2), min(w, h), rng)


def _finger(scene: np.ndarray, homography: np.ndarray, sheet_size: tuple[int, int],
            rng: Rng) -> np.ndarray:
    """A finger holding the sheet down at one side, 15–85 % of the way along it (near either
    end it can still hide a corner mark: 4 of 150 ordinary photos): it comes in from outside
    the sheet, roughly square to that side, its tip 6–14 % of the short side in."""
    w, h = sheet_size
    k, along = int(rng.integers(4)), rng.uniform(0.15, 0.85)
    edge = np.array([[along * w, 0], [w, along * h], [along * w, h], [0, along * h]][k])
    inward = np.array([[0, 1], [-1, 0], [0, -1], [1, 0]][k], float)
    axis = _rot(rng.normal(0, math.radians(15))) @ inward
    return _draw_finger(scene, homography, edge, axis, rng.uniform(0.06, 0.14), min(w, h), rng)


# what a pen's body or a die may be made of (BGR, 0-1, as the scene is): black, blue, red,
# white, yellow, green
OBJECT_COLOURS: tuple[tuple[float, float, float], ...] = (
    (0.12, 0.11, 0.10), (0.67, 0.24, 0.12), (0.14, 0.12, 0.71), (0.90, 0.92, 0.92),
    (0.16, 0.78, 0.90), (0.24, 0.51, 0.12))


def _lying(scene: np.ndarray, homography: np.ndarray, sheet_size: tuple[int, int], kind: str,
           rng: Rng) -> np.ndarray:
    """A pen (as long as 0.9-1.15 of the sheet's short side and 6-8.5 % of it thick, a
    capsule) or a die (a square of 11-14 % of it) left lying anywhere on the sheet, at any
    angle, laid over it as a finger is (see `_lay_over`)."""
    w, h = sheet_size
    short = min(w, h)
    centre = np.array([rng.uniform(0.15, 0.85) * w, rng.uniform(0.15, 0.85) * h])
    angle = rng.uniform(0, np.pi)
    along = np.array([math.cos(angle), math.sin(angle)])
    side = np.array([-along[1], along[0]])
    if kind == "pen":
        half, radius = short * rng.uniform(0.45, 0.575), short * rng.uniform(0.03, 0.0425)
        arc = np.linspace(-np.pi / 2, np.pi / 2, 16)
        outline = np.vstack([
            centre + along * half + radius * (np.cos(arc)[:, None] * along
                                              + np.sin(arc)[:, None] * side),
            centre - along * half - radius * (np.cos(arc)[:, None] * along
                                              + np.sin(arc)[:, None] * side)])
        thick = 2 * radius
    elif kind == "die":
        thick = short * rng.uniform(0.11, 0.14)
        outline = centre + np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * thick / 2 @ \
            np.stack([along, side])
    else:
        raise ValueError(f"unknown object {kind!r}; expected pen or die")
    thickness = float(np.hypot(*(project(homography, centre[None] + side[None] * thick)[0]
                                  - project(homography, centre[None])[0])))  # in the photo
    colour = np.asarray(OBJECT_COLOURS[int(rng.integers(len(OBJECT_COLOURS)))], np.float32)
    return _lay_over(scene, project(homography, outline), thickness / 2, colour)


def _draw_finger(scene: np.ndarray, homography: np.ndarray, edge: np.ndarray, axis: np.ndarray,
                 reach: float, short: float, rng: Rng) -> np.ndarray:
    """A finger coming in over the sheet's edge at `edge` (sheet pixels) along `axis` (a unit
    vector), its tip `reach` of the sheet's `short` side in, as wide as 12–16 % of it: it casts
    a soft shadow and is shaded rounder at its edges."""
    tip = edge + axis * short * reach
    base = edge - axis * short * 0.4
    radius = short * rng.uniform(0.06, 0.08)
    side = np.array([-axis[1], axis[0]])
    arc = np.linspace(-np.pi / 2, np.pi / 2, 24)
    cap = tip + radius * (np.cos(arc)[:, None] * axis + np.sin(arc)[:, None] * side)
    outline = np.vstack([base - radius * side, cap, base + radius * side])
    width = float(np.hypot(*(project(homography, tip[None] + radius * side[None])[0]
                             - project(homography, tip[None])[0])))
    skin = np.asarray(SKINS[int(rng.integers(len(SKINS)))], np.float32) * rng.uniform(0.9, 1.1)
    return _lay_over(scene, project(homography, outline), width, skin)


def _lay_over(scene: np.ndarray, poly: np.ndarray, width: float, colour: np.ndarray
              ) -> np.ndarray:
    """The scene with something solid of `colour` (BGR, 0-1) lying over it at `poly` (photo
    px), `width` px from its middle to its side (at least 1): shaded rounder towards its edges,
    it casts a soft shadow down and to the right of it."""
    fh, fw = scene.shape[:2]
    x0, y0 = np.maximum(np.floor(poly.min(0)).astype(int) - 40, 0)
    x1, y1 = np.minimum(np.ceil(poly.max(0)).astype(int) + 40, [fw, fh])
    if x1 <= x0 or y1 <= y0:
        return scene
    mask = np.zeros((y1 - y0, x1 - x0), np.float32)
    cv2.fillPoly(mask, [np.round(poly - (x0, y0)).astype(np.int32)], 1.0, cv2.LINE_AA)
    width = max(1.0, width)
    # (shifted, not rolled: where the frame cuts the thing off, a roll would bring its shadow
    # in again at the patch's far side, as a sharp-edged band nothing casts)
    offset = np.float32([[1, 0, int(0.2 * width)], [0, 1, int(0.3 * width)]])
    shadow = cv2.GaussianBlur(cv2.warpAffine(mask, offset, mask.shape[::-1]), (0, 0), 0.4 * width)
    roundness = cv2.GaussianBlur(mask, (0, 0), 0.5 * width)
    patch = scene[y0:y1, x0:x1] * (1 - 0.45 * shadow[..., None])
    body = colour * (0.55 + 0.45 * np.clip(roundness, 0, 1))[..., None]
    scene = scene.copy()
    scene[y0:y1, x0:x1] = patch * (1 - mask[..., None]) + body * mask[..., None]
    return scene


def _optics(scene: np.ndarray, size: tuple[int, int], lv: CameraLevel, rng: Rng) -> np.ndarray:
    """Lens softness and a little hand shake, scaled with the frame size."""
    k = math.hypot(*size) / REFERENCE_DIAG
    scene = cv2.GaussianBlur(scene, (0, 0), rng.uniform(*lv.blur_sigma) * k)
    if rng.random() < lv.motion_chance:
        length = rng.uniform(*lv.motion_px) * k
        n = math.ceil(length) | 1
        kernel = np.zeros((n, n), np.float32)
        a = rng.uniform(0, np.pi)
        d = np.array([math.cos(a), math.sin(a)]) * (length - 1) / 2
        c = np.array([n // 2, n // 2])
        cv2.line(kernel, tuple(int(v) for v in np.round(c - d)),
                 tuple(int(v) for v in np.round(c + d)), 1.0, 1, cv2.LINE_AA)
        scene = cv2.filter2D(scene, -1, kernel / kernel.sum())
    return scene


def _sensor_noise(scene: np.ndarray, lv: CameraLevel, rng: Rng) -> np.ndarray:
    """Read noise plus shot noise (stronger in bright parts), mostly shared by the channels
    as after a phone's colour denoising. In big frames the grain spans a few pixels, as in
    real full-resolution phone photos (and it keeps 12 MP photos fast)."""
    h, w = scene.shape[:2]
    read = rng.uniform(*lv.noise)
    sigma = read * np.sqrt(1 + 0.64 * np.clip(scene, 0, 1))
    k = max(1.0, math.hypot(w, h) / REFERENCE_DIAG)
    luma = _noise_field(w, h, k, 1, rng)
    chroma = _noise_field(w, h, 2 * k, 3, rng)  # colour noise is blotchier
    return scene + sigma * (0.8 * luma + 0.35 * chroma)


def _noise_field(w: int, h: int, grain: float, channels: int, rng: Rng) -> np.ndarray:
    """Unit Gaussian noise whose grains are about `grain` px across."""
    sw, sh = max(2, round(w / grain)), max(2, round(h / grain))
    noise = rng.standard_normal((sh, sw, channels), dtype=np.float32)
    if (sw, sh) != (w, h):
        # enlarging smooths the noise; scale it back to unit variance
        noise = cv2.resize(noise, (w, h), interpolation=cv2.INTER_LINEAR) * min(1.5, grain ** 0.5)
    return noise.reshape(h, w, channels)


def _jpeg(scene: np.ndarray, quality: int) -> np.ndarray:
    img = np.clip(scene * 255 + 0.5, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


# ---------------------------------------------------------------------------------------------
# A random legal finished sheet
# ---------------------------------------------------------------------------------------------


def random_finished_sheet(layout: Layout, rng: Rng) -> dict[str, str]:
    """States of every element of a random legal finished Encore!-style sheet.

    Crosses grow from the start column in turns of 1–5 connected cells of one colour, each
    turn touching the start column or an earlier cross, as in the game, until the player
    stops or completes a second colour (which ends the game). Complete columns and colours
    circle their "first" value, or strike it and circle "others"; some incomplete ones have
    their first value struck (someone else was first). 0–8 jokers are crossed; box rows in
    the panel (the solo roll counter) are left empty, as a table game leaves them.
    """
    states = {e.id: "empty" for e in sheet_geometry(layout).elements}
    crossed = _grow_crosses(layout, rng)
    for cell in crossed:
        states[cell] = "crossed"

    for col in layout.columns:
        complete = all(c.id in crossed for c in layout.column_cells(col))
        _mark_values(states, [f"column:{col}:{t.which}" for t in layout.column_values],
                     complete, rng)
    for colour in layout.colours:
        complete = all(c.id in crossed for c in layout.cells_of(colour.name))
        _mark_values(states, [f"colour:{colour.name}:{t.which}" for t in layout.colour_bonus],
                     complete, rng)
    for row in layout.boxes:
        if row.place == "below":
            _cross_boxes(states, row.kind, row.count, rng)
    return states


class _Board:
    """Which cells touch which, for growing crosses the way a game does."""

    def __init__(self, layout: Layout):
        self.layout = layout
        cols = {c: i for i, c in enumerate(layout.columns)}
        self.pos = {c.id: (cols[c.column], c.row) for c in layout.cells}
        self.at = {p: cid for cid, p in self.pos.items()}
        self.colour_of = {c.id: c.colour for c in layout.cells}
        self.column_of = {c.id: c.column for c in layout.cells}
        self.start = {c.id for c in layout.column_cells(layout.start_column)}

    def neighbours(self, cid: str) -> list[str]:
        x, y = self.pos[cid]
        return [self.at[p] for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if p in self.at]

    def move(self, colour: str, count: int, crossed: set[str], rng: Rng) -> list[str]:
        """Up to `count` connected cells of `colour`, touching the start column or a cross."""
        seeds = [c for c, col in self.colour_of.items() if col == colour and c not in crossed
                 and (c in self.start or any(n in crossed for n in self.neighbours(c)))]
        if not seeds:
            return []
        group = [seeds[int(rng.integers(len(seeds)))]]
        while len(group) < count:
            options = sorted({n for g in group for n in self.neighbours(g)
                              if self.colour_of[n] == colour and n not in crossed
                              and n not in group})
            if not options:
                break
            group.append(options[int(rng.integers(len(options)))])
        return group

    def progress(self, group: list[str], crossed: set[str], focus: set[str]) -> float:
        """How far a move brings its columns and colour towards complete: what players chase,
        most of all the colours they decided to go for (`focus`)."""
        after = crossed | set(group)
        score = 0.0
        for cid in group:  # squared: the last cells of a nearly complete one count most
            column = self.layout.column_cells(self.column_of[cid])
            colour = self.layout.cells_of(self.colour_of[cid])
            score += (sum(c.id in after for c in column) / len(column)) ** 2
            score += 2 * (sum(c.id in after for c in colour) / len(colour)) ** 2
            score += 1.5 * (self.colour_of[cid] in focus)
        return score


def _grow_crosses(layout: Layout, rng: Rng) -> set[str]:
    """Turns of a game: each roll offers three colours and three counts; the player mostly
    takes the move that best advances columns and colours, as real players do."""
    board = _Board(layout)
    names = [c.name for c in layout.colours]
    focus = set(rng.choice(names, size=int(rng.integers(0, 3)), replace=False).tolist())
    crossed: set[str] = set()
    target = int(rng.integers(25, int(len(layout.cells) * 0.9)))
    for _ in range(80):  # a game lasts ~30 rolls; some rolls offer nothing
        if len(crossed) >= target or _complete_colours(layout, crossed) >= 2:
            break
        colours = [names[int(i)] for i in rng.integers(len(names), size=3)]
        counts = [int(n) for n in rng.integers(1, 6, size=3)]
        moves = [m for m in (board.move(c, n, crossed, rng) for c in colours for n in counts) if m]
        if not moves:
            continue
        if rng.random() < 0.75:
            crossed.update(max(moves, key=lambda m: board.progress(m, crossed, focus)))
        else:
            crossed.update(moves[int(rng.integers(len(moves)))])
    return crossed


def _complete_colours(layout: Layout, crossed: set[str]) -> int:
    return sum(all(c.id in crossed for c in layout.cells_of(col.name)) for col in layout.colours)


def _mark_values(states: dict[str, str], ids: list[str], complete: bool, rng: Rng) -> None:
    """ids = [first, others]. First on a complete one circles first; later players strike
    first and circle others; anyone may strike first when someone else got there."""
    ids = [i for i in ids if i in states]
    if not ids:
        return
    if complete:
        if len(ids) > 1 and rng.random() < 0.45:
            states[ids[0]], states[ids[1]] = "struck", "circled"
        else:
            states[ids[0]] = "circled"
    elif rng.random() < 0.25:
        states[ids[0]] = "struck"


def _cross_boxes(states: dict[str, str], kind: str, count: int, rng: Rng) -> None:
    used = int(rng.integers(0, count + 1))
    order = np.arange(1, count + 1)
    if rng.random() < 0.3:  # most players cross them left to right
        order = rng.permutation(order)
    for n in order[:used]:
        states[f"{kind}:{n}"] = "crossed"


# ---------------------------------------------------------------------------------------------
# What else a player writes on a finished sheet: a name and the totals
# ---------------------------------------------------------------------------------------------

# Digits as a hand writes them: polylines in a box 1 wide and 1 high, y down. Rough on
# purpose: the reader never reads them, it must only not be thrown by them.
DIGITS: dict[str, list[list[tuple[float, float]]]] = {
    "0": [[(0.5, 0.0), (0.1, 0.25), (0.1, 0.75), (0.5, 1.0), (0.9, 0.75), (0.9, 0.25),
           (0.5, 0.0), (0.45, 0.08)]],
    "1": [[(0.25, 0.25), (0.6, 0.0), (0.6, 1.0)]],
    "2": [[(0.1, 0.25), (0.35, 0.0), (0.8, 0.05), (0.85, 0.35), (0.1, 1.0), (0.95, 1.0)]],
    "3": [[(0.1, 0.1), (0.5, 0.0), (0.85, 0.2), (0.45, 0.5), (0.9, 0.75), (0.5, 1.0),
           (0.1, 0.9)]],
    "4": [[(0.7, 1.0), (0.7, 0.0), (0.05, 0.7), (0.95, 0.7)]],
    "5": [[(0.85, 0.0), (0.2, 0.0), (0.15, 0.45), (0.7, 0.4), (0.9, 0.7), (0.6, 1.0),
           (0.1, 0.9)]],
    "6": [[(0.8, 0.05), (0.3, 0.2), (0.1, 0.7), (0.4, 1.0), (0.85, 0.8), (0.7, 0.5),
           (0.15, 0.6)]],
    "7": [[(0.1, 0.0), (0.9, 0.0), (0.35, 1.0)]],
    "8": [[(0.5, 0.5), (0.15, 0.25), (0.5, 0.0), (0.85, 0.25), (0.5, 0.5), (0.1, 0.75),
           (0.5, 1.0), (0.9, 0.75), (0.5, 0.5)]],
    "9": [[(0.85, 0.35), (0.5, 0.55), (0.15, 0.3), (0.45, 0.0), (0.85, 0.25), (0.8, 1.0)]],
    "-": [[(0.1, 0.55), (0.9, 0.5)]],
}


def write_name_and_totals(sheet_rgb: np.ndarray, geometry: SheetGeometry, dpi: float,
                          totals: dict[str, int], rng: Rng, pen: Pen) -> np.ndarray:
    """The sheet with a name written on its name line and `totals` (score part → the number
    the player reckoned) in its score boxes, in `pen`: what a finished sheet has besides its
    marks. The stars' box takes the points taken off, as the "−" printed before it asks."""
    _check_scale(sheet_rgb, geometry, dpi)
    out = sheet_rgb.astype(np.float32)
    px = dpi / MM_PER_INCH
    slant = float(rng.uniform(-0.3, 0.05))  # one hand: the same lean everywhere
    wobble = float(rng.uniform(0.01, 0.04))
    if "name" in geometry.frames:
        x, y, w, h = geometry.frames["name"]
        start = x + 10 + rng.uniform(0, 6)  # after the printed "Name"
        strokes = _cursive(rng, start, y + h - 1.3, rng.uniform(20, 0.8 * (w - 16)), slant)
        _ink_strokes(out, [s * px for s in strokes], pen, px, rng)
    for part, number in totals.items():
        box = geometry.frames.get(f"score:{part}")
        if box is None:
            continue
        x, y, w, h = box
        text = str(abs(number) if part == "stars" else number)
        height = h * rng.uniform(0.55, 0.75)
        width = height * rng.uniform(0.5, 0.65)
        left = x + w / 2 - len(text) * width * 0.6 + rng.normal(0, 1.0)
        top = y + (h - height) / 2 + rng.normal(0, 0.4)
        strokes = []
        for k, ch in enumerate(text):
            for line in DIGITS[ch]:
                unit = np.array(line, float) + rng.normal(0, 0.04, (len(line), 2))
                pts = np.stack([left + (k * 1.2 + unit[:, 0] + slant * (unit[:, 1] - 1)) * width,
                                top + unit[:, 1] * height], axis=1)
                pts = _chaikin(pts, 2)
                strokes.append(pts + wobble * height * rng.normal(0, 0.3, pts.shape))
        _ink_strokes(out, [s * px for s in strokes], pen, px, rng)
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)


def _cursive(rng: Rng, x: float, baseline: float, length: float, slant: float
             ) -> list[np.ndarray]:
    """A name in joined-up writing (mm): a capital's down-stroke, then letters as humps,
    loops up and loops down."""
    xh = float(rng.uniform(1.8, 2.6))  # the x-height
    pts = [(x, baseline - 2.2 * xh), (x + 0.3 * xh, baseline)]
    cx = x + 0.8 * xh
    while cx < x + length:
        kind = rng.choice(["hump", "up", "down"], p=[0.7, 0.2, 0.1])
        step = xh * rng.uniform(0.6, 0.9)
        if kind == "hump":
            pts += [(cx + 0.3 * step, baseline - xh), (cx + step, baseline)]
        elif kind == "up":
            pts += [(cx + 0.6 * step, baseline - 2.2 * xh), (cx + 0.2 * step, baseline - 1.6 * xh),
                    (cx + step, baseline)]
        else:
            pts += [(cx + 0.4 * step, baseline - xh), (cx + 0.5 * step, baseline + xh),
                    (cx + 0.2 * step, baseline + 0.6 * xh), (cx + step, baseline)]
        cx += step
    line = np.array(pts) + rng.normal(0, 0.08 * xh, (len(pts), 2))
    line[:, 0] += slant * (line[:, 1] - baseline)
    return [_chaikin(line, 3)]


def _ink_strokes(out: np.ndarray, strokes: Strokes, pen: Pen, px_per_mm: float,
                 rng: Rng) -> None:
    """Strokes (sheet px) inked onto the sheet image `out` (float RGB) over the patch they
    span."""
    every = np.vstack(strokes)
    margin = 2 * pen.width_mm * px_per_mm + 2
    x0, y0 = (max(0, int(v - margin)) for v in every.min(axis=0))
    x1 = min(out.shape[1], math.ceil(every[:, 0].max() + margin))
    y1 = min(out.shape[0], math.ceil(every[:, 1].max() + margin))
    if x1 > x0 and y1 > y0:
        coverage = _coverage((x0, y0, x1, y1), strokes, [], pen, px_per_mm, rng)
        _apply_ink(out[y0:y1, x0:x1], coverage, pen.ink_rgb)


# ---------------------------------------------------------------------------------------------
# A photo of a finished sheet, in one call
# ---------------------------------------------------------------------------------------------

SHEET_DPI = 200  # about the reader's working resolution (8 px per mm)


def photo_of(layout: Layout, states: dict[str, str], rng: Rng, level: str = "ordinary",
             out_megapixels: float | None = None, pen: Pen | None = None) -> np.ndarray:
    """A phone photo (BGR) of a printed sheet of `layout` marked with `states`: for tests,
    benchmarks and examples that need whole tables of photos."""
    from .render.preview import render_sheet_image

    clean = render_sheet_image(layout, SHEET_DPI)
    sheet = draw_marks(clean, sheet_geometry(layout), SHEET_DPI, states, rng, pen)
    return photograph(sheet, rng, level, out_megapixels)
