"""What a write that failed to commit puts back: the bytes of the files it touched, as they were."""

from __future__ import annotations

import os
from pathlib import Path

from swarmkit.memory.folder.atomic import atomic_delete, atomic_write


def snapshot(folder: Path, rels: list[str]) -> dict[str, bytes | None]:
    """The bytes of these files (every file under a folder), None for one that is absent."""
    out: dict[str, bytes | None] = {}
    for rel in rels:
        path = folder / rel
        if path.is_dir() and not path.is_symlink():
            for root, _dirs, names in os.walk(path):
                for name in names:
                    inner = Path(root) / name
                    if not inner.is_symlink():
                        out[inner.relative_to(folder).as_posix()] = inner.read_bytes()
        elif path.is_file() and not path.is_symlink():
            out[rel] = path.read_bytes()
        else:
            out[rel] = None
    return out


def restore(folder: Path, before: dict[str, bytes | None]) -> None:
    """Put the files back as `snapshot` saw them."""
    for rel, data in before.items():
        path = folder / rel
        if data is None:
            if path.is_file() or path.is_symlink():
                atomic_delete(path)
        else:
            atomic_write(path, data.decode("utf-8", "surrogateescape"))
