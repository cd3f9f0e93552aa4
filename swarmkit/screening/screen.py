"""Screening before every memory write: salience, secret redaction and `<no-memory>`.

What is tool telemetry and what is left of a text that held nothing but secrets are data:
rules/screen.toml."""

from __future__ import annotations

import re
from dataclasses import dataclass

from swarmkit.screening.placeholder import REDACTED
from swarmkit.screening.ruleset import ruleset

NO_MEMORY = "<no-memory>"


@dataclass(frozen=True, slots=True)
class Screened:
    """The text to write (secrets replaced), or a reason it must not be written."""

    text: str
    refused: str | None = None
    redactions: int = 0
    # the secrets taken out, as they were written: a field derived from the unscreened text (a
    # subject slug, a tag, a commit message) is cleaned of them too (see redact_key, without_found)
    found: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.refused is None


class ScreenedText(str):
    """A text screening has read (secrets replaced), with the secrets it took out: a writer that hands
    it on is not screened again (redact and screen return it as it is, the detectors unread).
    Screening a screened text finds nothing more (see find_spans), so this saves the scan and
    changes no result. Any change to the text (a slice, a join, .strip(), str()) gives a plain str,
    which is screened again: the mark never outlives the exact text it was given for."""

    found: tuple[str, ...]

    def __new__(cls, text: str, found: tuple[str, ...] | list[str] = ()) -> ScreenedText:
        marked = super().__new__(cls, text)
        marked.found = tuple(found)
        return marked


RULES = ruleset("screen")
P = RULES.patterns


def _rest_of_it(redacted: str) -> int:
    """Letters and digits left once secrets, key names and filler words ("ok", "thanks") are taken out."""
    left = 0
    filler, stems = RULES.words.filler, RULES.lists.key_stems
    for word in redacted.replace(REDACTED, " ").split():
        low = word.lower()
        if low.strip("'\"`.,;:!?()[]{}") in filler or any(stem in low for stem in stems):
            continue
        left += sum(ch.isalnum() for ch in word)
    return left


def redact(text: str, found: list[str] | None = None) -> tuple[str, int]:
    """Replace every secret in the text with [REDACTED_SECRET]; return the text and the count.
    With `found`, each secret replaced is appended to it (a run record redacts them everywhere).

    Linear in the length of the text whatever its shape (see screening/secrets/). A ScreenedText
    is returned as it is: it holds no secret left to replace."""
    if isinstance(text, ScreenedText):
        return text, 0
    from swarmkit.screening.secrets import find_spans

    spans = find_spans(text)
    return (replaced(text, spans, found) if spans else text), len(spans)


def replaced(text: str, spans: list[tuple[int, int]], found: list[str] | None = None) -> str:
    """The text with each of its sorted, non-overlapping spans replaced by [REDACTED_SECRET] (each
    one taken out appended to `found`, when given)."""
    parts, at = [], 0
    for start, end in spans:
        parts += [text[at:start], REDACTED]
        at = end
        if found is not None:
            found.append(text[start:end])
    parts.append(text[at:])
    return "".join(parts)


def told_after(context: str, text: str) -> list[str]:
    """The secrets a text holds when it is read after what was said just before it (a chat's
    previous message): "My PIN? I'll send it in my next message", then "4417". Only what lies in
    the text itself is returned, and only what reading it alone does not already find."""
    from swarmkit.screening.secrets import find_spans

    if not context or not text:
        return []
    joined = f"{context}\n{text}"
    offset = len(context) + 1
    alone = set(find_spans(text))
    out = []
    for start, end in find_spans(joined):
        if end <= offset:
            continue
        span = (max(start, offset) - offset, end - offset)
        if span not in alone and text[span[0] : span[1]].strip():
            out.append(text[span[0] : span[1]])
    return out


MIN_ECHO = 4  # shorter secrets (a 3-digit code) are redacted only where they were found
MAX_ECHOES = 256


def echo_pattern(found: list[str], folded: bool = False) -> re.Pattern | None:
    """A pattern of the secrets found in one text, as whole tokens, longest first, to redact them
    where they are echoed without the words that told what they are (a run record's other fields,
    a note under a heading that named it); None when there is nothing to look for.

    Folded, it also finds them re-spelled as a key is (`user.notes.card_4981_4366_…`, a model's
    JSON that lower-cased them): in any case, with any one to three other characters between their
    letters-and-digits parts."""
    values = sorted({v for v in _echoable(found) if len(v) >= MIN_ECHO}, key=len, reverse=True)
    if not values:
        return None
    if folded:
        # a secret in other letters is looked for as written: its ASCII parts alone say too little
        spelled = (
            "[^A-Za-z0-9]{1,3}".join(map(re.escape, P.key_word.findall(v))) if v.isascii() else re.escape(v)
            for v in values[:MAX_ECHOES]
        )
        alternatives = "|".join(p for p in spelled if p)
        if not alternatives:
            return None
        return re.compile(rf"(?i)(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")
    alternatives = "|".join(re.escape(v) for v in values[:MAX_ECHOES])
    return re.compile(rf"(?<![A-Za-z0-9])(?:{alternatives})(?![A-Za-z0-9])")


