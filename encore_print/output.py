"""Writing files the user asked for: atomically, and never over an existing file unless forced."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import UserError


def check_writable(path: Path, force: bool) -> None:
    """Fail early, before any work, if `path` cannot or must not be written."""
    if path.exists() and not force:
        raise UserError(f"{path} already exists; add --force to replace it")
    if path.is_dir():
        raise UserError(f"{path} is a folder; expected a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"cannot write {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise UserError(f"cannot write {path}: folder {parent} is not writable")


def write_atomic(path: Path, data: bytes, force: bool) -> None:
    """Write to a temporary file beside `path`, then move it into place in one step, so a
    reader never sees half a file and an interrupted run leaves nothing behind."""
    check_writable(path, force)
    parent = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        if force:
            os.replace(tmp, path)
        else:
            _place_new(Path(tmp), path)
    except FileExistsError:
        os.unlink(tmp)
        raise UserError(f"{path} already exists; add --force to replace it") from None
    except OSError as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise UserError(f"cannot write {path}: {e.strerror}") from None
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _place_new(tmp: Path, path: Path) -> None:
    """Move `tmp` to `path` unless a file appeared there meanwhile: a hard link fails rather
    than replaces. Where links are not supported (some USB sticks), check and then move."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if path.exists():
            raise FileExistsError(path) from None
        os.replace(tmp, path)
        return
    os.unlink(tmp)
