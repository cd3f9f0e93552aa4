"""The `swarmkit` entry point: the one place errors become exit codes.

click reads the command line (swarmkit/cli/group.py: lazy subcommands), except for the plain
command lines of `swarmkit validate`, which swarmkit/cli/validate_plain.py reads without importing
click at all; so this module imports click only where click has run.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from swarmkit.cli import output
from swarmkit.exit_status import ExitStatus

if TYPE_CHECKING:
    import click


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
    try:
        result = _invoke(argv)
    except KeyboardInterrupt:
        return interrupted()
    except Exception as exc:
        return _status_of(exc)
    return int(result or 0)


def _invoke(argv: list[str] | None):
    """Run the command: a plain `swarmkit validate` without click, any other command line with it."""
    from swarmkit.cli.validate_plain import plain_command

    command = plain_command(argv)
    if command is not None:
        return command()
    from swarmkit.cli.group import cli

    return cli.main(args=argv, prog_name="swarmkit", standalone_mode=False)


def _status_of(exc: Exception) -> int:
    """The exit status of a command that raised `exc`, its message printed."""
    from swarmkit.errors import SwarmkitError

    # click's exceptions (and the group's Interrupted) exist only where click was imported
    if "click" in sys.modules:
        import click

        if isinstance(exc, click.exceptions.Exit):
            return exc.exit_code
        if isinstance(exc, click.exceptions.NoArgsIsHelpError):  # `swarmkit`, `swarmkit memory`: their help
            click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
            return ExitStatus.OK
        if isinstance(exc, click.UsageError):
            output.error(*usage_problem(exc))
            return ExitStatus.USAGE
        if isinstance(exc, click.ClickException):
            output.error(_sentence(exc.format_message()))
            return ExitStatus.USAGE if exc.exit_code == 2 else ExitStatus.INVALID
        if isinstance(exc, click.Abort):
            if isinstance(exc.__context__, KeyboardInterrupt):  # during parsing, before a command ran
                return interrupted()
            output.error("aborted")
            return ExitStatus.INVALID
    if "swarmkit.cli.group" in sys.modules:
        from swarmkit.cli.group import Interrupted

        if isinstance(exc, Interrupted):
            return interrupted()
    if isinstance(exc, SwarmkitError):
        output.error(exc.message, exc.hint)
        return exc.exit_status
    if isinstance(exc, OSError):  # the system refused a path the user gave: a name too long, no space, ...
        import traceback

        output.error(*os_refusal(exc))
        output.detail("".join(traceback.format_exception(exc)).rstrip())
        return ExitStatus.INVALID
    # a bug in swarmkit, never the user's input
    import traceback

    import click

    click.echo(f"swarmkit: internal error: {type(exc).__name__}: {exc}", err=True)
    click.echo("This is a bug in swarmkit; please report it with the details below.", err=True)
    click.echo("".join(traceback.format_exception(exc)).rstrip(), err=True)
    return ExitStatus.INTERNAL


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
            import click

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
    import click

    from swarmkit.cli.group import UnknownName, close_names
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
    import click

    return [
        opt
        for param in ctx.command.get_params(ctx)
        if isinstance(param, click.Option) and not param.hidden
        for opt in (*param.opts, *param.secondary_opts)
        if opt.startswith("--")
    ]
