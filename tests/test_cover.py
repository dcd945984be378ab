"""Telling a finger over the sheet from light and shadow, on light fields made by hand."""

import cv2
import numpy as np

from encore_print.read import tuning
from encore_print.read.cover import covered

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
