"""The layout model: what a sheet is, loaded from YAML and validated."""

from .load import load_layout, validate_files
from .model import BoxRow, Cell, Colour, Layout, ValueRow
from .registry import builtin_ids

__all__ = ["BoxRow", "Cell", "Colour", "Layout", "ValueRow", "builtin_ids", "load_layout",
           "validate_files"]
