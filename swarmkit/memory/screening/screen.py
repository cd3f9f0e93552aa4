"""Screening before every memory write: salience, secret redaction and `<no-memory>`."""

from __future__ import annotations

import re
from dataclasses import dataclass

REDACTED = "[REDACTED_SECRET]"
NO_MEMORY = "<no-memory>"


@dataclass(frozen=True, slots=True)
class Screened:
    """The text to write (secrets replaced), or a reason it must not be written."""

    text: str
    refused: str | None = None
    redactions: int = 0

    @property
    def ok(self) -> bool:
        return self.refused is None


_TELEMETRY = [
    re.compile(r"^\s*(?:tool_call|tool_result|tool_use|function_call|function_result)\b", re.I),
    re.compile(r"^\s*<\/?(?:tool|function)[_a-z]*\b", re.I),
    re.compile(r"^\s*\{\s*\"(?:tool|tool_name|function|type)\"\s*:", re.I),
    re.compile(r"^\s*(?:called|calling|running|ran|invoking|invoked) tool\b", re.I),
    re.compile(r"^\s*(?:exit (?:code|status)|returncode)\s*[:=]?\s*-?\d+\s*$", re.I),
    re.compile(r"^\s*\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}\S*\s+(?:DEBUG|INFO|WARN|WARNING|ERROR|TRACE)\b"),
    re.compile(r"^\s*(?:stdout|stderr|tokens? used|latency|elapsed)\s*[:=]", re.I),
]
# What is left of a redacted text when it held nothing but secrets: key names and filler words.
_KEY_STEMS = (
    "pass",
    "pwd",
    "secret",
    "key",
    "token",
    "bearer",
    "authoris",
    "authoriz",
    "credential",
    "pin",
    "code",
    "basic",
    "cookie",
)
_FILLER = frozenset(
    """my is the use our here this it for and a an to id was are ok okay thanks thank you please pls
    remember note noted fyi btw so just also now yes yeah yep sure that's here's got new current""".split()
)


def _rest_of_it(redacted: str) -> int:
    """Letters and digits left once secrets, key names and filler words ("ok", "thanks") are taken out."""
    left = 0
    for word in redacted.replace(REDACTED, " ").split():
        low = word.lower()
        if low.strip("'\"`.,;:!?()[]{}") in _FILLER or any(stem in low for stem in _KEY_STEMS):
            continue
        left += sum(ch.isalnum() for ch in word)
    return left


def redact(text: str, found: list[str] | None = None) -> tuple[str, int]:
    """Replace every secret in the text with [REDACTED_SECRET]; return the text and the count.
    With `found`, each secret replaced is appended to it (a run record redacts them everywhere).

    Linear in the length of the text whatever its shape (see screening/secrets/)."""
    from swarmkit.memory.screening.secrets import find_spans

    spans = find_spans(text)
    if not spans:
        return text, 0
    parts, at = [], 0
    for start, end in spans:
        parts += [text[at:start], REDACTED]
        at = end
        if found is not None:
            found.append(text[start:end])
    parts.append(text[at:])
    return "".join(parts), len(spans)


MIN_ECHO = 4  # shorter secrets (a 3-digit code) are redacted only where they were found
MAX_ECHOES = 256


def echo_pattern(found: list[str]) -> re.Pattern | None:
    """A pattern of the secrets found in one text, as whole tokens, longest first, to redact them
    where they are echoed without the words that told what they are (a run record's other fields,
    a note under a heading that named it); None when there is nothing to look for."""
    values = sorted({v for v in found if len(v) >= MIN_ECHO and REDACTED not in v}, key=len, reverse=True)
    if not values:
        return None
    alternatives = "|".join(re.escape(v) for v in values[:MAX_ECHOES])
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def salience_problem(text: str) -> str | None:
    stripped = text.strip()
    if not stripped:
        return "empty"
    if len(stripped) < 3:
        return "too short (under 3 characters)"
    if not any(ch.isalnum() for ch in stripped):
        return "no letters or digits"
    if any(p.search(stripped) for p in _TELEMETRY):
        return "tool telemetry, not a fact"
    return None


# Four times the longest entry (entries.MAX_TEXT, checked by a test): screening imports nothing of
# the folder, which screens every write.
ENTRY_READ_LIMIT = 2000


def screen_entry(text: str) -> Screened:
    """screen() for a memory entry: entries are cut to 500 characters once screened, so only the
    first 2,000 (cut at a space) are read; a megabyte-long "fact" costs no more than that."""
    text = "" if text is None else str(text)
    limit = ENTRY_READ_LIMIT
    if len(text) > limit:
        space = text.rfind(" ", limit // 2, limit)
        text = text[: space if space > 0 else limit]
    return screen(text)


def screen(text: str | None) -> Screened:
    """Salience, `<no-memory>`, then redaction; nothing left but secrets is refused."""
    if text is None:
        return Screened("", "empty")
    text = str(text)
    if NO_MEMORY in text.lower():
        return Screened("", "the text asks not to be remembered (<no-memory>)")
    problem = salience_problem(text)
    if problem:
        return Screened(text, problem)
    redacted, count = redact(text)
    # a text already redacted where it was told (a note under a heading that named its secret)
    if (count or REDACTED in redacted) and _rest_of_it(redacted) < 3:
        return Screened("", "nothing left but secrets", count)
    return Screened(redacted, None, count)
