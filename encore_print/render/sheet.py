"""One sheet drawn from its geometry onto a reportlab canvas, in the sheet's own frame.

Everything is placed in millimetres from the geometry; this module only decides how things look.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from ..geometry import MARKER_GRID, QUIET, STAR, Element, SheetGeometry
from . import fiducials, fonts

PT = 72 / 25.4  # points per millimetre
LINE = HexColor("#3a3a3a")
FAINT = HexColor("#8a8a8a")
HATCH = HexColor("#b4b4b4")
VALUE_TILE = HexColor("#e4e4e4")
VALUE_TILE_LOWER = HexColor("#f0f0f0")
VALUE_INK = HexColor("#5c5c5c")


class _Pen:
    """Millimetre, y-down drawing on a y-up point canvas."""

    def __init__(self, c: Canvas, height_mm: float):
        self.c, self.h = c, height_mm

    def _paint(self, fill, stroke, width) -> dict[str, int]:
        """Set the colours for a shape; the fill/stroke flags reportlab wants."""
        if fill is not None:
            self.c.setFillColor(fill)
        if stroke is not None:
            self.c.setStrokeColor(stroke)
            self.c.setLineWidth(width * PT)
        return {"fill": int(fill is not None), "stroke": int(stroke is not None)}

    def rect(self, box, fill=None, stroke=None, width=0.3, radius=0.0):
        x, y, w, h = box
        kw = self._paint(fill, stroke, width)
        args = (x * PT, (self.h - y - h) * PT, w * PT, h * PT)
        if radius:
            self.c.roundRect(*args, radius * PT, **kw)
        else:
            self.c.rect(*args, **kw)

    def line(self, x1, y1, x2, y2, colour=LINE, width=0.3):
        self._paint(None, colour, width)
        self.c.line(x1 * PT, (self.h - y1) * PT, x2 * PT, (self.h - y2) * PT)

    def polygon(self, points, fill=None, stroke=None, width=0.3):
        p = self.c.beginPath()
        p.moveTo(points[0][0] * PT, (self.h - points[0][1]) * PT)
        for x, y in points[1:]:
            p.lineTo(x * PT, (self.h - y) * PT)
        p.close()
        self.c.drawPath(p, **self._paint(fill, stroke, width))

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.3):
        self.c.circle(cx * PT, (self.h - cy) * PT, r * PT, **self._paint(fill, stroke, width))

    def text(self, s, x, y, size, align="left", bold=False, colour=LINE):
        c = self.c
        c.setFillColor(colour)
        c.setFont(fonts.BOLD if bold else fonts.REGULAR, size)
        draw = {"left": c.drawString, "centre": c.drawCentredString,
                "right": c.drawRightString}[align]
        draw(x * PT, (self.h - y) * PT, s)


def draw_sheet(c: Canvas, g: SheetGeometry, mono: bool = False) -> None:
    """Draw the whole sheet with its top-left corner at the canvas origin's (0, sheet height)."""
    fonts.register()
    pen = _Pen(c, g.sheet_mm[1])
    layout = g.layout
    colours = {col.name: col for col in layout.colours}
    cells = [e for e in g.elements if e.kind == "cell"]

    for e in cells:
        col = colours[e.colour]
        pen.rect(e.box_mm, fill=white if mono else HexColor(col.fill))
        if mono:
            _hatch(pen, e.box_mm, col.pattern)
    for e in cells:
        pen.rect(e.box_mm, stroke=FAINT, width=0.2)
        x, y, w, h = e.box_mm
        ink = LINE if mono else HexColor(colours[e.colour].ink)
        _symbol(pen, colours[e.colour].symbol, x + w * 0.17, y + h * 0.17, w * 0.11, ink)
        if e.star:
            _star(pen, x + w / 2, y + h / 2, w * STAR)
    _block_borders(pen, g, cells)

    for t in g.texts:
        start = t.role == "start-letter"
        if t.role in ("letter", "start-letter"):
            col = t.text
            pen.rect(g.frames[f"letter:{col}"], fill=LINE if start else white, stroke=LINE,
                     width=0.3, radius=0.8)
        pen.text(t.text, t.x, t.y, t.size, t.align, t.bold, colour=white if start else LINE)

    for e in g.elements:
        if e.kind in ("column-value", "colour-bonus"):
            _value_box(pen, e, upper=e.id.endswith(":first"))
        elif e.kind != "cell":
            row = layout.box_row(e.kind)
            _tick_box(pen, e, square=row is not None and row.place == "panel")

    for name, box in g.frames.items():
        if name.startswith("swatch:"):
            col = colours[name.split(":", 1)[1]]
            pen.rect(box, fill=white if mono else HexColor(col.fill), stroke=LINE, width=0.3)
            if mono:
                _hatch(pen, box, col.pattern)
            x, y, w, h = box
            _symbol(pen, col.symbol, x + w / 2, y + h / 2, w * 0.28,
                    LINE if mono else HexColor(col.ink))
        elif name == "name":
            x, y, w, h = box
            pen.line(x + 9, y + h - 0.8, x + w, y + h - 0.8, width=0.25)
        elif name.startswith("score:"):
            _score_box(pen, name.split(":", 1)[1], box, layout.labels)

    for f in g.fiducials:
        _fiducial(pen, f.box_mm, f.marker_id)


def _value_box(pen: _Pen, e: Element, upper: bool) -> None:
    """A light tile with a mid-grey number and no outline: a circle drawn round it or a stroke
    through it shows clearly, to players and to the score-checker alike."""
    x, y, w, h = e.box_mm
    pen.rect(e.box_mm, fill=VALUE_TILE if upper else VALUE_TILE_LOWER, radius=1.2)
    pen.text(str(e.value), x + w / 2, y + h * 0.74, h * PT * (0.62 if upper else 0.5), "centre",
             bold=upper, colour=VALUE_INK if upper else FAINT)


