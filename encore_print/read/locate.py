"""Find a printed sheet in a photo: its ArUco fiducials tell which layout it is, which way up it
lies, and the homography from photo pixels to the sheet's millimetres."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from ..geometry import CORNERS, SheetGeometry, decode_marker
from ..render.fiducials import dictionary
from . import tuning


@dataclass(frozen=True)
class Sighting:
    code: int  # the layout code the fiducials carry
    markers: dict[int, np.ndarray]  # corner index → 4×2 photo pixels, marker's own TL,TR,BR,BL

    @property
    def corners(self) -> list[str]:
        return [CORNERS[k] for k in sorted(self.markers)]


@cache
def detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minMarkerPerimeterRate = tuning.MIN_MARKER_PERIMETER_RATE
    return cv2.aruco.ArucoDetector(dictionary(), params)


def sight(gray: np.ndarray) -> Sighting | None:
    """The fiducials of the sheet in a grey image, or None when there are none. When markers of
    several layouts show (a photo with two sheets), the layout with most markers wins.

    Markers are searched on a copy at most DETECT_SIDE pixels long (the search is what costs),
    then their corners are refined on the full image."""
    f = min(1.0, tuning.DETECT_SIDE / max(gray.shape))
    # bilinear: a sixth of area averaging's time, and the markers' corners are refined on
    # `gray` anyway
    small = gray if f == 1.0 else cv2.resize(gray, None, fx=f, fy=f,
                                             interpolation=cv2.INTER_LINEAR)
    corners, ids = _detect(small)
    if ids is None and f < 1.0:  # a small sheet in a big frame: look at full size
        f, corners, ids = 1.0, *detector().detectMarkers(gray)[:2]
    if ids is None:
        return None
    if f < 1.0:
        corners = [_refine(gray, c.reshape(4, 2) / f, 1 / f) for c in corners]
    found = [(decode_marker(int(i)), c.reshape(4, 2)) for i, c in zip(ids.ravel(), corners)]
    code = Counter(code for (code, _), _ in found).most_common(1)[0][0]
    markers: dict[int, np.ndarray] = {}
    for (c, corner), pts in found:
        if c == code:
            markers.setdefault(corner, pts.astype(np.float32))
    return Sighting(code, markers)


def _detect(gray: np.ndarray) -> tuple[tuple[np.ndarray, ...], np.ndarray | None]:
    """What `detector()` finds in `gray`, cheaply in the usual case. Its time goes to tracing
    the contours of the whole picture at three threshold scales, while it looks no farther
    than a marker's own size around a marker. So the markers are first guessed among the
    picture's big dark blobs, then searched for around each guess, then searched for again
    around what was found, exactly as around them in the whole picture, and refined on `gray`
    as the full search does: the same corners. Anything else (a guess short of the four
    markers of one sheet, another marker) gets the full search."""
    found: dict[int, np.ndarray] = {}
    for x, y, w, h in _dark_blobs(gray):
        got = _detect_near(gray, x, y, x + w, y + h)
        if got is None or len(got[1]) != 1:
            continue
        i = int(got[1].ravel()[0])
        if i not in found:
            pts = got[0][0].reshape(4, 2)
            again = _detect_near(gray, *np.floor(pts.min(axis=0)).astype(int),
                                 *np.ceil(pts.max(axis=0)).astype(int))
            if again is None or again[1].ravel().tolist() != [i]:
                break
            found[i] = again[0][0]
        if len(found) == 4:
            break
    ids = sorted(found)
    if len(ids) != 4 or ids[0] % 4 or ids[3] - ids[0] != 3:  # the four corners of one layout
        return detector().detectMarkers(gray)[:2]
    params = detector().getDetectorParameters()
    return (tuple(_refine_as_aruco(gray, found[i], params) for i in ids),
            np.array(ids, np.int32).reshape(-1, 1))


def _dark_blobs(gray: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Where markers may be: dark, filled, squarish blobs on a quarter-size copy, biggest first,
    as x, y, w, h on `gray`."""
    if min(gray.shape) < 4 * tuning.GUESS_BLOCK:
        return []  # too small a picture to guess in
    tiny = cv2.resize(gray, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    dark = cv2.adaptiveThreshold(tiny, 1, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                 tuning.GUESS_BLOCK, tuning.GUESS_DARKER)
    stats = cv2.connectedComponentsWithStats(dark, connectivity=8)[2][1:]
    w, h, area = stats[:, 2:].T
    ok = (np.minimum(w, h) >= 3) & (np.maximum(w, h) <= 2.5 * np.minimum(w, h)) \
        & (np.maximum(w, h) <= max(tiny.shape) * tuning.GUESS_LARGEST) \
        & (area >= tuning.GUESS_FILL * w * h)
    best = stats[ok][np.argsort(-area[ok], kind="stable")][:tuning.GUESSES]
    return [(4 * x, 4 * y, 4 * w, 4 * h) for x, y, w, h, _ in best]


def _detect_near(gray: np.ndarray, x0: int, y0: int, x1: int, y1: int):
    """detector()'s search, unrefined, on the box x0..x1, y0..y1 of `gray` grown by its size on
    every side, for a marker about as big as the box; corners in `gray`'s pixels. None when
    nothing is found."""
    least = tuning.GUESS_LEAST_PERIMETER * (x1 - x0 + y1 - y0)
    m = max(x1 - x0, y1 - y0)
    x0, y0 = max(0, x0 - m), max(0, y0 - m)
    roi = gray[y0:y1 + m + 1, x0:x1 + m + 1]
    params = detector().getDetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    # the same largest marker as on the whole picture; the smallest as there, or near the box's
    # size: the search's time goes to the many small shapes (print, text) around a marker
    f = max(gray.shape) / max(roi.shape)
    params.minMarkerPerimeterRate = max(params.minMarkerPerimeterRate * f,
                                        least / max(roi.shape))
    params.maxMarkerPerimeterRate *= f
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary(), params).detectMarkers(roi)
    if ids is None:
        return None
    return [c + np.array([x0, y0], np.float32) for c in corners], ids


