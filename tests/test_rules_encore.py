"""Encore! scoring and legality: the worked examples, every decision of RULES.md, and seeded
random games grown from the start column."""

import random
from pathlib import Path

import pytest
import yaml

from encore_print.layout import builtin_ids, load_layout
from encore_print.marks import CIRCLED, CROSSED, EMPTY, STRUCK, Marks
from encore_print.rules import encore as encore_rules
from encore_print.rules import for_game
from encore_print.rules.encore import element_ids, legality, score, swing

VECTORS = Path(__file__).resolve().parents[2] / "shared" / "reference" / "test-vectors.yaml"


def column(layout, col):
    return [c.id for c in layout.column_cells(col)]


def colour(layout, name):
    return [c.id for c in layout.cells_of(name)]


def stars(layout):
    return [c.id for c in layout.cells if c.star]


def jokers(n):
    return [f"joker:{k}" for k in range(1, n + 1)]


# --- the worked examples of shared/reference/test-vectors.yaml -------------------------------

def bookkeeping_case(layout):
    """Column A complete and first; yellow complete and first; 2 exclamation marks used; all 15
    stars crossed."""
    crossed = column(layout, "A") + colour(layout, "yellow") + stars(layout) + jokers(2)
    return Marks.of(crossed=crossed, circled=["column:A:first", "colour:yellow:first"])


def empty_sheet(layout):
    return Marks()


BUILDERS = {"bookkeeping case": (bookkeeping_case, 16), "empty sheet": (empty_sheet, -22)}


def test_bookkeeping_case(encore):
    result = score(encore, bookkeeping_case(encore))
    assert result.total == 16
    assert result.breakdown == {"columns": 5, "colours": 5, "jokers": 6, "stars": 0}
    assert result.warnings == []
    assert result.tiebreak == 6
    # nothing else got complete by accident: exactly column A and yellow score
    assert [(i.id, i.element) for i in result.items if i.part in ("columns", "colours")] == \
        [("column:A", "column:A:first"), ("colour:yellow", "colour:yellow:first")]


def test_empty_sheet(encore):
    result = score(encore, Marks())
    assert result.total == -22
    assert result.breakdown == {"columns": 0, "colours": 0, "jokers": 8, "stars": -30}
    assert result.warnings == result.problems == []
    assert result.tiebreak == 8


def test_vectors_file_agrees():
    if not VECTORS.exists():
        pytest.skip(f"shared test vectors not found at {VECTORS}")
    lay = load_layout("encore")
    for vector in yaml.safe_load(VECTORS.read_text(encoding="utf-8"))["encore"]:
        build, total = BUILDERS[vector["name"]]
        assert total == vector["total"]
        assert score(lay, build(lay)).total == vector["total"], vector["name"]


@pytest.mark.parametrize("layout_id", builtin_ids())
def test_empty_sheet_on_every_builtin(layout_id):
    lay = load_layout(layout_id)
    assert score(lay, Marks()).total == 8 - 2 * 15


# --- decisions for untidy sheets --------------------------------------------------------------

def test_complete_column_without_circle_scores_upper(encore):
    result = score(encore, Marks.of(crossed=column(encore, "E")))
    assert result.breakdown["columns"] == 2
    assert "column E is complete but no value is circled: scored 2" in result.warnings


def test_complete_column_without_circle_and_upper_struck_scores_lower(encore):
    result = score(encore, Marks.of(crossed=column(encore, "E"), struck=["column:E:first"]))
    assert result.breakdown["columns"] == 1
    assert result.warnings == [
        "column E is complete but no value is circled: scored 1 (its upper value is struck)"]


def test_cross_over_a_value_counts_as_struck(encore):
    m = Marks.of(crossed=column(encore, "E") + ["column:E:first"])
    assert score(encore, m).breakdown["columns"] == 1


def test_circled_lower_scores_lower_quietly(encore):
    m = Marks.of(crossed=column(encore, "A"), circled=["column:A:others"],
                 struck=["column:A:first"])
    result = score(encore, m)
    assert result.breakdown["columns"] == 3
    assert result.warnings == []
    assert [i.element for i in result.items if i.part == "columns"] == ["column:A:others"]


