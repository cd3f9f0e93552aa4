"""How screening reads a disguised text (swarmkit/screening/normalise.py), and the way back."""

from __future__ import annotations

from swarmkit.screening.normalise import normalised
from swarmkit.screening.screen import redact


def test_plain_text_is_read_as_written():
    assert normalised("my password is in the vault") is None
    assert normalised("Привет, это мой пароль") is None  # Cyrillic words are Russian, not a disguise
    assert normalised("café au lait") is None


def test_invisible_characters_fullwidth_and_look_alikes_are_read_plainly():
    cases = {
        "pass\u200bword": "password",
        "pass\u00adword": "password",
        "\uff50\uff41\uff53\uff53\uff57\uff4f\uff52\uff44\uff1a": "password:",
        "\u0440\u0430ssword": "password",
        "P\u0430ssw\u043erd": "Password",
    }
    for written, read in cases.items():
        result = normalised(written)
        assert result is not None and result.text == read, written


def test_a_span_maps_back_to_the_characters_as_written():
    text = "x pa\u200bss \uff41\uff42 y"
    read = normalised(text)
    assert read is not None and read.text == "x pass ab y"
    assert text[slice(*read.original(2, 6))] == "pa\u200bss"
    assert text[slice(*read.original(7, 9))] == "\uff41\uff42"


def test_a_secret_after_a_disguised_keyword_is_redacted_in_the_text_as_written():
    text = "the p\u0430ssword is \uff48\uff55\uff4e\uff54\uff45\uff52\uff12\uff12 for staging"
    assert redact(text) == ("the p\u0430ssword is [REDACTED_SECRET] for staging", 1)
