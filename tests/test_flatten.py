"""Laying a curled sheet flat: the field through where its print was found."""

import numpy as np

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.read.flatten import flat_field
from encore_print.read.tuning import INK_SHIFT_TOLERANCE_MM

PX = 8.0  # px per mm, as the reader's sheet frame


def _centres(g):
    return np.array([(x + w / 2, y + h / 2) for x, y, w, h in (e.box_mm for e in g.elements)])


def _curl(centres_mm, g):
    """A curl of the bottom edge, as seen from above: the print there is pushed out from the
    sheet's centre, more and more steeply towards the edge (px)."""
    w, h = g.sheet_mm
    lift = np.clip((centres_mm[:, 1] - 0.6 * h) / (0.4 * h), 0, None) ** 2
    return np.column_stack([(centres_mm[:, 0] - w / 2) * 0.03 * lift,
                            (centres_mm[:, 1] - h / 2) * 0.03 * lift]) * PX


def test_the_field_follows_a_curl_to_the_edge_row_and_stretches_within_it():
    g = geometry(load_layout("encore"))
    centres = _centres(g)
    size = (round(g.sheet_mm[0] * PX), round(g.sheet_mm[1] * PX))
    field = flat_field(g, _curl(centres, g), np.ones(len(centres)), PX, size)
    assert field.shape == (size[1], size[0], 2)
    # within each element too, where a Gaussian spread of the shifts would leave it flat
    probes = np.vstack([centres + [dx, dy] for dx in (-2, 0, 2) for dy in (-2, 0, 2)])
    at = field[(probes[:, 1] * PX).astype(int), (probes[:, 0] * PX).astype(int)]
    # within what the ink's comparison tolerates
    assert np.hypot(*(at - _curl(probes, g)).T).max() < INK_SHIFT_TOLERANCE_MM * PX
    assert np.hypot(*_curl(probes, g).T).max() > 1.0 * PX  # (a curl worth laying flat)


def test_a_match_drawn_off_by_a_pen_does_not_bend_the_field():
    g = geometry(load_layout("encore"))
    centres = _centres(g)
    found = np.zeros((len(centres), 2))
    k = next(i for i, e in enumerate(g.elements) if e.id == "column:F:others")
    found[k] = (0.7 * PX, 0)  # its neighbour's circle drew the match 0.7 mm aside
    size = (round(g.sheet_mm[0] * PX), round(g.sheet_mm[1] * PX))
    field = flat_field(g, found, np.ones(len(centres)), PX, size)
    x, y = (centres[k] * PX).astype(int)
    assert np.hypot(*field[y, x]) < 0.1 * PX


def test_too_few_matches_lay_nothing_flat():
    g = geometry(load_layout("encore"))
    matches = np.zeros(len(g.elements))
    matches[:10] = 0.9
    assert flat_field(g, np.zeros((len(g.elements), 2)), matches, PX,
                      (1440, 1024)) is None
