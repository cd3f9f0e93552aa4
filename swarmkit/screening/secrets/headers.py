"""Credentials in HTTP headers, wherever they are written down: `Authorization: Basic …` (and any
other scheme), `Bearer …`, `Basic …` that decodes to `user:password`, and session cookies."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import is_prose, is_reference, looks_random

_AUTHORIZATION = re.compile(
    r"(?i)\b(?:proxy-)?authori[sz]ation\\?[\"']?[ \t]{0,3}[:=][ \t]{0,3}(?:[fFbBrR]?\\?[\"'`][ \t]{0,3})?"
    r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9-]{1,20})[ \t]{1,3})?(?P<value>[^\s\"'`,;]{6,4096})"
)
_SCHEMES = frozenset(
    {
        "basic",
        "bearer",
        "token",
        "digest",
        "apikey",
        "api-key",
        "key",
        "ssws",
        "otp",
        "hmac",
        "negotiate",
        "ntlm",
        "aws4-hmac-sha256",
        "sso-key",
        "jwt",
        "oauth",
        "splunk",
    }
)
_BEARER = re.compile(r"(?i)\bbearer[ \t]{1,5}(?P<value>[A-Za-z0-9._~+/-]{10,4096}=*)")
_BASIC = re.compile(r"(?i)\bbasic[ \t]{1,3}(?P<value>[A-Za-z0-9+/]{8,1000}={0,2})(?![A-Za-z0-9+/=])")
_COOKIE = re.compile(r"(?i)\b(?:set-)?cookie[ \t]{0,3}:[ \t]{0,3}(?P<pairs>[^\n]{1,2048})")
_COOKIE_PAIR = re.compile(r"[^=;,\s]{1,128}=(?P<value>[^;,\s]{1,1024})")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if "authori" in low:
        for match in _AUTHORIZATION.finditer(text):
            value, scheme = match.group("value"), (match.group("scheme") or "").lower()
            if scheme and scheme not in _SCHEMES:
                continue  # "Authorization: see the header below"
            if value.lower() in _SCHEMES or is_reference(value) or is_prose(value):
                continue
            yield match.span("value")
    if "bearer" in low:
        for match in _BEARER.finditer(text):
            if looks_random(match.group("value"), 10) or "." in match.group("value"):
                yield match.span("value")
    if "basic" in low:
        for match in _BASIC.finditer(text):
            if _is_user_password(match.group("value")):
                yield match.span("value")
    if "cookie" in low:
        for match in _COOKIE.finditer(text):
            for pair in _COOKIE_PAIR.finditer(match.group("pairs")):
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
