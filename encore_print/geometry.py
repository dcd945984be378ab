"""Layout → where everything sits on the sheet, in millimetres (origin top-left, y down).

The renderer draws from this and the reader looks here: nothing else computes a position.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from functools import cached_property, lru_cache

import numpy as np

from .layout import BoxRow, Layout

Box = tuple[float, float, float, float]  # x, y, w, h in mm

MARGIN = 4.0  # from trim edge to the fiducials; inside most printers' margins
FIDUCIAL = 10.0  # ArUco marker side, including its black border
QUIET = 2.0  # white around each marker, so it is found against any background
MARKER_GRID = 7  # DICT_5X5: 5 data modules + the border on each side
ARUCO_DICT = "DICT_5X5_1000"
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
# Box rows placed in the panel under the colour bonuses (the solo roll counter): small boxes,
# as big as fits up to PANEL_BOX (4.3 mm for five lines of six on the standard sheet); a layout
# whose panel row would need boxes under PANEL_BOX_LEAST is refused when it is loaded.
PANEL_BOX = 4.5
PANEL_GAP = 0.8
PANEL_BOX_LEAST = 2.5
PANEL_CAPTION = 3.2  # room for a 6 pt caption line above a panel row
STAR = 0.30  # a star's points lie this share of its cell's width from the cell's centre


@dataclass(frozen=True)
class Element:
    """Something a player marks."""

    id: str
    kind: str  # cell, joker (box rows), column-value, colour-bonus
    box_mm: Box
    colour: str = ""  # region colour of a cell or a colour bonus
    star: bool = False
    value: int | None = None  # printed value of a column value / colour bonus
    label: str = ""  # printed text inside (a box row's label)


@dataclass(frozen=True)
class Fiducial:
    corner: str
    marker_id: int
    box_mm: Box  # the black square; its quiet zone is QUIET mm around it


@dataclass(frozen=True)
class Text:
    """Printed words: titles, column letters, labels. `align` is left, centre or right."""

    text: str
    x: float
    y: float  # baseline
    size: float  # points
    align: str = "left"
    bold: bool = False
    role: str = ""


@dataclass(frozen=True)
class SheetGeometry:
    layout: Layout
    sheet_mm: tuple[float, float]
    elements: tuple[Element, ...]
    fiducials: tuple[Fiducial, ...]
    texts: tuple[Text, ...]
    frames: dict[str, Box] = field(default_factory=dict)  # named boxes: name line, score boxes…

    def element(self, element_id: str) -> Element:
        return self.by_id[element_id]

    @cached_property
    def by_id(self) -> dict[str, Element]:
        return {e.id: e for e in self.elements}

    def to_json(self) -> dict:
        return {
            "layout": self.layout.id,
            "version": self.layout.version,
            "sheet_mm": list(self.sheet_mm),
            "elements": [{k: (list(v) if k == "box_mm" else v)
                          for k, v in asdict(e).items() if v not in ("", None, False)}
                         for e in self.elements],
            "fiducials": [{"corner": f.corner, "aruco_dictionary": ARUCO_DICT,
                           "marker_id": f.marker_id, "box_mm": list(f.box_mm)}
                          for f in self.fiducials],
        }


def marker_id(code: int, corner: int) -> int:
    return code * 4 + corner


def decode_marker(marker: int) -> tuple[int, int]:
    """marker id → (layout code, corner index)."""
    return divmod(marker, 4)


@lru_cache(maxsize=32)
def geometry(layout: Layout) -> SheetGeometry:
    w, h = layout.sheet_mm
    ncol, nrow = len(layout.columns), layout.n_rows
    top = MARGIN + FIDUCIAL + QUIET + 1.5  # below the top fiducials: column letters start here
    in_panel = [row for row in layout.boxes if row.place == "panel"]
    # colour bonuses, then panel box rows, at the right of the grid
    panel = 40.0 if layout.colour_bonus or in_panel else 0.0
    tiers = len(layout.column_values)
    # the grid takes what is left after the bands below it: value rows, box rows, score line
    below_lines = sum(row.lines for row in layout.boxes if row.place == "below")
    below = tiers * 7.0 + below_lines * 10.0 + 4.0 + FIDUCIAL + MARGIN + QUIET
    cell = min((w - 2 * MARGIN - 4 - panel) / ncol, (h - top - 7.0 - below) / nrow)
    gx = MARGIN + (w - 2 * MARGIN - panel - cell * ncol) / 2
    gy = top + 7.0

    elements: list[Element] = []
    texts: list[Text] = []
    frames: dict[str, Box] = {}

    texts.append(Text(layout.title, MARGIN + FIDUCIAL + QUIET + 1, MARGIN + 4.5, 10, bold=True,
                      role="title"))
    name_x = w / 2 + 4
    frames["name"] = (name_x, MARGIN + 1, w - MARGIN - FIDUCIAL - QUIET - 1 - name_x, 7.5)
    texts.append(Text(layout.labels.get("name", "Name"), name_x, MARGIN + 7.5, 7, role="name"))
    texts.append(Text(f"{layout.id} · v{layout.version} · encore-print", w / 2,
                      h - MARGIN - 0.5, 6, align="centre", role="layout-id"))

    for ci, col in enumerate(layout.columns):
        x = gx + ci * cell
        frames[f"letter:{col}"] = (x + 0.4, top, cell - 0.8, 6.0)
        texts.append(Text(col, x + cell / 2, top + 4.6, 11, align="centre", bold=True,
                          role="start-letter" if col == layout.start_column else "letter"))
    for c in layout.cells:
        ci = layout.columns.index(c.column)
        elements.append(Element(c.id, "cell", (gx + ci * cell, gy + (c.row - 1) * cell, cell, cell),
                                colour=c.colour, star=c.star))

    # values are spaced so a circle drawn a little wide stays clear of its neighbours
    y = gy + nrow * cell + 2.0
    vh, gap = 5.6, 1.1
    for tier in layout.column_values:
        for ci, col in enumerate(layout.columns):
            elements.append(Element(f"column:{col}:{tier.which}", "column-value",
                                    (gx + ci * cell + gap, y, cell - 2 * gap, vh),
                                    value=tier.values[ci]))
        y += vh + 2.4

    for row in layout.boxes:
        if row.place != "below":
            continue
        size = min(8.0, cell)
        per_line = row.per_line or row.count
        bx = gx + (ncol * cell - min(row.count, per_line) * (size + 1.6)) / 2
        for n in range(row.count):
            line, k = divmod(n, per_line)
            elements.append(Element(f"{row.kind}:{n + 1}", row.kind,
                                    (bx + k * (size + 1.6), y + line * (size + 2.0), size, size),
                                    label=row.label))
        hint = layout.labels.get(f"{row.kind}s", "")
        if hint:
            texts.append(Text(hint, bx + min(row.count, per_line) * (size + 1.6) + 1,
                              y + size * 0.65, 6, role="hint"))
        y += row.lines * (size + 2.0)

    if layout.colour_bonus:
        px = gx + ncol * cell + 5.0
        rh = nrow * cell / max(1, len(layout.colours))
        bw = min(14.0, (w - MARGIN - px - 9.0) / len(layout.colour_bonus))
        texts.append(Text(layout.labels.get("colours", ""), px + 4, gy - 1.5, 6, align="centre"))
        for k, colour in enumerate(layout.colours):
            ry = gy + k * rh + (rh - 7.0) / 2
            frames[f"swatch:{colour.name}"] = (px, ry, 7.0, 7.0)
            for t, tier in enumerate(layout.colour_bonus):
                elements.append(Element(f"colour:{colour.name}:{tier.which}", "colour-bonus",
                                        (px + 9.0 + t * bw, ry, bw - 2.4, 7.0),
                                        colour=colour.name, value=tier.values[0]))

    if in_panel:
        # from under the colour bonuses (or the grid's top) down to the bottom-right fiducial's
        # quiet zone; from just right of the grid to the right margin
        bonus = [e.box_mm for e in elements if e.kind == "colour-bonus"]
        y0 = max(b[1] + b[3] for b in bonus) + 1.5 if bonus else gy
        y1 = h - MARGIN - FIDUCIAL - QUIET - 1.0
        x0, x1 = gx + ncol * cell + 2.0, w - MARGIN
        _panel_rows(layout, in_panel, (x0, y0, x1 - x0, y1 - y0), elements, texts)

    # handwritten totals: drawn for players, never read (the score is computed)
    parts = ["columns", "colours", "jokers", "stars", "total"]
    sw, sy = 17.0, h - MARGIN - FIDUCIAL - 1.0
    sx = (w - len(parts) * (sw + 4)) / 2
    for n, part in enumerate(parts):
        frames[f"score:{part}"] = (sx + n * (sw + 4), sy, sw, 7.0)

    fids = []
    for k, corner in enumerate(CORNERS):
        x = MARGIN if "left" in corner else w - MARGIN - FIDUCIAL
        yy = MARGIN if "top" in corner else h - MARGIN - FIDUCIAL
        fids.append(Fiducial(corner, marker_id(layout.code, k), (x, yy, FIDUCIAL, FIDUCIAL)))

    return SheetGeometry(layout, (w, h), tuple(elements), tuple(fids), tuple(texts), frames)


def _panel_rows(layout: Layout, rows: list[BoxRow], area: Box, elements: list[Element],
                texts: list[Text]) -> None:
    """Box rows in the panel: lines of small boxes under a caption, the rows stacked and the
    whole centred in `area`; boxes shrink (down to PANEL_BOX_LEAST) to fit."""
    ax, ay, aw, ah = area
    widest = max(min(row.count, row.per_line or row.count) for row in rows)
    lines = sum(row.lines for row in rows)
    gaps = sum(row.lines - 1 for row in rows) + len(rows) - 1
    size = min(PANEL_BOX, (aw - (widest - 1) * PANEL_GAP) / widest,
               (ah - len(rows) * PANEL_CAPTION - gaps * PANEL_GAP) / lines)
    step = size + PANEL_GAP
    y = ay + (ah - len(rows) * PANEL_CAPTION - lines * size - gaps * PANEL_GAP) / 2
    for row in rows:
        per_line = row.per_line or row.count
        bx = ax + (aw - (min(row.count, per_line) * step - PANEL_GAP)) / 2
        caption = layout.labels.get(f"{row.kind}s", "")
        if caption:
            texts.append(Text(caption, bx, y + PANEL_CAPTION - 1.0, 6, role="hint"))
        y += PANEL_CAPTION
        for n in range(row.count):
            line, k = divmod(n, per_line)
            elements.append(Element(f"{row.kind}:{n + 1}", row.kind,
                                    (bx + k * step, y + line * step, size, size),
                                    label=row.label))
        y += row.lines * step


def panel_box_mm(g: SheetGeometry, kind: str) -> float:
    """The side of the boxes of a panel row as placed (for the layout check: big enough?)."""
    return min((e.box_mm[2] for e in g.elements if e.kind == kind), default=PANEL_BOX)


def element_centres(elements: Iterable[Element]) -> np.ndarray:
    """Each element's centre on the sheet (mm), a row each."""
    return np.array([(x + w / 2, y + h / 2) for x, y, w, h in (e.box_mm for e in elements)])
