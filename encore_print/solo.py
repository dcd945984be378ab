"""Encore! solo: the rating ladder and the roll count. Pure, no I/O.

In solo the player is always first (rules.encore.score(..., solo=True)). After every roll they
slash one column letter box, two slashes per box, so a game lasts two rolls per column (30 on
the 15-column sheets). Slash counts live in `Marks.values` as `letter:A` → count: numbers a
player writes, like Qwinto's, rather than new mark states, so every other output keeps its
shape (DESIGN.md). Marks files give them (`slashes: A A B`); photos do not yet: the letter
boxes are printed as labels, not as boxes made to be slashed.

The ladder's 13 bands are those of shared/reference/encore-sheets.yaml (`solo.rating_bands`).
Only the two extreme names are known (the game's own words, kept in French); the rungs between
are ours.
"""

from __future__ import annotations

from dataclasses import dataclass

from .layout import Layout
from .marks import Marks

SLASHES_PER_BOX = 2
LETTER = "letter"  # values key prefix: letter:A … letter:O


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


def letter_ids(layout: Layout) -> list[str]:
    return [f"{LETTER}:{col}" for col in layout.columns]


def max_rolls(layout: Layout) -> int:
    return SLASHES_PER_BOX * len(layout.columns)


@dataclass(frozen=True)
class SoloResult:
    total: int
    rung: Rung
    rolls: int | None  # slashes read in the letter boxes; None when they were not read
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
            lines.append(f"  rolls    {self.rolls} of {self.max_rolls} slashed")
        lines += [f"  note: {w}" for w in self.warnings]
        return "\n".join(lines)


def solo_result(layout: Layout, marks: Marks, total: int) -> SoloResult:
    """The rating of a solo total, and what the letter-box slashes say about the game's length."""
    limit = max_rolls(layout)
    ids = letter_ids(layout)
    counts = {i: marks.values[i] for i in ids if i in marks.values}
    rolls = sum(counts.values()) if counts else None
    warnings = []
    if rolls is not None and rolls > limit:
        over = [f"{i.split(':')[1]} ({n})" for i, n in counts.items() if n > SLASHES_PER_BOX]
        where = f"; more than {SLASHES_PER_BOX} in {', '.join(over)}" if over else ""
        warnings.append(f"{rolls} rolls are slashed in the letter boxes but a solo game lasts "
                        f"{limit}{where}")
    doubtful = [i.split(":")[1] for i in ids if i in marks.uncertain]
    if doubtful:
        warnings.append("the slashes in letter box" + ("es " if len(doubtful) > 1 else " ")
                        + ", ".join(doubtful) + " could not be counted with confidence")
    return SoloResult(total, rating(total), rolls, limit, tuple(warnings))
