"""How the reader tells a stroke through a value from other pen near it, on pen laid out in
the value's own frame (half-sizes from its centre), so each case is exactly the one named."""

import cv2
import numpy as np
import pytest

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.read import tuning
from encore_print.read.judge import (
    USUAL_LINES,
    Patch,
    Verdict,
    _across,
    _box_in_patch,
    _doubt_both_circled,
    _doubt_circles_like_neighbours,
    _doubt_circles_the_row_shows,
    _doubt_lower_struck,
    _doubt_one_sided_strokes,
    _doubt_struck_round,
    _doubt_unstruck,
    _grade,
    _judge_values_own_pen,
    _line_scores,
    _ring_scores,
    _value_noise,
    _value_verdict,
    _weigh_lines,
)
from encore_print.read.wide_circle import _wide_shares, doubt_wide_circles

STEP = 0.03
U, V = (a.ravel() for a in np.meshgrid(np.arange(-1.45, 1.45, STEP),
                                       np.arange(-1.45, 1.45, STEP)))


def pen(where):
    m = where(U, V)
    return U[m], V[m]


def band(u, v, u0, u1):  # a horizontal stroke 0.1 half-sizes thick from u0 to u1
    return (np.abs(v) < 0.05) & (u >= u0) & (u <= u1)


def digit(u, v):  # the printed number in the middle
    return (np.abs(u) < 0.3) & (np.abs(v) < 0.5)


def test_a_stroke_through_the_value_is_across():
    assert _across(*pen(lambda u, v: band(u, v, -0.9, 0.9))) == (pytest.approx(1.0), 0.0)


def test_two_neighbours_circles_brushing_in_on_both_sides_are_not_a_stroke():
    brushes = pen(lambda u, v: (np.abs(u) > 1.15) & (np.abs(u) < 1.3) & (np.abs(v) < 0.3))
    assert _across(*brushes)[0] < tuning.ACROSS_NOT


@pytest.mark.parametrize("print_seen", [True, False])
def test_a_stroke_hidden_by_the_digit_on_one_side(print_seen):
    """Seen from the left edge into the digit: a stroke through, when the dark digit goes on
    past the centre (the stroke may go on under it); without the digit, it ends at -0.3."""
    stroke = pen(lambda u, v: band(u, v, -0.9, -0.3) & ~digit(u, v))
    hidden = pen(digit) if print_seen else (np.array([]), np.array([]))
    across, short = _across(*stroke, *hidden)
    assert across > tuning.ACROSS_STRUCK if print_seen else across < tuning.ACROSS_NOT
    assert short == 0.0  # (it starts within the value's surroundings)


def test_a_stroke_from_afar_that_the_digit_hides_says_how_short_of_the_middle_it_stops():
    """Seen from beyond the value's box to the digit's edge only: a strike the digit hides
    beyond, or a neighbour's stroke ending there; how far short of the middle it stops says
    which it may be."""
    stroke = pen(lambda u, v: band(u, v, -1.4, -0.3) & ~digit(u, v))
    across, short = _across(*stroke, *pen(digit))
    assert across > tuning.ACROSS_STRUCK and short == pytest.approx(0.3, abs=STEP)


PX = 8.0


def value_patch(draw, eid: str = "column:G:first", print_seen: bool = False) -> Patch:
    """A value's patch with the pen `draw(ink, cx, cy, w, h)` puts on it (pixels); with
    `print_seen`, its dark digit (where pen cannot show) in the middle."""
    e = next(e for e in geometry(load_layout("encore")).elements if e.id == eid)
    x, y, w, h = e.box_mm
    m = max(w, h) * (tuning.RING_OUTER - 1) / 2 + 0.5
    x0, y0 = round((x - m) * PX), round((y - m) * PX)
    ink = np.zeros((round((y + h + m) * PX) - y0, round((x + w + m) * PX) - x0), np.float32)
    cx, cy = (x + w / 2) * PX - x0, (y + h / 2) * PX - y0
    draw(ink, cx, cy, w * PX, h * PX)
    yy, xx = np.mgrid[0:ink.shape[0], 0:ink.shape[1]]
    seen = ~digit((xx - cx) / (w * PX / 2), (yy - cy) / (h * PX / 2)) if print_seen else \
        np.ones(ink.shape, bool)
    ink[~seen] = 0  # as the reader gives it
    return Patch(e, ink, (x0, y0), seen)


