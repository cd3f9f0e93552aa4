"""resolve(): workspace folder → diagnostics and, when there are no errors, a ResolvedWorkspace."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.workspace.diagnostics import Diagnostic, DiagnosticSink

if TYPE_CHECKING:  # imported by build.py when it runs: this module stays import-light
    from swarmkit.resolver.resolved import ResolvedWorkspace
    from swarmkit.workspace.files import WorkspaceFiles


@dataclass(frozen=True)
class Resolution:
    """Everything validate reports: the diagnostics, reachability findings and (if valid) the result."""

    root: Path
    workspace: ResolvedWorkspace | None
    diagnostics: tuple[Diagnostic, ...]
    reach: tuple[Diagnostic, ...] = ()

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.is_error)

    @property
    def required(self) -> tuple[Diagnostic, ...]:
        """What `validate --require` fails on: reachability findings and the strict warnings."""
        return self.reach + tuple(d for d in self.diagnostics if d.strict and not d.is_error)

    @property
    def valid(self) -> bool:
        return self.workspace is not None and not self.errors


def resolve(root: Path | str, files: WorkspaceFiles | None = None) -> Resolution:
    """Discover, load, check, apply memory defaults, build models and link, collecting every problem.

    `files`: where each file's text comes from (default: the disk; the language server's layers
    an editor's unsaved buffers over it).
    """
    from swarmkit.resolver.artifacts import Artifact
    from swarmkit.resolver.known import ids_in_text
    from swarmkit.workspace.discovery import discover
    from swarmkit.workspace.files import WorkspaceFiles
    from swarmkit.workspace.layout import ARTIFACT_KINDS

    root = Path(root)
    files = files if files is not None else WorkspaceFiles()
    sink = DiagnosticSink()
    found, problems = discover(root, files.unsaved(root))
    sink.extend(problems)
    by_kind: dict[str, list[Artifact]] = {kind: [] for kind in ARTIFACT_KINDS}
    dropped: dict[str, set[str]] = {kind: set() for kind in ARTIFACT_KINDS}
    for item in found:
        checked = files.check(item)
        sink.extend(checked.problems)
        source = checked.source
        if source.data is None:
            # Reported for its own problem: references to it are not reported as unknown too. Its
            # id is its file's stem by custom, or the id a plain line of its text declares.
            dropped[item.kind].add(item.path.name.rsplit(".", 1)[0])
            dropped[item.kind].update(ids_in_text(source.text))
            continue
        by_kind[item.kind].append(Artifact(source, valid=checked.schema_valid))
    if any(d.code == "workspace.not-found" for d in sink.items):
        return Resolution(root, None, sink.sorted())

    from swarmkit.resolver.build import build_workspace

    workspace, reach = build_workspace(root, by_kind, sink, {k: frozenset(v) for k, v in dropped.items()})
    if sink.has_errors:
        workspace = None
    return Resolution(root, workspace, sink.sorted(), tuple(sorted(reach, key=Diagnostic.sort_key)))
