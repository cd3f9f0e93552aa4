"""`swarmkit validate` without click: the command's body, and the plain command lines read here.

Why: importing click (and what click.core and click.types import: uuid and platform, datetime,
gettext) was 14 of the ~135 ms of CPU a one-shot `swarmkit validate` took on the init workspace,
and 20 ms with its parsing, with only the command's few options to read. A command line is read
here only when its meaning is plain: the word `validate` first, then at most one folder that
exists and can be read, and each of validate's options at most once, as click's own parser reads
them (the table below, held to the click command by tests/cli/test_validate.py). Anything else
(`--help`, a typo, an option twice, a clustered `-qv`, `--`, a value click would refuse or that
starts with `-`, shell completion, Windows' wildcards) returns None, and click reads the command line
as before: every help text, usage error and its hint stays click's. Where it is read here, what
runs is what click would run: each option's effect in command-line order (validate.py's callbacks),
then check() below, which validate.py's click command runs too. tests/cli/test_validate.py runs the
same command lines both ways and compares what is printed and the exit status.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

# validate.py's options: flags, and those that take a value (their parameter's name)
FORMATS = ("text", "json", "github")
FLAGS = {
    "--tree": "tree",
    "--require": "require",
    "--json": "as_json",
    "-q": "quiet",
    "--quiet": "quiet",
    "-v": "verbose",
    "--verbose": "verbose",
}
VALUED = {"--format": "fmt", "-w": "workspace_option", "--workspace": "workspace_option"}
COMPLETION = "_SWARMKIT_COMPLETE"  # click's shell completion variable for prog_name "swarmkit"


def read(args: list[str]) -> list[tuple[str, str | bool]] | None:
    """validate's parameters as given on a plain command line (`args` after `validate`), in the
    order given: [(name, value)], the folder as ("path", folder); None where click must read it."""
    given: list[tuple[str, str | bool]] = []
    index = 0
    while index < len(args):
        token = args[index]
        index += 1
        if token in FLAGS:
            given.append((FLAGS[token], True))
            continue
        name, value = token, None
        if token.startswith("--") and "=" in token:
            name, value = token.split("=", 1)
        if name in VALUED:
            if value is None:
                if index == len(args):
                    return None
                value, index = args[index], index + 1
            given.append((VALUED[name], value))
            continue
        if token.startswith("-"):
            return None
        given.append(("path", token))
    names = [name for name, _ in given]
    if len(set(names)) != len(names) or {"quiet", "verbose"} <= set(names):
        return None  # an option twice, or both -q and -v: click says so, or which one wins
    for name, each in given:
        if isinstance(each, str) and (not each or each.startswith("-")):
            return None
        if name == "fmt" and each not in FORMATS:
            return None
        if name == "path" and not _readable_folder(str(each)):
            return None  # click.Path(exists=True, file_okay=False) refuses it, or lets a fifo through
        if name == "workspace_option" and os.path.exists(str(each)) and not _readable_folder(str(each)):
            return None  # click.Path(file_okay=False): a file, or a folder it cannot read
    return given


def _readable_folder(path: str) -> bool:
    return os.path.isdir(path) and os.access(path, os.R_OK)


def plain_command(argv: list[str] | None) -> Callable[[], int] | None:
    """The command `argv` (None: sys.argv[1:], as click reads it) runs, when this module reads it."""
    if os.name == "nt" or os.environ.get(COMPLETION):
        return None  # click expands Windows' wildcards, and answers shell completion
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] != "validate":
        return None
    given = read(args[1:])
    if given is None:
        return None
    return lambda: _run(given)


def _run(given: list[tuple[str, str | bool]]) -> int:
    """What click runs for these parameters: each option's callback (validate.py, options.py) in
    command-line order, then the command; with click's handling of what the command raises."""
    from swarmkit.cli import output

    values = dict(given)
    for name, value in given:
        if name == "as_json":
            output.settings.format = "json"
        elif name == "fmt":
            output.settings.format = str(value)
        elif name == "workspace_option":
            output.settings.workspace = str(value)
        elif name == "quiet":
            output.settings.quiet = True
        elif name == "verbose":
            output.settings.verbose = True
            output.show_logged_details()
    path = values.get("path")
    try:
        return check(None if path is None else str(path), "tree" in values, "require" in values)
    except EOFError as exc:
        # click.Command.main: a newline on stderr, then Abort (main.py says "aborted")
        import click

        click.echo(file=sys.stderr)
        raise click.Abort() from exc
    except OSError as exc:
        import errno

        if exc.errno != errno.EPIPE:
            raise
        # click.Command.main: a closed pipe (`| head`) is no error to report; the streams are
        # quietened and the process exits with 1
        from click.utils import _PacifyFlushWrapper

        sys.stdout = _PacifyFlushWrapper(sys.stdout)
        sys.stderr = _PacifyFlushWrapper(sys.stderr)
        sys.exit(1)


def check(path: str | None, tree: bool, require: bool) -> int:
    """Check the workspace at PATH (default: the nearest folder, here or above, with workspace.yaml)
    and print the report: the body of `swarmkit validate`, however its command line was read."""
    from swarmkit.cli import output
    from swarmkit.cli.options import output_format, workspace_folder
    from swarmkit.cli.reporters import RENDERERS
    from swarmkit.exit_status import ExitStatus
    from swarmkit.resolver import resolve

    path = workspace_folder(path, required=False)  # with none found: `.`, and its diagnostic says so
    fmt = output_format()
    resolution = resolve(path)
    failed = not resolution.valid or (require and resolution.required)
    text = RENDERERS[fmt](resolution, path, tree=tree, require=require)
    if fmt == "text" and output.settings.quiet:
        text = "".join(line for line in text.splitlines(keepends=True) if _is_problem(line))
    output.echo(text, nl=False)
    return ExitStatus.INVALID if failed else ExitStatus.OK


def _is_problem(line: str) -> bool:
    """The lines --quiet keeps: diagnostics and their hints, and the verdict of an invalid workspace."""
    return (
        "error[" in line
        or "warning[" in line
        or line.startswith("  hint: ")
        or line.rstrip().endswith("the workspace is not valid")
    )
