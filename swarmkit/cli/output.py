"""What the CLI prints besides results: errors, warnings, notes and details, in one form and colour.

Every command prints problems as `error: …` / `warning: …` with an indented `hint: …`. `--quiet`
drops the chatter around a result (summaries, next steps, progress); `--verbose` adds details.
Colour goes to a terminal only, unless NO_COLOR (never) or FORCE_COLOR (always) says otherwise.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from typing import Any, TextIO

from swarmkit.control_sequences import without_control_sequences


@dataclass
class Settings:
    """The options every command accepts, wherever on the command line they were given."""

    workspace: str | None = None
    quiet: bool = False
    verbose: bool = False
    format: str | None = None
    given: dict = field(default_factory=dict)  # a command family's own shared options (memory --user)
    warned: set[str] = field(default_factory=set)
    log_handler: Any = None  # with --verbose: shows what swarmkit's modules log


settings = Settings()


def reset() -> None:
    """A new invocation (the tests run many in one process)."""
    global settings
    hide_logged_details()
    settings = Settings()


def hide_logged_details() -> None:
    """Undo show_logged_details(): at the end of a command (the tests run many in one process)."""
    if settings.log_handler is None:
        return
    import logging

    logger = logging.getLogger("swarmkit")
    logger.removeHandler(settings.log_handler)
    logger.propagate = True
    logger.setLevel(logging.NOTSET)
    settings.log_handler = None


# ---- colour ----------------------------------------------------------------------------------


def use_color(stream: TextIO) -> bool:
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# click.style's codes for each marker, written out (red bold, yellow bold, cyan, green bold; reset
# after): this module prints without importing click, which costs a one-shot command ~14 ms, and
# tests/cli/test_conventions.py holds each to click.style's own.
_STYLES: dict[str, str] = {
    "error": "\x1b[31m\x1b[1m",
    "bad": "\x1b[31m\x1b[1m",
    "warning": "\x1b[33m\x1b[1m",
    "hint": "\x1b[36m",
    "ok": "\x1b[32m\x1b[1m",
}
_RESET = "\x1b[0m"
# The words a reader's eye looks for: `error:` and `error[code]`, the same for warnings, `hint:`,
# and validate's verdict.
_MARKERS = re.compile(
    r"(?P<error>(?<![\w-])error(?=:|\[))"
    r"|(?P<warning>(?<![\w-])warning(?=:|\[))"
    r"|(?P<hint>(?<=^  )hint:)"
    r"|(?P<ok>(?<=\) )is valid\b)"
    r"|(?P<bad>the workspace is not valid$)",
    re.M,
)


def paint(text: str, stream: TextIO) -> str:
    """`text` with its markers coloured when `stream` should get colour; else unchanged."""
    if not use_color(stream):
        return text
    return _MARKERS.sub(lambda m: _STYLES[m.lastgroup or "error"] + m.group(0) + _RESET, text)


def _write(stream: TextIO | None, text: str, nl: bool) -> None:
    """What click.echo does with a text for a given stream, without importing click: nothing without
    a stream, the text and a newline, then a flush. (click.echo would also strip ANSI codes where no
    colour is wanted: every text here went through without_control_sequences, which left none, and
    paint adds them only where colour is wanted.)"""
    if stream is None:
        return
    out = text + "\n" if nl else text
    if out:
        stream.write(out)
    stream.flush()


def echo(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print `text` to stdout (or stderr) without control sequences, its markers coloured where
    colour is wanted."""
    stream = sys.stderr if err else sys.stdout
    _write(stream, paint(without_control_sequences(str(text)), stream), nl)


def result(text: str = "", *, err: bool = False, nl: bool = True) -> None:
    """Print a command's result (a listing, a record, a reply, a JSON document) as it is, without
    control sequences and uncoloured: every result goes through here."""
    stream = sys.stderr if err else sys.stdout
    _write(stream, without_control_sequences(str(text)), nl)


# ---- the kinds of message ----------------------------------------------------------------------


def problem_text(message: str, hint: str = "", *, kind: str = "error") -> str:
    return f"{kind}: {message}" + (f"\n  hint: {hint}" if hint else "")


def error(message: str, hint: str = "") -> None:
    echo(problem_text(message, hint), err=True)


def warning(message: str, hint: str = "") -> None:
    """`warning: …` on stderr, once per message per command."""
    if message in settings.warned:
        return
    settings.warned.add(message)
    echo(problem_text(message, hint, kind="warning"), err=True)


def say(message: str) -> None:
    """A line of a command's report on stdout that is not its result (init's file list); --quiet drops it."""
    if not settings.quiet:
        echo(message)


def note(message: str) -> None:
    """Chatter around a result on stderr (a run's summary line, a next step); --quiet drops it."""
    if not settings.quiet:
        echo(message, err=True)


def detail(message: str) -> None:
    """What --verbose adds, on stderr."""
    if settings.verbose:
        echo(message, err=True)


def show_logged_details() -> None:
    """--verbose: what swarmkit's modules log at INFO (a provider's retries, the server's requests)
    is shown on stderr as details. Modules log rather than print: what is shown is the CLI's call."""
    import logging

    if settings.log_handler is not None:
        return

    class Details(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            from swarmkit.screening.screen import redact

            # an endpoint's error may echo what it was sent: screened as the run's record is
            echo(f"  {redact(record.getMessage())[0]}", err=True)

    logger = logging.getLogger("swarmkit")
    settings.log_handler = Details(logging.INFO)
    logger.addHandler(settings.log_handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # shown once, never again by a root handler (uvicorn sets one up)


def progress_bars() -> None:
    """Bars (index builds, import) show on a terminal; --quiet turns them off. For commands that
    have loaded recall already: its import is not free."""
    from swarmkit.memory import show_progress

    show_progress(not settings.quiet)


def show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """`warnings.showwarning` for the CLI: `warning: …`, never a Python source line."""
    warning(str(message))
