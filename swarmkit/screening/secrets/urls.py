"""Credentials in URLs and in `user:password@host`: the user part and the password are redacted,
the scheme and the host kept. Passwords may hold `@` (the last `@` before the host counts) and the
user may be empty (`redis://:password@host`)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import looks_random

_SCHEME = re.compile(r"(?i)(?<![A-Za-z0-9+.:/-])[a-z][a-z0-9+.-]{0,31}://")
_AUTHORITY_STOP = re.compile(r"[\s/?#\"'<>\\]")
_UNTIL_SPACE = re.compile(r"[^\s\"'<>]{0,512}")
_HOST = re.compile(r"[A-Za-z0-9._~%-]{1,253}(?::[0-9]{1,5})?(?=[/?#\s\"'<>,;)\]]|$)")
# user:password@host.tld without a scheme (a proxy setting, an ssh-like address)
_BARE = re.compile(
    r"(?<![\w.+%:/@-])(?P<user>[\w.+%-]{1,64}):(?P<password>[^\s/'\"<>]{1,128})@"
    r"(?=(?:[A-Za-z0-9-]{1,63}\.){1,10}[A-Za-z]{2,63}\b|localhost\b|[0-9]{1,3}(?:\.[0-9]{1,3}){3}\b)"
)
_NOT_USERS = frozenset(
    {
        "mailto",
        "tel",
        "sip",
        "sips",
        "xmpp",
        "im",
        "news",
        "email",
        "mail",
        "e-mail",
        "contact",
        "from",
        "to",
        "cc",
        "bcc",
        "reply-to",
        "by",
        "author",
        "at",
        "git",
    }
)


# The words a template writes where a password goes (`postgres://USER:PASSWORD@HOST:PORT/DB`,
# `user:pass@host`, `<user>:<password>@…`): a connection string's format, not a credential
_PLACEHOLDER_PASSWORDS = frozenset(
    """password passwd pass pwd pw secret yourpassword mypassword dbpassword userpassword
    password_here passwordhere yourpass mypass changeme xxx xxxx xxxxxx ***""".split()
)


_PLACEHOLDER_USERS = frozenset(
    "user username usr name login yourname youruser dbuser <user> <username>".split()
)


def _placeholder(user: str, password: str) -> bool:
    """Both parts written as a template writes them (`USER:PASSWORD`, `<user>:<password>`): a user
    named "user" with the password "password" tells the format, "app:password" may be a real one."""
    if password.startswith("<") and password.endswith(">"):
        return True
    word = password.strip("{}[]").lower().replace("-", "").replace("_", "")
    return word in _PLACEHOLDER_PASSWORDS and user.lower().replace("_", "") in _PLACEHOLDER_USERS


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    if "@" not in text:
        return
    if "://" in text:
        for match in _SCHEME.finditer(text):
            span = _userinfo(text, match.end())
            if span is not None:
                yield span
    if ":" in text:
        for match in _BARE.finditer(text):
            if match.group("user").lower() not in _NOT_USERS and not _placeholder(
                match.group("user"), match.group("password")
            ):
                yield match.start(), match.end("password")


def _userinfo(text: str, begin: int) -> tuple[int, int] | None:
    """The span of `user:password` (or of a token given as the user) after `scheme://`."""
    stop = _AUTHORITY_STOP.search(text, begin, begin + 512)
    end = stop.start() if stop else min(len(text), begin + 512)
    at = text.rfind("@", begin, end)
    if at < 0:
        # an unencoded `/`, `?` or `#` in the password ends the authority early: look on to a space
        until = _UNTIL_SPACE.match(text, begin)
        far = until.end() if until else end
        at = text.rfind("@", begin, far)
        if at < 0 or not _HOST.match(text, at + 1):
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