def test_a_value_with_pen_of_both_shapes_is_as_sure_as_one_beats_the_other():
    """Most of a circle and a stroke through it: read as the stronger shape, no surer than
    that shape's lead over the other (a stroke and a neighbour's circle read struck at 0.42,
    wrongly, when only the other shape's own strength limited it)."""
    def draw(ink, cx, cy, w, h):
        cv2.ellipse(ink, (round(cx), round(cy)), (round(w * 0.62), round(h * 0.62)), 0, 0,
                    190, 0.5, 3)
        cv2.line(ink, (round(cx - w * 0.5), round(cy + h * 0.3)),
                 (round(cx + w * 0.5), round(cy - h * 0.3)), 0.5, 3)

    v = _value_verdict(value_patch(draw), 0.1, 0.5, PX)
    circled = _grade(v.features["around"], tuning.AROUND_CIRCLED, tuning.AROUND_NOT)
    struck = _grade(v.features["across"], tuning.ACROSS_STRUCK, tuning.ACROSS_NOT)
    assert circled > 0 and struck > 0  # the case: pen of both shapes
    assert v.state == "circled" and v.confidence <= circled - struck + 1e-3, v


@pytest.mark.parametrize("width_px, sure", [(2, True), (1, False)])
def test_a_circle_paler_than_the_crosses_is_sure_when_there_is_too_much_of_it_for_noise(
        width_px, sure):
    """A whole circle half as dark as the sheet's crosses (a thin line keeps less of its
    darkness through a blur than a cross's middle): read circled, sure when its pen is too
    much for noise (pen over 15 % of the value and round it), not when it is little (4.5 %)."""
    def draw(ink, cx, cy, w, h):
        cv2.ellipse(ink, (round(cx), round(cy)), (round(w * 0.62), round(h * 0.62)), 0, 0,
                    360, 0.25, width_px)

    v = _value_verdict(value_patch(draw), 0.1, 0.5, PX)
    assert v.features["dark"] == 0.5
    assert (v.state, v.uncertain) == ("circled", not sure), v


@pytest.mark.parametrize("span_deg, sure", [(40, True), (55, False)])
def test_a_neighbours_circle_brushing_one_side_leaves_the_value_empty(span_deg, sure):
    """The arc of the next value's circle reaching into this one's ring on one side, with no
    pen across it: in 3 of its 16 sectors, a sure empty; further round (4), not sure."""
    def draw(ink, cx, cy, w, h):
        cv2.ellipse(ink, (round(cx + w * 1.25), round(cy)), (round(w * 0.7), round(h * 0.75)),
                    0, 180 - span_deg / 2, 180 + span_deg / 2, 0.5, 3)

    v = _value_verdict(value_patch(draw), 0.1, 0.5, PX)
    assert v.features["across"] == 0.0 and round(v.features["around"] * 16) == (3 if sure else 4)
    assert (v.state, v.uncertain) == ("empty", not sure), v


def test_an_upper_value_read_empty_beside_a_circled_lower_one_is_not_sure():
    """Circling the lower value means someone else was first: the upper one should be struck,
    so seeing it empty more likely misses a faint stroke."""
    def v(i, state):
        return Verdict(i, state, 1.0, {})

    got = {x.id: x for x in _doubt_unstruck([
        v("column:C:first", "empty"), v("column:C:others", "circled"),
        v("column:D:first", "empty"), v("column:D:others", "empty"),
        v("column:E:first", "empty"), Verdict("column:E:others", "empty", 0.0, {}),
        v("colour:blue:first", "struck"), v("colour:blue:others", "circled")])}
    assert got["column:C:first"].uncertain
    assert got["column:E:first"].uncertain  # its lower value may be circled
    assert not got["column:D:first"].uncertain and not got["colour:blue:first"].uncertain


def test_both_values_of_a_column_read_circled_are_both_doubts():
    """A player circles one value of a column or colour: where both read circled, one of
    them is a misread (a struck value inside neighbours' circles), and only a look tells
    which."""
    def v(i, state):
        return Verdict(i, state, 1.0, {})

    got = {x.id: x for x in _doubt_both_circled([
        v("column:F:first", "circled"), v("column:F:others", "circled"),
        v("column:G:first", "circled"), v("column:G:others", "empty"),
        v("column:H:first", "struck"), v("column:H:others", "circled"),
        v("colour:blue:first", "circled"), v("colour:blue:others", "circled")])}
    assert all(got[i].uncertain and "both_circled" in got[i].features for i in (
        "column:F:first", "column:F:others", "colour:blue:first", "colour:blue:others"))
    assert not any(got[i].uncertain for i in (
        "column:G:first", "column:G:others", "column:H:first", "column:H:others"))
    # a value read circled beside one in doubt for a wide circle: that circle may be what
    # reached over it (a doubt of another kind beside it is no circle)
    got = {x.id: x for x in _doubt_both_circled([
        v("column:A:first", "circled"), v("column:A:others", "empty").doubted(wide_circle=0.5),
        v("column:B:first", "circled"), v("column:B:others", "empty").doubted(weak_pen=1.0)])}
    assert got["column:A:first"].uncertain and "both_circled" in got["column:A:first"].features
    assert not got["column:B:first"].uncertain