def test_start_column_lower_value_is_worth_nothing_but_is_listed(encore):
    m = Marks.of(crossed=column(encore, "H"), circled=["column:H:others"])
    result = score(encore, m)
    assert result.breakdown["columns"] == 0
    assert any(i.id == "column:H" and i.points == 0 for i in result.items)


def test_circle_on_incomplete_column_scores_nothing(encore):
    m = Marks.of(crossed=column(encore, "A")[:-1], circled=["column:A:first"])
    result = score(encore, m)
    assert result.breakdown["columns"] == 0
    assert result.warnings == ["column A is not complete, so its circled 5 scores nothing"]
    assert "column A has a value circled but cell A7 is empty" in legality(encore, m)


def test_circle_on_incomplete_colour_scores_nothing(encore):
    m = Marks.of(crossed=colour(encore, "green")[2:], circled=["colour:green:others"])
    result = score(encore, m)
    assert result.breakdown["colours"] == 0
    assert result.warnings == ["colour green is not complete, so its circled 3 scores nothing"]
    assert "colour green has a value circled but cells A1, B1 are empty" in legality(encore, m)


def test_both_values_circled_scores_upper(encore):
    m = Marks.of(crossed=column(encore, "O"), circled=["column:O:first", "column:O:others"])
    result = score(encore, m)
    assert result.breakdown["columns"] == 5
    assert result.warnings == ["column O has both values circled: scored the upper one, 5"]
    assert "column O has 2 values circled; expected at most one" in legality(encore, m)


def test_complete_colour_without_circle(encore):
    green = colour(encore, "green")
    assert score(encore, Marks.of(crossed=green)).breakdown["colours"] == 5
    result = score(encore, Marks.of(crossed=green, struck=["colour:green:first"]))
    assert result.breakdown["colours"] == 3
    assert result.warnings == [
        "colour green is complete but no value is circled: scored 3 (its upper value is struck)"]


def test_any_pen_mark_fills_a_cell(encore):
    star = stars(encore)[0]
    for state in (CROSSED, CIRCLED, STRUCK):
        assert score(encore, Marks({star: state})).breakdown["stars"] == -28
    assert score(encore, Marks({star: EMPTY})).breakdown["stars"] == -30


def test_more_jokers_than_boxes_is_flagged(encore):
    m = Marks.of(crossed=jokers(9))
    result = score(encore, m)
    assert result.breakdown["jokers"] == 0 and result.tiebreak == 0
    assert result.warnings == [
        "9 exclamation marks are crossed out but a sheet has only 8: none scores as unused"]
    assert "9 exclamation marks are crossed out; a sheet has only 8" in result.problems


def test_unused_jokers_are_the_empty_boxes(encore):
    result = score(encore, Marks.of(crossed=["joker:2", "joker:5"]))
    assert result.breakdown["jokers"] == 6
    assert [i.id for i in result.items if i.part == "jokers"] == \
        ["joker:1", "joker:3", "joker:4", "joker:6", "joker:7", "joker:8"]


def test_marks_on_unknown_elements_are_reported(encore):
    result = score(encore, Marks.of(crossed=["cell:P9"]))
    assert result.total == -22
    assert result.warnings == ["marks on elements this sheet does not have were ignored: cell:P9"]


def test_solo_scores_upper_values_whatever_is_circled(encore):
    m = Marks.of(crossed=column(encore, "A") + colour(encore, "blue"),
                 circled=["column:A:others"], struck=["colour:blue:first"])
    solo = score(encore, m, solo=True)
    assert (solo.breakdown["columns"], solo.breakdown["colours"]) == (5, 5)
    assert solo.warnings == []
    assert (score(encore, m).breakdown["columns"], score(encore, m).breakdown["colours"]) == (3, 3)


