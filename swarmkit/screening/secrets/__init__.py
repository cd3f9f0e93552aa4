"""Where the secrets are in a text: the spans to redact, found in time linear in the text.

Each detector looks at a bounded window from where it starts, and most start only where their
token begins (never again in the middle of the same run of characters), so no input makes a
pattern rescan the text; a keyword search resumes after each key it reads. The families and their
shapes are facts from the issuers and from published rule sets (gitleaks, detect-secrets); check
digits (Luhn for cards, ISO 7064 mod 97 for IBANs, Base58Check for wallet keys) keep ordinary numbers out.
"""

from __future__ import annotations

import re

from swarmkit.screening.placeholder import REDACTED
from swarmkit.screening.secrets import (
    bare,
    cards,
    commands,
    cookies,
    hashes,
    headers,
    instructions,
    keys,
    languages,
    locks,
    logins,
    nearby,
    numbers,
    otp,
    phrases,
    query,
    tokens,
    urls,
    wallets,
    wifi,
)

_PLACEHOLDER = re.compile(re.escape(REDACTED))
_FILLER = re.compile(r"[\s.,;:!?\"'`()\[\]{}<>=&#/|*-]*")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
DETECTORS = (
    tokens.find,
    urls.find,
    headers.find,
    commands.find,
    keys.find,
    numbers.find,
    wallets.find,
    cookies.find,
    otp.find,
    phrases.find,
    languages.find,
    logins.find,
    instructions.find,
    query.find,
    cards.find,
    hashes.find,
    wifi.find,
    nearby.find,
    locks.find,
    bare.find,
)


def find_spans(text: str) -> list[tuple[int, int]]:
    """Sorted, non-overlapping (start, end) spans of every secret in the text. A placeholder
    already in the text is never part of a span (screening a screened text changes nothing: no
    `?secret=[REDACTED_SECRET]]`), and what a span held beside it is still taken."""
    low = text.translate(_ASCII_LOWER)  # same length as the text, so positions carry over
    spans = sorted(span for detector in DETECTORS for span in detector(text, low) if span[1] > span[0])
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
        out += [(a, b) for a, b in pieces if not _FILLER.fullmatch(text, a, b)]
    return sorted(out)
