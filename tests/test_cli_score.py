"""`encore-print score` as a player uses it: photos in, the DESIGN.md contract out, and one
clear sentence with its exit status for every photo that cannot be scored."""

import json

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from encore_print.cli import main
from encore_print.geometry import geometry
from encore_print.layout import load_layout
from encore_print.marks import Marks
from encore_print.marks_file import marks_to_yaml
from encore_print.render.preview import render_sheet_image
from encore_print.report import score_marks
from encore_print.simulate import draw_marks, random_finished_sheet, random_pen, take_photo

DPI = 200


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    """A phone photo of a finished sheet, and the truth behind it."""
    layout = load_layout("encore")
    rng = np.random.default_rng(42)
    truth = random_finished_sheet(layout, rng)
    sheet = draw_marks(np.array(render_sheet_image(layout, DPI)), geometry(layout), DPI, truth,
                       rng, pen=random_pen(rng, kind="felt"))
    path = tmp_path_factory.mktemp("photos") / "IMG_2041.jpg"
    cv2.imwrite(str(path), take_photo(sheet, rng, "ordinary", out_megapixels=4).image)
    total = score_marks("truth", layout, Marks(states=truth)).score.total
    return path, truth, total


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_json_contract(photo):
    path, truth, total = photo
    r = run("score", path, "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {"source", "layout", "version", "total", "breakdown", "marks", "values", "uncertain",
            "warnings"} <= set(data)
    assert data["source"] == str(path) and data["layout"] == "encore" and data["version"] == 2
    assert set(data["breakdown"]) == {"columns", "colours", "jokers", "stars"}
    assert sum(data["breakdown"].values()) == data["total"] == total
    assert len(data["marks"]) == 183
    assert {k: v for k, v in data["marks"].items() if v != "empty"} == \
        {k: v for k, v in truth.items() if v != "empty"}
    assert data["uncertain"] == []


def test_text_overlay_and_saved_marks(photo, tmp_path):
    path, _, total = photo
    overlay, saved = tmp_path / "seen.png", tmp_path / "seen.yaml"
    r = run("score", path, "--overlay", overlay, "--save-marks", saved)
    assert r.exit_code == 0 and f"{path}: {total} points" in r.output
    img = cv2.imread(str(overlay))
    assert img is not None and img.shape[1] == 180 * 8
    again = run("score", "--marks", saved, "--json")
    assert json.loads(again.output)["total"] == total
    r = run("score", path, "--overlay", overlay)
    assert r.exit_code == 1 and "already exists; add --force" in r.output


@pytest.mark.parametrize("name", ["seen.txt", "seen"])
def test_an_overlay_not_named_as_an_image_is_refused_before_the_work(photo, tmp_path, name):
    path, _, _ = photo
    r = run("score", path, "--overlay", tmp_path / name)
    assert r.exit_code == 2 and "name ending in .png or .jpg" in r.output
    assert "points" not in r.output and not (tmp_path / name).exists()


def test_marks_file_scores_without_a_camera(tmp_path):
    layout = load_layout("encore")
    column_a = {c.id: "crossed" for c in layout.column_cells("A")}
    marks = Marks(states={**column_a, "column:A:first": "circled", "joker:1": "crossed"})
    f = tmp_path / "sheet.yaml"
    f.write_text(marks_to_yaml(layout, marks))
    data = json.loads(run("score", "--marks", f, "--json").output)
    # column A first (5) + 7 unused jokers − 2 per empty star (A3 is crossed: 14 left)
    assert data["breakdown"] == {"columns": 5, "colours": 0, "jokers": 7, "stars": -28}
    assert data["total"] == -16


def test_uncertain_elements_say_what_they_could_change(tmp_path):
    layout = load_layout("encore")
    states = {c.id: "crossed" for c in layout.column_cells("H")}
    states["column:H:first"] = "circled"
    marks = Marks(states=states, uncertain={"cell:H3", "joker:2"})
    f = tmp_path / "sheet.yaml"
    f.write_text(marks_to_yaml(layout, marks))
    out = run("score", "--marks", f).output
    assert "UNCERTAIN: 2 marks" in out
    assert "cell:H3: read as crossed; the other reading would change the total by -1" in out
    assert "joker:2: read as empty; the other reading would change the total by -1" in out


def test_many_uncertain_marks_that_change_nothing_go_on_one_line(tmp_path):
    """A photo whose pen barely shows leaves a hundred empty boxes to check: the few that
    change the total are listed one by one, the rest on one line."""
    from encore_print.rules.encore import swing

    layout = load_layout("encore")
    states = {c.id: "crossed" for c in layout.column_cells("H")}
    states["column:H:first"] = "circled"
    cells = [c.id for c in layout.cells if c.id not in states]
    idle = [i for i, d in swing(layout, Marks(states=states), cells).items() if d == 0][:8]
    marks = Marks(states=states, uncertain={"cell:H3", *idle})
    f = tmp_path / "sheet.yaml"
    f.write_text(marks_to_yaml(layout, marks))
    out = run("score", "--marks", f).output
    assert "UNCERTAIN: 9 marks" in out
    assert "cell:H3: read as crossed; the other reading would change the total by -1" in out
    assert not any(f"{i}: read as" in out for i in idle)
    folded = [line for line in out.splitlines() if "8 more would not change the total" in line]
    assert len(folded) == 1 and all(i in folded[0] for i in idle), out
    assert "read as empty: " in folded[0]


