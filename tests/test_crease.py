"""Creases: a sheet folded and opened again is found out by its creases, whose shade is
divided out of the photo before anything is read on it."""

import numpy as np
import pytest
from test_read import DPI, finished, misread, uncertain

from encore_print.read import sheet, tuning
from encore_print.read.crease import Crease, find_creases, unfold
from encore_print.read.sheet import read_image
from encore_print.simulate import fold_sheet, take_photo

PX = tuning.LIGHT_PX_PER_MM


def _light(encore_geometry, seed=0, noise=0.01):
    """The light of a plain sheet (1.0 everywhere, with the photo's noise), as plain_light
    gives it: the print is plain everywhere here but in a few lines of print (NaN)."""
    w, h = encore_geometry.sheet_mm
    rng = np.random.default_rng(seed)
    light = (1 + rng.normal(0, noise, (round(h * PX), round(w * PX)))).astype(np.float32)
    light[:, ::40] = np.nan  # (print: the grid's lines, where nothing is measured)
    return light


def _shade_line(light, upright, at_mm, slope, depth=0.1, sigma_mm=0.4, px=PX):
    """`light` (h × w, at `px` per mm) with a crease's thin shade along the line (see
    Crease), in place."""
    m = light if upright else light.T
    along = (np.arange(m.shape[0]) + 0.5) / px
    centre = at_mm + slope * (along - m.shape[0] / px / 2)
    across = (np.arange(m.shape[1]) + 0.5) / px
    d = across[None, :] - centre[:, None]
    m *= (1 - depth * np.exp(-0.5 * (d / sigma_mm) ** 2)).astype(np.float32)
    return light


@pytest.mark.parametrize("upright,at_mm,slope", [(True, 93.0, 0.02), (False, 61.0, -0.03),
                                                 (True, 60.5, 0.0)])
def test_a_crease_is_found_where_it_runs(encore_geometry, upright, at_mm, slope):
    light = _shade_line(_light(encore_geometry), upright, at_mm, slope)
    creases = find_creases(light, PX, encore_geometry.elements)
    assert len(creases) == 1
    c = creases[0]
    assert c.upright == upright
    assert abs(c.at - at_mm) <= 0.5
    assert abs(c.slope - slope) <= 0.01


def test_no_crease_is_found_on_a_flat_sheet(encore_geometry):
    for seed in range(3):
        assert find_creases(_light(encore_geometry, seed, 0.03), PX,
                            encore_geometry.elements) == []


def test_pen_along_a_row_of_cells_is_no_crease(encore_geometry):
    """Strokes that line up through the cells, darker than any crease, but only there:
    a crease runs on through the margins, where no one writes."""
    light = _light(encore_geometry)
    cells = [e for e in encore_geometry.elements if e.kind == "cell"]
    x = cells[len(cells) // 2].box_mm[0] + 3.0
    top = min(e.box_mm[1] for e in cells)
    bottom = max(e.box_mm[1] + e.box_mm[3] for e in cells)
    light[round(top * PX):round(bottom * PX), round(x * PX)] *= 0.6
    assert find_creases(light, PX, encore_geometry.elements) == []


def test_unfolding_divides_the_crease_s_shade_out_of_pen_and_paper_alike(encore_geometry):
    px = 8.0
    w, h = (round(v * px) for v in encore_geometry.sheet_mm)
    blank = np.full((h, w, 3), 250, np.uint8)
    blank[:, ::64] = 40  # (print lines: not plain, not measured, still unfolded)
    photo = blank.copy()
    photo[400:420, 100:1200] = 60  # a pen stroke across the crease
    flat = np.ones((h // 2, w // 2), np.float32)
    flat[:, ::32] = 0
    shade = _shade_line(np.ones((h, w), np.float32), True, 90.0, 0.01, depth=0.2, px=px)
    creased = np.clip(photo * shade[..., None] + 0.5, 0, 255).astype(np.uint8)
    # (the light is as printed: the tone changes nothing)
    tone = np.arange(256, dtype=np.float32)[None, :, None].repeat(3, axis=2)
    before = np.abs(creased.astype(int) - photo).max()
    crease = Crease(True, 90.0, 0.01)
    assert unfold(creased, blank, tone, flat, [crease], px) == [crease]
    assert before >= 45
    assert np.abs(creased.astype(int) - photo).max() <= 3


def test_a_fold_darkens_straight_lines_right_across_the_sheet_and_little_else():
    sheet = np.full((600, 900, 3), 240, np.uint8)
    folded = fold_sheet(sheet, 100.0, np.random.default_rng(3))
    darker = (sheet.astype(int) - folded).max(axis=2)
    assert darker.max() >= 10  # (a crease's shade: 5 % at the least)
    lines = darker >= 0.6 * darker.max()
    rows, cols = np.nonzero(lines)
    # every row or every column has some of it: the crease runs from edge to edge
    assert len(set(rows)) == 600 or len(set(cols)) == 900
    assert (darker >= 0.07 * 240).mean() < 0.02  # away from its line, 6 % at most (the tilt)
    assert np.array_equal(folded, fold_sheet(sheet, 100.0, np.random.default_rng(3)))


@pytest.mark.parametrize("seed", [1, 4])
def test_a_folded_sheet_reads_as_it_was_marked(seed, monkeypatch):
    """A sheet folded in thirds (seed 1) or in four (4), photographed: every mark right and
    none in doubt, where its creases read as strokes and crosses without their shade
    divided out (the same photo read so: cells, values and colour bonuses misread)."""
    _, truth, marked, rng = finished(seed=300 + seed)
    folded = fold_sheet(marked, DPI, np.random.default_rng(seed))
    photo = take_photo(folded, rng, "ordinary", out_megapixels=2).image
    reading = read_image(photo, "folded")
    assert misread(reading, truth) == set()
    assert uncertain(reading) == set()
    monkeypatch.setattr(sheet, "_creases", lambda *_: [])
    assert len(misread(read_image(photo, "folded"), truth)) >= 5


def test_a_crease_runs_through_the_boxes_on_its_line():
    upright = Crease(True, 90.0, 0.02)  # 90 mm across the middle, leaning right downwards
    assert upright.crosses((89.0, 95.0, 3.0, 10.0), (180.0, 128.0))  # (90.7 mm down there)
    assert not upright.crosses((93.0, 95.0, 3.0, 10.0), (180.0, 128.0))
    assert upright.crosses((91.5, 95.0, 3.0, 10.0), (180.0, 128.0))  # (within a mm of it)
    lying = Crease(False, 64.0, 0.0)
    assert lying.crosses((150.0, 60.0, 8.0, 8.0), (180.0, 128.0))
    assert not lying.crosses((150.0, 70.0, 8.0, 8.0), (180.0, 128.0))


def test_a_value_struck_faintly_where_a_crease_runs_is_left_to_the_players():
    """What is left of a crease's shade through a value can pass for a stroke: a value read
    struck by a line no clearer than that, on a crease, is in doubt, and the players hear
    why (here it is struck: column M's upper value, seed 9, folded in thirds)."""
    _, truth, marked, rng = finished(seed=309)
    folded = fold_sheet(marked, DPI, np.random.default_rng(9))
    reading = read_image(take_photo(folded, rng, "ordinary", out_megapixels=2).image, "folded")
    assert {v.id for v in reading.verdicts if "crease" in v.features} == {"column:M:first"}
    assert truth["column:M:first"] == "struck"
    assert misread(reading, truth) == set()
    assert any("a crease runs through values that read struck" in n for n in reading.notes)
