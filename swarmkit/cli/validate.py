"""`swarmkit validate`: check a workspace, never writing a file."""

from __future__ import annotations

import click

from swarmkit.exit_status import ExitStatus


@click.command()
@click.argument("path", default=".", type=click.Path(exists=True, file_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text",
              show_default=True, help="text for people, json for tools, github for Actions annotations.")
@click.option("--tree", is_flag=True, help="Show each topology's agents and the decision skills that apply to each.")
@click.option("--require", is_flag=True,
              help="Fail when something declared is reached by nothing (unused skills, bindings that reach no agent).")
def validate(path: str, fmt: str, tree: bool, require: bool) -> int:
    """Check the workspace at PATH (default: the current folder)."""
    from swarmkit.resolver import resolve
    from swarmkit.workspace.reporters import RENDERERS

    resolution = resolve(path)
    click.echo(RENDERERS[fmt](resolution, path, tree=tree, require=require), nl=False)
    failed = not resolution.valid or (require and resolution.reach)
    return ExitStatus.INVALID if failed else ExitStatus.OK
