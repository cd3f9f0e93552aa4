"""resolve(): workspace folder → diagnostics and, when there are no errors, a ResolvedWorkspace."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.workspace.diagnostics import Diagnostic, DiagnosticSink

if TYPE_CHECKING:  # imported by build.py when it runs: this module stays import-light
    from swarmkit.resolver.resolved import ResolvedWorkspace


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


def resolve(root: Path | str) -> Resolution:
    """Discover, load, check, apply memory defaults, build models and link, collecting every problem."""
    from swarmkit.resolver.artifacts import Artifact
    from swarmkit.resolver.known import ids_in_text
    from swarmkit.workspace.discovery import discover
    from swarmkit.workspace.loading import load_source
    from swarmkit.workspace.schema_check import check_document

    root = Path(root)
    sink = DiagnosticSink()
    found, problems = discover(root)
    sink.extend(problems)
    from swarmkit.workspace.layout import ARTIFACT_KINDS

    by_kind: dict[str, list[Artifact]] = {kind: [] for kind in ARTIFACT_KINDS}
    dropped: dict[str, set[str]] = {kind: set() for kind in ARTIFACT_KINDS}
    for item in found:
        source, problems = load_source(item.path, item.rel, item.kind)
        sink.extend(problems)
        if source.data is None:
            # Reported for its own problem: references to it are not reported as unknown too. Its
            # id is its file's stem by custom, or the id a plain line of its text declares.
            dropped[item.kind].add(item.path.name.rsplit(".", 1)[0])
            dropped[item.kind].update(ids_in_text(source.text))
            continue
        artifact = Artifact(source)
        by_kind[item.kind].append(artifact)
        problems = check_document(source)
        sink.extend(problems)
        artifact.valid = not any(p.is_error for p in problems)
    if any(d.code == "workspace.not-found" for d in sink.items):
        return Resolution(root, None, sink.sorted())

    from swarmkit.resolver.build import build_workspace

    workspace, reach = build_workspace(root, by_kind, sink, {k: frozenset(v) for k, v in dropped.items()})
    if sink.has_errors:
        workspace = None
    return Resolution(root, workspace, sink.sorted(), tuple(sorted(reach, key=Diagnostic.sort_key)))
