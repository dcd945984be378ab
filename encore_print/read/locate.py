"""Find a printed sheet in a photo: its ArUco fiducials tell which layout it is, which way up it
lies, and the homography from photo pixels to the sheet's millimetres."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
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
    # every marker found, as (code, corner, 4×2 photo pixels): more than `markers` where
    # another sheet shows too
    found: tuple[tuple[int, int, np.ndarray], ...] = ()
    searched_all: bool = True  # False: the quick search, which stops at four markers

    @property
    def corners(self) -> list[str]:
        return [CORNERS[k] for k in sorted(self.markers)]


@cache
def detector() -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.minMarkerPerimeterRate = tuning.MIN_MARKER_PERIMETER_RATE
    return cv2.aruco.ArucoDetector(dictionary(), params)


def markers_in(det: cv2.aruco.ArucoDetector, gray: np.ndarray
               ) -> tuple[tuple[np.ndarray, ...], np.ndarray | None]:
    """The markers `det` finds in `gray`: their corners and ids, ids None when there are none
    (OpenCV 5.1 gives an empty array there, earlier ones None)."""
    corners, ids, _ = det.detectMarkers(gray)
    return corners, ids if ids is not None and len(ids) else None


def sight(gray: np.ndarray, search_all: bool = False) -> Sighting | None:
    """The fiducials of the sheet in a grey image, or None when there are none. When markers of
    several layouts show (a photo with two sheets), the layout with most markers wins; which
    of them belong to one sheet is `one_sheet`'s to tell.

    Markers are searched on a copy at most DETECT_SIDE pixels long (the search is what costs),
    then their corners are refined on the full image. `search_all`: no quick search (see
    _detect)."""
    f = min(1.0, tuning.DETECT_SIDE / max(gray.shape))
    # bilinear: a sixth of area averaging's time, and the markers' corners are refined on
    # `gray` anyway
    small = gray if f == 1.0 else cv2.resize(gray, None, fx=f, fy=f,
                                             interpolation=cv2.INTER_LINEAR)
    corners, ids, quick = _detect(small, search_all)
    if ids is None and f < 1.0:  # a small sheet in a big frame: look at full size
        f, (corners, ids), quick = 1.0, markers_in(detector(), gray), False
    if ids is None:
        return None
    if f < 1.0:
        corners = [_refine(gray, c.reshape(4, 2) / f, 1 / f) for c in corners]
    found = tuple((*decode_marker(int(i)), c.reshape(4, 2).astype(np.float32))
                  for i, c in zip(ids.ravel(), corners))
    code = Counter(c for c, _, _ in found).most_common(1)[0][0]
    markers: dict[int, np.ndarray] = {}
    for c, corner, pts in found:
        if c == code:
            markers.setdefault(corner, pts)
    return Sighting(code, markers, found, not quick)


def one_sheet(s: Sighting, geometry_of: Callable[[int], SheetGeometry | None],
              frame: tuple[int, int]) -> tuple[Sighting, int]:
    """The sheet to read among the markers seen, and how many other sheets show in the photo
    (`frame`: its width and height): a photo of two sheets side by side, or one partly over
    the other, shows two sets of corner marks, and reading one of them would score a sheet
    nobody can tell. The markers of one sheet are those that lay onto its corners together (a
    homography within MARKER_FIT_MM; `geometry_of`: a layout code's geometry, None for one
    not known); another sheet counts where two or more of its markers fit together and half of
    it lies in the photo, not the edge of a neighbour's sheet at the photo's edge. Where the
    sheet read lacks a corner, a marker of that corner that fits no sheet is kept for
    `homography` to leave out, as a folded corner's."""
    if len({(c, k) for c, k, _ in s.found}) == len(s.found) == len(s.markers):
        return s, 0  # one layout's markers, one per corner: one sheet (the usual photo)
    markers, others = s.markers, 0
    for code in sorted({c for c, _, _ in s.found}):
        mine = [(k, pts) for c, k, pts in s.found if c == code]
        g = geometry_of(code)
        if g is None:  # (not a layout to read: only many markers tell a sheet)
            others += code != s.code and len({k for k, _ in mine}) >= tuning.MIN_MARKERS
            continue
        groups: list[list[int]] = []
        left = list(range(len(mine)))
        while len(left) >= 2 and (group := _fitting([mine[n] for n in left], g)):
            groups.append([left[n] for n in group])
            left = [n for k, n in enumerate(left) if k not in group]
        best = max(groups, key=len) if code == s.code and groups else None
        others += sum(1 for grp in groups if grp is not best
                      and _in_frame([mine[n] for n in grp], g, frame) >= tuning.OTHER_SHEET_SHOWN)
        if best is not None and len({k for k, _ in mine}) < len(mine):  # a corner seen twice
            markers = {mine[n][0]: mine[n][1] for n in best}
            for n in left:  # what fits no sheet: a folded corner's marker, or a stray
                markers.setdefault(*mine[n])
    return Sighting(s.code, markers, s.found, s.searched_all), others


