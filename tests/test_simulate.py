"""The photo simulator: seeded, marks where the geometry says, a truthful homography."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from encore_print.geometry import SheetGeometry, geometry
from encore_print.layout import load_layout
from encore_print.simulate import (
    Pen,
    _draw_finger,
    draw_marks,
    photograph,
    project,
    random_finished_sheet,
    random_pen,
    take_photo,
    write_name_and_totals,
)

DPI = 100  # low: these tests are about placement and determinism, not fine detail
FELT_BLACK = Pen("felt", (28, 28, 34), width_mm=0.8, density=0.95)
PENCIL = Pen("pencil", (88, 88, 96), width_mm=0.35, density=0.5, grain=0.6, pressure_var=0.25)


@pytest.fixture(scope="module")
def geom() -> SheetGeometry:
    return geometry(load_layout("encore"))


@pytest.fixture(scope="module")
def sheet(geom: SheetGeometry) -> np.ndarray:
    """A stand-in for the rendered sheet: light fills, grey box frames, black fiducials.
    Kept independent of the renderer so these tests only test the simulator."""
    k = DPI / 25.4
    img = np.full((round(geom.sheet_mm[1] * k), round(geom.sheet_mm[0] * k), 3), 255, np.uint8)
    fills = {c.name: tuple(int(c.fill[i:i + 2], 16) for i in (1, 3, 5))
             for c in geom.layout.colours}
    for e in geom.elements:
        x, y, w, h = (round(v * k) for v in e.box_mm)
        if e.colour:
            cv2.rectangle(img, (x, y), (x + w, y + h), fills[e.colour], -1)
        cv2.rectangle(img, (x, y), (x + w, y + h), (70, 70, 70), 1)
    for f in geom.fiducials:
        x, y, w, h = (round(v * k) for v in f.box_mm)
        cv2.rectangle(img, (x, y), (x + w, y + h), (0, 0, 0), -1)
    return img


def _box_mean(img: np.ndarray, geom: SheetGeometry, element_id: str) -> float:
    k = DPI / 25.4
    x, y, w, h = (round(v * k) for v in geom.element(element_id).box_mm)
    return float(img[y + 1:y + h - 1, x + 1:x + w - 1].mean())


def _empty(geom: SheetGeometry) -> dict[str, str]:
    return {e.id: "empty" for e in geom.elements}


MARKED = {"cell:H3": "crossed", "cell:A1": "crossed", "joker:2": "crossed",
          "column:C:first": "circled", "column:D:first": "struck", "colour:blue:others": "circled"}


@pytest.mark.parametrize("style", ["x", "slash", "dot", "scribble"])
def test_marks_darken_their_boxes_and_nothing_far_away(geom, sheet, style):
    states = _empty(geom) | MARKED
    marked = draw_marks(sheet, geom, DPI, states, np.random.default_rng(3), FELT_BLACK,
                        style=style)
    for element_id in MARKED:
        assert _box_mean(marked, geom, element_id) < _box_mean(sheet, geom, element_id) - 8, \
            element_id
    for far in ("cell:O7", "cell:E5", "joker:8", "colour:orange:first"):
        assert _box_mean(marked, geom, far) == _box_mean(sheet, geom, far)


@pytest.mark.parametrize("style", ["x", "slash", "scribble"])
def test_a_sloppy_hand_reaches_into_the_neighbours_far_more_than_a_tidy_one(geom, sheet, style):
    """Cell H4 crossed alone: a tidy hand's cross stays (nearly) inside it, a sloppy hand's
    reaches far more into the cells around it (never beyond them)."""
    states = _empty(geom) | {"cell:H4": "crossed"}
    around = ["cell:G4", "cell:I4", "cell:H3", "cell:H5", "cell:G3", "cell:I3", "cell:G5",
              "cell:I5"]
    reached = {False: 0.0, True: 0.0}  # how much the cells around darken
    for seed in range(6):
        for sloppy in (False, True):
            marked = draw_marks(sheet, geom, DPI, states, np.random.default_rng(seed),
                                FELT_BLACK, style=style, sloppy=sloppy)
            reached[sloppy] += sum(_box_mean(sheet, geom, i) - _box_mean(marked, geom, i)
                                   for i in around)
            for far in ("cell:E4", "cell:K4", "cell:H1", "cell:H7"):
                assert _box_mean(marked, geom, far) == _box_mean(sheet, geom, far)
    assert reached[True] > 5 * reached[False] + 10


def test_marks_are_deterministic_for_a_seed(geom, sheet):
    rng_states = random_finished_sheet(geom.layout, np.random.default_rng(5))
    a = draw_marks(sheet, geom, DPI, rng_states, np.random.default_rng(11))
    b = draw_marks(sheet, geom, DPI, rng_states, np.random.default_rng(11))
    c = draw_marks(sheet, geom, DPI, rng_states, np.random.default_rng(12))
    assert np.array_equal(a, b)
    assert not np.array_equal(a, c)


def test_pencil_marks_are_lighter_than_felt_tip(geom, sheet):
    states = _empty(geom) | {f"cell:{c}{r}": "crossed" for c in "GHI" for r in range(1, 8)}
    felt = draw_marks(sheet, geom, DPI, states, np.random.default_rng(1), FELT_BLACK, style="x")
    pencil = draw_marks(sheet, geom, DPI, states, np.random.default_rng(1), PENCIL, style="x")
    crossed = [i for i in states if states[i] == "crossed"]
    felt_drop = sum(_box_mean(sheet, geom, i) - _box_mean(felt, geom, i) for i in crossed)
    pencil_drop = sum(_box_mean(sheet, geom, i) - _box_mean(pencil, geom, i) for i in crossed)
    assert 0 < pencil_drop < 0.6 * felt_drop


@pytest.mark.parametrize("seed", range(4))
def test_a_name_and_totals_are_written_on_the_name_line_and_in_the_score_boxes(geom, sheet,
                                                                               seed):
    totals = {"columns": 23, "colours": 8, "jokers": 3, "stars": -6, "total": -28}
    written = write_name_and_totals(sheet, geom, DPI, totals, np.random.default_rng(seed),
                                    FELT_BLACK)
    changed = np.abs(written.astype(int) - sheet).max(axis=2) > 8
    k = DPI / 25.4
    allowed = np.zeros_like(changed)
    for name, (x, y, w, h) in geom.frames.items():
        if name == "name" or name.startswith("score:"):  # (descenders and overshoots: 2 mm)
            allowed[max(0, int((y - 2) * k)):int((y + h + 2) * k),
                    max(0, int((x - 2) * k)):int((x + w + 2) * k)] = True
    assert changed.any() and not (changed & ~allowed).any()
    for name in ["name"] + [f"score:{part}" for part in totals]:
        x, y, w, h = geom.frames[name]
        assert changed[int(y * k):int((y + h + 2) * k), int(x * k):int((x + w) * k)].any(), name
    for e in geom.elements:  # nothing a player's marks are read from
        assert _box_mean(written, geom, e.id) == _box_mean(sheet, geom, e.id), e.id


def test_random_pen_kinds():
    rng = np.random.default_rng(0)
    assert {random_pen(rng, allow_pencil=False).kind for _ in range(50)} == {"felt", "ballpoint"}
    assert random_pen(rng, kind="pencil").kind == "pencil"


def test_wrong_dpi_is_refused(geom, sheet):
    with pytest.raises(ValueError, match="dpi"):
        draw_marks(sheet, geom, 2 * DPI, MARKED, np.random.default_rng(0))


@pytest.mark.parametrize("level", ["ordinary", "hard"])
def test_photo_homography_keeps_the_sheet_in_frame(sheet, level):
    h, w = sheet.shape[:2]
    trim = np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]])
    for seed in range(6):
        photo = take_photo(sheet, np.random.default_rng(seed), level, out_megapixels=0.3)
        ph, pw = photo.image.shape[:2]
        assert photo.image.dtype == np.uint8 and photo.image.shape[2] == 3
        assert abs(ph * pw - 0.3e6) < 0.02e6
        corners = project(photo.homography, trim)
        assert np.allclose(corners, photo.sheet_corners, atol=1e-3)
        assert (corners >= 0).all() and (corners[:, 0] < pw).all() and (corners[:, 1] < ph).all()


def test_homography_says_where_the_sheet_is(sheet):
    """Undo the homography: the photo must give back the sheet (up to light and blur)."""
    photo = take_photo(sheet, np.random.default_rng(4), "ordinary", out_megapixels=1.0)
    h, w = sheet.shape[:2]
    back = cv2.warpPerspective(photo.image, np.linalg.inv(photo.homography), (w, h))
    a = cv2.cvtColor(back, cv2.COLOR_BGR2GRAY).astype(np.float32)
    b = cv2.cvtColor(sheet, cv2.COLOR_RGB2GRAY).astype(np.float32)
    assert np.corrcoef(a.ravel(), b.ravel())[0, 1] > 0.8


def test_a_reflection_only_lightens_the_photo_it_is_added_to(sheet):
    """The same seed gives the same photo with and without a lamp's reflection (it draws from
    a stream of its own), but lighter where the reflection lies, to white at its strongest."""
    plain = take_photo(sheet, np.random.default_rng(3), "ordinary", out_megapixels=0.5)
    glare = take_photo(sheet, np.random.default_rng(3), "ordinary", out_megapixels=0.5,
                       glare=True)
    assert np.array_equal(plain.homography, glare.homography)
    lift = glare.image.astype(int) - plain.image.astype(int)
    assert lift.min() > -30 and lift.max() > 100  # (JPEG blocks differ by a few levels)
    lit = np.abs(lift).max(axis=2) > 20
    assert 0.005 < lit.mean() < 0.3  # a spot, not the whole frame


def test_a_phone_s_processing_sharpens_the_same_photo(sheet):
    """The same seed gives the same photo with and without the phone's processing (it draws
    from a stream of its own), with its fine detail stronger."""
    plain = take_photo(sheet, np.random.default_rng(3), "ordinary", out_megapixels=1.0)
    phone = take_photo(sheet, np.random.default_rng(3), "ordinary", out_megapixels=1.0,
                       processed=True)
    assert np.array_equal(plain.homography, phone.homography)
    a, b = (cv2.cvtColor(p.image, cv2.COLOR_BGR2GRAY).astype(np.float32) for p in (plain, phone))
    assert np.corrcoef(a.ravel(), b.ravel())[0, 1] > 0.95
    detail = [cv2.Laplacian(g, cv2.CV_32F).var() for g in (a, b)]
    assert detail[1] > 1.2 * detail[0]


def _changed_by(sheet, **option):
    """The photo of seed 3 without `option`, and where (bool) the one with it differs: the
    same sheet, seen the same way."""
    plain = take_photo(sheet, np.random.default_rng(3), "ordinary", out_megapixels=1.0)
    other = take_photo(sheet, np.random.default_rng(3), "ordinary", out_megapixels=1.0,
                       **option)
    assert np.array_equal(plain.homography, other.homography)
    return plain, np.abs(plain.image.astype(int) - other.image.astype(int)).max(axis=2) > 40


def test_a_curled_sheet_is_the_same_photo_with_one_edge_moved(sheet):
    """The same seed gives the same photo with one edge of the sheet curled up off the table
    (drawn from a stream of its own): what lies near that edge moves, the rest stays."""
    _, moved = _changed_by(sheet, curled=True)
    assert 0.001 < moved.mean() < 0.2


def test_a_finger_is_the_same_photo_with_a_finger_over_one_side(sheet):
    """The same seed gives the same photo with a finger holding the sheet down at one side
    (drawn from a stream of its own): it lies over the sheet's edge, in and out of the sheet,
    and over no corner (where the reader's corner marks are)."""
    plain, moved = _changed_by(sheet, finger=True)
    assert 0.001 < moved.mean() < 0.05
    ys, xs = np.nonzero(moved)
    quad = plain.sheet_corners.astype(np.float32)
    inside = [cv2.pointPolygonTest(quad, (float(x), float(y)), False) > 0
              for x, y in zip(xs[::50], ys[::50])]
    assert any(inside) and not all(inside)
    short = min(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[1]))
    corner_gap = np.hypot(xs[:, None] - quad[:, 0], ys[:, None] - quad[:, 1]).min()
    assert corner_gap > 0.08 * short


