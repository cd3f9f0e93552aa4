"""Target choice: which file an entry written to a target (auto, me, lessons, workspace, inbox) goes to."""

from __future__ import annotations

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.layout import INBOX_MD, LESSONS_MD

TARGETS = ("auto", "me", "lessons", "workspace", "inbox")


def target_file(target: str, kind: str | None, person_file: str, workspace_file: str) -> str:
    """The file for `target`: "auto" is the person's own file for a fact about them (USER_KINDS),
    lessons.md for the rest."""
    if target not in TARGETS:
        raise SwarmkitError(f"unknown memory target {target!r}", f"use one of: {', '.join(TARGETS)}")
    if target == "auto":
        return person_file if kind in E.USER_KINDS else LESSONS_MD
    return {
        "me": person_file,
        "lessons": LESSONS_MD,
        "workspace": workspace_file,
        "inbox": INBOX_MD,
    }[target]
