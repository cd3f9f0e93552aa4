"""Credentials in URLs and in `user:password@host`: the user part and the password are redacted,
the scheme and the host kept. Passwords may hold `@` (the last `@` before the host counts) and the
user may be empty (`redis://:password@host`). The shapes and words are data: rules/urls.toml."""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import looks_random

RULES = ruleset("urls")
P, W = RULES.patterns, RULES.words


def _placeholder(user: str, password: str) -> bool:
    """Both parts written as a template writes them (`USER:PASSWORD`, `<user>:<password>`): a user
    named "user" with the password "password" tells the format, "app:password" may be a real one."""
    if password.startswith("<") and password.endswith(">"):
        return True
    word = password.strip("{}[]").lower().replace("-", "").replace("_", "")
    return word in W.placeholder_passwords and user.lower().replace("_", "") in W.placeholder_users


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if "@" not in text:
        return
    if "://" in text:
        for match in P.scheme.finditer(text):
            span = _userinfo(text, match.end())
            if span is not None:
                yield span
    if ":" in text:
        for match in P.bare.finditer(text):
            if match.group("user").lower() not in W.not_users and not _placeholder(
                match.group("user"), match.group("password")
            ):
                yield match.start(), match.end("password")


def _userinfo(text: str, begin: int) -> tuple[int, int] | None:
    """The span of `user:password` (or of a token given as the user) after `scheme://`."""
    stop = P.authority_stop.search(text, begin, begin + 512)
    end = stop.start() if stop else min(len(text), begin + 512)
    at = text.rfind("@", begin, end)
    if at < 0:
        # an unencoded `/`, `?` or `#` in the password ends the authority early: look on to a space
        until = P.until_space.match(text, begin)
        far = until.end() if until else end
        at = text.rfind("@", begin, far)
        if at < 0 or not P.host.match(text, at + 1):
            return None
        user, colon, rest = text[begin:at].partition(":")
        if not colon or "/" in user or rest.split("/")[0].isdigit():
            return None  # host/path/@x or host:8080/path/@x: a path, not a password
    user, colon, password = text[begin:at].partition(":")
    if colon and password:
        return None if _placeholder(user, password) else (begin, at)
    if not colon and looks_random(user, 16):
        return begin, at
    return None
