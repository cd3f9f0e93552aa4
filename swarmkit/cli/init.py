"""`swarmkit init`: write a new, valid, commented workspace that remembers by default."""

from __future__ import annotations

import click

from swarmkit.cli.options import common_options


@click.command()
@click.argument("path", required=False, type=click.Path(file_okay=False))
@click.option("--name", help="The workspace's name (default: from the folder's name).")
@common_options
def init(path: str | None, name: str | None) -> int:
    """Create a workspace at PATH (or -w PATH; default: here): workspace.yaml, one topology, an archetype
    and a skill."""
    from swarmkit.cli import output
    from swarmkit.cli.options import workspace_folder
    from swarmkit.scaffold import create_workspace

    path = workspace_folder(path, required=False, upward=False)  # never one found above: init creates it
    written = create_workspace(path, name)
    output.say(f"Created workspace at {path}:")
    for rel in written:
        output.say(f"  {rel}")
    output.say("Memory is on, with nothing to wire. Next:")
    output.say(f"  swarmkit validate {path} --tree" if path != "." else "  swarmkit validate --tree")
    return 0