def test_a_finger_cut_off_by_the_frame_casts_its_shadow_next_to_it_only():
    """A finger coming in from below the frame's bottom edge, pointing up: its shadow falls
    beside it, not in a band across the top of where it was drawn."""
    scene = np.ones((200, 300, 3), np.float32)
    short, reach = 200.0, 0.3
    out = _draw_finger(scene, np.eye(3), np.array([150.0, 190.0]), np.array([0.0, -1.0]),
                       reach, short, np.random.default_rng(1))
    darker = np.nonzero((out < 0.99).any(axis=2))
    tip = 190 - short * reach
    assert darker[0].min() >= tip - 0.08 * short - 10  # (its radius is 6-8 % of `short`)


@pytest.mark.parametrize("kind", ["pen", "die"])
def test_a_pen_or_a_die_lying_on_the_sheet_is_the_same_photo_with_it_over_the_sheet(sheet,
                                                                                   kind):
    plain = take_photo(sheet, np.random.default_rng(4), "ordinary")
    lying = take_photo(sheet, np.random.default_rng(4), "ordinary", lying=kind).image
    changed = np.abs(lying.astype(int) - plain.image).max(axis=2) > 40
    inside = np.zeros(changed.shape, np.uint8)
    cv2.fillPoly(inside, [np.round(plain.sheet_corners).astype(np.int32)], 1)
    ys, xs = np.nonzero(changed)
    assert inside[round(ys.mean()), round(xs.mean())]  # lying on the sheet (a pen may stick out)
    assert (changed & (inside == 1)).sum() > 0.7 * changed.sum()
    # a pen is long and thin, a die square: what it hides spans its length or its side
    span = max(np.ptp(xs), np.ptp(ys)) / max(1, np.sqrt(changed.sum()))
    assert span > 3 if kind == "pen" else span < 3
    with pytest.raises(ValueError, match="unknown object"):
        take_photo(sheet, np.random.default_rng(4), "ordinary", lying="book")


