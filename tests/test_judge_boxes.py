"""How the reader judges the cells of one sheet against each other, on ink maps drawn here:
a sheet of crosses, empty cells with the photo's noise, and one cell with a faint line."""

import cv2
import numpy as np
import pytest

from encore_print.geometry import STAR, geometry
from encore_print.layout import load_layout
from encore_print.read import tuning
from encore_print.read.judge import (
    Patch,
    Verdict,
    _doubt_if_hidden,
    _doubt_pen_at_the_edges,
    _firm_by_specks,
    _pct,
    _read_specks,
    _robust_z,
    _stroke_cover,
    _tops,
    judge,
)

PX = 8.0
MARGIN_MM = 0.5


def patch(element, draw, rng, noise=0.03):
    """The element's ink map with a margin, as the pipeline cuts it: noise plus `draw`."""
    x, y, w, h = element.box_mm
    x0, y0 = round((x - MARGIN_MM) * PX), round((y - MARGIN_MM) * PX)
    x1, y1 = round((x + w + MARGIN_MM) * PX), round((y + h + MARGIN_MM) * PX)
    ink = np.clip(rng.normal(0, noise, (y1 - y0, x1 - x0)), 0, 1).astype(np.float32)
    draw(ink, round(MARGIN_MM * PX), round(w * PX))
    return Patch(element, ink, (x0, y0), np.ones(ink.shape, bool))


def line(darkness, corners):
    def draw(ink, m, size):
        layer = np.zeros_like(ink)
        for (a, b), (c, d) in corners:
            cv2.line(layer, (m + round(a * size), m + round(b * size)),
                     (m + round(c * size), m + round(d * size)), float(darkness), 3, cv2.LINE_AA)
        np.maximum(ink, cv2.GaussianBlur(layer, (0, 0), 1.0), out=ink)
    return draw


X = [((0.2, 0.2), (0.8, 0.8)), ((0.8, 0.2), (0.2, 0.8))]
SLASH = [((0.15, 0.8), (0.85, 0.2))]


def verdict_of_faint_slash(pen_darkness, slash_darkness, shaded=False):
    """A sheet whose crosses have `pen_darkness`, its other cells empty but one, which holds a
    single slash of `slash_darkness`: that cell's verdict (`shaded`: near a hidden corner)."""
    rng = np.random.default_rng(5)
    cells = [e for e in geometry(load_layout("encore")).elements
             if e.kind == "cell" and not e.star]
    crossed, empty, probe = cells[:40], cells[40:-1], cells[-1]
    patches = [patch(e, line(pen_darkness, X), rng) for e in crossed]
    patches += [patch(e, lambda *_: None, rng) for e in empty]
    patches.append(patch(probe, line(slash_darkness, SLASH), rng))
    verdicts, _ = judge(patches, PX, faint_unsure=shaded,
                        shaded=frozenset({probe.id}) if shaded else frozenset())
    return next(v for v in verdicts if v.id == probe.id)


def test_a_faint_pencil_slash_on_a_pencil_sheet_is_a_cross():
    """Pencil crosses (darkest ink ~0.15): a slash under the pen threshold but a clear line
    of pen is read crossed."""
    v = verdict_of_faint_slash(pen_darkness=0.15, slash_darkness=0.04)
    assert v.state == "crossed", v


def test_a_line_alone_is_no_sure_cross_where_the_pen_shows_well():
    """On a faint-pen sheet whose crosses still stand well above the pen threshold, a cross
    would show in the coverage: a faint line alone (a print's leftover, maybe) is a doubt, while
    on a sheet whose pen barely passes the threshold it is a sure cross."""
    weak = verdict_of_faint_slash(pen_darkness=0.15, slash_darkness=0.04)
    shows = verdict_of_faint_slash(pen_darkness=0.24, slash_darkness=0.04)
    assert weak.state == "crossed" and not weak.uncertain, weak
    assert shows.state == "crossed" and shows.uncertain, shows


