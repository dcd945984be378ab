"""Photo files → pixels. Big JPEGs are decoded at reduced size straight from the DCT, which is
faster than a full decode: the reader needs ~8 px per mm of sheet, not 20. JPEGs are decoded by
simplejpeg (libjpeg-turbo's own fast path): the same pixels as OpenCV's decoder, bit for bit, in
0.6 of its time (benchmarks/score.py prints both). A page of a scanner app's PDF is drawn by
PDFium."""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import simplejpeg
from PIL import Image, UnidentifiedImageError
from PIL.JpegImagePlugin import JpegImageFile
from pypdfium2.raw import FPDF_ERR_PASSWORD

from ..errors import UnreadablePhoto
from ..render.preview import rasterise
from ..sources import Source
from . import tuning

REDUCED = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
           8: cv2.IMREAD_REDUCED_COLOR_8}
REDUCED_GREY = {1: cv2.IMREAD_GRAYSCALE, 2: cv2.IMREAD_REDUCED_GRAYSCALE_2,
                4: cv2.IMREAD_REDUCED_GRAYSCALE_4, 8: cv2.IMREAD_REDUCED_GRAYSCALE_8}
# A phone's JPEG or HEIC keeps one colour for each 2 × 2 pixels (its brightness for every
# pixel): 2 pixels along a side share one colour sample. So are photos taken whose file does
# not say otherwise; a JPEG's header says how it keeps them, and the lossless formats
# (FULL_COLOUR) keep every pixel's.
PHONE_COLOUR_STEP = 2.0
FULL_COLOUR = (b"\x89PNG", b"BM", b"II*\x00", b"MM\x00*")  # PNG, BMP, TIFF


class Photo:
    """A photo's pixels: its grey, which finding the sheet needs, and its colours (BGR), which
    only reading the sheet does, each decoded where it is first asked for (and kept): a JPEG's
    sheet can be found in its grey on the helper while its colours decode (see
    sheet.read_decoded)."""

    def __init__(self, name: str, size: tuple[int, int], grey: Callable[[], np.ndarray | None],
                 bgr: Callable[[], np.ndarray | None],
                 finer: Callable[[], Photo] | None = None, colour_step: float = PHONE_COLOUR_STEP):
        self.name, self._grey, self._bgr = name, cache(grey), cache(bgr)
        self.size = size  # (w, h) as taken, before any decoding at reduced size
        # how many of its pixels along a side share one colour sample (see PHONE_COLOUR_STEP)
        self.colour_step = colour_step
        # the same photo decoded at twice the size, where it was decoded at reduced size
        self.finer = finer

    @property
    def grey(self) -> np.ndarray:
        return self._decoded(self._grey())

    @property
    def bgr(self) -> np.ndarray:
        return self._decoded(self._bgr())

    def _decoded(self, pixels: np.ndarray | None) -> np.ndarray:
        if pixels is None:  # (OpenCV's answer to a JPEG it cannot decode)
            raise UnreadablePhoto(f"{self.name} is not a readable JPEG")
        return pixels

    @staticmethod
    def of(bgr: np.ndarray, name: str, colour_step: float = PHONE_COLOUR_STEP) -> Photo:
        """Pixels of a photo, by default as a phone saved it (see PHONE_COLOUR_STEP)."""
        return Photo(name, bgr.shape[1::-1], lambda: cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY),
                     lambda: bgr, colour_step=colour_step)


