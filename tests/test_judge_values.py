"""How the reader tells a stroke through a value from other pen near it, on pen laid out in
the value's own frame (half-sizes from its centre), so each case is exactly the one named."""

import numpy as np
import pytest

from encore_print.read import tuning
from encore_print.read.judge import _across

STEP = 0.03
U, V = (a.ravel() for a in np.meshgrid(np.arange(-1.45, 1.45, STEP),
                                       np.arange(-1.45, 1.45, STEP)))


def pen(where):
    m = where(U, V)
    return U[m], V[m]


def band(u, v, u0, u1):  # a horizontal stroke 0.1 half-sizes thick from u0 to u1
    return (np.abs(v) < 0.05) & (u >= u0) & (u <= u1)


def digit(u, v):  # the printed number in the middle
    return (np.abs(u) < 0.3) & (np.abs(v) < 0.5)


def test_a_stroke_through_the_value_is_across():
    assert _across(*pen(lambda u, v: band(u, v, -0.9, 0.9))) > tuning.ACROSS_STRUCK


def test_two_neighbours_circles_brushing_in_on_both_sides_are_not_a_stroke():
    brushes = pen(lambda u, v: (np.abs(u) > 1.15) & (np.abs(u) < 1.3) & (np.abs(v) < 0.3))
    assert _across(*brushes) < tuning.ACROSS_NOT


@pytest.mark.parametrize("print_seen", [True, False])
def test_a_stroke_hidden_by_the_digit_on_one_side(print_seen):
    """Seen from the left edge into the digit: a stroke through, when the dark digit goes on
    past the centre (the stroke may go on under it); without the digit, it ends at -0.3."""
    stroke = pen(lambda u, v: band(u, v, -0.9, -0.3) & ~digit(u, v))
    hidden = pen(digit) if print_seen else (np.array([]), np.array([]))
    across = _across(*stroke, *hidden)
    assert across > tuning.ACROSS_STRUCK if print_seen else across < tuning.ACROSS_NOT