def test_a_line_alone_is_no_sure_cross_where_a_thumb_may_shade_the_cell():
    """Near a hidden corner mark, the edge of a thumb's shadow is a line too."""
    v = verdict_of_faint_slash(pen_darkness=0.15, slash_darkness=0.04, shaded=True)
    assert v.state == "crossed" and v.uncertain, v


def test_the_same_faint_line_on_a_felt_sheet_is_not_sure_either_way():
    """With a dark felt pen the same faint line is no cross (a felt cross would be dark), and
    a faint line may be what a neighbour's scribble left: not a sure empty either."""
    v = verdict_of_faint_slash(pen_darkness=0.8, slash_darkness=0.04)
    assert v.state == "empty" and v.uncertain, v


@pytest.mark.parametrize("pen_darkness, blur_mm, sure", [
    (0.12, 0.1, True),   # a sharp photo (contrast 2.96): the sheet's faintest crosses would show
    (0.12, 0.3, False),  # blurred: they may have faded away, so no pen seen is no evidence
    (0.10, 0.1, False),  # sharp, but too dull (contrast 2.47) to show them
    (0.13, 0.3, True),   # blurred, but contrasted enough for it (3.21: over 10 × 0.3 mm)
    (0.13, 0.38, False),  # more blurred (under 10 × 0.38): a thin stroke may have faded away
])
def test_an_empty_cell_on_a_sheet_whose_pen_barely_shows(pen_darkness, blur_mm, sure):
    """Crosses barely darker than the pen threshold: an empty cell is sure only on a photo
    sharp and contrasted enough to show the palest of them, or contrasted more for a
    somewhat blurred one."""
    v = crosses_then_empty(pen_darkness, 0.015, 5, blur_mm=blur_mm)[-1]
    assert (v.state, v.uncertain) == ("empty", not sure), v


@pytest.mark.parametrize("slash_darkness, sure", [
    (0.016, True),   # a line of z 1.3: as the photo's noise leaves in empty boxes on such sheets
    (0.020, False),  # z 1.8: maybe a cross the coverage missed
])
def test_a_faint_line_in_an_empty_cell_where_the_pen_barely_shows(slash_darkness, sure):
    """Crosses barely darker than the pen threshold, on a sharp photo: a cell with a faint line
    and no pen read empty is a doubt from a line of 1.6 (LINE_DOUBT_WEAK), not lower."""
    rng = np.random.default_rng(5)
    cells = [e for e in geometry(load_layout("encore")).elements
             if e.kind == "cell" and not e.star]
    patches = [patch(e, line(0.12, X), rng, noise=0.015) for e in cells[:40]]
    patches += [patch(e, lambda *_: None, rng, noise=0.015) for e in cells[40:-1]]
    patches.append(patch(cells[-1], line(slash_darkness, SLASH), rng, noise=0.015))
    verdicts, _ = judge(patches, PX, blur_mm=0.1)
    v = verdicts[-1]
    assert (v.state, v.uncertain) == ("empty", not sure), v
    assert [u.id for u in verdicts if u.uncertain] == ([] if sure else [v.id])


@pytest.mark.parametrize("lined, sure", [(4, True), (5, False)])
def test_empty_cells_where_many_may_hide_a_cross_the_pen_barely_shows(lined, sure):
    """Crosses barely darker than the pen threshold, on a sharp photo: once 5 cells read empty
    are doubts for a faint line in them (tuning.WEAK_PEN_EMPTY_DOUBTS), the photo shows this
    pen only just, and a cell with nothing in it is no sure empty either."""
    rng = np.random.default_rng(5)
    cells = [e for e in geometry(load_layout("encore")).elements
             if e.kind == "cell" and not e.star]
    patches = [patch(e, line(0.12, X), rng, noise=0.015) for e in cells[:40]]
    patches += [patch(e, line(0.020, SLASH), rng, noise=0.015) for e in cells[40:40 + lined]]
    patches += [patch(e, lambda *_: None, rng, noise=0.015) for e in cells[40 + lined:]]
    verdicts, _ = judge(patches, PX, blur_mm=0.1)
    lines, plain = verdicts[40:40 + lined], verdicts[40 + lined:]
    assert all(v.state == "empty" and v.uncertain for v in lines), lines
    assert all(v.state == "empty" and v.uncertain != sure for v in plain), plain
    assert all("weak_pen" in v.features for v in plain) != sure


