"""A whole table: ranking, the disputes between sheets, the reports; and the solo game."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import cv2
import numpy as np
import pytest
import yaml
from click.testing import CliRunner

from encore_print.cli import main
from encore_print.layout import load_layout
from encore_print.marks import Marks
from encore_print.report import score_marks
from encore_print.rules.encore import score, swing
from encore_print.simulate import Pen, photo_of
from encore_print.solo import LADDER, rating, solo_result
from encore_print.table import Seat, check_table, rank, unique_names
from encore_print.table_report import CSV_FIELDS

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "encore-sheets.yaml"


def run(*args: object):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


# ---------------------------------------------------------------------------------------------
# Hand-made sheets: whole columns crossed (connected through H), values as the table played them
# ---------------------------------------------------------------------------------------------


def sheet(layout, columns: str, first: str = "", later: str = "", jokers: int = 0,
          extra: tuple[str, ...] = ()) -> Marks:
    """Columns crossed in full; `first`: upper value circled; `later`: upper struck and lower
    circled; the values of the other complete columns are left unmarked."""
    crossed = [c.id for col in columns for c in layout.column_cells(col)] + list(extra)
    crossed += [f"joker:{n}" for n in range(1, jokers + 1)]
    return Marks.of(crossed=crossed,
                    circled=[f"column:{c}:first" for c in first]
                    + [f"column:{c}:others" for c in later],
                    struck=[f"column:{c}:first" for c in later])


def seat(name: str, layout, marks: Marks, digest: str = "") -> Seat:
    return Seat(name, score_marks(f"{name}.jpg", layout, marks), digest)


def kinds(table) -> list[tuple[str, tuple[str, ...], str | None]]:
    return [(f.kind, f.players, f.element) for f in table.findings]


def test_ranking_by_total_then_unused_jokers_then_shared(encore):
    a = seat("Ann", encore, sheet(encore, "GH", first="GH", jokers=2))  # 3 + 6 unused
    b = seat("Ben", encore, sheet(encore, "GH", later="GH", jokers=0))  # 1 + 8 unused
    c = seat("Cat", encore, sheet(encore, "GH", later="GH", jokers=1))  # 1 + 7 unused
    d = seat("Dan", encore, sheet(encore, "GH", later="GH", jokers=1))
    totals = {s.name: s.result.score.total for s in (a, b, c, d)}
    assert totals["Ann"] == totals["Ben"] and totals["Cat"] == totals["Dan"] == totals["Ann"] - 1
    placed = rank([c, d, b, a])
    assert [(p.seat.name, p.place, p.shared) for p in placed] == [
        ("Ben", 1, False), ("Ann", 2, False), ("Cat", 3, True), ("Dan", 3, True)]


def test_a_clean_table_has_no_findings(encore):
    t = check_table([seat("Ann", encore, sheet(encore, "FGH", first="FGH")),
                     seat("Ben", encore, sheet(encore, "GHI", first="I", later="GH")),
                     seat("Cat", encore, sheet(encore, "H", later="H"))])
    assert t.findings == []
    assert t.layout.id == "encore"


def test_two_firsts_on_one_column_are_to_confirm(encore):
    t = check_table([seat("Ann", encore, sheet(encore, "GH", first="GH")),
                     seat("Ben", encore, sheet(encore, "H", first="H")),
                     seat("Cat", encore, sheet(encore, "GH", later="GH"))])
    assert kinds(t) == [("shared-first", ("Ann", "Ben"), "column:H:first")]
    f = t.findings[0]
    assert f.severity == "confirm" and "same roll" in f.message and "column H" in f.message


def test_a_missing_strike_names_both_players_and_its_cost(encore):
    t = check_table([seat("Ann", encore, sheet(encore, "GH", first="GH")),
                     seat("Ben", encore, sheet(encore, "GH", later="H"))])
    assert kinds(t) == [("missing-strike", ("Ben", "Ann"), "column:G:first")]
    msg = t.findings[0].message
    assert "Ann circled the upper value of column G" in msg
    assert "costs Ben 1 point" in msg  # scored 2 by default, 1 once struck


def test_lower_circled_without_strike_is_still_a_missing_strike_but_costs_nothing(encore):
    ben = Marks.of(crossed=[c.id for c in encore.column_cells("H")],
                   circled=["column:H:others"])
    t = check_table([seat("Ann", encore, sheet(encore, "H", first="H")), seat("Ben", encore, ben)])
    assert kinds(t) == [("missing-strike", ("Ben", "Ann"), "column:H:first")]
    assert "costs" not in t.findings[0].message


def test_an_incomplete_column_need_not_be_struck(encore):
    # RULES.md checks sheets that completed it; Ben has only part of column G
    t = check_table([seat("Ann", encore, sheet(encore, "GH", first="GH")),
                     seat("Ben", encore, sheet(encore, "H", later="H", extra=("cell:G1",)))])
    assert t.findings == []


def colour_sheet(layout, colours: list[str]) -> Marks:
    cells = {c.id for name in colours for c in layout.cells_of(name)}
    cells |= {c.id for c in layout.column_cells(layout.start_column)}
    return Marks.of(crossed=cells, circled=[f"colour:{n}:first" for n in colours])


def test_several_players_with_two_colour_bonuses_is_a_warning(encore):
    t = check_table([seat("Ann", encore, colour_sheet(encore, ["green", "blue"])),
                     seat("Ben", encore, colour_sheet(encore, ["yellow", "pink"])),
                     seat("Cat", encore, colour_sheet(encore, ["orange"]))])
    assert [k for k, _, _ in kinds(t) if k == "two-colours"] == ["two-colours"]
    f = next(f for f in t.findings if f.kind == "two-colours")
    assert f.players == ("Ann", "Ben") and f.severity == "confirm"
    assert "Ann: green, blue" in f.message and "Ben: yellow, pink" in f.message
    one = check_table([seat("Ann", encore, colour_sheet(encore, ["green", "blue"])),
                       seat("Cat", encore, colour_sheet(encore, ["orange"]))])
    assert [f.kind for f in one.findings] == []
    three = check_table([seat("Ann", encore, colour_sheet(encore, ["green", "blue", "pink"]))])
    assert [f.kind for f in three.findings] == ["too-many-colours"]


def test_the_same_sheet_twice_identical_or_nearly(encore):
    ann = sheet(encore, "FGH", first="FGH", jokers=2)
    t = check_table([seat("Ann", encore, ann), seat("Ann again", encore, ann),
                     seat("Ben", encore, sheet(encore, "GH", later="GH"))])
    # the copy is left out of the checks between players: no shared first with itself
    assert kinds(t) == [("same-sheet", ("Ann", "Ann again"), None)]
    assert "identical marks" in t.findings[0].message
    misread = ann.with_state("cell:A1", "crossed").with_state("joker:8", "crossed")
    t = check_table([seat("Ann", encore, ann), seat("Ann 2", encore, misread)])
    assert kinds(t) == [("same-sheet", ("Ann", "Ann 2"), None)]
    assert "except cell:A1, joker:8" in t.findings[0].message
    other = sheet(encore, "EFGH", first="E", later="FGH", jokers=2)  # 14 elements differ
    assert check_table([seat("Ann", encore, ann), seat("Ben", encore, other)]).findings == []


def test_the_same_file_twice_is_the_same_sheet_even_when_nearly_blank(encore):
    blank = Marks()
    t = check_table([seat("A", encore, blank, "abc"), seat("B", encore, blank, "abc"),
                     seat("C", encore, blank, "def")])
    assert kinds(t) == [("same-sheet", ("A", "B"), None)]
    assert "the same photo file" in t.findings[0].message


def test_a_foreign_layout_is_named_ranked_and_left_out_of_the_checks(encore):
    blue = load_layout("encore-blue")
    t = check_table([seat("Ann", encore, sheet(encore, "H", first="H")),
                     seat("Eve", blue, sheet(blue, "H", first="H")),
                     seat("Ben", encore, sheet(encore, "GH", later="H", first="G"))])
    assert kinds(t) == [("mixed-layouts", ("Eve",), None)]
    assert "encore-blue" in t.findings[0].message and t.layout.id == "encore"
    assert len(t.ranking) == 3


def test_unique_names():
    assert unique_names(["a", "b", "a", "a"]) == ["a", "b", "a (2)", "a (3)"]


# ---------------------------------------------------------------------------------------------
# Solo
# ---------------------------------------------------------------------------------------------


def test_the_ladder_has_the_reference_bands():
    bands = [r.band for r in LADDER]
    assert len(bands) == 13
    if REFERENCE.exists():
        ref = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))["solo"]
        assert bands == ref["rating_bands"]
        for band, name in ref["rating_names_known"].items():
            assert next(r for r in LADDER if r.band == band).name == name


@pytest.mark.parametrize("total,band", [(-7, "< 0"), (-1, "< 0"), (0, "0"), (1, "1-4"),
                                        (16, "13-16"), (17, "17-20"), (40, "37-40"),
                                        (41, "> 40"), (90, "> 40")])
def test_rating_of_a_total(total, band):
    assert rating(total).band == band


def test_solo_scores_first_values_and_rates_the_total(encore):
    # columns A and H complete; A circled lower, as a table game would: solo scores it 5
    m = Marks.of(crossed=[c.id for col in "ABCDEFGH" for c in encore.column_cells(col)]
                 + [f"roll:{n}" for n in range(1, 31)], circled=["column:A:others"])
    s = score(encore, m, solo=True)
    assert s.breakdown["columns"] == 5 + 3 + 3 + 3 + 2 + 2 + 2 + 1
    r = solo_result(encore, m, s.total)
    assert r.rung.band == rating(s.total).band and r.rolls == 30 and r.warnings == ()


def test_more_than_thirty_rolls_is_a_warning(encore):
    m = Marks.of(crossed=[f"roll:{n}" for n in range(1, 32)])  # a marks file may claim 31
    r = solo_result(encore, m, 12)
    assert r.rolls == 31 and r.max_rolls == 30
    assert r.warnings == ("31 roll boxes are crossed but a solo game lasts 30 rolls",)
    assert solo_result(encore, Marks(), 12).rolls == 0  # none crossed: no warning either
    mini = load_layout(Path(__file__).resolve().parents[1] / "examples" / "encore-mini.yaml")
    assert solo_result(mini, Marks(), 12).rolls is None  # a sheet without a roll counter


def test_roll_boxes_read_empty_between_crossed_ones_or_unsure_are_named(encore):
    m = Marks.of(crossed=[f"roll:{n}" for n in (1, 2, 3, 5, 6, 8)], uncertain=["roll:7"])
    r = solo_result(encore, m, 12)
    assert r.rolls == 6
    assert r.warnings == (
        "roll box 7 could not be read with confidence; look at it on the sheet",
        "roll box 4 is read empty but later ones are crossed; look at it on the sheet")


def test_roll_boxes_score_nothing_and_warn_of_nothing(encore):
    base = Marks.of(crossed=["cell:H1", "cell:H2", "joker:1"])
    rolled = Marks.of(crossed=["cell:H1", "cell:H2", "joker:1"]
                      + [f"roll:{n}" for n in range(1, 32)], uncertain=["roll:3", "cell:H2"])
    for solo in (False, True):
        assert score(encore, rolled, solo).to_json() == score(encore, base, solo).to_json()
    assert swing(encore, rolled) == {"roll:3": 0, "cell:H2": swing(encore, rolled, ["cell:H2"])[
        "cell:H2"]}


def test_score_solo_from_a_marks_file(tmp_path):
    f = tmp_path / "solo.yaml"
    f.write_text("crossed: H1-H7 G1-G7\njokers: 3\nrolls: 31\n")
    r = run("score", "--marks", f, "--solo", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["breakdown"]["columns"] == 3
    assert data["solo"]["rolls"] == 31 and data["solo"]["band"] == rating(data["total"]).band
    assert data["solo"]["warnings"] == ["31 roll boxes are crossed but a solo game lasts 30 rolls"]
    assert data["warnings"] == []  # the 31st roll is no mark on an unknown element
    text = run("score", "--marks", f, "--solo").stdout
    assert "«Ça frôle le refus de travail»" in text and "31 of 30 crossed" in text


# ---------------------------------------------------------------------------------------------
# A generated table of six photos with planted disputes, end to end through the command
# ---------------------------------------------------------------------------------------------

FELT = Pen("felt", (28, 28, 34), width_mm=0.7, density=0.95)
PLAYERS = {  # file stem: (layout, columns, first, later, jokers)
    "ann": ("encore", "EFGH", "EFGH", "", 2),
    "ben": ("encore", "GHIJ", "HIJ", "", 0),  # H first with Ann; G: the strike is missing
    "cat": ("encore", "HIJK", "K", "HIJ", 5),
    "dan": ("encore", "FGH", "", "FGH", 3),
    "eve": ("encore-blue", "HI", "HI", "", 1),  # another game's sheet
}


def planted(layout, columns, first, later, jokers) -> Marks:
    return sheet(layout, columns, first, later, jokers)


@pytest.fixture(scope="module")
def table_dir(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("table")
    for k, (stem, (lid, *spec)) in enumerate(PLAYERS.items()):
        layout = load_layout(lid)
        states = planted(layout, *spec).full(e.id for e in _elements(layout))
        rng = np.random.default_rng(40 + k)
        cv2.imwrite(str(folder / f"{stem}.jpg"),
                    photo_of(layout, states, rng, out_megapixels=2.0, pen=FELT))
        if stem == "ann":  # the same sheet, photographed a second time
            cv2.imwrite(str(folder / "ann2.jpg"),
                        photo_of(layout, states, np.random.default_rng(99), out_megapixels=2.0,
                                 pen=FELT))
    return folder


def _elements(layout):
    from encore_print.geometry import geometry

    return geometry(layout).elements


def expected_totals() -> dict[str, int]:
    out = {}
    for stem, (lid, *spec) in PLAYERS.items():
        layout = load_layout(lid)
        out[stem] = score(layout, planted(layout, *spec)).total
    out["ann2"] = out["ann"]
    return out


def test_six_photos_rank_and_flag_exactly_the_planted_disputes(table_dir, tmp_path):
    html = tmp_path / "report.html"
    r = run("table", table_dir, "--json", "--html", html, "--jobs", 2, "--name", "Ben=ben.jpg")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    names = {"ann": "ann", "ann2": "ann2", "ben": "Ben", "cat": "cat", "dan": "dan",
             "eve": "eve"}
    want = expected_totals()
    got = {p["name"]: p for p in data["ranking"]}
    assert set(got) == set(names.values())
    for stem, total in want.items():
        # right, or the reader said which marks it was unsure of and they cover the difference
        p = got[names[stem]]
        assert p["total"] == total or 0 < abs(p["total"] - total) <= sum(
            abs(v) for v in p["sheet"]["swing"].values()), (stem, p["sheet"]["uncertain"])
    totals = [p["total"] for p in data["ranking"]]
    assert totals == sorted(totals, reverse=True)
    ann = [p for p in data["ranking"] if p["name"].startswith("ann")]
    assert ann[0]["place"] == ann[1]["place"] and ann[0]["shared"]
    findings = [(f["kind"], f["players"], f["element"]) for f in data["findings"]]
    assert findings == [
        ("mixed-layouts", ["eve"], None),
        ("same-sheet", ["ann", "ann2"], None),
        ("missing-strike", ["Ben", "ann"], "column:G:first"),
        ("shared-first", ["ann", "Ben"], "column:H:first"),
    ]
    assert data["layout"] == "encore" and data["unreadable"] == []
    page = html.read_text(encoding="utf-8")
    assert page.count("<img") == 2 * 6 + 6  # per sheet: name crop and overlay; name in ranking
    for name in names.values():
        assert f">{name}<" in page
    assert "strike it on Ben&#x27;s sheet" in page
    assert re.search(r'src="data:image/jpeg;base64,[A-Za-z0-9+/=]{1000,}"', page)


def test_csv_and_text_and_a_photo_that_cannot_be_read(table_dir, tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    for stem in ("cat", "dan"):
        (folder / f"{stem}.jpg").write_bytes((table_dir / f"{stem}.jpg").read_bytes())
    (folder / "cut.jpg").write_bytes((table_dir / "ben.jpg").read_bytes()[:5000])
    noise = np.random.default_rng(0).integers(0, 256, (600, 800, 3), dtype=np.uint8)
    cv2.imwrite(str(folder / "table.png"), noise)  # a photo of the table, no sheet on it
    r = run("table", folder, "--csv", "--jobs", 1)
    assert r.exit_code == 4, r.output  # the worst: no sheet in table.png (3: cut.jpg)
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert {row["name"] for row in rows[:2]} == {"cat", "dan"}
    assert [row["name"] for row in rows[2:]] == ["cut", "table"]
    assert int(rows[0]["total"]) > int(rows[1]["total"])  # their totals differ by 2 as planted
    assert rows[0]["place"] == "1" and rows[1]["place"] == "2"
    assert set(rows[0]) == set(CSV_FIELDS)
    assert "truncated JPEG" in rows[2]["error"] and "no encore-print sheet" in rows[3]["error"]
    assert "Error:" in r.stderr
    r = run("table", folder / "cat.jpg", folder / "dan.jpg", folder / "cut.jpg")
    assert r.exit_code == 3
    assert r.stdout.splitlines()[1].split()[:2] == ["place", "player"]
    assert "Not read:" in r.stdout and "truncated JPEG" in r.stdout


def test_a_scanner_app_s_pdf_of_the_table_is_a_sheet_a_page(table_dir, tmp_path, scan_pdf):
    scans = scan_pdf(tmp_path / "scans.pdf", table_dir / "cat.jpg", table_dir / "dan.jpg")
    # (its first page also named alone: read once)
    r = run("table", scans, f"{scans}#page=1", "--csv", "--name", "Dan=scans.pdf#page=2")
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    want = expected_totals()
    assert [(row["name"], row["source"], int(row["total"])) for row in rows] == [
        ("scans-page1", f"{scans}#page=1", want["cat"]), ("Dan", f"{scans}#page=2", want["dan"])]


@pytest.mark.parametrize("args,code,sentence", [
    (["--json", "--csv"], 2, "give --json or --csv, not both"),
    (["--name", "Ann"], 2, "'Ann' should be NAME=PHOTO"),
    (["--name", "Ann=nope.jpg"], 2, "nope.jpg is not one of the photos given"),
    (["--jobs", "0"], 2, "0 is not in the range"),
])
def test_usage_errors_are_one_sentence(tmp_path, args, code, sentence):
    photo = tmp_path / "a.jpg"
    photo.write_bytes(b"not really")
    r = run("table", photo, *args)
    assert r.exit_code == code and sentence in r.output


def test_an_empty_folder_and_an_existing_report(tmp_path):
    r = run("table", tmp_path)
    assert r.exit_code == 1 and f"folder {tmp_path} holds no photos" in r.output
    html = tmp_path / "r.html"
    html.write_text("keep me")
    (tmp_path / "a.jpg").write_bytes(b"x")
    r = run("table", tmp_path / "a.jpg", "--html", html)
    assert r.exit_code == 1 and "already exists; add --force" in r.output
    assert html.read_text() == "keep me"


def test_html_escapes_every_text(encore):
    from encore_print.table_report import TableReport, to_html, to_text

    evil = '<img src=x onerror="alert(1)"> & co'
    t = check_table([seat(evil, encore, sheet(encore, "H", first="H")),
                     seat("Ben", encore, sheet(encore, "H", first="H"))])
    page = to_html(TableReport(t))
    assert "<img src=x" not in page and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co" \
        in page
    assert evil in to_text(TableReport(t))  # the terminal shows it as typed


def test_solo_from_a_photo(table_dir):
    """Cat struck the upper values of H, I and J in a table game; alone, she scores them."""
    encore = load_layout("encore")
    marks = planted(encore, *PLAYERS["cat"][1:])
    r = run("score", table_dir / "cat.jpg", "--solo", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    solo_total = score(encore, marks, solo=True).total
    assert solo_total == score(encore, marks).total + 3  # H 1-0, I 2-1, J 2-1
    assert data["total"] == solo_total
    assert data["solo"]["band"] == rating(solo_total).band and data["solo"]["rolls"] == 0
    assert f"rung {LADDER.index(rating(solo_total)) + 1} of 13" in run(
        "score", table_dir / "cat.jpg", "--solo").stdout