def _refine_as_aruco(gray: np.ndarray, pts: np.ndarray, p) -> np.ndarray:
    """cornerSubPix as ArucoDetector runs it (CORNER_REFINE_SUBPIX): a window of 0.3 modules,
    at most cornerRefinementWinSize, module size from the side lengths summed in float32."""
    pts = pts.reshape(-1, 1, 2).astype(np.float32)
    sides = np.float32(0)
    for a, b in zip(pts[:, 0], np.roll(pts[:, 0], -1, axis=0)):
        d = a - b
        sides = np.float32(sides + np.sqrt(np.float32(d @ d)))
    modules = dictionary().markerSize + 2 * p.markerBorderBits
    module = np.float32(sides / np.float32(4 * modules))
    win = min(p.cornerRefinementWinSize,
              max(1, int(np.rint(np.float32(p.relativeCornerRefinmentWinSize) * module))))
    crit = (cv2.TERM_CRITERIA_MAX_ITER | cv2.TERM_CRITERIA_EPS, p.cornerRefinementMaxIterations,
            p.cornerRefinementMinAccuracy)
    return cv2.cornerSubPix(gray, pts, (win, win), (-1, -1), crit).reshape(1, 4, 2)


def _refine(gray: np.ndarray, pts: np.ndarray, scale: float) -> np.ndarray:
    window = max(2, round(scale * 1.5))
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
    return cv2.cornerSubPix(gray, pts.astype(np.float32).reshape(-1, 1, 2), (window, window),
                            (-1, -1), crit).reshape(4, 2)


def sheet_points(g: SheetGeometry, corner: int) -> np.ndarray:
    """The four corners of one fiducial on the sheet, in mm, in ArUco's corner order."""
    x, y, w, h = g.fiducials[corner].box_mm
    return np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], np.float32)


def homography(s: Sighting, g: SheetGeometry) -> tuple[np.ndarray, list[str]]:
    """3×3 map from photo pixels to sheet millimetres from the visible marker corners, and the
    corners whose marker did not fit the others (a false detection, a fold) and was left out.
    """
    def fit(corners: list[int], method: int = 0):
        photo = np.concatenate([s.markers[k] for k in corners])
        sheet = np.concatenate([sheet_points(g, k) for k in corners])
        return cv2.findHomography(photo, sheet, method, tuning.MARKER_FIT_MM)

    corners = sorted(s.markers)
    h, inliers = fit(corners, cv2.RANSAC if len(corners) >= 3 else 0)
    if h is None or inliers is None:
        return fit(corners)[0], []
    fits = inliers.reshape(len(corners), 4).all(axis=1)
    good = [k for k, ok in zip(corners, fits) if ok]
    if len(good) < len(corners) and len(good) >= 2:
        return fit(good)[0], [CORNERS[k] for k in corners if k not in good]
    return fit(corners)[0], []
