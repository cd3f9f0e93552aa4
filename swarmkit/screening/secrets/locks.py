"""Codes that open a lock, told in any language: "Mein Tresor im Hotel hat den Code 3323", "le
digicode de l'immeuble c'est 975962", "el código de la puerta es 4410", "kod do domofonu 2580".

The English shapes are read where keys.py reads a key ("the door code is 4821"); other languages put
the lock and the code in any order with a few words between. A code word and a lock word within one
short window, then the digits (3 to 8, or told digit by digit) within a few words after the code
word. A year after a word of time ("seit 2019", "depuis 2021") is no code, nor an error's or a
zip code's number. A code told by what is done with it ("dial 4-3-2-1 on the keypad"), as a dial's
numbers that a lock is ("the lock on the bike is 4-2-1-9"), or as what opens it ("open the locker
with 4-1-2") needs no word for a code. The words are data: rules/locks.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.keys import NOT_CODE_PREFIXES
from swarmkit.screening.secrets.shape import holds_any

RULES = ruleset("locks")
P = RULES.patterns
# asked of every text: bound once, as plain module constants
_ASCII_HINTS = RULES.lists.ascii_hints
_KEYED_IN_HINTS = RULES.lists.keyed_in_hints
_LOCK_IS_HINTS = RULES.lists.lock_is_hints
_OPEN_WITH_HINTS = RULES.lists.open_with_hints
_WINDOW = 48
_WORDS_BETWEEN = 6
_NOT_LOCK_CODES = NOT_CODE_PREFIXES | RULES.words.not_lock_codes


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of lock codes told near a lock's name."""
    if not any(c.isdigit() for c in text):
        return
    if holds_any(low, _KEYED_IN_HINTS):
        for keyed in P.keyed_in.finditer(text):
            yield keyed.start("code"), keyed.start("code") + len(keyed.group("code").rstrip("*# -"))
    if "-" in text and holds_any(low, _LOCK_IS_HINTS):
        yield from (lock.span("code") for lock in P.lock_is.finditer(text))
    if holds_any(low, _OPEN_WITH_HINTS):
        # "open the gate with 2024 badge": a year is no code
        yield from (
            lock.span("code") for lock in P.open_with.finditer(text) if not P.year.fullmatch(lock["code"])
        )
    if text.isascii() and not holds_any(low, _ASCII_HINTS):
        return  # the code words in Latin letters all hold one of these
    for code in P.code_word.finditer(text):
        near = text[max(0, code.start() - _WINDOW) : code.end() + _WINDOW]
        if P.lock_word.search(near) is None:
            continue
        before = text[max(0, code.start() - 24) : code.start()].split()
        if before and before[-1].lower().rstrip("-") in _NOT_LOCK_CODES:
            continue
        end = min(len(text), code.end() + _WINDOW)
        stop = P.sentence_end.search(text, code.end(), end)
        digits = P.digits.search(text, code.end(), stop.start() if stop else end)
        if digits is None:
            continue
        between = text[code.end() : digits.start()]
        if len(between.split()) > _WORDS_BETWEEN:
            continue
        if P.year.fullmatch(digits.group(0)) and P.time_words.search(between):
            continue  # "the door code changed in 2023"
        if P.unit_after.match(text, digits.end()):
            continue  # "the PIN entry took 1500 ms": a measure
        yield digits.span()
