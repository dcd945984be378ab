"""Telling a finger over the sheet from light and shadow, on light fields made by hand; and
what lies over the sheet by the print it hides, or by being darker than the light, on the
blank sheet."""

import cv2
import numpy as np
import pytest

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.read import tuning
from encore_print.read.cover import covered, dark_over, deep_within, print_hidden
from encore_print.read.sheet import blank_for

K = tuning.LIGHT_PX_PER_MM
H, W = round(130 * K), round(180 * K)  # a sheet of 180 × 130 mm
WARM = np.array([0.95, 0.9, 0.8], np.float32)  # RGB: a lamp's light on the paper


def _light(gradient: float = 0.3) -> np.ndarray:
    """A warm light falling off across the sheet."""
    fall = 1 - gradient * np.linspace(0, 1, W, dtype=np.float32)[None, :, None]
    return np.broadcast_to(WARM * fall, (H, W, 3)).copy()


def _disc(cx_mm: float, cy_mm: float, r_mm: float) -> np.ndarray:
    yy, xx = np.mgrid[0:H, 0:W] / K
    return np.hypot(xx - cx_mm, yy - cy_mm) <= r_mm


def test_even_light_a_gradient_and_a_shadow_are_no_finger():
    light = _light()
    assert not covered(light).any()
    light[_disc(60, 60, 25)] *= 0.5  # a cast shadow: the same light, dimmer
    assert not covered(light).any()


def test_a_finger_is_found_with_what_lies_near_it():
    light = _light()
    finger = _disc(90, 125, 9)  # coming in over the bottom edge
    light[finger] = np.array([0.8, 0.6, 0.45], np.float32)  # skin: reddish, darker
    over = covered(light) > 0
    assert over[finger].all()
    assert over[_disc(90, 125 - 9 - tuning.COVER_REACH_MM + 1, 0.5)].all()  # its reach
    assert not over[_disc(90, 125 - 9 - tuning.COVER_REACH_MM - 2, 0.5)].any()
    assert not over[_disc(30, 30, 5)].any()


def test_a_speck_of_another_colour_is_no_finger():
    light = _light()
    light[_disc(90, 129, 3)] = np.array([0.8, 0.6, 0.45], np.float32)  # ~15 mm² on the sheet
    assert not covered(light).any()


def test_a_tint_within_the_sheet_is_no_finger():
    """Dense dots of a felt pen tint the light measured among them; a finger holding the
    sheet down comes in over its edge."""
    light = _light()
    light[_disc(90, 60, 15)] = np.array([0.8, 0.6, 0.45], np.float32)
    assert not covered(light).any()


def test_a_bright_patch_of_another_colour_is_no_finger():
    """A reflection's veil over coloured print shifts the light's colour too, but brightens
    it."""
    light = _light()
    light[_disc(90, 125, 15)] = np.array([0.8, 1.0, 1.0], np.float32)  # (bluer, brighter)
    assert not covered(light).any()


def test_something_dark_lying_within_the_sheet_is_found():
    """A black die, 14 mm across: the light field takes it in as the deepest of shadows."""
    light = _light()
    yy, xx = np.mgrid[0:H, 0:W] / K
    die = (abs(xx - 90) <= 7) & (abs(yy - 60) <= 7)
    light[die] *= 0.3
    over = deep_within(light) > 0
    assert over[die].all()
    assert not over[_disc(30, 110, 5)].any()
    assert (deep_within(_grey(light)) > 0)[die].all()


def test_a_shadow_as_deep_cast_over_the_edge_is_nothing_lying_on_the_sheet():
    """A hand's soft shadow, 60 mm across: its core, within the sheet, as deep as the die
    above; its dimmer rim reaches the sheet's edge, as a shadow cast from beyond it does."""
    light = _light()
    shade = cv2.GaussianBlur(_disc(90, 98, 30).astype(np.float32), (0, 0), 10 * K)
    light *= (1 - 0.65 * shade)[..., None]
    core = light.min(axis=2) < tuning.COVER_DEEP * np.median(light.min(axis=2))
    assert core.sum() / K ** 2 > 10 * tuning.COVER_MIN_MM2 and not core[-round(8 * K):].any()
    assert not deep_within(light).any()


def _grey(light: np.ndarray) -> np.ndarray:
    """The light as a photo in shades of grey measures it: the same in every channel."""
    return np.repeat(light.mean(axis=2, keepdims=True), 3, axis=2)


def test_in_a_grey_photo_a_finger_is_found_by_being_darker_than_the_light_around_it():
    light = _grey(_light())
    finger = _disc(90, 125, 12)  # coming in over the bottom edge
    light[finger] *= 0.6  # (skin in grey: darker than paper, and no colour left)
    over = covered(light, in_grey=True) > 0
    assert over[finger].all()
    assert not over[_disc(30, 30, 5)].any()
    assert not covered(light).any()  # (where colour tells, a grey patch is light: a shadow)


