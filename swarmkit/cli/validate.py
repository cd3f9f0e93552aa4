"""`swarmkit validate`: check a workspace, never writing a file.

The click command: its options and help. Its body is validate_plain.check(), which also runs a plain
command line read without click (validate_plain.py says why and which).
"""

from __future__ import annotations

import click

from swarmkit.cli.options import common_options, format_options
from swarmkit.cli.validate_plain import FORMATS, check


@click.command()
@click.argument("path", required=False, type=click.Path(exists=True, file_okay=False))
@format_options(*FORMATS, help="text for people, json for tools, github for Actions annotations.")
@click.option(
    "--tree", is_flag=True, help="Show each topology's agents and the decision skills that apply to each."
)
@click.option(
    "--require",
    is_flag=True,
    help="Fail when something declared is reached by nothing (unused skills, bindings that reach no agent), "
    "and on strict warnings: checks upstream swarmkit does not make (undeclared MCP servers, say).",
)
@common_options
def validate(path: str | None, tree: bool, require: bool) -> int:
    """Check the workspace at PATH (default: the nearest folder, here or above, with workspace.yaml)."""
    return check(path, tree, require)