def test_score_json_shape(encore):
    data = score(encore, bookkeeping_case(encore)).to_json()
    assert list(data["breakdown"]) == ["columns", "colours", "jokers", "stars"]
    assert data["total"] == 16 and data["tiebreak"] == 6
    assert {"part": "columns", "id": "column:A", "points": 5,
            "element": "column:A:first"} in data["items"]


def test_rules_by_game(encore):
    assert for_game(encore.game) is encore_rules


# --- legality ---------------------------------------------------------------------------------

def test_connected_crosses_are_legal(encore):
    m = Marks.of(crossed=["cell:H1", "cell:H2", "cell:G2", "cell:F2", "cell:F3", "cell:I1"])
    assert legality(encore, m) == []


def test_cut_off_crosses_are_named(encore):
    m = Marks.of(crossed=["cell:H6", "cell:B6", "cell:C6", "cell:O1"])
    assert legality(encore, m) == [
        "cells B6, C6 are not connected to column H through crosses",
        "cell O1 is not connected to column H through crosses"]


def test_diagonal_does_not_connect(encore):
    m = Marks.of(crossed=["cell:H1", "cell:G2"])
    assert legality(encore, m) == ["cell G2 is not connected to column H through crosses"]


def test_crosses_without_start_column_are_all_cut_off(encore):
    m = Marks.of(crossed=["cell:G1", "cell:G2"])
    assert legality(encore, m) == ["cells G1, G2 are not connected to column H through crosses"]


def test_legality_is_in_the_score(encore):
    m = Marks.of(crossed=["cell:A1"])
    assert score(encore, m).problems == legality(encore, m)


# --- swing: what an uncertain element could change --------------------------------------------

def test_swing_of_an_empty_star(encore):
    m = Marks(uncertain={"cell:H1"})
    assert swing(encore, m) == {"cell:H1": 2}


def test_swing_of_a_used_joker(encore):
    m = Marks.of(crossed=["joker:1"], uncertain=["joker:1"])
    assert swing(encore, m) == {"joker:1": 1}


def test_swing_of_the_cell_that_completes_a_column(encore):
    # A3 is a star in column A: empty, the column does not score 5 and the star costs 2
    m = Marks.of(crossed=column(encore, "A"), circled=["column:A:first"])
    assert swing(encore, m, ["cell:A3", "cell:B1"]) == {"cell:A3": -7, "cell:B1": 0}


def test_swing_of_a_value_box(encore):
    m = Marks.of(crossed=column(encore, "A"), circled=["column:A:first"])
    # read as struck: the lower value, 3, instead of 5
    assert swing(encore, m, ["column:A:first"]) == {"column:A:first": -2}


# --- property tests: seeded random games -------------------------------------------------------

