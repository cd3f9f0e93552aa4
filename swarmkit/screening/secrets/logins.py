"""Passwords given as instructions: "use Kx72mq!9 to log into the router", "try hunter22 to unlock
the laptop", "log in with admin / Perro#77", "sign in with Perro#77", "the login is Perro#77".

The value must read as a password (a digit or a symbol in it, two kinds of characters) and not as a
way of signing in: "use 1Password to sign in", "use SSO to log in", "use ssh-agent to connect",
"log in with Google" are left alone. Each pattern is anchored on its verb and bounded. The patterns,
the words each needs and the ways of signing in are data: rules/logins.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets import shape
from swarmkit.screening.secrets.keys import NOT_CODE_PREFIXES
from swarmkit.screening.secrets.shape import is_prose, is_reference

RULES = ruleset("logins")
P, W = RULES.patterns, RULES.words
# Ways to sign in that look like a value (a digit, a symbol) but are a product or a method
METHODS = W.methods
# Each reader with the words it cannot match without (so most texts cost a few `in` tests)
_READERS = tuple((name, getattr(RULES.lists, f"{name}_triggers")) for name in RULES.lists.readers)


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of passwords told as what to use to get in."""
    named = P.as_password.search(text) is not None  # "using toor as my password"
    if P.may_hold_a_password.search(text) is None and not named:
        return  # every value taken has a digit or a symbol in it, is quoted, or is named a password
    for name, triggers in _READERS:
        if not shape.holds_any(low, triggers):
            continue
        for match in getattr(P, name).finditer(text):
            value = match.group("value").rstrip(".,;:!?)")
            quoted = bool(match.group("open"))
            said = text[match.start() : match.start("value")] + text[match.end("value") : match.end()]
            if named and P.as_password.search(said) is not None:
                if _named_a_password(value):
                    yield match.start("value"), match.start("value") + len(value)
                continue
            port = P.port_words.search(said) is not None
            if name in W.asked_readers and not P.secret_word.search(said):
                port = True  # "enter 2024 when asked": a number, unless a password was asked for
            if name == "clause":
                key = match.group("key").lower()
                if key in W.lock_keys and (
                    P.lock_words.search(match.group(0)) is None
                    or _word_before(text, match.start("key")) in NOT_CODE_PREFIXES
                ):
                    continue  # "the code I wrote for the parser", "the error code for the alarm"
                if not _is_clause_value(value, key, quoted):
                    continue
            elif name in W.strong_only and not (quoted or shape.looks_strong(value)):
                continue
            if _is_password(value, quoted, port):
                yield match.start("value"), match.start("value") + len(value)


def _is_clause_value(value: str, key: str, quoted: bool) -> bool:
    """The value a clause about a password ends with: a PIN's digits, or what reads as a password
    (not a year, a date, a version, a product's name)."""
    if quoted:
        return True
    if key in W.digit_keys:
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


def _named_a_password(value: str) -> bool:
    """A value said to be the password ("using toor as my password") is one, whatever its shape,
    unless it is a way of signing in or a reference ("using 1Password as my password manager" is
    not named a password: the pattern needs "password" last)."""
    return len(value) >= 3 and value.lower() not in METHODS and not is_reference(value)


def _is_password(value: str, quoted: bool, port: bool = False) -> bool:
    low = value.lower()
    if len(value) < 3 or low in METHODS or is_reference(value) or is_prose(value):
        return False
    if quoted:
        return len(value) >= 4 or any(c.isdigit() for c in value)
    if P.key_value.match(value):
        return False  # "login with password=…": the key rules read a key and its value
    if "://" in value or "@" in value or value.startswith("-"):
        return False  # a URL, an address, an option
    parts = P.word_separators.split(value)
    if all(part.isalpha() for part in parts if part):
        return False  # words: "ssh-agent", "single-sign-on", "Ctrl+Alt+Del"
    kinds = (
        any(c.islower() for c in value)
        + any(c.isupper() for c in value)
        + any(c.isdigit() for c in value)
        + any(not c.isalnum() for c in value)
    )
    if P.version.fullmatch(low):
        return False  # "use v2.3.1 to connect": a version
    if P.date.fullmatch(value):
        return False  # "the password expiry date: 2025-01-01", "reset time: 10am": a date, a time
    if shape.is_product(value) and (port or _named_like_a_product(value)):
        return False  # "use Node18 to access the build", "accepts WPA3 for the admin network": a product
    if shape.is_words_and_versions(value):
        return False  # "WPA2-Personal", "AES-256-GCM"
    if value.isdigit():
        return len(value) >= 4 and not port  # a PIN: "use 4821 to unlock the phone", not a port
    return kinds >= 2 and len(value) >= 4
