"""The commands as a player uses them: outputs, and one clear sentence for every bad input."""

import json
import os
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from encore_print.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_pad_writes_pages_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "pad.pdf"
    r = run("pad", "-n", 7, "--paper", "letter", "-o", out)
    assert r.exit_code == 0, r.output
    assert len(pdfium.PdfDocument(out.read_bytes())) == 4
    before = out.read_bytes()
    r = run("pad", "-n", 3, "-o", out)
    assert r.exit_code == 1 and "already exists; add --force" in r.output
    assert out.read_bytes() == before
    assert run("pad", "-n", 3, "-o", out, "--force").exit_code == 0
    assert len(pdfium.PdfDocument(out.read_bytes())) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["pad.pdf"]  # no temporary file left


@pytest.mark.parametrize("args,code,sentence", [
    (["pad", "-n", "0"], 2, "0 is not in the range x>=1"),
    (["pad", "--paper", "b5"], 2, "'b5' is not one of"),
    (["pad", "nonsense"], 1, "'nonsense' is neither a built-in layout nor a .yaml file"),
    (["pad", "missing.yaml"], 1, "missing.yaml: no such file"),
    (["pad", "-o", "no/such/folder/pad.pdf"], 1, "folder no/such/folder does not exist"),
    (["preview", "encore", "--dpi", "5"], 2, "5 is not in the range 20<=x<=1200"),
])
def test_bad_input_is_one_sentence(tmp_path, monkeypatch, args, code, sentence):
    monkeypatch.chdir(tmp_path)
    r = run(*args)
    assert r.exit_code == code and sentence in r.output, r.output
    assert list(tmp_path.iterdir()) == []


def test_failed_write_leaves_nothing(tmp_path, monkeypatch):
    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    r = run("pad", "-o", tmp_path / "pad.pdf")
    assert r.exit_code == 1 and "cannot write" in r.output and "No space left" in r.output
    assert list(tmp_path.iterdir()) == []


def test_malformed_layout_names_file_line_column(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\ngame: encore\nversion: 1\ncode: 3\ntitle: t\nsheet_mm: [180]\n")
    r = run("pad", bad, "-o", tmp_path / "x.pdf")
    assert r.exit_code == 1
    assert f"{bad}:6:11: sheet_mm: expected two values, found 1" in r.output
    assert f"{bad}:1:1: missing key 'grid'" in r.output
    assert not (tmp_path / "x.pdf").exists()


def test_validate_exit_codes(tmp_path):
    assert run("validate", ROOT / "examples" / "encore-mini.yaml",
               *sorted((ROOT / "layouts").glob("*.yaml"))).exit_code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\n")
    r = run("validate", bad)
    assert r.exit_code == 1 and "missing key 'grid'" in r.output and "problems found" in r.output


def test_geometry_json_contract():
    data = json.loads(run("geometry", "encore").output)
    assert data["layout"] == "encore" and data["version"] == 2
    assert data["sheet_mm"] == [180.0, 128.0]
    ids = [e["id"] for e in data["elements"]]
    assert len(ids) == len(set(ids)) == 105 + 8 + 30 + 10 + 30
    assert {"cell:H3", "joker:8", "roll:1", "roll:30", "column:A:first", "column:O:others", "colour:pink:first",
            "colour:orange:others"} <= set(ids)
    for e in data["elements"]:
        x, y, w, h = e["box_mm"]
        assert 0 <= x and x + w <= 180 and 0 <= y and y + h <= 128
    assert [f["corner"] for f in data["fiducials"]] == ["top-left", "top-right",
                                                        "bottom-right", "bottom-left"]


def test_preview_is_the_trim_box(tmp_path):
    out = tmp_path / "s.png"
    assert run("preview", "encore-red", "-o", out, "--dpi", 100).exit_code == 0
    assert Image.open(out).size == (round(180 / 25.4 * 100), round(128 / 25.4 * 100))


def test_layouts_lists_builtins():
    lines = run("layouts").output.splitlines()
    assert lines[0].split()[:2] == ["encore", "encore"] and len(lines) == 7
