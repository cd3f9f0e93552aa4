"""The click command group: the table of lazy subcommands, how a command list and a mistyped name
are shown, and the root command with its options. swarmkit/cli/main.py runs it (the one place errors
become exit codes); it is imported only for a command line click reads (see validate_plain.py).
"""

from __future__ import annotations

import importlib

import click

from swarmkit import __version__
from swarmkit.cli.options import common_options

# name -> (module, attribute, one-line help). Modules load only when their command runs, so
# `swarmkit validate` never pays for the runtime or the server.
COMMANDS = {
    "init": ("swarmkit.cli.init", "init", "Create a new workspace (memory on, nothing to wire)."),
    "validate": (
        "swarmkit.cli.validate",
        "validate",
        "Check a workspace and show its effective configuration.",
    ),
    "schema": ("swarmkit.cli.schema", "schema", "Print or write the swarmkit/v1 JSON Schemas."),
    "run": (
        "swarmkit.cli.run",
        "run",
        "Run a topology: mock provider offline, or any OpenAI-compatible endpoint.",
    ),
    "runs": ("swarmkit.cli.runs", "runs", "List, show and remove run records."),
    "chat": (
        "swarmkit.cli.chat",
        "chat",
        "Talk with a workspace: each line a turn, remembered as runs are.",
    ),
    "conversations": ("swarmkit.cli.conversations", "conversations", "List and show saved chats."),
    "memory": (
        "swarmkit.cli.memory",
        "memory",
        "Read, search and curate the memory folder (markdown under git).",
    ),
    "mcp": (
        "swarmkit.cli.mcp",
        "mcp",
        "Serve the memory folder to MCP clients (stdio, or streamable HTTP with a token).",
    ),
    "lsp": (
        "swarmkit.cli.lsp",
        "lsp",
        "Serve the language server over stdio: validate's diagnostics as you type, and more.",
    ),
    "serve": (
        "swarmkit.cli.serve",
        "serve",
        "Serve the memory and runs API and the portal pages (loopback).",
    ),
}

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class Group(click.Group):
    """A group whose command list shows each command's whole first help line, never cut at '...',
    and whose usage errors name the command they belong to."""

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = click.utils.make_str(args[0])
        if not ctx.resilient_parsing and not name.startswith("-") and self.get_command(ctx, name) is None:
            # click guesses from self.commands, which a lazy group leaves empty: guess from the names
            raise UnknownName(f"no such command '{name}'", name, self.list_commands(ctx), ctx)
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            # click's parser raises some errors ("option '--input' requires an argument") without
            # their command: the subcommand being parsed is the one whose --help explains it
            if exc.ctx is None and ctx.invoked_subcommand is not None:
                sub = self.get_command(ctx, ctx.invoked_subcommand)
                if sub is not None:
                    exc.ctx = click.Context(sub, info_name=ctx.invoked_subcommand, parent=ctx)
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


class UnknownName(click.UsageError):
    """A command name that does not exist, with the names it is close to."""

    def __init__(self, message: str, name: str, names: list[str], ctx: click.Context):
        super().__init__(message, ctx)
        self.guesses = close_names(name, names)


def close_names(name: str, names: list[str]) -> list[str]:
    """The names `name` is close to: a typo's guesses. Options are compared without their dashes,
    which would make '--format' look like '--out'."""
    import difflib

    bare = {each.lstrip("-"): each for each in names}
    typed = name.lstrip("-")
    scored = [(difflib.SequenceMatcher(None, typed, each).ratio(), each) for each in bare]
    best = max((score for score, _ in scored), default=0.0)
    # only the closest: "--all-user" means --all-users, not also --user
    close = [(score, each) for score, each in scored if score >= 0.6 and score >= best - 0.1]
    return [bare[each] for _, each in sorted(close, key=lambda pair: -pair[0])[:3]]


class Interrupted(Exception):
    """Ctrl-C, carried past click (which would print a blank line and call it an abort)."""


class LazyGroup(Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            raise Interrupted() from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[name]
        return getattr(importlib.import_module(module), attribute)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # from the table, so `swarmkit --help` imports no command module
        with formatter.section("Commands"):
            formatter.write_dl([(name, COMMANDS[name][2]) for name in self.list_commands(ctx)])


@click.group(cls=LazyGroup, context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="swarmkit")
@common_options
def cli() -> None:
    """swarmkit: multi-agent workspaces written as YAML, with memory on by default.

    Options -w, -q and -v may also follow the command (swarmkit memory list -q). Shell completion:
    see docs/cli.md.
    """
