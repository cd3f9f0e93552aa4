"""The server's resolved workspace, kept while its files stay as they were.

Resolving reads and checks every file of the workspace: about 4 ms for the init workspace and
0.35 s for one of 300 skills, which every request paid. A request now pays for a look at the files
instead (one listing of the layout's folders and a stat per file): the resolution is kept with the files' fingerprint,
each file's size, modification time, inode and kind, the set of files (a new or removed skill shows),
the files the resolution looked at beyond them (an output_schema's file, there or not) and the
links among the state folders (a `.swarmkit` turned into a link is refused at once). A
change on disk shows on the next request; a valid and an invalid resolution are kept alike.

A modification time says when a file last changed only to the clock's tick, so a file changed twice
within one tick, to the same size, would look unchanged. As git does for its index, a resolution
taken while a file it read was that new is used by the request that made it and not kept: a
workspace just saved is resolved again until its files are older than SETTLED.

Requests run in threads. One resolves at a time while the others wait for its result; a request
gets a whole Resolution, the one published before it looked or the one it waited for, never one
being built.
"""

from __future__ import annotations

import os
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.workspace.layout import FOLDER_KINDS, WORKSPACE_FILES
from swarmkit.workspace.layout import YAML_SUFFIXES as YAML

if TYPE_CHECKING:
    from swarmkit.resolver.pipeline import Resolution

# A file modified this recently (against the clock when its fingerprint was taken) may change again
# within the same tick of its modification time: its resolution is not kept. Two seconds covers
# coarse kernel clocks (a few ms) and file systems that keep two-second times (FAT).
SETTLED_NS = 2_000_000_000

Fingerprint = tuple


def _stat(path: str | Path) -> tuple:
    """What a change to the file changes: kind, size, modification time, inode (a file replaced by
    another, or a link retargeted); the error's number when it cannot be read."""
    try:
        own = os.lstat(path)
        seen = os.stat(path) if stat.S_ISLNK(own.st_mode) else own
    except OSError as error:
        return ("missing", error.errno)
    except ValueError:  # a name the system cannot take (NUL): discovery reports it
        return ("invalid",)
    return (stat.S_IFMT(own.st_mode), stat.S_IFMT(seen.st_mode), seen.st_size, seen.st_mtime_ns, seen.st_ino)


def _listed(folder: str) -> list[os.DirEntry] | tuple:
    """A folder's entries that discovery may read (no dotfile; a folder, or a YAML file), by name;
    the error's number when it cannot be listed."""
    try:
        with os.scandir(folder) as entries:
            kept = [
                e for e in entries if not e.name.startswith(".") and (_is_dir(e) or e.name.endswith(YAML))
            ]
    except OSError as error:
        return ("unlisted", error.errno)
    return sorted(kept, key=lambda e: e.name)


def _is_dir(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _tree(root: Path) -> tuple:
    """Every name discovery looks at, with its stat: the workspace file, the layout's folders, what
    is in them and one folder down (through links, as discovery goes). Discovery itself resolves
    every file's path to refuse links out of the workspace, ten times the cost of these stats (20
    against 2 ms for 391 files); a link shows here by its kind and its target's stat. A folder one
    down holds no artifact but is stat'ed too, so a file put below it (only ever a warning that it
    is too deep) shows by the folder's modification time. Editors' dotfiles and backups (a swap
    file, `skill.yaml~`) are no part of it, nor the times of the folders listed (which change with
    them): an editor's own files are not the workspace's."""
    out: list[tuple] = [(name, _stat(root / name)) for name in WORKSPACE_FILES]
    for folder in FOLDER_KINDS:
        base = os.path.join(root, folder)
        out.append((folder, _stat(base)[:2]))  # a listed folder's own time changes with any dotfile
        listed = _listed(base)
        if isinstance(listed, tuple):
            out.append((folder, listed))
            continue
        for entry in listed:
            rel = f"{folder}/{entry.name}"
            if not _is_dir(entry):
                out.append((rel, _stat(entry.path)))
                continue
            out.append((rel, _stat(entry.path)[:2]))
            inner = _listed(entry.path)
            if isinstance(inner, tuple):
                out.append((rel, inner))
                continue
            out.extend((f"{rel}/{sub.name}", _stat(sub.path)) for sub in inner)
    return tuple(out)


def fingerprint(
    root: Path, memory_folder: Path | None = None, looked_at: tuple[Path, ...] = ()
) -> tuple[Fingerprint, int]:
    """The workspace's files as discovery finds them, each with its stat, the files beyond them
    that the last resolution looked at (looked_at.py), and the state folders' links; with the
    newest modification time among them."""
    from swarmkit.workspace.state_folders import linked_state

    tree = _tree(root)
    extra = tuple((str(path), _stat(path)) for path in looked_at)
    newest = max((s[3] for _, s in (*tree, *extra) if len(s) == 5), default=0)
    links = tuple((str(link), target) for link, target in linked_state(root, memory_folder))
    return (tree, extra, links), newest


@dataclass(frozen=True, slots=True)
class Kept:
    key: Fingerprint
    resolution: Resolution
    memory_folder: Path | None
    looked_at: tuple[Path, ...]

    def unchanged(self, root: Path) -> bool:
        return fingerprint(root, self.memory_folder, self.looked_at)[0] == self.key


class WorkspaceCache:
    """One workspace's resolution, resolved again only when its files change."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._kept: Kept | None = None
        self._lock = threading.Lock()
        self.resolved = 0  # how many times the workspace was resolved (tests and the benchmark read it)

    def get(self) -> Resolution:
        kept = self._kept
        if kept is not None and kept.unchanged(self.root):
            return kept.resolution
        with self._lock:
            kept = self._kept  # another request may have resolved it while this one waited
            if kept is not None and kept.unchanged(self.root):
                return kept.resolution
            return self._resolve()

    def _resolve(self) -> Resolution:
        from swarmkit.resolver import resolve
        from swarmkit.workspace.looked_at import noting

        taken = time.time_ns()
        before, _ = fingerprint(self.root)
        with noting() as looked:
            resolution = resolve(self.root)
        self.resolved += 1
        folder = _memory_folder_of(resolution)
        looked_at = tuple(sorted(looked))
        after, newest = fingerprint(self.root, folder, looked_at)
        # Kept only when no file changed while it was resolved (the workspace's files, taken again)
        # and none was new enough to change unseen within its modification time's tick.
        if after[0] == before[0] and newest < taken - SETTLED_NS:
            self._kept = Kept(after, resolution, folder, looked_at)
        else:
            self._kept = None
        return resolution


def _memory_folder_of(resolution: Resolution) -> Path | None:
    workspace = resolution.workspace
    return None if workspace is None else workspace.memory.folder