def test_a_lower_value_read_struck_is_a_doubt():
    """Only upper values are struck (by a player someone else beat to them)."""
    def v(i, state):
        return Verdict(i, state, 1.0, {})

    got = {x.id: x for x in _doubt_lower_struck([
        v("column:I:others", "struck"), v("column:I:first", "struck"),
        v("colour:red:others", "struck"), v("column:J:others", "circled")])}
    assert got["column:I:others"].uncertain and got["colour:red:others"].uncertain
    assert not got["column:I:first"].uncertain and not got["column:J:others"].uncertain


@pytest.mark.parametrize("line_z,pen_level,doubt", [(0.2, 0.5, False), (2.0, 0.5, True),
                                                    (1.5, 0.5, False), (0.8, 0.15, True)])
def test_a_few_pale_specks_in_a_line_doubt_only_where_a_line_stands_out(line_z, pen_level,
                                                                        doubt):
    """A handful of pixels just over the pen threshold, paler than the sheet's crosses, lying
    on a line through the value: noise blobs line up like that on a grainy photo, and so do
    the visible bits of a faint stroke. It is a doubt only when the value's line evidence
    stands out from the other values' (a faint stroke does; noise does not), from a lower z
    when the specks are nearly as dark as the crosses (`pen_level`)."""
    def draw(ink, cx, cy, w, h):
        for k in np.linspace(-0.7, 0.7, 10):
            ink[round(cy), round(cx + k * w / 2)] = 0.12

    v = _value_verdict(value_patch(draw), 0.1, pen_level, PX)
    assert v.state == "empty" and "shaped" in v.features, v  # the case: pale, stroke-shaped
    judged = _weigh_lines(v, line_z, 0.0, 0.0, USUAL_LINES)
    assert judged.uncertain == doubt, judged


def test_a_broken_circle_read_struck_is_a_doubt_and_a_stroke_is_not():
    """A blurred pencil circle broken at top and bottom leaves two arcs on one band through
    the digit, which read struck at 0.55 (a simulated extreme photo). Whatever reads a value
    struck, pen that runs round it like a circle makes that a doubt; a stroke's does not."""
    rng = np.random.default_rng(5)

    def noise(ink, cx, cy, w, h):
        ink += np.abs(rng.normal(0, 0.01, ink.shape)).astype(np.float32)

    def stroke(ink, cx, cy, w, h):
        noise(ink, cx, cy, w, h)
        cv2.line(ink, (round(cx - w * 0.6), round(cy + h * 0.1)),
                 (round(cx + w * 0.6), round(cy - h * 0.1)), 0.3, 2)

    def arcs(ink, cx, cy, w, h):  # a faint circle, only its left and right arcs clear
        noise(ink, cx, cy, w, h)
        axes = (round(w * 0.55), round(h * 0.55))
        cv2.ellipse(ink, (round(cx), round(cy)), axes, 0, 0, 360, 0.06, 2)
        for middle in (0, 180):
            cv2.ellipse(ink, (round(cx), round(cy)), axes, 0, middle - 35, middle + 35, 0.3, 2)

    empty = [value_patch(noise, f"column:{c}:first", True) for c in "ABCDEF"]
    struck = value_patch(stroke, "column:H:first", True)
    ringed = value_patch(arcs, "column:I:first", True)
    z, _ = _ring_scores(empty + [struck, ringed], empty, PX)
    read = Verdict("column:H:first", "struck", 1.0, {})
    assert not _weigh_lines(read, 5.0, z["column:H:first"], z["column:H:first"], USUAL_LINES).uncertain, z
    assert _weigh_lines(read, 5.0, z["column:I:first"], z["column:I:first"], USUAL_LINES).uncertain, z


@pytest.mark.parametrize("around, line_z, sure", [(0.4375, 5.8, True), (0.5625, 12.0, True),
                                                  (0.5625, 5.8, False), (0.625, 12.0, False)])
def test_a_value_read_struck_with_pen_round_much_of_it_stays_a_doubt(around, line_z, sure):
    """Pen across a value and in 7 of its 16 sectors is a stroke (and a line far out makes it
    sure); in 10, it may be a wide circle whose long sides run across: however far out the
    line, a doubt. In 9, over half, only a line that stands out surely makes it a stroke
    (ordinary seed 3020: a circle read struck, with a line of 3.5)."""
    feats = {"pen": 0.02, "around": around, "across": 0.47, "dark": 1.0}
    read = _weigh_lines(Verdict("column:G:first", "struck", 0.3, feats), line_z, 0.2,
                        0.2, USUAL_LINES)
    read = _doubt_struck_round({read.id: read})[read.id]
    assert read.state == "struck" and read.uncertain != sure, read


