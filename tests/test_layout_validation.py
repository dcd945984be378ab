"""Broken layout files: every problem is reported, each with file, line, column and what was
expected; nothing is half-loaded."""

import json
from pathlib import Path

import pytest

from encore_print.errors import LayoutError
from encore_print.geometry import geometry
from encore_print.layout import load_layout, validate_files
from encore_print.layout.schema import json_schema_document

GOOD = (Path(__file__).resolve().parents[1] / "layouts" / "encore.yaml").read_text()


def broken(tmp_path, old: str, new: str, name="broken.yaml") -> Path:
    assert old in GOOD, old
    path = tmp_path / name
    path.write_text(GOOD.replace(old, new, 1).replace("id: encore\n", "id: mine\n", 1)
                    .replace("code: 1 ", "code: 99 ", 1))
    return path


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def problems_of(path: Path) -> list[str]:
    with pytest.raises(LayoutError) as e:
        load_layout(path)
    assert validate_files([path]) == e.value.problems
    return e.value.problems


def test_wrong_row_length(tmp_path):
    p = broken(tmp_path, '"O  G  Y  G  Y  Y  O  O  R  B  B  O  O  G  G"',
               '"O  G  Y  G  Y  Y  O  O  R  B  B  O  O  G"')
    [msg] = problems_of(p)
    assert msg.startswith(f"{p}:{line_of(p, 'row 2')}:")
    assert "row 2 has 14 cells; expected 15, one per column A–O" in msg


def test_unknown_colour_points_at_the_letter(tmp_path):
    p = broken(tmp_path, '"B  G  R  G  G  G  G  R  R  R  Y  Y  O  G  G"',
               '"B  G  R  G  G  G  G  X  R  R  Y  Y  O  G  G"')
    [msg] = problems_of(p)
    line = line_of(p, "row 3")
    col = p.read_text().splitlines()[line - 1].index("X") + 1
    assert msg.startswith(f"{p}:{line}:{col}: unknown colour 'X' in row 3, column H")
    assert "expected one of G, Y, B, R, O" in msg


def test_block_too_big(tmp_path):
    # row 1 D-G are yellow (4); making H1 yellow too joins D1-H1 with the yellow of row 2
    p = broken(tmp_path, '"G  G  G  Y  Y  Y  Y  G  B  B  B  O  Y  Y  Y"',
               '"G  G  G  Y  Y  Y  Y  Y  B  B  B  O  Y  Y  Y"')
    msgs = problems_of(p)
    assert any("yellow block of" in m and "expected 1 to 6 cells" in m for m in msgs), msgs


def test_tagged_block_not_contiguous(tmp_path):
    p = broken(tmp_path, '"R  O  O  O  O  R  B  B  O  O  O  R  R  R  R"',
               '"R  O1 O  O  O  R  B  B  O  O  O1 R  R  R  R"')
    [msg] = problems_of(p)
    assert f":{line_of(p, 'row 5')}:" in msg
    assert "colour block 'O1' is not contiguous (cells B5, K5)" in msg


def test_star_outside_grid(tmp_path):
    p = broken(tmp_path, "stars: [A3,", "stars: [P3,")
    [msg] = problems_of(p)
    line = line_of(p, "stars:")
    col = p.read_text().splitlines()[line - 1].index("P3") + 1
    assert msg == (f"{p}:{line}:{col}: star 'P3' is outside the grid; "
                   "expected a cell from A1 to O7")


def test_missing_column_value(tmp_path):
    p = broken(tmp_path, "first:  [5, 3, 3,", "first:  [5, 3,")
    [msg] = problems_of(p)
    assert f"{p}:{line_of(p, 'first:  [5')}:" in msg
    assert "missing column value: 14 'first' values for 15 columns" in msg


def test_unknown_key_did_you_mean(tmp_path):
    p = broken(tmp_path, "star_points: -2", "star_point: -2")
    [msg] = problems_of(p)
    assert msg == f"{p}:{line_of(p, 'star_point')}:1: unknown key 'star_point'; " \
                  "did you mean 'star_points'?"


