"""Wi-Fi joining strings: the `WIFI:T:WPA;S:HomeNet;P:…;;` text a Wi-Fi QR code holds (the ZXing
format phones read, fields in any order, `\\;` escaping a `;`). Its `P:` field is the network's
password; the network's name (`S:`) is kept.

Told in words, a network and its key: "Wi-Fi: network CasaNova5G, key tortilla-verde-88", "guest
wifi Fjord / pw mango-77", "wifi: HomeNet / sunflower22": the value after the key's word (key, pw, psk, clé, Schlüssel, …) within
a short window after a word for Wi-Fi is the secret (a digit or a symbol in it, or quoted); the
network's name is not (nearby.py leaves a name told as a network's alone). The words and shapes are
data: rules/wifi.toml."""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any, is_prose, is_reference

RULES = ruleset("wifi")
P = RULES.patterns
# asked of every text: bound once, as plain module constants
_KEY_HINTS = RULES.lists.hints
_WINDOW = 600


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the passwords of the Wi-Fi joining strings in the text, and of keys told with a network."""
    yield from _told(text, low)
    if "wifi:" not in low:
        return
    for match in P.joining_string.finditer(text):
        end = text.find(";;", match.end(), match.end() + _WINDOW)
        end = end + 1 if end >= 0 else min(len(text), match.end() + _WINDOW)
        for password in P.password_field.finditer(text, match.end() - 1, end):
            value = password.group("value").strip()
            if value and not is_reference(value):  # `P:…`, `P:<password>`: a placeholder
                yield password.span("value")


_KEY_WINDOW = 80


def _told(text: str, low: str) -> Iterator[tuple[int, int]]:
    if not holds_any(low, _KEY_HINTS):
        return
    for wifi in P.wifi_word.finditer(text):
        keys = list(P.key_word.finditer(text, wifi.end(), min(len(text), wifi.end() + _KEY_WINDOW)))
        slash = P.slash_key.match(text, wifi.end())  # "wifi: HomeNet / sunflower22"
        if slash is not None and P.band_or_standard.fullmatch(slash.group("value")) is None:
            keys.append(slash)  # "wifi: 2.4GHz / 5GHz", "wifi: WPA2 / WPA3" name no key
        for key in keys:
            value = key.group("value").rstrip(".:!?)")
            if _a_key(value, bool(key.group("open"))):
                yield key.start("value"), key.start("value") + len(value)


def _a_key(value: str, quoted: bool) -> bool:
    """A network's key told beside it: quoted, or six characters or more with a digit or a symbol."""
    marked = any(c.isdigit() for c in value) or any(not c.isalnum() and c not in "-'" for c in value)
    return (
        len(value) >= 4
        and (quoted or (len(value) >= 6 and marked))
        and not (is_reference(value) or is_prose(value))
    )