def _tick_box(pen: _Pen, e: Element, square: bool) -> None:
    """A box the player crosses: a circled label (the "!" jokers), or a plain small square
    (a panel row such as the solo roll counter), outlined in grey as the cells are: in a
    small box a dark outline is much of what a photo sees, a grey one much less."""
    x, y, w, h = e.box_mm
    if square:
        pen.rect(e.box_mm, fill=white, stroke=FAINT, width=0.25)
        if e.label:
            pen.text(e.label, x + w / 2, y + h * 0.72, h * PT * 0.55, "centre")
        return
    pen.circle(x + w / 2, y + h / 2, min(w, h) * 0.45, fill=white, stroke=LINE, width=0.35)
    pen.text(e.label, x + w / 2, y + h * 0.7, h * PT * 0.55, "centre", bold=True)


def _score_box(pen: _Pen, part: str, box, labels) -> None:
    x, y, w, h = box
    pen.rect(box, fill=white, stroke=LINE, width=0.3, radius=1.0)
    caption = {"jokers": "!", "stars": "★ −2"}.get(part, labels.get(part, part))
    pen.text(caption, x + w / 2, y - 0.8, 5.5, "centre")
    sign = {"colours": "+", "jokers": "+", "stars": "−", "total": "="}.get(part)
    if sign:
        pen.text(sign, x - 2.0, y + h * 0.7, 9, "centre", bold=True)


def _fiducial(pen: _Pen, box, marker_id: int) -> None:
    x, y, w, h = box
    pen.rect((x - QUIET, y - QUIET, w + 2 * QUIET, h + 2 * QUIET), fill=white)
    m = w / MARKER_GRID
    bits = fiducials.modules(marker_id)
    for r in range(MARKER_GRID):
        c = 0
        while c < MARKER_GRID:  # merge runs of black modules into one rectangle
            if bits[r, c]:
                run = c
                while run < MARKER_GRID and bits[r, run]:
                    run += 1
                pen.rect((x + c * m, y + r * m, (run - c) * m, m), fill=black)
                c = run
            else:
                c += 1


def _block_borders(pen: _Pen, g: SheetGeometry, cells: list[Element]) -> None:
    """Thick lines where two colour blocks meet, as on the printed game."""
    at = {(round(e.box_mm[0], 3), round(e.box_mm[1], 3)): e for e in cells}
    for e in cells:
        x, y, w, h = e.box_mm
        right = at.get((round(x + w, 3), round(y, 3)))
        below = at.get((round(x, 3), round(y + h, 3)))
        if right is None or right.colour != e.colour:
            pen.line(x + w, y, x + w, y + h, LINE, 0.5)
        if below is None or below.colour != e.colour:
            pen.line(x, y + h, x + w, y + h, LINE, 0.5)
        if (round(x - w, 3), round(y, 3)) not in at:
            pen.line(x, y, x, y + h, LINE, 0.5)
        if (round(x, 3), round(y - h, 3)) not in at:
            pen.line(x, y, x + w, y, LINE, 0.5)


def _star(pen: _Pen, cx: float, cy: float, r: float) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pen.polygon(pts, fill=white, stroke=LINE, width=0.3)


def _symbol(pen: _Pen, kind: str, cx: float, cy: float, r: float, ink) -> None:
    if kind == "circle":
        pen.circle(cx, cy, r * 0.85, fill=ink)
    elif kind == "square":
        pen.rect((cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6), fill=ink)
    elif kind == "triangle":
        pen.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=ink)
    elif kind == "diamond":
        pen.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)
    elif kind == "cross":
        t = r * 0.38
        pen.polygon([(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t),
                     (cx + r, cy + t), (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r),
                     (cx - t, cy + t), (cx - r, cy + t), (cx - r, cy - t), (cx - t, cy - t)],
                    fill=ink)
    elif kind == "heart":
        pen.circle(cx - r * 0.45, cy - r * 0.25, r * 0.5, fill=ink)
        pen.circle(cx + r * 0.45, cy - r * 0.25, r * 0.5, fill=ink)
        pen.polygon([(cx - r * 0.93, cy - r * 0.1), (cx + r * 0.93, cy - r * 0.1), (cx, cy + r)],
                    fill=ink)
    elif kind == "star":
        _star(pen, cx, cy, r)


def _hatch(pen: _Pen, box, pattern: str) -> None:
    """Light hatching that tells colours apart on a black-and-white printer."""
    x, y, w, h = box
    step, width = w / 5, 0.18
    if pattern in ("horizontal", "grid"):
        for k in range(1, 5):
            pen.line(x, y + k * step, x + w, y + k * step, HATCH, width)
    if pattern in ("vertical", "grid"):
        for k in range(1, 5):
            pen.line(x + k * step, y, x + k * step, y + h, HATCH, width)
    if pattern in ("diagonal", "crosshatch"):
        for k in range(1, 5):
            d = k * step
            pen.line(x, y + h - d, x + d, y + h, HATCH, width)
            pen.line(x + w - d, y, x + w, y + d, HATCH, width)
        pen.line(x, y, x + w, y + h, HATCH, width)
    if pattern == "crosshatch":
        for k in range(1, 5):
            d = k * step
            pen.line(x, y + d, x + d, y, HATCH, width)
            pen.line(x + w - d, y + h, x + w, y + h - d, HATCH, width)
        pen.line(x, y + h, x + w, y, HATCH, width)
    if pattern == "dots":
        for i in range(1, 4):
            for j in range(1, 4):
                pen.circle(x + i * w / 4, y + j * h / 4, 0.3, fill=HATCH)
