"""The one record type for every problem swarmkit finds in a workspace."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """A problem at a place: `file` is relative to the workspace folder, `line`/`column` 1-based."""

    code: str
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    pointer: str = ""
    hint: str = ""
    severity: Severity = Severity.ERROR
    # A warning for a check upstream swarmkit does not make: `validate --require` makes it an error.
    strict: bool = False
    # Another place the problem involves, (file, line, column): the first definition of a duplicate id.
    related: tuple[str, int, int] | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def as_error(self) -> Diagnostic:
        return replace(self, severity=Severity.ERROR)

    def sort_key(self) -> tuple:
        return (self.file, self.line, self.column, self.code, self.message)

    def to_dict(self) -> dict:
        return {
            "code": self.code,
            "severity": str(self.severity),
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "pointer": self.pointer,
            "hint": self.hint,
        } | (
            {"related": dict(zip(("file", "line", "column"), self.related, strict=True))}
            if self.related
            else {}
        )


@dataclass
class DiagnosticSink:
    """Collects diagnostics across the whole pipeline so one pass reports every problem."""

    items: list[Diagnostic] = field(default_factory=list)

    def extend(self, diagnostics) -> None:
        self.items.extend(diagnostics)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)

    def sorted(self) -> tuple[Diagnostic, ...]:
        return tuple(sorted(self.items, key=Diagnostic.sort_key))


def pointer_of(path) -> str:
    """RFC 6901 JSON pointer for a sequence of keys and indexes."""
    parts = []
    for part in path:
        text = str(part).replace("~", "~0").replace("/", "~1")
        parts.append(text)
    return "".join("/" + p for p in parts)
