"""Layout files → validated `Layout`s. Every problem names file, line, column, what is wrong and
what was expected; all problems of a file are reported together."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import LayoutError
from . import registry
from .model import BoxRow, Cell, Colour, Layout, ValueRow
from .schema import check
from .source import Source, SourceError, read_source

TOKEN = re.compile(r"^([A-Za-z])(\d?)$")
STAR = re.compile(r"^([A-Za-z]+)(\d+)$")


class _Origins:
    """Which file each (merged) value came from, for layouts built on a `base`."""

    def __init__(self, own: Source):
        self.own = own
        self.by_key: dict[tuple, Source] = {}

    def problem(self, path: tuple, message: str) -> str:
        src = self.by_key.get(path[:2]) or self.by_key.get(path[:1]) or self.own
        return src.problem(path, message)


def load_layout(name: str | Path) -> Layout:
    """A built-in layout id or a YAML path → Layout; raises LayoutError listing every problem."""
    if registry.is_builtin(name):
        return _load_builtin(name)
    return _load_checked(name)


@cache
def _load_builtin(name: str) -> Layout:
    return _load_checked(name)


def _load_checked(name: str | Path) -> Layout:
    layout, problems = _load(name, chain=())
    if problems:
        raise LayoutError(problems)
    return layout


def _load(name: str | Path, chain: tuple[str, ...]) -> tuple[Layout | None, list[str]]:
    path = registry.find(name)
    try:
        src = read_source(path, str(name) if not registry.is_builtin(name) else str(path))
    except SourceError as e:
        return None, e.problems
    origins = _Origins(src)
    data = src.data
    if not isinstance(data, dict):
        return None, [src.problem((), "expected a layout: key: value lines such as 'id: encore'")]
    problems = [origins.problem(p.path, p.message) for p in check(data)
                if not (p.message.startswith("missing key") and "base" in data)]
    if "base" in data and isinstance(data["base"], str):
        if data["base"] in chain:
            return None, [src.problem(("base",), f"layout '{data['base']}' is its own base; "
                                                 "expected a chain that ends")]
        base_src, base_problems = _base_source(data["base"], chain + (str(name),))
        if base_problems:
            return None, [src.problem(("base",), f"its base '{data['base']}' has problems:")] \
                + base_problems
        data = _merge(base_src, src, origins)
        problems = [origins.problem(p.path, p.message) for p in check(data)]
    if problems:
        return None, problems
    return _build(data, origins)


def _base_source(name: str, chain: tuple[str, ...]) -> tuple[Source | None, list[str]]:
    _, problems = _load(name, chain)
    if problems:
        return None, problems
    return read_source(registry.find(name)), []


def _merge(base: Source, own: Source, origins: _Origins) -> dict:
    """Our top-level keys replace the base's; inside mappings (grid, labels, …) key by key."""
    merged: dict[str, Any] = {}
    for key, value in base.data.items():
        if key != "base":
            merged[key] = value
            origins.by_key[(key,)] = base
            if isinstance(value, dict):
                for sub in value:
                    origins.by_key[(key, sub)] = base
    for key, value in own.data.items():
        if key == "base":
            continue
        origins.by_key[(key,)] = own
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = {**merged[key], **value}
            for sub in value:
                origins.by_key[(key, sub)] = own
        else:
            merged[key] = value
            if isinstance(value, dict):
                for sub in value:
                    origins.by_key[(key, sub)] = own
    return merged