def test_grainy_noise_round_the_values_is_no_circle():
    """On a grainy photo the noise round the values (white paper, brighter than the coloured
    cells the pen threshold is drawn from) reaches the pen threshold in blobs: traced down to
    half of it, it fills every sector like a circle. Pen there must stand out from the noise
    the values themselves show, and a stroke read in such noise holds no line: no value of
    noise alone is a sure mark, while a circle still reads."""
    rng = np.random.default_rng(3)

    def grain(ink, cx, cy, w, h):
        blobs = cv2.GaussianBlur(rng.normal(0, 1, ink.shape).astype(np.float32), (0, 0), 2)
        ink += np.maximum(blobs / blobs.std() * 0.04, 0)

    def circle(ink, cx, cy, w, h):
        grain(ink, cx, cy, w, h)
        cv2.ellipse(ink, (round(cx), round(cy)), (round(w * 0.6), round(h * 0.6)), 0, 0, 360,
                    0.2, 3)

    t = 0.08  # as the boxes set it
    values = [value_patch(grain, f"column:{c}:first") for c in "ABCDEFGHIJKL"]
    values.append(value_patch(circle, "column:M:first"))
    assert any(_value_verdict(p, t, 0.2, PX).state == "circled" for p in values[:-1])  # case
    noise = _value_noise(values, t, PX)["column-value"]
    got = [_value_verdict(p, max(t, noise[0]), 0.2, PX, noise[1]) for p in values]
    assert got[-1].state == "circled" and not got[-1].uncertain, got[-1]
    empty = [p for p, v in zip(values, got) if v.state == "empty"]
    lines = _line_scores(values, empty, PX, 0.0)
    sure = [v for v in got[:-1] if v.state != "empty" and not v.uncertain
            and not (v.state == "struck" and _weigh_lines(v, lines[v.id], 0.0, 0.0, USUAL_LINES).uncertain)]
    assert not sure, sure


@pytest.mark.parametrize("state, conf, line_z, ring_z, shaded, read, sure", [
    ("empty", 1.0, 5.0, 0.0, False, "struck", True),    # a pale stroke the threshold missed
    ("empty", 1.0, 3.5, 0.0, False, "struck", False),   # ...standing out less: not sure
    ("struck", 0.1, 7.0, 0.0, False, "struck", True),   # too little pen to be sure, a clear line
    ("empty", 1.0, 5.0, 2.0, False, "empty", False),    # a ring round it too: a circle, maybe
    ("empty", 1.0, 1.0, 0.0, False, "empty", True),     # no more line than empties show
    ("empty", 1.0, 5.0, 0.0, True, "empty", False),     # a thumb's shade may lie over it: a doubt
    ("empty", 1.0, 1.0, 7.0, False, "circled", True),   # a pale circle the threshold missed
    ("empty", 1.0, 1.0, 4.5, False, "circled", False),  # ...standing out less: not sure
    ("empty", 1.0, 8.0, 7.0, False, "empty", False),    # more line than ring: neither, a doubt
    ("empty", 1.0, 1.0, 7.0, True, "empty", False),     # a thumb's shade may lie over it: a doubt
])
def test_a_line_or_ring_alone_reads_a_value(state, conf, line_z, ring_z, shaded, read, sure):
    """A value whose line stands far out from the empty values', with no ring round it, is
    struck, and one whose ring stands far out is circled, however little of its pen passes
    the pen threshold, unless something may shade it."""
    v = Verdict("column:A:first", state, conf, {"pen": 0.005, "dark": 1.0})
    judged = _weigh_lines(v, line_z, ring_z, ring_z, USUAL_LINES, shaded)
    assert (judged.state, judged.uncertain) == (read, not sure), judged


def test_a_faint_flat_circle_off_the_middle_is_a_ring_that_follows_it_round():
    """A faint pencil circle, flat and drawn low round the value, is at 0.7 half-sizes from
    the middle above it and 1.3 below it: no one radius holds it (a simulated pencil photo's
    circle so read empty, ring z 0.3), the ring that follows it round does, and reads the
    value circled, sure. Noise round the empty values makes no such ring."""
    rng = np.random.default_rng(3)

    def noise(ink, cx, cy, w, h):
        ink += np.abs(rng.normal(0, 0.01, ink.shape)).astype(np.float32)

    def flat(ink, cx, cy, w, h):
        noise(ink, cx, cy, w, h)
        cv2.ellipse(ink, (round(cx), round(cy + 0.3 * h / 2)), (round(0.95 * w / 2), round(h / 2)),
                    0, 0, 360, 0.06, 2)

    empty = [value_patch(noise, f"column:{c}:first", True) for c in "ABCDEFGH"]
    ringed = value_patch(flat, "column:I:first", True)
    ring, round_ = _ring_scores(empty + [ringed], empty, PX)
    i = ringed.element.id
    assert ring[i] < tuning.VALUE_RING_CIRCLED <= round_[i], (ring[i], round_[i])
    assert max(round_[p.element.id] for p in empty) < tuning.ROUND_DOUBT
    v = _value_verdict(ringed, 0.1, 0.5, PX)
    assert v.state == "empty"  # the case: too faint for the pen threshold
    judged = _weigh_lines(v, 0.0, ring[i], round_[i], USUAL_LINES)
    assert (judged.state, judged.uncertain) == ("circled", False), judged