def crosses_then_empty(pen_darkness, noise, seed, **judging):
    """A sheet whose first 40 cells hold crosses of `pen_darkness` and the rest nothing, on a
    photo of this `noise`: the empty cells' verdicts, judged so (`judging`: judge's options)."""
    rng = np.random.default_rng(seed)
    cells = [e for e in geometry(load_layout("encore")).elements
             if e.kind == "cell" and not e.star]
    patches = [patch(e, line(pen_darkness, X), rng, noise=noise) for e in cells[:40]]
    patches += [patch(e, lambda *_: None, rng, noise=noise) for e in cells[40:]]
    verdicts, _ = judge(patches, PX, **judging)
    return verdicts[40:]


def specks(*parts, share=0.3, dark=0.07):
    """Scattered specks as dark as a pencil cross's (`dark`) in these parts of a box (x0, y0,
    x1, y1, as shares of its side), `share` of their pixels, none big enough for a stroke nor
    in a line: what a grainy pencil cross over a star can leave in a photo."""
    def draw(ink, m, size):
        rng = np.random.default_rng(9)
        for x0, y0, x1, y1 in parts:
            part = ink[m + int(y0 * size):m + int(y1 * size),
                       m + int(x0 * size):m + int(x1 * size)]
            hit = rng.random(part.shape) < share
            part[hit] = np.maximum(part[hit], dark)
    return draw


def verdict_of_probe(draw, pen_darkness=0.15, star=False, shaded=False, **judging):
    """A sheet whose first 40 plain cells hold crosses of `pen_darkness`, its other cells empty
    (the photo's noise) but one, drawn by `draw` (the last plain cell, or with `star` the first
    star's): that cell's verdict, judged so (`judging`: judge's options; `shaded`: the cell
    lies near a hidden corner mark)."""
    rng = np.random.default_rng(7)
    elements = geometry(load_layout("encore")).elements
    cells = [e for e in elements if e.kind == "cell" and not e.star]
    probe = next(e for e in elements if e.star) if star else cells.pop()
    patches = [patch(e, line(pen_darkness, X), rng, noise=0.01) for e in cells[:40]]
    patches += [patch(e, lambda *_: None, rng, noise=0.01) for e in cells[40:]]
    patches.append(patch(probe, draw, rng, noise=0.01))
    verdicts, _ = judge(patches, PX, shaded=frozenset({probe.id} if shaded else ()), **judging)
    return next(v for v in verdicts if v.id == probe.id)


def verdict_of_specks(pen_darkness, faint_unsure=False):
    """Scattered specks over the middle of a cell: its verdict (see verdict_of_probe)."""
    return verdict_of_probe(specks((0.2, 0.2, 0.8, 0.8), share=0.06), pen_darkness,
                            faint_unsure=faint_unsure)


def test_a_pencil_cross_fallen_to_specks_is_read_crossed():
    """On a pencil sheet, specks far darker than the empty cells' noise (though under the pen
    threshold, and in no line) are a cross."""
    v = verdict_of_specks(pen_darkness=0.15)
    assert v.state == "crossed" and not v.uncertain, v


def test_specks_on_a_sheet_a_thumb_may_shade_only_make_a_doubt():
    """With a corner mark hidden, a thumb's shade may be what darkens the cell."""
    v = verdict_of_specks(pen_darkness=0.15, faint_unsure=True)
    assert v.state == "empty" and v.uncertain, v


@pytest.mark.parametrize("z, state, sure", [(1.5, "empty", True), (2.6, "empty", False),
                                            (3.4, "crossed", False), (6.0, "crossed", True)])