def _build(d: dict, at: _Origins) -> tuple[Layout | None, list[str]]:
    problems: list[str] = []
    grid = d["grid"]
    columns = grid["columns"].split()
    if len(set(columns)) != len(columns) or not columns:
        problems.append(at.problem(("grid", "columns"),
                                   "column letters must be distinct; expected e.g. 'A B C'"))
    start = grid.get("start_column", columns[len(columns) // 2] if columns else "")
    if start not in columns:
        problems.append(at.problem(("grid", "start_column"),
                                   f"'{start}' is not a column; expected one of {' '.join(columns)}"))

    colours = d.get("colours") or {}
    if not colours:
        problems.append(at.problem((), "missing key 'colours' (the region colours by name)"))
    legend = grid["legend"]
    for letter, name in legend.items():
        if len(letter) != 1 or not letter.isalpha():
            problems.append(at.problem(("grid", "legend", letter),
                                       f"legend key '{letter}' must be one letter"))
        if colours and name not in colours:
            problems.append(at.problem(("grid", "legend", letter),
                                       f"unknown colour '{name}'; expected one of "
                                       + ", ".join(colours)))

    cells: list[Cell] = []
    tags: dict[tuple[str, str], list[tuple[int, int]]] = {}
    for r, row in enumerate(grid["rows"]):
        tokens = [(m.start(), m.group()) for m in re.finditer(r"\S+", row)]
        if len(tokens) != len(columns):
            problems.append(at.problem(("grid", "rows", r),
                                       f"row {r + 1} has {len(tokens)} cells; expected "
                                       f"{len(columns)}, one per column {_span(columns)}"))
            continue
        for c, (offset, tok) in enumerate(tokens):
            m = TOKEN.match(tok)
            if not m or m.group(1) not in legend:
                problems.append(at.problem(("grid", "rows", r, ("@", offset)),
                                           f"unknown colour '{tok}' in row {r + 1}, column "
                                           f"{columns[c]}; expected one of "
                                           + ", ".join(legend)))
                continue
            cells.append(Cell(columns[c], r + 1, legend[m.group(1)]))
            if m.group(2):
                tags.setdefault((m.group(1), m.group(2)), []).append((r, c))
    n_rows = len(grid["rows"])
    if not n_rows:
        problems.append(at.problem(("grid", "rows"), "no rows; expected one string per row"))

    stars: set[str] = set()
    for n, ref in enumerate(grid.get("stars", [])):
        m = STAR.match(ref)
        if not m or m.group(1) not in columns or not 1 <= int(m.group(2)) <= n_rows:
            problems.append(at.problem(("grid", "stars", n),
                                       f"star '{ref}' is outside the grid; expected a cell "
                                       f"from {columns[0] if columns else 'A'}1 to "
                                       f"{columns[-1] if columns else 'A'}{n_rows}"))
        elif ref in stars:
            problems.append(at.problem(("grid", "stars", n), f"star '{ref}' is listed twice"))
        stars.add(ref)

    if problems:
        return None, problems
    cells = [Cell(c.column, c.row, c.colour, f"{c.column}{c.row}" in stars) for c in cells]
    problems += _check_blocks(grid, cells, columns, n_rows, tags, at)

    column_values = []
    for tier, values in (d.get("column_values") or {}).items():
        if len(values) != len(columns):
            problems.append(at.problem(("column_values", tier),
                                       f"missing column value: {len(values)} '{tier}' values for "
                                       f"{len(columns)} columns; expected one per column "
                                       f"{_span(columns)}"))
        column_values.append(ValueRow(tier, tuple(values)))
    bonus = tuple(ValueRow(t, (v,)) for t, v in (d.get("colour_bonus") or {}).items())

    boxes = []
    seen_kinds: set[str] = set()
    for n, b in enumerate(d.get("boxes", [])):
        if b["kind"] in seen_kinds or b["kind"] in ("cell", "column", "colour"):
            problems.append(at.problem(("boxes", n, "kind"),
                                       f"duplicate id prefix '{b['kind']}'; expected a new one"))
        seen_kinds.add(b["kind"])
        boxes.append(BoxRow(b["kind"], b["count"], b["label"], b.get("points_unused", 0),
                            b.get("place", "below"), b.get("per_line", 0)))
    if problems:
        return None, problems

    layout = Layout(
        id=d["id"], game=d["game"], version=d["version"], title=d["title"], code=d["code"],
        sheet_mm=(float(d["sheet_mm"][0]), float(d["sheet_mm"][1])),
        columns=tuple(columns), n_rows=n_rows, start_column=start,
        colours=tuple(Colour(n, **v) for n, v in colours.items() if n in legend.values()),
        cells=tuple(cells), column_values=tuple(column_values), colour_bonus=bonus,
        boxes=tuple(boxes), labels=dict(d.get("labels") or {}),
        star_points=d.get("star_points", 0), source=at.own.name)
    problems = _check_panel(layout, at)
    return (None, problems) if problems else (layout, [])


def _check_panel(layout: Layout, at: _Origins) -> list[str]:
    """Box rows placed in the panel beside the grid must fit there with boxes one can cross."""
    from ..geometry import PANEL_BOX_LEAST, geometry, panel_box_mm

    rows = [(n, row) for n, row in enumerate(layout.boxes) if row.place == "panel"]
    if not rows:
        return []
    g = geometry(layout)
    problems = []
    for n, row in rows:
        size = panel_box_mm(g, row.kind)
        if size < PANEL_BOX_LEAST:
            problems.append(at.problem(("boxes", n), f"{row.count} '{row.kind}' boxes do not fit "
                                       f"in the panel beside the grid (each would be "
                                       f"{max(size, 0):.1f} mm); expected boxes of at least "
                                       f"{PANEL_BOX_LEAST:g} mm: fewer boxes, or another per_line"))
    return problems


def _check_blocks(grid, cells, columns, n_rows, tags, at) -> list[str]:
    """Tagged blocks (G1, G2, …) must be contiguous; every block within the allowed size."""
    problems = []
    for (letter, tag), where in sorted(tags.items()):
        if len(_components(set(where))) > 1:
            r, c = min(where)
            problems.append(at.problem(("grid", "rows", r),
                                       f"colour block '{letter}{tag}' is not contiguous "
                                       f"(cells {', '.join(f'{columns[c]}{r + 1}' for r, c in sorted(where))}); "
                                       "expected its cells to touch side by side"))
    lo, hi = grid.get("block_cells", [1, len(cells)])
    by_pos = {(c.row - 1, columns.index(c.column)): c.colour for c in cells}
    tagged = {pos: key for key, where in tags.items() for pos in where}
    for block in blocks(by_pos, tagged):
        if not lo <= len(block) <= hi:
            r, c = min(block)
            names = ", ".join(f"{columns[c]}{r + 1}" for r, c in sorted(block))
            problems.append(at.problem(("grid", "rows", r),
                                       f"{by_pos[(r, c)]} block of {len(block)} cells ({names}); "
                                       f"expected {lo} to {hi} cells"))
    return problems


def blocks(colour_at: dict[tuple[int, int], str],
           tag_at: dict[tuple[int, int], Any] | None = None) -> list[set[tuple[int, int]]]:
    """Colour blocks: orthogonally connected cells of one colour (and one tag, if tagged)."""
    tag_at = tag_at or {}
    groups: dict[Any, set] = {}
    for pos, colour in colour_at.items():
        groups.setdefault((colour, tag_at.get(pos)), set()).add(pos)
    out = []
    for members in groups.values():
        out += _components(members)
    return out


def _components(members: set[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    left, out = set(members), []
    while left:
        todo = [left.pop()]
        comp = set(todo)
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in left:
                    left.remove(n)
                    comp.add(n)
                    todo.append(n)
        out.append(comp)
    return out


def _span(columns: list[str]) -> str:
    return f"{columns[0]}–{columns[-1]}" if columns else ""


def validate_files(names: list[str | Path]) -> list[str]:
    """Every problem in these files, plus ids and codes that clash with each other or with the
    built-in layouts."""
    problems: list[str] = []
    seen_id: dict[str, str] = {}
    seen_code: dict[int, str] = {}
    for lay_name in [*registry.builtin_ids(), *names]:
        layout, found = _load(lay_name, ())
        builtin = registry.is_builtin(lay_name) and lay_name not in names
        if builtin:
            if layout:
                seen_id[layout.id] = layout.source
                seen_code[layout.code] = layout.source
            continue
        problems += found
        if not layout:
            continue
        src = read_source(registry.find(lay_name), str(lay_name))
        for key, value, seen in (("id", layout.id, seen_id), ("code", layout.code, seen_code)):
            other = seen.get(value)
            if other and Path(other).resolve() != Path(layout.source).resolve():
                problems.append(src.problem((key,), f"duplicate {key} {value!r}, also used by "
                                                    f"{other}; expected one of its own"))
            seen[value] = layout.source
    return problems
