"""Tokens that no name announces: "save this: gUHLBw3Tay7Z…", "the thing for the deploy is
Xk29fLq81ZpR…, keep it safe", a wallet key told with a name screening does not know, and the secret
part of a private feed's address (`/ical/private-EhDaWbuss6mS8…/basic.ics`).

A random token of an alphabet of 62 (or Base58) characters has capitals, small letters and digits
mixed all along it, and no run of small letters that could be a word; words, names in camelCase
(`Base64EncodedString`), versions, hex digests and UUIDs have not (hex has no capitals). Twenty
characters and more: that is about 119 bits, a key's length, and longer than any word or id people
write. The check reads each run of letters and digits once, so the work is linear. The shapes are
data: rules/bare.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import entropy
from swarmkit.screening.secrets.wallets import B58, base58check_payload

RULES = ruleset("bare")
P = RULES.patterns
MIN_LENGTH = 20
_B58 = frozenset(B58)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of unannounced random tokens and of the secret segments of private addresses."""
    if len(text) >= MIN_LENGTH:
        for run in P.run.finditer(text):
            value = run.group(0)
            if looks_generated(value) and not _public(text, run.start()) and not _address(value):
                yield run.span()
    if "://" in text:
        yield from _private_addresses(text)


def looks_generated(value: str) -> bool:
    """A token made by a machine: 20 characters and more of capitals, small letters and digits
    mixed at random (no run of six small letters, a change of kind at nearly every other character),
    not hex."""
    if len(value) < MIN_LENGTH or len(value) > 4096:
        return False
    upper = sum(c.isupper() for c in value)
    lower = sum(c.islower() for c in value)
    digits = len(value) - upper - lower
    if upper < 3 or lower < 3 or digits < 2 or P.lower_run.search(value) is not None:
        return False
    changes = sum(1 for a, b in zip(value, value[1:], strict=False) if _kind(a) != _kind(b))
    # a random token of 62 characters changes kind at 6 characters in 10; a product's name with its
    # size and colour ("GalaxyS24UltraBlack512GB") at fewer than 4
    return changes * 20 >= (len(value) - 1) * 9 and entropy(value[:256]) >= 3.9


def _public(text: str, start: int) -> bool:
    """Is the run at `start` part of a named digest or a public key?"""
    chunk = P.chunk_before.search(text, max(0, start - 200), start)
    begin = chunk.start() if chunk is not None else start
    if P.digest.search(text, begin, start + 1) is not None or text.startswith("AAAA", begin):
        return True
    return P.public_key.search(text, max(0, begin - 40), begin) is not None


def _address(value: str) -> bool:
    """A wallet's public address (Base58Check of a version byte and a 20-byte hash) or extended
    public key (`xpub…`): given to be paid, not a secret."""
    if not set(value) <= _B58:
        return False
    if value[1:4] == "pub" and len(value) in (111, 112):
        return True
    if not 25 <= len(value) <= 35:
        return False
    payload = base58check_payload(value)
    return payload is not None and len(payload) == 21


def _kind(char: str) -> int:
    return 0 if char.isdigit() else 1 if char.isupper() else 2


def _private_addresses(text: str) -> Iterator[tuple[int, int]]:
    for url in P.url.finditer(text):
        address = url.group(0)
        base = url.start()
        for segment in P.private_segment.finditer(address):
            value = segment.group("value")
            if sum(c.isdigit() for c in value) and sum(c.isalpha() for c in value):
                yield base + segment.start("value"), base + segment.end("value")
        if P.feed.search(address) is None:
            continue
        path = address.find("/", address.find("://") + 3)
        if path < 0:
            continue
        for segment in P.segment.finditer(address, path):
            named = P.named_segment.match(segment.group(0))
            start = segment.start() + (named.end() if named is not None else 0)
            value = address[start : segment.end()]
            digits = sum(c.isdigit() for c in value)
            letters = sum(c.isalpha() for c in value)
            if digits >= 2 and letters >= 2 and entropy(value) >= 3.3:
                yield base + start, base + segment.end()