def test_specks_read_by_how_far_they_stand_out(z, state, sure):
    """Against the sheet's empty boxes: a little is a doubt, more a cross, far more a sure one."""
    rng = np.random.default_rng(3)
    quiet = {f"cell:{k}": float(v) for k, v in enumerate(rng.normal(0.05, 0.004, 60))}
    usual = np.median(list(quiet.values()))
    spread = np.median(np.abs(np.array(list(quiet.values())) - usual)) * 1.4826 \
        + tuning.LINE_FLOOR
    top = {**quiet, "probe": usual + z * spread}
    verdicts = [Verdict(i, "empty", 1.0, {}) for i in top]
    z = _robust_z(top, list(quiet.values()) + [top["probe"]])
    v = next(v for v in _read_specks(verdicts, z, trusted=True) if v.id == "probe")
    assert (v.state, v.uncertain) == (state, not sure), v


@pytest.mark.parametrize("confidence, z, sure", [
    (0.04, 6.5, True),    # a coverage little over the limit, and specks of a cross
    (0.04, 2.0, False),   # ...specks that say nothing
    (0.98, 6.5, True),    # a coverage that says enough alone
])
def test_specks_firm_a_cross_its_coverage_barely_shows(confidence, z, sure):
    """A grainy pencil cross over a star's cell read crossed at 1.07 times the limit (hard
    seed 69, G3) has specks that stand out as a cross's: it is sure. Specks are named among
    its features only where they are what makes it sure (and a star's then doubted if they lie
    along one edge: see _doubt_specks_out_of_place)."""
    v = _firm_by_specks([Verdict("cell:G3", "crossed", confidence, {"cover": 0.017})],
                        {"cell:G3": z})[0]
    assert v.state == "crossed" and v.uncertain != sure, v
    assert ("specks_z" in v.features) == (confidence < tuning.CONFIDENT and sure), v


def test_specks_make_no_cross_of_an_empty_box_before_they_are_read():
    """Firming crosses comes before the doubts; reading empty boxes' specks, after them."""
    v = _firm_by_specks([Verdict("cell:A1", "empty", 1.0, {})], {"cell:A1": 6.5})[0]
    assert v.state == "empty", v


def test_a_box_s_coverage_is_the_share_of_where_pen_can_show():
    """A star's outline hides the pen under it: the same scribble over a box whose print hides
    a quarter of it, pen where it shows, covers as much as over a plain box, once counted over
    where pen can show (and a quarter less if counted over the whole box)."""
    rng = np.random.default_rng(2)
    size = 72
    pen = (rng.random((size, size)) < 0.5).astype(np.float32) * 0.5
    pen = cv2.dilate(pen, np.ones((3, 3), np.uint8))  # strokes, not specks
    shows = np.ones((size, size), bool)
    shows[::4, :] = False  # (rows of print: a quarter of the box, everywhere alike)
    hidden = np.where(shows, pen, 0)
    plain, over_shows, over_all = (
        _stroke_cover([pen, hidden], 0.1, PX, seen=[np.ones_like(shows), shows])
        + _stroke_cover([hidden], 0.1, PX))[:3]
    assert over_shows == pytest.approx(plain, rel=0.03)
    assert over_all == pytest.approx(plain * 0.75, rel=0.03)


def test_specks_along_a_plain_cell_s_edge_are_no_cross():
    """Specks as dark as a pencil cross's, but in a band along the cell's edge: what a
    neighbour's scribble leaves where it overshoots. They are weighed as the coverage is, little
    at the edges: the cell is empty."""
    v = verdict_of_probe(specks((0.0, 0.2, 0.15, 0.8)))
    assert v.state == "empty" and not v.uncertain, v


