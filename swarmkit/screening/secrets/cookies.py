"""Session cookies told by name: `connect.sid=s%3A…`, `PHPSESSID: 9f…`, "my JSESSIONID cookie is …".

A session cookie is the login itself: whoever holds its value is signed in. The names are the ones
web frameworks give them (Express, PHP, Java servlets, Laravel, ASP.NET, Django, Rails, Rack, Flask,
Next-Auth, WordPress, Shopify, ...), and any name ending in `session`, `sess`, `sid` or
`session_id`/`session-token`. The value after the name (`=`, `:`, or "… cookie is", "… was") must read
as a session id (long enough, and random, or hex, or a signed `s:`/`s%3A` value), so "the sessionid
cookie is HttpOnly" is left alone.

Any other cookie told with its value ("the XSRF-TOKEN cookie is …", "the cookie named remember_me,
value …", "cookie CAKEPHP=…"): the value is redacted when it reads as a random id, whatever the name
(an anti-forgery token is no login alone, but it is a secret of the same session).

The names and what may come between a name and its value are data: rules/cookies.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any, is_prose, is_reference, looks_random

RULES = ruleset("cookies")
P = RULES.patterns
# asked of every text: bound once, as plain module constants
_HINTS = RULES.lists.hints
_COOKIE_WINDOW = 120


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the values of session cookies named in the text."""
    if "cookie" in low:
        yield from _told_cookies(text)
    if not holds_any(low, _HINTS):
        return
    if '"name"' in low and '"value"' in low:
        yield from _exported(text)

    at = 0
    while (match := P.named.search(text, at)) is not None:
        at = match.end()
        name = match.group("name").lower()
        if name in RULES.words.not_sessions:
            continue
        after = P.after.match(text, match.end())
        if after is None:
            # "set JSESSIONID to 57FE…", "PHPSESSID as …", "JSESSIONID 4F1A…": connecting words, or
            # a mere space; then only a value random enough
            after = P.connected.match(text, match.end()) or P.space.match(text, match.end())
            if after is None:
                continue
            # "JSESSIONID 4F1A…", "Instagram sessionid 4253…%3AJXo…": only a value random enough
            space = True
        else:
            space = False
        value = P.value.match(text, after.end())
        if value is None:
            continue
        at = value.end()  # the value is read once: a name inside it starts no new search
        raw = value.group(0).rstrip(".,:;!?*")
        if text.startswith("(", value.start() + len(raw)) or is_reference(raw, name, code=True):
            continue  # session = Session.from_config(config): code
        minimum = 16 if P.framework.fullmatch(name) else 24
        if _is_session_value(raw, name) and (not space or looks_random(raw, minimum) or P.hex.fullmatch(raw)):
            yield value.start(), value.start() + len(raw)


def _told_cookies(text: str) -> Iterator[tuple[int, int]]:
    """Values told after the word cookie, in the same clause, that read as session ids."""
    at = 0
    while (match := P.cookie_word.search(text, at)) is not None:
        end = min(len(text), match.end() + _COOKIE_WINDOW)
        stop = P.clause_end.search(text, match.end(), end)
        end = stop.start() if stop is not None else end
        for value in P.cookie_value.finditer(text, match.end(), end):
            raw = value.group(0).rstrip(".,:;!?*")
            if "=" in raw[:-2]:  # NAME=value: the value after the first `=`
                offset = raw.index("=") + 1
                raw, start = raw[offset:], value.start() + offset
            else:
                start = value.start()
            if "://" in raw or raw.lower().startswith(RULES.lists.web_address_starts):
                continue
            if _is_session_value(raw, "") and (P.hex.fullmatch(raw) or _changes(raw) >= 3):
                yield start, start + len(raw)
        at = max(end, match.end())


def _changes(value: str) -> int:
    """How often letters and digits alternate: a random id does often, `consent-2024-v3` does not."""
    return sum(
        1
        for a, b in zip(value, value[1:], strict=False)
        if a.isalnum() and b.isalnum() and a.isdigit() != b.isdigit()
    )


_EXPORT_WINDOW = 400


def _exported(text: str) -> Iterator[tuple[int, int]]:
    """The value of each session cookie of an export, before or after its name in the object."""
    for match in P.export_name.finditer(text):
        name = match.group("name").lower()
        if name in RULES.words.not_sessions or not P.named.fullmatch(name):
            continue
        start = text.rfind("{", max(0, match.start() - _EXPORT_WINDOW), match.start())
        end = text.find("}", match.end(), match.end() + _EXPORT_WINDOW)
        for value in P.export_value.finditer(
            text, start if start >= 0 else match.start(), end if end >= 0 else match.end() + _EXPORT_WINDOW
        ):
            if _is_session_value(value.group("value"), name):
                yield value.span("value")


def _is_session_value(value: str, name: str) -> bool:
    """A session id: signed (`s:` / `s%3A`, Express), hex (PHP, Java), or a random token; not prose,
    a reference or a duration."""
    if len(value) < 8 or is_reference(value) or is_prose(value):
        return False
    if P.windows_sid.fullmatch(value):
        return False  # a Windows security identifier names an account, it signs nothing in
    if value.isdigit() and len(value) < 16:
        return False  # session=3600, a timeout
    if P.signed.match(value) and len(value) >= 12:
        return True
    if not any(c.isdigit() for c in value) and not (len(value) >= 24 and looks_random(value, 24)):
        return False  # `requests.Session`, `OIDC-compliant`: names and words, not an id
    if P.hex.fullmatch(value):
        return True
    lowercase_id = value.isalnum() and value.lower() == value and any(c.isdigit() for c in value)
    # PHP and Django ids are lowercase letters and digits (26 and 32 of them)
    if lowercase_id and len(value) >= 16:
        return True
    return looks_random(value, 12)