@pytest.mark.parametrize("round_z, across, sure", [(1.0, 0.44, True), (2.9, 0.44, True),
                                                   (3.0, 0.44, False), (7.5, 0.44, False),
                                                   (3.3, 0.86, True)])
def test_a_value_read_struck_with_a_ring_that_follows_a_circle_round_it_is_a_doubt(
        round_z, across, sure):
    """A flat circle's side runs across its value as a stroke does, and its other side may
    barely show: a pencil circle read struck, sure at 0.53, had a ring following it round of
    z 7.5 and pen 0.44 across (pencil ordinary seed 1065). From 3.0, a value read struck is a
    doubt, unless its pen is wholly a stroke's shape: a thick felt stroke through the digit
    (0.86 across) left a ring of 3.3 (ordinary seed 148)."""
    feats = {"pen": 0.03, "around": 0.4375, "across": across, "dark": 1.0}
    read = _weigh_lines(Verdict("column:G:first", "struck", 0.8, feats), 5.0, 0.2, round_z,
                        USUAL_LINES)
    read = _doubt_struck_round({read.id: read})[read.id]
    assert read.state == "struck" and read.uncertain != sure, read


@pytest.mark.parametrize("around, line_z, faint_unsure, sure", [
    (0.0, 3.8, False, True),     # no pen round it at all: a stroke the threshold missed
    (0.0, 3.2, False, False),    # ...standing out less: not sure
    (0.125, 3.8, False, False),  # pen in a sector round it (noise, a neighbour's circle)
    (0.0, 3.8, True, False),     # a corner mark hidden: a thumb's shade may lie over it
])
def test_a_line_through_a_value_with_no_pen_round_it_is_a_stroke(around, line_z, faint_unsure,
                                                                 sure):
    """A line through a value with no pen seen round it is no part of a circle, a neighbour's
    circle or a blob of noise: it is a stroke too pale for the pen threshold, sure from a
    line standing out less than where some pen lies round the value, unless something may lie
    over the sheet."""
    v = Verdict("column:A:first", "struck", 0.1,
                {"pen": 0.001, "dark": 0.0, "across": 0.0, "around": around})
    judged = _weigh_lines(v, line_z, 0.0, 0.0, USUAL_LINES, faint_unsure=faint_unsure)
    assert (judged.state, judged.uncertain) == ("struck", not sure), judged


def test_a_line_through_a_value_whose_pen_was_a_neighbours_is_no_sure_stroke():
    """A neighbour's circle or stroke taken out of a value's pen (see _judge_values_own_pen)
    leaves no pen round it, but its line is still there: no bare stroke the pen threshold
    missed, but the neighbour's reaching in, a doubt; no pen seen at all, a sure stroke."""
    feats = {"pen": 0.0, "dark": 0.0, "across": 0.0, "around": 0.0}
    for lent, sure in ((True, False), (False, True)):
        v = Verdict("column:A:first", "empty", 1.0, {**feats, **({"lent": 1.0} if lent else {})})
        judged = _weigh_lines(v, 4.6, 0.0, 0.0, USUAL_LINES)
        assert (judged.state, judged.uncertain) == ("struck", not sure), judged
        assert ("aside" in judged.features) == lent, judged


@pytest.mark.parametrize("state, line_z, across, around, sure", [
    ("struck", 3.5, 0.8, 0.125, True),   # a line, and the little pen seen lies across: sure
    ("empty", 3.5, 0.8, 0.125, True),    # ...too little pen for the threshold's shape: the same
    ("struck", 3.5, 0.8, 0.44, False),   # the pen runs round it too (a neighbour's circle?)
    ("struck", 3.5, 0.3, 0.125, False),  # the pen barely lies across it
    ("struck", 2.8, 0.4, 0.125, True),   # ...more of it does: across it
    ("empty", 2.8, 0.8, 0.125, True),    # a line standing out less, but the pen agrees
    ("struck", 2.5, 0.8, 0.125, False),  # the line does not stand out enough to read it so
])
def test_a_line_and_a_stroke_shaped_pen_agree(state, line_z, across, around, sure):
    """A value whose line stands out, and whose pen, however little, lies across it and not
    round it, is struck for sure: two measures agree."""
    v = Verdict("column:A:first", state, 0.1,
                {"pen": 0.005, "dark": 1.0, "across": across, "around": around})
    judged = _weigh_lines(v, line_z, 0.0, 0.0, USUAL_LINES)
    assert (judged.state, judged.uncertain) == ("struck", not sure), judged


