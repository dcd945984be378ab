"""The local alignment's smoothing: each element follows its neighbours' shifts, not a few of
them led astray together."""

import numpy as np
import pytest

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.read.rectify import _smoothed, element_centres

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
