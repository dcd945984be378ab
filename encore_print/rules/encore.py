"""Encore! (Keer op Keer, Noch mal!): Marks → Score, and the legality checks one sheet allows.

As RULES.md states them: circled column values + circled colour bonuses + points per unused
exclamation mark + star points per empty star cell; only complete columns and colours score.
Every decision taken on an untidy sheet is a warning; every rule the sheet cannot have followed
is a problem. Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..layout import Cell, Layout
from ..layout.load import blocks
from ..marks import CIRCLED, CROSSED, EMPTY, STRUCK, Marks
from .score import Item, Score

PARTS = ("columns", "colours", "jokers", "stars")
JOKER = "joker"  # the box row of exclamation marks
ROLL = "roll"  # the box row of the solo roll counter: one box crossed per roll, never scored


@dataclass(frozen=True)
class Prize:
    """A column or a colour: check all its cells to win one of its values."""

    part: str  # breakdown entry: "columns" or "colours"
    id: str  # "column:E", "colour:yellow"
    name: str  # for messages: "column E", "colour yellow"
    cells: tuple[Cell, ...]
    boxes: tuple[tuple[str, int], ...]  # (value element id, points), upper value first


def prizes(layout: Layout) -> list[Prize]:
    out = [Prize("columns", f"column:{col}", f"column {col}", tuple(layout.column_cells(col)),
                 tuple((f"column:{col}:{t.which}", t.values[k]) for t in layout.column_values))
           for k, col in enumerate(layout.columns)]
    out += [Prize("colours", f"colour:{c.name}", f"colour {c.name}",
                  tuple(layout.cells_of(c.name)),
                  tuple((f"colour:{c.name}:{t.which}", t.values[0]) for t in layout.colour_bonus))
            for c in layout.colours]
    return out


def element_ids(layout: Layout) -> list[str]:
    """Every element a player can mark on this sheet, in reading order."""
    ids = [c.id for c in layout.cells]
    ids += [f"{row.kind}:{n}" for row in layout.boxes for n in range(1, row.count + 1)]
    ids += [box for prize in prizes(layout) for box, _ in prize.boxes]
    return ids


def is_value_box(element_id: str) -> bool:
    return element_id.startswith(("column:", "colour:"))


def value_state(marks: Marks, element_id: str) -> str:
    """A value box is empty, circled or struck; a cross over a value is a way of striking it."""
    state = marks.state(element_id)
    return STRUCK if state == CROSSED else state


def filled_cells(layout: Layout, marks: Marks) -> set[str]:
    """Cells with any pen mark: players cross with X, slash, dot, scribble or even a circle."""
    return {c.id for c in layout.cells if marks.marked(c.id)}


def jokers_used(marks: Marks) -> int:
    # counted from the marks, not the boxes, so marks from elsewhere (a file, another reader)
    # that claim more exclamation marks than the sheet has are caught rather than clipped
    return sum(1 for i in marks.marked_ids() if i.startswith(JOKER + ":"))


def rolls_crossed(marks: Marks) -> int:
    """Roll boxes crossed: counted from the marks, like the jokers, so a marks file that claims
    more rolls than the sheet has boxes is caught rather than clipped (solo.py warns)."""
    return sum(1 for i in marks.marked_ids() if i.startswith(ROLL + ":"))


def score(layout: Layout, marks: Marks, solo: bool = False) -> Score:
    """The sheet's score. `solo`: the player is always first, so complete columns and colours
    score their upper value whatever is circled."""
    result = _points(layout, marks, solo)
    result.problems = legality(layout, marks)
    return result


def _points(layout: Layout, marks: Marks, solo: bool) -> Score:
    """The score without the legality checks, which change no points (`swing` scores a sheet
    once per uncertain mark: a hundred times on a photo the pen barely shows on)."""
    filled = filled_cells(layout, marks)
    result = Score(PARTS)
    for prize in prizes(layout):
        item, warnings = _award(prize, marks, filled, solo)
        result.items += [item] if item else []
        result.warnings += warnings
    items, warnings = _jokers(layout, marks)
    result.items += items
    result.warnings += warnings
    result.tiebreak = len(items)
    result.items += [Item("stars", c.id, layout.star_points, c.id)
                     for c in layout.cells if c.star and c.id not in filled]
    result.warnings += _unknown(layout, marks)
    return result


def _award(prize: Prize, marks: Marks, filled: set[str], solo: bool
           ) -> tuple[Item | None, list[str]]:
    """Which value of a column or colour scores, and the warnings the choice needs."""
    if not prize.boxes:
        return None, []
    states = [value_state(marks, box) for box, _ in prize.boxes]
    circled = [k for k, s in enumerate(states) if s == CIRCLED]
    if not all(c.id in filled for c in prize.cells):
        return None, [f"{prize.name} is not complete, so its circled {prize.boxes[k][1]} "
                      "scores nothing" for k in circled]
    warnings = []
    if solo:
        k = 0
    elif len(circled) > 1:
        k = circled[0]
        both = "both values" if len(circled) == 2 else f"{len(circled)} values"
        warnings.append(f"{prize.name} has {both} circled: scored the upper one, "
                        f"{prize.boxes[k][1]}")
    elif circled:
        k = circled[0]
    else:
        # the upper value unless someone else was first (struck), then the next one down
        k = next((k for k, s in enumerate(states) if s != STRUCK), len(states) - 1)
        why = " (its upper value is struck)" if k else ""
        warnings.append(f"{prize.name} is complete but no value is circled: "
                        f"scored {prize.boxes[k][1]}{why}")
    box, points = prize.boxes[k]
    return Item(prize.part, prize.id, points, box), warnings


def _jokers(layout: Layout, marks: Marks) -> tuple[list[Item], list[str]]:
    row = layout.box_row(JOKER)
    if row is None:
        return [], []
    used = jokers_used(marks)
    unused = max(0, row.count - used)
    empty = [f"{JOKER}:{n}" for n in range(1, row.count + 1) if not marks.marked(f"{JOKER}:{n}")]
    items = [Item("jokers", box, row.points_unused, box) for box in empty[:unused]]
    if used <= row.count:
        return items, []
    warning = (f"{used} exclamation marks are crossed out but a sheet has only {row.count}: "
               "none scores as unused")
    return items, [warning]


def _unknown(layout: Layout, marks: Marks) -> list[str]:
    known = set(element_ids(layout))
    # jokers and rolls beyond the sheet's boxes are counted, and warned about, elsewhere
    odd = sorted(i for i in marks.marked_ids()
                 if i not in known and not i.startswith((JOKER + ":", ROLL + ":")))
    return [f"marks on elements this sheet does not have were ignored: {', '.join(odd)}"] \
        if odd else []


def legality(layout: Layout, marks: Marks) -> list[str]:
    """Everything on this one sheet that the rules cannot have produced, one sentence each."""
    problems = [f"{_cells(group)} {'is' if len(group) == 1 else 'are'} not connected to column "
                f"{layout.start_column} through crosses" for group in unconnected(layout, marks)]
    row = layout.box_row(JOKER)
    used = jokers_used(marks)
    if row is not None and used > row.count:
        problems.append(f"{used} exclamation marks are crossed out; a sheet has only {row.count}")
    filled = filled_cells(layout, marks)
    for prize in prizes(layout):
        circled = [box for box, _ in prize.boxes if value_state(marks, box) == CIRCLED]
        empty = [c for c in prize.cells if c.id not in filled]
        if circled and empty:
            problems.append(f"{prize.name} has a value circled but {_cells(empty)} "
                            f"{'is' if len(empty) == 1 else 'are'} empty")
        if len(circled) > 1:
            problems.append(f"{prize.name} has {len(circled)} values circled; "
                            "expected at most one")
    return problems


def unconnected(layout: Layout, marks: Marks) -> list[list[Cell]]:
    """Groups of checked cells with no orthogonal path of checked cells to the start column:
    every move starts in that column or next to an earlier cross, so these cannot happen."""
    index = {col: k for k, col in enumerate(layout.columns)}
    at = {(index[c.column], c.row): c for c in layout.cells if marks.marked(c.id)}
    start = index[layout.start_column]
    # one "colour" for every checked cell: its blocks are the connected groups of crosses
    groups = blocks(dict.fromkeys(at, CROSSED))
    cut_off = [sorted(g) for g in groups if all(col != start for col, _ in g)]
    return [[at[p] for p in g] for g in sorted(cut_off)]


def _cells(cells: list[Cell]) -> str:
    names = ", ".join(f"{c.column}{c.row}" for c in cells)
    return f"cell{'s' if len(cells) > 1 else ''} {names}"


def swing(layout: Layout, marks: Marks, ids: Iterable[str] | None = None,
          solo: bool = False) -> dict[str, int]:
    """For each element (by default the uncertain ones), the largest change of the total if it
    had been read otherwise: signed, 0 when no other reading changes the score."""
    base = _points(layout, marks, solo).total
    out = {}
    for eid in sorted(marks.uncertain if ids is None else ids):
        if eid.startswith(ROLL + ":"):  # roll boxes count rolls, never points
            out[eid] = 0
            continue
        deltas = [_points(layout, marks.with_state(eid, s), solo).total - base
                  for s in _other_readings(marks, eid)]
        out[eid] = max(deltas, key=abs, default=0)
    return out


def _other_readings(marks: Marks, element_id: str) -> list[str]:
    if is_value_box(element_id):
        now = value_state(marks, element_id)
        return [s for s in (EMPTY, CIRCLED, STRUCK) if s != now]
    return [EMPTY] if marks.marked(element_id) else [CROSSED]
