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
from .sources import Source, named, sources_in

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
    Score a photo of your sheet:      encore-print score IMG_2041.jpg
    Rank the whole table:             encore-print table photos/ --html table.html

    Run any command with --help for its options and examples.
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
              help="Black-and-white pad: patterns and symbols instead of colour fills (to "
                   "score it from a photo, fill it in with a pen: pencil can vanish into the "
                   "hatching).")
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
    buf = io.BytesIO()  # PNG unless the name asks for a JPEG
    fmt = "JPEG" if out.suffix.lower() in (".jpg", ".jpeg") else "PNG"
    Image.fromarray(render_sheet_image(lay, dpi, mono)).save(buf, fmt, dpi=(dpi, dpi))
    write_atomic(out, buf.getvalue(), force)
    click.echo(f"wrote {out}")


@main.command("geometry")
@click.argument("layout", default="encore")
def geometry_cmd(layout: str) -> None:
    """Print where every element of LAYOUT sits on the sheet, as JSON (millimetres, origin at
    the top-left corner, y down)."""
    click.echo(json.dumps(geometry(load_layout(layout)).to_json(), indent=1))


@main.command()
@click.argument("photos", nargs=-1, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True,
              help="One JSON object per photo, one per line (see DESIGN.md).")
@click.option("--overlay", type=click.Path(path_type=Path),
              help="Write what was read, drawn over the sheet, to this image (.png or .jpg); "
                   "with several photos, a folder.")
@click.option("--marks", "marks_file", type=click.Path(path_type=Path),
              help="Score a hand-written marks file instead of a photo.")
@click.option("--save-marks", type=click.Path(path_type=Path),
              help="Write what was read as a marks file, to correct by hand and score with "
                   "--marks.")
@click.option("--layout", "extra_layouts", multiple=True, type=click.Path(path_type=Path),
              help="A layout file of your own, for photos of sheets printed from it.")
@click.option("--solo", is_flag=True,
              help="Solo game: you are first on every column and colour; the total is placed "
                   "on the game's rating ladder.")
@click.option("--force", is_flag=True, help="Replace output files that exist.")
def score(photos: tuple[Path, ...], as_json: bool, overlay: Path | None,
          marks_file: Path | None, save_marks: Path | None, extra_layouts: tuple[Path, ...],
          solo: bool, force: bool) -> None:
    """Score photos of finished sheets (JPEG, PNG; HEIC with pillow-heif; a scanner app's
    PDF, each page a sheet). PHOTOS are photo files or folders of them; FILE.pdf#page=N is one
    page of a PDF.

    Take the photo from above or at an angle, in any light, in colour or grey, with the
    whole sheet lying flat and its four black corner squares in the picture (one sheet a
    photo), and no lamp mirrored in it. Anything the reader is not sure of is listed as
    UNCERTAIN with how much it could change the total: look at those marks on the sheet.

    \b
    Examples:
      encore-print score IMG_2041.jpg
      encore-print score IMG_2041.jpg --overlay seen.png     # check what was read
      encore-print score photos/ --json > scores.jsonl        # every photo in a folder
      encore-print score --marks my-sheet.yaml               # no camera: type the marks
      encore-print score IMG_2041.jpg --solo                 # a solo game and its rating
      encore-print score scans.pdf#page=2                    # a scanned PDF's second page

    Exit status: 0 scored, 2 usage, 3 not a readable image, 4 no sheet found or not
    recognised.
    """
    from .report import score_marks

    if overlay and not overlay.is_dir() and overlay.suffix.lower() not in OVERLAY_SUFFIXES:
        # (a PNG named seen.txt would open in no image viewer)
        raise click.UsageError(f"--overlay {overlay}: give the image a name ending in .png or "
                               ".jpg (or, with several photos, an existing folder)")
    if marks_file:
        if photos:
            raise click.UsageError("give either photos or --marks, not both")
        from .marks_file import load_marks

        ref, marks = load_marks(marks_file)
        lay = load_layout(ref)
        result = score_marks(str(marks_file), lay, marks, solo)
        _emit(result, as_json, solo)
        if overlay:
            from .read import tuning
            from .render.preview import render_sheet_image

            px = tuning.PX_PER_MM
            blank = render_sheet_image(lay, px * 25.4)[:, :, ::-1]
            _write_overlay(overlay, blank, px, result, force)
        return
    if not photos:
        raise click.UsageError("give one or more photos, or --marks FILE")
    sheets = sources_in(photos)
    if overlay and len(sheets) > 1 and not overlay.is_dir():
        raise click.UsageError("with several photos (or pages), --overlay must be an existing "
                               "folder")
    if save_marks and len(sheets) > 1:
        raise click.UsageError("--save-marks takes one photo at a time (one page of a PDF: "
                               "FILE.pdf#page=N)")
    for out in (overlay if overlay and not overlay.is_dir() else None, save_marks):
        if out:
            check_writable(out, force)  # before the work, not after
    extra = {lay.code: lay for lay in (load_layout(p) for p in extra_layouts)}
    worst = 0
    for sheet in sheets:
        try:
            result, reading = _score_photo(sheet, extra, solo)
        except UserError as e:
            click.echo(f"Error: {e.format_message()}", err=True)
            worst = max(worst, e.exit_code)
            continue
        _emit(result, as_json, solo)
        if overlay:
            out = overlay / f"{sheet.stem}-overlay.png" if overlay.is_dir() else overlay
            from .read import tuning

            _write_overlay(out, reading.sheet_bgr, tuning.PX_PER_MM, result, force)
        if save_marks:
            from .marks_file import marks_to_yaml

            write_atomic(save_marks, marks_to_yaml(result.layout, result.marks).encode(), force)
    sys.exit(worst)


