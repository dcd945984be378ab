"""Scoring rules, one module per game: Marks → Score, plus legality checks. Pure, no I/O.

Each game module offers `score(layout, marks, solo=False) -> Score`,
`legality(layout, marks) -> list[str]`, `swing(layout, marks, ids=None, solo=False)` and
`element_ids(layout)`; `for_game(layout.game)` picks the module.
"""

from __future__ import annotations

from types import ModuleType

from ..errors import UserError
from . import encore
from .score import Item, Score

GAMES: dict[str, ModuleType] = {"encore": encore}


def for_game(game: str) -> ModuleType:
    try:
        return GAMES[game]
    except KeyError:
        raise UserError(f"no rules for game '{game}'; games with rules: "
                        + ", ".join(GAMES)) from None


__all__ = ["GAMES", "Item", "Score", "encore", "for_game"]
