"""`swarmkit schema`: the JSON Schemas, self-contained, for editors and other tools."""

from __future__ import annotations

from pathlib import Path

import click

from swarmkit.cli.options import common_options
from swarmkit.schemas import schema_names


@click.command()
@click.argument("name", required=False, type=click.Choice(schema_names()))
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False),
    help="Write NAME.schema.json files into this folder.",
)
@common_options(uses_workspace=False)
def schema(name: str | None, out_dir: str | None) -> int:
    """Print the schema NAME, or write the schemas (all, or NAME) into --out DIR."""
    from swarmkit.cli import output
    from swarmkit.schemas import schema_text

    if out_dir is None:
        if name is None:
            raise click.UsageError(
                "name a schema to print (" + ", ".join(schema_names()) + "), or use --out DIR"
            )
        click.echo(schema_text(name), nl=False)
        return 0
    target = Path(out_dir)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file, device or FIFO of that name: mkdir's own message says "exists"
        from swarmkit.errors import SwarmkitError
        from swarmkit.safe_read import kind_of

        raise SwarmkitError(
            f"--out {out_dir} is {kind_of(target.stat().st_mode)}, not a folder; nothing was written",
            "give --out a folder (it is created if it does not exist)",
        ) from None
    for each in [name] if name else schema_names():
        path = target / f"{each}.schema.json"
        path.write_text(schema_text(each), encoding="utf-8")
        output.say(f"wrote {path}")
    return 0
