"""Passwords and codes given as instructions, in the languages of most speakers: "utilisez X pour
vous connecter", "benutze X zum Anmelden", "usa X para iniciar sesión", "enter 7319 on the keypad to
open the garage", "try <two words> to sign in", "X を使ってログイン", "用X登录".

logins.py reads the English shapes whose grammar it knows; people also give a password as an order
in their own language, with words between it and what it opens. What they share: a verb of using,
trying or typing, the value right after it (or, in languages that put the verb last, right before
it), and within the same sentence a word about getting in (log in, unlock, connect, a password) or,
for a code of digits, about a lock (a keypad, a door, a garage). The value must read as a password:
a digit or a symbol in it, not a product with its version, a method of signing in ("use SSO", "use
1Password"), a URL, an address or a path. Each verb costs a bounded window, so the work is linear.

The verbs, the words about getting in and about locks, in each language, are data:
rules/instructions.toml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.ruleset import Ruleset, ruleset
from swarmkit.screening.secrets import shape
from swarmkit.screening.secrets.logins import METHODS

RULES = ruleset("instructions")
P = RULES.patterns


def _word_verbs(rules: Ruleset) -> str:
    """The verbs written before the value as one alternation, longest first (`_` as a space)."""
    verbs = sorted(rules.lists.verbs, key=len, reverse=True)
    return "|".join(re.escape(verb).replace("_", r"[ \t]") for verb in verbs)


RULES.compute("word_verbs", _word_verbs)
# The first word of each verb: a text none of whose words is one is not read further (a set lookup
# per word costs less than the verbs' pattern tried at every character)
_VERB_FIRST_WORDS = frozenset(verb.split("_")[0] for verb in RULES.lists.verbs)
_WINDOW = 72
_STRIP_RIGHT = ".,;:?)]}>'\"`”’»"


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the passwords and codes given as what to use, try or type to get in."""
    if P.hints.search(text) is None:
        return  # every value taken has a digit or a symbol in it
    ascii_only = text.isascii()
    words = low.split() if ascii_only else text.lower().split()  # `low` folds ASCII letters only
    if not _VERB_FIRST_WORDS.isdisjoint(words) or (not ascii_only and P.touching.search(text)):
        for match in P.verb_first.finditer(text):
            yield from _instructed(text, match, verb_first=True)
    if not ascii_only:
        for verb in P.verb_last.finditer(text):
            at = verb.start()
            before = P.value_before.search(text, max(0, at - 65), at)
            if before is not None:
                yield from _instructed(text, before, verb_first=False)


def _instructed(text: str, match: re.Match, verb_first: bool) -> Iterator[tuple[int, int]]:
    start = match.start("value")
    value = _trimmed(match.group("value"))
    spans = [(start, start + len(value))]
    second = match.group("second") if verb_first else None
    if second is not None and not _readable(value):
        # "try purplemonkey dishwasher7 to sign in": a password of two words, told before the purpose
        rest = _trimmed(second)
        after = text[match.end("second") :].split(None, 1)
        # the purpose after the two words ("… to sign in"), or before the verb at the sentence's end
        # ("To sign in, try <word> <word7>.")
        purpose_after = bool(after) and after[0].lower() in RULES.words.connectors
        purpose_before = (not after or P.sentence_end.match(text, match.end("second") - 1) is not None) and (
            P.purpose.search(_sentence(text, match.start(), match.start())) is not None
        )
        if (
            value.isalpha()
            and value.islower()
            and len(value) >= 4
            and not shape.is_prose(value)
            and _readable(rest)
            and (purpose_after or purpose_before)
        ):
            spans = [(start, match.start("second") + len(rest))]
            value = rest
        else:
            return
    if not _readable(value):
        return
    begin, end = spans[0]
    window = _sentence(text, begin, end)
    if value.isdigit():
        if 4 <= len(value) <= 10 and P.lock.search(window) is not None:
            yield begin, end
        return
    logging_in = P.purpose.search(window) is not None
    if not logging_in and P.access.search(window) is None:
        return
    bare = value.rstrip("!")
    if shape.is_product(value) and (_named_like_a_product(bare) or not logging_in):
        return  # "use Node18 to log in", "use Python3 to connect": a product
    yield begin, end


def _trimmed(value: str) -> str:
    while value and value[-1] in _STRIP_RIGHT:
        value = value[:-1]
    return value


def _sentence(text: str, begin: int, end: int) -> str:
    """The words around a value within its sentence: what it is for."""
    left = text[max(0, begin - _WINDOW) : begin]
    cut = list(P.sentence_end.finditer(left))
    if cut:
        left = left[cut[-1].end() :]
    right = text[end : end + _WINDOW]
    stop = P.sentence_end.search(right)
    return left + " " + (right[: stop.start()] if stop else right)


def _readable(value: str) -> bool:
    """A value that reads as a password or a PIN (a digit or a symbol in it), not a name."""
    bare = value.rstrip("!")
    low = bare.lower()
    if len(bare) < 4 or len(value) > 64 or low in METHODS:
        return False
    if (
        shape.is_reference(value)
        or shape.is_prose(bare)
        or "://" in value
        or value.startswith(("-", "/", "~", "."))
    ):
        return False
    if "@" in value and P.email.search(value):
        return False  # an address
    if value.isdigit():
        return not shape.is_year(value)
    if (
        P.version.fullmatch(low)
        or P.date_time.fullmatch(value)
        or P.ipv4.fullmatch(value)
        or shape.is_words_and_versions(bare)
    ):
        return False
    parts = [part for part in P.word_separators.split(bare) if part]
    if all(part.isalpha() for part in parts):
        return False  # words: "ssh-agent", "Ctrl+Alt+Del", "Bonjour!"
    has_letter = any(c.isalpha() for c in value)
    has_mark = any(c.isdigit() for c in value) or any(not c.isalnum() for c in value)
    return has_letter and has_mark


def _named_like_a_product(value: str) -> bool:
    """`WPA3`, `Qt6`, `Windows11`, `Node18`: capitals, or a capital and a short word; `Sunflower7`
    and `hunter22` may be passwords."""
    letters = [c for c in value if c.isalpha()]
    if not letters or all(c.isupper() for c in letters):
        return True
    return letters[0].isupper() and len(letters) < 6
