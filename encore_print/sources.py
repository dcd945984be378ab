"""The sheets a player points the reader at: photo files, folders of them, and scanner apps'
PDFs, of which each page is a sheet (a phone's scanner saves the whole table in one file)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .errors import UnreadablePhoto, UserError

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".heic", ".heif", ".webp", ".tif", ".tiff", ".bmp",
                  ".pdf")  # (a scanner app's)
# one page of a PDF, as PDF viewers open it (RFC 8118): scans.pdf#page=2
PAGE = re.compile(r"^(?P<file>.+)#page=(?P<page>\d+)$")


@dataclass(frozen=True)
class Source:
    path: Path
    page: int | None = None  # from 1, in a PDF of several pages

    @property
    def name(self) -> str:
        """As reports and messages name it."""
        return str(self.path) if self.page is None else f"{self.path}#page={self.page}"

    @property
    def stem(self) -> str:
        """For names made from it (a seat at the table, an overlay's file)."""
        return self.path.stem if self.page is None else f"{self.path.stem}-page{self.page}"

    def same(self, other: Source) -> bool:
        return self.page == other.page and self.path.resolve() == other.path.resolve()


def sources_in(args: tuple[Path, ...] | list[Path]) -> list[Source]:
    """Folders become the photos in them (by name), a PDF of several pages one sheet per page
    (or the one page named as FILE#page=N); a sheet given twice is read once."""
    out: list[Source] = []
    for a in args:
        if a.is_dir():
            found = sorted(p for p in a.iterdir() if p.is_file() and not p.name.startswith(".")
                           and p.suffix.lower() in PHOTO_SUFFIXES)
            if not found:
                raise UserError(f"folder {a} holds no photos ({', '.join(PHOTO_SUFFIXES)})")
            out += [s for p in found for s in _pages(p)]
        else:
            path, page = _parsed(str(a))
            out += _pages(path) if page is None else [_one_page(path, page)]
    unique: list[Source] = []
    for s in out:
        if not any(s.same(u) for u in unique):
            unique.append(s)
    return unique


def named(arg: str, sources: list[Source]) -> list[Source]:
    """The sources among `sources` that `arg` names: a path or, for photos in a folder, just
    the file name (FILE#page=N for a page)."""
    path, page = _parsed(arg)
    found = [s for s in sources if s.same(Source(path, page))]
    if not found and path.name == str(path):
        found = [s for s in sources if s.page == page and s.path.name == path.name]
    return found


def _parsed(arg: str) -> tuple[Path, int | None]:
    m = PAGE.match(arg)
    if m is None or Path(arg).exists():  # (a file may be named so)
        return Path(arg), None
    return Path(m["file"]), int(m["page"])


def _one_page(path: Path, page: int) -> Source:
    """That page of the PDF (a PDF of one page is the file itself)."""
    arg = Source(path, page).name
    pages = _page_count(path)
    if pages is None:
        raise UnreadablePhoto(f"{arg}: {path} is not a PDF that can be read, so it has no "
                              "pages to choose from" if path.exists() else f"{arg}: no such file")
    if not 1 <= page <= pages:
        raise UnreadablePhoto(f"{arg}: {path} has {pages} page{'s' if pages > 1 else ''}, "
                              "numbered from 1")
    return Source(path, page if pages > 1 else None)


def _pages(path: Path) -> list[Source]:
    pages = _page_count(path)
    if pages is None or pages <= 1:  # (an unreadable PDF: the reader says what is wrong)
        return [Source(path)]
    return [Source(path, k) for k in range(1, pages + 1)]


def _page_count(path: Path) -> int | None:
    """The pages of a PDF; None for any other file, or a PDF that cannot be opened."""
    try:
        with path.open("rb") as f:
            if f.read(5) != b"%PDF-":
                return None
    except OSError:
        return None
    import pypdfium2 as pdfium

    try:
        doc = pdfium.PdfDocument(path)
    except pdfium.PdfiumError:
        return None
    try:
        return len(doc)
    finally:
        doc.close()