@pytest.mark.parametrize("where, sure", [
    # a cross through the star: it shows on either side of it, in opposite corners, and on
    # the star's white in the middle
    ([(0.1, 0.1, 0.3, 0.3), (0.4, 0.4, 0.6, 0.6), (0.7, 0.7, 0.9, 0.9)], True),
    # a neighbour's scribble overshooting into the star's cell, along its left edge
    ([(0.0, 0.25, 0.2, 0.75)], False),
    # two neighbours' overshoots, along its left and right edges: its middle is paper
    ([(0.0, 0.25, 0.15, 0.75), (0.85, 0.25, 1.0, 0.75)], False),
])
def test_specks_along_a_star_s_cell_s_edges_are_no_sure_cross(where, sure):
    """A star's outline hides part of its cell, so a faint cross over it shows as specks round
    it and on its white inside. Specks along one edge only are what a neighbour's stroke leaves
    where it overshoots (ordinary seed 3107, of the seeds no limit was measured on: read
    crossed, sure, at 6.3), and specks along two edges round a middle as pale as paper what
    two neighbours' leave (--sloppy ordinary 192, 206, 234): a doubt."""
    v = verdict_of_probe(specks(*where), star=True)
    assert v.state == "crossed" and v.uncertain != sure, v


def star_outline(dark=0.09):
    """Specks round the star's points and the corners between them: its outline printed a
    little darker than the print expected there."""
    def draw(ink, m, size):
        c = m + size / 2
        rng = np.random.default_rng(9)
        for a in np.linspace(0, 2 * np.pi, 10, endpoint=False):
            r = STAR * size * (0.85 if round(a / (np.pi / 5)) % 2 == 0 else 0.4)
            y, x = round(c - r * np.cos(a)), round(c + r * np.sin(a))
            part = ink[y - 2:y + 3, x - 2:x + 3]
            hit = rng.random(part.shape) < 0.6
            part[hit] = np.maximum(part[hit], dark)
    return draw


@pytest.mark.parametrize("draw, why", [
    # three neighbours' strokes in its corners, the star as pale as paper
    (specks((0.0, 0.0, 0.2, 0.2), (0.8, 0.0, 1.0, 0.2), (0.0, 0.8, 0.2, 1.0)), "corners"),
    # the star's own print showing, nothing beyond it
    (star_outline(), "print"),
])
def test_specks_far_darker_beyond_a_star_than_on_it_or_the_other_way_are_no_sure_cross(
        draw, why):
    """A cross through a star shows on the star and beyond it alike. Specks darker beyond its
    points than on it, by 3 times, are neighbours' strokes in its corners (--sloppy --pen
    pencil ordinary 40006 E2, 40051 D6: read crossed, sure, at 3.2 and 4.0); specks on the star
    alone are its print showing darker than expected (41002 A3, D6, K6: 0.09-0.20)."""
    v = verdict_of_probe(draw, star=True)
    assert v.state == "crossed" and v.uncertain and "specks_star" in v.features, (why, v)


@pytest.mark.parametrize("where, sure", [
    # a cross through the cell: its specks cross the middle too
    ([(0.1, 0.1, 0.3, 0.3), (0.4, 0.4, 0.6, 0.6), (0.7, 0.7, 0.9, 0.9)], True),
    # two neighbours' strokes crossing its opposite corners: its middle is paper
    ([(0.0, 0.0, 0.3, 0.3), (0.7, 0.7, 1.0, 1.0)], False),
])
def test_specks_in_a_plain_cell_s_corners_only_are_no_sure_cross(where, sure):
    """A plain cell's specks are weighed to its middle, yet neighbours' strokes crossing its
    corners can add up to a cross's (--sloppy ordinary 175 J3: read crossed at 0.57, its
    middle 0.13 as dark as its specks): with a middle as pale as paper, a doubt."""
    v = verdict_of_probe(specks(*where, share=0.5, dark=0.08))  # (under the pen threshold)
    assert v.state == "crossed" and "specks_z" in v.features, v
    assert v.uncertain != sure and ("specks_middle" in v.features) != sure, v


def test_specks_on_a_felt_sheet_leave_an_empty_cell_sure():
    """With a dark felt pen such specks are no cross: its crosses would be dark strokes, and
    its scribbles spill darker specks than these into their neighbours."""
    v = verdict_of_specks(pen_darkness=0.8)
    assert v.state == "empty" and not v.uncertain, v


