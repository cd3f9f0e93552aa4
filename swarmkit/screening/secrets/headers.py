"""Credentials in HTTP headers, wherever they are written down: `Authorization: Basic …` (and any
other scheme), `Bearer …`, `Basic …` that decodes to `user:password`, and session cookies. The
shapes and the schemes are data: rules/headers.toml."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import is_prose, is_reference, looks_random

RULES = ruleset("headers")
P = RULES.patterns
_SCHEMES = RULES.words.schemes


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if "authori" in low:
        for match in P.authorization.finditer(text):
            value, scheme = match.group("value"), (match.group("scheme") or "").lower()
            if scheme and scheme not in _SCHEMES:
                continue  # "Authorization: see the header below"
            if value.lower() in _SCHEMES or is_reference(value) or is_prose(value):
                continue
            yield match.span("value")
    if "bearer" in low:
        for match in P.bearer.finditer(text):
            if looks_random(match.group("value"), 10) or "." in match.group("value"):
                yield match.span("value")
    if "basic" in low:
        for match in P.basic.finditer(text):
            if _is_user_password(match.group("value")):
                yield match.span("value")
    if "cookie" in low:
        for match in P.cookie.finditer(text):
            for pair in P.cookie_pair.finditer(match.group("pairs")):
                if looks_random(pair.group("value"), 16):
                    offset = match.start("pairs")
                    yield offset + pair.start("value"), offset + pair.end("value")


def _is_user_password(value: str) -> bool:
    """`dXNlcjpwYXNz` is base64 of `user:pass`: that is a password, even without `Authorization:`."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    return ":" in decoded and decoded.isprintable() and not decoded.startswith(":")
