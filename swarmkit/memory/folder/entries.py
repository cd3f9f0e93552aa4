"""Memory entries: one markdown bullet per line; lenient to read, strict to write.

- Deploys go through staging first [by: agent; kind: rule; added: 2026-11-30]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from swarmkit.control_sequences import without_control_sequences

KINDS = (
    "preference",
    "identity",
    "rule",
    "project_fact",
    "decision",
    "commitment",
    "correction",
    "insight",
    "outcome",
)
SWARM_KINDS = ("finding", "ruled_out", "question", "answer")
USER_KINDS = ("identity", "preference", "correction")  # kinds that describe the user
KEY_ORDER = ("by", "kind", "subject", "workspace", "source", "added")
MAX_TEXT = 500
MAX_VALUE = 200
MAX_SUBJECT = 120

_KEY = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_SUBJECT_BAD = re.compile(r"[^a-z0-9_:.-]+")
_SPACES = re.compile(r"\s+")
_TRAILING_PUNCT = ".,;:!?…"


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry as read from a file: `line` is 1-based, `file` relative to the memory folder."""

    text: str
    meta: dict = field(default_factory=dict)
    file: str = ""
    line: int = 0

    @property
    def metadata(self) -> dict:
        return self.meta

    @property
    def by(self) -> str:
        """`agent` only when the metadata says so: a hand-written line is the user's."""
        return "agent" if self.meta.get("by", "").strip().lower() == "agent" else "user"

    @property
    def kind(self) -> str | None:
        return self.meta.get("kind") or None

    @property
    def subject(self) -> str | None:
        value = self.meta.get("subject")
        return normalise_subject(value) if value else None

    @property
    def ref(self) -> str:
        """`file#digest` (me.md#3f9a1c2b): the entry's identity, named by its text, so it keeps naming
        the same fact however the lines above it move."""
        return digest_ref(self.file, self.text)

    @property
    def line_ref(self) -> str:
        """`file#Lline` (me.md#L3): whatever is on that line now; for telling apart entries that
        share a text (and so a digest)."""
        return f"{self.file}#L{self.line}"

    def to_dict(self) -> dict:
        return {
            "ref": self.ref,
            "file": self.file,
            "line": self.line,
            "text": self.text,
            "by": self.by,
            "kind": self.kind,
            "metadata": dict(self.meta),
        }


_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_KEY_CHARS = _ASCII_LETTERS | frozenset("0123456789_-")


def _pair_key(segment: str) -> str | None:
    """The key of a `key: value` segment (leading whitespace allowed), or None when it is not one."""
    start, end = 0, len(segment)
    while start < end and segment[start].isspace():
        start += 1
    if start == end or segment[start] not in _ASCII_LETTERS:
        return None
    stop = start + 1
    while stop < end and segment[stop] in _KEY_CHARS:
        stop += 1
    colon = stop
    while colon < end and segment[colon].isspace():
        colon += 1
    return segment[start:stop] if colon < end and segment[colon] == ":" else None


def _parse_group(inner: str) -> dict | None:
    """`key: value; key: value` → dict, or None when the group is not metadata (e.g. `[1]`).

    A hand-written scanner, one pass over the group: every `;`-separated segment is blank or a
    pair with an ASCII key, and there is at least one pair. (A backtracking regex for the same
    grammar took exponential time on a group of a few dozen semicolons.)
    """
    out: dict[str, str] = {}
    for segment in inner.split(";"):
        key = _pair_key(segment)
        if key is None:
            if segment and not segment.isspace():
                return None
            continue
        out[key.lower()] = segment.partition(":")[2].strip()
    return out or None


def _trailing_groups(text: str) -> list[tuple[int, str]]:
    """(where it starts, inner) of each trailing `[...]` group without nested brackets, right to
    left; each character is looked at once, however many groups or brackets the line has."""
    end = len(text)
    groups: list[tuple[int, str]] = []
    while True:
        while end and text[end - 1].isspace():
            end -= 1
        if not end or text[end - 1] != "]":
            break
        start = end - 2
        while start >= 0 and text[start] not in "[]":
            start -= 1
        if start < 0 or text[start] == "]":
            break
        groups.append((start, text[start + 1 : end - 1]))
        end = start
    return groups


