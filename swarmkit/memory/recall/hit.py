"""One recalled entry, as recall serves it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class RecallHit:
    text: str
    score: float
    ref: str
    file: str
    line: int
    by: str
    kind: str | None
    unreviewed: bool = False
    parts: Any = None  # fusion.Parts of a hit found by words and meaning (`memory search --explain`)
    folded: tuple[str, ...] = ()  # refs of lower hits that restate this one (recall/diverse.py)
    subject: str | None = None  # the entry's subject, whom it is about (recall/whose.py); not served

    def to_dict(self) -> dict:
        return {
            "text": self.text,
            "score": round(self.score, 4),
            "ref": self.ref,
            "file": self.file,
            "line": self.line,
            "by": self.by,
            "kind": self.kind,
            "unreviewed": self.unreviewed,
            "folded": list(self.folded),
        }
