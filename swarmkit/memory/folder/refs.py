"""Refs: how an entry is named. `file#digest` (me.md#3f9a1c2b) by its text, `file#L3` by its line."""

from __future__ import annotations

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E


def _digest_ref(ref: str) -> tuple[str, str] | None:
    """`path#3f9a1c2b` → (path, digest); the path follows the rules of a line ref (spaces allowed)."""
    path, sep, digest = ref.strip().rpartition("#")
    if not sep or len(digest) != 8 or any(c not in "0123456789abcdef" for c in digest):
        return None
    return (path, digest) if E.parse_ref(f"{path}#L1") is not None else None


def check_ref(ref: str) -> tuple[str, int | str]:
    """(file, line number) of a line ref (me.md#L3), or (file, digest) of a stable one (me.md#3f9a1c2b)."""
    parsed: tuple[str, int | str] | None = E.parse_ref(ref) if isinstance(ref, str) else None
    if parsed is None and isinstance(ref, str):
        parsed = _digest_ref(ref)
    # never outside the folder, never into .git/ or .index/
    if (
        parsed is None
        or parsed[0].startswith("/")
        or any(part in ("", "..") or part.startswith(".") for part in parsed[0].split("/"))
    ):
        shown = ref if not isinstance(ref, str) or len(ref) <= 80 else ref[:60] + "…" + ref[-12:]
        raise SwarmkitError(
            f"{shown!r} is not a memory ref",
            "a ref names a file in the memory folder and an entry, like me.md#3f9a1c2b (its digest) or "
            "me.md#L3 (its line); `swarmkit memory list` shows every entry with its ref",
        )
    return parsed
