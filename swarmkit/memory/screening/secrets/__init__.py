"""Where the secrets are in a text: the spans to redact, found in time linear in the text.

Each detector looks at a bounded window from where it starts, and most start only where their
token begins (never again in the middle of the same run of characters), so no input makes a
pattern rescan the text; a keyword search resumes after each key it reads. The families and their
shapes are facts from the issuers and from published rule sets (gitleaks, detect-secrets); check
digits (Luhn for cards, ISO 7064 mod 97 for IBANs, Base58Check for wallet keys) keep ordinary numbers out.
"""

from __future__ import annotations

from swarmkit.memory.screening.secrets import (
    cards,
    commands,
    cookies,
    hashes,
    headers,
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
    query.find,
    cards.find,
    hashes.find,
    wifi.find,
    nearby.find,
    locks.find,
)


def find_spans(text: str) -> list[tuple[int, int]]:
    """Sorted, non-overlapping (start, end) spans of every secret in the text."""
    low = text.translate(_ASCII_LOWER)  # same length as the text, so positions carry over
    spans = sorted(span for detector in DETECTORS for span in detector(text, low) if span[1] > span[0])
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged
