import pytest

from encore_print.geometry import geometry
from encore_print.layout import load_layout


@pytest.fixture(scope="session")
def encore():
    return load_layout("encore")


@pytest.fixture(scope="session")
def encore_geometry(encore):
    return geometry(encore)


def _scan_pdf(out, *photos, **canvas):
    """What a scanner app saves: each picture on a page of its own, in one PDF."""
    import cv2
    from reportlab.pdfgen.canvas import Canvas

    c = Canvas(str(out), **canvas)
    for photo in photos:
        h, w = cv2.imread(str(photo)).shape[:2]
        c.setPageSize((w * 0.24, h * 0.24))  # (300 dpi)
        c.drawImage(str(photo), 0, 0, w * 0.24, h * 0.24)
        c.showPage()
    c.save()
    return out


@pytest.fixture(scope="session")
def scan_pdf():
    return _scan_pdf
