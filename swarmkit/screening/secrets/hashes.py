"""Password hashes: an htpasswd or /etc/shadow line's hash (`$apr1$…`, `$2y$10$…`, `$6$…`, `$y$…`,
`$argon2id$…`), Django's `pbkdf2_sha256$…` and LDAP's `{SSHA}…`.

A password hash is the password to whoever runs a cracker on it (most people's passwords fall to a
dictionary in minutes), so it is redacted as the password is. The shapes are the published crypt(3)
formats (modular crypt format: `$id$[params$]salt$hash`), each with a salt and a hash part, so a
price in dollars or a shell variable (`$HOME`) is no hash. The hash is kept from its first `$`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_CRYPT = re.compile(
    r"(?<![A-Za-z0-9$])\$(?:1|2[abxy]?|5|6|7|y|gy|j9T|md5|sha1|apr1|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha(?:1|256|512))?"
    r"|bcrypt(?:-sha256)?|sm3|sha256|sha512)"
    r"\$[A-Za-z0-9./+=,-]{1,64}(?:\$[A-Za-z0-9./+=,-]{0,128}){1,4}(?![A-Za-z0-9./+=,$-])"
)
_DJANGO = re.compile(
    r"(?<![A-Za-z0-9_$])(?:pbkdf2_sha(?:1|256)|argon2|bcrypt_sha256|bcrypt|scrypt|sha1|md5)"
    r"\$[A-Za-z0-9$./+=,-]{16,300}(?![A-Za-z0-9./+=$-])"
)
_LDAP = re.compile(
    r"(?i)\{(?:ssha|sha|smd5|md5|crypt|ssha256|ssha512|sha256|sha512|pbkdf2(?:-sha(?:1|256|512))?|argon2)\}"
    r"[A-Za-z0-9+/=.$]{8,300}"
)


# A hash shown as what the format looks like ("bcrypt hashes look like $2b$12$…") is documentation
_EXAMPLE = re.compile(
    r"(?i)looks?[ \t]like|(?<![A-Za-z.@/])examples?(?![.A-Za-z])|e\.g\.|for[ \t]instance|such[ \t]as|format|sample|like[ \t]this|dummy|fake"
)
_EXAMPLE_BEFORE = 48


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the password hashes in the text."""
    spans: list[re.Match] = []
    if "$" in text:
        spans += [m for m in _CRYPT.finditer(text) if _has_hash_part(m.group(0))]
        if any(word in low for word in ("pbkdf2", "argon2", "bcrypt", "sha1$", "md5$", "scrypt")):
            spans += list(_DJANGO.finditer(text))
    if "}" in text:
        spans += list(_LDAP.finditer(text))
    for match in spans:
        if _EXAMPLE.search(text, max(0, match.start() - _EXAMPLE_BEFORE), match.start()) is None:
            yield match.span()


def _has_hash_part(value: str) -> bool:
    """The last `$` part is a salt or a hash of eight characters or more, not `$1$` alone."""
    last = value.rstrip("$").rsplit("$", 1)[-1]
    return len(last) >= 8