@pytest.mark.parametrize("content,code,sentence", [
    (b"this is a shopping list, not a photo", 3, "is not an image this tool can read"),
    (b"", 3, "is empty, not a photo"),
    (b"%PDF-1.7\n%a download cut off", 3, "is a PDF that cannot be read (it is damaged)"),
])
def test_files_that_are_not_photos(tmp_path, content, code, sentence):
    f = tmp_path / "note.jpg"
    f.write_bytes(content)
    r = run("score", f)
    assert r.exit_code == code and sentence in r.output
    assert r.output.count("\n") == 1  # one sentence


def test_truncated_jpeg(photo, tmp_path):
    data = photo[0].read_bytes()
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(data[: len(data) * 2 // 3])
    r = run("score", cut)
    assert r.exit_code == 3 and "truncated JPEG" in r.output


def test_jpeg_whose_pictures_cannot_be_decoded(photo, tmp_path):
    # its header reads (size, end marker) but its Huffman tables are bogus: the grey and the
    # colours are decoded apart, and either one failing is told the same way
    data = bytearray(photo[0].read_bytes())
    table = data.find(b"\xff\xc4")
    data[table + 5:table + 21] = b"\xff" * 16  # code counts past any table's size
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(bytes(data))
    r = run("score", broken)
    assert r.exit_code == 3 and "is not a readable JPEG" in r.output
    assert r.output.count("\n") == 1


def test_no_sheet_and_missing_file(tmp_path):
    table = tmp_path / "table.png"
    cv2.imwrite(str(table), np.full((600, 800, 3), (40, 90, 140), np.uint8))
    r = run("score", table)
    assert r.exit_code == 4 and "no encore-print sheet found" in r.output
    r = run("score", tmp_path / "nothing.jpg")
    assert r.exit_code == 3 and "no such file" in r.output


def test_several_photos_continue_past_a_bad_one(photo, tmp_path):
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"nope")
    r = run("score", bad, photo[0], "--json")
    assert r.exit_code == 3
    lines = [ln for ln in r.output.splitlines() if ln.startswith("{")]
    assert len(lines) == 1 and json.loads(lines[0])["total"] == photo[2]


def test_a_folder_of_photos(photo, tmp_path):
    # its photos are scored, whatever their suffix's case; other files and hidden ones are not
    folder = tmp_path / "table"
    folder.mkdir()
    (folder / "IMG_2041.JPG").write_bytes(photo[0].read_bytes())
    (folder / "notes.txt").write_text("Ann 41, Bob 38")
    (folder / ".IMG_2041.jpg").write_bytes(b"a phone's hidden copy")
    r = run("score", folder, "--json")
    assert r.exit_code == 0
    (line,) = r.output.splitlines()
    assert json.loads(line)["source"].endswith("IMG_2041.JPG")
    assert json.loads(line)["total"] == photo[2]
    (folder / "IMG_2041.JPG").unlink()
    r = run("score", folder)
    assert r.exit_code == 1 and "holds no photos" in r.output


def test_a_scanner_app_s_pdf(photo, tmp_path, scan_pdf):
    scan = scan_pdf(tmp_path / "scan.pdf", photo[0])
    data = json.loads(run("score", scan, "--json").output)
    assert data["total"] == photo[2] and data["marks"] == {**data["marks"], **photo[1]}
    assert data["source"] == str(scan)  # (one page: the file is the sheet)
    r = run("score", scan_pdf(tmp_path / "locked.pdf", photo[0], encrypt="secret"))
    assert r.exit_code == 3 and "is a PDF that cannot be read (it asks for a password)" in r.output


def test_each_page_of_a_scanner_app_s_pdf_is_a_sheet(photo, tmp_path, scan_pdf):
    scans = scan_pdf(tmp_path / "scans.pdf", photo[0], photo[0])
    over = tmp_path / "seen"
    over.mkdir()
    r = run("score", scans, "--json", "--overlay", over)
    assert r.exit_code == 0, r.output
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert [d["source"] for d in lines] == [f"{scans}#page=1", f"{scans}#page=2"]
    assert [d["total"] for d in lines] == [photo[2]] * 2
    assert sorted(p.name for p in over.iterdir()) == ["scans-page1-overlay.png",
                                                      "scans-page2-overlay.png"]
    r = run("score", scans, "--save-marks", tmp_path / "m.yaml")
    assert r.exit_code == 2 and "one page of a PDF: FILE.pdf#page=N" in r.output
    r = run("score", f"{scans}#page=3")
    assert r.exit_code == 3 and f"{scans}#page=3: {scans} has 2 pages, numbered from 1" in r.output
    r = run("score", f"{photo[0]}#page=1")
    assert r.exit_code == 3 and "is not a PDF that can be read, so it has no pages" in r.output


def test_usage_errors():
    assert run("score").exit_code == 2
    r = run("score", "a.jpg", "--marks", "m.yaml")
    assert r.exit_code == 2 and "either photos or --marks" in r.output


def test_heic_photo_from_an_iphone(photo, tmp_path):
    pillow_heif = pytest.importorskip("pillow_heif")
    from PIL import Image

    pillow_heif.register_heif_opener()
    heic = tmp_path / "IMG_2041.HEIC"
    rgb = cv2.cvtColor(cv2.imread(str(photo[0])), cv2.COLOR_BGR2RGB)
    Image.fromarray(rgb).save(heic, format="HEIF", quality=90)
    assert heic.read_bytes()[4:12] == b"ftypheic"
    data = json.loads(run("score", heic, "--json").output)
    assert data["total"] == photo[2]
