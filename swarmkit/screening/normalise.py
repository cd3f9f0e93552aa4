"""The text as screening's detectors read it, and the way back to the text as written.

A keyword hides from a pattern behind an invisible character ("pass\\u200bword"), a soft hyphen, a
fullwidth or compatibility form ("ｐａｓｓｗｏｒｄ"), or a letter of another script that looks like a
Latin one ("раssword", its р and а Cyrillic). The detectors read the text with invisible characters
dropped, every character in its NFKC form, and look-alike letters inside a word that also holds
Latin letters read as those Latin letters; each span they find is mapped back to the characters of
the text as written, so redaction replaces exactly what was written there. A word wholly in
Cyrillic or Greek is left alone: it is a word of that language, not a disguise.

Plain ASCII text (most of it) needs none of this: `normalised` returns None for it at the cost of
one `str.isascii`. The invisible characters and the look-alike letters are data: rules/normalise.toml.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from swarmkit.screening.ruleset import ruleset

RULES = ruleset("normalise")
P = RULES.patterns


@functools.cache
def _confusables() -> tuple[dict[int, str], re.Pattern[str]]:
    """The look-alike letters as a translation table, and a pattern that finds one touching a
    Latin letter (a disguised word has at least one such pair)."""
    table: dict[str, str] = RULES.tables.confusables
    letters = "".join(re.escape(char) for char in table)
    touching = re.compile(f"[A-Za-z][{letters}]|[{letters}][A-Za-z]")
    return {ord(char): plain for char, plain in table.items()}, touching


class Normalised:
    """The text as the detectors read it (`text`), and for each of its characters the span of the
    characters as written that it came from."""

    __slots__ = ("text", "_starts", "_ends")

    def __init__(self, text: str, starts: list[int], ends: list[int]) -> None:
        self.text, self._starts, self._ends = text, starts, ends

    def original(self, start: int, end: int) -> tuple[int, int]:
        """A span of the normalised text as a span of the text as written."""
        if end <= start:
            at = self._starts[start] if start < len(self._starts) else (self._ends[-1] if self._ends else 0)
            return at, at
        return self._starts[start], self._ends[end - 1]


def normalised(text: str) -> Normalised | None:
    """The text as the detectors read it, or None when they read it as written (no character of it
    changes: ASCII, or text already in NFKC with no invisible character and no look-alike letter)."""
    if text.isascii():
        return None
    table, touching = _confusables()
    if (
        unicodedata.is_normalized("NFKC", text)
        and P.invisible.search(text) is None
        and touching.search(text) is None
    ):
        return None
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    invisible = P.invisible
    for index, char in enumerate(text):
        if char.isascii():
            out.append(char)
            starts.append(index)
            ends.append(index + 1)
            continue
        if invisible.fullmatch(char):
            continue
        form = unicodedata.normalize("NFKC", char)
        for piece in form:
            if invisible.fullmatch(piece):
                continue
            out.append(piece)
            starts.append(index)
            ends.append(index + 1)
    read = "".join(out)
    if touching.search(read) is not None:
        read = P.word.sub(lambda word: _unmasked(word.group(0), table), read)
    if read == text:
        return None
    return Normalised(read, starts, ends)


def _unmasked(word: str, table: dict[int, str]) -> str:
    """A word with its look-alike letters read as Latin ones, when it holds a Latin letter too (same
    length: each look-alike is one letter for one)."""
    if word.isascii() or not any("a" <= c.lower() <= "z" for c in word):
        return word
    return word.translate(table)
