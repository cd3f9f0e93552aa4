"""Passwords given as instructions: "use Kx72mq!9 to log into the router", "try hunter22 to unlock
the laptop", "log in with admin / Perro#77", "sign in with Perro#77", "the login is Perro#77".

The value must read as a password (a digit or a symbol in it, two kinds of characters) and not as a
way of signing in: "use 1Password to sign in", "use SSO to log in", "use ssh-agent to connect",
"log in with Google" are left alone. Each pattern is anchored on its verb and bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.memory.screening.secrets.shape import is_prose, is_reference

_VALUE = r"(?P<open>[\"'`“‘]?)(?P<value>[^\s\"'`”’]{3,64})(?P=open)?[”’]?"
_GET_IN = (
    r"log[ \t-]?(?:in|on)(?:to)?|login|sign[ \t-]?(?:in|on)|unlock|get[ \t]in(?:to)?|authenticate|"
    r"connect|access|enter|open|decrypt|sudo|ssh"
)
# After "with": only the verbs of signing in ("open with bzip2", "connect with TLS" are not)
_SIGN_IN = r"log[ \t-]?(?:in|on)(?:to)?|login|sign[ \t-]?(?:in|on)|unlock|get[ \t]in(?:to)?|authenticate|sudo"
_USE = re.compile(
    rf"(?i)(?<![A-Za-z])(?:use|uses|used|using|try|tries|tried|type|typed|enter|entered|put[ \t]in)"
    rf"[ \t]{{1,3}}{_VALUE}[ \t]{{1,3}}(?:as[ \t]{{1,3}}(?:the[ \t]{{1,3}})?(?:password|passcode|pin|login)"
    rf"|(?:to|for|when|and)[ \t]{{1,3}}(?:{_GET_IN})"
    rf"|(?:at|in|into|on)[ \t]{{1,3}}the[ \t]{{1,3}}(?:login|log-in|password|sign-in|lock|unlock|sudo)"
    rf"[ \t]{{1,3}}(?:prompt|screen|field|box|page|dialog))(?![A-Za-z])"
)
_WITH = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_SIGN_IN})(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?[ \t]{{1,3}}(?:with|using)[ \t]{{1,3}}"
    rf"(?:[^\s/|]{{1,64}}[ \t]{{0,3}}[/|][ \t]{{0,3}})?{_VALUE}"
)
_IS = re.compile(
    rf"(?i)(?<![A-Za-z])(?:login|log-in|sign-in|unlock[ \t](?:code|pattern|pin)|passcode)"
    rf"(?:[ \t]{{1,3}}(?:for|to|of|on|at)(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{1,3}}?)?[ \t]{{1,3}}(?:is|was)[ \t]{{1,3}}"
    rf"(?:[^\s/|]{{1,64}}[ \t]{{0,3}}[/|][ \t]{{0,3}})?{_VALUE}"
)
# "To log into the router, use X": the purpose first, then what to use
_TO_USE = re.compile(
    rf"(?i)(?<![A-Za-z])(?:to|for|when[ \t]you)[ \t]{{1,3}}(?:{_SIGN_IN})(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?"
    rf"[ \t]{{0,3}}[,:;—-]?[ \t]{{1,3}}(?:just[ \t]{{1,3}})?(?:use|type|enter|try|it's|it[ \t]is)[ \t]{{1,3}}{_VALUE}"
)
# "when prompted, type X", "enter X when asked for the password"
_ASKED = (
    r"(?:when|if|once)[ \t]{1,3}(?:prompted|asked)(?:[ \t]{1,3}for[ \t]{1,3}(?:the[ \t]{1,3}|a[ \t]{1,3}|your[ \t]{1,3})?"
    r"(?:password|passcode|passphrase|pin|code|key))?"
)
_PROMPTED = re.compile(
    rf"(?i)(?<![A-Za-z]){_ASKED}[ \t]{{0,3}},?[ \t]{{1,3}}(?:just[ \t]{{1,3}})?(?:type|enter|use|give|say)[ \t]{{1,3}}{_VALUE}"
)
_WHEN_PROMPTED = re.compile(
    rf"(?i)(?<![A-Za-z])(?:type|enter|use|give|say)[ \t]{{1,3}}{_VALUE}[ \t]{{1,3}}{_ASKED}(?![A-Za-z])"
)
_SECRET_WORD = re.compile(r"(?i)password|passcode|passphrase|pin|code|key|unlock|log|sign")
# Ways to sign in that look like a value (a digit, a symbol) but are a product or a method
_METHODS = frozenset(
    """
1password 2fa mfa u2f fido2 webauthn oauth oauth2 saml saml2 sso totp otp yubikey yubikey5 ssh-agent
ssh-key ssh-keys gpg-agent face-id touch-id faceid touchid kerberos ldap ldaps sms e-mail email
google github gitlab okta auth0 azure-ad entra-id passkey passkeys x.509 x509 pkcs11 pkcs#11 pgp
""".split()
)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of passwords told as what to use to get in."""
    if not any(
        w in low
        for w in (
            "log",
            "sign",
            "unlock",
            "get in",
            "auth",
            "connect",
            "access",
            "enter",
            "open",
            "decrypt",
            "prompt",
            "asked",
            "sudo",
            "ssh",
            "pass",
            "pin",
        )
    ):
        return
    for pattern in (_USE, _WITH, _IS, _TO_USE, _PROMPTED, _WHEN_PROMPTED):
        for match in pattern.finditer(text):
            value = match.group("value").rstrip(".,;:!?)")
            quoted = bool(match.group("open"))
            said = text[match.start() : match.start("value")] + text[match.end("value") : match.end()]
            port = _PORT_WORDS.search(said) is not None
            if pattern in (_PROMPTED, _WHEN_PROMPTED) and not _SECRET_WORD.search(said):
                port = True  # "enter 2024 when asked": a number, unless a password was asked for
            if _is_password(value, quoted, port):
                yield match.start("value"), match.start("value") + len(value)


_KEY_VALUE = re.compile(r"[A-Za-z_-]{2,40}[=:]")
_VERSION = re.compile(r"v?[0-9]+(?:\.[0-9]+)+[a-z0-9.-]*")
_PORT_WORDS = re.compile(r"(?i)connect|access|open|ssh")


def _is_password(value: str, quoted: bool, port: bool = False) -> bool:
    low = value.lower()
    if len(value) < 3 or low in _METHODS or is_reference(value) or is_prose(value):
        return False
    if quoted:
        return len(value) >= 4 or any(c.isdigit() for c in value)
    if _KEY_VALUE.match(value):
        return False  # "login with password=…": the key rules read a key and its value
    if "://" in value or "@" in value or value.startswith("-"):
        return False  # a URL, an address, an option
    parts = re.split(r"[-_.+]", value)
    if all(part.isalpha() for part in parts if part):
        return False  # words: "ssh-agent", "single-sign-on", "Ctrl+Alt+Del"
    kinds = (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )
    if _VERSION.fullmatch(low):
        return False  # "use v2.3.1 to connect": a version
    if value.isdigit():
        return len(value) >= 4 and not port  # a PIN: "use 4821 to unlock the phone", not a port
    return kinds >= 2 and len(value) >= 4
