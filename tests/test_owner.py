"""Whose mark is it: pen through a cell's middle that is a neighbour's mark reaching in, on
ink maps drawn here across a row of cells."""

import cv2
import numpy as np

from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.read import tuning
from encore_print.read.judge import Patch, judge
from encore_print.read.owner import (
    borrowed_pen,
    foreign_pen,
    own_marks,
    pen_between,
    slight_pen,
)

PX = 8.0
MARGIN_MM = 0.5
T = 0.3  # the pen threshold: the strokes drawn here are 0.8 dark, the noise 0.03
ROW = [f"cell:{c}1" for c in "ABCDE"]


def patches(strokes_mm, rng, ids=ROW):
    """Patches of the cells `ids` (row 1's A-E) cut from one ink map of the sheet, on which
    `strokes_mm` (polylines in sheet mm) are drawn, as a pen crossing from box to box would
    draw them."""
    g = geometry(load_layout("encore"))
    w, h = (round(v * PX) for v in g.sheet_mm)
    sheet = np.clip(rng.normal(0, 0.03, (h, w)), 0, 1).astype(np.float32)
    for points in strokes_mm:
        cv2.polylines(sheet, [np.round(np.array(points) * PX).astype(np.int32)], False, 0.8,
                      4, cv2.LINE_AA)
    out = []
    for i in ids:
        x, y, bw, bh = g.element(i).box_mm
        x0, y0 = round((x - MARGIN_MM) * PX), round((y - MARGIN_MM) * PX)
        x1, y1 = round((x + bw + MARGIN_MM) * PX), round((y + bh + MARGIN_MM) * PX)
        ink = sheet[y0:y1, x0:x1].copy()
        out.append(Patch(g.element(i), ink, (x0, y0), np.ones(ink.shape, bool)))
    return out


def borrowed(cells, crossed, sure=frozenset()):
    between = pen_between(cells, T, PX)
    return borrowed_pen(between, crossed, slight_pen(between, sure))


def x_in(x, y, size=8.5, reach=0.0):
    """An X over the box at (x, y), each stroke `reach` of the box beyond it to the right."""
    a, b = 0.15 * size, 0.85 * size + reach * size
    return [[(x + a, y + a), (x + b, y + 0.85 * size)], [(x + b, y + a), (x + a, y + 0.85 * size)]]


def scribble_in(x, y, size=8.5, reach=0.0):
    """A zigzag scribble over the box at (x, y), its last stroke reaching `reach` of the box
    past it to the right, level with the box's middle."""
    xs = np.linspace(x + 0.1 * size, x + 0.9 * size, 9)
    zigzag = [(float(u), y + (0.15 if k % 2 else 0.85) * size) for k, u in enumerate(xs)]
    return [zigzag + [(x + (1 + reach) * size, y + 0.5 * size)]]


def test_a_neighbours_scribble_through_an_empty_cells_middle_is_borrowed():
    rng = np.random.default_rng(1)
    # B1's scribble runs on over C1's middle; C1 has no mark of its own
    strokes = scribble_in(14.75, 24.5, reach=0.6) + x_in(6.25, 24.5)
    found = borrowed(patches(strokes, rng), {"cell:A1", "cell:B1", "cell:C1"})
    assert set(found) == {"cell:C1"}
    assert found["cell:C1"] >= 4


