"""The resolver's files as an editor sees them: an open buffer's text over the file on the disk.

Each file is loaded and schema-checked once per text: a re-check after an edit loads only the file
that changed (a disk file is known unchanged by its size and modification time), so a warm check
of a 300-skill workspace costs its links, not 300 parses.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping
from pathlib import Path

from swarmkit.workspace.discovery import Found
from swarmkit.workspace.files import CheckedFile, WorkspaceFiles, checked


class EditorFiles(WorkspaceFiles):
    """`buffers` maps absolute paths to the text an editor holds (it may change between checks)."""

    def __init__(self, buffers: Mapping[Path, str]) -> None:
        self.buffers = buffers
        # path -> (what it was checked from: ("buffer", text) or ("disk", stamp), the result)
        self._checked: dict[Path, tuple[tuple, CheckedFile]] = {}
        self.last: dict[Path, CheckedFile] = {}  # the files of the latest check, by path

    def unsaved(self, root: Path) -> Collection[Path]:
        return [path for path in self.buffers if not os.path.lexists(path)]

    def check(self, item: Found) -> CheckedFile:
        from swarmkit.workspace.loading import load_source

        path = item.path
        text = self.buffers.get(path)
        key = (
            ("buffer", text, item.rel, item.kind)
            if text is not None
            else ("disk", _stamp(path), item.rel, item.kind)
        )
        kept = self._checked.get(path)
        if kept is not None and kept[0] == key and key[1] is not None:
            result = kept[1]
        else:
            result = checked(*load_source(path, item.rel, item.kind, text))
            self._checked[path] = (key, result)
        self.last[path] = result
        return result

    def begin(self) -> None:
        """Before a check: forget which files the last one read (a deleted file drops out)."""
        self.last = {}
        for path in list(self._checked):
            if path not in self.buffers and not os.path.lexists(path):
                del self._checked[path]


def _stamp(path: Path) -> tuple | None:
    """What changes when a file is written (None: it cannot be read, so never reused)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_size, status.st_mtime_ns, status.st_ino, status.st_mode)
