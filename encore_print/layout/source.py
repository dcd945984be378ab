"""A YAML file read safely, remembering where every value was written (for error messages)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml


@dataclass
class Source:
    name: str  # as the user wrote it, for messages
    text: str
    data: Any
    root: yaml.Node | None

    def where(self, path: tuple) -> tuple[int, int]:
        """1-based (line, column) of the value at `path` (keys and list indices); a trailing
        ("@", k) points k characters into a one-line string. Falls back to the nearest parent."""
        node = self.root
        line, col = (node.start_mark.line + 1, node.start_mark.column + 1) if node else (1, 1)
        for step in path:
            if isinstance(step, tuple) and step[0] == "@" and isinstance(node, yaml.ScalarNode):
                quoted = 1 if node.style in ("'", '"') else 0
                if node.start_mark.line == node.end_mark.line:
                    col += quoted + step[1]
                break
            child = _child(node, step)
            if child is None:
                break
            node = child
            line, col = node.start_mark.line + 1, node.start_mark.column + 1
        return line, col

    def problem(self, path: tuple, message: str) -> str:
        line, col = self.where(path)
        return f"{self.name}:{line}:{col}: {message}"


def _child(node: yaml.Node | None, step: Any) -> yaml.Node | None:
    """The value at `step`; ("key", name) is the key itself (where an unknown key is written)."""
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(step, tuple) and step[0] == "key" and key.value == step[1]:
                return key
            if key.value == step:
                return value
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
        return node.value[step]
    return None


class SourceError(Exception):
    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


# libyaml's safe loader where PyYAML has it (its wheels do): the same nodes, marks and data, in a
# tenth of the pure-Python loader's time (loading every built-in layout, as reading a photo's
# layout code does once, took 128 ms)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_source(path: Path, name: str | None = None) -> Source:
    """Parse `path` with the safe loader; unreadable or malformed files raise SourceError."""
    name = name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SourceError([f"{name}: no such file"]) from None
    except IsADirectoryError:
        raise SourceError([f"{name}: is a folder, expected a .yaml layout file"]) from None
    except UnicodeDecodeError as e:
        raise SourceError([f"{name}: not a text file (byte {e.start} is not UTF-8)"]) from None
    except OSError as e:
        raise SourceError([f"{name}: cannot be read ({e.strerror})"]) from None
    try:
        root = yaml.compose(text, Loader=_LOADER)
        data = yaml.load(text, Loader=_LOADER)  # (a safe loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{mark.line + 1}:{mark.column + 1}" if mark else "1:1"
        what = " ".join(x for x in (e.context, e.problem) if x)
        raise SourceError([f"{name}:{where}: not valid YAML: {what}"]) from None
    except yaml.YAMLError as e:
        raise SourceError([f"{name}: not valid YAML: {e}"]) from None
    src = Source(name, text, data, root)
    dups = _duplicate_keys(src, root)
    if dups:
        raise SourceError(dups)
    return src


def _duplicate_keys(src: Source, node: yaml.Node | None) -> list[str]:
    """safe_load silently keeps the last of two equal keys; a layout file must not."""
    out: list[str] = []
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            if key.value in seen:
                out.append(f"{src.name}:{key.start_mark.line + 1}:{key.start_mark.column + 1}: "
                           f"duplicate key '{key.value}' (first on line {seen[key.value]}); "
                           "expected each key once")
            else:
                seen[key.value] = key.start_mark.line + 1
            out += _duplicate_keys(src, value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            out += _duplicate_keys(src, item)
    return out
