"""Where the secrets are in a text: the spans to redact, found in time linear in the text.

Each detector looks at a bounded window from where it starts, and most start only where their
token begins (never again in the middle of the same run of characters), so no input makes a
pattern rescan the text; a keyword search resumes after each key it reads. The families and their
shapes are facts from the issuers and from published rule sets (gitleaks, detect-secrets); check
digits (Luhn for cards, ISO 7064 mod 97 for IBANs, Base58Check for wallet keys) keep ordinary numbers out.

The detectors are listed in rules/secrets.toml; each reads its own rule file (swarmkit/screening/
ruleset.py says how), and what needs code (check digits, the wordlist, reading a list of codes or a
sentence's grammar) is in its module here.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterator
from functools import lru_cache

from swarmkit.screening.normalise import normalised
from swarmkit.screening.placeholder import REDACTED
from swarmkit.screening.ruleset import ruleset

RULES = ruleset("secrets")
_PLACEHOLDER = re.compile(re.escape(REDACTED))
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
Detector = Callable[[str, str], Iterator[tuple[int, int]]]
# Each detector's find, in the order rules/secrets.toml lists them
DETECTORS: tuple[Detector, ...] = tuple(
    importlib.import_module(f"{__name__}.{name}").find for name in RULES.lists.detectors
)


def find_spans(text: str) -> list[tuple[int, int]]:
    """Sorted, non-overlapping (start, end) spans of every secret in the text. A placeholder
    already in the text is never part of a span (screening a screened text changes nothing: no
    `?secret=[REDACTED_SECRET]]`), and what a span held beside it is still taken."""
    if len(text) > _REMEMBERED_LENGTH:
        return _find_spans(text)
    return list(_remembered_spans(text))


# One text is screened many times on its way through a command: a run's input is in its record's
# input, its prompts and its steps, and a write screens what the record screened. The spans depend
# on the text alone, so a text screened once in this process is not scanned again.
_REMEMBERED_LENGTH = 1 << 16  # characters (64 Mi characters kept at most); longer ones are scanned each time


@lru_cache(maxsize=1024)
def _remembered_spans(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(_find_spans(text))


def forget_screened() -> None:
    """Empty what this process remembers of texts it screened (a benchmark measures a first read)."""
    from swarmkit.screening.secrets import nearby

    _remembered_spans.cache_clear()
    nearby.forget_screened()


def _find_spans(text: str) -> list[tuple[int, int]]:
    spans = _detected(text)
    # a keyword disguised (an invisible character, fullwidth letters, a Cyrillic look-alike) is read
    # in the normalised text too, and what is found there is mapped back to the text as written
    read = normalised(text)
    if read is not None:
        spans += [read.original(start, end) for start, end in _detected(read.text)]
    spans.sort()
    if REDACTED in text:
        spans = _outside_placeholders(text, spans)
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _detected(text: str) -> list[tuple[int, int]]:
    low = text.translate(_ASCII_LOWER)  # same length as the text, so positions carry over
    return [span for detector in DETECTORS for span in detector(text, low) if span[1] > span[0]]


def _outside_placeholders(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans with every placeholder cut out of them; a piece left with nothing but punctuation
    (the `]` a value read up to) is dropped. Spans come sorted by start, so the placeholders a span
    may cross are found from a pointer that only moves on: linear in spans and placeholders."""
    holes = [match.span() for match in _PLACEHOLDER.finditer(text)]
    out: list[tuple[int, int]] = []
    first = 0
    for start, end in spans:
        while first < len(holes) and holes[first][1] <= start:
            first += 1
        at, pieces = start, []
        index = first
        while index < len(holes) and holes[index][0] < end:
            hole_start, hole_end = holes[index]
            if hole_start > at:
                pieces.append((at, hole_start))
            at = max(at, hole_end)
            index += 1
        if at < end:
            pieces.append((at, end))
        out += [(a, b) for a, b in pieces if not RULES.patterns.filler.fullmatch(text, a, b)]
    return sorted(out)
