"""BIP-39 recovery phrases: 12 to 24 words of the English wordlist in a row, whatever words
introduce them ("my seed phrase is …", "restore the wallet with: …", or nothing at all).

The wordlist (bip39_english.txt beside this file, 2048 words, a published fact) leaves out the words
prose cannot do without ("the", "a", "is", "of", "my", plurals and most verb forms), so ordinary
English rarely has twelve of its words in a row. A run of at least twelve is a phrase when its BIP-39
checksum holds (a random run passes one time in 16 to 256), when words about a wallet or a phrase are
near it, or when it is written as phrases are (words and single spaces, or numbered, or one a line).
A list of twelve comma-separated nouns with nothing about a wallet near it is left alone.

One pass over the words of the text: each word is looked up once, so the work is linear.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path

MIN_WORDS = 12
MAX_WORDS = 24
_WORD = re.compile(r"[A-Za-z]{3,8}")
# What may stand between two words of a phrase: spaces, commas, a line break, numbering ("1." "2)")
_GAP = re.compile(
    r"[ \t]{0,4}(?:\r?\n[ \t]{0,8}){0,2}(?:[0-9]{1,2}[.):]?[ \t]{0,3})?|[-_./|+]"
    # a separator with spaces around it (", ", "; ", " / ", " → ", " · "), numbering after it ("1:a, 2:b")
    # and quotes of a JSON array ('", "')
    r"|[\"']?[ \t]{0,3}[,;/|·→][ \t]{0,3}(?:\r?\n[ \t]{0,8})?[\"']?(?:[0-9]{1,2}[.):]?[ \t]{0,3})?"
)
# Words that join the two halves of a phrase told in two parts ("… crisp and then public …")
_HALVES = re.compile(r"(?i)[ \t,;]{1,3}(?:and[ \t]{1,3}then|and|then|plus|followed[ \t]by)[ \t,:]{1,3}")
_NUMBERED_GAP = re.compile(r"\s{0,8}[0-9]{1,2}[.):]\s{0,3}")
# How a phrase is copied out of a wallet or a script: joined by one character throughout
_JOINS = frozenset({" ", "\n", "\r\n", "\t", "-", "_", ",", ".", "/", "|", "+", "\n\n"})
# Words that say the list is one to learn or to play with, not a wallet's
_NOT_A_WALLET = re.compile(
    r"(?i)vocab|spelling|word[ -]?list|glossary|flash[ -]?cards?|lesson|words[ \t]to[ \t](?:learn|know|study)"
    r"|rhym|crossword|lyric|poem|shopping|grocer|ingredient|tags?\b|keywords|topics|categor|menu|new[ \t]words"
    r"|word[ \t]of[ \t]the[ \t]day|dictionar|synonym|anagram|scrabble|wordle|puzzle|quiz|translat|homework"
    r"|exercise|practi[cs]e|game|song|story|essay|names[ \t]for|list[ \t]of[ \t]words"
)
_WALLET_CONTEXT = re.compile(
    r"(?i)seed|mnemonic|recovery|recover|restore|wallet|bip[ -]?39|metamask|ledger|trezor|exodus|phantom"
    r"|coinbase|electrum|bitcoin|ethereum|crypto|private|passphrase"
)
_CONTEXT = re.compile(
    r"(?i)seed|phrase|mnemonic|recovery|recover|restore|wallet|backup|back[ -]up|bip[ -]?39|metamask|"
    r"ledger|trezor|exodus|phantom|coinbase|electrum|bitcoin|ethereum|crypto|secret|private|passphrase|"
    r"(?:12|twelve|24|twenty[ -]four|15|18|21)[ -]words?"
)
_DIGITS = re.compile(r"[0-9]{1,2}")
_CONTEXT_BEFORE = 160
_CONTEXT_AFTER = 80


@lru_cache(maxsize=1)
def wordlist() -> dict[str, int]:
    """The BIP-39 English wordlist: word -> its index (0..2047)."""
    words = (Path(__file__).with_name("bip39_english.txt")).read_text(encoding="utf-8").split()
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
    for match in _WORD.finditer(text):
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
    gap = _GAP.fullmatch(text, end, start)
    return gap is not None


def _written_as_a_phrase(text: str, run: list[re.Match]) -> bool:
    """Words and single spaces (or numbered, or one a line), as wallets show them and people copy
    them (in capitals too); a list of nouns in prose has commas."""
    gaps = {_DIGITS.sub("#", text[a.end() : b.start()]) for a, b in zip(run, run[1:], strict=False)}
    if len(gaps) == 1 and next(iter(gaps)).strip(" \t#.):") in ("", ",", ";", "/", "|", "·", '", "', "', '"):
        if next(iter(gaps)) not in (", ", ","):
            return True  # one separator throughout, or numbering: "1:crumble, 2:bus", "01 nerve 02 autumn"
    if len(gaps) == 1 and gaps <= _JOINS:
        return True  # one join throughout: "ocean-hidden-…", "ocean,hidden,…", one a line
    return all(gap in (" ", "\n") or _NUMBERED_GAP.fullmatch(gap) for gap in gaps)


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
        rest = run[1:] if run and run[0].group(0).lower() in ("then", "also") else run
        if out and len(out[-1]) >= 3 and len(rest) >= 3:
            joined = out[-1] + rest
            gap = text[out[-1][-1].end() : rest[0].start()]
            words = [m.group(0).lower() for m in joined]
            if len(joined) in (12, 15, 18, 21, 24) and _HALVES.fullmatch(gap) and checksum_valid(words):
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
    if sum(map(wordlist().__contains__, _WORD.findall(low))) < MIN_WORDS:
        return
    for run in _joined_halves(text, list(_runs(text))):
        if len(run) < MIN_WORDS:
            continue
        start, end = run[0].start(), run[-1].end()
        words = [m.group(0).lower() for m in run]
        near = low[max(0, start - _CONTEXT_BEFORE) : start] + " " + low[end : end + _CONTEXT_AFTER]
        intro = low[max(0, start - 60) : start]
        if _NOT_A_WALLET.search(intro) is not None and _WALLET_CONTEXT.search(near) is None:
            continue  # "Vocabulary list: ocean hidden …": words to learn, whatever their checksum
        if (
            _checksum_somewhere(words[: MAX_WORDS + 2])
            or _CONTEXT.search(near) is not None
            or _written_as_a_phrase(text, run)
        ):
            yield start, end
