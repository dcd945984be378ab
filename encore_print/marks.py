"""What a player wrote on one sheet, element by element: the reader's output, the rules' input.

Element ids are the contract of DESIGN.md (`cell:H3`, `joker:1`, `column:A:first`,
`colour:green:others`, …). An element missing from `states` is empty, so a hand-made `Marks`
only lists what is marked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

EMPTY = "empty"
CROSSED = "crossed"
CIRCLED = "circled"
STRUCK = "struck"
STATES = (EMPTY, CROSSED, CIRCLED, STRUCK)


@dataclass
class Marks:
    states: dict[str, str] = field(default_factory=dict)  # element id → one of STATES
    values: dict[str, int] = field(default_factory=dict)  # numbers written by hand (Qwinto)
    uncertain: set[str] = field(default_factory=set)  # ids the reader could not judge surely

    def __post_init__(self) -> None:
        bad = {k: v for k, v in self.states.items() if v not in STATES}
        if bad:  # a programming error, not a user's: the file loader and reader never do this
            raise ValueError(f"unknown mark states {bad}; expected one of {', '.join(STATES)}")

    @classmethod
    def of(cls, crossed: Iterable[str] = (), circled: Iterable[str] = (),
           struck: Iterable[str] = (), uncertain: Iterable[str] = ()) -> Marks:
        """Marks from lists of element ids, for tests and hand-made sheets."""
        states = {i: CROSSED for i in crossed}
        states.update({i: CIRCLED for i in circled})
        states.update({i: STRUCK for i in struck})
        return cls(states, uncertain=set(uncertain))

    def state(self, element_id: str) -> str:
        return self.states.get(element_id, EMPTY)

    def marked(self, element_id: str) -> bool:
        """Any pen mark at all: how cells and jokers are judged (a circled cell is checked)."""
        return self.state(element_id) != EMPTY

    def marked_ids(self) -> set[str]:
        return {i for i, s in self.states.items() if s != EMPTY}

    def with_state(self, element_id: str, state: str) -> Marks:
        """A copy with one element read otherwise (for 'what if the reader was wrong')."""
        return replace(self, states={**self.states, element_id: state},
                       values=dict(self.values), uncertain=set(self.uncertain))

    def full(self, element_ids: Iterable[str]) -> dict[str, str]:
        """Every listed element with its state, empty ones included (the JSON `marks` object)."""
        return {i: self.state(i) for i in element_ids}