@pytest.mark.parametrize("visible, specks_z, line_z, doubt", [
    (0.74, 0.3, 0.2, False),   # a star as empty as the empty boxes: sure
    (0.74, 1.7, 0.2, True),    # ...with a little more ink in specks than they have
    (0.74, 0.3, 1.3, True),    # ...or along a line
    (0.97, 1.7, 1.3, False),   # a plain cell: the usual limits (of specks and lines) hold
])
def test_a_star_read_empty_on_a_faint_sheet_is_a_doubt_when_a_little_ink_shows(
        visible, specks_z, line_z, doubt):
    """A star hides a quarter of its cell: a faint cross through it shows less than through a
    plain cell, so less makes a doubt."""
    v = Verdict("cell:H1", "empty", 1.0, {"line_z": line_z})
    judged = _doubt_if_hidden([v], {"cell:H1": visible}.get, {"cell:H1": specks_z},
                              tuning.STAR_LINE_DOUBT)[0]
    assert judged.uncertain == doubt, judged


@pytest.mark.parametrize("visible, line_z, doubt", [
    (0.74, 1.3, False),  # a star: an empty one's line can stand out so
    (0.74, 1.8, True),   # ...not so far: a slash through the star leaves this much
    (0.97, 1.8, False),  # a plain cell: its empty ones' lines reach that
])
def test_a_star_read_empty_with_a_line_through_it_is_a_doubt_on_any_sheet(
        visible, line_z, doubt):
    """Where the pen shows well no specks are read, but a line through a star's cell that
    stands out as no empty star's does is no sure empty (fresh hard seed 9432)."""
    v = Verdict("cell:E2", "empty", 1.0, {"line_z": line_z})
    judged = _doubt_if_hidden([v], {"cell:E2": visible}.get, {},
                              tuning.STAR_LINE_DOUBT_ANY)[0]
    assert judged.uncertain == doubt, judged


def test_a_pen_paler_than_the_hatching_leaves_empty_cells_in_doubt():
    """A pencil (darkest ink ~0.15) can vanish along the hatching's lines (0.29): no pen seen
    is no evidence. A dark pen, or cells without hatching, are read."""
    pale = crosses_then_empty(0.15, 0.01, 9, hatch_dark=0.29)
    assert all(v.state == "empty" and v.uncertain and "hatched" in v.features for v in pale)
    for darkness, hatch in ((0.6, 0.29), (0.15, 0.0)):
        read = crosses_then_empty(darkness, 0.01, 9, hatch_dark=hatch)
        assert all(v.state == "empty" and not v.uncertain for v in read), (darkness, hatch)


def test_a_black_and_white_pad_measures_its_contrast_on_plain_paper_too():
    """Behind the hatching less of the photo's noise shows: the exclamation marks' plain paper
    bounds the contrast (which sets how sure every verdict is, and refuses dull photos)."""
    rng = np.random.default_rng(3)
    elements = geometry(load_layout("encore")).elements
    cells = [e for e in elements if e.kind == "cell" and not e.star]
    patches = [patch(e, line(0.5, X), rng, noise=0.01) for e in cells[:40]]
    patches += [patch(e, lambda *_: None, rng, noise=0.01) for e in cells[40:]]
    patches += [patch(e, lambda *_: None, rng, noise=0.04)
                for e in elements if e.kind == "joker"]
    _, colour = judge(patches, PX)
    _, hatched = judge(patches, PX, hatch_dark=0.29)
    assert hatched < colour / 2, (hatched, colour)


