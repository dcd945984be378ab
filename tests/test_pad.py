"""The pad as printed: real PDFs, rasterised with pypdfium2, checked at geometry positions."""

import io

import cv2
import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

from encore_print.geometry import geometry
from encore_print.layout import builtin_ids, load_layout
from encore_print.read.locate import detector, homography, sight
from encore_print.render.pad import arrange, pad_pdf
from encore_print.render.preview import rasterise, render_sheet_image

DPI = 150
PX = DPI / 25.4


def hex_rgb(h: str) -> np.ndarray:
    return np.array([int(h[i:i + 2], 16) for i in (1, 3, 5)], float)


def patch(img, x_mm, y_mm, r=2):
    x, y = round(x_mm * PX), round(y_mm * PX)
    return img[y - r:y + r + 1, x - r:x + r + 1].reshape(-1, 3).astype(float)


@pytest.mark.parametrize("lid", builtin_ids())
def test_preview_shows_each_cell_colour_and_star(lid):
    lay = load_layout(lid)
    img = render_sheet_image(lay, DPI)
    assert img.shape[:2] == (round(lay.sheet_mm[1] * PX), round(lay.sheet_mm[0] * PX))
    fills = {c.name: hex_rgb(c.fill) for c in lay.colours}
    for e in geometry(lay).elements:
        if e.kind != "cell":
            continue
        x, y, w, h = e.box_mm
        colour = patch(img, x + 0.8 * w, y + 0.8 * h).mean(axis=0)  # clear of symbol and star
        nearest = min(fills, key=lambda n: np.abs(fills[n] - colour).sum())
        assert nearest == e.colour and np.abs(fills[e.colour] - colour).max() < 12, e.id
        centre = patch(img, x + w / 2, y + h / 2, r=1).mean(axis=0)
        assert (centre.min() > 245) == e.star, e.id  # a star is white inside


def test_mono_preview_has_no_colour_but_symbols_and_stars(encore, encore_geometry):
    img = render_sheet_image(encore, DPI, mono=True).astype(int)
    assert np.abs(img - img.mean(axis=2, keepdims=True)).max() < 4  # grey only
    for e in encore_geometry.elements:
        if e.kind != "cell":
            continue
        x, y, w, h = e.box_mm
        assert patch(img, x + 0.17 * w, y + 0.17 * h, r=0).min() < 120, e.id  # symbol
        x0, y0 = int((x + 0.25 * w) * PX), int((y + 0.25 * h) * PX)
        core = img[y0:y0 + int(0.5 * h * PX), x0:x0 + int(0.5 * w * PX)]
        assert ((core.min(axis=2) < 100).sum() > 15) == e.star, e.id


