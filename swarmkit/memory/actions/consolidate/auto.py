"""The pass that runs by itself, where it is cheap: after a write that takes a file past AUTO_SHARE
of its limit, and after every AUTO_EVERY-th write, a lexical pass over that file alone (its newest
AUTO_LIMIT entries) proposes what it finds in the inbox, in one commit. No model is called.

The write count is kept in .index/ (derived, never committed): a fresh clone starts counting again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmkit.memory.folder.layout import INBOX_MD, INDEX_DIR, MEMORY_MD

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader

AUTO_SHARE = 0.8
AUTO_EVERY = 50
AUTO_LIMIT = 2000
_COUNTER = "consolidate-writes"


_COUNTER_BYTES = 32  # a count is a few digits: a larger file is not ours, and is not read


def _count(store: MemoryFolder) -> int:
    """This write's number (1, 2, …), counted in .index/; 0 when it cannot be counted.

    The counter is read only if it is a small regular file (a 2 GB file there once cost each write
    30 s of CPU, a FIFO would block it) and replaced, never written in place; anything else in its
    place counts again from 1. Not fsynced: a count lost in a crash only moves the next pass."""
    from swarmkit.memory.folder.atomic import atomic_write
    from swarmkit.safe_read import FileRefused, read_regular

    path = store.folder / INDEX_DIR / _COUNTER
    try:
        done = int(read_regular(path, _COUNTER_BYTES, follow_links=False).strip() or 0)
    except (FileRefused, ValueError):
        done = 0
    try:
        atomic_write(path, f"{done + 1}\n", durable=False)
    except OSError:
        return 0
    return done + 1


def why_now(store: MemoryFolder, rel: str, before: int, after: int) -> str | None:
    """Why a pass runs after this write to `rel` (sizes in bytes before and after), or None."""
    from swarmkit.memory.actions.consolidate.budgets import limit_of

    if rel in (INBOX_MD, MEMORY_MD):
        return None
    limit = limit_of(rel)
    count = _count(store)
    if before < AUTO_SHARE * limit <= after:
        return f"{rel} passed {AUTO_SHARE:.0%} of its limit"
    if count and count % AUTO_EVERY == 0:
        return f"every {AUTO_EVERY} writes"
    return None


def after_write(store: MemoryReader, rel: str, before: int, after: int) -> list[str]:
    """Run the bounded pass if this write calls for one; the proposals' refs. Call inside
    store.writing(), after the write's own commit. A failure here never fails the write."""
    from swarmkit.errors import SwarmkitError

    reason = why_now(store, rel, before, after)
    if reason is None:
        return []
    try:
        from swarmkit.memory.actions.consolidate import candidates, pinned_entries
        from swarmkit.memory.actions.consolidate.findings import find
        from swarmkit.memory.actions.consolidate.proposals import pending_refs, propose

        entries = candidates(store, [rel])[-AUTO_LIMIT:]
        findings = find(entries, pinned_entries(store), None, pending_refs(store))
        return propose(store, findings, reason)[0] if findings else []
    except (SwarmkitError, OSError) as exc:
        store._warn(f"the consolidation pass after this write did not run: {exc}")
        return []
