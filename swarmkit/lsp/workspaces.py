"""One workspace as the language server holds it: its files (buffers over the disk), its last check
and the ids it defines. A check is `swarmkit validate`'s resolution of the whole workspace, so an
edit to one file re-checks every file that refers to it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from swarmkit.lsp.files import EditorFiles
from swarmkit.lsp.references import Index, build_index
from swarmkit.resolver.pipeline import Resolution
from swarmkit.workspace.diagnostics import Diagnostic
from swarmkit.workspace.layout import WORKSPACE_FILES, kind_at


def find_root(path: Path, buffers: Mapping[Path, str]) -> Path | None:
    """The workspace `path` belongs to: the nearest folder above it holding workspace.yaml (on the disk
    or in an editor) from which the layout reads `path` as an artifact."""
    for folder in path.parents:
        holds = any((folder / name) in buffers or os.path.lexists(folder / name) for name in WORKSPACE_FILES)
        if holds and kind_at(path.relative_to(folder).as_posix()) is not None:
            return folder
    return None


class WorkspaceState:
    def __init__(self, root: Path, buffers: Mapping[Path, str]) -> None:
        self.root = root
        self.files = EditorFiles(buffers)
        self.resolution: Resolution | None = None
        self.index = Index()
        self.shown: set[Path] = set()  # files whose diagnostics were last published non-empty

    @property
    def workspace_file(self) -> Path:
        for name in WORKSPACE_FILES:
            path = self.root / name
            if path in self.files.buffers or os.path.lexists(path):
                return path
        return self.root / WORKSPACE_FILES[0]

    def check(self) -> list[Diagnostic]:
        """Resolve the workspace again; what `swarmkit validate` prints (reachability included)."""
        from swarmkit.resolver import resolve
        from swarmkit.resolver.memory_defaults import bundled_memory_skills

        self.files.begin()
        self.resolution = resolve(self.root, self.files)
        sources = [checked.source for checked in self.files.last.values() if checked.source.data is not None]
        self.index = build_index(sources, bundled_memory_skills())
        return [*self.resolution.diagnostics, *self.resolution.reach]

    def kind_of(self, path: Path) -> str | None:
        try:
            return kind_at(path.relative_to(self.root).as_posix())
        except ValueError:
            return None

    def text_of(self, path: Path) -> str | None:
        """A file's text as last checked (an editor's buffer first)."""
        if path in self.files.buffers:
            return self.files.buffers[path]
        checked = self.files.last.get(path)
        return checked.source.text if checked is not None else None

    def memory_sentence(self) -> str | None:
        """The effective memory sentence, from workspace.yaml alone if another file has errors."""
        resolution = self.resolution
        if resolution is not None and resolution.workspace is not None:
            return resolution.workspace.memory.sentence()
        checked = self.files.last.get(self.workspace_file)
        if checked is None or not checked.schema_valid:
            return None
        from swarmkit.resolver.build import workspace_memory

        return workspace_memory(self.root, checked.source.data).sentence()
