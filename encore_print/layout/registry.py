"""Where layouts are found: the built-in ones by id, anything else by path."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..errors import UserError


def builtin_dir() -> Path:
    return Path(str(resources.files("encore_print.layouts")))


def builtin_ids() -> list[str]:
    return sorted(p.stem for p in builtin_dir().glob("*.yaml"))


def is_builtin(name: str | Path) -> bool:
    return isinstance(name, str) and name in builtin_ids()


def find(name: str | Path) -> Path:
    """A built-in id or a path to a YAML file."""
    if is_builtin(name):
        return builtin_dir() / f"{name}.yaml"
    path = Path(name)
    if path.suffix.lower() in (".yaml", ".yml") or path.exists():
        return path
    raise UserError(f"'{name}' is neither a built-in layout nor a .yaml file; built-in layouts "
                    f"are: {', '.join(builtin_ids())}")
