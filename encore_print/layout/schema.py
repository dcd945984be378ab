"""The shape of a layout file, written once: the validator walks it and the JSON Schema is made
from it, so the two cannot drift apart."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any

SYMBOLS = ("triangle", "circle", "square", "diamond", "cross", "star", "heart", "none")
PATTERNS = ("none", "dots", "horizontal", "vertical", "diagonal", "crosshatch", "grid")


@dataclass(frozen=True)
class Spec:
    kind: str  # str, int, number, bool, list, map, object, pair
    doc: str = ""
    item: Spec | None = None  # list items, map values, pair members
    keys: dict[str, Spec] = field(default_factory=dict)  # object members
    required: tuple[str, ...] = ()
    enum: tuple[str, ...] = ()
    pattern: str = ""
    minimum: float | None = None
    maximum: float | None = None


def s(doc="", **kw) -> Spec:
    return Spec("str", doc, **kw)


def i(doc="", **kw) -> Spec:
    return Spec("int", doc, **kw)


HEX = s("colour as #rrggbb", pattern=r"^#[0-9a-fA-F]{6}$")

COLOUR = Spec("object", "how one region colour is printed", keys={
    "fill": HEX, "ink": HEX,
    "symbol": s("shape printed in each cell of this colour", enum=SYMBOLS),
    "pattern": s("hatching used instead of the fill on black-and-white pads", enum=PATTERNS),
}, required=("fill", "ink", "symbol", "pattern"))

BOX_ROW = Spec("object", "a row of boxes a player crosses", keys={
    "kind": s("element id prefix, e.g. joker → joker:1", pattern=r"^[a-z][a-z0-9-]*$"),
    "count": i("number of boxes", minimum=1, maximum=40),
    "label": s("printed in every box"),
    "points_unused": i("points for each box left empty at the end"),
    "place": s("where the row goes: below the column values (the default) or in the panel "
               "under the colour bonuses", enum=("below", "panel")),
    "per_line": i("boxes per line; more wrap onto the next line", minimum=1, maximum=40),
}, required=("kind", "count", "label"))

LAYOUT = Spec("object", "one printable sheet of a roll-and-write game", keys={
    "id": s("unique layout id, lower case", pattern=r"^[a-z0-9][a-z0-9-]*$"),
    "base": s("id or file of a layout this one starts from; its keys are replaced by ours"),
    "game": s("which rules score this sheet", enum=("encore",)),
    "version": i("bump when the printed sheet changes", minimum=1),
    "code": i("number carried by the fiducials, unique among layouts", minimum=0, maximum=249),
    "title": s("printed on the sheet"),
    "sheet_mm": Spec("pair", "trim size [width, height] in millimetres",
                     item=Spec("number", minimum=40, maximum=400)),
    "colours": Spec("map", "region colours by name", item=COLOUR),
    "grid": Spec("object", "the playing grid", keys={
        "columns": s("column letters, left to right, separated by spaces"),
        "start_column": s("the column every game starts in"),
        "legend": Spec("map", "letter used in rows → colour name", item=s()),
        "rows": Spec("list", "one string per row, top first: a legend letter per column, "
                     "optionally followed by a block tag digit", item=s()),
        "stars": Spec("list", "cells carrying a star, e.g. H1", item=s(pattern=r"^\S+$")),
        "block_cells": Spec("pair", "smallest and largest colour block allowed",
                            item=i(minimum=1)),
    }, required=("columns", "legend", "rows")),
    "column_values": Spec("map", "printed values under the columns by tier (first, others)",
                          item=Spec("list", item=i())),
    "colour_bonus": Spec("map", "bonus for completing a colour, by tier (first, others)",
                         item=i()),
    "boxes": Spec("list", "rows of tick boxes", item=BOX_ROW),
    "star_points": i("points for each star cell left empty (negative)"),
    "labels": Spec("map", "words printed on the sheet (name, total, …)", item=s()),
}, required=("id", "game", "version", "code", "title", "sheet_mm", "grid"))


@dataclass
class Problem:
    path: tuple[Any, ...]
    message: str


def check(data: Any, spec: Spec = LAYOUT, path: tuple = ()) -> list[Problem]:
    """Type-check `data` against `spec`; every problem says what was expected."""
    problems: list[Problem] = []
    k = spec.kind
    if k == "object" or k == "map":
        if not isinstance(data, dict):
            return [Problem(path, f"{_name(path)}: expected a mapping "
                                  f"({spec.doc or 'key: value lines'})")]
        for key, value in data.items():
            if not isinstance(key, str):
                problems.append(Problem(path + (key,), f"key {key!r} must be text"))
                continue
            if k == "map":
                problems += check(value, spec.item, path + (key,))
            elif key in spec.keys:
                problems += check(value, spec.keys[key], path + (key,))
            else:
                near = difflib.get_close_matches(key, spec.keys, n=1, cutoff=0.6)
                hint = f"did you mean '{near[0]}'?" if near else \
                    "expected one of " + ", ".join(spec.keys)
                problems.append(Problem(path + (("key", key),), f"unknown key '{key}'; {hint}"))
        if k == "object":
            for key in spec.required:
                if key not in data:
                    problems.append(Problem(path, f"missing key '{key}' ({spec.keys[key].doc})"))
        return problems
    if k in ("list", "pair"):
        if not isinstance(data, list):
            return [Problem(path, f"{_name(path)}: expected a list"
                                  + (" of two values" if k == "pair" else ""))]
        if k == "pair" and len(data) != 2:
            return [Problem(path, f"{_name(path)}: expected two values, found {len(data)}")]
        for n, item in enumerate(data):
            problems += check(item, spec.item, path + (n,))
        return problems
    what = _name(path)
    if k == "str":
        if not isinstance(data, str):
            return [Problem(path, f"{what}: expected text, found {_kind(data)}")]
        if spec.enum and data not in spec.enum:
            return [Problem(path, f"{what}: '{data}' is not allowed; expected one of "
                                  + ", ".join(spec.enum))]
        if spec.pattern and not re.match(spec.pattern, data):
            return [Problem(path, f"{what}: '{data}' is not valid; "
                                  f"expected {spec.doc or spec.pattern}")]
        return []
    if k in ("int", "number"):
        ok = isinstance(data, int) if k == "int" else isinstance(data, (int, float))
        if not ok or isinstance(data, bool):
            return [Problem(path, f"{what}: expected "
                                  f"{'a whole number' if k == 'int' else 'a number'}, "
                                  f"found {_kind(data)}")]
        if spec.minimum is not None and data < spec.minimum:
            return [Problem(path, f"{what}: {data} is too small; "
                                  f"expected at least {spec.minimum:g}")]
        if spec.maximum is not None and data > spec.maximum:
            return [Problem(path, f"{what}: {data} is too large; "
                                  f"expected at most {spec.maximum:g}")]
        return []
    raise AssertionError(k)


def _name(path: tuple) -> str:
    """grid.rows[2] style name of a value, for messages."""
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out or "the file"


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    return {str: "text", bool: "true/false", int: "a number", float: "a number",
            list: "a list", dict: "a mapping"}.get(type(value), type(value).__name__)


def json_schema(spec: Spec = LAYOUT) -> dict:
    """The JSON Schema (draft 2020-12) of the layout format, for editors."""
    out: dict[str, Any] = {}
    if spec.doc:
        out["description"] = spec.doc
    k = spec.kind
    if k == "object":
        out.update(type="object", additionalProperties=False,
                   properties={n: json_schema(v) for n, v in spec.keys.items()})
        if spec.required:
            out["required"] = list(spec.required)
    elif k == "map":
        out.update(type="object", additionalProperties=json_schema(spec.item))
    elif k == "list":
        out.update(type="array", items=json_schema(spec.item))
    elif k == "pair":
        out.update(type="array", items=json_schema(spec.item), minItems=2, maxItems=2)
    else:
        out["type"] = {"str": "string", "int": "integer", "number": "number"}[k]
        if spec.enum:
            out["enum"] = list(spec.enum)
        if spec.pattern:
            out["pattern"] = spec.pattern
        if spec.minimum is not None:
            out["minimum"] = spec.minimum
        if spec.maximum is not None:
            out["maximum"] = spec.maximum
    return out


def json_schema_document() -> dict:
    doc = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "$id": "encore-print/layout.schema.json", "title": "encore-print layout"}
    doc.update(json_schema())
    return doc


if __name__ == "__main__":
    import json

    print(json.dumps(json_schema_document(), indent=2, ensure_ascii=False))
