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


# (family, pattern, replacement group): the whole match becomes [REDACTED_SECRET] unless the
# pattern keeps a prefix group ("keep"), so "password=hunter2" reads "password=[REDACTED_SECRET]".
_SECRET_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("private key", re.compile(
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)",
        re.S)),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}")),
    ("github", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b")),
    ("anthropic", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{20,}")),
    ("openai", re.compile(r"\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
    ("slack", re.compile(r"\bxox[abeposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/[A-Za-z0-9/_-]+")),
    ("aws", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
    ("google", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b|\bya29\.[0-9A-Za-z_-]{20,}|\bGOCSPX-[0-9A-Za-z_-]{20,}")),
    ("bearer", re.compile(r"(?i)(?P<keep>\bbearer\s+)[A-Za-z0-9._~+/-]{16,}=*")),
    ("url credentials", re.compile(r"(?P<keep>\b[a-z][a-z0-9+.-]*://)[^\s/:@]+:[^\s/@]+(?=@)", re.I)),
]

# `password = "x"`, `api_key: abc123`, `token=...`: a key that names a secret, then a literal.
# Word separators may be spaces too: "API key: ...", "access token is ...".
_SECRET_KEYS = (
    r"passwords?|passwd|pwd|secret(?:[_ -]?key)?|client[_ -]?secret|api[_ -]?keys?|apikey|"
    r"access[_ -]?key(?:[_ -]?id)?|secret[_ -]?access[_ -]?key|private[_ -]?key|"
    r"(?:access|auth|refresh|session|bearer|api|bot)?[_ -]?tokens?"
)
_ASSIGNMENT = re.compile(
    r"(?P<keep>(?<![A-Za-z0-9])(?P<key>(?:[A-Za-z0-9]+[_-])*(?:" + _SECRET_KEYS + r"))[\"']?(?:\s*(?P<sep>[:=]|=>)\s*|\s+(?P<word>is|was|are)\s+))"
    # a value in quotes, in JSON-escaped quotes (`\"...\"` inside a JSON string), or bare
    r"(?P<value>\\\"[^\"\\\n]+\\\"|\"[^\"\n]+\"|'[^'\n]+'|[^\s,;'\"]+)",
    re.I,
)
# Values that are not literals: references, placeholders, prose.
_NOT_LITERAL = re.compile(
    r"^(?:\$|%|<|\{|\[|\*{3}|x{3}|\.\.\.|os\.|env\.|process\.env|REDACTED|[A-Za-z_][\w.]*\([^()]*\)$)", re.I)
_PROSE_WORDS = {
    "none", "null", "nil", "true", "false", "required", "optional", "empty", "unset", "missing",
    "redacted", "hidden", "changeme", "example", "string", "see", "the", "a", "an", "is", "was", "not",
    "yes", "no", "n/a",
}

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
_KEY_WORDS = re.compile(
    r"(?i)\S*(?:pass|pwd|secret|key|token|bearer|authori[sz]ation|credential)\S*|"
    r"\b(?:my|is|the|use|our|here|this|it|for|and|a|an|to|id)\b")


def _assignment(match: re.Match) -> str:
    value = match.group("value")
    bare = value.strip("\\\"'")
    quoted = value[:1] in "\\\"'"
    key = match.group("key").lower()
    if _NOT_LITERAL.match(bare) or bare.lower() in _PROSE_WORDS or len(bare) < 3:
        return match.group(0)  # a reference, a call, a placeholder or prose
    if "token" in key and bare.isdigit():
        return match.group(0)  # max_tokens=4096: a count of tokens, not a token
    if match.group("word") and not quoted and bare.isalpha() and len(bare) < 16:
        return match.group(0)  # "the password is weak", "the token was revoked": prose, not a value
    if match.group("sep") == ":" and not quoted and "pass" not in key and "pwd" not in key:
        # "token: expires hourly" is prose; a token value has digits, symbols or length.
        if bare.isalpha() and len(bare) < 16:
            return match.group(0)
    return match.group("keep") + REDACTED


# Every secret pattern above needs one of these: text without any is left alone at once.
_TRIGGER = re.compile(
    r"(?i)-----BEGIN|eyJ|gh[pousr]_|github_pat_|sk-|xox|hooks\.slack|A[KSB]IA|ACCA|AIza|ya29\.|GOCSPX|"
    r"bearer|://|pass|pwd|secret|key|token")


def redact(text: str) -> tuple[str, int]:
    """Replace every secret in the text with [REDACTED_SECRET]; return the text and the count."""
    if not _TRIGGER.search(text):
        return text, 0
    count = 0

    def sub(pattern: re.Pattern, text: str) -> str:
        nonlocal count

        def repl(match: re.Match) -> str:
            nonlocal count
            count += 1
            keep = match.groupdict().get("keep") or ""
            return keep + REDACTED

        return pattern.sub(repl, text)

    for _, pattern in _SECRET_PATTERNS:
        text = sub(pattern, text)

    def assignment(match: re.Match) -> str:
        nonlocal count
        out = _assignment(match)
        if out != match.group(0):
            count += 1
        return out

    text = _ASSIGNMENT.sub(assignment, text)
    return text, count


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


def screen(text: str) -> Screened:
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
    if count:
        rest = _KEY_WORDS.sub(" ", redacted.replace(REDACTED, " "))
        if sum(ch.isalnum() for ch in rest) < 3:
            return Screened("", "nothing left but secrets", count)
    return Screened(redacted, None, count)