def test_a_neighbours_stroke_with_little_pen_in_a_cell_is_borrowed_sooner():
    # B1's scribble runs on to C1's far side: 4.6 times as much of it lies in B1 as in C1,
    # under NEIGHBOURS_MARK; C1's part is a fifth of the pen the sheet's typical cross (the
    # median of D1's and E1's scribbles and A1's X) puts through its middle
    scribbled = [*scribble_in(14.75, 24.5, reach=0.9), *x_in(6.25, 24.5),
                 *scribble_in(31.75, 24.5), *scribble_in(40.25, 24.5)]
    cells = patches(scribbled, np.random.default_rng(5))
    found = borrowed(cells, set(ROW), sure={"cell:A1", "cell:D1", "cell:E1"})
    assert set(found) == {"cell:C1"}
    assert tuning.NEIGHBOURS_MARK_SLIGHT <= found["cell:C1"] < tuning.NEIGHBOURS_MARK
    # with fewer than three crosses beyond doubt there is no typical cross to weigh it by
    assert borrowed(cells, set(ROW), sure={"cell:D1", "cell:E1"}) == {}
    # where the sheet's crosses are X's, whose middles carry less than 2.5 times C1's part,
    # it may be C1's own stroke
    crossed = [*scribble_in(14.75, 24.5, reach=0.9), *x_in(6.25, 24.5), *x_in(31.75, 24.5),
               *x_in(40.25, 24.5)]
    cells = patches(crossed, np.random.default_rng(5))
    assert borrowed(cells, set(ROW), sure={"cell:A1", "cell:D1", "cell:E1"}) == {}


def test_neighbours_scribbles_meeting_in_a_cells_middle_are_weighed_together():
    # the scribbles in C2's four neighbours each end in a tail to C2's middle, where they meet:
    # one mark, none of whose four boxes holds NEIGHBOURS_MARK_SLIGHT times C2's share of it,
    # though together they hold NEIGHBOURS_CHAIN times as much; C2's share is slight
    g = geometry(load_layout("encore"))
    block = [f"cell:{c}{r}" for r in "123" for c in "BCD"]
    x, y, w, h = g.element("cell:C2").box_mm
    cx, cy = x + w / 2, y + h / 2
    neighbours = ["cell:C1", "cell:B2", "cell:D2", "cell:C3"]
    strokes = [scribble_in(*g.element(i).box_mm[:2])[0] + [(cx, cy)] for i in neighbours]
    cells = patches(strokes, np.random.default_rng(6), block)
    found = borrowed(cells, {"cell:C2", *neighbours}, sure=set(neighbours))
    assert set(found) == {"cell:C2"}
    assert found["cell:C2"] >= tuning.NEIGHBOURS_CHAIN
    between = pen_between(cells, T, PX)
    k = between.ids.index("cell:C2")
    others = np.delete(between.pen_of[k], k)
    assert others.max() < tuning.NEIGHBOURS_MARK_SLIGHT * between.pen_of[k, k]
    # C2 with a scribble of its own is no such slight share: its own
    own = strokes + scribble_in(*g.element("cell:C2").box_mm[:2])
    cells = patches(own, np.random.default_rng(6), block)
    assert borrowed(cells, {"cell:C2", *neighbours}, sure=set(neighbours)) == {}


def test_crosses_that_touch_in_a_chain_are_each_their_own():
    rng = np.random.default_rng(2)
    # five hurried crosses, each reaching into the next box so that they touch, one mark of
    # pen along the row
    strokes = [s for k in range(5) for s in x_in(6.25 + 8.5 * k, 24.5, reach=0.25)]
    assert borrowed(patches(strokes, rng), set(ROW)) == {}


def test_a_cells_own_cross_touched_by_a_neighbours_scribble_is_its_own():
    rng = np.random.default_rng(3)
    strokes = scribble_in(14.75, 24.5, reach=0.3) + x_in(23.25, 24.5)
    assert borrowed(patches(strokes, rng), {"cell:B1", "cell:C1"}) == {}


def test_only_crossed_cells_are_weighed():
    rng = np.random.default_rng(4)
    strokes = scribble_in(14.75, 24.5, reach=0.6)
    # B1, the scribble's own box, was read empty (say, a doubt of its own): nothing to lend
    assert borrowed(patches(strokes, rng), {"cell:C1"}) == {}


def test_a_sheet_without_cells_lends_nothing():
    assert borrowed([], {"joker:1"}) == {}


