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
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets.shape import is_prose, is_reference, looks_random

# Named in full (lowercase), and the endings a session cookie's name has in any framework.
NAMES = (
    r"connect\.sid|phpsessid|jsessionid|laravel_session|asp\.net_sessionid|\.aspxauth|\.aspnetcore\.session"
    r"|\.aspnetcore\.cookies|sessionid|session_id|session-id|_session_id|rack\.session|express:sess"
    r"|koa:sess|koa\.sess|cfid|cftoken|sid|ssid|sessid|session|sess"
    r"|(?:__secure-|__host-)?next-auth\.session-token|(?:__secure-)?authjs\.session-token"
    r"|wordpress_logged_in_[0-9a-f]{0,32}|wordpress_sec_[0-9a-f]{0,32}|_shopify_s|remember_token"
    r"|remember_user_token|remember_web_[0-9a-f]{0,64}|auth_token|authtoken|access_token|jwt|id_token"
    r"|refresh_token|sessiontoken|session_token|session-token|(?:session|auth|login|sid)[_-]?cookie"
    r"|cf_clearance|__cf_bm|_cfuvid|psid|sapisid|apisid|hsid|psidts|li_at|ds_user_id|xs|c_user"
)
# A name of letters, digits and `._:-`, ending in one of the names (`_myapp_session`, `myapp.sid`);
# where it starts, nothing of a name comes before it (so the search starts once per name).
_NAMED = re.compile(
    r"(?i)(?<![A-Za-z0-9_.:-])(?P<name>_{0,2}(?:[A-Za-z0-9]{1,40}[._:-]){0,3}[0-9]{0,2}(?:" + NAMES + r"))"
    r"(?![A-Za-z0-9_])"
)
_AFTER = re.compile(
    r"""(?ix)
    (?:\\?["'`]){0,2}\)?
    # "for the staging site", "on the bank's portal", "for my account": what the cookie is of
    (?:[ \t]{1,3}(?:for|on|of|at|from|in)(?:[ \t]{1,3}[^\s:=,;]{1,30}){1,4}?(?=[ \t]{0,3}(?::|=|is\b|was\b)))?
    (?:
        [ \t]{0,3}(?:=|:|=>)[ \t]{0,3}
      | (?:[ \t]{1,3}(?:cookie|cookie[ \t]value|value|token|id))?
        (?:[ \t]{1,3}(?:is|was|reads|lautet|ist|est|es|è|é|är|er|=|:)|[ \t]{1,3}(?:is[ \t]set[ \t]to|set[ \t]to))[ \t]{1,3}
      | (?:[ \t]{1,3}(?:cookie|value))?[ \t]{0,3}[:=][ \t]{0,3}
    )
    (?P<open>["'`“]?)"""
)
_VALUE = re.compile(r"[A-Za-z0-9%._~+/=:!*_-]{8,4096}")
_SIGNED = re.compile(r"(?i)s(?::|%3a)")
_WINDOWS_SID = re.compile(r"S-1-[0-9]{1,20}(?:-[0-9]{1,20}){0,15}")
_HEX = re.compile(r"[0-9a-fA-F]{16,}")
# The frameworks' own names, whose value may follow after a mere space ("JSESSIONID 4F1A…")
_FRAMEWORK = re.compile(
    r"connect\.sid|phpsessid|jsessionid|laravel_session|asp\.net_sessionid|\.aspxauth|rack\.session"
    r"|_[a-z0-9_]{1,40}_session|express:sess|(?:__secure-|__host-)?next-auth\.session-token"
)
_SPACE = re.compile(r"[ \t]{1,3}")
_CONNECTED = re.compile(
    r"(?i)(?:[ \t]{1,3}(?:cookie|value))?[ \t]{1,3}(?:to|as|with[ \t]{1,3}(?:the[ \t]{1,3})?value|value[ \t]{1,3}of"
    r"|auf|sur|en|a|op|na)[ \t]{1,3}[\"'`“]?"
)
# Cookie names that are not a login (and look like the names above)
_NOT_SESSIONS: frozenset[str] = frozenset()
# The word cookie, and the values told within a clause after it
_COOKIE_WORD = re.compile(r"(?i)(?<![A-Za-z])cookies?(?![A-Za-z])")
_COOKIE_VALUE = re.compile(r"(?<![A-Za-z0-9%._~+/=!*_-])[A-Za-z0-9%._~+/=!*_-]{12,4096}")
_COOKIE_WINDOW = 120
_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)|\n")


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the values of session cookies named in the text."""
    if "cookie" in low:
        yield from _told_cookies(text)
    if not any(
        word in low for word in ("sid", "sess", "auth", "token", "jwt", "remember", "cf", "wordpress")
    ):
        return
    if '"name"' in low and '"value"' in low:
        yield from _exported(text)

    at = 0
    while (match := _NAMED.search(text, at)) is not None:
        at = match.end()
        name = match.group("name").lower()
        if name in _NOT_SESSIONS:
            continue
        after = _AFTER.match(text, match.end())
        if after is None:
            # "set JSESSIONID to 57FE…", "PHPSESSID as …", "JSESSIONID 4F1A…": connecting words, or
            # a mere space; then only a value random enough
            after = _CONNECTED.match(text, match.end()) or _SPACE.match(text, match.end())
            if after is None:
                continue
            # "JSESSIONID 4F1A…", "Instagram sessionid 4253…%3AJXo…": only a value random enough
            space = True
        else:
            space = False
        value = _VALUE.match(text, after.end())
        if value is None:
            continue
        at = value.end()  # the value is read once: a name inside it starts no new search
        raw = value.group(0).rstrip(".,:;!?*")
        if text.startswith("(", value.start() + len(raw)) or is_reference(raw, name, code=True):
            continue  # session = Session.from_config(config): code
        minimum = 16 if _FRAMEWORK.fullmatch(name) else 24
        if _is_session_value(raw, name) and (not space or looks_random(raw, minimum) or _HEX.fullmatch(raw)):
            yield value.start(), value.start() + len(raw)


def _told_cookies(text: str) -> Iterator[tuple[int, int]]:
    """Values told after the word cookie, in the same clause, that read as session ids."""
    at = 0
    while (match := _COOKIE_WORD.search(text, at)) is not None:
        end = min(len(text), match.end() + _COOKIE_WINDOW)
        stop = _CLAUSE_END.search(text, match.end(), end)
        end = stop.start() if stop is not None else end
        for value in _COOKIE_VALUE.finditer(text, match.end(), end):
            raw = value.group(0).rstrip(".,:;!?*")
            if "=" in raw[:-2]:  # NAME=value: the value after the first `=`
                offset = raw.index("=") + 1
                raw, start = raw[offset:], value.start() + offset
            else:
                start = value.start()
            if "://" in raw or raw.lower().startswith(("http", "www.")):
                continue
            if _is_session_value(raw, "") and (_HEX.fullmatch(raw) or _changes(raw) >= 3):
                yield start, start + len(raw)
        at = max(end, match.end())


def _changes(value: str) -> int:
    """How often letters and digits alternate: a random id does often, `consent-2024-v3` does not."""
    return sum(
        1
        for a, b in zip(value, value[1:], strict=False)
        if a.isalnum() and b.isalnum() and a.isdigit() != b.isdigit()
    )


# A browser's cookie export (DevTools, extensions): {"name": "connect.sid", "value": "s%3A…", …}
_EXPORT_NAME = re.compile(r"(?i)\"name\"[ \t]{0,3}:[ \t]{0,3}\"(?P<name>[^\"\n]{1,80})\"")
_EXPORT_VALUE = re.compile(r"(?i)\"value\"[ \t]{0,3}:[ \t]{0,3}\"(?P<value>[^\"\n]{1,4096})\"")
_EXPORT_WINDOW = 400


def _exported(text: str) -> Iterator[tuple[int, int]]:
    """The value of each session cookie of an export, before or after its name in the object."""
    for match in _EXPORT_NAME.finditer(text):
        name = match.group("name").lower()
        if name in _NOT_SESSIONS or not _NAMED.fullmatch(name):
            continue
        start = text.rfind("{", max(0, match.start() - _EXPORT_WINDOW), match.start())
        end = text.find("}", match.end(), match.end() + _EXPORT_WINDOW)
        for value in _EXPORT_VALUE.finditer(
            text, start if start >= 0 else match.start(), end if end >= 0 else match.end() + _EXPORT_WINDOW
        ):
            if _is_session_value(value.group("value"), name):
                yield value.span("value")


def _is_session_value(value: str, name: str) -> bool:
    """A session id: signed (`s:` / `s%3A`, Express), hex (PHP, Java), or a random token; not prose,
    a reference or a duration."""
    if len(value) < 8 or is_reference(value) or is_prose(value):
        return False
    if _WINDOWS_SID.fullmatch(value):
        return False  # a Windows security identifier names an account, it signs nothing in
    if value.isdigit() and len(value) < 16:
        return False  # session=3600, a timeout
    if _SIGNED.match(value) and len(value) >= 12:
        return True
    if not any(c.isdigit() for c in value) and not (len(value) >= 24 and looks_random(value, 24)):
        return False  # `requests.Session`, `OIDC-compliant`: names and words, not an id
    if _HEX.fullmatch(value):
        return True
    lowercase_id = value.isalnum() and value.lower() == value and any(c.isdigit() for c in value)
    # PHP and Django ids are lowercase letters and digits (26 and 32 of them)
    if lowercase_id and len(value) >= 16:
        return True
    return looks_random(value, 12)