def test_duplicate_key_and_duplicate_id(tmp_path):
    p = broken(tmp_path, "star_points: -2", "star_points: -2\nstar_points: -1")
    [msg] = problems_of(p)
    assert "duplicate key 'star_points'" in msg and f":{line_of(p, 'star_points: -1')}:1:" in msg
    twin = tmp_path / "twin.yaml"
    twin.write_text(GOOD.replace("code: 1 ", "code: 98 "))
    msgs = validate_files([twin])
    source = load_layout("encore").source
    assert msgs == [(f"{twin}:{line_of(twin, 'id: encore')}:5: duplicate id 'encore', also used "
                     f"by {source}; expected one of its own")]


def test_box_row_placement(tmp_path):
    p = broken(tmp_path, "place: panel, per_line: 6", "place: side, per_line: 0")
    n = line_of(p, "kind: roll")
    assert problems_of(p) == [
        f"{p}:{n}:47: boxes[1].place: 'side' is not allowed; expected one of below, panel",
        f"{p}:{n}:63: boxes[1].per_line: 0 is too small; expected at least 1"]
    p = broken(tmp_path, "place: panel, per_line: 6", "place: panel, per_line: 1")
    assert problems_of(p) == [
        (f"{p}:{n}:5: 30 'roll' boxes do not fit in the panel beside the grid (each would be "
         "0.1 mm); expected boxes of at least 2.5 mm: fewer boxes, or another per_line")]


def test_box_rows_below_wrap_and_a_panel_without_colour_bonuses(tmp_path):
    p = broken(tmp_path, 'label: "!", points_unused: 1}', 'label: "!", per_line: 4}')
    jokers = [e for e in geometry(load_layout(p)).elements if e.kind == "joker"]
    assert len({e.box_mm[1] for e in jokers}) == 2 and len({e.box_mm[0] for e in jokers}) == 4
    p = broken(tmp_path, "colour_bonus: {first: 5, others: 3}", "")
    g = geometry(load_layout(p))
    rolls = [e for e in g.elements if e.kind == "roll"]
    cells = [e for e in g.elements if e.kind == "cell"]
    assert len(rolls) == 30 and not any(e.kind == "colour-bonus" for e in g.elements)
    assert min(e.box_mm[0] for e in rolls) > max(e.box_mm[0] + e.box_mm[2] for e in cells)


def test_all_problems_reported_at_once(tmp_path):
    p = tmp_path / "many.yaml"
    text = (GOOD.replace("star_points: -2", "star_pionts: -2")
            .replace('"G  G  G  Y', '"Q  G  G  Y').replace("version: 2 ", "version: one ")
            .replace("id: encore\n", "id: many\n").replace("code: 1 ", "code: 97 "))
    p.write_text(text)
    msgs = validate_files([p])
    assert len(msgs) == 2  # type errors stop before the grid is looked at
    assert f"{p}:5:10: version: expected a whole number, found text" in msgs
    assert any("did you mean 'star_points'" in m for m in msgs)


def test_malformed_yaml_names_line_and_column(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("id: x\ngrid: {columns: A B\n  rows: [\n")
    [msg] = problems_of(p)
    assert msg.startswith(f"{p}:") and "not valid YAML" in msg
    line, col = msg.split(":")[1:3]
    assert int(line) >= 2 and int(col) >= 1


def test_not_a_mapping_and_missing_file(tmp_path):
    p = tmp_path / "list.yaml"
    p.write_text("- a\n- b\n")
    assert problems_of(p) == [f"{p}:1:1: expected a layout: key: value lines such as 'id: encore'"]
    with pytest.raises(LayoutError, match="no such file"):
        load_layout(tmp_path / "nothing.yaml")


def test_base_layout_inherits_and_reports_in_own_file(tmp_path):
    p = tmp_path / "variant.yaml"
    p.write_text("base: encore\nid: variant\ncode: 90\ntitle: Variant\n"
                 "grid:\n  stars: [A1, Z9]\n")
    [msg] = problems_of(p)
    assert msg.startswith(f"{p}:6:") and "star 'Z9' is outside the grid" in msg
    p.write_text("base: encore\nid: variant\ncode: 90\ntitle: Variant\ngrid:\n  stars: [A1]\n")
    lay = load_layout(p)
    assert [c.id for c in lay.cells if c.star] == ["cell:A1"]
    assert lay.cell("H", 1).colour == "green" and lay.title == "Variant"


def test_published_json_schema_is_current():
    path = Path(__file__).resolve().parents[1] / "layouts" / "layout.schema.json"
    assert json.loads(path.read_text()) == json_schema_document(), \
        "regenerate with: python -m encore_print.layout.schema > layouts/layout.schema.json"
