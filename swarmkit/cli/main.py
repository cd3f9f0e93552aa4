"""The `swarmkit` entry point: lazy subcommands and the one place errors become exit codes."""

from __future__ import annotations

import importlib
import sys

import click

from swarmkit import __version__
from swarmkit.cli import output
from swarmkit.cli.options import common_options
from swarmkit.exit_status import ExitStatus

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


def main(argv: list[str] | None = None) -> None:
    sys.exit(run(argv))


def run(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit status; no traceback reaches a user."""
    import time
    import warnings

    from swarmkit.surrogates import tolerant_streams

    output.reset()
    tolerant_streams(sys.stdout, sys.stderr)  # a name or input that was not UTF-8 is printed, not a crash
    started = time.perf_counter()
    with warnings.catch_warnings():
        warnings.showwarning = output.show_warning
        status = _run(argv)
    output.detail(f"exit {status} after {time.perf_counter() - started:.2f} s")
    output.hide_logged_details()
    return status


def _run(argv: list[str] | None) -> int:
    from swarmkit.errors import SwarmkitError

    try:
        result = cli.main(args=argv, prog_name="swarmkit", standalone_mode=False)
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.exceptions.NoArgsIsHelpError as exc:  # `swarmkit`, `swarmkit memory`: their help
        click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
        return ExitStatus.OK
    except click.UsageError as exc:
        output.error(*usage_problem(exc))
        return ExitStatus.USAGE
    except click.ClickException as exc:
        output.error(_sentence(exc.format_message()))
        return ExitStatus.USAGE if exc.exit_code == 2 else ExitStatus.INVALID
    except click.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):  # during parsing, before a command ran
            return interrupted()
        output.error("aborted")
        return ExitStatus.INVALID
    except Interrupted:
        return interrupted()
    except SwarmkitError as exc:
        output.error(exc.message, exc.hint)
        return exc.exit_status
    except KeyboardInterrupt:
        return interrupted()
    except OSError as exc:  # the system refused a path the user gave: a name too long, no space, ...
        import traceback

        output.error(*os_refusal(exc))
        output.detail("".join(traceback.format_exception(exc)).rstrip())
        return ExitStatus.INVALID
    except Exception as exc:  # a bug in swarmkit, never the user's input
        import traceback

        click.echo(f"swarmkit: internal error: {type(exc).__name__}: {exc}", err=True)
        click.echo("This is a bug in swarmkit; please report it with the details below.", err=True)
        click.echo("".join(traceback.format_exception(exc)).rstrip(), err=True)
        return ExitStatus.INTERNAL
    return int(result or 0)


def os_refusal(exc: OSError) -> tuple[str, str]:
    """(message, hint) for an OSError no command turned into its own message: what the system said,
    about which path (its middle elided when long), and what usually helps."""
    import errno

    def shown(name) -> str:
        text = str(name)
        return text if len(text) <= 120 else text[:60] + "…" + text[-40:]

    what = exc.strerror or str(exc)
    if exc.filename is not None:
        what = f"{shown(exc.filename)}: {what}"
    if getattr(exc, "filename2", None) is not None:
        what += f" (and {shown(exc.filename2)})"
    hints = {
        errno.ENAMETOOLONG: "use a shorter path: a file name holds at most 255 bytes, a path 4,096",
        errno.ENOSPC: "free some disk space and run the command again",
        errno.EACCES: "check the permissions of the file and of the folders above it",
        errno.EPERM: "check the permissions of the file and of the folders above it",
        errno.EROFS: "the file system is read-only: use a folder on a writable one",
        errno.ENOENT: "check that the path exists",
        errno.ENOTDIR: "a part of the path is a file, not a folder",
        errno.ELOOP: "the path goes through a loop of symbolic links",
    }
    return f"the system refused: {what}", hints.get(
        exc.errno or 0, "check the path and run the command again"
    )


def interrupted() -> int:
    """Ctrl-C: 130, as a shell reports a command ended by SIGINT (128 + 2)."""
    try:
        if sys.stderr.isatty():  # the message starts on a new line, not after the terminal's ^C
            click.echo(err=True)
    except ValueError:  # a closed stream
        pass
    output.error("interrupted")
    return ExitStatus.INTERRUPTED


def _sentence(message: str) -> str:
    """click's "No such option: --x." as swarmkit writes messages: "no such option: --x"."""
    message = message.strip().rstrip(".")
    return message[:1].lower() + message[1:] if message[1:2].islower() or message[1:2] == " " else message


def usage_problem(exc: click.UsageError) -> tuple[str, str]:
    """(message, hint) for a bad command line: what is wrong, the names meant, and where the usage
    is explained."""
    from swarmkit.cli.usage_notes import NOT_AN_OPTION

    command = exc.ctx.command_path if exc.ctx is not None else "swarmkit"
    if isinstance(exc, click.NoSuchOption) and _text_not_option(exc.option_name):
        # a text that starts with "-" ("-----BEGIN … PRIVATE KEY-----"): never echoed whole, it may
        # be the very secret screening would have kept out
        from swarmkit.screening.screen import redact

        shown = redact(" ".join(exc.option_name.split()))[0]
        shown = shown if len(shown) <= 24 else shown[:23] + "…"
        return (
            f"'{shown}' was read as an option: a text that starts with '-' is taken for one",
            f'put -- before it (`{command} -- "-text"`), or give - and pipe the text in on standard input',
        )
    if isinstance(exc, click.NoSuchOption):
        message = f"no such option '{exc.option_name}'"
        note = NOT_AN_OPTION.get((command, exc.option_name))
        if note is not None:
            return message, f"{note}; `{command} --help` shows the usage"
        guesses = close_names(exc.option_name, _long_options(exc.ctx)) if exc.ctx is not None else []
    elif isinstance(exc, UnknownName):
        message, guesses = exc.message, exc.guesses
    else:
        from swarmkit.cli.workspace_words import misplaced_in_extras

        misplaced = misplaced_in_extras(exc)  # `swarmkit runs show ws r-…`: -w, or first
        if misplaced is not None:
            return misplaced
        message, guesses = exc.format_message(), []
    guess = f"did you mean {' or '.join(guesses)}? " if guesses else ""
    return _sentence(message), f"{guess}`{command} --help` shows the usage"


def _text_not_option(name: str) -> bool:
    """Whether what click took for an unknown option is a text: spaces, a line break, or more
    dashes than an option starts with (an option is -x or --word)."""
    import re

    return re.fullmatch(r"--?[A-Za-z0-9][A-Za-z0-9_.-]*(=.*)?", name, re.S) is None


def _long_options(ctx: click.Context) -> list[str]:
    return [
        opt
        for param in ctx.command.get_params(ctx)
        if isinstance(param, click.Option) and not param.hidden
        for opt in (*param.opts, *param.secondary_opts)
        if opt.startswith("--")
    ]
