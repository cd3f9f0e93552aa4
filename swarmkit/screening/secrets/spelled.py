"""Secrets spelled out, or written in another script, after a word for a password or a code:
"password: K 7 x 2 m q !", "the wifi password is alpha bravo seven niner x-ray", "the code is:
four, nine, one, one", "пароль от почты — ЗеленыйСлон", "密码是：天高云淡".

A spelled value is a run of at least four units (a NATO word, a number word, one character) right
after the word and its link; the whole run is the secret. A value in another script is taken only
where it reads as one: quoted, after an explicit `:` or `=`, or holding a digit or a change of case
("ЗеленыйСлон"), since "密码是什么" (what is the password?) holds a plain word where a value would
be. The other rules read values in Latin letters. Patterns: rules/spelled.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import Ruleset, ruleset
from swarmkit.screening.secrets.shape import holds_any

RULES = ruleset("spelled")
P = RULES.patterns
_ASCII_HINTS = RULES.lists.ascii_hints
_MIN_UNITS = 4
_MAX_UNITS = 32


def _script_words(rules: Ruleset) -> str:
    return ruleset("languages").source("script_words")


RULES.compute("script_words", _script_words)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    ascii_text = text.isascii()
    if ascii_text and (" " not in text or not holds_any(low, _ASCII_HINTS)):
        return
    for cue in (P.cue_ascii if ascii_text else P.cue).finditer(text):
        link = P.link.match(text, cue.end())
        if link is None:
            continue
        at = link.end()
        spelled = _spelled(text, at)
        if spelled is not None:
            yield spelled
            continue
        if not ascii_text:
            value = _other_script(text, at, explicit=any(ch in link.group(0) for ch in ":：=—–-"))
            if value is not None:
                yield value


def _spelled(text: str, at: int) -> tuple[int, int] | None:
    """A run of spelled units from `at` (four at least), or None."""
    units, end, position = 0, at, at
    while units < _MAX_UNITS:
        unit = P.unit.match(text, position)
        if unit is None:
            break
        units, end = units + 1, unit.end()
        separator = P.unit_separator.match(text, end)
        if separator is None:
            break
        position = separator.end()
    if units < _MIN_UNITS:
        return None
    value = text[at:end]
    if (
        sum(ch.isalnum() for ch in value) < _MIN_UNITS
        or value.replace(" ", "").isalpha()
        and " " not in value
    ):
        return None
    # words that are plain prose ("is one of the") spell nothing: each unit must be a single
    # character or a spelling word, which the pattern ensures, and there must be a character or a
    # NATO/number word that is not an English function word
    words = value.lower().replace(",", " ").split()
    if all(word in ("one", "at", "oh", "on", "a", "i", "small", "cap", "un", "dos") for word in words):
        return None
    return at, end


def _other_script(text: str, at: int, explicit: bool) -> tuple[int, int] | None:
    match = P.other_script.match(text, at)
    if match is None:
        return None
    value = match.group("value")
    quoted = match.start("value") > match.start()
    has_digit = any(ch.isdigit() for ch in value)
    case_change = any(a.islower() and b.isupper() for a, b in zip(value, value[1:], strict=False))
    if not (quoted or has_digit or case_change):
        # told after a colon or a dash, a plain word is a value only when it ends the clause
        # ("пароль: Ромашка"), not when the sentence goes on ("пароль: не менее 8 символов")
        if not explicit or P.clause_goes_on.match(text, match.end()):
            return None
    if sum(ch.isalpha() for ch in value) < 2:
        return None
    return match.span("value")
