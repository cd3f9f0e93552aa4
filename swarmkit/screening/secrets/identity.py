"""National identity numbers, found by their check digits: "My PESEL is 85041474119", "Il mio
codice fiscale è BNCLGU72C41F205L", "Aadhaar no. 8095 1367 4308", "NHS number 679 160 1108".

A number is read only next to a word that names an identity number (before it, or a few words
after it), and kept only when the check digits of that country's format hold; python-stdnum
validates them (its ~200 formats are facts this module should not hand-write). A random number of
the right length passes a check one time in ten or so, which is why a bare number is never read:
order numbers, phone numbers, tracking codes and video ids have no such word. A few formats are
shape enough on their own (an Italian codice fiscale, a Mexican CURP: letters and digits in fixed
places, then a check letter). The words and formats are data: rules/identity.toml.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterator

from swarmkit.screening.ruleset import Ruleset, ruleset

RULES = ruleset("identity")
P = RULES.patterns
_AFTER = 40  # the number follows its word within a few words ("PESEL mojej córki to …")
_BEFORE = 28  # or comes just before it ("85041474119 is my PESEL")
_LONGEST_WORD = 48  # characters: a word for an identity number is shorter
_MIN_DIGITS = 4  # every format read has at least this many digits (a PAN has four)
_DROP_DIGITS = str.maketrans("", "", "0123456789")


def _spaced(word: str) -> str:
    return re.escape(word).replace("\\ ", "[ \\t]{1,3}")


def _alternation(words: list[str]) -> str:
    """The words as one pattern: those of scripts that put spaces between words at word
    boundaries (one lookaround for all of them, so the engine scans fast), the others (Chinese,
    Japanese, Thai) anywhere."""
    spaced = [w for w in words if ord(w[0]) < 0x0E00 and ord(w[-1]) < 0x0E00]
    unspaced = [w for w in words if w not in spaced]
    parts = []
    if spaced:
        parts.append(r"(?<![^\W_])(?:" + "|".join(map(_spaced, spaced)) + r")(?![^\W_])")
    if unspaced:
        parts.append("|".join(map(_spaced, unspaced)))
    return "|".join(parts) or "(?!)"


@functools.cache
def _formats() -> dict[str, tuple[str, ...]]:
    """Each word (folded to small letters) and the stdnum modules it names."""
    names: dict[str, list[str]] = {}
    every = [record["module"] for record in RULES.records("formats")]
    for record in RULES.records("formats"):
        for word in record["words"]:
            names.setdefault(word.casefold(), []).append(record["module"])
    for word in RULES.lists.generic_words:
        names.setdefault(word.casefold(), []).extend(every)
    return {word: tuple(dict.fromkeys(modules)) for word, modules in names.items()}


def _all_words() -> list[str]:
    words = [w for record in RULES.records("formats") for w in record["words"]]
    return sorted(set(words) | set(RULES.lists.generic_words), key=len, reverse=True)


def _any_case(rules: Ruleset) -> str:
    return _alternation([w for w in _all_words() if not (w.isupper() and w.isascii())])


def _capitals(rules: Ruleset) -> str:
    return _alternation([w for w in _all_words() if w.isupper() and w.isascii()])


RULES.compute("any_case_words", _any_case)
RULES.compute("capitals_words", _capitals)


@functools.cache
def _validator(module: str) -> Callable[[str], bool]:
    return importlib.import_module(f"stdnum.{module}").is_valid


@functools.cache
def _shapes() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(
        (RULES.compile(record["shape"], f"identity.toml [[formats]] {record['module']}"), record["module"])
        for record in RULES.records("formats")
        if "shape" in record
    )


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of identity numbers told with their name, or shaped as one of the self-evident formats."""
    if len(text) - len(text.translate(_DROP_DIGITS)) < _MIN_DIGITS:
        return
    for pattern, module in _shapes():
        for match in pattern.finditer(text):
            if _valid(match.group(0), (module,)):
                yield match.span()
    # the words are looked for only around a number with enough digits (rare in other text):
    # one search of the whole text for some 300 words would cost more than all the rest
    windows = _windows(text)
    if not windows:
        return
    names = _formats()
    for word_pattern in (P.word, P.capitals_word):
        for word in (w for start, end in windows for w in word_pattern.finditer(text, start, end)):
            modules = names.get(word.group(0).casefold()) or names.get(
                " ".join(word.group(0).split()).casefold(), ()
            )
            if modules:
                yield from _numbers_near(text, word.start(), word.end(), modules)


def _windows(text: str) -> list[tuple[int, int]]:
    """The stretches of text where a word for an identity number may name a number: around each
    candidate with enough digits, merged where they overlap."""
    out: list[tuple[int, int]] = []
    for candidate in P.candidate.finditer(text):
        value = candidate.group(0)
        if len(value) - len(value.translate(_DROP_DIGITS)) < _MIN_DIGITS:
            continue
        start = max(0, candidate.start() - _AFTER - _LONGEST_WORD)
        end = min(len(text), candidate.end() + _BEFORE + _LONGEST_WORD)
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def _numbers_near(text: str, start: int, end: int, modules: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """The valid numbers in the word's sentence: within a window after it, or the last just before it."""
    window_end = min(len(text), end + _AFTER)
    stop = P.sentence_end.search(text, end, window_end)
    for candidate in P.candidate.finditer(text, end, stop.start() if stop else window_end):
        span = _valid_prefix(text, candidate, modules)
        if span is not None:
            yield span
            return
    window_start = max(0, start - _BEFORE)
    before = [c for c in P.candidate.finditer(text, window_start, start) if c.end() <= start]
    if before and P.sentence_end.search(text, before[-1].end(), start) is None:
        span = _valid_prefix(text, before[-1], modules)
        if span is not None:
            yield span


def _valid_prefix(text: str, candidate: re.Match[str], modules: tuple[str, ...]) -> tuple[int, int] | None:
    """The candidate's longest run of groups from its start that is a valid number ("679 160 1108
    for": the groups before the next word), or None."""
    value = candidate.group(0)
    if len(value) - len(value.translate(_DROP_DIGITS)) < _MIN_DIGITS:
        return None
    ends = [len(value)] + [m.start() for m in P.group_separator.finditer(value)][::-1]
    for cut in ends:
        if _valid(value[:cut], modules):
            return candidate.start(), candidate.start() + cut
    return None


def _valid(number: str, modules: tuple[str, ...]) -> bool:
    for module in modules:
        try:
            if _validator(module)(number):
                return True
        except Exception:  # noqa: BLE001 - a format's own parser may raise on a shape it never expects
            continue
    return False
