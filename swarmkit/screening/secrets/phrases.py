"""BIP-39 recovery phrases: 12 to 24 words of the English wordlist in a row, whatever words
introduce them ("my seed phrase is …", "restore the wallet with: …", or nothing at all).

The wordlist (rules/bip39_english.txt, 2048 words, a published fact) leaves out the words
prose cannot do without ("the", "a", "is", "of", "my", plurals and most verb forms), so ordinary
English rarely has twelve of its words in a row. A run of at least twelve is a phrase when its BIP-39
checksum holds (a random run passes one time in 16 to 256), when words about a wallet or a phrase are
near it, or when it is written as phrases are (words and single spaces, or numbered, or one a line).
A list of twelve comma-separated nouns with nothing about a wallet near it is left alone.

One pass over the words of the text: each word is looked up once, so the work is linear. The words
about wallets and word lists, and the gaps a phrase may have, are data: rules/phrases.toml.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from functools import lru_cache

from swarmkit.screening.ruleset import RULES_DIR, ruleset

RULES = ruleset("phrases")
P = RULES.patterns
MIN_WORDS = 12
MAX_WORDS = 24
# How a phrase is copied out of a wallet or a script: joined by one character throughout
_JOINS = frozenset({" ", "\n", "\r\n", "\t", "-", "_", ",", ".", "/", "|", "+", "\n\n"})
_CONTEXT_BEFORE = 160
_CONTEXT_AFTER = 80


@lru_cache(maxsize=1)
def wordlist() -> dict[str, int]:
    """The BIP-39 English wordlist: word -> its index (0..2047)."""
    words = (RULES_DIR / "bip39_english.txt").read_text(encoding="utf-8").split()
    return {word: index for index, word in enumerate(words)}


def checksum_valid(words: list[str]) -> bool:
    """BIP-39's check: the last ENT/32 bits of the words' 11-bit indexes are the first bits of
    SHA-256 of the other bits (the entropy)."""
    if len(words) not in (12, 15, 18, 21, 24):
        return False
    index = wordlist()
    bits = 0
    for word in words:
        bits = (bits << 11) | index[word]
    total = 11 * len(words)
    check_bits = total // 33
    entropy_bits = total - check_bits
    entropy = (bits >> check_bits).to_bytes(entropy_bits // 8, "big")
    expected = hashlib.sha256(entropy).digest()[0] >> (8 - check_bits)
    return (bits & ((1 << check_bits) - 1)) == expected


def _runs(text: str) -> Iterator[list[re.Match]]:
    """Each maximal run of wordlist words with only a phrase's separators between them."""
    index = wordlist()
    run: list[re.Match] = []
    for match in P.word.finditer(text):
        word = match.group(0).lower()
        start = match.start()
        whole = (start == 0 or not text[start - 1].isalpha()) and (
            match.end() == len(text) or not text[match.end()].isalpha()
        )
        joined = bool(run) and _gap_ok(text, run[-1].end(), start)
        if whole and word in index:
            if run and not joined:
                yield run
                run = []
            run.append(match)
            continue
        if run:
            yield run
            run = []
    if run:
        yield run


def _gap_ok(text: str, end: int, start: int) -> bool:
    if start - end > 16:
        return False
    gap = P.gap.fullmatch(text, end, start)
    return gap is not None


def _written_as_a_phrase(text: str, run: list[re.Match]) -> bool:
    """Words and single spaces (or numbered, or one a line), as wallets show them and people copy
    them (in capitals too); a list of nouns in prose has commas."""
    gaps = {P.digits.sub("#", text[a.end() : b.start()]) for a, b in zip(run, run[1:], strict=False)}
    if len(gaps) == 1 and next(iter(gaps)).strip(" \t#.):") in ("", ",", ";", "/", "|", "·", '", "', "', '"):
        if next(iter(gaps)) not in (", ", ","):
            return True  # one separator throughout, or numbering: "1:crumble, 2:bus", "01 nerve 02 autumn"
    if len(gaps) == 1 and gaps <= _JOINS:
        return True  # one join throughout: "ocean-hidden-…", "ocean,hidden,…", one a line
    return all(gap in (" ", "\n") or P.numbered_gap.fullmatch(gap) for gap in gaps)


def _checksum_somewhere(words: list[str]) -> bool:
    """A standard-length window of the run whose checksum holds (the run may have a word more
    on either side: "abandon" before a phrase, say)."""
    for length in (24, 21, 18, 15, 12):
        for start in range(0, min(len(words) - length, 2) + 1):
            if checksum_valid(words[start : start + length]):
                return True
    return False


def _joined_halves(text: str, runs: list[list[re.Match]]) -> list[list[re.Match]]:
    """Two runs told as halves of one phrase ("… crisp and then public …") are one run when the two
    together are a phrase's length and its checksum holds."""
    out: list[list[re.Match]] = []
    for run in runs:
        # "then" and "also" are words of the list too: "… and then public …" may start the second run
        rest = run[1:] if run and run[0].group(0).lower() in RULES.words.joining else run
        if out and len(out[-1]) >= 3 and len(rest) >= 3:
            joined = out[-1] + rest
            gap = text[out[-1][-1].end() : rest[0].start()]
            words = [m.group(0).lower() for m in joined]
            if len(joined) in (12, 15, 18, 21, 24) and P.halves.fullmatch(gap) and checksum_valid(words):
                out[-1] = joined
                continue
        out.append(run)
    return out


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the recovery phrases in the text."""
    if len(text) < MIN_WORDS * 4:
        return
    # A phrase, even told in halves, is at least MIN_WORDS words of the list: counted first in C
    # (a run's checks walk every word in Python, a third of an import's screening)
    if sum(map(wordlist().__contains__, P.word.findall(low))) < MIN_WORDS:
        return
    for run in _joined_halves(text, list(_runs(text))):
        if len(run) < MIN_WORDS:
            continue
        start, end = run[0].start(), run[-1].end()
        words = [m.group(0).lower() for m in run]
        near = low[max(0, start - _CONTEXT_BEFORE) : start] + " " + low[end : end + _CONTEXT_AFTER]
        intro = low[max(0, start - 60) : start]
        if P.not_a_wallet.search(intro) is not None and P.wallet_context.search(near) is None:
            continue  # "Vocabulary list: ocean hidden …": words to learn, whatever their checksum
        if (
            _checksum_somewhere(words[: MAX_WORDS + 2])
            or P.context.search(near) is not None
            or _written_as_a_phrase(text, run)
        ):
            yield start, end