def _in_frame(markers: list[tuple[int, np.ndarray]], g: SheetGeometry,
              frame: tuple[int, int]) -> float:
    """How much of the sheet these markers (corner, photo pixels) lay out lies in the photo."""
    photo, sheet = point_pairs(markers, g)
    to_photo, _ = cv2.findHomography(sheet, photo, 0)
    if to_photo is None:
        return 0.0
    w, h = g.sheet_mm
    outline = cv2.perspectiveTransform(np.array([[(0, 0), (w, 0), (w, h), (0, h)]],
                                                np.float32), to_photo)[0]
    area = cv2.contourArea(outline)
    if area <= 0 or not cv2.isContourConvex(outline):
        return 0.0
    fw, fh = frame
    box = np.array([(0, 0), (fw, 0), (fw, fh), (0, fh)], np.float32)
    shown, _ = cv2.intersectConvexConvex(outline, box)
    return float(shown / area)


def _fitting(markers: list[tuple[int, np.ndarray]], g: SheetGeometry) -> list[int]:
    """Among markers (corner, photo pixels), the indices of the most that lay onto distinct
    corners of one sheet together (of as many, the closest fit); none when no two do."""
    by_corner: dict[int, list[int]] = {}
    for n, (k, _) in enumerate(markers):
        by_corner.setdefault(k, []).append(n)
    best: list[int] = []
    best_err = np.inf
    for pick in itertools.product(*[[None, *ns] for ns in by_corner.values()]):
        chosen = [n for n in pick if n is not None]
        if len(chosen) < max(2, len(best)):
            continue
        photo, sheet = point_pairs([markers[n] for n in chosen], g)
        h, _ = cv2.findHomography(photo, sheet, 0)
        if h is None:
            continue
        err = float(np.abs(cv2.perspectiveTransform(photo[None], h)[0] - sheet).max())
        if err <= tuning.MARKER_FIT_MM and (len(chosen) > len(best) or err < best_err):
            best, best_err = chosen, err
    return best