def split_metadata(body: str) -> tuple[str, dict]:
    """Strip every trailing metadata group from a bullet's body; later groups win, but any
    `by: agent` keeps the line the agent's (a user line cannot be forged by appending a group)."""
    groups: list[dict] = []
    cut = len(body)
    for start, inner in _trailing_groups(body):
        parsed = _parse_group(inner)
        if parsed is None:
            break
        groups.append(parsed)
        cut = start
    if not groups:
        return body.strip(), {}
    text = body[:cut]
    meta: dict[str, str] = {}
    agent = False
    for group in reversed(groups):  # left to right
        agent = agent or group.get("by", "").lower() == "agent"
        meta.update(group)
    if agent:
        meta["by"] = "agent"
    return text.strip(), meta


# Metadata values swarmkit writes that hold nothing of a person's: a screen need not read them.
_PLAIN_VALUES = {"by": ("user", "agent"), "tainted": ("yes",)}


def entry_parts(line: str) -> list[tuple[int, int]]:
    """(start, end) in the line of each part of an entry that is screened on its own: its text (the
    bullet with it) and each `key: value` of its metadata groups, so a word of the text never makes
    a date or a subject look like what it named ("the door code changed [added: 2026-12-01]").
    Values swarmkit writes in a fixed shape (`by: user`, a kind, an `added` date) are left out;
    a line that is no entry is one part."""
    if parse_fields(line) is None:
        return [(0, len(line))]
    cut = len(line)
    parts: list[tuple[int, int]] = []
    for start, inner in _trailing_groups(line):
        if _parse_group(inner) is None:
            break
        cut = start
        at = start + 1
        for segment in inner.split(";"):
            key = (_pair_key(segment) or "").lower()
            value = segment.partition(":")[2].strip()
            plain = value in _PLAIN_VALUES.get(key, ()) or (
                (key == "kind" and value in KINDS + SWARM_KINDS) or (key == "added" and _DATE.match(value))
            )
            if segment.strip() and not plain:
                parts.append((at, at + len(segment)))
            at += len(segment) + 1
    return [(0, cut), *parts]


def parse_fields(line: str) -> tuple[str, dict] | None:
    """(text, metadata) of the entry on this line, or None; parse_line without building an Entry."""
    stripped = line.strip()
    # string tests instead of a regex: this runs for every line of every file on recall
    if len(stripped) < 3 or stripped[0] not in "-*" or stripped[1] not in " \t":
        return None
    body = stripped[2:].lstrip()
    if body[:1] == "[" and body[2:4] in ("] ", "]\t") and body[1:2] in " xX":
        body = body[4:].lstrip()  # a task-list checkbox
    text, meta = split_metadata(body)
    if not text or (text.startswith("[[") and _links_only(text)):
        return None
    return text, meta


def _links_only(text: str) -> bool:
    """True for `[[a]] [[b]]`: wiki links and spaces only (a link holds no brackets)."""
    at, end = 0, len(text)
    while at < end:
        if not text.startswith("[[", at):
            return False
        close = text.find("]]", at + 2)
        if close <= at + 2 or "[" in text[at + 2 : close] or "]" in text[at + 2 : close]:
            return False
        at = close + 2
        while at < end and text[at].isspace():
            at += 1
    return True


def parse_line(line: str, file: str = "", number: int = 0) -> Entry | None:
    """The entry on this line, or None for headings, prose, blank lines and link-only bullets."""
    fields = parse_fields(line)
    return None if fields is None else Entry(fields[0], fields[1], file, number)


def shown(text: str) -> str:
    """Text as it is shown: bytes that are not UTF-8 (kept as they are in a file) become U+FFFD."""
    if text.isascii():
        return text
    from swarmkit.surrogates import ERRORS  # a `\ud800` escape as well as an undecodable byte

    return text.encode("utf-8", ERRORS).decode("utf-8", "replace")


def text_digest(text: str) -> str:
    """A short digest of an entry's text: the stable part of a ref (me.md#3f9a1c2b)."""
    import hashlib

    return hashlib.sha256(shown(text).strip().encode("utf-8")).hexdigest()[:8]


def digest_ref(file: str, text: str) -> str:
    """`file#digest` (me.md#3f9a1c2b): the ref of an entry with this text in this file."""
    return f"{file}#{text_digest(text)}"


