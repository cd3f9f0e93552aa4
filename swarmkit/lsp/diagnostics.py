"""A swarmkit Diagnostic as the protocol's: the same code, message and place, the hint kept.

The range starts where `validate` points (its line and column) and spans the token written there:
a scalar to its end, a quoted one to its closing quote. The hint follows the message on a line of
its own (every editor shows the message; few show related information), and the first definition
of a duplicate id is the related information.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from swarmkit.workspace.diagnostics import Diagnostic

SOURCE = "swarmkit"
_STOPS = (", ", ",", "]", "}", " #", ": ")


def client_column(line: str, column: int, encoding: str) -> int:
    """A 0-based character column in the units the client counts (UTF-16 unless agreed otherwise)."""
    head = line[:column]
    if encoding == types.PositionEncodingKind.Utf8:
        return len(head.encode("utf-8", "surrogatepass"))
    if encoding == types.PositionEncodingKind.Utf32:
        return len(head)
    return len(head.encode("utf-16-le", "surrogatepass")) // 2


def token_end(line: str, column: int) -> int:
    """Where the token starting at `column` (0-based) ends on its line."""
    rest = line[column:]
    if rest[:1] in ("'", '"'):
        close = rest.find(rest[0], 1)
        return column + (close + 1 if close > 0 else len(rest.rstrip()))
    end = len(rest)
    for stop in _STOPS:
        found = rest.find(stop)
        if found > 0:
            end = min(end, found)
    if rest.endswith(":") and end == len(rest):
        end -= 1
    return column + max(len(rest[:end].rstrip()), 0)


def to_lsp(d: Diagnostic, lines: list[str], encoding: str, uri_of, prefix: str = "") -> types.Diagnostic:
    """`lines`: the text of the diagnostic's file; `uri_of(rel)`: a file's URI; `prefix`: the place a
    diagnostic about a folder or the whole workspace names, shown on workspace.yaml."""
    if d.line:
        row = min(d.line - 1, max(len(lines) - 1, 0))
        text = lines[row] if lines else ""
        column = min(d.column - 1, len(text))
        end = token_end(text, column)
        if end == column:  # nothing written there (a missing key's mapping): the rest of the line
            end = len(text.rstrip())
        start_pos = types.Position(row, client_column(text, column, encoding))
        end_pos = types.Position(row, client_column(text, max(end, column), encoding))
    else:
        start_pos = end_pos = types.Position(0, 0)
    message = prefix + d.message + (f"\nhint: {d.hint}" if d.hint else "")
    related = None
    if d.related:
        file, line, column = d.related
        related = [
            types.DiagnosticRelatedInformation(
                types.Location(
                    uri_of(file),
                    types.Range(types.Position(line - 1, column - 1), types.Position(line - 1, column - 1)),
                ),
                "first defined here",
            )
        ]
    return types.Diagnostic(
        range=types.Range(start_pos, end_pos),
        message=message,
        severity=types.DiagnosticSeverity.Error if d.is_error else types.DiagnosticSeverity.Warning,
        code=d.code,
        source=SOURCE,
        related_information=related,
    )


def file_of(d: Diagnostic, root: Path, files: set[Path], workspace_file: Path) -> tuple[Path, str]:
    """The file a diagnostic is shown on, and a prefix naming its place when that is not a file of
    the workspace (a folder, the workspace as a whole): those are shown on workspace.yaml."""
    if d.file:
        path = root / d.file
        if path in files or path.is_file():
            return path, ""
        return workspace_file, f"{d.file}: "
    return workspace_file, ""
