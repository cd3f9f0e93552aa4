"""Options shared by commands, accepted before or after a subcommand, and finding the workspace.

`-w/--workspace`, `-q/--quiet` and `-v/--verbose` are accepted by every command and group, so
`swarmkit -q memory list` and `swarmkit memory list -q` are the same. `--format` (with `--json` as
its alias) is accepted by every command that prints JSON. Each option records what was given in
`output.settings`; the one given last on the command line wins.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.cli import output

# click is imported where an option is declared or read, not here: `swarmkit validate`'s plain path
# (swarmkit/cli/plain_validate.py) finds the workspace and the format with this module, without click.
if TYPE_CHECKING:
    import click

# The version of every JSON document the CLI prints (its "format_version" key; docs/cli.md). It
# changes when a key is removed or changes meaning; new keys do not change it.
FORMAT_VERSION = 1


def _given(ctx: click.Context, param: click.Parameter) -> bool:
    from click.core import ParameterSource

    return ctx.get_parameter_source(param.name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def _record(name: str) -> Callable:
    def callback(ctx: click.Context, param: click.Parameter, value):
        if _given(ctx, param):
            other = {"quiet": "verbose", "verbose": "quiet"}.get(name)
            if other and getattr(output.settings, other):
                import click

                raise click.UsageError("--quiet and --verbose contradict each other; pass one of them", ctx)
            setattr(output.settings, name, value)
            if name == "verbose" and value:
                output.show_logged_details()
        return value

    return callback


def remember_given(ctx: click.Context, param: click.Parameter, value):
    """A command family's shared option (`memory --user`), from the group or the subcommand (the
    last one given wins); read from output.settings.given."""
    from click.core import ParameterSource

    if ctx.get_parameter_source(param.name) is ParameterSource.COMMANDLINE:
        output.settings.given[param.name] = value
    return value


def common_options(f: Callable | None = None, *, uses_workspace: bool = True) -> Callable:
    """-w/--workspace, -q/--quiet, -v/--verbose: on every command and group. A command that reads no
    workspace (uses_workspace=False) still takes -w, as every command does, but does not list it."""
    if f is None:
        return lambda g: common_options(g, uses_workspace=uses_workspace)
    import click

    options = [
        click.option(
            "-w",
            "--workspace",
            "workspace_option",
            type=click.Path(file_okay=False),
            expose_value=False,
            hidden=not uses_workspace,
            callback=_record("workspace"),
            help="The workspace folder (default: the nearest folder, here or above, with workspace.yaml).",
        ),
        click.option(
            "-q",
            "--quiet",
            is_flag=True,
            expose_value=False,
            callback=_record("quiet"),
            help="Print only results and problems: no summaries, next steps or progress.",
        ),
        click.option(
            "-v",
            "--verbose",
            is_flag=True,
            expose_value=False,
            callback=_record("verbose"),
            help="Also print details: which workspace, a run's steps, timings.",
        ),
    ]
    for option in reversed(options):
        f = option(f)
    return f


def format_options(*choices: str, help: str = "text for people, json for tools.") -> Callable:
    """--format CHOICE and --json (the same as --format json), for a command that prints JSON."""

    def record_json(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
        if value:
            output.settings.format = "json"
        return value

    def decorate(f: Callable) -> Callable:
        import click

        f = click.option(
            "--json",
            "as_json",
            is_flag=True,
            expose_value=False,
            callback=record_json,
            help="The same as --format json.",
        )(f)
        return click.option(
            "--format",
            "fmt",
            type=click.Choice(choices),
            expose_value=False,
            callback=_record("format"),
            help=f"{help}  [default: text]",
        )(f)

    return decorate


def output_format() -> str:
    return output.settings.format or "text"


def json_document(data) -> str:
    """A JSON document as the CLI prints it: an object whose first key is its format version."""
    from swarmkit.surrogates import json_dumps

    return json_dumps({"format_version": FORMAT_VERSION, **data}, indent=2)


# ---- which workspace ---------------------------------------------------------------------------


def find_upward(start: Path) -> Path | None:
    """The nearest folder from `start` upward that holds workspace.yaml (or .yml), else None."""
    from swarmkit.workspace.layout import WORKSPACE_FILES

    folder = start.absolute()
    while True:
        if any((folder / name).is_file() for name in WORKSPACE_FILES):
            return folder
        if folder.parent == folder:
            return None
        folder = folder.parent


def workspace_folder(given: str | None = None, *, required: bool = True, upward: bool = True) -> str:
    """The workspace to act on, as the user can read it: PATH or -w as given; else the nearest folder
    from here upward that holds workspace.yaml (unless upward=False); else, with required=False, the
    current folder."""
    from swarmkit.errors import SwarmkitError, UsageProblem

    chosen = output.settings.workspace
    if given is not None and chosen is not None and os.path.abspath(given) != os.path.abspath(chosen):
        raise UsageProblem(f"two workspaces named: {given} and -w {chosen}", "name the workspace once")
    explicit = given if given is not None else chosen
    if explicit is not None:
        return explicit
    here = Path.cwd()
    found = find_upward(here) if upward else None
    if found is None:
        if not required:
            return "."
        raise SwarmkitError(
            f"no workspace here: no workspace.yaml in {here} or any folder above it",
            "pass the workspace with -w PATH, or create one with `swarmkit init PATH`",
        )
    shown = os.path.relpath(found, here)
    if shown != ".":
        output.detail(f"workspace: {shown} (found above {here})")
    return shown
