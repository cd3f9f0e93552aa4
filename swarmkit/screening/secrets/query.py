"""Secrets in a URL's query string: `?api_key=…`, `&appid=…`, `&client_secret=…`, `&sig=…`,
`X-Amz-Signature=…`, and a value under any other name that reads as a random token.

By name: the parameters that carry a credential in the APIs people paste (API keys, app ids that
are keys, OAuth secrets and codes, signatures of signed URLs, session ids, passwords). By shape, for
any other name: a value of 20 characters or more that mixes letters and digits as a token does, not
a UUID, a hash named as one (`commit=`, `sha=`), a date or a number. One pass over the `?`/`&`
parameters, each bounded. The names are data: rules/query.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import entropy, looks_random

RULES = ruleset("query")
P, W = RULES.patterns, RULES.words


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the secret values of URL query parameters."""
    if "=" not in text or ("?" not in text and "&" not in text):
        return
    for match in P.param.finditer(text):
        name = match.group("name").lower().replace("-", "").replace("_", "").replace(".", "")
        value = match.group("value").rstrip(".,:!?")
        if _secret(name, value):
            yield match.start("value"), match.start("value") + len(value)


def _secret(name: str, value: str) -> bool:
    if not value or P.placeholder.match(value) or name in W.not_secrets:
        return False
    if name in W.secret_names or name.endswith(RULES.lists.secret_endings):
        if name in W.short_names:
            return len(value) >= 4 and any(c.isdigit() for c in value)
        if name in W.loose_names:
            return len(value) >= 8 and (looks_random(value, 8) or value.isalnum() and len(value) >= 16)
        return len(value) >= 6 and not value.isalpha() or len(value) >= 16
    # any other name: only a value that reads as a token
    if len(value) < 20 or P.uuid.fullmatch(value) or value.isdigit():
        return False
    return looks_random(value, 20) and entropy(value[:256]) >= 3.5 and _mixed(value)


def _mixed(value: str) -> bool:
    """Letters and digits alternate several times, as in a token (not `release-2026-11-30`)."""
    changes = sum(
        1
        for a, b in zip(value, value[1:], strict=False)
        if a.isdigit() != b.isdigit() and a.isalnum() and b.isalnum()
    )
    return changes >= 4 or (
        any(c.isupper() for c in value) and any(c.islower() for c in value) and changes >= 2
    )