def split_lines(content: str) -> list[str]:
    """Lines as git and editors count them: split at `\\n` only (a form feed or U+2028 inside a
    line stays in it, so a ref's line number is the same for every reader and writer)."""
    lines = content.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def parse_text(content: str, file: str = "") -> list[Entry]:
    return parse_lines(split_lines(content), file)


def parse_lines(lines: list[str], file: str = "") -> list[Entry]:
    out = []
    for number, line in enumerate(lines, 1):
        if line.lstrip()[:1] not in ("-", "*"):
            continue
        entry = parse_line(line, file, number)
        if entry is not None:
            out.append(entry)
    return out


def clean_value(value) -> str:
    """A metadata value as written: `;`, `[`, `]` and newlines become spaces, at most 200 chars."""
    text = _SPACES.sub(" ", without_control_sequences(re.sub(r"[;\[\]\r\n]", " ", str(value)))).strip()
    return text[:MAX_VALUE].rstrip()


def cut_text(text: str, limit: int = MAX_TEXT) -> str:
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > limit // 2:
        head = head[:space]
    return head.rstrip() + "…"


def clean_text(text: str) -> str:
    """Entry text as written: one line, no control sequences or characters (a NUL would make the
    file binary to git, an ESC start a terminal sequence), no trailing metadata groups, at most 500
    characters."""
    one_line = _SPACES.sub(" ", without_control_sequences(_SPACES.sub(" ", str(text)))).strip()
    while True:
        stripped, _ = split_metadata(one_line)
        if stripped == one_line:
            break
        one_line = stripped
    one_line = re.sub(r"^[-*]\s+", "", one_line)  # a bullet marker of its own would nest
    return cut_text(one_line)


def normalise_subject(subject: str) -> str:
    """lowercase; runs outside [a-z0-9_:.-] become `_`; at most 120 characters."""
    return _SUBJECT_BAD.sub("_", str(subject).strip().lower())[:MAX_SUBJECT]


def ordered_meta(meta: dict) -> list[tuple[str, str]]:
    known = [(k, meta[k]) for k in KEY_ORDER if k in meta]
    rest = sorted((k, v) for k, v in meta.items() if k not in KEY_ORDER)
    return known + rest


def render(text: str, meta: dict | None = None) -> str:
    """The one line written for an entry (strict form)."""
    body = clean_text(text)
    pairs = []
    for key, value in ordered_meta(dict(meta or {})):
        if value is None or value == "":
            continue
        if not _KEY.match(key):
            raise ValueError(f"bad metadata key {key!r}")
        if key == "subject":
            # every writer's last word: a subject read as words says what it holds (a slug of a
            # sentence that told a key), and screening takes that out as it does from the text
            from swarmkit.screening.screen import ScreenedText, redact_key

            # a subject its writer screened as it is written here (store.py) is not read again
            if not isinstance(value, ScreenedText) or normalise_subject(value) != value:
                value = redact_key(normalise_subject(value))
        pairs.append(f"{key.lower()}: {clean_value(value)}")
    return f"- {body} [{'; '.join(pairs)}]" if pairs else f"- {body}"


def dedupe_key(text: str) -> str:
    """Same entry for dedupe: lowercased, whitespace folded, trailing punctuation stripped."""
    key = _SPACES.sub(" ", text).strip().lower()
    end = len(key)  # one scan from the right: a `[...]+$` regex is quadratic on a run of dots
    while end and (key[end - 1] in _TRAILING_PUNCT or key[end - 1].isspace()):
        end -= 1
    return key[:end]


def valid_date(value: str | None) -> str | None:
    if not value or not _DATE.match(value.strip()):
        return None
    try:
        return date.fromisoformat(value.strip()).isoformat()
    except ValueError:
        return None


def today() -> str:
    return date.today().isoformat()


def parse_ref(ref: str) -> tuple[str, int] | None:
    """`path#L12` → ("path", 12), or None when it is not a ref. A path may hold spaces (`my
    notes.md#L3`), never `#` or a control character."""
    path, sep, line = ref.strip().rpartition("#L")
    if (
        not sep
        or not path.endswith(".md")
        or not (line.isascii() and line.isdigit())
        or line[0] == "0"
        or len(line) > 18  # no file has 10**18 lines; int() refuses past 4,300 digits anyway
        or "#" in path
        or any(ch < " " or ch == "\x7f" for ch in path)
    ):
        return None
    return path, int(line)