def grow_game(layout, rng, size):
    """Crosses as a real game makes them: the first in the start column, then each next to an
    earlier one (or again in the start column)."""
    index = {col: k for k, col in enumerate(layout.columns)}
    by_pos = {(index[c.column], c.row): c.id for c in layout.cells}
    start = index[layout.start_column]
    crossed: set = set()
    while len(crossed) < size:
        options = {p for p in by_pos if p[0] == start} | {
            (x + dx, y + dy) for x, y in crossed for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        options = sorted((options & by_pos.keys()) - crossed)
        crossed.add(rng.choice(options))
    return {by_pos[p] for p in crossed}


def cut_off_oracle(layout, crossed):
    """Cells not reachable from the start column: a plain breadth-first search."""
    pos = {c.id: (layout.columns.index(c.column), c.row) for c in layout.cells}
    at = {pos[i]: i for i in crossed}
    start = layout.columns.index(layout.start_column)
    seen = {p for p in at if p[0] == start}
    todo = list(seen)
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in at and n not in seen:
                seen.add(n)
                todo.append(n)
    return {at[p] for p in at.keys() - seen}


def named_cells(problems):
    out = set()
    for p in problems:
        if "not connected" in p:
            words = p.split(" are ")[0].split(" is ")[0].split(" ", 1)[1]
            out |= {f"cell:{w}" for w in words.split(", ")}
    return out


@pytest.mark.parametrize("seed", range(20))
def test_random_games_grown_from_the_start_column_are_legal(encore, seed):
    rng = random.Random(seed)
    crossed = grow_game(encore, rng, rng.randint(1, len(encore.cells)))
    assert legality(encore, Marks.of(crossed=crossed)) == []


@pytest.mark.parametrize("seed", range(20))
def test_removing_a_cross_cuts_off_exactly_what_it_bridged(encore, seed):
    rng = random.Random(1000 + seed)
    crossed = grow_game(encore, rng, rng.randint(5, 40))
    cut = 0
    for gone in sorted(crossed):
        left = crossed - {gone}
        expected = cut_off_oracle(encore, left)
        assert named_cells(legality(encore, Marks.of(crossed=left))) == expected, gone
        cut += bool(expected)
    # a game of several crosses grown at random nearly always has a bridging cross
    if len(crossed) >= 10:
        assert cut > 0


def test_some_removals_do_break_legality(encore):
    rng = random.Random(7)
    broken = 0
    for _ in range(30):
        crossed = grow_game(encore, rng, 20)
        gone = rng.choice(sorted(crossed))
        broken += bool(legality(encore, Marks.of(crossed=crossed - {gone})))
    assert broken > 0


@pytest.mark.parametrize("seed", range(10))
def test_an_isolated_cross_is_named(encore, seed):
    rng = random.Random(2000 + seed)
    crossed = grow_game(encore, rng, rng.randint(1, 30))
    far = [c.id for c in encore.cells if c.column != encore.start_column
           and c.id not in crossed and cut_off_oracle(encore, crossed | {c.id}) == {c.id}]
    if not far:
        pytest.skip("no cell left that touches nothing")
    lone = rng.choice(far)
    problems = legality(encore, Marks.of(crossed=crossed | {lone}))
    name = lone.removeprefix("cell:")
    assert problems == [f"cell {name} is not connected to column H through crosses"]


def random_marks(layout, rng):
    crossed = grow_game(layout, rng, rng.randint(0, len(layout.cells)))
    values = [i for i in element_ids(layout) if i.startswith(("column:", "colour:"))]
    states = dict.fromkeys(crossed, CROSSED)
    states.update(dict.fromkeys(rng.sample(jokers(8), rng.randint(0, 8)), CROSSED))
    for v in rng.sample(values, rng.randint(0, len(values))):
        states[v] = rng.choice((CIRCLED, STRUCK))
    return Marks(states)


@pytest.mark.parametrize("seed", range(25))
def test_score_adds_up(encore, seed):
    rng = random.Random(3000 + seed)
    m = random_marks(encore, rng)
    result = score(encore, m)
    assert result.total == sum(result.breakdown.values())
    empty_stars = sum(1 for c in encore.cells if c.star and not m.marked(c.id))
    assert result.breakdown["stars"] == -2 * empty_stars
    used = sum(1 for j in jokers(8) if m.marked(j))
    assert result.breakdown["jokers"] == result.tiebreak == 8 - used


@pytest.mark.parametrize("seed", range(25))
def test_another_cross_never_lowers_the_total(encore, seed):
    rng = random.Random(4000 + seed)
    m = random_marks(encore, rng)
    empty = [c.id for c in encore.cells if not m.marked(c.id)]
    if not empty:
        pytest.skip("sheet full")
    before = score(encore, m).total
    for cell in rng.sample(empty, min(10, len(empty))):
        assert score(encore, m.with_state(cell, CROSSED)).total >= before


@pytest.mark.parametrize("seed", range(10))
def test_swing_matches_rescoring(encore, seed):
    rng = random.Random(5000 + seed)
    m = random_marks(encore, rng)
    ids = rng.sample([c.id for c in encore.cells] + jokers(8), 5)
    base = score(encore, m).total
    for eid, delta in swing(encore, m, ids).items():
        flipped = EMPTY if m.marked(eid) else CROSSED
        assert delta == score(encore, m.with_state(eid, flipped)).total - base