@pytest.mark.parametrize("state, ring_z, sure", [
    ("empty", 1.5, True),    # the noise a stroke through leaves in the rings: struck, sure
    ("struck", 2.6, False),  # a ring as a circle read struck shows: a doubt
])
def test_a_stroke_shaped_pen_and_a_line_agree_despite_the_rings_noise(state, ring_z, sure):
    """Where the pen's shape and the line agree on a stroke, a ring standing out less than a
    circle read struck shows (RING_STRUCK) does not stop them: a stroke through leaves some
    noise in the rings round the value."""
    v = Verdict("column:A:first", state, 0.0,
                {"pen": 0.018, "dark": 0.4, "across": 1.0, "around": 0.188})
    judged = _weigh_lines(v, 8.0, ring_z, ring_z, USUAL_LINES)
    assert (judged.state, judged.uncertain) == ("struck", not sure), judged


@pytest.mark.parametrize("circle_pen, neighbour_pen, sure", [
    (0.05, 0.003, True),     # a circle: far more pen than round the empty neighbours
    (0.013, 0.003, False),   # about as much as the noise round them: not sure
    (0.013, 0.0, True),      # quiet neighbours: the pen stands out
])
def test_a_circle_no_darker_than_its_neighbours_noise_is_a_doubt(circle_pen, neighbour_pen, sure):
    """On a part of a photo gone grainy, the noise round every value of a row can trace a
    ring; a circle there must bring clearly more pen than its empty neighbours have."""
    values = [e for e in geometry(load_layout("encore")).elements
              if e.kind == "column-value" and e.id.endswith(":first")]
    read = {e.id: Verdict(e.id, "empty", 1.0, {"pen": neighbour_pen}) for e in values}
    read["column:L:first"] = Verdict("column:L:first", "circled", 0.9, {"pen": circle_pen})
    judged = _doubt_circles_like_neighbours(read, values)["column:L:first"]
    assert judged.state == "circled" and judged.uncertain != sure, judged


@pytest.mark.parametrize("circled", [[], ["column:L:first"],
                                     ["column:B:first", "column:E:first", "column:L:first"]])
def test_a_ring_every_value_of_a_row_shows_is_no_circle(circled):
    """A reflection's veil, or a phone's sharpening, darkens the edge of every value's grey box
    in a row alike, and each reads circled (the benchmark's --glare hard seeds 0, 58 and 80:
    8 or 9 empty values of the top row, 2, 9 and 1 of them sure). What the row shows in common
    is the photo's: a circle must still show without it, as a player's, drawn round a few
    values, does."""
    values = [e for e in geometry(load_layout("encore")).elements
              if e.kind == "column-value" and e.id.endswith(":first")]

    def draw(hand):
        def on(ink, cx, cy, w, h):
            cv2.rectangle(ink, (round(cx - w / 2), round(cy - h / 2)),
                          (round(cx + w / 2), round(cy + h / 2)), 0.3, 2)  # the box's edge
            if hand:
                cv2.ellipse(ink, (round(cx), round(cy)), (round(w * 0.62), round(h * 0.66)),
                            10, 0, 340, 0.5, 3)
        return on

    patches = [value_patch(draw(e.id in circled), e.id) for e in values]
    read = {p.element.id: _value_verdict(p, 0.1, 0.5, PX) for p in patches}
    assert all(v.state == "circled" and not v.uncertain for v in read.values())  # the case
    judged = _doubt_circles_the_row_shows(read, patches,
                                          lambda p: _value_verdict(p, 0.1, 0.5, PX),
                                          {"column-value": 0.1}, PX)
    assert {i for i, v in judged.items() if not v.uncertain} == set(circled)
    assert all(judged[i].state == "circled" for i in circled)


@pytest.mark.parametrize("across, sure", [(0.0, False), (0.6, True)])
def test_a_line_through_a_value_whose_pen_lies_aside_is_no_sure_stroke(across, sure):
    """A value marked in pen with a line standing far out: struck, sure where its pen lies
    across it; where none of it does, the line is a neighbour's stroke reaching in over the
    box's edge, and a doubt."""
    v = Verdict("column:A:first", "empty", 1.0,
                {"pen": 0.03, "around": 0.125, "across": across, "dark": 1.2})
    judged = _weigh_lines(v, 7.0, 0.0, 0.0, USUAL_LINES)
    assert judged.state == "struck" and judged.uncertain != sure, judged


def _stroke(u0, v0, u1, v1):
    """Pen drawn from (u0, v0) to (u1, v1), in half-sizes from the value's centre."""
    def draw(ink, cx, cy, w, h):
        cv2.line(ink, (round(cx + u0 * w / 2), round(cy + v0 * h / 2)),
                 (round(cx + u1 * w / 2), round(cy + v1 * h / 2)), 0.5, 3)
    return draw


