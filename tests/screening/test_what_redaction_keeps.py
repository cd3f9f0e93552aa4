"""What a redaction keeps around a secret (a Wi-Fi network's name, a list's separators, a private
feed's host), and screening a text twice: a screened text, or one that already holds the
placeholder, changes nothing and switches no rule off. Which secrets each family takes:
test_examples.py.
"""

from __future__ import annotations

import pytest

from swarmkit.screening.screen import REDACTED, redact, screen
from swarmkit.screening.secrets.bare import looks_generated


def test_a_wifi_line_keeps_its_network_and_loses_its_key():
    assert screen("Wi-Fi at the cabin: network Birchwood_Guest, key pine-cone-2231").text == (
        f"Wi-Fi at the cabin: network Birchwood_Guest, key {REDACTED}"
    )


def test_every_code_of_a_headed_list_goes_whatever_its_alphabet():
    assert screen("Proton recovery codes: mbtqzkrw; hxvnpclf; dgjsrwty; kqzmwvbt").text == (
        f"Proton recovery codes: {REDACTED}; {REDACTED}; {REDACTED}; {REDACTED}"
    )
    assert screen("backup codes: tiger-lamp, river-coat and stone-milk").text == (
        f"backup codes: {REDACTED}, {REDACTED} and {REDACTED}"
    )


def test_a_private_feed_keeps_its_host_and_loses_its_token():
    assert screen("my feed https://cal.example.org/ical/private-Rk8mZ2qW7tY4nB9vX3cL/basic.ics").text == (
        f"my feed https://cal.example.org/ical/private-{REDACTED}/basic.ics"
    )


@pytest.mark.parametrize(
    "text",
    [
        "feed https://cal.example.org/a.ics?secret=Pq7wZr2Kx9Lm",
        "the link is https://x.example/share?token=Zt8qW2mK4vR7 (keep it)",
        "password=Teal#Otter-58",
        "Proton recovery codes: mbtqzkrw hxvnpclf dgjsrwty",
    ],
)
def test_screening_a_screened_text_changes_nothing(text):
    once = redact(text)[0]
    assert REDACTED in once
    assert redact(once) == (once, 0)
    assert not once.endswith(f"{REDACTED}]") and f"{REDACTED}]]" not in once


def test_a_placeholder_already_there_switches_no_rule_off():
    token = "Wq8ZrT3vLp6NxY2bKc9JmF4dHs7G"
    for text in (f"{REDACTED} {token}", f"{REDACTED}{token}", f"old: {REDACTED}, new: {token}"):
        found: list[str] = []
        out, count = redact(text, found)
        assert token not in out and count == 1 and found == [token], out


def test_generated_tokens_are_told_from_names_and_digests():
    assert looks_generated("Wq8ZrT3vLp6NxY2bKc9JmF4dHs7G")
    for value in ("GalaxyS24UltraBlack512GB", "Base64EncodedString2024x", "0a1b2c3d4e5f60718293a4b5c6d7e8f9"):
        assert not looks_generated(value), value
    assert redact("SHA256:nQ3kV8bX2mT7wR4yL9pC6zF1hJ5dS0aGqWeRtYuIoP8") == (
        "SHA256:nQ3kV8bX2mT7wR4yL9pC6zF1hJ5dS0aGqWeRtYuIoP8",
        0,
    )
