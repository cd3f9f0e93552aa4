"""A diagnostic's range in the client's units, and the token it spans (lsp/diagnostics.py)."""

from __future__ import annotations

from swarmkit.lsp.diagnostics import client_column, to_lsp, token_end
from swarmkit.workspace.diagnostics import Diagnostic, Severity


def test_columns_are_counted_in_the_agreed_units():
    line = '  name: "😀é" # x'
    column = line.index("#")
    assert client_column(line, column, "utf-16") == column + 1  # the emoji is two UTF-16 units
    assert client_column(line, column, "utf-8") == column + 3 + 1
    assert client_column(line, column, "utf-32") == column


def test_the_range_spans_the_token_written_there():
    assert token_end("    search_scope: everything  # no", 18) == 28
    assert token_end('    name: "a, b" # c', 10) == 16
    assert token_end("  skills: [summarise, other]", 11) == 20
    assert token_end("  metadata:", 2) == 10


def test_the_hint_follows_the_message_and_a_duplicate_points_at_the_first():
    d = Diagnostic(
        "id.duplicate",
        'skill id "a" is already defined in skills/a.yaml',
        "skills/b.yaml",
        4,
        7,
        hint="rename one of the two skills",
        severity=Severity.ERROR,
        related=("skills/a.yaml", 4, 7),
    )
    found = to_lsp(d, ["", "", "", "  id: a"], "utf-16", lambda rel: f"file:///ws/{rel}")
    assert (
        found.message
        == 'skill id "a" is already defined in skills/a.yaml\nhint: rename one of the two skills'
    )
    assert (found.range.start.line, found.range.start.character, found.range.end.character) == (3, 6, 7)
    assert found.code == "id.duplicate" and found.source == "swarmkit"
    [related] = found.related_information
    assert related.location.uri == "file:///ws/skills/a.yaml" and related.location.range.start.line == 3
