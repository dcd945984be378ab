"""A table's result for people and tools: terminal text, JSON, CSV and one self-contained HTML
page (images embedded as data URIs, every text escaped)."""

from __future__ import annotations

import base64
import csv
import io
from dataclasses import dataclass, field
from html import escape

from .report import to_json as sheet_json
from .rules.encore import PARTS
from .table import Finding, Placed, Seat, Table, check_table
from .table_read import Outcome


@dataclass
class Failed:
    """A photo that could not be read: reported, and the table goes on without it."""

    name: str
    source: str
    error: str
    exit_code: int


@dataclass
class TableReport:
    table: Table
    failed: list[Failed] = field(default_factory=list)
    images: dict[str, Outcome] = field(default_factory=dict)  # name → overlay and name crop


def assemble(names: list[str], outcomes: list[Outcome]) -> TableReport:
    """The photos read (one name each) → the checked table, the failures, the images."""
    seats, failed, images = [], [], {}
    for name, o in zip(names, outcomes):
        if o.result is None:
            failed.append(Failed(name, o.source, o.error, o.exit_code))
        else:
            seats.append(Seat(name, o.result, o.digest))
            images[name] = o
    return TableReport(check_table(seats), failed, images)


def _place(p: Placed) -> str:
    return f"{p.place}=" if p.shared else str(p.place)


def _about(findings: list[Finding], name: str) -> list[Finding]:
    return [f for f in findings if name in f.players]


# ---------------------------------------------------------------------------------------------
# Terminal
# ---------------------------------------------------------------------------------------------


def to_text(rep: TableReport) -> str:
    t = rep.table
    lines = []
    if t.ranking:
        n = len(t.ranking)
        lines.append(f"{n} sheet{'s' if n > 1 else ''} of {t.layout.id}")
        width = max(6, *(len(p.seat.name) for p in t.ranking))
        head = f"{'place':<6} {'player':<{width}} {'total':>5}  " \
               + " ".join(f"{p:>7}" for p in PARTS) + "  unused!  uncertain"
        lines += [head, "-" * len(head)]
        for p in t.ranking:
            s = p.seat.result.score
            unc = len(p.seat.result.uncertain)
            worst = sum(abs(v) for v in p.seat.result.swing.values())
            unc_text = f"{unc} (±{worst})" if unc else "-"
            lines.append(f"{_place(p):<6} {p.seat.name:<{width}} {s.total:>5}  "
                         + " ".join(f"{s.breakdown.get(k, 0):>7}" for k in PARTS)
                         + f"  {s.tiebreak:>7}  {unc_text}")
        ties = [p for p in t.ranking if p.shared]
        if ties:
            lines.append("(= shared place: same total and same number of unused exclamation "
                         "marks)")
    if t.findings:
        lines += ["", "Between sheets:"]
        lines += [f"  {'CHECK' if f.severity == 'check' else 'confirm'}: {f.message}"
                  for f in t.findings]
    sheet_lines = []
    for p in t.ranking:
        r = p.seat.result
        notes = [*r.notes, *r.score.warnings]
        if not (notes or r.score.problems or r.uncertain):
            continue
        sheet_lines.append(f"  {p.seat.name} ({r.source}):")
        sheet_lines += [f"    note: {w}" for w in notes]
        sheet_lines += [f"    check: {w}" for w in r.score.problems]
        if r.uncertain:
            sheet_lines.append("    uncertain: " + ", ".join(
                f"{i} (read {r.marks.state(i)}, {r.swing.get(i, 0):+d} if not)"
                for i in r.uncertain))
    if sheet_lines:
        lines += ["", "On single sheets:", *sheet_lines]
    if rep.failed:
        lines += ["", "Not read:"]
        lines += [f"  {f.error}" for f in rep.failed]
    return "\n".join(lines).strip("\n")


# ---------------------------------------------------------------------------------------------
# JSON and CSV
# ---------------------------------------------------------------------------------------------


def to_json(rep: TableReport) -> dict:
    t = rep.table
    return {
        "layout": t.layout.id if t.layout else None,
        "ranking": [{"place": p.place, "shared": p.shared, "name": p.seat.name,
                     "total": p.seat.result.score.total,
                     "breakdown": p.seat.result.score.breakdown,
                     "tiebreak": p.seat.result.score.tiebreak,
                     "findings": [t.findings.index(f) for f in _about(t.findings, p.seat.name)],
                     "sheet": sheet_json(p.seat.result)} for p in t.ranking],
        "findings": [f.to_json() for f in t.findings],
        "unreadable": [{"name": f.name, "source": f.source, "error": f.error,
                        "exit_code": f.exit_code} for f in rep.failed],
    }


CSV_FIELDS = ("place", "name", "source", "layout", "total", *PARTS, "unused_exclamation_marks",
              "uncertain", "findings", "error")