def warped(img: np.ndarray, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The sheet rotated by any angle and seen at a slant, on a grey table."""
    rng = np.random.default_rng(seed)
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    size = int(1.6 * max(w, h))
    angle = rng.uniform(0, 2 * np.pi)
    centre = np.array([size / 2, size / 2])
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    dst = (src - [w / 2, h / 2]) @ rot.T * 0.9 + centre
    dst += rng.uniform(-0.12, 0.12, (4, 2)) * w  # perspective: corners pulled apart unevenly
    m = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    out = cv2.warpPerspective(img, m, (size, size), borderValue=(90, 110, 120))
    return out, m


@pytest.mark.parametrize("mono", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fiducials_and_layout_found_straight_and_warped(encore, encore_geometry, mono, seed):
    img = render_sheet_image(encore, DPI, mono)
    for photo, sheet_to_photo in ((img, np.eye(3)), warped(img, seed)):
        s = sight(cv2.cvtColor(photo, cv2.COLOR_RGB2GRAY))
        assert s is not None and s.code == encore.code
        assert s.corners == ["top-left", "top-right", "bottom-right", "bottom-left"]
        to_mm, misfits = homography(s, encore_geometry)
        assert misfits == []
        x, y, w, h = encore_geometry.element("cell:H4").box_mm
        centre_px = sheet_to_photo @ np.array([(x + w / 2) * PX, (y + h / 2) * PX, 1])
        back = to_mm @ centre_px
        assert np.allclose(back[:2] / back[2], (x + w / 2, y + h / 2), atol=0.5)


def without_object_streams(pdf: bytes) -> bytes:
    """The same PDF with every dictionary written out plainly, so that bytes can be searched."""
    with pikepdf.open(io.BytesIO(pdf)) as p:
        out = io.BytesIO()
        p.save(out, object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()


def marker_ids(pdf: bytes, page: int) -> list[int]:
    gray = cv2.cvtColor(rasterise(pdf, 100, page), cv2.COLOR_RGB2GRAY)
    _, ids, _ = detector().detectMarkers(gray)
    return sorted(ids.ravel()) if ids is not None else []


def test_pad_pages_sheets_and_fonts(encore_geometry):
    pdf = pad_pdf(encore_geometry, 5, "letter")
    doc = pdfium.PdfDocument(pdf)
    assert len(doc) == 3
    pw, ph = doc[0].get_size()
    assert (round(pw), round(ph)) == (612, 792)  # Letter in points
    doc.close()
    for page, expected in ((0, 2), (2, 1)):
        gray = cv2.cvtColor(rasterise(pdf, 100, page), cv2.COLOR_RGB2GRAY)
        _, ids, _ = detector().detectMarkers(gray)
        assert sorted(ids.ravel()) == sorted([4, 5, 6, 7] * expected)
    plain = without_object_streams(pdf)  # the font dictionaries are in compressed object streams
    assert b"/FontFile2" in plain and b"DejaVuSans" in plain  # embedded TrueType subsets
    assert b"Helvetica" not in plain  # no font the printer would have to substitute


def test_pad_draws_the_sheet_once(encore_geometry):
    one, many = pad_pdf(encore_geometry, 1), pad_pdf(encore_geometry, 200)
    assert many.count(b"/Subtype /Form") == one.count(b"/Subtype /Form")
    assert len(many) < 3 * len(one)


@pytest.mark.parametrize("paper,per_page", [("a4", 2), ("letter", 2), ("a3", 4), ("a5", 1)])
def test_arrangement(paper, per_page):
    a = arrange((180, 128), paper)
    assert a.per_page == per_page
    assert min(a.origin_mm) >= 8


@pytest.fixture(scope="module")
def pad199(encore_geometry):
    return pad_pdf(encore_geometry, 199)  # A4: 2 per page, 100 pages, the last with one sheet


@pytest.mark.parametrize("page", [0, 8, 9, 98, 99])
def test_every_page_is_numbered_centred_below_the_sheets(pad199, page):
    doc = pdfium.PdfDocument(pad199)
    try:
        assert len(doc) == 100
        pw, _ = doc[page].get_size()
        text = doc[page].get_textpage()
        expected = f"{page + 1} / 100"
        assert text.get_text_range().split()[-3:] == expected.split()
        found = text.search(expected, match_whole_word=True).get_next()
        assert found is not None
        first, count = found
        left, bottom, _, _ = text.get_charbox(first)
        _, _, right, top = text.get_charbox(first + count - 1)
        assert abs((left + right) / 2 - pw / 2) < 1.5  # centred, as drawCentredString did
        assert 15 < bottom and top < 40  # in the bottom margin, below the sheets
    finally:
        doc.close()


def test_pad_pages_hold_all_sheets_they_can_and_the_last_the_rest(pad199):
    assert marker_ids(pad199, 0) == sorted([4, 5, 6, 7] * 2)
    assert marker_ids(pad199, 50) == sorted([4, 5, 6, 7] * 2)
    assert marker_ids(pad199, 99) == [4, 5, 6, 7]


def test_cut_marks_on_every_page(pad199, encore_geometry):
    a = arrange(encore_geometry.sheet_mm, "a4")
    x0, y0 = a.origin_mm
    for page in (0, 99):
        img = rasterise(pad199, 150, page)
        # the vertical mark above the top-left corner, and the horizontal one left of it
        above = patch(img, x0, y0 - 1.5 - 2.5, r=1)
        left = patch(img, x0 - 1.5 - 2.5, y0, r=1)
        assert above.min() < 200 and left.min() < 200, page
        assert patch(img, x0 + 5, y0 - 4, r=1).min() > 245  # beside the mark: blank paper


def test_one_page_pad_has_no_page_number(encore_geometry):
    doc = pdfium.PdfDocument(pad_pdf(encore_geometry, 2))
    try:
        assert len(doc) == 1
        assert "/ 1" not in doc[0].get_textpage().get_text_range()
    finally:
        doc.close()


def test_long_pad_is_barely_larger_than_one_sheet(encore_geometry):
    one, many = pad_pdf(encore_geometry, 1), pad_pdf(encore_geometry, 200)
    assert len(many) <= 1.1 * len(one)  # issue 2: pages share their content streams


def test_pages_share_their_content_streams_and_the_pdf_is_valid(pad199):
    with pikepdf.open(io.BytesIO(pad199)) as p:
        assert p.check_pdf_syntax() == []  # what qpdf --check finds: nothing
        assert len(p.pages) == 100
        streams = {s.objgen for page in p.pages for s in page.obj.Contents}
        assert len(streams) <= 2 + 3 + 10 + 1  # bodies, number starts, digits, " / 100"


def test_pad_is_reproducible(encore_geometry):
    assert pad_pdf(encore_geometry, 7, "a3") == pad_pdf(encore_geometry, 7, "a3")
