"""A cache file of the speech rules (a data file's parsed form, patterns' necessary words) written whole."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write(cache: Path, payload: bytes) -> None:
    """The cache, replaced whole (a process reading it at the same time sees the old one or this);
    nothing when the folder cannot be written."""
    temporary = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
    try:
        cache.parent.mkdir(exist_ok=True)
        temporary.write_bytes(payload)
        os.replace(temporary, cache)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
