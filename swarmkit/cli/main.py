"""The `swarmkit` entry point: lazy subcommands and the one place errors become exit codes."""

from __future__ import annotations

import importlib
import sys

import click

from swarmkit import __version__
from swarmkit.exit_status import ExitStatus

# name -> (module, attribute, one-line help). Modules load only when their command runs, so
# `swarmkit validate` never pays for the runtime or the server.
COMMANDS = {
    "init": ("swarmkit.cli.init", "init", "Create a new workspace (memory on, nothing to wire)."),
    "validate": ("swarmkit.cli.validate", "validate", "Check a workspace and show its effective configuration."),
    "schema": ("swarmkit.cli.schema", "schema", "Print or write the swarmkit/v1 JSON Schemas."),
    "run": ("swarmkit.cli.run", "run", "Run a topology: mock provider offline, or any OpenAI-compatible endpoint."),
    "runs": ("swarmkit.cli.runs", "runs", "List, show and remove run records."),
    "memory": ("swarmkit.cli.memory", "memory", "Read, search and curate the memory folder (markdown under git)."),
    "serve": ("swarmkit.cli.serve", "serve", "Serve the memory and runs API and the portal pages (loopback)."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="swarmkit")
def cli() -> None:
    """swarmkit: multi-agent workspaces written as YAML, with memory on by default."""


def main(argv: list[str] | None = None) -> None:
    sys.exit(run(argv))


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit status; no traceback reaches a user."""
    from swarmkit.errors import SwarmkitError

    try:
        result = cli.main(args=argv, prog_name="swarmkit", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.UsageError as exc:
        exc.show()
        return ExitStatus.USAGE
    except click.ClickException as exc:
        exc.show()
        return ExitStatus.USAGE if exc.exit_code == 2 else ExitStatus.INVALID
    except click.Abort:
        click.echo("Aborted.", err=True)
        return ExitStatus.INVALID
    except SwarmkitError as exc:
        click.echo(f"error: {exc.message}", err=True)
        if exc.hint:
            click.echo(f"  hint: {exc.hint}", err=True)
        return exc.exit_status
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        return 130
    except Exception as exc:  # a bug in swarmkit, never the user's input
        import traceback

        click.echo(f"swarmkit: internal error: {type(exc).__name__}: {exc}", err=True)
        click.echo("This is a bug in swarmkit; please report it with the details below.", err=True)
        click.echo("".join(traceback.format_exception(exc)).rstrip(), err=True)
        return ExitStatus.INTERNAL
    return int(result or 0)