def load_photo(path: Path, page: int | None = None) -> Photo:
    """The photo's pixels, possibly decoded at reduced size (the reader works in
    millimetres). `page`: which page (from 1) of a PDF of several, each a sheet's scan."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise UnreadablePhoto(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UnreadablePhoto(f"{path} is a folder, not a photo") from None
    except OSError as e:
        raise UnreadablePhoto(f"{path} cannot be read ({e.strerror})") from None
    return decode(data, Source(path, page).name, page)


def decode(data: bytes, name: str, page: int | None = None) -> Photo:
    if not data:
        raise UnreadablePhoto(f"{name} is empty, not a photo")
    if data[:2] == b"\xff\xd8":
        return _jpeg(data, name)
    if data[:5] == b"%PDF-":
        return Photo.of(_scan(data, name, page), name)
    img = cv2.imdecode(np.frombuffer(data, np.uint8),
                       cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
    return Photo.of(img if img is not None else _via_pillow(data, name), name,
                    1.0 if data.startswith(FULL_COLOUR) else PHONE_COLOUR_STEP)


def _jpeg(data: bytes, name: str, factor: int | None = None) -> Photo:
    """The JPEG's pixels, at 1/`factor` of its size (by default the least that DECODE_MIN_SIDE
    allows)."""
    # A cut-off JPEG decodes to a grey bottom without complaint: refuse it instead. Inside the
    # compressed data 0xFF is always escaped, so an end marker after the last scan start
    # means the picture is whole. (Looked for from the end: no scan start after the last end
    # marker, and some scan start at all.)
    end = data.rfind(b"\xff\xd9")
    if end < 0 or data.find(b"\xff\xda", end) >= 0 or data.find(b"\xff\xda") < 0:
        raise UnreadablePhoto(f"{name} is a truncated JPEG (the file ends before the picture "
                              "does); copy it from the phone again")
    try:
        # (its header read as Pillow reads it, without Image.open's guard against huge
        # pictures: a 200 MP phone's photo is only decoded at an eighth of its size)
        with JpegImageFile(io.BytesIO(data)) as im:
            w, h = im.size
            colour_step = _colour_step(im)
    except (SyntaxError, OSError):  # (what Pillow's JPEG reader raises at a broken header)
        raise UnreadablePhoto(f"{name} is not a readable JPEG") from None
    if factor is None:
        factor = 1
        while factor < 8 and max(w, h) / (factor * 2) >= tuning.DECODE_MIN_SIDE:
            factor *= 2
    # the grey is the JPEG's own luma, decoded apart (its colours unconverted: four fifths of
    # the colours' time)
    size = (-(-h // factor), -(-w // factor))  # (libjpeg's scaled sizes round up)
    # (decoded at reduced size, libjpeg scales its colours with its brightness)
    return Photo(name, (w, h), lambda: _jpeg_pixels(data, "GRAY", size, REDUCED_GREY[factor]),
                 lambda: _jpeg_pixels(data, "BGR", size, REDUCED[factor]),
                 (lambda: _jpeg(data, name, factor // 2)) if factor > 1 else None,
                 colour_step)


def _colour_step(im: JpegImageFile) -> float:
    """How many pixels along a side share one colour sample in this JPEG: its brightness's
    sampling factors over its colours' (2 × 2 in a phone's, 2 × 1 in some cameras': taken
    as the side of a square of the same area); 1 in a grey one."""
    if im.layers != 3:
        return 1.0
    (_, h0, v0, _), (_, h1, v1, _) = im.layer[:2]
    return float(np.sqrt(h0 / max(h1, 1) * v0 / max(v1, 1)))


def _jpeg_pixels(data: bytes, colours: str, size: tuple[int, int], reduced: int
                 ) -> np.ndarray | None:
    """The JPEG decoded at `size` (h, w) in `colours` (as simplejpeg names them), ignoring its
    EXIF orientation; None when it cannot be. OpenCV's decoder (`reduced`: its flag for the
    same size) takes what simplejpeg's quick path does not (some rare subsamplings)."""
    try:
        # (not strict: a phone's JPEG with a stray byte decodes, as OpenCV decodes it)
        pixels = simplejpeg.decode_jpeg(data, colours, strict=False, min_height=size[0],
                                        min_width=size[1])
    except ValueError:
        return cv2.imdecode(np.frombuffer(data, np.uint8),
                            reduced | cv2.IMREAD_IGNORE_ORIENTATION)
    return pixels[..., 0] if colours == "GRAY" else pixels


def _scan(data: bytes, name: str, page: int | None) -> np.ndarray:
    """A sheet's scan (BGR) in a scanner app's PDF: its page (the only one, unless given) drawn
    at SCAN_DPI, or smaller where the page is big. Drawn here and now, not where the colours are
    first asked for (the helper): PDFium, which draws the blank sheet too, is not
    thread-safe."""
    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as e:
        # (getattr: in case an older pypdfium2 carries no code)
        locked = getattr(e, "err_code", None) == FPDF_ERR_PASSWORD
        why = "it asks for a password" if locked else "it is damaged"
        raise UnreadablePhoto(f"{name} is a PDF that cannot be read ({why})") from None
    try:
        pages = len(doc)
        k = (page or 1) - 1
        w, h = doc[k].get_size() if 0 <= k < pages else (0.0, 0.0)  # (points)
    finally:
        doc.close()
    if not 0 <= k < pages or (page is None and pages > 1):
        # (the command line gives each page of such a PDF apart)
        raise UnreadablePhoto(f"{name} is a PDF of {pages} pages; say which page to read")
    dpi = min(tuning.SCAN_DPI, tuning.SCAN_MAX_SIDE * 72 / max(w, h, 1.0))
    return cv2.cvtColor(rasterise(data, dpi, k), cv2.COLOR_RGB2BGR)


def _via_pillow(data: bytes, name: str) -> np.ndarray:
    """Formats OpenCV lacks: HEIC (iPhones) when pillow-heif is installed, and others Pillow
    knows."""
    try:
        from pillow_heif import register_heif_opener

        register_heif_opener()
    except ImportError:
        pass
    try:
        with warnings.catch_warnings():  # (a picture of 90-180 MP is a big phone's, no attack)
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                rgb = np.asarray(im.convert("RGB"))
    except Image.DecompressionBombError:
        raise UnreadablePhoto(f"{name} is too big a picture to read (over "
                              f"{2 * Image.MAX_IMAGE_PIXELS / 1e6:.0f} megapixels); save it "
                              "as a JPEG, or at a smaller size") from None
    except (UnidentifiedImageError, OSError, ValueError):
        heic = data[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftyphevc")
        hint = " (HEIC: install pillow-heif, or export the photo as JPEG)" if heic else ""
        raise UnreadablePhoto(f"{name} is not an image this tool can read{hint}") from None
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)