def _score_photo(sheet: Source, extra: dict, solo: bool):
    from .read.sheet import read_photo
    from .report import score_marks

    reading = read_photo(sheet.path, extra, sheet.page)
    return score_marks(sheet.name, reading.layout, reading.marks, solo, reading.notes), reading


def _emit(result, as_json: bool, solo: bool = False) -> None:
    from .report import to_json, to_text
    from .solo import solo_result

    rated = solo_result(result.layout, result.marks, result.score.total) if solo else None
    if as_json:
        click.echo(json.dumps({**to_json(result), **({"solo": rated.to_json()} if rated else {})},
                              ensure_ascii=False))
    else:
        click.echo(to_text(result) + (f"\n{rated.to_text()}" if rated else ""))


def _write_overlay(out: Path, sheet_bgr, px_per_mm: float, result, force: bool) -> None:
    import cv2

    from .overlay import draw_overlay

    drawn = draw_overlay(sheet_bgr, px_per_mm, geometry(result.layout), result)
    _, buf = cv2.imencode(out.suffix.lower(), drawn)
    write_atomic(out, buf.tobytes(), force)


OVERLAY_SUFFIXES = (".png", ".jpg", ".jpeg")


@main.command()
@click.argument("photos", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--name", "names", multiple=True, metavar="NAME=PHOTO",
              help="Whose sheet a photo is, e.g. --name Ann=IMG_2041.jpg (repeat for each "
                   "player) [default: the photo's file name].")
@click.option("--json", "as_json", is_flag=True, help="Print the whole table as one JSON object.")
@click.option("--csv", "as_csv", is_flag=True, help="Print one CSV row per photo.")
@click.option("--html", "html_out", type=click.Path(path_type=Path),
              help="Write one web page with the ranking and every sheet as read.")
@click.option("-j", "--jobs", type=click.IntRange(min=1),
              help="Photos read at once [default: the number of cores].")
@click.option("--layout", "extra_layouts", multiple=True, type=click.Path(path_type=Path),
              help="A layout file of your own, for photos of sheets printed from it.")