def _echoable(found: list[str] | tuple[str, ...]) -> list[str]:
    """The secrets found, as they may be echoed: a span that took in a placeholder already there
    ("[REDACTED_SECRET] 55PwNW…" read as one) gives its other tokens, so a text that holds the
    placeholder still has every other secret in it redacted wherever it is echoed."""
    out: list[str] = []
    for value in found:
        if REDACTED not in value:
            out.append(value)
            continue
        for piece in value.split(REDACTED):
            piece = piece.strip(" \t\n.,;:!?\"'`()[]{}")
            if piece and not any(c.isspace() for c in piece):
                out.append(piece)
    return out


def without_found(value: str, found: list[str] | tuple[str, ...], screen_it: bool = True) -> str:
    """A free-text field of a record (a source, a reason, a note) as it may be kept: screened itself
    (unless it was already), and every echo of a secret found elsewhere in the record redacted."""
    if screen_it:
        value = redact(value)[0]
    if not found:
        return value
    pattern = echo_pattern(list(found), folded=True)
    return pattern.sub(REDACTED, value) if pattern is not None else value


KEY_REDACTED = "redacted"  # what stands for a secret in a key: brackets have no place in a subject
MIN_KEY_ECHO = 3  # a 3-digit card code told in the text is taken out of the subject made from it


def _parts(value: str) -> list[str]:
    return P.key_part.findall(value.lower())


def _echoes(tokens: list[str], secret: list[str]) -> set[int]:
    """Which of a key's tokens spell the secret's parts in a row (the last may be cut short, as a
    slug cut at 60 characters is), counting only runs of MIN_KEY_ECHO characters or more that say
    something of the secret: the whole of it, a part that is no plain word (digits in it), or at
    least half its letters. A plain word that a long span happens to hold ("editor", in a key
    block with no END that ran on over the sentence after it) is no echo of it."""
    hit: set[int] = set()
    whole = sum(map(len, secret))
    for start in range(len(tokens)):
        for first in range(len(secret)):
            run, at = 0, start
            while at < len(tokens) and first + run < len(secret):
                part, token = secret[first + run], tokens[at]
                if token == part or (at == len(tokens) - 1 and len(token) >= 4 and part.startswith(token)):
                    run, at = run + 1, at + 1
                    continue
                break
            spelled = sum(len(t) for t in tokens[start:at])
            if not run or spelled < MIN_KEY_ECHO:
                continue
            parts = secret[first : first + run]
            if run == len(secret) or 2 * spelled >= whole or not all(p.isalpha() for p in parts):
                hit.update(range(start, at))
    return hit


def redact_key(key: str, found: list[str] | tuple[str, ...] = ()) -> str:
    """A key made from words (a subject `user.notes.the_wifi_key_is_x7k2…`, a tag) with its secrets
    replaced by `redacted`: the parts that spell a secret found in the text it was made from (any
    case, any punctuation between them), and what screening finds when the key is read as words
    (`_`, `.`, `-` and `:` as spaces), since a slug of an unscreened sentence still says what it holds."""
    if not key:
        return key
    spans = [(m.start(), m.end()) for m in P.key_word.finditer(key)]
    tokens = [key[a:b].lower() for a, b in spans]
    hit: set[int] = set()
    for secret in _echoable(found):
        parts = _parts(secret)
        if parts:
            hit |= _echoes(tokens, parts)
    spoken = P.key_separators.sub(" ", key)
    for start, end in _spans_of(spoken):
        # a slug is cut after a few words, so what it read as a password may be the next plain word
        # ("…_admin_password_should"): read as words, only what no sentence spells is taken
        if spoken[start:end].isalpha() and spoken[start:end].islower():
            continue
        hit.update(i for i, (a, b) in enumerate(spans) if a < end and b > start)
    if not hit:
        return key
    out, at = [], 0
    for i, (a, b) in enumerate(spans):
        if i not in hit:
            continue
        # a run of a secret's parts ("4981_4366_5198_1871") becomes one word
        joined = i - 1 in hit and not key[spans[i - 1][1] : a].strip("_.:-")
        out += [key[at:a] if not joined else "", "" if joined else KEY_REDACTED]
        at = b
    out.append(key[at:])
    return "".join(out)