@pytest.mark.parametrize("draw, sure", [
    (_stroke(-0.8, 0.1, 0.8, -0.1), True),   # a stroke through the digit
    (_stroke(-0.7, 0.4, 0.7, 0.4), True),    # ...drawn low, below the digit's middle
    (_stroke(1.0, -0.9, 1.05, 0.9), False),  # a neighbour's circle along the box's edge
    (_stroke(1.45, -1.45, 0.7, -0.7), False),  # a cross's overshoot into the box's corner
])
def test_a_line_dark_at_one_end_only_is_no_sure_stroke_through_the_value(draw, sure):
    """A stroke through a value runs on to both sides of its middle. The end of a neighbour's
    circle, off its middle along the edge of the box, read an empty value struck, sure
    (--sloppy ordinary seeds 88 and 135: line z 6.1 and 9.0)."""
    p = value_patch(draw, print_seen=True)
    read = {p.element.id: Verdict(p.element.id, "struck", 1.0, {})}
    v = _doubt_one_sided_strokes(read, [p], PX)[p.element.id]
    assert v.state == "struck" and v.uncertain != sure, v


@pytest.mark.parametrize("draw, sure", [
    (_stroke(-0.8, 0.1, 0.8, -0.1), True),   # a stroke through the digit
    (_stroke(-0.9, 0.0, -0.1, 0.0), True),   # ...whose one end only shows past the digit
    (_stroke(1.45, -1.45, 0.45, -0.45), False),  # a cross's overshoot ending at the digit
])
def test_a_stroke_from_afar_stopping_short_of_the_middle_is_no_sure_strike(draw, sure):
    """A stroke through a value passes its middle. A neighbour's cross overshooting from
    beyond the box and ending at the digit, which hides the rest, read an empty value struck,
    sure (--sloppy ordinary seed 236 B: its line stood out at z 8), as the line and the
    pen's shape agreed."""
    p = value_patch(draw, print_seen=True)
    v = _weigh_lines(_value_verdict(p, 0.1, 0.5, PX), 8.0, 0.0, 0.0, USUAL_LINES)
    assert v.state == "struck" and v.uncertain != sure, v


def _circled_wide(around: list[str], scale: float, eids: list[str], width_px: int = 3
                  ) -> list[Patch]:
    """The patches of `eids` with circles of `scale` half-sizes drawn round each value of
    `around` (pen crossing from one patch into the next as on the sheet)."""
    els = {e.id: e for e in geometry(load_layout("encore")).elements}

    def centre(eid):
        x, y, w, h = els[eid].box_mm
        return x + w / 2, y + h / 2, w / 2, h / 2

    def patch(eid):
        ex, ey, _, _ = centre(eid)

        def draw(ink, cx, cy, w, h):
            for a in around:
                ax, ay, aw, ah = centre(a)
                cv2.ellipse(ink, (round(cx + (ax - ex) * PX), round(cy + (ay - ey) * PX)),
                            (round(aw * scale * PX), round(ah * scale * PX)), 0, 0, 360, 0.5,
                            width_px)
        return value_patch(draw, eid)
    return [patch(e) for e in eids]


ROWS = [f"column:{c}:{r}" for c in "EFGHI" for r in ("first", "others")]


def test_a_circle_drawn_wide_round_a_value_read_empty_is_a_doubt():
    """A hurried circle 1.8 half-sizes round G's first value: beyond the ring its patch
    judges, so it reads empty, sure; the pen all round it beyond makes that a doubt (and only
    that: each neighbour sees the circle on one side)."""
    patches = _circled_wide(["column:G:first"], 1.8, ROWS)
    read = {p.element.id: _value_verdict(p, 0.1, 0.5, PX) for p in patches}
    assert all(v.state == "empty" for v in read.values())  # the case
    assert not read["column:G:first"].uncertain
    judged = doubt_wide_circles(read, patches, {"column-value": 0.1}, PX)
    assert {i for i, v in judged.items() if "wide_circle" in v.features} == {"column:G:first"}
    assert judged["column:G:first"].uncertain


def test_the_wide_circles_of_values_read_circled_doubt_no_value_between_them():
    """F's, H's and G's lower values circled wide in a thick felt pen, and read so: their pen
    lies round much of G's first value, empty, but within their own circles' reach: theirs,
    and no doubt of G's."""
    around = ["column:F:first", "column:H:first", "column:G:others"]
    patches = _circled_wide(around, 1.6, ROWS, width_px=12)
    read = {p.element.id: Verdict(p.element.id, "circled" if p.element.id in around else
                                  "empty", 1.0, {}) for p in patches}
    judged = doubt_wide_circles(read, patches, {"column-value": 0.1}, PX)
    assert not any(v.uncertain for v in judged.values())
    unclaimed = doubt_wide_circles({i: Verdict(i, "empty", 1.0, {}) for i in read}, patches,
                                   {"column-value": 0.1}, PX)
    assert unclaimed["column:G:first"].uncertain  # the case: their pen is round much of it


@pytest.mark.parametrize("half_deg, struck, sure", [(65, False, True), (65, True, False),
                                                    (180, True, True)])
