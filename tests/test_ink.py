"""The print a photo is expected to show: the blank, as printed, blurred as the photo is."""

import cv2
import numpy as np

from encore_print.read.ink import colour_blur_px, expected_print

EXACT = np.repeat(np.arange(256, dtype=np.float32)[:, None], 3, axis=1)[None]


def test_a_photos_colours_are_expected_blurrier_than_its_brightness():
    # a white square in a yellow fill: a JPEG's colours, kept at half size, smear the yellow
    # over the white's edge, whose brightness stays sharp
    blank = np.full((80, 80, 3), (255, 233, 133), np.uint8)
    blank[30:50, 30:50] = 255
    within = (10, 10, 70, 70)
    crisp = expected_print(blank, EXACT, 0.0, 8.0, within)
    smeared = expected_print(blank, EXACT, 0.0, 8.0, within, colour_sigma_px=3.0)
    inside_edge = np.s_[23:37, 22]  # (the print is expected at its darkest within 1 px)
    assert (crisp[inside_edge] == 255).all()
    # the white's blue, by its edge, towards the yellow's; the fill far from it as printed
    assert (smeared[inside_edge][:, 2] < 235).all()
    assert abs(smeared[:5, :5].astype(int) - crisp[:5, :5]).max() <= 1  # (YCrCb rounds)
    luma = cv2.cvtColor(smeared, cv2.COLOR_RGB2GRAY).astype(int)
    # (its brightness kept, but where a colour channel clips at white, as a decoder's does)
    assert abs(luma - cv2.cvtColor(crisp, cv2.COLOR_RGB2GRAY).astype(int)).max() <= 8


def test_colours_blur_with_the_pixels_that_share_them():
    # 2 photo pixels share a colour; a sheet spanning 4 of them per mm, read at 8 px per mm
    assert colour_blur_px(2.0, 4.0, 8.0) == 2 * colour_blur_px(2.0, 8.0, 8.0) > 0
    assert colour_blur_px(1.0, 4.0, 8.0) == 0.0
