"""A scored sheet as the players see it: text for the terminal, JSON for tools (DESIGN.md)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .layout import Layout
from .marks import Marks
from .rules import for_game
from .rules.score import Score


@dataclass
class SheetResult:
    source: str
    layout: Layout
    marks: Marks
    score: Score
    swing: dict[str, int] = field(default_factory=dict)  # uncertain element → change of total
    notes: list[str] = field(default_factory=list)  # about the photo itself

    @property
    def uncertain(self) -> list[str]:
        ids = for_game(self.layout.game).element_ids(self.layout)
        return [i for i in ids if i in self.marks.uncertain]


def score_marks(source: str, layout: Layout, marks: Marks, solo: bool = False,
                notes: list[str] | None = None) -> SheetResult:
    rules = for_game(layout.game)
    s = rules.score(layout, marks, solo=solo)
    swing = rules.swing(layout, marks, solo=solo) if marks.uncertain else {}
    return SheetResult(source, layout, marks, s, swing, list(notes or []))


def to_json(r: SheetResult) -> dict:
    ids = for_game(r.layout.game).element_ids(r.layout)
    s = r.score
    return {"source": r.source, "layout": r.layout.id, "version": r.layout.version,
            "total": s.total, "breakdown": s.breakdown,
            "marks": {i: r.marks.state(i) for i in ids},
            "values": dict(r.marks.values),
            "uncertain": r.uncertain,
            "warnings": [*r.notes, *s.warnings],
            "problems": list(s.problems), "tiebreak": s.tiebreak,
            "swing": {i: r.swing[i] for i in r.uncertain if i in r.swing},
            "items": s.to_json()["items"]}


# more uncertain marks than this that change nothing go on one line: a photo whose pen barely
# shows leaves every empty box to check, and a hundred lines would bury the few that matter
FOLD_IDLE = 5


def to_text(r: SheetResult) -> str:
    s = r.score
    lines = [f"{r.source}: {s.total} points  ({r.layout.title}, layout {r.layout.id})"]
    for part, points in s.breakdown.items():
        detail = ", ".join(f"{_short(i.id)} {i.points:+d}" if part == "stars"
                           else f"{_short(i.id)} {i.points}"
                           for i in s.items if i.part == part and i.points)
        lines.append(f"  {part:<8} {points:>4}" + (f"   {detail}" if detail else ""))
    lines.append(f"  {'total':<8} {s.total:>4}   tie-break: {s.tiebreak} unused !")
    for w in [*r.notes, *s.warnings]:
        lines.append(f"  note: {w}")
    for p in s.problems:
        lines.append(f"  check: {p}")
    if r.uncertain:
        worst = sum(abs(v) for v in r.swing.values())
        lines.append(f"  UNCERTAIN: {len(r.uncertain)} mark{'s' if len(r.uncertain) > 1 else ''}"
                     f" could not be read with confidence; look at them on the sheet"
                     + (f" (together they could change the total by up to {worst})"
                        if worst else " (none of them changes the total)"))
        idle = [i for i in r.uncertain if not r.swing.get(i, 0)]
        listed = r.uncertain if len(idle) <= FOLD_IDLE else \
            [i for i in r.uncertain if r.swing.get(i, 0)]
        for i in listed:
            d = r.swing.get(i, 0)
            effect = f"would change the total by {d:+d}" if d else "does not change the total"
            lines.append(f"    {i}: read as {r.marks.state(i)}; the other reading {effect}")
        if len(listed) < len(r.uncertain):
            by_state: dict[str, list[str]] = {}
            for i in idle:
                by_state.setdefault(r.marks.state(i), []).append(i)
            # (where none is listed, the line above said that none changes the total)
            lines.append("    " + (f"{len(idle)} more would not change the total either way: "
                                   if listed else "")
                         + "; ".join(f"read as {state}: {', '.join(ids)}"
                                     for state, ids in by_state.items()))
    return "\n".join(lines)


def _short(item_id: str) -> str:
    return item_id.split(":", 1)[1] if ":" in item_id else item_id
