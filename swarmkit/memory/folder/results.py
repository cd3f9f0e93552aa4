"""What a memory write reports: its WriteResult, and MemoryWarning for what did not stop it."""

from __future__ import annotations

from dataclasses import dataclass


class MemoryWarning(UserWarning):
    """Something the user should know that did not stop the write (e.g. git is missing)."""


@dataclass(frozen=True, slots=True)
class WriteResult:
    status: str  # written | replaced | reinforced | outranked | refused (| forgotten, kept, pinned, deleted, edited)
    ref: str | None = None
    reason: str | None = None
    commit: str | None = None
    text: str | None = None  # the entry's text as it is now (or as it was, when it went)
    old: str | None = None  # the text it replaced, for replaced and edited
    stable_ref: str | None = None  # file#digest: names the entry however lines above it move

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "ref": self.ref,
            "reason": self.reason,
            "commit": self.commit,
            "text": self.text,
            "old": self.old,
            "stable_ref": self.stable_ref,
        }
