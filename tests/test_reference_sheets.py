"""The built-in sheets are the real ones: checked cell by cell against shared/reference."""

from collections import Counter
from pathlib import Path

import pytest
import yaml

from encore_print.layout import builtin_ids, load_layout
from encore_print.layout.load import blocks

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "encore-sheets.yaml"
COLOURS = {"G": "green", "Y": "yellow", "B": "blue", "R": "pink", "O": "orange"}


def reference():
    if not REFERENCE.exists():
        pytest.skip(f"shared reference not found at {REFERENCE}")
    return yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))


def ours(ref_id: str) -> str:
    return "encore" if ref_id == "encore-1-black" else ref_id


def test_every_reference_sheet_is_built_in():
    ids = {ours(s["id"]) for s in reference()["sheets"]}
    assert ids == set(builtin_ids())


@pytest.mark.parametrize("index", range(7))
def test_cells_stars_and_values_match_reference(index):
    ref = reference()
    sheet = ref["sheets"][index]
    lay = load_layout(ours(sheet["id"]))
    for r, row in enumerate(sheet["rows"], start=1):
        for col, token in zip(lay.columns, row.split()):
            cell = lay.cell(col, r)
            assert cell.colour == COLOURS[token[0]], cell.id
            assert cell.star == token.endswith("*"), cell.id
    assert sorted(c.id for c in lay.cells if c.star) == sorted(f"cell:{s}" for s in sheet["stars"])
    tiers = {t.which: list(t.values) for t in lay.column_values}
    assert tiers == {"first": ref["scoring"]["column_points_first"],
                     "others": ref["scoring"]["column_points_later"]}
    assert {t.which: t.values[0] for t in lay.colour_bonus} == {"first": 5, "others": 3}
    jokers = lay.box_row("joker")
    assert (jokers.count, jokers.points_unused) == (8, 1)
    assert lay.star_points == -2 and lay.start_column == "H"


@pytest.mark.parametrize("lid", ["encore", "encore-2-yellow", "encore-3-purple",
                                 "encore-4-orange", "encore-red", "encore-blue", "encore-green"])
def test_sheet_invariants(lid):
    lay = load_layout(lid)
    assert lay.columns == tuple("ABCDEFGHIJKLMNO") and lay.n_rows == 7
    at = {(c.row, lay.columns.index(c.column)): c.colour for c in lay.cells}
    sizes: dict[str, list[int]] = {}
    for block in blocks(at):
        sizes.setdefault(at[next(iter(block))], []).append(len(block))
    assert set(sizes) == set(COLOURS.values())
    for colour, found in sizes.items():
        assert sorted(found) == [1, 2, 3, 4, 5, 6], colour  # 21 cells, one block of each size
    stars = [c for c in lay.cells if c.star]
    assert len(stars) == 15 and len({c.column for c in stars}) == 15
    assert Counter(c.colour for c in stars) == {c: 3 for c in COLOURS.values()}


def test_codes_and_ids_are_unique():
    layouts = [load_layout(i) for i in builtin_ids()]
    assert len({lay.code for lay in layouts}) == len(layouts)
    assert len({lay.id for lay in layouts}) == len(layouts)
