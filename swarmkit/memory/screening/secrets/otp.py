"""Two-factor secrets: TOTP/HOTP seeds told bare ("my 2FA seed is JBSW Y3DP EHPK 3PXP") and every
code of a list of recovery or backup codes ("backup codes: 8472-1934, 2290-5531 and 7710-0042").

A seed is base32 (RFC 4648: A-Z and 2-7), 16 to 128 characters, often in groups of four, and is
taken only near a word that names it (2FA, TOTP, MFA, OTP, authenticator, two-factor, …). A list of
codes is read from where "recovery codes" (backup, scratch, emergency, one-time, 2FA codes, …) is
said, one code after another, for as long as what follows is a code; so the words after the list
are not part of it. Each keyword costs a bounded window, so the work is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.memory.screening.secrets.shape import entropy

_SEED_WORDS = re.compile(
    r"(?i)(?<![a-z])(?:2fa|two[ -]factor|2[ -]step|two[ -]step|totp|hotp|mfa|multi[ -]factor|otp|"
    r"authenticator|google[ -]auth|authy|one[ -]time[ -]password)(?![a-z])"
)
# base32, alone or in groups (of 4 most often) separated by single spaces or hyphens
_BASE32 = re.compile(
    r"(?<![A-Za-z0-9])(?:[A-Za-z2-7]{4,8}(?:[ -][A-Za-z2-7]{4,8}){2,15}|[A-Za-z2-7]{16,128})={0,6}"
    r"(?![A-Za-z0-9])"
)
_SEED_BEFORE = 40
_SEED_AFTER = 120

_CODE_LIST_WORDS = re.compile(
    r"(?i)(?<![a-z])(?:recovery|backup|back-up|scratch|emergency|one[ -]time|single[ -]use|2fa|mfa|"
    r"two[ -]factor|otp|verification|rescue|fallback)[ \t_-]{1,3}(?:login[ \t_-]{1,3})?codes(?![a-z])"
    r"(?:[\"'`]{0,2}(?=[ \t]{0,3}[:=]))?"  # a key in JSON or YAML: "recovery_codes": [...]
)
_LIST_INTRO = re.compile(
    r"(?i)(?:[ \t]{1,3}(?:for|of|on|from)[ \t]{1,3}[^\s:,.;]{1,30}(?:[ \t]{1,3}[^\s:,.;]{1,30}){0,2}?)?"
    r"(?:[ \t]{0,3}\([^()\n]{0,60}\))?"  # a remark: "(keep these safe)"
    r"(?:[ \t]{0,3}(?::|=|-|—)|[ \t]{1,3}(?:are|were|is|read|follow)[ \t]{0,3}:?|[ \t]{0,3}(?=\n))"
    r"[ \t]{0,3}(?:\n[ \t]{0,3}){0,2}(?:[-*•][ \t]{1,3}|[0-9]{1,2}[.)][ \t]{1,3})?"
)
_CODE = re.compile(r"[A-Za-z0-9]{4,12}(?:[- ][A-Za-z0-9]{3,12}){0,3}")
_LIST_GAP = re.compile(
    r"[ \t]{0,3}(?:[,;/|][ \t]{0,3}|\n[ \t]{0,3}(?:[-*•][ \t]{1,3}|[0-9]{1,2}[.)][ \t]{1,3})?|[ \t]{1,3}(?:and|&|then)[ \t]{1,3}"
    r"|[ \t]{1,3}(?:[0-9]{1,2}[.)][ \t]{1,3})?)"
)
_OPEN = re.compile(r"[\[(]?[ \t]{0,2}[\"'`]?")  # a code of a JSON or YAML list, quoted or not
_CLOSE = re.compile(r"[\"'`]?")
MAX_CODES = 32


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of 2FA seeds and of each recovery code."""
    if any(word in low for word in ("2fa", "factor", "step", "totp", "hotp", "mfa", "otp", "auth")):
        for match in _SEED_WORDS.finditer(text):
            start = max(0, match.start() - _SEED_BEFORE)
            for seed in _BASE32.finditer(text, start, match.end() + _SEED_AFTER):
                if _is_seed(seed.group(0)):
                    yield seed.span()
    if "codes" in low:
        for match in _CODE_LIST_WORDS.finditer(text):
            yield from _codes(text, match.end())


def _is_seed(value: str) -> bool:
    """Base32 of a random key: one case, at least 16 characters, letters and digits 2-7 mixed (or
    all capitals of high entropy: a seed may happen to have no digit)."""
    body = value.rstrip("=").replace(" ", "").replace("-", "")
    if len(body) < 16 or not (body.isupper() or body.islower() or body.isdigit()):
        if not (len(body) >= 16 and body.upper() == body):
            return False
    groups = re.split(r"[ -]", value.rstrip("="))
    if len(groups) > 1 and len({len(g) for g in groups[:-1]}) != 1:
        return False  # words of different lengths, not a seed shown in groups
    has_digit = any(c.isdigit() for c in body)
    if body.isalpha() and body.islower():
        return False  # lowercase words with no digit: prose ("authenticator application")
    if not has_digit and entropy(body) < 3.4:
        return False
    return entropy(body) >= 3.0


def _codes(text: str, at: int) -> Iterator[tuple[int, int]]:
    """Each code of the list that starts at `at` (after its introduction), until a word that is not
    a code."""
    intro = _LIST_INTRO.match(text, at)
    if intro is None:
        return
    at = intro.end()
    for _ in range(MAX_CODES):
        at = _OPEN.match(text, at).end()  # type: ignore[union-attr]  # a quote or a bracket, or nothing
        code = _CODE.match(text, at)
        if code is None:
            return
        value = code.group(0)
        # a code may be two groups split by a space ("8472 1934"): only when both groups hold digits
        if " " in value:
            parts = value.split(" ")
            if not all(_is_code(p, loose=True) for p in parts):
                value = parts[0]
        if not _is_code(value):
            return
        yield at, at + len(value)
        at += len(value)
        at = _CLOSE.match(text, at).end()  # type: ignore[union-attr]
        gap = _LIST_GAP.match(text, at)
        if gap is None or gap.end() == at:
            return
        at = gap.end()


def _is_code(value: str, loose: bool = False) -> bool:
    """A recovery code: digits, or letters and digits mixed (GitHub's `a1b2c-3d4e5`); not a word."""
    chars = value.replace("-", "")
    digits = sum(c.isdigit() for c in chars)
    if loose:
        return digits >= 2
    if len(chars) < 4:
        return False
    if digits == len(chars):
        return True
    letters = len(chars) - digits
    return digits >= 1 and letters >= 1 and len(chars) >= 6
