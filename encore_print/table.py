"""One game's sheets together: the ranking and the disputes a table actually has. Pure, no I/O.

RULES.md, "From all sheets of one table": when one sheet circles an upper value, every other
sheet that completed the same column or colour must have it struck; several players can be
first only when they completed it on the same roll; the game ends after the roll in which
someone completes a second colour. Each finding names the players and the element, so the
table knows whose sheet to look at.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .layout import Layout
from .marks import CIRCLED, EMPTY, STRUCK
from .report import SheetResult
from .rules import for_game
from .rules.encore import Prize, filled_cells, prizes, value_state

# Two photos of one sheet give the same marks up to the reader's rare misjudgements, while two
# players' finished sheets differ in dozens of elements: sheets that differ in at most this
# many elements (those uncertain on either left out) are taken for the same sheet.
NEAR_SAME = 3
# ...provided both have this many crossed cells: a finished game has 30-70, and two sheets that
# are barely begun can agree by chance.
MIN_CELLS_TO_COMPARE = 20


@dataclass(frozen=True)
class Seat:
    """One player's sheet at the table."""

    name: str
    result: SheetResult
    digest: str = ""  # of the photo file: the same file given twice is caught for sure

    @property
    def layout(self) -> Layout:
        return self.result.layout


@dataclass(frozen=True)
class Finding:
    kind: str  # missing-strike, shared-first, two-colours, same-sheet, mixed-layouts
    message: str  # one sentence for the table
    players: tuple[str, ...]  # everyone the finding is about
    element: str | None = None  # the value box it is about: "column:E:first"
    severity: str = "check"  # "check": a sheet is likely wrong; "confirm": possible, ask

    def to_json(self) -> dict:
        return {"kind": self.kind, "severity": self.severity, "message": self.message,
                "players": list(self.players), "element": self.element}


@dataclass(frozen=True)
class Placed:
    place: int  # 1 = winner; tied seats share it
    shared: bool  # another seat has the same place
    seat: Seat


def rank(seats: list[Seat]) -> list[Placed]:
    """Highest total first; a tie goes to more unused exclamation marks (Score.tiebreak); a tie
    on both is a shared place, and the next place is skipped as in any sports table."""
    def key(s: Seat) -> tuple[int, int]:
        return s.result.score.total, s.result.score.tiebreak

    counts = Counter(key(s) for s in seats)
    order = sorted(seats, key=key, reverse=True)  # stable: input order on ties
    return [Placed(1 + sum(n for k, n in counts.items() if k > key(s)), counts[key(s)] > 1, s)
            for s in order]


def unique_names(names: list[str]) -> list[str]:
    """The same name twice (two IMG_0001.jpg from two phones) becomes 'name', 'name (2)'."""
    seen: Counter[str] = Counter()
    out = []
    for n in names:
        seen[n] += 1
        out.append(n if seen[n] == 1 else f"{n} ({seen[n]})")
    return out


@dataclass
class Table:
    seats: list[Seat]
    layout: Layout | None = None  # the table's layout: the one most sheets have
    findings: list[Finding] = field(default_factory=list)
    ranking: list[Placed] = field(default_factory=list)


def check_table(seats: list[Seat]) -> Table:
    """Rank the seats and find every cross-sheet dispute."""
    table = Table(seats, ranking=rank(seats))
    if not seats:
        return table
    # most sheets' layout; on a tie, the first photo's (most_common keeps first-seen order)
    main_id = Counter(s.layout.id for s in seats).most_common(1)[0][0]
    table.layout = next(s.layout for s in seats if s.layout.id == main_id)
    table.findings += mixed_layouts(seats, table.layout)
    same, copies = same_sheets(seats)
    table.findings += same
    # Sheets of another layout are likely from another game, and a second photo of a sheet
    # would dispute with itself: both are left out of the checks between players.
    players = [s for s in seats if s.layout.id == main_id and s.name not in copies]
    if table.layout.game == "encore":  # the checks below are Encore!'s rules
        table.findings += first_claims(players)
        table.findings += colour_bonuses(players)
    return table


def mixed_layouts(seats: list[Seat], main: Layout) -> list[Finding]:
    out = []
    others = sorted({s.layout.id for s in seats} - {main.id})
    for lid in others:
        odd = tuple(s.name for s in seats if s.layout.id == lid)
        title = next(s.layout.title for s in seats if s.layout.id == lid)
        whose = _names(odd) + ("'s sheet is" if len(odd) == 1 else "'s sheets are")
        out.append(Finding(
            "mixed-layouts",
            f"{whose} {lid} ({title}) while the others play {main.id}: a sheet from another "
            "game? It is ranked but left out of the checks between players.", odd))
    return out


