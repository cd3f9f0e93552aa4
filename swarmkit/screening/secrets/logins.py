"""Passwords given as instructions: "use Kx72mq!9 to log into the router", "try hunter22 to unlock
the laptop", "log in with admin / Perro#77", "sign in with Perro#77", "the login is Perro#77".

The value must read as a password (a digit or a symbol in it, two kinds of characters) and not as a
way of signing in: "use 1Password to sign in", "use SSO to log in", "use ssh-agent to connect",
"log in with Google" are left alone. Each pattern is anchored on its verb and bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.screening.secrets import shape
from swarmkit.screening.secrets.keys import NOT_CODE_PREFIXES
from swarmkit.screening.secrets.shape import is_prose, is_reference

_VALUE = r"(?P<open>[\"'`“‘]?)(?P<value>[^\s\"'`”’]{3,64})(?P=open)?[”’]?"
# The verbs of getting in, inflected ("the laptop unlocks with X", "logged on with X")
_SIGN_IN = (
    r"log(?:s|ged|ging)?[ \t-]?(?:in|on)(?:to)?|login|sign(?:s|ed|ing)?[ \t-]?(?:in|on)(?:to)?|unlock(?:s|ed|ing)?|"
    r"get(?:s|ting)?[ \t](?:in|into|on|onto|through|past)|got[ \t](?:in|into|on|onto|through|past)|"
    r"authenticat(?:e|es|ed|ing)|sudo"
)
_GET_IN = _SIGN_IN + r"|connect|access|enter|open|decrypt|ssh|join"
# What a password is for, named after "for": "the router accepts X for the admin account"
_FOR_A_LOGIN = (
    r"for[ \t]{1,3}(?:the[ \t]{1,3}|my[ \t]{1,3}|your[ \t]{1,3}|our[ \t]{1,3})?(?:[a-z-]{1,20}[ \t]{1,3})?"
    r"(?:admin|administrator|root|login|log-in|sign-in|vpn|wi-?fi|account|user|router|laptop|phone|kiosk)"
)
_USE = re.compile(
    rf"(?i)(?<![A-Za-z])(?:use|uses|used|using|try|tries|tried|type|typed|enter|entered|put|put[ \t]in|key[ \t]in|"
    rf"punch[ \t]in|input|paste|need|needs|needed|require|requires|accept|accepts|accepted|takes|expects|wants)"
    rf"[ \t]{{1,3}}{_VALUE}[ \t]{{1,3}}(?:as[ \t]{{1,3}}(?:the[ \t]{{1,3}}|my[ \t]{{1,3}}|your[ \t]{{1,3}})?(?:[a-z-]{{1,20}}[ \t]{{1,3}})?(?:password|passcode|pin|login)"
    rf"|(?:to|for|when|and)[ \t]{{1,3}}(?:{_GET_IN})|{_FOR_A_LOGIN}"
    rf"|(?:at|in|into|on)[ \t]{{1,3}}the[ \t]{{1,3}}(?:login|log-in|password|sign-in|lock|unlock|sudo)"
    rf"[ \t]{{1,3}}(?:prompt|screen|field|box|page|dialog))(?![A-Za-z])"
)
_WITH = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_SIGN_IN})(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?[ \t]{{1,3}}(?:with|using)[ \t]{{1,3}}"
    rf"(?:[^\s/|]{{1,64}}[ \t]{{0,3}}[/|][ \t]{{0,3}})?{_VALUE}"
)
# "sign in with bob@example.com and X", "log in as admin, X", "Sign into Netflix: ana@example.com / X"
_USER = r"[^\s/|,]{1,64}"
_WITH_USER = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_SIGN_IN})(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?[ \t]{{1,3}}(?:with|using|as)[ \t]{{1,3}}"
    rf"{_USER}[ \t]{{0,3}}(?:,|[ \t](?:and|&|plus|pw|pass|password))[ \t]{{1,3}}{_VALUE}"
)
_COLON_USER = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_SIGN_IN})(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?[ \t]{{0,3}}[:—–-][ \t]{{1,3}}"
    rf"{_USER}[ \t]{{0,3}}[/|,][ \t]{{0,3}}{_VALUE}"
)
# "open the vault with X", "the archive decrypts with X": only a value that reads as a password
_OPEN_WITH = re.compile(
    rf"(?i)(?<![A-Za-z])(?:open(?:s|ed)?|decrypt(?:s|ed)?|access(?:es|ed)?|enter(?:s|ed)?)"
    rf"(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?[ \t]{{1,3}}(?:with|using)[ \t]{{1,3}}{_VALUE}"
)
_IS = re.compile(
    rf"(?i)(?<![A-Za-z])(?:login|log-in|sign-in|unlock[ \t](?:code|pattern|pin)|passcode)"
    rf"(?:[ \t]{{1,3}}(?:for|to|of|on|at)(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{1,3}}?)?[ \t]{{1,3}}(?:is|was)[ \t]{{1,3}}"
    rf"(?:[^\s/|]{{1,64}}[ \t]{{0,3}}[/|][ \t]{{0,3}})?{_VALUE}"
)
# "To log into the router, use X": the purpose first, then what to use
_TO_USE = re.compile(
    rf"(?i)(?<![A-Za-z])(?:to|for|when[ \t]you)[ \t]{{1,3}}(?:{_SIGN_IN}|join|connect|access)(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,4}}?"
    rf"[ \t]{{0,3}}[,:;—-]?[ \t]{{1,3}}(?:just[ \t]{{1,3}})?(?:use|type|enter|try|it's|it[ \t]is)[ \t]{{1,3}}{_VALUE}"
)
# "when prompted, type X", "enter X when asked for the password", "try X if the VPN asks for a password"
_ASKED = (
    r"(?:when|if|once|whenever)[ \t]{1,3}(?:(?:prompted|asked)|(?:(?:the|it|my|your|they|you're|you[ \t]are)[ \t]{1,3})?"
    r"(?:[a-z-]{1,20}[ \t]{1,3})?(?:asks|prompts|wants|asked|prompted|requests|needs))"
    r"(?:[ \t]{1,3}(?:you[ \t]{1,3})?for[ \t]{1,3}(?:the[ \t]{1,3}|a[ \t]{1,3}|your[ \t]{1,3}|an[ \t]{1,3})?"
    r"(?:[a-z-]{1,20}[ \t]{1,3})?(?:password|passcode|passphrase|pin|code|key|login|credentials))?"
)
_PROMPTED = re.compile(
    rf"(?i)(?<![A-Za-z]){_ASKED}[ \t]{{0,3}},?[ \t]{{1,3}}(?:just[ \t]{{1,3}})?(?:type|enter|use|give|say|try|put[ \t]in)[ \t]{{1,3}}{_VALUE}"
)
_WHEN_PROMPTED = re.compile(
    rf"(?i)(?<![A-Za-z])(?:type|enter|use|give|say|try|put[ \t]in)[ \t]{{1,3}}{_VALUE}[ \t]{{1,3}}{_ASKED}(?![A-Za-z])"
)
# "the router accepts X", "the login for the wiki takes X": what a login accepts, when it reads as one
_ACCEPTS = re.compile(
    rf"(?i)(?<![A-Za-z])(?:login|log-in|sign-in|password|account|router|vpn|wi-?fi|admin|portal|console|kiosk)"
    rf"(?:[ \t]{{1,3}}[^\s,.;:]{{1,30}}){{0,5}}?[ \t]{{1,3}}(?:accepts|accepted|takes|wants|expects|needs|requires)"
    rf"[ \t]{{1,3}}{_VALUE}"
)
# "the password I picked was X", "the PIN we use is 4821", "the password ends with 99 — it is X"
_CLAUSE = re.compile(
    rf"(?i)(?<![A-Za-z])(?P<key>password|passcode|passphrase|pin|pwd|psk|code|combination|combo)(?![A-Za-z])"
    rf"(?:[ \t]{{1,3}}[^\s,.;:!?=]{{1,20}}){{1,6}}?[ \t]{{0,3}}"
    rf"(?:[—–:-][ \t]{{0,3}})?(?:(?:it|that|this)[ \t]{{1,3}})?(?:is|was|'s|’s|be|became|becomes|:)[ \t]{{1,3}}{_VALUE}"
)
_SECRET_WORD = re.compile(r"(?i)password|passcode|passphrase|pin|code|key|unlock|log|sign")
# Ways to sign in that look like a value (a digit, a symbol) but are a product or a method
METHODS = frozenset(
    """