def to_csv(rep: TableReport) -> str:
    """One row per photo, the ranking first, unreadable photos last with their error."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    t = rep.table
    for p in t.ranking:
        r = p.seat.result
        w.writerow({"place": _place(p), "name": p.seat.name, "source": r.source,
                    "layout": r.layout.id, "total": r.score.total,
                    **{k: r.score.breakdown.get(k, 0) for k in PARTS},
                    "unused_exclamation_marks": r.score.tiebreak,
                    "uncertain": " ".join(r.uncertain),
                    "findings": " | ".join(f.message for f in _about(t.findings, p.seat.name)),
                    "error": ""})
    for f in rep.failed:
        w.writerow({"name": f.name, "source": f.source, "error": f.error})
    return buf.getvalue()


# ---------------------------------------------------------------------------------------------
# HTML
# ---------------------------------------------------------------------------------------------

CSS = """
body{font:16px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;
max-width:980px;padding:1em;color:#222;background:#fafafa}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:2px solid #ddd}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{padding:.35em .5em;border-bottom:1px solid #e4e4e4;text-align:right}
th.l,td.l{text-align:left}tr.first td{font-weight:bold;background:#fff7d6}
img{max-width:100%;height:auto;display:block}
img.name{max-height:2.6em;width:auto;border:1px solid #ddd;background:#fff}
.sheet{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1em;margin:1.2em 0}
.check{color:#a00000}.confirm{color:#8a5a00}.unc{background:#f3d9f7;color:#6a0080;
padding:0 .25em;border-radius:3px}.muted{color:#777;font-size:.9em}
li{margin:.25em 0}
"""


def _img(data: bytes, mime: str, alt: str, cls: str = "") -> str:
    if not data:
        return ""
    b64 = base64.b64encode(data).decode("ascii")
    c = f' class="{cls}"' if cls else ""
    return f'<img{c} alt="{escape(alt)}" src="data:{mime};base64,{b64}">'


def _anchor(k: int) -> str:
    return f"sheet-{k}"


def _finding_li(f: Finding) -> str:
    label = "Check" if f.severity == "check" else "Confirm"
    return f'<li class="{escape(f.severity)}"><b>{label}:</b> {escape(f.message)}</li>'


def to_html(rep: TableReport, title: str = "Encore! scores") -> str:
    t = rep.table
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{escape(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{escape(title)}</h1>"]
    if t.layout:
        out.append(f'<p class="muted">{len(t.ranking)} sheets of {escape(t.layout.title)} '
                   f"({escape(t.layout.id)}).</p>")
    out.append(_ranking_html(rep))
    if t.findings:
        out.append("<h2>Between sheets</h2><ul>")
        out += [_finding_li(f) for f in t.findings]
        out.append("</ul>")
    if rep.failed:
        out.append("<h2>Photos not read</h2><ul>")
        out += [f'<li class="check">{escape(f.error)}</li>' for f in rep.failed]
        out.append("</ul>")
    out.append("<h2>Sheets</h2>")
    out += [_sheet_html(rep, k, p) for k, p in enumerate(t.ranking)]
    out.append("</body></html>")
    return "\n".join(out)


def _ranking_html(rep: TableReport) -> str:
    t = rep.table
    if not t.ranking:
        return "<p>No sheet could be read.</p>"
    rows = ['<table><tr><th class="l">place</th><th class="l">player</th><th class="l">'
            'name on the sheet</th><th>total</th>'
            + "".join(f"<th>{p}</th>" for p in PARTS)
            + "<th>unused !</th><th>uncertain</th></tr>"]
    for k, p in enumerate(t.ranking):
        r = p.seat.result
        s = r.score
        img = rep.images.get(p.seat.name)
        unc = len(r.uncertain)
        rows.append(
            f'<tr{" class=first" if p.place == 1 else ""}><td class="l">{_place(p)}</td>'
            f'<td class="l"><a href="#{_anchor(k)}">{escape(p.seat.name)}</a></td>'
            f'<td class="l">{_img(img.name_png, "image/png", "name line") if img else ""}</td>'
            f"<td>{s.total}</td>" + "".join(f"<td>{s.breakdown.get(x, 0)}</td>" for x in PARTS)
            + f"<td>{s.tiebreak}</td>"
            + (f'<td><span class="unc">{unc}</span></td>' if unc else "<td>-</td>") + "</tr>")
    rows.append("</table>")
    if any(p.shared for p in t.ranking):
        rows.append('<p class="muted">= a shared place: same total and same number of unused '
                    "exclamation marks.</p>")
    return "\n".join(rows)


def _sheet_html(rep: TableReport, k: int, p: Placed) -> str:
    r = p.seat.result
    s = r.score
    img = rep.images.get(p.seat.name)
    parts = [f'<section class="sheet" id="{_anchor(k)}">',
             f"<h3>{_place(p)}. {escape(p.seat.name)}: {s.total} points</h3>",
             f'<p class="muted">{escape(r.source)}, {escape(r.layout.id)}; '
             + ", ".join(f"{x} {s.breakdown.get(x, 0)}" for x in PARTS)
             + f"; {s.tiebreak} unused !</p>"]
    if img:
        parts.append(_img(img.name_png, "image/png", f"name line of {p.seat.name}", "name"))
    items = [_finding_li(f) for f in _about(rep.table.findings, p.seat.name)]
    items += [f'<li class="check"><b>Check:</b> {escape(x)}</li>' for x in s.problems]
    items += [f"<li>{escape(x)}</li>" for x in (*r.notes, *s.warnings)]
    if r.uncertain:
        items.append("<li><b>Not read with confidence</b> (purple on the picture): " + ", ".join(
            f'<span class="unc">{escape(i)}</span> read {escape(r.marks.state(i))}'
            + (f", {r.swing[i]:+d} if not" if r.swing.get(i) else "") for i in r.uncertain)
            + "</li>")
    if items:
        parts.append("<ul>" + "".join(items) + "</ul>")
    if img:
        parts.append(_img(img.overlay_jpeg, "image/jpeg", f"what was read on {p.seat.name}'s "
                          "sheet"))
    parts.append("</section>")
    return "\n".join(parts)
