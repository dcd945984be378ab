"""What a sheet is, as plain data: no YAML, no drawing, no OpenCV."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Colour:
    """A region colour (Encore!: green, yellow, …; Kids: an animal)."""

    name: str
    fill: str  # "#rrggbb", light enough that a pen cross stays visible
    ink: str  # "#rrggbb", the darker shade used for its symbol and in the legend
    symbol: str  # shape drawn in every cell of this colour, for colour-blind players
    pattern: str  # hatching used on black-and-white pads


@dataclass(frozen=True)
class Cell:
    column: str
    row: int  # 1 = top
    colour: str
    star: bool = False

    @property
    def id(self) -> str:
        return f"cell:{self.column}{self.row}"


@dataclass(frozen=True)
class ValueRow:
    """One printed value under each column ("first" = upper, "others" = lower)."""

    which: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class BoxRow:
    """A row of tick boxes a player crosses: exclamation marks, missed throws, …"""

    kind: str  # element id prefix: "joker" → joker:1 … joker:N
    count: int
    label: str  # printed in each box
    points_unused: int = 0  # per box left empty, at the end
    place: str = "below"  # "below" the column values, or in the "panel" under the colour bonuses
    per_line: int = 0  # boxes per line before wrapping to the next; 0: all on one line

    @property
    def lines(self) -> int:
        return -(-self.count // self.per_line) if self.per_line else 1


@dataclass(frozen=True)
class Layout:
    id: str
    game: str
    version: int
    title: str
    code: int  # the number the fiducials carry; unique among layouts
    sheet_mm: tuple[float, float]
    columns: tuple[str, ...]
    n_rows: int
    start_column: str
    colours: tuple[Colour, ...]
    cells: tuple[Cell, ...]  # row-major, top row first
    column_values: tuple[ValueRow, ...]
    colour_bonus: tuple[ValueRow, ...]  # one value per row, same for every colour
    boxes: tuple[BoxRow, ...]
    labels: dict[str, str] = field(default_factory=dict, hash=False)
    star_points: int = 0  # per star cell left empty
    source: str = ""  # file it came from, for messages

    def cell(self, column: str, row: int) -> Cell:
        return self.cells[(row - 1) * len(self.columns) + self.columns.index(column)]

    def colour(self, name: str) -> Colour:
        return next(c for c in self.colours if c.name == name)

    def cells_of(self, colour: str) -> list[Cell]:
        return [c for c in self.cells if c.colour == colour]

    def column_cells(self, column: str) -> list[Cell]:
        return [c for c in self.cells if c.column == column]

    def box_row(self, kind: str) -> BoxRow | None:
        return next((b for b in self.boxes if b.kind == kind), None)
