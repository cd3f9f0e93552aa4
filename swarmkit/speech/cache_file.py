"""A cache file (a data file's parsed form, patterns' necessary words, and the like) read only when it
is a plain file and written whole.

A cache is never trusted to be what it should be: anything at its path that is not a regular file (a
FIFO would block a read forever, a device never end) reads as no cache, and so does one over
MAX_BYTES. It is written to a fresh temporary file beside it (mkstemp: created anew, never through a
link someone left at a predictable name) and renamed over it, so that a reader sees the old cache or
the new one, never half of either. The speech rules, the tokenizer's parsed form and the bundled
skills' parsed form use it alike; it lives here because speech, a ground-floor package, may import
nothing of swarmkit above it.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import stat
from pathlib import Path

MAX_BYTES = 64 * 1024 * 1024  # the largest cache kept (the tokenizer's is ~0.5 MB)


def read(cache: Path) -> bytes | None:
    """The cache's bytes, or None when there is none, it is not a regular file, or it is too large."""
    try:
        fd = os.open(cache, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        held = os.fstat(fd)
        if not stat.S_ISREG(held.st_mode) or held.st_size > MAX_BYTES:
            return None
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def write(cache: Path, payload: bytes, parents: bool = False) -> None:
    """The cache, replaced whole; nothing when the folder cannot be written."""
    import tempfile

    temporary = None
    try:
        cache.parent.mkdir(parents=parents, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=cache.parent, prefix=f".{cache.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.replace(temporary, cache)
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def load(cache: Path, key: object) -> object:
    """What `keep` stored under `key` (marshal), or None: no cache, another key, or not marshal."""
    try:
        held = marshal.loads(read(cache) or b"")
    except (ValueError, EOFError, TypeError):
        return None
    return held[1] if isinstance(held, tuple) and len(held) == 2 and held[0] == key else None


def keep(cache: Path, key: object, data: object, parents: bool = False) -> None:
    """`data` stored under `key`; nothing when marshal cannot hold it (a date, say)."""
    try:
        payload = marshal.dumps((key, data))  # type: ignore[arg-type]  # marshal checks at run time
    except ValueError:
        return
    write(cache, payload, parents)