def test_a_box_s_percentiles_leave_out_what_lies_under_dark_print():
    """Over dark print (an exclamation mark's glyph) no pen shows: what the photo shows there,
    darker than printed after a phone's sharpening, says nothing of the pen or the noise, and
    a faint cross's specks beside it must not be diluted by it either."""
    rng = np.random.default_rng(2)
    ink = np.clip(rng.normal(0, 0.03, (40, 40)), 0, 1).astype(np.float32)
    ink[5:35, 18:22] = 0.4  # the glyph's residue
    seen = np.ones(ink.shape, bool)
    seen[4:36, 17:23] = False
    qs = [tuning.NOISE_PERCENTILE, tuning.SPECKS_PERCENTILE, 95, 99]
    plain = np.clip(rng.normal(0, 0.03, (40, 40)), 0, 1).astype(np.float32)
    tops = _tops({"glyph": ink.copy(), "plain": plain}, qs,
                 {"glyph": seen, "plain": np.ones(plain.shape, bool)})
    assert tops["glyph"] == dict(zip(qs, _pct(ink[seen], qs)))
    assert tops["plain"] == dict(zip(qs, _pct(plain, qs)))
    assert _tops({"glyph": ink.copy()}, qs)["glyph"][99] == pytest.approx(0.4)


def blotches(darkness):
    """Two round blots: what a photo's noise makes on a sheet it shows at few pixels per mm."""
    def draw(ink, m, size):
        layer = np.zeros_like(ink)
        for a, b in ((0.35, 0.4), (0.6, 0.6)):
            cv2.circle(layer, (m + round(a * size), m + round(b * size)), 5, float(darkness), -1)
        np.maximum(ink, cv2.GaussianBlur(layer, (0, 0), 1.0), out=ink)
    return draw


@pytest.mark.parametrize("darkness,sure", [(0.2, False), (0.35, True)])
def test_a_cell_covered_a_little_by_ink_far_paler_than_the_pen_is_a_doubt(darkness, sure):
    """On a sheet crossed with a pen of 0.5, a cell holding blots over 1-4 times the coverage
    limit is read crossed: sure when they are nearly as dark as the pen, a doubt when far
    paler."""
    rng = np.random.default_rng(5)
    cells = [e for e in geometry(load_layout("encore")).elements
             if e.kind == "cell" and not e.star]
    crossed, empty, probe = cells[:40], cells[40:-1], cells[-1]
    patches = [patch(e, line(0.5, X), rng) for e in crossed]
    patches += [patch(e, lambda *_: None, rng) for e in empty]
    patches.append(patch(probe, blotches(darkness), rng))
    verdicts, _ = judge(patches, PX)
    v = next(v for v in verdicts if v.id == probe.id)
    assert v.state == "crossed" and v.uncertain != sure, v
    assert v.features["limit"] < v.features["cover"] < 4 * v.features["limit"], v