def _detect(gray: np.ndarray, search_all: bool = False
            ) -> tuple[tuple[np.ndarray, ...], np.ndarray | None, bool]:
    """What `detector()` finds in `gray`, cheaply in the usual case, and whether the quick way
    found it. Its time goes to tracing the contours of the whole picture at three threshold
    scales, while it looks no farther than a marker's own size around a marker. So the markers
    are first guessed among the picture's big dark blobs, then searched for around each guess,
    then searched for again around what was found, exactly as around them in the whole
    picture, and refined on `gray` as the full search does: the same corners. Anything else
    (a guess short of the four markers of one sheet, another marker, a marker seen twice: two
    sheets) gets the full search."""
    found: dict[int, np.ndarray] = {}
    blobs = [] if search_all else _dark_blobs(gray)
    for n, (x, y, w, h) in enumerate(blobs):
        got = _detect_near(gray, x, y, x + w, y + h)
        if got is None or len(got[1]) != 1:
            continue
        i = int(got[1].ravel()[0])
        pts = got[0][0].reshape(4, 2)
        if i in found:
            if _apart(found[i].reshape(4, 2), pts):  # the same marker twice: two sheets
                break
            continue
        again = _detect_near(gray, *np.floor(pts.min(axis=0)).astype(int),
                             *np.ceil(pts.max(axis=0)).astype(int))
        if again is None or again[1].ravel().tolist() != [i]:
            break
        found[i] = again[0][0]
        if len(found) == 4:
            if _more_outside(gray, blobs[n + 1:], [found[i].reshape(4, 2) for i in found]):
                found.clear()
            break
    ids = sorted(found)
    if len(ids) != 4 or ids[0] % 4 or ids[3] - ids[0] != 3:  # the four corners of one layout
        return (*markers_in(detector(), gray), False)
    return (tuple(refine_as_aruco(gray, found[i]) for i in ids),
            np.array(ids, np.int32).reshape(-1, 1), True)


def _apart(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two markers' corners (4×2) lie more than a marker's side apart."""
    side = float(np.linalg.norm(a[1] - a[0]))
    return float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0))) > side


def _more_outside(gray: np.ndarray, blobs: list[tuple[int, int, int, int]],
                  markers: list[np.ndarray]) -> bool:
    """Whether another marker lies outside the four found (a second sheet beside the first):
    among the blobs left, those about as big as the smallest marker and outside the markers'
    quadrilateral are searched (the sheet's own print lies inside it: nothing to search on a
    photo of one sheet)."""
    centres = np.array([m.mean(axis=0) for m in markers], np.float32)
    hull = cv2.convexHull(centres)
    least = min(cv2.contourArea(m) for m in markers) * tuning.OTHER_MARKER_AREA
    for x, y, w, h in blobs:
        if w * h < least or cv2.pointPolygonTest(hull, (x + w / 2, y + h / 2), False) >= 0:
            continue
        if _detect_near(gray, x, y, x + w, y + h) is not None:
            return True
    return False


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
    corners, ids = markers_in(cv2.aruco.ArucoDetector(dictionary(), params), roi)
    if ids is None:
        return None
    return [c + np.array([x0, y0], np.float32) for c in corners], ids


def refine_as_aruco(gray: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """A marker's corners (pts, 4×2) refined by cornerSubPix as detector() runs it
    (CORNER_REFINE_SUBPIX): a window of 0.3 modules, at most cornerRefinementWinSize, module
    size from the side lengths summed in float32."""
    p = detector().getDetectorParameters()
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


def point_pairs(markers: list[tuple[int, np.ndarray]], g: SheetGeometry
                ) -> tuple[np.ndarray, np.ndarray]:
    """The corners of these markers (corner, 4×2 photo pixels) end to end, in the photo and
    on the sheet (mm), pair by pair: what a homography between the two is fitted to."""
    return (np.concatenate([pts for _, pts in markers]),
            np.concatenate([sheet_points(g, k) for k, _ in markers]))


def sheet_points(g: SheetGeometry, corner: int) -> np.ndarray:
    """The four corners of one fiducial on the sheet, in mm, in ArUco's corner order."""
    x, y, w, h = g.fiducials[corner].box_mm
    return np.array([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], np.float32)


def homography(s: Sighting, g: SheetGeometry) -> tuple[np.ndarray, list[str]]:
    """3×3 map from photo pixels to sheet millimetres from the visible marker corners, and the
    corners whose marker did not fit the others (a false detection, a fold) and was left out.
    """
    def fit(corners: list[int], method: int = 0):
        photo, sheet = point_pairs([(k, s.markers[k]) for k in corners], g)
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
