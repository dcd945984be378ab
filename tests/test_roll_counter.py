"""The solo roll counter: 30 small boxes under the colour bonuses (roll:1 … roll:30), placed
clear of everything else, printed as light squares, read from photos like any box, counted by
`score --solo`."""

from __future__ import annotations

import dataclasses
import json

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from reportlab.pdfbase import pdfmetrics

from encore_print.cli import main
from encore_print.geometry import MARGIN, QUIET, geometry
from encore_print.layout import builtin_ids, load_layout
from encore_print.read.sheet import read_image
from encore_print.render import fonts
from encore_print.render.preview import render_sheet_image
from encore_print.render.sheet import PT
from encore_print.simulate import draw_marks, random_finished_sheet, random_pen, take_photo

ROLLS = [f"roll:{n}" for n in range(1, 31)]
DPI = 200


def overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return min(ax + aw, bx + bw) > max(ax, bx) and min(ay + ah, by + bh) > max(ay, by)


def text_box(t):
    """Where a printed text sits, in mm: its advance width, from ascender to descender."""
    fonts.register()
    w = pdfmetrics.stringWidth(t.text, fonts.BOLD if t.bold else fonts.REGULAR, t.size) / PT
    x = {"left": t.x, "centre": t.x - w / 2, "right": t.x - w}[t.align]
    return (x, t.y - 0.8 * t.size / PT, w, t.size / PT)


def test_thirty_roll_boxes_on_the_standard_sheet(encore, encore_geometry):
    row = encore.box_row("roll")
    assert (row.count, row.place, row.per_line, row.points_unused) == (30, "panel", 6, 0)
    boxes = [e for e in encore_geometry.elements if e.kind == "roll"]
    assert [e.id for e in boxes] == ROLLS
    assert all(3.4 <= e.box_mm[2] == e.box_mm[3] <= 4.5 for e in boxes)
    # five lines of six, left to right then down, as the player counts
    assert len({e.box_mm[1] for e in boxes}) == 5 and len({e.box_mm[0] for e in boxes}) == 6
    assert boxes[0].box_mm[0] < boxes[1].box_mm[0] and boxes[0].box_mm[1] < boxes[6].box_mm[1]


@pytest.mark.parametrize("lid", builtin_ids())
def test_roll_boxes_are_clear_of_everything(lid):
    g = geometry(load_layout(lid))
    w, h = g.sheet_mm
    rolls = [e for e in g.elements if e.kind == "roll"]
    others = [e.box_mm for e in g.elements if e.kind != "roll"]
    quiet = [(x - QUIET, y - QUIET, fw + 2 * QUIET, fh + 2 * QUIET)
             for x, y, fw, fh in (f.box_mm for f in g.fiducials)]
    caption = [t for t in g.texts if t.text == g.layout.labels["rolls"]]
    assert len(rolls) == 30 and len(caption) == 1 and caption[0].role == "hint"
    other_texts = [text_box(t) for t in g.texts if t is not caption[0]]
    for e in rolls:
        x, y, bw, bh = e.box_mm
        assert MARGIN <= x and x + bw <= w - MARGIN and MARGIN <= y and y + bh <= h - MARGIN
        for box in others + quiet + list(g.frames.values()) + other_texts:
            assert not overlap(e.box_mm, box), (e.id, box)
    cap = text_box(caption[0])
    assert cap[1] + cap[3] <= min(e.box_mm[1] for e in rolls)  # above the boxes
    for box in others + quiet + list(g.frames.values()) + other_texts:
        assert not overlap(cap, box), box


def test_the_roll_counter_moves_nothing_else(encore, encore_geometry):
    without = geometry(dataclasses.replace(encore, boxes=encore.boxes[:1]))
    assert without.elements == tuple(e for e in encore_geometry.elements if e.kind != "roll")
    assert without.frames == encore_geometry.frames and without.fiducials == \
        encore_geometry.fiducials
    assert without.texts == tuple(t for t in encore_geometry.texts
                                  if t.text != encore.labels["rolls"])


@pytest.mark.parametrize("mono", [False, True])
def test_preview_shows_thirty_light_squares(encore, encore_geometry, mono):
    img = render_sheet_image(encore, DPI, mono).astype(int)
    k = DPI / 25.4
    for e in encore_geometry.elements:
        if e.kind != "roll":
            continue
        x, y, w, h = (v * k for v in e.box_mm)
        inside = img[round(y + 0.2 * h):round(y + 0.8 * h), round(x + 0.2 * w):round(x + 0.8 * w)]
        assert inside.min() > 245, e.id  # white inside, no label
        for edge in (img[round(y + h / 2), round(x) - 1:round(x) + 2],  # left side of the frame
                     img[round(y) - 1:round(y) + 2, round(x + w / 2)]):  # top side
            assert 90 < edge.min() < 200, e.id  # a thin grey outline, lighter than the text
        outside = img[round(y + h / 2), round(x - 0.3 * k)]
        assert outside.min() > 245, e.id  # nothing printed in the gap


def test_a_table_game_leaves_the_roll_boxes_empty(encore):
    for seed in range(5):
        states = random_finished_sheet(encore, np.random.default_rng(seed))
        assert all(states[r] == "empty" for r in ROLLS)


def solo_photo(seed: int, pen_kind: str, rolls: int) -> tuple[np.ndarray, dict[str, str]]:
    layout = load_layout("encore")
    rng = np.random.default_rng(seed)
    truth = random_finished_sheet(layout, rng)
    truth.update({f"roll:{n}": "crossed" for n in range(1, rolls + 1)})
    sheet = draw_marks(np.array(render_sheet_image(layout, DPI)), geometry(layout), DPI, truth,
                       rng, pen=random_pen(rng, kind=pen_kind))
    return take_photo(sheet, rng, "ordinary", out_megapixels=4).image, truth


