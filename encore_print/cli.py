"""The `encore-print` command: thin wiring of layout → geometry → render / read → rules → report."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .errors import UserError
from .geometry import geometry
from .layout import builtin_ids, load_layout, validate_files
from .output import check_writable, write_atomic

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(package_name="encore-print")
def main() -> None:
    """Print refill pads for Encore! (Keer op Keer, Noch mal!) and score photos of finished
    sheets.

    \b
    Print a pad of 50 sheets on A4:   encore-print pad -n 50
    The same on Letter, no colour:    encore-print pad -n 50 --paper letter --mono
    Another sheet of the game:        encore-print pad encore-blue
    See which sheets are built in:    encore-print layouts
    """


@main.command()
def layouts() -> None:
    """List the built-in layouts (id, game, title).

    Any of these ids can be given to `pad`, `preview` and `geometry`.
    """
    for lid in builtin_ids():
        lay = load_layout(lid)
        click.echo(f"{lay.id:<18} {lay.game:<8} {lay.title}")


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def validate(files: tuple[Path, ...]) -> None:
    """Check layout files and report every problem, with file, line and column.

    \b
    Example:  encore-print validate my-house-sheet.yaml
    Exit status 0 when all files are good, 1 when any has a problem.
    """
    problems = validate_files(list(files))
    if problems:
        for p in problems:
            click.echo(p, err=True)
        n = len(problems)
        raise UserError(f"{n} problem{'s' if n > 1 else ''} found")
    click.echo(f"{len(files)} layout file{'s' if len(files) > 1 else ''} OK")


@main.command()
@click.argument("layout", default="encore")
@click.option("-n", "--sheets", default=50, show_default=True, type=click.IntRange(min=1),
              help="How many sheets the pad has.")
@click.option("--paper", default="a4", show_default=True,
              type=click.Choice(["a4", "letter", "a3", "a5", "legal", "tabloid"],
                                case_sensitive=False),
              help="Paper size of your printer.")
@click.option("--mono", is_flag=True,
              help="Black-and-white pad: patterns and symbols instead of colour fills.")
@click.option("-o", "--output", type=click.Path(path_type=Path),
              help="PDF file to write [default: LAYOUT-pad.pdf].")
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
def pad(layout: str, sheets: int, paper: str, mono: bool, output: Path | None,
        force: bool) -> None:
    """Write a printable refill pad (PDF) of LAYOUT, a built-in id or a .yaml file.

    Sheets are placed as many to a page as fit, with cut marks between them. Print at
    100 % ("actual size"), not "fit to page", so the sheets come out the size of the
    originals.

    \b
    Examples:
      encore-print pad                       50 standard sheets on A4
      encore-print pad -n 200 --paper letter -o pads/encore.pdf
      encore-print pad encore-green --mono   for a laser printer
    """
    from .render.pad import arrange, pad_pdf

    lay = load_layout(layout)
    out = output or Path(f"{lay.id}-pad.pdf")
    check_writable(out, force)
    per_page = arrange(lay.sheet_mm, paper.lower()).per_page
    pages = -(-sheets // per_page)
    g = geometry(lay)
    if sys.stderr.isatty() and pages > 20:
        with click.progressbar(length=pages, label="pages", file=sys.stderr) as bar:
            data = pad_pdf(g, sheets, paper.lower(), mono, on_page=lambda _: bar.update(1))
    else:
        data = pad_pdf(g, sheets, paper.lower(), mono)
    write_atomic(out, data, force)
    click.echo(f"wrote {out}: {sheets} sheet{'s' if sheets > 1 else ''} of {lay.id} on "
               f"{pages} {paper.upper() if len(paper) == 2 else paper.title()} "
               f"page{'s' if pages > 1 else ''}, {per_page} per page ({len(data) // 1024} KB)")


@main.command()
@click.argument("layout", default="encore")
@click.option("-o", "--output", type=click.Path(path_type=Path),
              help="PNG file to write [default: LAYOUT.png].")
@click.option("--dpi", default=150, show_default=True, type=click.IntRange(20, 1200),
              help="Pixels per inch.")
@click.option("--mono", is_flag=True, help="The black-and-white version.")
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
def preview(layout: str, output: Path | None, dpi: int, mono: bool, force: bool) -> None:
    """Write one sheet of LAYOUT as a PNG image, exactly its trim box.

    A point x mm from the sheet's left edge is at pixel x × DPI / 25.4.

    \b
    Example:  encore-print preview encore-blue -o blue.png --dpi 200
    """
    import io

    from PIL import Image

    from .render.preview import render_sheet_image

    lay = load_layout(layout)
    out = output or Path(f"{lay.id}.png")
    check_writable(out, force)
    buf = io.BytesIO()
    Image.fromarray(render_sheet_image(lay, dpi, mono)).save(buf, "PNG", dpi=(dpi, dpi))
    write_atomic(out, buf.getvalue(), force)
    click.echo(f"wrote {out}")


@main.command("geometry")
@click.argument("layout", default="encore")
def geometry_cmd(layout: str) -> None:
    """Print where every element of LAYOUT sits on the sheet, as JSON (millimetres, origin at
    the top-left corner, y down)."""
    click.echo(json.dumps(geometry(load_layout(layout)).to_json(), indent=1))