def test_a_neighbours_cross_reaching_over_an_edge_is_its_tail():
    rng = np.random.default_rng(8)
    # B1's X reaches a fifth of a box into C1, over its left edge: all C1's pen is its tail
    cells = patches(x_in(14.75, 24.5, reach=0.35), rng)
    assert foreign_pen(pen_between(cells, T, PX), {"cell:B1"}, {"cell:C1"}) == {"cell:C1": 1.0}
    # B1 read empty lends nothing
    assert foreign_pen(pen_between(cells, T, PX), set(), {"cell:C1"}) == {"cell:C1": 0.0}
    # nor does B1's X to a dot of C1's own by its left edge, apart from it
    dot = [[(23.6, 28.5), (24.4, 29.0), (23.6, 29.5)]]
    cells = patches(x_in(14.75, 24.5) + dot, rng)
    assert foreign_pen(pen_between(cells, T, PX), {"cell:B1"}, {"cell:C1"}) == {"cell:C1": 0.0}


def test_a_cells_own_short_stroke_is_its_own_mark_a_neighbours_tail_is_not():
    rng = np.random.default_rng(3)
    # A1, B1 and D1 crossed; C1 holds a short slash of its own, a third of the box; D1's X
    # reaches a third of a box into E1
    slash = [[(23.25 + 3.0, 24.5 + 5.5), (23.25 + 5.5, 24.5 + 3.0)]]
    strokes = x_in(6.25, 24.5) + x_in(14.75, 24.5) + x_in(31.75, 24.5, reach=0.35) + slash
    between = pen_between(patches(strokes, rng), T, PX)
    sure = {"cell:A1", "cell:B1", "cell:D1"}
    mine = own_marks(between, sure, {"cell:C1", "cell:E1"})
    assert 0.15 <= mine["cell:C1"] <= 0.5 and mine["cell:E1"] == 0.0
    assert own_marks(between, sure, {"cell:A1"})["cell:A1"] >= 0.8  # (a cross: about typical)
    # with fewer than three crosses beyond doubt there is no typical cross to weigh by
    assert own_marks(between, {"cell:A1", "cell:B1"}, {"cell:C1"}) == {}


def test_the_judge_reads_a_neighbours_tail_as_an_empty_cell():
    """On a sheet of X's (rows 1-3), B4's X reaches over C4's left edge, covering more than
    the limit, and H4's over I4's, covering a little less: both are read empty, sure. F4
    holds a scribbled dot by its left edge and E4 nothing: that dot explains itself, and F4
    stays read crossed, a doubt."""
    g = geometry(load_layout("encore"))
    ids = [e.id for e in g.elements if e.kind == "cell"]
    strokes = [s for i in ids if i[-1] in "123" for s in x_in(*g.element(i).box_mm[:2])]
    strokes += x_in(*g.element("cell:B4").box_mm[:2], reach=0.35)
    strokes += x_in(*g.element("cell:H4").box_mm[:2], reach=0.3)
    x, y, _, h = g.element("cell:F4").box_mm
    strokes += [[(x + 0.3 + 0.7 * (k % 2), y + h / 2 - 2.5 + 0.25 * k) for k in range(21)]]
    verdicts = {v.id: v for v in judge(patches(strokes, np.random.default_rng(9), ids), PX)[0]}
    assert verdicts["cell:B4"].state == "crossed" and not verdicts["cell:B4"].uncertain
    for tail in (verdicts["cell:C4"], verdicts["cell:I4"]):
        assert tail.state == "empty" and not tail.uncertain, tail
        assert tail.features["lent"] >= tuning.TAIL_SHARE, tail
    assert verdicts["cell:C4"].features["cover"] > verdicts["cell:C4"].features["limit"]
    assert verdicts["cell:I4"].features["cover"] < verdicts["cell:I4"].features["limit"]
    dot = verdicts["cell:F4"]
    assert dot.state == "crossed" and dot.uncertain and "lent" not in dot.features, dot
    assert "pen_edge" in dot.features and "pen_one_side" in dot.features, dot