def test_a_ring_with_gaps_and_a_stroke_through_it_is_a_doubt(half_deg, struck, sure):
    """Pen round a value in arcs on two sides (12 of 16 sectors) and a long stroke through its
    middle: its strike, inside the arcs of its neighbours' circles, or a circle: read circled,
    a doubt. The arcs alone are a circle, sure; so is a whole ring, whatever crosses it (a
    tidy circle's own pen lies across a value by up to 0.46)."""
    def draw(ink, cx, cy, w, h):
        for a in (0, 180):
            cv2.ellipse(ink, (round(cx), round(cy)), (round(w * 0.72), round(h * 0.72)), 0,
                        a - half_deg, a + half_deg, 0.5, 3)
        if struck:
            cv2.line(ink, (round(cx - w), round(cy + h * 0.2)),
                     (round(cx + w), round(cy - h * 0.2)), 0.5, 3)

    v = _value_verdict(value_patch(draw), 0.1, 0.5, PX)
    assert (v.features["across"] >= tuning.CIRCLE_CROSSED) == struck  # the case
    assert (v.features["around"] < tuning.CIRCLE_WHOLE) == (half_deg < 90)
    assert v.state == "circled" and v.uncertain != sure, v


@pytest.mark.parametrize("own_arc", [False, True])
def test_a_neighbours_wide_circle_in_a_values_ring_is_the_neighbours(own_arc):
    """H's first value circled wide (1.7 half-sizes), reaching round a quarter of G's ring:
    G's, read empty but unsure by it, is judged again without that circle's pen, and is sure.
    An arc of G's own on its far side, apart from H's circle, is still there to doubt."""
    patches = _circled_wide(["column:H:first"], 1.7, ROWS)
    if own_arc:
        g = next(p for p in patches if p.element.id == "column:G:first")
        x, y, w, h = _box_in_patch(g, PX)
        cv2.ellipse(g.ink, (round(x + w / 2), round(y + h / 2)), (round(w * 0.6), round(h * 0.6)),
                    0, 140, 220, 0.5, 3)

    def judged(p):
        return _value_verdict(p, 0.1, 0.5, PX)

    read = {p.element.id: judged(p) for p in patches}
    read["column:H:first"] = Verdict("column:H:first", "circled", 1.0, {})
    g = read["column:G:first"]
    assert g.state == "empty" and g.uncertain, g  # the case
    again = _judge_values_own_pen(read, patches, judged, {"column-value": 0.1}, PX)
    g = again["column:G:first"]
    assert g.state == "empty" and g.uncertain == own_arc, g
    assert own_arc or g.features["lent"] > 0.9, g
    # read empty, H lends nothing
    read["column:H:first"] = judged(patches[ROWS.index("column:H:first")])
    assert read["column:H:first"].state == "empty"
    assert _judge_values_own_pen(read, patches, judged, {"column-value": 0.1}, PX) == read


def test_a_wide_circle_round_a_value_of_the_outer_row_is_weighed_on_what_the_map_shows():
    """Below the lower row of values there is no patch: the values' map ends at the value's
    ring, and the lower half of the band round it lies off the map. A wide circle seen in 7 of
    the 12 sectors the map shows is a wide circle (7 of 12), not pen in 7 of 24: the sectors
    off the map are not looked at."""
    hw, hh = 20.0, 14.0  # a value's half-sizes in pixels
    cx, cy = 60, 40  # on the map's last row
    pen = np.zeros((cy + 1, 2 * cx + 1), np.uint8)
    cv2.ellipse(pen, (cx, cy), (round(1.75 * hw), round(1.75 * hh)), 0, 180, 285, 1, 4)
    shown = np.ones(pen.shape, bool)
    share, = _wide_shares(pen.astype(bool), shown, [(cx, cy, hw, hh)], [], PX)
    assert share >= tuning.WIDE_SHARE, share


def test_values_weighed_together_for_wide_circles_are_weighed_as_each_alone():
    """The values of one size are looked at together (see wide_circle._wide_shares): each
    share is the one it has alone, next to a circle, at the map's edge or past it."""
    rng = np.random.default_rng(3)
    pen = rng.random((120, 300)) < 0.03
    cv2.ellipse(pen.view(np.uint8), (100, 60), (35, 25), 0, 0, 250, 1, 3)
    shown = np.ones(pen.shape, bool)
    shown[:, 250:] = False  # a part of the map no patch covers
    ats = [(100.0, 60.0, 20.0, 14.0), (150.3, 61.0, 20.0, 14.0), (10.0, 115.0, 20.0, 14.0),
           (290.0, 20.0, 20.0, 14.0), (-30.0, 60.0, 20.0, 14.0), (200.0, 60.0, 16.0, 14.0)]
    circled = [(150.3, 61.0, 20.0, 14.0)]
    together = _wide_shares(pen, shown, ats, circled, PX)
    alone = [_wide_shares(pen, shown, [at], circled, PX)[0] for at in ats]
    assert together == alone and together[0] >= tuning.WIDE_SHARE and together[3] == 0.0