1password 2fa mfa u2f fido2 webauthn oauth oauth2 saml saml2 sso totp otp yubikey yubikey5 ssh-agent
ssh-key ssh-keys gpg-agent face-id touch-id faceid touchid kerberos ldap ldaps sms e-mail email
google github gitlab okta auth0 azure-ad entra-id passkey passkeys x.509 x509 pkcs11 pkcs#11 pgp
""".split()
)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of passwords told as what to use to get in."""
    if _MAY_HOLD_A_PASSWORD.search(text) is None:
        return  # every value taken has a digit or a symbol in it, or is quoted
    for pattern, triggers in _PATTERNS:
        if not shape.holds_any(low, triggers):
            continue
        for match in pattern.finditer(text):
            value = match.group("value").rstrip(".,;:!?)")
            quoted = bool(match.group("open"))
            said = text[match.start() : match.start("value")] + text[match.end("value") : match.end()]
            port = _PORT_WORDS.search(said) is not None
            if pattern in (_PROMPTED, _WHEN_PROMPTED) and not _SECRET_WORD.search(said):
                port = True  # "enter 2024 when asked": a number, unless a password was asked for
            if pattern is _CLAUSE:
                key = match.group("key").lower()
                if key in ("code", "combination", "combo") and (
                    _LOCK_WORDS.search(match.group(0)) is None
                    or _word_before(text, match.start("key")) in NOT_CODE_PREFIXES
                ):
                    continue  # "the code I wrote for the parser", "the error code for the alarm"
                if not _is_clause_value(value, key, quoted):
                    continue
            elif pattern in _STRONG_ONLY and not (quoted or shape.looks_strong(value)):
                continue
            if _is_password(value, quoted, port):
                yield match.start("value"), match.start("value") + len(value)


