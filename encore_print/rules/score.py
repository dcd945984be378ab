"""A sheet's score, whatever the game: items that add up to the total, and what was decided."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Item:
    """Points from one thing on the sheet, so a report or overlay can show where they came from."""

    part: str  # the breakdown entry it adds to, e.g. "columns"
    id: str  # what scored: "column:E", "colour:yellow", "joker:3", "cell:A3"
    points: int
    element: str | None = None  # the element that earned it, to highlight: "column:E:others"


@dataclass
class Score:
    parts: tuple[str, ...]  # breakdown entries, in the order a sheet adds them up
    items: list[Item] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # scoring decisions on an untidy sheet
    problems: list[str] = field(default_factory=list)  # rules the sheet cannot have followed
    tiebreak: int = 0  # higher wins a tie (Encore!: unused exclamation marks)

    @property
    def breakdown(self) -> dict[str, int]:
        # derived from the items so the two can never disagree
        return {p: sum(i.points for i in self.items if i.part == p) for p in self.parts}

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def to_json(self) -> dict:
        return {"total": self.total, "breakdown": self.breakdown, "tiebreak": self.tiebreak,
                "warnings": list(self.warnings), "problems": list(self.problems),
                "items": [{"part": i.part, "id": i.id, "points": i.points,
                           **({"element": i.element} if i.element else {})}
                          for i in self.items]}