def test_photo_is_deterministic_for_a_seed(sheet):
    a = photograph(sheet, np.random.default_rng(9), "hard", out_megapixels=0.3)
    b = photograph(sheet, np.random.default_rng(9), "hard", out_megapixels=0.3)
    assert np.array_equal(a, b)


def test_unknown_level_is_refused(sheet):
    with pytest.raises(ValueError, match="level"):
        photograph(sheet, np.random.default_rng(0), "impossible")


def _connected_to_start(layout, crossed: set[str]) -> bool:
    seen = {c.id for c in layout.column_cells(layout.start_column)} & crossed
    todo = list(seen)
    while todo:
        cell = todo.pop()
        col, row = layout.columns.index(cell[5]), int(cell[6:])
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= col + dc < len(layout.columns) and 1 <= row + dr <= layout.n_rows:
                n = f"cell:{layout.columns[col + dc]}{row + dr}"
                if n in crossed and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return seen == crossed


@pytest.mark.parametrize("seed", range(8))
def test_random_finished_sheet_is_legal(geom, seed):
    layout = geom.layout
    states = random_finished_sheet(layout, np.random.default_rng(seed))
    assert set(states) == {e.id for e in geom.elements}
    assert set(states.values()) <= {"empty", "crossed", "circled", "struck"}
    crossed = {i for i, s in states.items() if i.startswith("cell:") and s == "crossed"}
    assert crossed and _connected_to_start(layout, crossed)
    assert sum(states[f"joker:{n}"] == "crossed" for n in range(1, 9)) <= 8
    groups = [(f"column:{c}", [x.id for x in layout.column_cells(c)]) for c in layout.columns]
    groups += [(f"colour:{c.name}", [x.id for x in layout.cells_of(c.name)])
               for c in layout.colours]
    complete_colours = 0
    for prefix, cells in groups:
        first, others = states[f"{prefix}:first"], states[f"{prefix}:others"]
        if all(c in crossed for c in cells):
            complete_colours += prefix.startswith("colour:")
            assert (first, others) in {("circled", "empty"), ("struck", "circled")}, prefix
        else:
            assert first in {"empty", "struck"} and others == "empty", prefix
    assert complete_colours <= 2


