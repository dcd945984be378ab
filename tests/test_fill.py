"""A box coloured in with a pencil or a pale pen, told from the light field's dip over it
(read/fill.py)."""

import numpy as np
import pytest

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.read.fill import doubt_pale_fills, light_dips
from encore_print.read.judge import Verdict
from encore_print.read.tuning import FILL_DIP, LIGHT_PX_PER_MM

G = geometry(load_layout("encore"))
K = LIGHT_PX_PER_MM


def _light(shade=lambda yy, xx: np.ones_like(xx)) -> np.ndarray:
    """A light field over the whole sheet (RGB at LIGHT_PX_PER_MM), white light times `shade`
    (of the pixel's row and column)."""
    w, h = (round(v * K) for v in G.sheet_mm)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    return np.repeat((255 * shade(yy, xx))[..., None], 3, axis=2).astype(np.float32)


def _dip(light: np.ndarray, e) -> float:
    return light_dips(light, G)[e.id]


def _dimmed_over(box_mm, by: float) -> np.ndarray:
    light = _light()
    x, y, w, h = box_mm
    light[round(y * K):round((y + h) * K), round(x * K):round((x + w) * K)] *= 1 - by
    return light


@pytest.mark.parametrize("eid", ["joker:2", "cell:H4"])
def test_light_darker_over_a_box_than_all_round_it_is_its_dip(eid):
    e = G.element(eid)
    assert _dip(_light(), e) == pytest.approx(0.0, abs=1e-6)
    assert _dip(_dimmed_over(e.box_mm, 0.2), e) == pytest.approx(0.2, abs=1e-3)


def test_a_shadow_s_edge_across_a_box_is_no_dip():
    e = G.element("cell:H4")
    x, _, w, _ = e.box_mm
    edge = (x + w / 2) * K  # a sharp shadow over the right half of the sheet, through the box
    assert _dip(_light(lambda yy, xx: np.where(xx >= edge, 0.5, 1.0)), e) < FILL_DIP
    # nor is a shadow over all of it
    assert _dip(_light(lambda yy, xx: np.full_like(xx, 0.5)), e) == pytest.approx(0, abs=1e-6)


def _verdicts() -> list[Verdict]:
    return [Verdict("joker:2", "empty", 1.0, {}), Verdict("cell:H4", "crossed", 1.0, {}),
            Verdict("column:A:first", "empty", 1.0, {}), Verdict("cell:A1", "empty", 1.0, {})]


def test_only_boxes_read_empty_are_doubted():
    light = _light()
    for eid in ("joker:2", "cell:H4", "column:A:first"):
        x, y, w, h = G.element(eid).box_mm
        light[round(y * K):round((y + h) * K), round(x * K):round((x + w) * K)] *= 0.8
    out = {v.id: v for v in doubt_pale_fills(_verdicts(), G, light)}
    assert out["joker:2"].uncertain and out["joker:2"].features["light_dip"] == pytest.approx(0.2)
    assert not out["cell:H4"].uncertain  # read crossed: the fill showed
    assert not out["column:A:first"].uncertain  # values are circled, not coloured in
    # no dip over it, but a player who colours boxes in may have coloured it in paler still
    assert out["cell:A1"].uncertain and "light_dip" not in out["cell:A1"].features
    assert out["cell:A1"].features["fills_seen"] == 1


def test_without_a_box_coloured_in_nothing_is_doubted():
    out = doubt_pale_fills(_verdicts(), G, _light())
    assert not [v.id for v in out if v.uncertain]
