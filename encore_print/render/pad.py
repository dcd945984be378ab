"""Pads: as many sheets per page as fit, cut marks, page numbers; the sheet is drawn once as a
form XObject and placed on every page, so a long pad costs little more than one sheet."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pikepdf
from reportlab.pdfbase import pdfmetrics
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
    """The PDF bytes of a pad of `sheets` sheets.

    Every page is a small dictionary whose /Contents is an array of streams shared by all
    pages: one that places the sheets and cut marks (the last page, when it holds fewer
    sheets, has its own), then the page number "k / N" put together from shared pieces (one
    that moves to where the number starts, one per digit value that prints the digit and
    steps past it, one for " / N"). So a page adds no stream, and with the page dictionaries
    packed in compressed object streams a 200-sheet pad is barely larger than one sheet."""
    if sheets < 1:
        raise UserError(f"a pad needs at least one sheet (got {sheets})")
    a = arrange(g.sheet_mm, paper)
    pages = -(-sheets // a.per_page)
    last = sheets - (pages - 1) * a.per_page
    template = _template(g, a, mono, sheets, pages, last)
    with pikepdf.open(io.BytesIO(template)) as pdf:
        tpl = list(pdf.Root.Pages.Kids)  # not pdf.pages: the page tree is replaced below
        resources = _merged_resources(pdf, tpl)
        full = pdf.make_stream(b"q\n" + tpl[0].Contents.read_bytes() + b"\nQ\n")
        short = pdf.make_stream(b"q\n" + tpl[1].Contents.read_bytes() + b"\nQ\n") \
            if last < a.per_page else full
        number = _number_pieces(pdf, tpl[-1], a, pages) if pages > 1 else None
        root = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Count=pages))
        kids = []
        for page in range(1, pages + 1):
            contents = [short if page == pages else full]
            if number:
                starts, digits, tail = number
                k = str(page)
                contents += [starts[len(k)], *(digits[int(d)] for d in k), tail]
            kids.append(pdf.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Page, Parent=root, MediaBox=tpl[0].MediaBox,
                Resources=resources, Contents=pikepdf.Array(contents))))
            if on_page:
                on_page(page)
        root.Kids = pikepdf.Array(kids)
        pdf.Root.Pages = root  # the template's pages are no longer reachable: not written
        out = io.BytesIO()
        pdf.save(out, compress_streams=True, deterministic_id=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return out.getvalue()


_NUMBER_CHARS = "0123456789 /"
_NUMBER_SIZE = 7


def _template(g: SheetGeometry, a: Arrangement, mono: bool, sheets: int, pages: int,
              last: int) -> bytes:
    """A reportlab PDF with what the pad is made of: a full page of sheets; a page with the
    `last` sheets when fewer; then one page that prints each character a page number needs,
    one at a time, so the embedded font subset holds them and their codes can be read."""
    pw, ph = a.page_mm
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(pw * PT, ph * PT), pageCompression=0, invariant=1,
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
    for on_this in (a.per_page, last) if last < a.per_page else (a.per_page,):
        for k in range(on_this):
            r, col = divmod(k, a.columns)
            x = a.origin_mm[0] + col * g.sheet_mm[0]
            y_top = a.origin_mm[1] + r * g.sheet_mm[1]
            c.saveState()
            c.translate(x * PT, (ph - y_top - g.sheet_mm[1]) * PT)
            c.doForm("sheet")
            c.restoreState()
        c.doForm("cutmarks")
        c.showPage()
    if pages > 1:
        c.setFont(fonts.REGULAR, _NUMBER_SIZE)
        for ch in _NUMBER_CHARS:
            c.drawString(0, 0, ch)
        c.showPage()
    c.save()
    return buf.getvalue()


def _merged_resources(pdf: pikepdf.Pdf, tpl: list[pikepdf.Dictionary]) -> pikepdf.Dictionary:
    """One resource dictionary, shared by every page, with the fonts and forms that any
    template page uses (reportlab lists on each page only what that page uses)."""
    resources = pikepdf.Dictionary()
    for t in tpl:
        for kind, named in t.Resources.items():
            if isinstance(named, pikepdf.Dictionary):
                merged = resources.get(kind, pikepdf.Dictionary())
                for name, obj in named.items():
                    merged[name] = obj
                resources[kind] = merged
            else:
                resources[kind] = named
    return pdf.make_indirect(resources)


def _number_pieces(pdf: pikepdf.Pdf, sampler: pikepdf.Dictionary, a: Arrangement, pages: int
                   ) -> tuple[dict[int, pikepdf.Stream], list[pikepdf.Stream], pikepdf.Stream]:
    """The shared streams that print "k / N" centred below the sheets: by digit count of k,
    one that saves the state, sets the colour and moves to where the number starts; one per
    digit that prints it and moves past it; one that prints " / N" and restores the state.
    Each holds whole text objects (BT … ET): only q … Q spans streams, as the spec allows."""
    codes = []  # (font resource name, bytes) of each character, as reportlab wrote it
    font = None
    for operands, op in pikepdf.parse_content_stream(sampler):
        if op == pikepdf.Operator("Tf"):
            font = operands[0].unparse()
        elif op == pikepdf.Operator("Tj"):
            codes.append((font, bytes(operands[0])))
    if len(codes) != len(_NUMBER_CHARS) or not all(f for f, _ in codes):
        raise RuntimeError("reportlab wrote the page-number characters in an unexpected way")
    glyph = dict(zip(_NUMBER_CHARS, codes))

    def show(text: str) -> bytes:
        runs = []  # (font, codes): consecutive characters of one font subset shown at once
        for ch in text:
            f, code = glyph[ch]
            if runs and runs[-1][0] == f:
                runs[-1][1].append(code)
            else:
                runs.append((f, [code]))
        return b"BT " + b"".join(b"%s %d Tf %s Tj " % (f, _NUMBER_SIZE,
                                                       pikepdf.String(b"".join(c)).unparse())
                                 for f, c in runs) + b"ET"

    def width(text: str) -> float:
        return pdfmetrics.stringWidth(text, fonts.REGULAR, _NUMBER_SIZE)

    tail_text = f" / {pages}"
    y = (a.origin_mm[1] / 2 - 1) * PT
    rgb = b"%.4f %.4f %.4f rg" % (LINE.red, LINE.green, LINE.blue)
    starts = {}
    for n in range(1, len(str(pages)) + 1):
        x = a.page_mm[0] / 2 * PT - width("0" * n + tail_text) / 2  # digits are all as wide
        starts[n] = pdf.make_stream(b"q %s 1 0 0 1 %.3f %.3f cm\n" % (rgb, x, y))
    digits = [pdf.make_stream(b"%s 1 0 0 1 %.3f 0 cm\n" % (show(d), width(d)))
              for d in "0123456789"]
    tail = pdf.make_stream(show(tail_text) + b" Q\n")
    return starts, digits, tail


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