def band(darkness):
    """A soft band across the cell, a third of it wide: a shadow's edge as the light field
    leaves it in the ink."""
    def draw(ink, m, size):
        layer = np.zeros_like(ink)
        cv2.line(layer, (m, m + size // 2), (m + size, m + size // 2), float(darkness),
                 size // 3)
        np.maximum(ink, cv2.GaussianBlur(layer, (0, 0), 2.0), out=ink)
    return draw


@pytest.mark.parametrize("shaded", [False, True])
def test_a_wide_band_far_paler_than_the_pen_is_a_doubt_only_where_a_thumb_may_shade_it(shaded):
    """On a sheet crossed with a pen of 0.5, a band of 0.25 covering many times the coverage
    limit is read crossed: far from a hidden corner mark that much ink is a cross, however
    pale; near one it may be the thumb's shadow, and is a doubt."""
    v = verdict_of_probe(band(0.25), 0.5, shaded=shaded)
    assert v.state == "crossed" and v.uncertain == shaded, v
    assert v.features["cover"] > 4 * v.features["limit"], v


def overshoot(darkness, depth_mm):
    """A neighbour's scribble reaching `depth_mm` into the cell over its top edge."""
    def draw(ink, m, size):
        layer = np.zeros_like(ink)
        d = depth_mm * PX
        xs = np.linspace(0.2, 0.8, 30)
        pts = np.stack([m + xs * size, m + d * (0.5 + 0.5 * np.sin(xs * 12))], axis=1)
        cv2.polylines(layer, [np.round(pts).astype(np.int32)], False, float(darkness), 5,
                      cv2.LINE_AA)
        np.maximum(ink, cv2.GaussianBlur(layer, (0, 0), 1.0), out=ink)
    return draw


def test_a_neighbour_s_scribble_reaching_over_one_edge_is_no_sure_cross():
    """Pen covering more than the limit but all along one edge, 1.5 mm deep, is read crossed
    but a doubt; a slash of the same pen across the cell is sure."""
    edge = verdict_of_probe(overshoot(0.6, 1.5), 0.6)
    assert edge.state == "crossed" and edge.uncertain and "pen_edge" in edge.features, edge
    assert edge.features["cover"] > 2 * edge.features["limit"], edge
    slash = verdict_of_probe(line(0.6, SLASH), 0.6)
    assert slash.state == "crossed" and not slash.uncertain, slash


def from_both_sides(darkness, depth_mm):
    """Two neighbours' scribbles reaching `depth_mm` into the cell, over its top and its
    bottom edge."""
    def draw(ink, m, size):
        overshoot(darkness, depth_mm)(ink, m, size)
        overshoot(darkness, depth_mm)(ink[::-1], m, size)  # (a view: drawn into `ink`)
    return draw


def test_pen_only_where_neighbours_reach_in_from_two_sides_is_no_sure_cross():
    """Pen over two edges, none of it in the cell's middle, is read crossed but a doubt (half
    of it lies along each edge: no one edge holds it); a slash across the cell is sure, and
    so is a small dot in its middle."""
    sides = verdict_of_probe(from_both_sides(0.6, 1.5), 0.6)
    assert sides.state == "crossed" and sides.uncertain, sides
    assert "pen_middle" in sides.features and "pen_edge" not in sides.features, sides
    assert sides.features["cover"] > 2 * sides.features["limit"], sides

    def dot(ink, m, size):
        cv2.circle(ink, (m + size // 2, m + size // 2), size // 5, 0.6, -1)
    for draw in (line(0.6, SLASH), dot):
        mark = verdict_of_probe(draw, 0.6)
        assert mark.state == "crossed" and not mark.uncertain, mark


def test_a_neighbour_s_stroke_ending_in_a_cell_is_no_sure_cross():
    """A stroke in from the left edge that ends just past the cell's middle (the tail of a
    neighbour's scribble, deeper than the edge's band) is read crossed but a doubt: its pen
    through the middle is slight beside the sheet's crosses, and all of it lies in one half.
    A slash as short and as dark, across the middle, is sure."""
    tail = verdict_of_probe(line(0.6, [((0.0, 0.45), (0.45, 0.55))]), 0.6)
    assert tail.state == "crossed" and tail.uncertain, tail
    assert tail.features["pen_one_side"] >= tuning.ONE_SIDE_SHARE, tail
    assert "pen_edge" not in tail.features and "pen_middle" not in tail.features, tail
    short = verdict_of_probe(line(0.6, [((0.3, 0.65), (0.7, 0.35))]), 0.6)
    assert short.state == "crossed" and not short.uncertain, short


def test_pen_beside_an_exclamation_mark_s_middle_is_no_doubt():
    """An exclamation mark stands apart from its neighbours, and its glyph hides its middle: a
    slash beside the glyph is its own cross. The same pen in a cell, none of it in its middle,
    is a doubt."""
    ink = np.zeros((64, 64), np.float32)
    cv2.line(ink, (40, 63), (63, 40), 0.6, 3)  # across a corner, clear of the middle
    crossed = Verdict("joker:1", "crossed", 1.0, {})
    for cells, sure in ((set(), True), ({"joker:1"}, False)):
        v, = _doubt_pen_at_the_edges([crossed], {"joker:1": ink}, {"joker:1": 0.1}, 0.02, 0.1,
                                     PX, cells)
        assert v.uncertain != sure and ("pen_middle" in v.features) != sure, v
