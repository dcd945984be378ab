"""A corner mark the marker search missed is looked for by its own pattern where the marks
found put it (read/missed.py): found where it shows, never where something else does."""

import cv2
import numpy as np
import pytest
from test_read import DPI, finished, misread, uncertain

from encore_print.geometry import CORNERS, marker_id
from encore_print.read import tuning
from encore_print.read.locate import Sighting, homography, sight
from encore_print.read.missed import _best_offset, _pattern, _to_px, find_missed
from encore_print.read.rectify import photo_px_per_mm
from encore_print.read.sheet import read_image
from encore_print.render.fiducials import modules
from encore_print.simulate import take_photo


def photographed(encore_geometry, seed=2, change_mark=None):
    """A grey ordinary photo of a finished sheet, with corner mark `change_mark` (corner,
    how) drawn otherwise on the sheet first; the same photo for the same seed."""
    _, _, sheet, _ = finished(seed=seed)
    if change_mark:
        k, how = change_mark
        x, y, w, h = (round(v * DPI / 25.4) for v in encore_geometry.fiducials[k].box_mm)
        mark = sheet[y:y + h, x:x + w]
        sheet = sheet.copy()
        sheet[y:y + h, x:x + w] = how(mark)
    shot = take_photo(sheet, np.random.default_rng(seed), "ordinary", out_megapixels=2)
    return cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY)


def another_layout_s(mark):
    """The same corner's mark of another layout, in place of `mark` (RGB)."""
    white = np.where(modules(marker_id(3, 2)), 0, 255).astype(np.uint8)
    return cv2.cvtColor(cv2.resize(white, mark.shape[1::-1], interpolation=cv2.INTER_NEAREST),
                        cv2.COLOR_GRAY2RGB)


def without(seen: Sighting, *corners: int) -> Sighting:
    return Sighting(seen.code, {k: v for k, v in seen.markers.items() if k not in corners})


@pytest.mark.parametrize("left_out", [(0,), (1,), (2,), (3,), (0, 2), (1, 2)])
def test_a_mark_the_search_missed_is_found_where_it_is(encore_geometry, left_out):
    grey = photographed(encore_geometry)
    seen = sight(grey)
    assert sorted(seen.markers) == [0, 1, 2, 3]
    px_per_mm = photo_px_per_mm(homography(seen, encore_geometry)[0], encore_geometry.sheet_mm)
    found = find_missed(grey, without(seen, *left_out), encore_geometry)
    assert sorted(found.markers) == [0, 1, 2, 3]
    for k in left_out:
        off_mm = np.abs(found.markers[k] - seen.markers[k]).max() / px_per_mm
        assert off_mm < 0.3, CORNERS[k]


@pytest.mark.parametrize("how", [
    lambda mark: np.full_like(mark, 255),  # blank paper: the mark cut out
    lambda mark: np.full_like(mark, (205, 150, 120)),  # a thumb's colour over it
    lambda mark: np.zeros_like(mark),  # a plain black square
    lambda mark: np.rot90(mark).copy(),  # the mark turned a quarter
    lambda mark: np.rot90(mark, 2).copy(),  # or a half
    another_layout_s,
], ids=["paper", "thumb", "black square", "turned a quarter", "turned a half", "another"])
@pytest.mark.parametrize("one_limit", ["match", "bits"])
def test_only_the_mark_itself_is_taken_for_it(encore_geometry, how, one_limit, monkeypatch):
    # each limit alone keeps these out: the pattern matches them by 0.68-0.75 (against 0.89 or
    # more, the mark itself), its bits by 0.13 or less more than turned (0.53 or more)
    monkeypatch.setattr(tuning, "MISSED_TURNED" if one_limit == "match" else "MISSED_MATCH",
                        -1.0)
    seen = sight(photographed(encore_geometry))  # where the others are, from the true photo
    grey = photographed(encore_geometry, change_mark=(2, how))
    found = find_missed(grey, without(seen, 2), encore_geometry)
    assert 2 not in found.markers


def test_a_blurred_mark_is_still_itself(encore_geometry):
    seen = sight(photographed(encore_geometry))
    grey = photographed(encore_geometry,
                        change_mark=(2, lambda mark: cv2.GaussianBlur(mark, (0, 0), 6)))
    assert 2 in find_missed(grey, without(seen, 2), encore_geometry).markers


def test_one_mark_found_lays_out_nothing(encore_geometry):
    grey = photographed(encore_geometry)
    seen = without(sight(grey), 1, 2, 3)
    assert find_missed(grey, seen, encore_geometry) is seen


def test_a_steep_photo_s_squashed_far_mark_is_read_not_taken_for_a_thumb():
    # hard seed 14: the marker search misses the bottom-right mark, which shows (no thumb);
    # taken as hidden, 12 boxes near it were left to the players
    _, truth, sheet, rng = finished(seed=14)
    photo = take_photo(sheet, rng, "hard", out_megapixels=2).image
    grey = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    assert sorted(sight(grey, search_all=True).markers) == [0, 1, 3]
    reading = read_image(photo, "steep")
    assert not any("hidden" in n for n in reading.notes)
    assert not misread(reading, truth) and not uncertain(reading)


def test_marks_that_lay_out_no_sheet_add_nothing(encore_geometry):
    # (what the search gives is a sheet's marks; this is what findHomography finds no plane
    # in: each mark's corners in one point, or on one line)
    dot = np.full((4, 2), 15, np.float32)
    line = np.array([(10, 10), (20, 10), (30, 10), (40, 10)], np.float32)
    blank = np.full((300, 400), 255, np.uint8)
    for first, second in ((dot, dot + 50), (line, line + (50, 0))):
        seen = Sighting(1, {0: first, 1: second})
        assert find_missed(blank, seen, encore_geometry) is seen


def test_a_mark_laid_out_just_off_the_photo_is_not_matched_elsewhere(encore_geometry):
    # the sheet laid out as it lies, then moved up until the top-left mark lies just above the
    # photo: its search window ends above the photo's first row. Counted from the photo's far
    # side, that end took in nearly all of it, and the mark where it truly lies.
    grey = photographed(encore_geometry)
    seen = sight(grey)
    to_px = _to_px(seen.markers, encore_geometry)
    side = float(np.ptp(seen.markers[0][:, 1]))
    up = np.array([[1, 0, 0], [0, 1, -(seen.markers[0][:, 1].max() + 2.5 * side)], [0, 0, 1]])
    pattern = _pattern(marker_id(seen.code, 0))
    assert _best_offset(grey, pattern, 0, to_px, encore_geometry, reach=None) is not None
    assert _best_offset(grey, pattern, 0, up @ to_px, encore_geometry, reach=None) is None
