"""The server's resolved workspace, kept while its files stay as they were.

Resolving reads and checks every file of the workspace: about 4 ms for the init workspace and
0.35 s for one of 300 skills, which every request paid. A request now pays for a look at the files
instead (one folder walk and a stat per file): the resolution is kept with the files' fingerprint,
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

if TYPE_CHECKING:
    from swarmkit.resolver.pipeline import Resolution

# A file modified this recently (against the clock when its fingerprint was taken) may change again
# within the same tick of its modification time: its resolution is not kept. Two seconds covers
# coarse kernel clocks (a few ms) and file systems that keep two-second times (FAT).
SETTLED_NS = 2_000_000_000

Fingerprint = tuple


def _stat(path: Path) -> tuple:
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


def fingerprint(
    root: Path, memory_folder: Path | None = None, looked_at: tuple[Path, ...] = ()
) -> tuple[Fingerprint, int]:
    """The workspace's files as the resolver finds them, each with its stat, the files beyond them
    that the last resolution looked at (looked_at.py), and the state folders' links; with the
    newest modification time among the files."""
    from swarmkit.workspace.discovery import discover
    from swarmkit.workspace.state_folders import linked_state

    found, problems = discover(root)
    stats = tuple((item.rel, _stat(item.path)) for item in found)
    extra = tuple((str(path), _stat(path)) for path in looked_at)
    newest = max((s[3] for _, s in (*stats, *extra) if len(s) == 5), default=0)
    links = tuple((str(link), target) for link, target in linked_state(root, memory_folder))
    layout = tuple(sorted((d.code, d.file or "", d.message) for d in problems))
    return (stats, extra, links, layout), newest


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
