"""`swarmkit validate`: check a workspace, never writing a file."""

from __future__ import annotations

import click

from swarmkit.cli.options import common_options, format_options
from swarmkit.exit_status import ExitStatus


@click.command()
@click.argument("path", required=False, type=click.Path(exists=True, file_okay=False))
@format_options(
    "text", "json", "github", help="text for people, json for tools, github for Actions annotations."
)
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
    from swarmkit.cli import output
    from swarmkit.cli.options import output_format, workspace_folder
    from swarmkit.cli.reporters import RENDERERS
    from swarmkit.resolver import resolve

    path = workspace_folder(path, required=False)  # with none found: `.`, and its diagnostic says so
    fmt = output_format()
    resolution = resolve(path)
    failed = not resolution.valid or (require and resolution.required)
    text = RENDERERS[fmt](resolution, path, tree=tree, require=require)
    if fmt == "text" and output.settings.quiet:
        text = "".join(line for line in text.splitlines(keepends=True) if _is_problem(line))
    output.echo(text, nl=False)
    return ExitStatus.INVALID if failed else ExitStatus.OK


def _is_problem(line: str) -> bool:
    """The lines --quiet keeps: diagnostics and their hints, and the verdict of an invalid workspace."""
    return (
        "error[" in line
        or "warning[" in line
        or line.startswith("  hint: ")
        or line.rstrip().endswith("the workspace is not valid")
    )
