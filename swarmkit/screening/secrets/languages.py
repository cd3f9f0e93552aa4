"""Passwords stated in the languages of most of the world's speakers, beyond the European ones the
key rules read (keys.py): Chinese, Japanese, Korean, Hindi, Bengali, Urdu, Arabic, Persian, Hebrew,
Greek, Russian and Ukrainian, Turkish, Indonesian and Malay, Vietnamese, Thai, Swahili, Tamil,
Telugu, Marathi, Punjabi, Amharic, Filipino, Polish, Romanian, ...

These languages put a password's value where their grammar does: right after a particle with no
space ("パスワードはsakura2024です", "密码是abc123"), before the verb ("मेरा पासवर्ड Kx72mq है",
"رمز عبور من Kx72mq است"), or after a copula ("mật khẩu là …", "kata sandi saya adalah …",
"nenosiri langu ni …", "şifrem …"). What they share: the password itself is written in Latin
letters, digits and symbols while the words around it are not, or are a few short words. So the
value is the first ASCII token within a short window after the word for password that reads as a
password (a digit or a symbol in it, or quoted), before the sentence ends; dates, times, counts
("8文字", "12 ký tự"), URLs and references are not values. Each keyword costs a bounded window.

The words for a password in each language, and what is no value, are data: rules/languages.toml.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from swarmkit.screening.ruleset import Ruleset, ruleset
from swarmkit.screening.secrets.shape import is_prose, is_reference, looks_like_password

RULES = ruleset("languages")
P = RULES.patterns
_COMBINING = "[\u0300-\u036f]*"
_WINDOW = 64
_QUOTES_BEFORE = "「『“\"'«‘《〈【"
_TRAILING = ".,:;!?)]}>'\"*"


@functools.cache
def _accented_forms() -> dict[str, frozenset[str]]:
    """Each plain Latin letter and the letters that are it with an accent or a mark."""
    import unicodedata

    forms: dict[str, set[str]] = {}
    for code in list(range(0xC0, 0x250)) + list(range(0x1E00, 0x1F00)):
        char = chr(code)
        base = unicodedata.normalize("NFD", char)[0].lower()
        if base.isascii() and base.isalpha():
            forms.setdefault(base, set()).add(char)
    for base, extra in RULES.tables.extra_forms.items():
        forms.setdefault(base, set()).update(extra)
    return {base: frozenset(chars) for base, chars in forms.items()}


def _loose(words: str) -> str:
    """A pattern of plain Latin words that also matches them with accents and combining marks."""
    forms = _accented_forms()
    out = []
    for char in words:
        if char.isalpha():
            out.append("[" + char + char.upper() + "".join(sorted(forms.get(char, ()))) + "]" + _COMBINING)
        elif char == "'":
            out.append("['ʻ’`]?")
        elif char == " ":
            out.append("[ \t]{1,3}")
        else:
            out.append(re.escape(char))
    return "".join(out)


def _latin_words(rules: Ruleset) -> str:
    # made (and the pattern compiled) on first use: the accent-tolerant alternation of every
    # Latin-script word costs about 150 ms to compile, which a one-shot command whose texts name
    # no such word never pays
    return "|".join(_loose(word) for word in rules.lists.latin_words)


RULES.compute("latin_words", _latin_words)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of passwords stated in these languages."""
    if P.may_hold_a_value.search(text) is None:
        return  # a value has a digit or a symbol in it, or is quoted
    keywords = []
    if not text.isascii() or "mat khau" in low:
        keywords.append(P.script_keyword)
    folded = low if text.isascii() else _fold(low)
    if P.latin_hints.search(folded):
        keywords.append(P.latin_keyword)
    if "pass" in low or "pin" in low:
        keywords.append(P.borrowed_keyword)
    for keyword in keywords:
        for match in keyword.finditer(text):
            span = _value_after(text, match.end())
            if span is not None:
                yield span


def _fold(low: str) -> str:
    """The text without its accents, to tell cheaply whether a Latin-script keyword may be in it."""
    import unicodedata

    return unicodedata.normalize("NFKD", low.lower()).translate(_folding())


@functools.cache
def _folding() -> dict[int, str | None]:
    return {ord(char): plain or None for char, plain in RULES.tables.fold.items()}


def _value_after(text: str, at: int) -> tuple[int, int] | None:
    window_end = min(len(text), at + _WINDOW)
    stop = P.sentence_end.search(text, at, window_end)
    if stop is not None:
        window_end = stop.start()
    words = 0
    for run in P.ascii_run.finditer(text, at, window_end):
        start, value = run.start(), run.group(0)
        stripped = value.lstrip(":=-—(['\"`*").rstrip(_TRAILING)
        start += len(value) - len(value.lstrip(":=-—(['\"`*"))
        if len(stripped) < 3:
            continue  # particles and fragments of words in other scripts ("c" of "của")
        quoted = start > 0 and text[start - 1] in _QUOTES_BEFORE
        if stripped.replace("'", "").replace("’", "").isalpha() and not quoted:
            words += 1
            if words > 3:
                return None  # a sentence in Latin letters: not a stated value
            continue
        end = start + len(stripped)
        if _is_value(text, stripped, end, quoted):
            return start, end
        if not quoted and not stripped.isalnum():
            return None
    return None


def _is_value(text: str, value: str, end: int, quoted: bool) -> bool:
    if is_reference(value) or "://" in value or P.email.search(value) or value.lower().startswith("www."):
        return False
    if P.not_values.fullmatch(value):
        return False
    if value.isdigit() and end < len(text) and text[end] in RULES.words.counters:
        return False
    if not quoted and P.year.fullmatch(value):
        return False  # "on parole in 2019": a year, not a PIN
    if quoted:
        return len(value) >= 3 and not is_prose(value)
    return looks_like_password(value)