def same_sheets(seats: list[Seat]) -> tuple[list[Finding], set[str]]:
    """Pairs of seats that are one sheet photographed twice, and the names of the later copies."""
    out, copies = [], set()
    for k, a in enumerate(seats):
        for b in seats[k + 1:]:
            if b.name in copies or a.layout.id != b.layout.id:
                continue
            how = _sameness(a, b)
            if how:
                copies.add(b.name)
                out.append(Finding(
                    "same-sheet", f"{a.name} and {b.name} are the same sheet photographed twice "
                    f"({how}); keep the right one. The second is left out of the checks "
                    "between players.", (a.name, b.name)))
    return out, copies


def _sameness(a: Seat, b: Seat) -> str:
    if a.digest and a.digest == b.digest:
        return "the same photo file"
    ma, mb = a.result.marks, b.result.marks
    ids = for_game(a.layout.game).element_ids(a.layout)
    cells = [i for i in ids if i.startswith("cell:")]
    if min(sum(ma.marked(i) for i in cells), sum(mb.marked(i) for i in cells)) \
            < MIN_CELLS_TO_COMPARE:
        return ""
    doubtful = ma.uncertain | mb.uncertain
    differ = [i for i in ids if i not in doubtful and ma.state(i) != mb.state(i)]
    if not differ:
        return "identical marks"
    if len(differ) <= NEAR_SAME:
        return f"identical marks except {', '.join(differ)}: likely a misreading on one photo"
    return ""


def first_claims(seats: list[Seat]) -> list[Finding]:
    """For each column and colour: several upper circles (confirm), and completed sheets that
    neither circled nor struck the upper value while someone else circled it (strike missing)."""
    if not seats:
        return []
    out = []
    layout = seats[0].layout
    filled = {s.name: filled_cells(s.layout, s.result.marks) for s in seats}
    for prize in prizes(layout):
        if not prize.boxes:
            continue
        upper = prize.boxes[0][0]
        complete = [s for s in seats if all(c.id in filled[s.name] for c in prize.cells)]
        firsts = [s for s in complete if value_state(s.result.marks, upper) == CIRCLED]
        if len(firsts) > 1:
            names = tuple(s.name for s in firsts)
            both = "both" if len(names) == 2 else "all"
            out.append(Finding(
                "shared-first", f"{_names(names)} {both} circled the upper value of "
                f"{prize.name}: possible only if they completed it on the same roll; confirm at "
                "the table.", names, upper, "confirm"))
        if not firsts:
            continue
        for s in complete:
            if value_state(s.result.marks, upper) == EMPTY:
                out.append(_missing_strike(prize, upper, firsts, s))
    return out


def _missing_strike(prize: Prize, upper: str, firsts: list[Seat], s: Seat) -> Finding:
    by = _names(tuple(f.name for f in firsts))
    marks = s.result.marks
    rules = for_game(s.layout.game)
    delta = rules.score(s.layout, marks.with_state(upper, STRUCK)).total - s.result.score.total
    effect = f" (that costs {s.name} {-delta} point{'s' if -delta != 1 else ''})" if delta else ""
    return Finding(
        "missing-strike",
        f"{by} circled the upper value of {prize.name}, but {s.name}, who also completed it, "
        f"neither circled nor struck it: strike it on {s.name}'s sheet{effect}, unless both "
        "completed it on the same roll.", (s.name, *(f.name for f in firsts)), upper)


def colour_bonuses(seats: list[Seat]) -> list[Finding]:
    """The game ends after the roll in which someone completes a second colour: several players
    with two colour bonuses all completed their second on that last roll."""
    won = {s.name: [i.id.split(":", 1)[1] for i in s.result.score.items if i.part == "colours"]
           for s in seats}
    two = {n: c for n, c in won.items() if len(c) >= 2}
    out = []
    for name, colours in two.items():
        if len(colours) > 2:
            out.append(Finding(
                "too-many-colours", f"{name} has {len(colours)} colour bonuses "
                f"({', '.join(colours)}), but the game ends after the roll in which a player "
                "completes a second colour.", (name,)))
    if len(two) > 1:
        names = tuple(two)
        detail = "; ".join(f"{n}: {', '.join(c)}" for n, c in two.items())
        out.append(Finding(
            "two-colours", f"{_names(names)} each have two colour bonuses ({detail}); the game "
            "ends after the roll in which someone completes a second colour, so they all did "
            "on that last roll: confirm at the table.", names, None, "confirm"))
    return out


def _names(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
