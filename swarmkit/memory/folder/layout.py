"""The memory folder's layout: its standard files, limits and headings, which files are memory
files, what each file is for (its class) and the slugs of names in paths."""

from __future__ import annotations

import re

from swarmkit.memory.folder import entries as E

MEMORY_MD = "MEMORY.md"
ME_MD = "me.md"
LESSONS_MD = "lessons.md"
INBOX_MD = "inbox.md"
INDEX_DIR = ".index"  # derived files (recall index, lock): never committed
MEMORY_LIMIT = 4 * 1024
FILE_LIMIT = 64 * 1024
HAND_EDITED_FILE_LIMIT = 512 * 1024  # bytes: a hand-edited file larger than this is not committed
HAND_EDITS_PER_WRITE = 512 * 1024  # bytes of hand-edited files one write screens and commits
INDEX_HEADING = "## Index"
HEADINGS = {MEMORY_MD: "# Memory", ME_MD: "# About me", LESSONS_MD: "# Lessons", INBOX_MD: "# Inbox"}
MEMORY_INTRO = 'Always loaded. Pinned entries go above "## Index"; every memory file is linked below it.\n'
EXCLUDES = (f"/{INDEX_DIR}/", ".*.tmp-*")


def slug(text: str, limit: int = 64) -> str:
    out = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")[:limit].strip("-")
    return out


def file_class(rel: str) -> str:
    """What a memory file is for: memory, me, user:<slug>, lessons, workspace:<id>, inbox, swarm:<slug>, other."""
    parts = rel.split("/")
    if rel == MEMORY_MD:
        return "memory"
    if rel == ME_MD:
        return "me"
    if rel == LESSONS_MD:
        return "lessons"
    if rel == INBOX_MD:
        return "inbox"
    if len(parts) == 2 and parts[0] == "users":
        return "user:" + parts[1][:-3]
    if len(parts) == 2 and parts[0] == "workspaces":
        return "workspace:" + parts[1][:-3]
    if len(parts) >= 3 and parts[0] == "swarms":
        return "swarm:" + parts[1]
    return "other"


MAX_DEPTH = 4  # folders deep, counting the file: me.md is 1, notes/a/b/c.md is 4


def is_memory_file(rel: str) -> bool:
    """A markdown file swarmkit reads, lists and commits: `.md`, a name a ref can hold, no hidden part
    (dot files, editor swap and backup files are never memory), at most four levels deep."""
    parts = rel.split("/")
    return (
        rel.endswith(".md")
        and len(parts) <= MAX_DEPTH
        and E.parse_ref(f"{rel}#L1") is not None
        and all(part and not part.startswith((".", "#")) and part == part.strip() for part in parts)
    )


def holds_entries(rel: str) -> bool:
    """A swarm folder's README.md describes the swarm (goal, members, rules): its bullets are not entries."""
    parts = rel.split("/")
    return not (len(parts) == 3 and parts[0] == "swarms" and parts[2] == "README.md")


def index_link(rel: str, memory_lines: list[str] | None) -> list[str] | None:
    """MEMORY.md with a `- [[link]]` for a new file, or None when it needs none."""
    cls = file_class(rel)
    if rel == MEMORY_MD or cls == "inbox" or cls.startswith("swarm:"):
        return None
    link = f"- [[{rel[:-3]}]]"
    lines = list(memory_lines or [HEADINGS[MEMORY_MD], ""])
    if link in (line.strip() for line in lines):
        return None
    if INDEX_HEADING not in (line.strip() for line in lines):
        lines += ["", INDEX_HEADING]
    while lines and not lines[-1].strip():
        lines.pop()
    lines.append(link)
    return lines
