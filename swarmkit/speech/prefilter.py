"""Which patterns a text could match, without compiling them: each pattern's necessary words.

Compiling a pattern of the speech data costs 0.5 to 3 ms of CPU, and a one-shot run reads a few
sentences against dozens of patterns that nearly never match (a request to forget, a correction). A
pattern's *necessary words* are strings one of which every match contains ("forget" or "stop" or
"don" or "do" … for the request to forget), read from the pattern's own parse, not written by hand:
a text that contains none of them cannot match, and the pattern is neither compiled nor run.

How a text is compared: lower-cased, after the four characters that re.IGNORECASE matches to an
ASCII letter and that lower() leaves elsewhere (İ ı ſ K) are mapped to that letter; only ASCII
letters and digits are taken into necessary words, so a match's characters always fold onto the
word's (tests/speech/test_prefilter.py checks the table against re over every code point).

The words of a pattern are found by parsing it (half the cost of compiling), so they are kept across
processes as speech/rules.py keeps its data files: in data/__pycache__ (marshal, keyed by a digest
of the pattern's text and flags, by this file's size and modification time, so that words found
another way are not read, and by the interpreter), the patterns used last kept; nothing is written
with PYTHONDONTWRITEBYTECODE.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from swarmkit.speech import cache_file

MOST_KEPT = (
    1000  # patterns remembered in the cache file, those used last (a changed data file leaves old ones)
)
_WORD = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
# The characters other than ASCII ones that re.IGNORECASE matches to an ASCII letter.
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})

_CACHE = Path(__file__).parent / "data" / "__pycache__" / f"prefilter.{sys.implementation.cache_tag}.marshal"
ENABLED = True  # False: every pattern is compiled and run (the tests compare both ways)
_known: dict[bytes, tuple[str, ...] | None] | None = None
_used: dict[tuple[str, int], tuple[str, ...] | None] = {}  # this process's patterns, by text
_added = False
_MISSING: Any = object()
# The texts read last, each with its folded form and the answers given for it (by a pattern's
# words): a reader that tries one pattern at many places of a text (`match(text, pos)` in a loop)
# would otherwise fold and search the whole text at each place, quadratic in its length
# (tests/reliability/test_linear_time.py). Several texts, for a reader that alternates between a
# sentence and its clauses; each entry holds its text, so that an id is never another's.
_RECENT_TEXTS = 8
_recent: dict[int, tuple[str, str, dict[tuple[str, ...], bool]]] = {}


def _reading(text: str) -> tuple[str, str, dict[tuple[str, ...], bool]]:
    held = _recent.pop(id(text), None)
    if held is not None and held[0] is text:
        _recent[id(text)] = held  # read last now: a long text asked about again and again stays
        return held
    found = text.lower() if text.isascii() else text.translate(_FOLD).lower()
    held = (text, found, {})
    if len(_recent) >= _RECENT_TEXTS:
        try:
            _recent.pop(next(iter(_recent)), None)  # the oldest
        except (RuntimeError, StopIteration):
            pass  # another thread changed it meanwhile: it is trimmed next time
    _recent[id(text)] = held
    return held


def folded(text: str) -> str:
    """A text as necessary words are compared with it."""
    return _reading(text)[1]


def could(source: str, flags: int, text: str) -> bool:
    """False only when the pattern cannot match any part of `text` (nothing compiled to tell)."""
    if not ENABLED:
        return True
    words = necessary(source, flags)
    if words is None:
        return True
    _, found, answers = _reading(text)
    answer = answers.get(words)
    if answer is None:
        answer = answers[words] = could_match(words, found)
    return answer


def necessary(source: str, flags: int = 0) -> tuple[str, ...] | None:
    """Strings one of which every match of the pattern contains (lower case), or None when the
    pattern needs none that can be told (it may match an empty string, or any letters)."""
    global _added
    try:
        return _used[source, flags]
    except KeyError:
        pass
    import hashlib

    known = _load()
    key = hashlib.blake2b(f"{int(flags)}\n{source}".encode("utf-8", "surrogatepass"), digest_size=16).digest()
    words = known.pop(key, _MISSING)  # put back last below: used now
    if words is _MISSING:
        words = _derive(source, flags)
        if not _added:
            import atexit

            atexit.register(_save)  # once, with every pattern this process read
        _added = True
    known[key] = _used[source, flags] = words
    return words


def could_match(words: tuple[str, ...] | None, text_folded: str) -> bool:
    return words is None or any(word in text_folded for word in words)


def _derive(source: str, flags: int) -> tuple[str, ...] | None:
    from re import _parser  # type: ignore[attr-defined]

    found = _sequence(_parser.parse(source, flags))
    if found is None:
        return None
    # a word that holds another of the set adds nothing: "learned" is found where "learn" is
    return tuple(sorted(w for w in found if not any(o != w and o in w for o in found)))


def _sequence(items: Iterable) -> frozenset[str] | None:
    """Of a sequence of items: the best of the sets its items need (runs of literal letters, and
    what a group, a choice or a repeat of at least once needs)."""
    from re import _constants as c  # type: ignore[attr-defined]

    options: list[frozenset[str]] = []
    run: list[str] = []

    def close() -> None:
        if run:
            options.append(frozenset(["".join(run)]))
            run.clear()

    for op, av in items:
        if op is c.LITERAL and chr(av).lower() in _WORD:
            run.append(chr(av).lower())
            continue
        close()
        need: frozenset[str] | None = None
        if op is c.SUBPATTERN:
            need = _sequence(av[3])
        elif op is c.ATOMIC_GROUP:
            need = _sequence(av)
        elif op is c.BRANCH:
            alternatives = [_sequence(alternative) for alternative in av[1]]
            if all(alternative is not None for alternative in alternatives):
                need = frozenset().union(*alternatives)  # type: ignore[arg-type]
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT) and av[0] >= 1:
            need = _sequence(av[2])
        if need:
            options.append(need)
    close()
    if not options:
        return None
    # the set whose shortest word is longest says most (a text holds "i" nearly always)
    return max(options, key=lambda words: (min(map(len, words)), -len(words)))


def _version() -> list[int]:
    stat = os.stat(__file__)
    return [stat.st_size, stat.st_mtime_ns]


def _load() -> dict[bytes, tuple[str, ...] | None]:
    global _known
    if _known is None:
        _known = {}
        held = cache_file.load(_CACHE, _version())  # none yet, or unreadable: found again as needed
        if isinstance(held, dict):
            _known = {key: words for key, words in held.items() if _words_shaped(words)}
    return _known


def _words_shaped(words: object) -> bool:
    """Whether a cached value is what _derive gives: None, or a tuple of one or more strings (a
    value of another shape is dropped and found again)."""
    return words is None or (
        isinstance(words, tuple) and bool(words) and all(isinstance(word, str) and word for word in words)
    )


def _save() -> None:
    if sys.dont_write_bytecode or not _added or _known is None:
        return
    kept = dict(list(_known.items())[-MOST_KEPT:])
    cache_file.keep(_CACHE, _version(), kept)