def test_on_the_real_render_crossed_cells_read_darker_through_the_photo(geom):
    """End to end on the renderer's sheet: mark, photograph, undo the homography; crossed
    cells come out darker than empty ones."""
    from encore_print.render.preview import render_sheet_image

    clean = render_sheet_image(geom.layout, DPI)
    rng = np.random.default_rng(8)
    states = random_finished_sheet(geom.layout, rng)
    marked = draw_marks(clean, geom, DPI, states, rng, FELT_BLACK)
    photo = take_photo(marked, rng, "ordinary", out_megapixels=1.0)
    back = cv2.warpPerspective(photo.image, np.linalg.inv(photo.homography), clean.shape[1::-1])
    drop = {i: _box_mean(clean, geom, i) - _box_mean(back[..., ::-1], geom, i)
            for i in states if i.startswith("cell:")}
    crossed = [d for i, d in drop.items() if states[i] == "crossed"]
    empty = [d for i, d in drop.items() if states[i] == "empty"]
    assert crossed and empty
    assert np.median(crossed) > np.median(empty) + 20


def test_a_thumb_covers_one_sheet_corner_and_nothing_far_from_it():
    from encore_print.simulate import _thumb

    w, h = 900, 640  # the sheet image, placed 1:1 in a larger frame
    shift = np.array([[1, 0, 100], [0, 1, 80], [0, 0, 1]], float)
    scene = np.ones((800, 1100, 3), np.float32)
    out = _thumb(scene, shift, (w, h), np.random.default_rng(3))
    changed = np.abs(out - scene).sum(axis=2) > 0.1
    corners = [changed[80 + y0:80 + y1, 100 + x0:100 + x1].mean()
               for x0, x1, y0, y1 in ((0, 60, 0, 60), (w - 60, w, 0, 60),
                                      (w - 60, w, h - 60, h), (0, 60, h - 60, h))]
    assert max(corners) > 0.5  # one corner of the sheet is under the thumb
    assert sorted(corners)[-2] == 0.0  # the others are not
    assert not changed[80 + h // 2 - 50:80 + h // 2 + 50, 100 + w // 2 - 50:100 + w // 2 + 50].any()
