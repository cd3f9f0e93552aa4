"""A workspace folder given where a command reads a word of its own (`swarmkit memory list ws`,
`swarmkit runs show ws r-…`): the error that says a workspace goes with -w, or first.

Apart from workspace_args.py (the group that takes a workspace as its first word) because the CLI's
error reader (cli/main.py) asks it too, and that group is built on main's Group.
"""

from __future__ import annotations

import os
import re

import click


def holds_workspace(path: str) -> bool:
    from swarmkit.workspace.layout import WORKSPACE_FILES

    return any(os.path.isfile(os.path.join(path, name)) for name in WORKSPACE_FILES)


def misplaced(word: str, command: str) -> None:
    """Refuse a workspace folder given where a subcommand reads its own word (a FILE, a run id)."""
    if word and os.path.isdir(word) and holds_workspace(word):
        from swarmkit.errors import UsageProblem

        group, _, sub = command.partition(" ")
        raise UsageProblem(
            f"{word} is a workspace, and here a workspace goes with -w",
            f"swarmkit {group} -w {word} {sub} … (or first: swarmkit {group} {word} {sub} …)",
        )


_EXTRA = re.compile(r"unexpected extra arguments? \((?P<words>.+)\)$")


def misplaced_in_extras(exc: click.UsageError) -> tuple[str, str] | None:
    """(message, hint) for click's "unexpected extra argument (…)" when the workspace is among the
    words: an extra one, or the one read as the command's own (`swarmkit runs show ws r-…`)."""
    found = _EXTRA.search(exc.format_message())
    if found is None or exc.ctx is None:
        return None
    words = [str(v) for v in exc.ctx.params.values() if isinstance(v, str)] + found["words"].split()
    for word in words:
        if os.path.isdir(word) and holds_workspace(word):
            path = exc.ctx.command_path
            head, _, sub = path.removeprefix("swarmkit ").partition(" ")
            return (
                f"{word} is a workspace, and here a workspace goes with -w",
                f"swarmkit {head} -w {word} {sub} … (or first: swarmkit {head} {word} {sub} …)",
            )
    return None
