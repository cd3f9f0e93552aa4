"""A workspace named the same way on every command that reads one: `swarmkit run ws`, `swarmkit chat
ws`, `swarmkit validate ws`, and so `swarmkit runs ws`, `swarmkit conversations ws`, `swarmkit memory
ws list`: the first word of a group that names no command but a folder is the workspace, as -w is.

Where a subcommand's own words come after it (`swarmkit memory list FILE`, `swarmkit runs show ID`),
a workspace there cannot be told from them: the error says that a workspace goes with -w, or first.
"""

from __future__ import annotations

import os

import click

from swarmkit.cli import output
from swarmkit.cli.group import Group
from swarmkit.cli.workspace_words import holds_workspace, misplaced, misplaced_in_extras

__all__ = ["WorkspaceGroup", "first_word", "holds_workspace", "misplaced", "misplaced_in_extras"]


def _takes_value(ctx: click.Context, token: str) -> bool:
    """Whether the option `token` (as typed) is followed by its value as the next word."""
    if token.startswith("--") and "=" in token:
        return False
    for param in ctx.command.get_params(ctx):
        if isinstance(param, click.Option) and token in (*param.opts, *param.secondary_opts):
            return not (param.is_flag or param.count)
    return False


def first_word(ctx: click.Context, args: list[str]) -> int | None:
    """The index of the first word that is neither an option nor an option's value."""
    index = 0
    while index < len(args):
        token = args[index]
        if token == "--":
            return index + 1 if index + 1 < len(args) else None
        if token.startswith("-") and len(token) > 1:
            index += 2 if _takes_value(ctx, token) else 1
            continue
        return index
    return None


class WorkspaceGroup(Group):
    """A group whose first word may be the workspace folder (`swarmkit memory ws list`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        args = list(args)
        index = first_word(ctx, args)
        named = None
        if index is not None and not ctx.resilient_parsing:
            word = args[index]
            if self.get_command(ctx, word) is None and os.path.isdir(word):
                named = word
                del args[index]
        rest = super().parse_args(ctx, args)
        if named is not None:  # after the options: a -w among them is known now
            from swarmkit.errors import UsageProblem

            given = output.settings.workspace
            if given is not None and os.path.abspath(given) != os.path.abspath(named):
                raise UsageProblem(f"two workspaces named: {named} and -w {given}", "name the workspace once")
            output.settings.workspace = named
        return rest
