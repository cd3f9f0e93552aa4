"""Where the resolver reads a workspace's files from, each loaded and checked against its schema.

`validate` and every command read the disk (WorkspaceFiles). The language server reads the same
files through a subclass that takes an editor's unsaved text where it has one and keeps what it
checked before (swarmkit/lsp/files.py): the one pipeline, another source of text.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from swarmkit.workspace.diagnostics import Diagnostic
from swarmkit.workspace.discovery import Found
from swarmkit.workspace.source import SourceFile


@dataclass(frozen=True, slots=True)
class CheckedFile:
    """One file loaded and checked: `source.data` is None when it did not load; `schema_valid` is
    whether its data passed its schema (and so has the schema's shape)."""

    source: SourceFile
    problems: tuple[Diagnostic, ...]
    schema_valid: bool


class WorkspaceFiles:
    """The files on the disk, as `swarmkit validate` reads them."""

    def unsaved(self, root: Path) -> Collection[Path]:
        """Files that exist only in an editor, to be found as if saved (none on the disk)."""
        return ()

    def check(self, item: Found) -> CheckedFile:
        from swarmkit.workspace.loading import load_source

        source, problems = load_source(item.path, item.rel, item.kind)
        return checked(source, problems)


def checked(source: SourceFile, load_problems: list[Diagnostic]) -> CheckedFile:
    """A loaded file with its schema check (none for a file that did not load)."""
    if source.data is None:
        return CheckedFile(source, tuple(load_problems), False)
    from swarmkit.workspace.schema_check import check_document

    problems = check_document(source)
    return CheckedFile(source, (*load_problems, *problems), not any(p.is_error for p in problems))
