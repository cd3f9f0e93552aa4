"""The files a resolution looks at beyond the ones discovery finds (an output_schema's JSON file), so
that whoever keeps a resolution (the server: server/workspace_cache.py) knows to watch them too.

Resolution stays pure: it only notes a path when someone asked, within `noting()`; elsewhere a note
costs one context-variable lookup.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_noted: ContextVar[set[Path] | None] = ContextVar("swarmkit_looked_at", default=None)


def note(path: Path) -> None:
    """`path` was looked for (found or not): its appearing, changing or going changes the resolution."""
    noted = _noted.get()
    if noted is not None:
        noted.add(path)


@contextmanager
def noting() -> Iterator[set[Path]]:
    """The paths noted while the block runs (in this thread or task)."""
    noted: set[Path] = set()
    token = _noted.set(noted)
    try:
        yield noted
    finally:
        _noted.reset(token)
