"""Hand edits: memory files changed by a person outside swarmkit, found, bounded and screened before
they are committed (a secret typed into a file by hand is redacted in it).

A file is screened a line at a time, an entry's text apart from its metadata (screening/lines.py):
a secret never reaches past its own line, so a private key's header with no END line costs its
own line (and its key's body), never the entries after it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from swarmkit.memory.folder import layout
from swarmkit.memory.folder.atomic import atomic_write
from swarmkit.memory.folder.entries import entry_parts
from swarmkit.memory.folder.layout import INDEX_DIR, is_memory_file
from swarmkit.safe_read import MISSING, FileRefused, check_regular, read_regular
from swarmkit.screening.lines import redact_lines, screen_lines


def inside(folder: Path, rel: str) -> bool:
    """Is the folder holding `rel` the memory folder or one below it, links resolved."""
    real, parent = os.path.realpath(folder), os.path.realpath((folder / rel).parent)
    return parent == real or parent.startswith(real + os.sep)


def hand_edited(
    folder: Path, changed: Iterable[str], skipped: Callable[[str, FileRefused, str], None]
) -> list[str]:
    """The memory files among git's `changed` paths that the next commit takes. Anything else in the
    folder (dot files, editor swap and backup files, other files, links) is never committed.
    They are screened before they are committed, so one write takes at most HAND_EDITS_PER_WRITE
    bytes of them (the next write takes the rest), and a file over HAND_EDITED_FILE_LIMIT is
    left out (`skipped` says so): screening stays bounded whatever is pasted into the folder."""
    out: list[str] = []
    budget = layout.HAND_EDITS_PER_WRITE
    for rel in changed:
        rel = rel.rstrip("/")
        if rel.startswith(INDEX_DIR + "/") or not is_memory_file(rel):
            continue
        path = folder / rel
        if os.path.islink(path) or not inside(folder, rel):
            continue  # a link (dangling or not) is never committed, and never blocks a write
        try:
            size = check_regular(path, layout.HAND_EDITED_FILE_LIMIT, follow_links=False)
        except FileRefused as refused:
            if refused.reason != MISSING:  # a FIFO, a device, a folder, too large: never committed
                skipped(rel, refused, "not committed")
                continue
            size = 0  # deleted by hand: the deletion is committed
        if size > budget and out:
            continue  # the next write takes it
        budget -= size
        out.append(rel)
    return out


def screen_files(folder: Path, rels: list[str]) -> int:
    """Redact secrets in these files in place (bytes that are not UTF-8 kept); the count."""
    total = 0
    for rel in rels:
        path = folder / rel
        try:
            data = read_regular(path, layout.HAND_EDITED_FILE_LIMIT, follow_links=False)
        except FileRefused:
            continue  # hand_edited() left it out, with a warning
        clean, count = redact_lines(data.decode("utf-8", "surrogateescape"), entry_parts)
        if count:
            atomic_write(path, clean)
            total += count
    return total


def screen_edited(lines: list[str], typed: set[str]) -> list[str]:
    """A file's lines as a write put them together, screened where they are hand edits: the lines
    that were in the file as it was typed (`typed`); the lines the write itself put there are
    screened already, and are never changed (what the write reports is what the file holds)."""
    mine = {index for index, line in enumerate(lines) if line not in typed}
    screened, count = screen_lines(lines, mine, entry_parts)
    return lines if not count else [line for line in screened if line is not None]
