"""The bundled skills as parsed, kept in the user's cache (~/.cache/swarmkit/parsed, $XDG_CACHE_HOME
honoured) so that a one-shot command does not parse them again.

Why: every resolution reads swarmkit's two bundled skill files, and parsing them with ruamel.yaml
cost each one-shot `swarmkit validate` ~20M instructions (~6 ms); reading their text and data back
with marshal costs a small fraction of that. An entry is keyed by this format, swarmkit's version and
the path, size and mtime of each bundled file and of the loader that parsed them: an upgrade, an
edit or another install parses the files again. A cache that cannot be read or written, or data
marshal cannot hold, is no error: the files are parsed as before. Only what parsed without a
problem is kept; a workspace's own files are never cached.
"""

from __future__ import annotations

import os
from pathlib import Path

FORMAT = 1  # bump when what is stored changes shape

# Whether this process may write the cache. The language server reads it but never writes it: it
# promises to write no file, and a long-lived process parses the bundled skills once anyway.
writes = True


def cache_file() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "swarmkit" / "parsed" / "bundled-skills.marshal"


def stamp(paths: list[Path]) -> tuple | None:
    """What an entry for these files is keyed by (None: a file cannot be looked at)."""
    import swarmkit
    from swarmkit.workspace import loading

    try:
        held = [(str(p), (s := os.stat(p)).st_size, s.st_mtime_ns) for p in (*paths, Path(loading.__file__))]
    except OSError:
        return None
    return (FORMAT, swarmkit.__version__, tuple(held))


def read(key: tuple, texts: list[str]) -> list[tuple[str | None, object]] | None:
    """The (text, data) of each file stored under `key`, else None. An entry is used only when its
    text is the file's text as read now and its data a skill document's shape (a mapping with its
    metadata's id): anything else, stale, damaged or made up, reads as no cache."""
    from swarmkit.speech import cache_file as files

    entries = files.load(cache_file(), key)
    if not isinstance(entries, list) or len(entries) != len(texts):
        return None
    for entry, text in zip(entries, texts, strict=True):
        if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] == text):
            return None
        data = entry[1]
        metadata = data.get("metadata") if isinstance(data, dict) else None
        if not (isinstance(metadata, dict) and isinstance(metadata.get("id"), str)):
            return None
    return entries


def write(key: tuple, entries: list[tuple[str | None, object]]) -> None:
    """Store `entries` under `key` (written beside and renamed: a reader never sees half of it)."""
    from swarmkit.speech import cache_file as files

    if writes:  # data marshal cannot hold (a YAML timestamp, say) is not kept: parsed each time
        files.keep(cache_file(), key, entries, parents=True)