def names_nothing(key: str) -> bool:
    """A key that names nothing once its secrets are out (`user.redacted`): every word past its
    first (the namespace) is `redacted`. Two facts under such a subject would replace each other."""
    words = [word for word in re.split(r"[._:\-]+", key.lower()) if word]
    return KEY_REDACTED in words[1:] and all(word == KEY_REDACTED for word in words[1:])


def _spans_of(text: str) -> list[tuple[int, int]]:
    from swarmkit.screening.secrets import find_spans

    return find_spans(text)


_TELEMETRY: tuple[re.Pattern[str], ...] = ()


def _telemetry() -> tuple[re.Pattern[str], ...]:
    """The telemetry patterns, compiled when a text is first screened (then a module constant)."""
    global _TELEMETRY
    telemetry = RULES.group("telemetry")
    _TELEMETRY = tuple(getattr(telemetry, name) for name in telemetry)
    return _TELEMETRY


def salience_problem(text: str) -> str | None:
    stripped = text.strip()
    if not stripped:
        return "empty"
    if len(stripped) < 3:
        return "too short (under 3 characters)"
    if not any(ch.isalnum() for ch in stripped):
        return "no letters or digits"
    if any(pattern.search(stripped) for pattern in _TELEMETRY or _telemetry()):
        return "tool telemetry, not a fact"
    return None


# Four times the longest entry (entries.MAX_TEXT, checked by a test): screening imports nothing of
# the folder, which screens every write.
ENTRY_READ_LIMIT = 2000


def screen_entry(text: str) -> Screened:
    """screen() for a memory entry: entries are cut to 500 characters once screened, so only the
    first 2,000 (cut at a space) are read; a megabyte-long "fact" costs no more than that."""
    text = "" if text is None else text if isinstance(text, ScreenedText) else str(text)
    limit = ENTRY_READ_LIMIT
    if len(text) > limit:
        space = text.rfind(" ", limit // 2, limit)
        text = text[: space if space > 0 else limit]
    return screen(text)


def screen(text: str | None) -> Screened:
    """Salience, `<no-memory>`, then redaction; nothing left but secrets is refused. A ScreenedText
    (a writer's text screened on its way here) is checked again but not read for secrets again."""
    if text is None:
        return Screened("", "empty")
    if isinstance(text, ScreenedText):
        return _screened_before(text)
    text = str(text)
    if NO_MEMORY in text.lower():
        return Screened("", "the text asks not to be remembered (<no-memory>)")
    problem = salience_problem(text)
    if problem:
        return Screened(text, problem)
    found: list[str] = []
    redacted, count = redact(text, found)
    # a text already redacted where it was told (a note under a heading that named its secret)
    if (count or REDACTED in redacted) and _rest_of_it(redacted) < 3:
        return Screened("", "nothing left but secrets", count, tuple(found))
    return Screened(redacted, None, count, tuple(found))


def _screened_before(text: ScreenedText) -> Screened:
    """screen() of a text screened before: what it checks beside secrets, with the secrets found then."""
    if NO_MEMORY in text.lower():
        return Screened("", "the text asks not to be remembered (<no-memory>)")
    problem = salience_problem(text)
    if problem:
        return Screened(text, problem)
    if REDACTED in text and _rest_of_it(text) < 3:
        return Screened("", "nothing left but secrets", 0, text.found)
    return Screened(text, None, 0, text.found)


def screen_block(text: str | None) -> Screened:
    """screen() for a message of several lines that is kept as one line (`memory add -`): the
    detectors read the block as written first, so a list under the line that introduces it
    ("GitHub recovery codes:" then a code a line) is read as that list, then the joined line; a
    secret either reading found is taken out wherever the joined line still holds it."""
    if text is None:
        return screen(text)
    block: list[str] = []
    redact(str(text), block)
    joined = P.white_space.sub(" ", str(text)).strip()
    first = screen(joined)
    pattern = echo_pattern(block)
    if not first.ok or pattern is None:
        return first
    again = pattern.sub(REDACTED, first.text)
    if again == first.text:
        return first
    extra = len(pattern.findall(first.text))
    if _rest_of_it(again) < 3:
        return Screened("", "nothing left but secrets", first.redactions + extra, first.found + tuple(block))
    return Screened(again, None, first.redactions + extra, first.found + tuple(block))
