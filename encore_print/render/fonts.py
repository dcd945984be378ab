"""The fonts shipped in fonts/ (DejaVu, see its licence there), registered once and embedded."""

from __future__ import annotations

from functools import cache
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR, BOLD = "EncoreSans", "EncoreSans-Bold"
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


@cache
def register() -> tuple[str, str]:
    base = resources.files("encore_print.fonts")
    for name, file in _FILES.items():
        with resources.as_file(base / file) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    return REGULAR, BOLD