@click.option("--force", is_flag=True, help="Replace the --html file if it exists.")
def table(photos: tuple[Path, ...], names: tuple[str, ...], as_json: bool, as_csv: bool,
          html_out: Path | None, jobs: int | None, extra_layouts: tuple[Path, ...],
          force: bool) -> None:
    """Score every sheet of one game and rank the players. PHOTOS are photo files or a folder
    of them, one photo per player, or a scanner app's PDF with a sheet on each page.

    Ties go to the player with more unused exclamation marks, then the place is shared. Between
    sheets it checks that an upper value circled on one sheet is struck on every other sheet
    that completed the same column or colour, and flags several firsts on one column or colour,
    several players with two colour bonuses, a sheet photographed twice, and sheets of another
    layout. Photos that cannot be read are reported and the others still ranked.

    \b
    Examples:
      encore-print table photos/
      encore-print table photos/ --html table.html
      encore-print table a.jpg b.jpg --name Ann=a.jpg --name Ben=b.jpg
      encore-print table scans.pdf --name Ann=scans.pdf#page=1
      encore-print table photos/ --csv > scores.csv

    Exit status: 0 all read, 2 usage, 3 a file is not a readable image, 4 a photo with no
    sheet found or not recognised (the others are still ranked).
    """
    from .table import unique_names
    from .table_read import default_jobs, read_all
    from .table_report import assemble, to_csv, to_html, to_json, to_text

    if as_json and as_csv:
        raise click.UsageError("give --json or --csv, not both")
    if html_out:
        check_writable(html_out, force)  # before the work, not after
    sheets = sources_in(photos)
    owner = _owners(names, sheets)
    seat_names = unique_names([owner.get(s, s.stem) for s in sheets])
    extra = {lay.code: lay for lay in (load_layout(p) for p in extra_layouts)}
    jobs = jobs or default_jobs()
    if sys.stderr.isatty() and len(sheets) > 1:
        with click.progressbar(length=len(sheets), label="reading sheets",
                               file=sys.stderr) as bar:
            outcomes = read_all(sheets, extra, bool(html_out), jobs, lambda _: bar.update(1))
    else:
        outcomes = read_all(sheets, extra, bool(html_out), jobs)
    rep = assemble(seat_names, outcomes)
    if as_json:
        click.echo(json.dumps(to_json(rep), ensure_ascii=False, indent=1))
    elif as_csv:
        click.echo(to_csv(rep), nl=False)
    else:
        click.echo(to_text(rep))
    if html_out:
        write_atomic(html_out, to_html(rep).encode("utf-8"), force)
        click.echo(f"wrote {html_out}", err=as_json or as_csv)
    if as_json or as_csv:  # the text report lists them; here stdout is for tools
        for f in rep.failed:
            click.echo(f"Error: {f.error}", err=True)
    sys.exit(max((f.exit_code for f in rep.failed), default=0))


def _owners(names: tuple[str, ...], sheets: list[Source]) -> dict[Source, str]:
    """--name NAME=PHOTO → sheet → name. PHOTO may be a path or, for photos in a folder, just
    the file name; a page of a PDF is FILE.pdf#page=N."""
    out: dict[Source, str] = {}
    for spec in names:
        name, eq, photo = spec.partition("=")
        name = name.strip()
        if not eq or not name or not photo:
            raise click.BadParameter(f"'{spec}' should be NAME=PHOTO, e.g. Ann=IMG_2041.jpg",
                                     param_hint="--name")
        match = named(photo, sheets)
        if not match:
            raise click.BadParameter(f"{photo} is not one of the photos given", param_hint="--name")
        if len(match) > 1:
            raise click.BadParameter(f"{photo} matches {len(match)} photos; give its folder too",
                                     param_hint="--name")
        if match[0] in out:
            raise click.BadParameter(f"{photo} is named twice ({out[match[0]]}, {name})",
                                     param_hint="--name")
        out[match[0]] = name
    return out
