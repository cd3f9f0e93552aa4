"""Each memory file's size against its limit (a write that would pass it is held in the inbox:
actions/inbox.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from swarmkit.memory.folder.layout import FILE_LIMIT, MEMORY_LIMIT, MEMORY_MD

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder

WARN_SHARE = 0.8  # from this share of its limit, status warns about a file


def limit_of(rel: str) -> int:
    return MEMORY_LIMIT if rel == MEMORY_MD else FILE_LIMIT


def size_of(lines: list[str]) -> int:
    """Bytes of the file these lines are written as (as apply writes them)."""
    return len(("\n".join(lines) + "\n").encode("utf-8", "surrogateescape"))


def _kb(size: int) -> str:
    return f"{size} bytes" if size < 1024 else f"{size / 1024:.1f} KB"


@dataclass(frozen=True, slots=True)
class Budget:
    file: str
    bytes: int
    limit: int

    @property
    def share(self) -> float:
        return self.bytes / self.limit

    @property
    def warning(self) -> str | None:
        """What status says about a file at 80% of its limit or more, else None."""
        if self.share >= 1:
            return (
                f"{self.file} is over its limit ({_kb(self.bytes)} of {self.limit // 1024} KB): new entries for it "
                "wait in the inbox; run `swarmkit memory consolidate` to merge or drop entries"
            )
        if self.share >= WARN_SHARE:
            return (
                f"{self.file} is at {self.share:.0%} of its limit ({_kb(self.bytes)} of {self.limit // 1024} KB): "
                "run `swarmkit memory consolidate` to merge or drop entries"
            )
        return None

    def to_dict(self) -> dict:
        return {
            "bytes": self.bytes,
            "limit": self.limit,
            "share": round(self.share, 4),
            "warning": self.warning,
        }

    def sentence(self) -> str:
        return f"{_kb(self.bytes)} of {self.limit // 1024} KB ({self.share:.0%})"


def budget(store: MemoryFolder, rel: str) -> Budget:
    path = store.path(rel)
    size = path.stat().st_size if path.is_file() and not path.is_symlink() else 0
    return Budget(rel, size, limit_of(rel))
