"""Pads: as many sheets per page as fit, cut marks, page numbers; the sheet is drawn once as a
form XObject and placed on every page, so a long pad costs little more than one sheet."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..errors import UserError
from ..geometry import SheetGeometry
from . import fonts
from .sheet import LINE, PT, draw_sheet

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0),
          "a5": (148.0, 210.0), "legal": (215.9, 355.6), "tabloid": (279.4, 431.8)}
MIN_MARGIN = 8.0  # room for cut marks outside the sheets, within what printers reach
CUT_GAP, CUT_LEN = 1.5, 5.0


@dataclass(frozen=True)
class Arrangement:
    page_mm: tuple[float, float]
    columns: int
    rows: int
    origin_mm: tuple[float, float]  # top-left of the first sheet, y down

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def arrange(sheet_mm: tuple[float, float], paper: str) -> Arrangement:
    """The orientation of `paper` that holds the most sheets, centred."""
    if paper not in PAPERS:
        raise UserError(f"unknown paper '{paper}'; expected one of {', '.join(PAPERS)}")
    sw, sh = sheet_mm
    best = None
    for pw, ph in (PAPERS[paper], PAPERS[paper][::-1]):
        cols = int((pw - 2 * MIN_MARGIN) // sw)
        rows = int((ph - 2 * MIN_MARGIN) // sh)
        if cols * rows and (best is None or cols * rows > best.per_page):
            best = Arrangement((pw, ph), cols, rows,
                               ((pw - cols * sw) / 2, (ph - rows * sh) / 2))
    if best is None:
        raise UserError(f"a {sw:g} × {sh:g} mm sheet does not fit on {paper} paper with "
                        f"{MIN_MARGIN:g} mm margins; choose a larger paper")
    return best


def pad_pdf(g: SheetGeometry, sheets: int, paper: str = "a4", mono: bool = False,
            on_page: Callable[[int], None] | None = None) -> bytes:
    """The PDF bytes of a pad of `sheets` sheets."""
    if sheets < 1:
        raise UserError(f"a pad needs at least one sheet (got {sheets})")
    a = arrange(g.sheet_mm, paper)
    pw, ph = a.page_mm
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(pw * PT, ph * PT), pageCompression=1, invariant=1,
               initialFontName=fonts.register()[0])
    c.setTitle(f"{g.layout.title} — {sheets} sheets")
    c.setAuthor("encore-print")
    c.setSubject(f"layout {g.layout.id} v{g.layout.version}")
    c.setCreator("encore-print")
    c.beginForm("sheet", 0, 0, g.sheet_mm[0] * PT, g.sheet_mm[1] * PT)
    draw_sheet(c, g, mono)
    c.endForm()
    c.beginForm("cutmarks", 0, 0, pw * PT, ph * PT)
    _cut_marks(c, a, g.sheet_mm)
    c.endForm()

    pages = -(-sheets // a.per_page)
    for page in range(pages):
        on_this = min(a.per_page, sheets - page * a.per_page)
        for k in range(on_this):
            r, col = divmod(k, a.columns)
            x = a.origin_mm[0] + col * g.sheet_mm[0]
            y_top = a.origin_mm[1] + r * g.sheet_mm[1]
            c.saveState()
            c.translate(x * PT, (ph - y_top - g.sheet_mm[1]) * PT)
            c.doForm("sheet")
            c.restoreState()
        c.doForm("cutmarks")
        if pages > 1:
            c.setFont(fonts.REGULAR, 7)
            c.setFillColor(LINE)
            c.drawCentredString(pw / 2 * PT, (a.origin_mm[1] / 2 - 1) * PT,
                                f"{page + 1} / {pages}")
        c.showPage()
        if on_page:
            on_page(page + 1)
    c.save()
    return buf.getvalue()


def _cut_marks(c: Canvas, a: Arrangement, sheet_mm: tuple[float, float]) -> None:
    """Short lines in the margin that continue every trim line, never inside a sheet."""
    ph = a.page_mm[1]
    x0, y0 = a.origin_mm
    x1, y1 = x0 + a.columns * sheet_mm[0], y0 + a.rows * sheet_mm[1]
    c.setStrokeColor(LINE)
    c.setLineWidth(0.25)
    for k in range(a.columns + 1):
        x = (x0 + k * sheet_mm[0]) * PT
        c.line(x, (ph - y0 + CUT_GAP) * PT, x, (ph - y0 + CUT_GAP + CUT_LEN) * PT)
        c.line(x, (ph - y1 - CUT_GAP) * PT, x, (ph - y1 - CUT_GAP - CUT_LEN) * PT)
    for k in range(a.rows + 1):
        y = (ph - y0 - k * sheet_mm[1]) * PT
        c.line((x0 - CUT_GAP) * PT, y, (x0 - CUT_GAP - CUT_LEN) * PT, y)
        c.line((x1 + CUT_GAP) * PT, y, (x1 + CUT_GAP + CUT_LEN) * PT, y)
