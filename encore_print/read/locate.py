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
def detector(one_scale: bool = False) -> cv2.aruco.ArucoDetector:
    """The marker search. `one_scale` only finds roughly where markers are: it thresholds the
    image at one scale (the largest) and leaves corners unrefined."""
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minMarkerPerimeterRate = tuning.MIN_MARKER_PERIMETER_RATE
    if one_scale:
        params.adaptiveThreshWinSizeMin = params.adaptiveThreshWinSizeMax
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    return cv2.aruco.ArucoDetector(dictionary(), params)


def sight(gray: np.ndarray) -> Sighting | None:
    """The fiducials of the sheet in a grey image, or None when there are none. When markers of
    several layouts show (a photo with two sheets), the layout with most markers wins.

    Markers are searched on a copy at most DETECT_SIDE pixels long (the search is what costs),
    then their corners are refined on the full image."""
    f = min(1.0, tuning.DETECT_SIDE / max(gray.shape))
    small = gray if f == 1.0 else cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
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
    """What `detector()` finds in `gray`, cheaply in the usual case: most of its time goes to
    tracing the contours of the whole picture at three threshold scales. One scale usually finds
    the four markers; the full search then runs only around each of them (it looks no farther
    than a marker's own size), and their corners are refined on `gray` as the full search does,
    which gives the same corners. Anything else (fewer markers, another sheet's) gets the full
    search."""
    corners, ids, _ = detector(one_scale=True).detectMarkers(gray)
    if ids is None or sorted(ids.ravel() % 4) != [0, 1, 2, 3] or len(set(ids.ravel() // 4)) > 1:
        return detector().detectMarkers(gray)[:2]
    params = detector().getDetectorParameters()
    found = []
    for c, i in zip(corners, ids.ravel()):
        pts = c.reshape(4, 2)
        x0, y0 = np.floor(pts.min(axis=0)).astype(int)
        x1, y1 = np.ceil(pts.max(axis=0)).astype(int)
        m = max(x1 - x0, y1 - y0)  # a marker's size of margin: its quiet zone and beyond
        x0, y0 = max(0, x0 - m), max(0, y0 - m)
        roi = gray[y0:y1 + m + 1, x0:x1 + m + 1]
        near = cv2.aruco.DetectorParameters()
        near.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE  # refined below, on `gray`
        # the same smallest and largest marker as on the whole picture
        f = max(gray.shape) / max(roi.shape)
        near.minMarkerPerimeterRate = params.minMarkerPerimeterRate * f
        near.maxMarkerPerimeterRate = params.maxMarkerPerimeterRate * f
        got, got_ids, _ = cv2.aruco.ArucoDetector(dictionary(), near).detectMarkers(roi)
        if got_ids is None or got_ids.ravel().tolist() != [i]:
            return detector().detectMarkers(gray)[:2]
        found.append(_refine_as_aruco(gray, got[0] + np.array([x0, y0], np.float32), params))
    return tuple(found), ids


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
