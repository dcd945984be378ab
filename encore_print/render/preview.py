"""One sheet's trim box as an image, through the same PDF code path as the pad."""

from __future__ import annotations

import io
from functools import lru_cache

import numpy as np
import pypdfium2 as pdfium
from reportlab.pdfgen.canvas import Canvas

from ..geometry import SheetGeometry, geometry
from ..layout import Layout
from . import fonts
from .sheet import PT, draw_sheet


def sheet_pdf(g: SheetGeometry, mono: bool = False) -> bytes:
    """A one-page PDF whose page is exactly the sheet's trim box."""
    buf = io.BytesIO()
    w, h = g.sheet_mm
    c = Canvas(buf, pagesize=(w * PT, h * PT), pageCompression=1, invariant=1,
               initialFontName=fonts.register()[0])
    c.beginForm("sheet", 0, 0, w * PT, h * PT)
    draw_sheet(c, g, mono)
    c.endForm()
    c.doForm("sheet")
    c.showPage()
    c.save()
    return buf.getvalue()


def rasterise(pdf: bytes, dpi: float, page: int = 0) -> np.ndarray:
    """RGB uint8 pixels of one PDF page at `dpi`."""
    doc = pdfium.PdfDocument(pdf)
    try:
        pil = doc[page].render(scale=dpi / 72).to_pil()
        return np.asarray(pil.convert("RGB"))
    finally:
        doc.close()


@lru_cache(maxsize=16)
def render_sheet_image(layout: Layout, dpi: float, mono: bool = False) -> np.ndarray:
    """The blank sheet, RGB; x_px = x_mm × dpi / 25.4. Read-only: it is shared from a cache."""
    img = rasterise(sheet_pdf(geometry(layout), mono), dpi)
    img.flags.writeable = False
    return img
