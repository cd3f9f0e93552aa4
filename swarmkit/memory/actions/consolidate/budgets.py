"""Each memory file's size against its limit, and where a write that would pass the limit goes:
the inbox, with the reason, never lost and never silent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref
from swarmkit.memory.folder.layout import FILE_LIMIT, INBOX_MD, MEMORY_LIMIT, MEMORY_MD
from swarmkit.memory.folder.results import WriteResult

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


def hold(
    store: MemoryFolder, rel: str, text: str, meta: dict, problem: str, origin: str, run_id: str | None
) -> WriteResult:
    """A write `rel` has no room for goes to the inbox instead, saying why (`held:`); call inside
    store.writing(). Refused only when the inbox is full too."""
    from swarmkit.memory.folder.file_class import FileClass
    from swarmkit.memory.folder.privacy import is_personal

    reason = (
        f"{problem.removesuffix(': consolidate it first')}: held in the inbox; run `swarmkit memory consolidate` "
        f"to make room in {rel}, then keep it"
    )
    held = dict(meta) | {"held": f"{rel} is full"}
    if is_personal(FileClass.of(rel)):
        held["for"] = rel  # a person's fact stays theirs in the inbox
    inbox = store.read_lines(INBOX_MD, exact=True)
    existing = E.parse_lines(inbox or [], INBOX_MD)
    for entry in existing:
        if E.dedupe_key(entry.text) == E.dedupe_key(text):
            return WriteResult("held", entry.ref, reason, None, entry.text, None, entry.ref)
    lines, _ = store.append_entry(INBOX_MD, inbox, E.render(text, held))
    inbox_problem = store.size_problem(INBOX_MD, lines)
    if inbox_problem:
        return WriteResult("refused", reason=f"{problem}, and {inbox_problem}")
    commit = store.apply(
        {INBOX_MD: lines}, f"Hold in the inbox ({rel} is full): {E.cut_text(text, 60)}", origin, run_id
    )
    ref = digest_ref(INBOX_MD, text)  # the entry's identity, not its line (see Entry.ref)
    return WriteResult("held", ref, reason, commit, text, None, ref)
