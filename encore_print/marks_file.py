"""Marks files: one sheet's marks in a small YAML format, written by hand or by the reader (so a
photo's reading can be corrected by hand and scored again). For example:

    layout: encore                    # a built-in layout id or a .yaml file (default: encore)
    crossed: H1-H7 G1 G2 I3           # checked cells: words, ranges in one column or one row
    jokers: 2                         # how many exclamation marks are crossed out, or [1, 4]
    circled: column:A colour:yellow   # values won; column:A = its upper value, column:A:others
    struck: column:E:first            # upper values struck through (someone else was first)
    uncertain: C4                     # elements to double-check (the reader writes these)
    rolls: 18                         # solo: roll boxes crossed (boxes 1-18), or [1, 2, 5]

Each of crossed, circled, struck and uncertain is one string of words or a list of them
(separated by spaces or commas). Problems are reported like a layout's: "file:line:col: what is
wrong; expected …", all of them at once.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import Any

from .errors import LayoutError
from .layout import Layout, builtin_ids, load_layout, registry
from .layout.schema import _kind as kind_of
from .layout.source import Source, SourceError, read_source
from .marks import CIRCLED, CROSSED, STRUCK, Marks
from .rules.encore import JOKER, ROLL, element_ids, filled_cells, is_value_box, value_state

DEFAULT_LAYOUT = "encore"
KEYS = ("layout", "crossed", "jokers", "circled", "struck", "uncertain", "rolls")
CELL = re.compile(r"^(?:cell:)?([A-Za-z])(\d+)$", re.IGNORECASE)
CELL_RANGE = re.compile(r"^(?:cell:)?([A-Za-z])(\d+)-(?:cell:)?([A-Za-z])(\d+)$", re.IGNORECASE)
BOX_ID = re.compile(r"^(?:([a-z][a-z0-9-]*):)?(\d+)$", re.IGNORECASE)  # 3 or joker:3
WORD = re.compile(r"[^\s,]+")
KINDS = {"column": "column", "colour": "colour", "color": "colour"}
EXAMPLES = {  # what each key holds, for "expected …" in messages
    "crossed": "cells such as 'H1 H2 G1' or 'H1-H7', or a list of them",
    "jokers": "a number such as 2, or a list of box numbers such as [1, 4]",
    "circled": "values such as 'column:A colour:yellow', or a list of them",
    "struck": "values such as 'column:E colour:green', or a list of them",
    "uncertain": "elements such as 'C4 joker:3 column:E:first', or a list of them",
    "rolls": "a number such as 18, or a list of box numbers such as [1, 2, 5]",
}
# box rows a marks file names by key: (kind, what one box is, whether a number may go beyond
# the boxes printed: a solo game typed in may claim more rolls than it can have, and is warned)
BOX_KEYS = {"jokers": (JOKER, "exclamation mark", False), "rolls": (ROLL, "roll box", True)}


class MarksError(LayoutError):
    """One or more problems in a marks file; `problems` are 'file:line:col: message' lines."""


class _Bad(Exception):
    """One word that means nothing on this sheet; the message says what was expected."""


def load_marks(path: str | Path) -> tuple[str, Marks]:
    """A marks file → (layout id, or the resolved path of a layout file; Marks). Raises
    MarksError listing every problem."""
    try:
        src = read_source(Path(path), str(path))
    except SourceError as e:
        raise MarksError(e.problems) from None
    reader = _Reader(src, Path(path).parent)
    result = reader.read()
    if reader.problems or result is None:
        raise MarksError(reader.problems)
    return result


class _Reader:
    def __init__(self, src: Source, folder: Path):
        self.src = src
        self.folder = folder  # a layout file named in the marks file is relative to it
        self.found: list[tuple[int, int, str]] = []  # (line, column, problem)
        self.layout: Layout | None = None

    def fail(self, at: tuple, message: str, *more: str) -> None:
        """A problem at `at`; `more` are lines that belong under it (a layout file's own)."""
        line, col = self.src.where(at)
        self.found += [(line, col, self.src.problem(at, message))] + [(line, col, m) for m in more]

    @property
    def problems(self) -> list[str]:
        # in file order, whatever order the keys were checked in
        return [p for _, _, p in sorted(self.found, key=lambda f: f[:2])]

    def read(self) -> tuple[str, Marks] | None:
        data = self.src.data
        if not isinstance(data, dict):
            self.fail((), "expected marks: key: value lines such as 'crossed: H1 H2 G1'")
            return None
        for key in data:
            if key not in KEYS:
                near = difflib.get_close_matches(str(key), KEYS, n=1, cutoff=0.6)
                hint = f"did you mean '{near[0]}'?" if near else "expected one of " + ", ".join(KEYS)
                self.fail((("key", key),), f"unknown key '{key}'; {hint}")
        ref = self._layout(data.get("layout", DEFAULT_LAYOUT))
        if ref is None:
            return None
        states = dict.fromkeys(self._words("crossed", data.get("crossed"), self._cells), CROSSED)
        for key in BOX_KEYS:
            states.update(dict.fromkeys(self._boxes(key, data.get(key)), CROSSED))
        circled = self._words("circled", data.get("circled"), self._value)
        states.update(dict.fromkeys(circled, CIRCLED))
        struck = self._words("struck", data.get("struck"), self._value, clash=set(circled))
        states.update(dict.fromkeys(struck, STRUCK))
        uncertain = set(self._words("uncertain", data.get("uncertain"), self._any))
        return ref, Marks(states, uncertain=uncertain)

    def _layout(self, value: Any) -> str | None:
        at = ("layout",)
        if not isinstance(value, str):
            self.fail(at, f"expected a layout id such as 'encore', found {kind_of(value)}")
            return None
        if registry.is_builtin(value):
            self.layout = load_layout(value)
            return value
        if value.lower().endswith((".yaml", ".yml")):
            path = (self.folder / value).resolve()
            try:
                self.layout = load_layout(path)
            except LayoutError as e:
                self.fail(at, f"layout file '{value}' has problems; expected a valid layout:",
                          *e.problems)
                return None
            return str(path)
        near = difflib.get_close_matches(value, builtin_ids(), n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        self.fail(at, f"unknown layout '{value}'; {hint}expected a built-in layout "
                      f"({', '.join(builtin_ids())}) or a .yaml layout file")
        return None

    def _words(self, key: str, value: Any, parse: Callable[[str], list[str]],
               clash: Collection[str] = ()) -> list[str]:
        """Element ids from one string of words or a list of them; each bad word is a problem."""
        out: list[str] = []
        for word, at in self._located_words(key, value):
            try:
                ids = parse(word)
            except _Bad as e:
                self.fail(at, str(e))
                continue
            for i in ids:
                if i in clash:
                    self.fail(at, f"'{word}' is also circled; expected a value either circled "
                                  "or struck, not both")
            out += ids
        return out

    def _located_words(self, key: str, value: Any) -> Iterator[tuple[str, tuple]]:
        if value is None:  # `crossed:` with nothing after it: nothing marked
            return
        items = [(v, (key, n)) for n, v in enumerate(value)] if isinstance(value, list) \
            else [(value, (key,))]
        for item, at in items:
            if isinstance(item, int) and not isinstance(item, bool):
                yield str(item), at
            elif isinstance(item, str):
                for m in WORD.finditer(item):
                    yield m.group(), at + (("@", m.start()),)
            else:
                self.fail(at, f"{key}: expected {EXAMPLES[key]}, found {kind_of(item)}")

    def _cells(self, word: str) -> list[str]:
        lay = self.layout
        m = CELL_RANGE.match(word)
        if m:
            (c1, r1), (c2, r2) = self._cell(m[1], m[2]), self._cell(m[3], m[4])
            if c1 == c2:
                return [f"cell:{c1}{r}" for r in range(min(r1, r2), max(r1, r2) + 1)]
            if r1 == r2:
                k1, k2 = sorted((lay.columns.index(c1), lay.columns.index(c2)))
                return [f"cell:{c}{r1}" for c in lay.columns[k1:k2 + 1]]
            raise _Bad(f"range '{word}' is neither in one column nor in one row; expected e.g. "
                       f"{lay.start_column}1-{lay.start_column}{lay.n_rows} or "
                       f"{lay.columns[0]}1-{lay.columns[-1]}1")
        m = CELL.match(word)
        if not m:
            raise _Bad(f"'{word}' is not a cell; {self._cell_hint()}")
        col, row = self._cell(m[1], m[2])
        return [f"cell:{col}{row}"]

    def _cell(self, letter: str, row: str) -> tuple[str, int]:
        lay = self.layout
        col = next((c for c in lay.columns if c.upper() == letter.upper()), None)
        if col is None or not 1 <= int(row) <= lay.n_rows:
            raise _Bad(f"unknown cell '{letter}{row}'; {self._cell_hint()}")
        return col, int(row)

    def _cell_hint(self) -> str:
        lay = self.layout
        return (f"expected a column {lay.columns[0]}–{lay.columns[-1]} and a row 1–{lay.n_rows} "
                f"from the top, such as {lay.start_column}1, or a range such as "
                f"{lay.start_column}1-{lay.start_column}{lay.n_rows}")

    def _boxes(self, key: str, value: Any) -> list[str]:
        """Crossed boxes of a box row (jokers, rolls): how many, from the first, or which."""
        kind, noun, beyond = BOX_KEYS[key]
        row = self.layout.box_row(kind)
        count = row.count if row else 0
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0 or (value > count and not beyond):
                self.fail((key,), f"{value} {_plural(noun, value)} crossed out, but a sheet "
                                  f"has {count}; expected 0 to {count}")
                return []
            return [f"{kind}:{n}" for n in range(1, value + 1)]
        out: list[str] = []
        for word, at in self._located_words(key, value):
            m = BOX_ID.match(word)
            ok = m and (m[1] or kind).lower() == kind and 1 <= int(m[2]) <= count
            box = f"{kind}:{int(m[2])}" if ok else ""
            if not ok:
                self.fail(at, f"'{word}' is not {_a(noun)}; expected a box number 1 to {count}, "
                              f"or how many are crossed out as one number: '{key}: 2'")
            elif box in out:
                self.fail(at, f"{noun} {int(m[2])} is listed twice; expected each once")
            else:
                out.append(box)
        return out

    def _value(self, word: str) -> list[str]:
        """column:A, column:A:others, colour:yellow, or just A or yellow (the upper value)."""
        lay = self.layout
        parts = word.split(":")
        if len(parts) == 1:
            kind = "column" if self._column(word) else "colour" if self._colour(word) else ""
            if not kind:
                raise _Bad(f"'{word}' is neither a column nor a colour; {self._value_hint()}")
            parts = [kind, word]
        if len(parts) > 3 or parts[0].lower() not in KINDS:
            near = difflib.get_close_matches(parts[0].lower(), KINDS, n=1)
            hint = f"did you mean '{near[0]}:{':'.join(parts[1:])}'? " if near and len(parts) <= 3 \
                else ""
            raise _Bad(f"'{word}' is not a column or colour value; {hint}{self._value_hint()}")
        kind = KINDS[parts[0].lower()]
        name = self._column(parts[1]) if kind == "column" else self._colour(parts[1])
        if name is None:
            raise _Bad(self._unknown_name(kind, parts[1]))
        tiers = [t.which for t in (lay.column_values if kind == "column" else lay.colour_bonus)]
        tier = parts[2] if len(parts) == 3 else tiers[0] if tiers else ""
        if tier not in tiers:
            raise _Bad(f"unknown value '{tier}' in '{word}'; expected "
                       + (" or ".join(tiers) if tiers else f"none: this sheet has no {kind} values"))
        return [f"{kind}:{name}:{tier}"]

    def _column(self, word: str) -> str | None:
        return next((c for c in self.layout.columns if c.upper() == word.upper()), None)

    def _colour(self, word: str) -> str | None:
        return next((c.name for c in self.layout.colours if c.name == word.lower()), None)

    def _unknown_name(self, kind: str, name: str) -> str:
        lay = self.layout
        if kind == "column":
            return (f"unknown column '{name}'; expected a letter "
                    f"{lay.columns[0]}–{lay.columns[-1]}")
        names = [c.name for c in lay.colours]
        near = difflib.get_close_matches(name.lower(), names, n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        return f"unknown colour '{name}'; {hint}expected one of {', '.join(names)}"

    def _value_hint(self) -> str:
        lay = self.layout
        colour = lay.colours[0].name if lay.colours else "green"
        lower = lay.column_values[-1].which if lay.column_values else "others"
        return (f"expected column:{lay.columns[0]}, column:{lay.columns[0]}:{lower}, "
                f"colour:{colour} or colour:{colour}:{lower}")

    def _any(self, word: str) -> list[str]:
        """An uncertain element: a cell, a box (joker:3, roll:12) or a value."""
        m = BOX_ID.match(word)
        row = self.layout.box_row(m[1].lower()) if m and m[1] else None
        if row:
            if not 1 <= int(m[2]) <= row.count:
                raise _Bad(f"unknown box '{word}'; expected {row.kind}:1 to "
                           f"{row.kind}:{row.count}")
            return [f"{row.kind}:{int(m[2])}"]
        if word.lower().startswith(JOKER + ":"):  # a sheet without exclamation marks
            raise _Bad(f"unknown exclamation mark '{word}'; this sheet has none")
        if CELL.match(word) or CELL_RANGE.match(word):
            return self._cells(word)
        return self._value(word)


def marks_to_yaml(layout: Layout, marks: Marks) -> str:
    """The marks file of one sheet, in the format `load_marks` reads; comments say how to edit.
    Kept: which cells and boxes carry any mark, and circled or struck values."""
    filled = filled_cells(layout, marks)
    lines = [f"# Marks of one sheet '{layout.title}'. Correct them by hand if need be, then:",
             "#   encore-print score --marks THIS_FILE",
             f"layout: {_layout_ref(layout)}"]
    by_column = [" ".join(f"{c.column}{c.row}" for c in layout.column_cells(col) if c.id in filled)
                 for col in layout.columns]
    by_column = [w for w in by_column if w]
    lines.append("crossed:   # cells with any mark, one line per column; ranges such as H1-H7 work"
                 if by_column else "crossed: []   # cells with any mark, e.g. H1 H2 or H1-H7")
    lines += [f"  - {w}" for w in by_column]
    lines.append(f"jokers: {_boxes_text(marks, JOKER)}   # exclamation marks crossed out: "
                 "how many, or which ones as [1, 4]")
    values = [i for i in element_ids(layout) if is_value_box(i)]
    circled = [i for i in values if value_state(marks, i) == CIRCLED]
    struck = [i for i in values if value_state(marks, i) == STRUCK]
    lines.append(f"circled: {' '.join(circled) or '[]'}   # values won, e.g. column:A:first "
                 "colour:yellow:others")
    lines.append(f"struck: {' '.join(struck) or '[]'}   # upper values struck through")
    unsure = [i.removeprefix("cell:") for i in element_ids(layout) if i in marks.uncertain]
    if unsure:
        lines.append(f"uncertain: {' '.join(unsure)}   # the reader was unsure: check these, "
                     "then delete this line")
    if _box_numbers(marks, ROLL):
        lines.append(f"rolls: {_boxes_text(marks, ROLL)}   # solo: roll boxes crossed, how many "
                     "or which ones as [1, 4]")
    return "\n".join(lines) + "\n"


def _layout_ref(layout: Layout) -> str:
    builtin = registry.is_builtin(layout.id) and \
        Path(layout.source).resolve() == registry.find(layout.id).resolve()
    return layout.id if builtin else str(Path(layout.source).resolve())


def _box_numbers(marks: Marks, kind: str) -> list[int]:
    return sorted(int(i.split(":")[1]) for i in marks.marked_ids()
                  if i.startswith(kind + ":") and i.split(":")[1].isdigit())


def _boxes_text(marks: Marks, kind: str) -> str:
    used = _box_numbers(marks, kind)
    # a count reads best; a list only when the crossed-out boxes are not the first ones
    return str(len(used)) if used == list(range(1, len(used) + 1)) else str(used)


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _plural(noun: str, n: int) -> str:
    return noun if n == 1 else noun + ("es" if noun.endswith("x") else "s")
