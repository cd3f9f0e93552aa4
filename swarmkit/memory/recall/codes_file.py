"""The vectors' int16 codes in one flat file beside their database, mapped into memory, not read.

`vectors-<model>.sqlite3` keeps each chunk's digests, scales and the row where its codes start in
`vectors-<model>-<8 hex digits>.codes` (which file is current is in the database too). A search
maps the file: at 100,000 vectors, reading the 74 MB of codes out of SQLite's blobs into a fresh
array cost 40 to 50 ms of every one-shot search, and 100 to 230 ms whenever the kernel compacted
memory for the array's huge pages; mapping the file costs nothing until the product reads the rows,
from the page cache.

The file only grows: a chunk is written past the last committed row, under the database's write
lock, before the row naming it commits (garbage a crash leaves there is written over next time),
so nothing a reader has mapped ever changes. A rewrite (reindex) writes a new file and removes the
old one once the new one is current; a reader that finds its file gone reads again.
"""

from __future__ import annotations

import mmap
import os
import re
import stat
from pathlib import Path

import numpy as np

_SUFFIX = re.compile(r"-[0-9a-f]{8}\.codes")


def fresh_name(database: Path) -> str:
    """A new codes file's name for this database (vectors-<model>.sqlite3 → vectors-<model>-<hex>.codes)."""
    return f"{database.stem}-{os.urandom(4).hex()}.codes"


def is_ours(database: Path, name: object) -> bool:
    """Whether a name read from the database is one of this database's codes files: the database is
    derived data anyone with the folder can edit, so a name never leads outside `.index/`."""
    if not isinstance(name, str) or not name.startswith(database.stem):
        return False
    return _SUFFIX.fullmatch(name[len(database.stem) :]) is not None


def others(database: Path, keep: str | None) -> list[Path]:
    """This database's codes files other than `keep` (left by a rewrite or a crash)."""
    try:
        names = os.listdir(database.parent)
    except OSError:
        return []
    return [database.parent / name for name in names if name != keep and is_ours(database, name)]


def _plain(found: os.stat_result) -> bool:
    """A regular file with one name: a hard link put in the codes file's place is another file's
    bytes (O_NOFOLLOW does not see it), read as vectors and written over as codes."""
    return stat.S_ISREG(found.st_mode) and found.st_nlink == 1


def size(path: Path) -> int | None:
    """The file's size in bytes; None when it is missing or not a regular file of its own (a FIFO
    or a link put in its place is never opened)."""
    try:
        found = os.lstat(path)
    except OSError:
        return None
    return found.st_size if _plain(found) else None


class Appending:
    """Writes from `offset` on, then flushes them to disk before the database names them (SQLite
    syncs its log as the row commits: the codes must be there first). A new file is created (never
    an existing one taken over); an existing one is opened without following a link."""

    def __init__(self, path: Path, offset: int, new: bool):
        flags = os.O_RDWR | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
        if new:
            flags |= os.O_CREAT | os.O_EXCL
        self.fd = os.open(path, flags, 0o644)
        try:
            if not _plain(os.fstat(self.fd)):
                raise OSError(f"{path} is not a regular file of its own")
            os.lseek(self.fd, offset, os.SEEK_SET)
        except BaseException:
            os.close(self.fd)
            raise

    def write(self, data) -> None:
        view = memoryview(data).cast("B")
        while view:
            view = view[os.write(self.fd, view) :]

    def __enter__(self) -> Appending:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        try:
            if kind is None:
                os.fsync(self.fd)
        finally:
            os.close(self.fd)


def mapped(path: Path) -> np.ndarray | None:
    """The file's bytes, mapped read-only (uint8); None when it is missing or not a regular file of
    its own."""
    flags = (
        os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    )
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        found = os.fstat(fd)
        if not _plain(found):
            return None
        if found.st_size == 0:
            return np.zeros(0, dtype=np.uint8)
        try:
            view = mmap.mmap(fd, found.st_size, access=mmap.ACCESS_READ)
        except (OSError, ValueError):
            return None
    finally:
        os.close(fd)  # the mapping keeps the file
    return np.frombuffer(view, dtype=np.uint8)


def mapping(array: np.ndarray) -> mmap.mmap:
    """The map behind an array `mapped` returned."""
    base: object = array
    while isinstance(base, np.ndarray):
        base = base.base
    found = base.obj if isinstance(base, memoryview) else base
    assert isinstance(found, mmap.mmap)
    return found


def size_of(view: mmap.mmap) -> int:
    """The mapped file's size now (one fstat): less than the map when it was cut short in place."""
    return view.size()


def remove(paths: list[Path]) -> None:
    for path in paths:
        try:
            path.unlink()
        except OSError:
            pass  # held open on Windows, or gone already: the next rewrite removes it