@pytest.mark.parametrize("seed,pen_kind", [(0, "felt"), (1, "ballpoint"), (2, "felt"),
                                           (3, "ballpoint")])
def test_roll_boxes_are_read_from_a_photo(seed, pen_kind):
    photo, truth = solo_photo(seed, pen_kind, 18)
    reading = read_image(photo, "solo")
    got = {v.id: v for v in reading.verdicts if v.id.startswith("roll:")}
    assert {i: v.state for i, v in got.items()} == {r: truth[r] for r in ROLLS}
    assert not any(v.uncertain for v in got.values())


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_score_solo_counts_the_rolls_of_a_photo(tmp_path):
    photo, _ = solo_photo(4, "felt", 18)
    path = tmp_path / "solo.jpg"
    cv2.imwrite(str(path), photo)
    r = run("score", path, "--solo", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["solo"]["rolls"] == 18 and data["solo"]["max_rolls"] == 30
    assert data["solo"]["warnings"] == []
    assert [i for i in ROLLS if data["marks"][i] == "crossed"] == ROLLS[:18]
    assert "rolls    18 of 30 crossed" in run("score", path, "--solo").stdout
    # what was read, as a marks file: 18 rolls, and the same solo result from it
    saved = tmp_path / "solo.yaml"
    assert run("score", path, "--save-marks", saved).exit_code == 0
    assert "\nrolls: 18 " in saved.read_text()
    again = json.loads(run("score", "--marks", saved, "--solo", "--json").stdout)
    assert again["solo"] == data["solo"] and again["total"] == data["total"]


def test_score_solo_warns_of_a_31st_roll_from_a_marks_file(tmp_path):
    f = tmp_path / "long.yaml"
    f.write_text("crossed: H1-H3\nrolls: 31\n")
    data = json.loads(run("score", "--marks", f, "--solo", "--json").stdout)
    assert data["solo"]["rolls"] == 31
    assert data["solo"]["warnings"] == ["31 roll boxes are crossed but a solo game lasts 30 rolls"]
    assert data["warnings"] == []
    plain = json.loads(run("score", "--marks", f, "--json").stdout)  # a table game: no word
    assert plain["warnings"] == [] and plain["total"] == data["total"]


def counter_doubts(states):
    from encore_print.read.judge import Verdict, _doubt_counter_gaps

    verdicts = [Verdict(f"roll:{n}", s, c, {}) for n, (s, c) in enumerate(states, 1)]
    verdicts.append(Verdict("cell:A1", "empty", 1.0, {}))
    return {v.id for v in _doubt_counter_gaps(verdicts) if v.uncertain}


X, O = ("crossed", 1.0), ("empty", 1.0)


@pytest.mark.parametrize("states, doubted", [
    ([X, X, X, O, O], set()),                          # rolls 1-3: as the game crosses them
    ([X] * 5, set()),                                  # every roll box
    ([O] * 5, set()),                                  # a table game
    ([X, O, X, O, O], {"roll:2", "roll:3"}),           # a roll skipped, or a cross not seen
    ([O, O, X, X, O], {"roll:1", "roll:2", "roll:3", "roll:4"}),  # a shade read as crosses
    ([X, O, ("crossed", 0.1), O, O], {"roll:3"}),      # only a sure cross after a gap counts
])
def test_a_roll_counter_not_crossed_from_its_first_box_on_is_a_doubt(states, doubted):
    """Rolls are crossed in order from the first box: from the first box read empty to the
    last one read crossed for sure, every box is a doubt."""
    assert counter_doubts(states) == doubted


def settled(states):
    """The roll boxes read for sure after the counter's order is worked out, and their
    states (see judge.what_follows)."""
    from encore_print.read.judge import Verdict, what_follows

    verdicts = [Verdict(f"roll:{n}", s, c, {k: 1.0 for k in why})
                for n, (s, c, *why) in enumerate(states, 1)]
    return [v.state if not v.uncertain else "?" for v in what_follows(verdicts)]


HIDDEN, UNDER = "print_unseen", "covered"  # the doubts of a thumb over the print, a finger


@pytest.mark.parametrize("states, read", [
    # a table game's counter, its last boxes under a thumb (read right or as its shade)
    ([O, O, ("empty", 0.17, HIDDEN), ("crossed", 0.17, HIDDEN)], ["empty"] * 4),
    ([X, O, ("crossed", 0.17, UNDER)], ["crossed", "empty", "empty"]),  # or a finger
    # a solo game's rolls reach under the thumb: nothing seen tells
    ([X, X, ("crossed", 0.17, HIDDEN), ("empty", 0.17, HIDDEN)], ["crossed", "crossed", "?", "?"]),
    # a line a little out of the usual in an empty box after an empty one: the two agree
    ([O, ("empty", 0.2), ("empty", 0.1)], ["empty"] * 3),
    # but a faint cross seen after an empty box is another doubt (a roll skipped?)
    ([O, ("crossed", 0.1)], ["empty", "?"]),
    # a box before the one seen empty is a doubt: that one may be a faint cross not seen
    ([X, ("empty", 0.17), O, ("crossed", 0.17, HIDDEN)], ["crossed", "?", "empty", "?"]),
    ([("empty", 0.17, HIDDEN), O, ("empty", 0.17, HIDDEN)], ["?", "empty", "?"]),
])
def test_roll_boxes_hidden_after_one_seen_empty_are_empty(states, read):
    assert settled(states) == read
