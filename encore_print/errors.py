"""Errors a user can cause: each prints as one clear sentence (or one per problem), no traceback."""

from __future__ import annotations

import click


class UserError(click.ClickException):
    exit_code = 1


class LayoutError(UserError):
    """One or more problems in layout files; `problems` are 'file:line:col: message' lines."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))

    def format_message(self) -> str:
        n = len(self.problems)
        head = "" if n == 1 else f"{n} problems:\n"
        return head + "\n".join(self.problems)


class UnreadablePhoto(UserError):
    """The file is not an image we can decode (exit 3)."""

    exit_code = 3


class NoSheet(UserError):
    """The image holds no sheet we can read: none, another game, too small, too blurred
    (exit 4)."""

    exit_code = 4
