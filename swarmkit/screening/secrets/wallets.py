"""Cryptocurrency private keys in Base58Check: WIF keys (`5…`, `K…`, `L…`, testnet `9…`, `c…`) and
BIP32 extended private keys (`xprv…`, `tprv…`, …). Their shapes are data: rules/wallets.toml.

The checksum (the first four bytes of a double SHA-256 of the payload) keeps ordinary base58-looking
runs out, as Luhn does for cards: a random string passes it one time in four billion.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset

B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_VALUE = {char: index for index, char in enumerate(B58)}
RULES = ruleset("wallets")
RULES.compute("base58", lambda rules: f"[{B58}]")
P = RULES.patterns
# WIF version bytes: 0x80 mainnet, 0xef testnet; 32 key bytes, then 0x01 for a compressed key.
_WIF_VERSIONS = (0x80, 0xEF)


def base58check_payload(text: str) -> bytes | None:
    """The payload of a Base58Check string whose checksum holds, else None."""
    number = 0
    for char in text:
        number = number * 58 + _B58_VALUE[char]
    zeros = len(text) - len(text.lstrip("1"))
    raw = b"\0" * zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")
    if len(raw) < 5:
        return None
    payload, checksum = raw[:-4], raw[-4:]
    if hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4] != checksum:
        return None
    return payload


def _is_wif(payload: bytes) -> bool:
    if not payload or payload[0] not in _WIF_VERSIONS:
        return False
    return len(payload) == 33 or (len(payload) == 34 and payload[-1] == 0x01)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the checksummed wallet private keys in the text."""
    for match in P.wif.finditer(text):
        payload = base58check_payload(match.group(0))
        if payload is not None and _is_wif(payload):
            yield match.span()
    if "prv" in low:
        for match in P.extended.finditer(text):
            payload = base58check_payload(match.group(0))
            if payload is not None and len(payload) == 78:
                yield match.span()
