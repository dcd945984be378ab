"""Marks files: what they accept, what they refuse (with file:line:col), and the round trip
through marks_to_yaml."""

import random

import pytest

from encore_print.errors import LayoutError
from encore_print.layout import load_layout
from encore_print.marks import CIRCLED, CROSSED, STRUCK, Marks
from encore_print.marks_file import MarksError, load_marks, marks_to_yaml
from encore_print.rules.encore import element_ids, is_value_box, score, value_state


def write(tmp_path, text, name="sheet.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path, text):
    path = write(tmp_path, text)
    with pytest.raises(MarksError) as e:
        load_marks(path)
    assert isinstance(e.value, LayoutError)
    prefix = f"{path}:"
    assert all(p.startswith(prefix) for p in e.value.problems), e.value.problems
    return [p.removeprefix(prefix) for p in e.value.problems]


def crossed(marks):
    return {i for i, s in marks.states.items() if s == CROSSED}


# --- what a file may say --------------------------------------------------------------------

def test_the_documented_example(tmp_path):
    path = write(tmp_path, """\
layout: encore
crossed: H1-H7 G1 G2 I3
jokers: 2
circled: column:A colour:yellow
struck: column:E:first
uncertain: C4
""")
    layout_id, m = load_marks(path)
    assert layout_id == "encore"
    cells = {f"cell:H{r}" for r in range(1, 8)} | {"cell:G1", "cell:G2", "cell:I3"}
    assert crossed(m) == cells | {"joker:1", "joker:2"}
    assert m.state("column:A:first") == CIRCLED
    assert m.state("colour:yellow:first") == CIRCLED
    assert m.state("column:E:first") == STRUCK
    assert m.uncertain == {"cell:C4"}


def test_layout_defaults_to_encore_and_empty_keys_mean_nothing(tmp_path):
    layout_id, m = load_marks(write(tmp_path, "crossed:\ncircled: []\n"))
    assert layout_id == "encore"
    assert m.states == {} and m.uncertain == set()


@pytest.mark.parametrize("text, boxes", [
    ("crossed: H7-H5", {"cell:H5", "cell:H6", "cell:H7"}),
    ("crossed: F1-H1", {"cell:F1", "cell:G1", "cell:H1"}),
    ("crossed: h1, cell:H2,g1", {"cell:H1", "cell:H2", "cell:G1"}),
    ("crossed: [H1, H2 H3, 'G1']", {"cell:H1", "cell:H2", "cell:H3", "cell:G1"}),
    ("crossed:\n  - H1 H2\n  - G1-G2\n", {"cell:H1", "cell:H2", "cell:G1", "cell:G2"}),
    ("crossed: H1 H1-H2", {"cell:H1", "cell:H2"}),
    ("jokers: 0", set()),
    ("jokers: 3", {"joker:1", "joker:2", "joker:3"}),
    ("jokers: [2, 8]", {"joker:2", "joker:8"}),
    ("jokers: 1 joker:4", {"joker:1", "joker:4"}),
    ("rolls: 0", set()),
    ("rolls: 3", {"roll:1", "roll:2", "roll:3"}),
    ("rolls: [2, 30]", {"roll:2", "roll:30"}),
    ("rolls: 1 roll:4", {"roll:1", "roll:4"}),
    ("rolls: 31", {f"roll:{n}" for n in range(1, 32)}),  # more than the game lasts: solo warns
])
def test_box_spellings(tmp_path, text, boxes):
    """Cells, exclamation marks and roll boxes, each in the ways a person writes them."""
    assert crossed(load_marks(write(tmp_path, text))[1]) == boxes


def test_bad_rolls(tmp_path):
    assert problems(tmp_path, "rolls: -1\n") == [
        "1:8: -1 roll boxes crossed out, but a sheet has 30; expected 0 to 30"]
    found = problems(tmp_path, "rolls: [1, 31, joker:2, 1]\n")
    assert found == [
        ("1:12: '31' is not a roll box; expected a box number 1 to 30, or how many are crossed "
         "out as one number: 'rolls: 2'"),
        ("1:16: 'joker:2' is not a roll box; expected a box number 1 to 30, or how many are "
         "crossed out as one number: 'rolls: 2'"),
        "1:25: roll box 1 is listed twice; expected each once"]
    assert problems(tmp_path, "slashes: A A\n")[0] == \
        "1:1: unknown key 'slashes'; expected one of layout, crossed, jokers, circled, struck, " \
        "uncertain, rolls"


@pytest.mark.parametrize("word, element", [
    ("column:A", "column:A:first"),
    ("column:a:others", "column:A:others"),
    ("A", "column:A:first"),
    ("yellow", "colour:yellow:first"),
    ("colour:pink:others", "colour:pink:others"),
    ("color:Pink", "colour:pink:first"),
])
def test_value_spellings(tmp_path, word, element):
    _, m = load_marks(write(tmp_path, f"circled: {word}\n"))
    assert m.states == {element: CIRCLED}


def test_uncertain_takes_any_element(tmp_path):
    _, m = load_marks(write(tmp_path, "uncertain: C4 joker:3 column:E:first D1-D2 roll:12\n"))
    assert m.uncertain == {"cell:C4", "joker:3", "column:E:first", "cell:D1", "cell:D2",
                           "roll:12"}
    assert problems(tmp_path, "uncertain: roll:31\n") == [
        "1:12: unknown box 'roll:31'; expected roll:1 to roll:30"]


def test_another_builtin_layout(tmp_path):
    layout_id, _ = load_marks(write(tmp_path, "layout: encore-blue\ncrossed: H5\n"))
    assert layout_id == "encore-blue"


def test_layout_file_next_to_the_marks_file(tmp_path):
    (tmp_path / "mine.yaml").write_text("base: encore\nid: mine\ncode: 200\n", encoding="utf-8")
    layout_id, m = load_marks(write(tmp_path, "layout: mine.yaml\ncrossed: H1\n"))
    assert layout_id == str((tmp_path / "mine.yaml").resolve())
    assert load_layout(layout_id).id == "mine"
    assert crossed(m) == {"cell:H1"}


# --- what it refuses, and where ---------------------------------------------------------------

def test_unknown_cell(tmp_path):
    assert problems(tmp_path, "crossed: H1 P9\n") == [
        ("1:13: unknown cell 'P9'; expected a column A–O and a row 1–7 from the top, such as H1, "
         "or a range such as H1-H7")]


def test_cell_in_a_list_item(tmp_path):
    found = problems(tmp_path, "crossed:\n  - H1 H2\n  - 'G1 H8'\n")
    assert found[0].startswith("3:9: unknown cell 'H8'")


def test_crooked_range(tmp_path):
    assert problems(tmp_path, "crossed: A1-C3") == [
        ("1:10: range 'A1-C3' is neither in one column nor in one row; expected e.g. H1-H7 or "
         "A1-O1")]


def test_unknown_colour_with_suggestion(tmp_path):
    assert problems(tmp_path, "layout: encore\ncircled: [column:A, colour:yelow]\n") == [
        ("2:21: unknown colour 'yelow'; did you mean 'yellow'? expected one of green, yellow, "
         "blue, pink, orange")]


def test_unknown_kind_with_suggestion(tmp_path):
    [found] = problems(tmp_path, "struck: colum:B\n")
    assert found.startswith("1:9: 'colum:B' is not a column or colour value; "
                            "did you mean 'column:B'?")


def test_unknown_tier(tmp_path):
    assert problems(tmp_path, "circled: column:C:third\n") == [
        "1:10: unknown value 'third' in 'column:C:third'; expected first or others"]


def test_unknown_key_with_suggestion(tmp_path):
    assert problems(tmp_path, "layout: encore\ncrosed: H1\n") == [
        "2:1: unknown key 'crosed'; did you mean 'crossed'?"]


def test_layout_that_is_not_built_in(tmp_path):
    [found] = problems(tmp_path, "layout: encoer\n")
    assert found.startswith("1:9: unknown layout 'encoer'; did you mean 'encore'? "
                            "expected a built-in layout (encore, ")


def test_layout_file_with_problems(tmp_path):
    (tmp_path / "bad.yaml").write_text("base: encore\nid: bad\ncode: 999\n", encoding="utf-8")
    path = write(tmp_path, "layout: bad.yaml\n")
    with pytest.raises(MarksError) as e:
        load_marks(path)
    first, *rest = e.value.problems
    assert first == f"{path}:1:9: layout file 'bad.yaml' has problems; expected a valid layout:"
    # the layout file's own problems follow, located in that file
    assert rest and all(p.startswith(f"{tmp_path / 'bad.yaml'}:3:") for p in rest)


def test_wrong_types(tmp_path):
    found = problems(tmp_path, "layout: 3\n")
    assert found == ["1:9: expected a layout id such as 'encore', found a number"]
    found = problems(tmp_path, "crossed: {H1: yes}\n")
    assert found == [("1:10: crossed: expected cells such as 'H1 H2 G1' or 'H1-H7', or a list "
                      "of them, found a mapping")]
    found = problems(tmp_path, "jokers: 2.5\n")
    assert found[0].startswith("1:9: jokers: expected a number such as 2")
    found = problems(tmp_path, "- H1\n")
    assert found == ["1:1: expected marks: key: value lines such as 'crossed: H1 H2 G1'"]


def test_too_many_jokers(tmp_path):
    assert problems(tmp_path, "jokers: 9\n") == [
        "1:9: 9 exclamation marks crossed out, but a sheet has 8; expected 0 to 8"]
    found = problems(tmp_path, "jokers: [1, 9, 1]\n")
    assert found[0].startswith("1:13: '9' is not an exclamation mark; expected a box number")
    assert found[1] == "1:16: exclamation mark 1 is listed twice; expected each once"


def test_circled_and_struck_at_once(tmp_path):
    assert problems(tmp_path, "circled: column:A\nstruck: A\n") == [
        "2:9: 'A' is also circled; expected a value either circled or struck, not both"]


def test_every_problem_at_once_in_file_order(tmp_path):
    found = problems(tmp_path, "crossed: P9\ncircled: Q\nsoup: 1\njokers: 12\n")
    assert [f.split(": ", 1)[0] for f in found] == ["1:10", "2:10", "3:1", "4:9"]


def test_duplicate_key_and_bad_yaml(tmp_path):
    found = problems(tmp_path, "crossed: H1\ncrossed: H2\n")
    assert found == ["2:1: duplicate key 'crossed' (first on line 1); expected each key once"]
    [found] = problems(tmp_path, "crossed: [H1\n")
    assert "not valid YAML" in found


def test_missing_file(tmp_path):
    with pytest.raises(MarksError, match="no such file"):
        load_marks(tmp_path / "nope.yaml")


# --- writing a sheet's marks back ----------------------------------------------------------------

def test_written_file_reads_well(encore):
    m = Marks.of(crossed=["cell:H1", "cell:H2", "cell:G1", "joker:1", "joker:2"],
                 circled=["column:A:first"], struck=["colour:green:first"],
                 uncertain=["cell:C4", "joker:3"])
    text = marks_to_yaml(encore, m)
    assert "layout: encore\n" in text
    assert "\n  - G1\n  - H1 H2\n" in text
    assert "\njokers: 2 " in text
    assert "\ncircled: column:A:first " in text
    assert "\nstruck: colour:green:first " in text
    assert "\nuncertain: C4 joker:3 " in text


def test_rolls_are_written_only_when_crossed(encore, tmp_path):
    assert "rolls" not in marks_to_yaml(encore, Marks.of(crossed=["cell:H1"]))
    text = marks_to_yaml(encore, Marks.of(crossed=[f"roll:{n}" for n in range(1, 19)],
                                          uncertain=["roll:19"]))
    assert "\nrolls: 18 " in text and "\nuncertain: roll:19 " in text
    text = marks_to_yaml(encore, Marks.of(crossed=["roll:1", "roll:2", "roll:5"]))
    assert "\nrolls: [1, 2, 5] " in text
    assert crossed(load_marks(write(tmp_path, text))[1]) == {"roll:1", "roll:2", "roll:5"}


def test_jokers_not_from_the_start_are_written_as_a_list(encore, tmp_path):
    text = marks_to_yaml(encore, Marks.of(crossed=["joker:2", "joker:5"]))
    assert "\njokers: [2, 5] " in text
    assert crossed(load_marks(write(tmp_path, text))[1]) == {"joker:2", "joker:5"}


def test_empty_sheet_round_trip(encore, tmp_path):
    text = marks_to_yaml(encore, Marks())
    layout_id, m = load_marks(write(tmp_path, text))
    assert layout_id == "encore" and m.marked_ids() == set()


def normalised(layout, marks):
    """What scoring sees: any mark on a cell or joker, and circled/struck values."""
    ids = element_ids(layout)
    return ({i for i in ids if not is_value_box(i) and marks.marked(i)},
            {i: value_state(marks, i) for i in ids if is_value_box(i) and marks.marked(i)},
            marks.uncertain)


@pytest.mark.parametrize("seed", range(15))
def test_round_trip_of_random_sheets(encore, tmp_path, seed):
    rng = random.Random(seed)
    ids = element_ids(encore)
    m = Marks({i: rng.choice((CROSSED, CIRCLED, STRUCK)) for i in rng.sample(ids, 40)},
              uncertain=set(rng.sample(ids, 3)))
    layout_id, back = load_marks(write(tmp_path, marks_to_yaml(encore, m)))
    assert layout_id == "encore"
    assert normalised(encore, back) == normalised(encore, m)
    assert score(encore, back).to_json() == score(encore, m).to_json()


def test_round_trip_with_a_layout_file(tmp_path):
    (tmp_path / "mine.yaml").write_text("base: encore\nid: mine\ncode: 201\n", encoding="utf-8")
    mine = load_layout(tmp_path / "mine.yaml")
    text = marks_to_yaml(mine, Marks.of(crossed=["cell:H3"]))
    other = tmp_path / "elsewhere"
    other.mkdir()
    layout_id, m = load_marks(write(other, text))
    assert load_layout(layout_id).id == "mine"
    assert crossed(m) == {"cell:H3"}