def test_in_a_grey_photo_a_broad_soft_shadow_over_the_edge_is_no_finger():
    """The shadow of a hand or a phone, 60 mm across, soft-edged, reaching over the edge."""
    light = _grey(_light())
    shade = cv2.GaussianBlur(_disc(90, 130, 60).astype(np.float32), (0, 0), 10 * K)
    light *= (1 - 0.4 * shade)[..., None]
    assert not covered(light, in_grey=True).any()


# What lies over the sheet hides its print, whatever its colour: told on the blank sheet itself,
# as the reader rectifies it, under even light.
@pytest.fixture(scope="module")
def blank_sheet():
    layout = load_layout("encore")
    return blank_for(layout, False), geometry(layout)


def _hidden(blank, g, grey: np.ndarray) -> np.ndarray:
    light = np.full(blank.small.shape, 0.9, np.float32)
    return print_hidden(grey, tuning.PX_PER_MM, blank, g.elements, light)


def test_the_print_as_printed_blurred_or_a_little_out_of_place_hides_nothing(blank_sheet):
    blank, g = blank_sheet
    grey = blank.grey
    assert not _hidden(blank, g, grey).any()
    assert not _hidden(blank, g, cv2.GaussianBlur(grey, (0, 0), 0.4 * tuning.PX_PER_MM)).any()
    shifted = np.roll(grey, (round(0.6 * tuning.PX_PER_MM),) * 2, axis=(0, 1))
    assert not _hidden(blank, g, shifted).any()


def test_pen_strokes_across_the_cells_hide_nothing(blank_sheet):
    """Pen adds lines: crosses and a scribble's dense strokes over the grid."""
    blank, g = blank_sheet
    grey = blank.grey.copy()
    for e in g.elements[:60]:
        x, y, w, h = (round(v * tuning.PX_PER_MM) for v in e.box_mm)
        cv2.line(grey, (x, y), (x + w, y + h), 40, 6)
        cv2.line(grey, (x + w, y), (x, y + h), 40, 6)
    assert not _hidden(blank, g, grey).any()


@pytest.mark.parametrize("shade", [30, 140, 235])  # a black pen, a blue one, a white one
def test_a_pen_lying_across_the_cells_hides_them(blank_sheet, shade):
    blank, g = blank_sheet
    grey = blank.grey.copy()
    a, b = (round(40 * tuning.PX_PER_MM), round(40 * tuning.PX_PER_MM)), \
        (round(120 * tuning.PX_PER_MM), round(80 * tuning.PX_PER_MM))
    cv2.line(grey, a, b, shade, round(9 * tuning.PX_PER_MM))  # 9 mm thick, from (40, 40) mm
    over = _hidden(blank, g, grey)
    k = tuning.LIGHT_PX_PER_MM
    assert over[round(60 * k), round(80 * k)]  # its middle
    assert not over[round(110 * k), round(30 * k)]  # far from it


# A dark finger of the light's own colour, which the light field follows only in part: darker
# than the print in that light, over the sheet's edge. Told on the blank sheet's coarse copy,
# as printed (its tone exact) and photographed in a known light.
EXACT = np.broadcast_to(np.arange(256, dtype=np.float32)[None, :, None], (1, 256, 3)).copy()


def _on(blank, mask: np.ndarray) -> np.ndarray:
    """A mask made for the 130 mm sheet above, on the Encore! sheet (128 mm)."""
    return mask[:blank.small.shape[0]]


def _photographed(blank, light: np.ndarray) -> np.ndarray:
    return np.clip(blank.small * light, 0, 255).astype(np.uint8)


def test_something_dark_over_the_edge_is_found_with_what_lies_near_it(blank_sheet):
    blank, _ = blank_sheet
    light = _on(blank, _light())
    coarse = _photographed(blank, light)
    assert not dark_over(coarse, blank, EXACT, light).any()
    finger = _on(blank, _disc(20, 128, 10))  # over the bottom edge, of the light's colour
    coarse[finger] = (coarse[finger] * 0.3).astype(np.uint8)
    over = dark_over(coarse, blank, EXACT, light) > 0
    assert over[finger].all()
    assert over[_on(blank, _disc(20, 128 - 10 - tuning.COVER_REACH_MM + 1, 0.5))].all()
    assert not over[_on(blank, _disc(150, 40, 5))].any()


def test_a_shadow_pen_strokes_or_a_dark_patch_within_the_sheet_are_not_over_it(blank_sheet):
    """A shadow is in the light field, however deep; strokes are narrow; a finger holding the
    sheet down comes in over its edge."""
    blank, g = blank_sheet
    light = _on(blank, _light())
    light[_on(blank, _disc(20, 128, 30))] *= 0.3
    coarse = _photographed(blank, light)
    for e in g.elements[:60]:  # pen strokes: a cross through each of the first cells
        x, y, w, h = (round(v * K) for v in e.box_mm)
        cv2.line(coarse, (x, y), (x + w, y + h), (40, 40, 40), 2)
        cv2.line(coarse, (x + w, y), (x, y + h), (40, 40, 40), 2)
    coarse[_on(blank, _disc(90, 70, 10))] = 30
    assert not dark_over(coarse, blank, EXACT, light).any()
