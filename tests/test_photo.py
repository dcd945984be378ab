"""Photo files → pixels: a phone-sized JPEG is decoded at half size, grey and colours apart,
to the pixels OpenCV's own decoder gives."""

import io
import warnings

import cv2
import numpy as np
import pytest
from PIL import Image

from encore_print.errors import UnreadablePhoto
from encore_print.read import photo as photo_module
from encore_print.read.photo import decode


@pytest.fixture(scope="module")
def big_jpeg() -> bytes:
    # smooth colours with some grain: a photo's kind of content, at a 12 MP phone's size (the
    # colours drawn at an eighth of it and spread: drawn whole, they took 2 s)
    h, w = 4000, 3000
    y, x = np.mgrid[0:h // 8, 0:w // 8].astype(np.float32) * 8
    bgr = np.dstack([128 + 100 * np.sin(x / 170), 128 + 100 * np.cos(y / 230),
                     128 + 60 * np.sin((x + y) / 90)]).astype(np.uint8)
    pixels = cv2.resize(bgr, (w, h), interpolation=cv2.INTER_LINEAR)
    pixels = cv2.add(pixels, np.random.default_rng(3).integers(0, 12, pixels.shape, np.uint8))
    return cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()


def _opencv(data: bytes, flag: int) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(data, np.uint8), flag | cv2.IMREAD_IGNORE_ORIENTATION)


def test_a_phone_sized_jpeg_is_decoded_at_half_size_as_opencv_decodes_it(big_jpeg):
    photo = decode(big_jpeg, "big.jpg")
    assert photo.bgr.shape == (2000, 1500, 3) and photo.grey.shape == (2000, 1500)
    assert np.array_equal(photo.bgr, _opencv(big_jpeg, cv2.IMREAD_REDUCED_COLOR_2))
    assert np.array_equal(photo.grey, _opencv(big_jpeg, cv2.IMREAD_REDUCED_GRAYSCALE_2))


def test_a_jpeg_simplejpeg_cannot_take_is_decoded_by_opencv(big_jpeg, monkeypatch):
    asked = []

    def refuse(data, colours, **kwargs):
        asked.append(colours)
        raise ValueError("tjDecompressHeader3(): Could not determine subsampling level")

    monkeypatch.setattr(photo_module.simplejpeg, "decode_jpeg", refuse)
    photo = decode(big_jpeg, "odd.jpg")
    assert np.array_equal(photo.bgr, _opencv(big_jpeg, cv2.IMREAD_REDUCED_COLOR_2))
    assert np.array_equal(photo.grey, _opencv(big_jpeg, cv2.IMREAD_REDUCED_GRAYSCALE_2))
    assert sorted(asked) == ["BGR", "GRAY"]


def test_a_huge_phone_jpeg_is_read_past_pillows_guard_against_huge_pictures(big_jpeg, monkeypatch):
    # Pillow refuses pictures over twice MAX_IMAGE_PIXELS (179 MP; some phones take 200 MP) and
    # warns over it: a JPEG's size is read without that guard, as it is decoded at an eighth
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 1_000_000)  # (12 MP stands for 200 here)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        photo = decode(big_jpeg, "big.jpg")
        assert photo.grey.shape == (2000, 1500)


@pytest.mark.parametrize("limit, told", [(6_000, None), (1_000, "is too big a picture")])
def test_a_huge_picture_of_a_format_opencv_lacks(monkeypatch, limit, told):
    # a TGA: Pillow decodes it, OpenCV does not; 10 000 pixels stand for a phone's 100-200 MP
    tga = io.BytesIO()
    Image.fromarray(np.full((100, 100, 3), (30, 90, 200), np.uint8)).save(tga, "TGA")
    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", limit)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        if told is None:  # past the limit, not twice past it: Pillow's warning is not passed on
            assert decode(tga.getvalue(), "big.tga").bgr[0, 0].tolist() == [200, 90, 30]
        else:
            with pytest.raises(UnreadablePhoto, match=told):
                decode(tga.getvalue(), "big.tga")


@pytest.mark.parametrize("sampling,step", [(cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420, 2.0),
                                           (cv2.IMWRITE_JPEG_SAMPLING_FACTOR_422, 2 ** 0.5),
                                           (cv2.IMWRITE_JPEG_SAMPLING_FACTOR_444, 1.0)])
def test_a_jpeg_tells_how_many_pixels_share_one_colour(sampling, step):
    pixels = np.random.default_rng(1).integers(0, 256, (64, 96, 3), np.uint8)
    data = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_SAMPLING_FACTOR, sampling])[1]
    assert decode(data.tobytes(), "p.jpg").colour_step == pytest.approx(step)


def test_a_grey_jpeg_and_a_png_share_no_colours_and_bare_pixels_are_taken_as_a_phones():
    pixels = np.random.default_rng(1).integers(0, 256, (64, 96, 3), np.uint8)
    grey = cv2.imencode(".jpg", pixels[..., 0])[1].tobytes()
    png = cv2.imencode(".png", pixels)[1].tobytes()
    assert decode(grey, "g.jpg").colour_step == 1.0
    assert decode(png, "p.png").colour_step == 1.0
    assert photo_module.Photo.of(pixels, "p").colour_step == photo_module.PHONE_COLOUR_STEP
