"""`swarmkit init`: write a new, valid, commented workspace that remembers by default."""

from __future__ import annotations

import click


@click.command()
@click.argument("path", type=click.Path(file_okay=False))
@click.option("--name", help="The workspace's name (default: from the folder's name).")
def init(path: str, name: str | None) -> int:
    """Create a workspace at PATH: workspace.yaml, one topology, an archetype and a skill."""
    from swarmkit.scaffold import create_workspace

    written = create_workspace(path, name)
    click.echo(f"Created workspace at {path}:")
    for rel in written:
        click.echo(f"  {rel}")
    click.echo("Memory is on, with nothing to wire. Next:")
    click.echo(f"  swarmkit validate {path} --tree")
    return 0
