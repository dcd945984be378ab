"""The local alignment's smoothing: each element follows its neighbours' shifts, not a few of
them led astray together."""

import numpy as np
import pytest

from encore_print.geometry import element_centres, geometry
from encore_print.layout import load_layout
from encore_print.read.glare import paled_print
from encore_print.read.judge import _lend_paling, _paling_around, _veil_edge, is_small
from encore_print.read.rectify import _print_contrasts, _smoothed
from encore_print.read.tuning import PRINT_FIT_SD

PX = 8.0  # px per mm, as the reader's sheet frame


@pytest.fixture(scope="module")
def g():
    return geometry(load_layout("encore"))


def test_a_row_of_values_matched_low_together_does_not_drag_the_exclamation_marks(g):
    # a hurried player's circles round the first row of values, reaching down over the pale
    # second row, pulled all its matches 1 mm low: beside it, the exclamation marks (three
    # values and three marks within reach of each) were led half a millimetre off
    rng = np.random.default_rng(3)
    raw = rng.normal(0, 0.02 * PX, (len(g.elements), 2))
    astray = np.array([e.id.startswith("column:") and e.id.endswith(":others")
                       for e in g.elements])
    raw[astray, 1] += 1.0 * PX
    shifts = _smoothed(raw, np.ones(len(raw), bool), g.elements, PX)
    jokers = np.array([e.kind == "joker" for e in g.elements])
    assert np.hypot(*shifts[jokers].T).max() < 0.1 * PX
    # (and the values that matched astray are laid where the rest of the sheet says)
    assert np.hypot(*shifts[astray].T).max() < 0.1 * PX


def test_a_sheet_a_little_larger_than_its_corner_marks_say_is_followed(g):
    centres = element_centres(g.elements)
    raw = (centres - np.array(g.sheet_mm) / 2) * 0.01 * PX  # 1 % larger, from the centre
    shifts = _smoothed(raw, np.ones(len(raw), bool), g.elements, PX)
    assert np.hypot(*(shifts - raw).T).max() < 0.1 * PX


def test_elements_whose_match_is_not_trusted_take_no_part(g):
    raw = np.zeros((len(g.elements), 2))
    scribbled = np.arange(len(raw)) % 3 == 0
    raw[scribbled] = 1.5 * PX  # a heavy scribble dragged their own match
    shifts = _smoothed(raw, ~scribbled, g.elements, PX)
    assert np.abs(shifts).max() < 1e-9


def test_the_print_s_contrast_is_what_a_reflection_takes_away_not_the_light_nor_the_pen():
    rng = np.random.default_rng(5)
    printed = {k: np.where(rng.random((30, 30)) < 0.3, 0.2, 1.0) for k in range(4)}
    printed[3] = 0.95 + 0.05 * rng.random((30, 30))  # a pale value's print: too even to fit
    light = 180.0
    shown = {k: light * p + rng.normal(0, 2, p.shape) for k, p in printed.items()}
    shown[1] = shown[1] + 0.5 * light  # a reflection adds half the paper's light
    shown[2][10:13, :] = 40.0  # a pen's stroke across it: well darker than the print fits
    ks = np.arange(4)
    x = np.stack([printed[k].ravel() for k in ks])
    contrast = _print_contrasts(shown, [(ks, x, x.std(axis=1) < PRINT_FIT_SD)], 5)
    assert contrast[0] == pytest.approx(1.0, abs=0.03)
    assert contrast[1] == pytest.approx(1 / 1.5, abs=0.03)  # light / (light + reflection)
    assert contrast[2] == pytest.approx(1.0, abs=0.03)
    assert np.isnan(contrast[3]) and np.isnan(contrast[4])  # too even; not shown


def test_a_paled_print_is_told_against_its_like_and_lent_by_an_empty_neighbour(g):
    kinds = [e.kind for e in g.elements]
    contrast = np.where([k == "joker" for k in kinds], 0.9, 0.6)
    at = {e.id: k for k, e in enumerate(g.elements)}
    contrast[at["joker:1"]] = 0.45  # half of the other exclamation marks' contrast
    contrast[at["column:A:first"]] = 0.15  # a circle round it, which the fit takes in
    pale_values = [k for k, e in enumerate(g.elements) if e.id.endswith(":others")]
    contrast[pale_values] = np.nan  # (too even to fit)
    rel = paled_print(g.elements, contrast)
    assert rel["joker:1"] == pytest.approx(0.5) and rel["joker:2"] == pytest.approx(1.0)
    assert rel["cell:A1"] == pytest.approx(1.0) and rel["column:A:first"] == pytest.approx(0.25)
    assert not any(i.endswith(":others") for i in rel)
    # the value under the circled one borrows from its nearest neighbour read empty (B's)
    main = [e for e in g.elements if not is_small(e)]
    lent = _lend_paling(rel, main, empty_fitted(main, rel, set(rel) - {"column:A:first"}))
    assert lent["column:A:others"] == pytest.approx(1.0)
    assert _lend_paling(rel, main, empty_fitted(main, rel, set(rel)))["column:A:others"] \
        == pytest.approx(0.25)


def test_the_paling_round_a_marked_element_is_its_empty_neighbours(g):
    main = [e for e in g.elements if not is_small(e)]
    rel = {e.id: 1.0 for e in main if not e.id.endswith(":others")}
    rel.update({"column:H:first": 0.05, "column:G:first": 0.2, "joker:4": 0.2})
    empty = set(rel) - {"column:H:first"}  # H is circled: its own fit took the circle in
    asked = [e for e in main if e.id in {"column:H:others", "cell:A1"}]
    around = _paling_around(rel, empty_fitted(main, rel, empty), asked)
    # G's, I's and two exclamation marks', not H's above it, which is marked
    assert around["column:H:others"] == pytest.approx(0.6)
    assert around["cell:A1"] == pytest.approx(1.0)
    assert set(around) == {"column:H:others", "cell:A1"}  # (only those asked)


def test_a_veils_edge_lies_round_the_empty_elements_it_pales_most(g):
    main = [e for e in g.elements if not is_small(e)]
    rel = {e.id: 1.0 for e in main if not e.id.endswith(":others")}
    rel.update({"cell:K4": 0.62, "cell:A1": 0.5})
    empty = set(rel) - {"cell:A1"}  # A1 is crossed: its own fit took its pen in
    edge = _veil_edge(rel, main, empty_fitted(main, rel, empty))
    assert {"cell:K4", "cell:K3", "cell:J4", "cell:K5"} <= edge  # (cells 8.5 mm apart)
    assert not {"cell:A1", "cell:B1", "cell:K1", "cell:O7"} & edge
    assert _veil_edge(rel, main, empty_fitted(main, rel, empty - {"cell:K4"})) == set()


def empty_fitted(elements, rel, empty):
    """The lenders of a paling: the elements read empty whose print was fitted, as the judge
    takes them."""
    return [e for e in elements if e.id in rel and e.id in empty]
