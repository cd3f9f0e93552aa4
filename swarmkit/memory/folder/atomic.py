"""Atomic file replacement: a temp file in the same folder, fsync, rename; never a half-written line."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from swarmkit.surrogates import ERRORS

# atomic_write's temp files, and those the lock of earlier versions left (`.write.lock.<pid>-<hex>`)
_TEMP = re.compile(r"^\..+\.(?:tmp-|lock\.|break\.)(?P<pid>[0-9]+)-[0-9a-f]{8}$")
STALE_TEMP_AGE = 3600.0  # seconds: a temp file this old is left over whoever wrote it


def atomic_write(path: Path, text: str, mode: int = 0o644, durable: bool = True) -> None:
    """Replace `path` with `text` (UTF-8, `\\n` line endings) so readers see the old or the new file.
    Bytes that were not UTF-8 where the text was read (surrogate escapes) are written back as they
    were; any other lone surrogate (a `\\ud800` escape) as U+FFFD. durable=False skips the fsyncs,
    for derived data a crash may lose (the replacement stays atomic, its temp file swept alike)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}-{os.urandom(4).hex()}")  # secrets.token_hex's own
    data = text.encode("utf-8", ERRORS)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        if mode != 0o644 and hasattr(os, "fchmod"):  # Windows has no fchmod before Python 3.13
            os.fchmod(fd, mode)  # the umask could have widened or narrowed it
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    if durable:
        _fsync_dir(path.parent)


def atomic_delete(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk; not every OS allows this.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sweep_temp_files(folder: Path, depth: int = 3) -> list[str]:
    """Remove the temp files a killed writer left (`.<name>.tmp-<pid>-<hex>`) in the folder and its
    subfolders: those of a process that is gone, or older than an hour."""
    from swarmkit.memory.folder.processes import pid_alive

    removed: list[str] = []

    def visit(current: Path, level: int) -> None:
        try:
            items = list(os.scandir(current))
        except OSError:
            return
        for item in items:
            if item.is_dir(follow_symlinks=False):
                if level < depth and item.name != ".git":
                    visit(Path(item.path), level + 1)
                continue
            match = _TEMP.match(item.name)
            if match is None:
                continue
            try:
                old = time.time() - item.stat(follow_symlinks=False).st_mtime > STALE_TEMP_AGE
                if old or not pid_alive(int(match.group("pid"))):
                    os.unlink(item.path)
                    removed.append(os.path.relpath(item.path, folder))
            except OSError:
                pass

    visit(Path(folder), 0)
    return removed
