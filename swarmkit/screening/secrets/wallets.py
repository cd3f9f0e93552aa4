"""Cryptocurrency private keys in Base58Check: WIF keys (`5…`, `K…`, `L…`, testnet `9…`, `c…`) and
BIP32 extended private keys (`xprv…`, `tprv…`, …).

The checksum (the first four bytes of a double SHA-256 of the payload) keeps ordinary base58-looking
runs out, as Luhn does for cards: a random string passes it one time in four billion.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_VALUE = {char: index for index, char in enumerate(_B58)}
_RUN = rf"[{_B58}]"
# Only where a run of letters and digits starts, and only the run's whole length: bounded work.
_WIF = re.compile(rf"(?<![A-Za-z0-9])[5KLc9]{_RUN}{{50,51}}(?![A-Za-z0-9])")
_EXTENDED = re.compile(rf"(?<![A-Za-z0-9])[xyztuvZYUV]prv{_RUN}{{100,108}}(?![A-Za-z0-9])")
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
    for match in _WIF.finditer(text):
        payload = base58check_payload(match.group(0))
        if payload is not None and _is_wif(payload):
            yield match.span()
    if "prv" in low:
        for match in _EXTENDED.finditer(text):
            payload = base58check_payload(match.group(0))
            if payload is not None and len(payload) == 78:
                yield match.span()