_MAY_HOLD_A_PASSWORD = re.compile(r"[0-9!#$%^&*=~|\\@<>{}\[\]]|(?<![A-Za-z])[\"'`“‘][^\s]")
# Each pattern with the words it cannot match without (so most texts cost a few `in` tests)
_SIGN_IN_WORDS = ("log", "sign", "unlock", "get", "got", "authenticat", "sudo")
_PATTERNS = (
    (
        _USE,
        ("use", "try", "tri", "typ", "enter", "put", "key in", "punch", "input", "paste", "need", "requir")
        + ("accept", "take", "expect", "want"),
    ),
    (_WITH, _SIGN_IN_WORDS),
    (_WITH_USER, _SIGN_IN_WORDS),
    (_COLON_USER, _SIGN_IN_WORDS),
    (_OPEN_WITH, ("open", "decrypt", "access", "enter")),
    (_ACCEPTS, ("accept", "take", "want", "expect", "need", "requir")),
    (_IS, ("login", "log-in", "sign-in", "unlock", "passcode")),
    (_TO_USE, _SIGN_IN_WORDS + ("join", "connect", "access")),
    (_PROMPTED, ("prompt", "ask", "want", "request", "need")),
    (_WHEN_PROMPTED, ("prompt", "ask", "want", "request", "need")),
    (_CLAUSE, ("pass", "pin", "pwd", "psk", "code", "combin", "combo")),
)
_STRONG_ONLY = (_OPEN_WITH, _ACCEPTS)
_LOCK_WORDS = re.compile(
    r"(?i)door|gate|garage|alarm|safe|lock|keypad|locker|vault|entry|building|padlock|bike"
)


def _is_clause_value(value: str, key: str, quoted: bool) -> bool:
    """The value a clause about a password ends with: a PIN's digits, or what reads as a password
    (not a year, a date, a version, a product's name)."""
    if quoted:
        return True
    if key in ("pin", "code", "combination", "combo"):
        return value.isdigit() and 4 <= len(value) <= 8 and not shape.is_year(value)
    if shape.is_words_and_versions(value):
        return False  # "PSK mode is WPA2-Personal"
    return (
        shape.looks_like_password(value)
        and not shape.is_product(value)
        and not shape.is_year(value)
        and (not value.isdigit())
    )


def _word_before(text: str, at: int) -> str:
    words = text[max(0, at - 24) : at].split()
    return words[-1].lower() if words else ""


def _named_like_a_product(value: str) -> bool:
    """`WPA3`, `Qt6`, `Java17` are names (capitals, or a capital and a short word); `Sunflower7`
    and `hunter22` may be passwords."""
    letters = [c for c in value if c.isalpha()]
    if all(c.isupper() for c in letters):
        return True
    return letters[0].isupper() and len(letters) < 6


_KEY_VALUE = re.compile(r"[A-Za-z_-]{2,40}[=:]")
_VERSION = re.compile(r"v?[0-9]+(?:\.[0-9]+)+[a-z0-9.-]*")
_PORT_WORDS = re.compile(r"(?i)connect|access|open|ssh")


def _is_password(value: str, quoted: bool, port: bool = False) -> bool:
    low = value.lower()
    if len(value) < 3 or low in METHODS or is_reference(value) or is_prose(value):
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
    if shape.is_product(value) and (port or _named_like_a_product(value)):
        return False  # "use Node18 to access the build", "accepts WPA3 for the admin network": a product
    if shape.is_words_and_versions(value):
        return False  # "WPA2-Personal", "AES-256-GCM"
    if value.isdigit():
        return len(value) >= 4 and not port  # a PIN: "use 4821 to unlock the phone", not a port
    return kinds >= 2 and len(value) >= 4
