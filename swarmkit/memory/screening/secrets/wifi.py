"""Wi-Fi joining strings: the `WIFI:T:WPA;S:HomeNet;P:…;;` text a Wi-Fi QR code holds (the ZXing
format phones read, fields in any order, `\\;` escaping a `;`). Its `P:` field is the network's
password; the network's name (`S:`) is kept."""

from __future__ import annotations

import re
from collections.abc import Iterator

from swarmkit.memory.screening.secrets.shape import is_reference

_WIFI = re.compile(r"(?i)(?<![A-Za-z0-9])WIFI:")
_PASSWORD = re.compile(r"(?i)(?<=[:;])P:(?P<value>(?:\\.|[^;\\\n]){1,256})")
_WINDOW = 600


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of the passwords of the Wi-Fi joining strings in the text."""
    if "wifi:" not in low:
        return
    for match in _WIFI.finditer(text):
        end = text.find(";;", match.end(), match.end() + _WINDOW)
        end = end + 1 if end >= 0 else min(len(text), match.end() + _WINDOW)
        for password in _PASSWORD.finditer(text, match.end() - 1, end):
            value = password.group("value").strip()
            if value and not is_reference(value):  # `P:…`, `P:<password>`: a placeholder
                yield password.span("value")
