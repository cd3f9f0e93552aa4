"""Password hashes: an htpasswd or /etc/shadow line's hash (`$apr1$…`, `$2y$10$…`, `$6$…`, `$y$…`,
`$argon2id$…`), Django's `pbkdf2_sha256$…` and LDAP's `{SSHA}…`.

A password hash is the password to whoever runs a cracker on it (most people's passwords fall to a
dictionary in minutes), so it is redacted as the password is. The shapes are the published crypt(3)
formats (modular crypt format: `$id$[params$]salt$hash`), each with a salt and a hash part, so a
price in dollars or a shell variable (`$HOME`) is no hash. The hash is kept from its first `$`.
The formats are data: rules/hashes.toml.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any

RULES = ruleset("hashes")
P = RULES.patterns
_EXAMPLE_BEFORE = 48


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the password hashes in the text."""
    spans: list[re.Match] = []
    if "$" in text:
        spans += [m for m in P.crypt.finditer(text) if _has_hash_part(m.group(0))]
        if holds_any(low, RULES.lists.django_hints):
            spans += list(P.django.finditer(text))
    if "}" in text:
        spans += list(P.ldap.finditer(text))
    for match in spans:
        if P.example.search(text, max(0, match.start() - _EXAMPLE_BEFORE), match.start()) is None:
            yield match.span()


def _has_hash_part(value: str) -> bool:
    """The last `$` part is a salt or a hash of eight characters or more, not `$1$` alone."""
    last = value.rstrip("$").rsplit("$", 1)[-1]
    return len(last) >= 8
