"""Encore! solo: the rating ladder and the roll count. Pure, no I/O.

In solo the player is always first (rules.encore.score(..., solo=True)). The original sheet has
the player slash a column letter box after every roll, two slashes per box, so a game lasts two
rolls per column (30 on the 15-column sheets). Our sheets print a roll counter instead (the box
row `roll`: roll:1 … roll:30, small squares under the colour bonuses): one box crossed per roll,
read from photos like any box, typed in marks files as `rolls: 18`. More crossed than the game
lasts is a warning, as is a box read empty among crossed ones (players cross them in order;
a faint cross in so small a box is what a photo misses first).

The ladder's 13 bands are those of shared/reference/encore-sheets.yaml (`solo.rating_bands`).
Only the two extreme names are known (the game's own words, kept in French); the rungs between
are ours.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout
from .marks import Marks
from .rules.encore import ROLL, rolls_crossed

ROLLS_PER_COLUMN = 2  # the original sheet: two slashes in each column's letter box


@dataclass(frozen=True)
class Rung:
    low: int | None  # lowest total on this rung; None: no lower bound
    high: int | None  # highest total; None: no upper bound
    name: str
    gloss: str = ""  # for the game's own French words: what they mean

    @property
    def band(self) -> str:
        """As the reference writes it: '< 0', '0', '1-4', …, '> 40'."""
        if self.low is None:
            return f"< {self.high + 1}"
        if self.high is None:
            return f"> {self.low - 1}"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


LADDER: tuple[Rung, ...] = (
    Rung(None, -1, "Ça frôle le refus de travail", "that borders on refusing to work"),
    Rung(0, 0, "Not a single point: the dice owe you one"),
    Rung(1, 4, "Barely warmed up"),
    Rung(5, 8, "Finding your feet"),
    Rung(9, 12, "Getting the hang of it"),
    Rung(13, 16, "A respectable game"),
    Rung(17, 20, "Solid play"),
    Rung(21, 24, "A good eye for the dice"),
    Rung(25, 28, "Sharp"),
    Rung(29, 32, "Very strong"),
    Rung(33, 36, "Expert"),
    Rung(37, 40, "Master of the grid"),
    Rung(41, None, "Il existe encore des super-héros !", "superheroes still exist!"),
)


def rating(total: int) -> Rung:
    return next(r for r in LADDER if (r.low is None or total >= r.low)
                and (r.high is None or total <= r.high))


def max_rolls(layout: Layout) -> int:
    return ROLLS_PER_COLUMN * len(layout.columns)


@dataclass(frozen=True)
class SoloResult:
    total: int
    rung: Rung
    rolls: int | None  # roll boxes crossed; None when the sheet has no roll counter
    max_rolls: int
    warnings: tuple[str, ...]

    def to_json(self) -> dict:
        return {"rating": self.rung.name, "gloss": self.rung.gloss or None,
                "band": self.rung.band,
                "rung": LADDER.index(self.rung) + 1, "of": len(LADDER),
                "rolls": self.rolls, "max_rolls": self.max_rolls,
                "warnings": list(self.warnings)}

    def to_text(self) -> str:
        name = (f"«{self.rung.name}» (the game's own words: {self.rung.gloss})"
                if self.rung.gloss else self.rung.name)
        rung = LADDER.index(self.rung) + 1
        lines = [f"  solo     rung {rung} of {len(LADDER)} ({self.rung.band} points): {name}"]
        if self.rolls is not None:
            lines.append(f"  rolls    {self.rolls} of {self.max_rolls} crossed")
        lines += [f"  note: {w}" for w in self.warnings]
        return "\n".join(lines)


def solo_result(layout: Layout, marks: Marks, total: int) -> SoloResult:
    """The rating of a solo total, and what the roll boxes say about the game's length."""
    limit = max_rolls(layout)
    row = layout.box_row(ROLL)
    rolls = rolls_crossed(marks)
    if row is None and not rolls:
        return SoloResult(total, rating(total), None, limit, ())
    warnings = []
    if rolls > limit:
        warnings.append(f"{rolls} roll boxes are crossed but a solo game lasts {limit} rolls")
    boxes = [f"{ROLL}:{n}" for n in range(1, (row.count if row else 0) + 1)]
    doubtful = [b for b in boxes if b in marks.uncertain]
    if doubtful:
        warnings.append(f"{_boxes(doubtful)} could not be read with confidence; look at "
                        f"{'it' if len(doubtful) == 1 else 'them'} on the sheet")
    last = max((k for k, b in enumerate(boxes) if marks.marked(b)), default=-1)
    gaps = [b for b in boxes[:last] if not marks.marked(b) and b not in marks.uncertain]
    if gaps:
        warnings.append(f"{_boxes(gaps)} {'is' if len(gaps) == 1 else 'are'} read empty but "
                        f"later ones are crossed; look at {'it' if len(gaps) == 1 else 'them'} "
                        "on the sheet")
    return SoloResult(total, rating(total), rolls, limit, tuple(warnings))


def _boxes(ids: list[str]) -> str:
    numbers = ", ".join(i.split(":")[1] for i in ids)
    return f"roll box{'es' if len(ids) > 1 else ''} {numbers}"
