"""Screening against its example files (tests/screening/examples/): every secret example redacted
exactly as marked, where it is written, told inside a longer message and after a placeholder
already there, and found by its own family's detector; every benign example left as it is."""

from __future__ import annotations

import importlib

import pytest

from swarmkit.screening.normalise import normalised
from swarmkit.screening.screen import REDACTED, redact, screen, screen_entry
from tests.screening.example_files import FOLDER, PLACEHOLDER, REFUSED, Example, benign_texts, examples

SECRETS = examples("secrets")
BENIGN = examples("benign")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def test_the_example_files_are_read_whole():
    assert PLACEHOLDER == REDACTED
    assert len(SECRETS) >= 500 and len(BENIGN) >= 500
    assert len({e.text for e in SECRETS}) == len(SECRETS), "an example is in the files twice"
    assert len(set(benign_texts())) == len(BENIGN), "a benign example is in the files twice"
    assert any("\n" in e.text for e in SECRETS) and any("\\" in e.text for e in SECRETS)
    families = {path.name.split(".")[0] for path in FOLDER.glob("*.txt")}
    assert {e.family for e in SECRETS} | {e.family for e in BENIGN} == families


@pytest.mark.parametrize("example", SECRETS, ids=lambda e: e.where)
def test_each_secret_is_redacted_exactly_as_marked(example: Example):
    assert redact(example.text) == (example.expected, len(example.secrets))
    screened = screen(example.text)
    if example.refused:
        assert (screened.refused, screened.text) == (REFUSED, ""), example.where
    else:
        assert screened.ok and screened.text == example.expected, (screened.refused, screened.text)
    assert sorted(screened.found) == sorted(example.secrets)


@pytest.mark.parametrize("example", SECRETS, ids=lambda e: e.where)
def test_each_secret_is_redacted_wherever_it_is_told(example: Example):
    for told in (
        screen_entry(f"Note from Monday. {example.text}. Ask Ana before changing it.").text,
        screen(f"{REDACTED} was the old one. {example.text}").text,
        screen(f"{example.text}. Then the team moved on").text,
        screen(f"Noted on Monday: {example.text}.\nAsk Ana first").text,
    ):
        kept = [secret for secret in example.secrets if secret in told]
        assert not kept, told


@pytest.mark.parametrize("example", SECRETS, ids=lambda e: e.where)
def test_each_secret_is_found_by_its_familys_detector(example: Example):
    """A family's file holds what its detector finds: the detector alone finds a marked secret."""
    detector = importlib.import_module(f"swarmkit.screening.secrets.{example.family}")
    text = example.text
    found = [text[a:b] for a, b in detector.find(text, text.translate(_ASCII_LOWER))]
    # a disguised keyword (an invisible character, a look-alike letter) is found in the text as
    # screening reads it, and mapped back to the text as written
    read = normalised(text)
    if read is not None:
        found += [
            text[slice(*read.original(a, b))]
            for a, b in detector.find(read.text, read.text.translate(_ASCII_LOWER))
        ]
    assert any(piece in secret or secret in piece for piece in found for secret in example.secrets), found


@pytest.mark.parametrize("example", BENIGN, ids=lambda e: e.where)
def test_each_benign_example_is_left_as_it_is(example: Example):
    screened = screen(example.text)
    assert screened.ok and screened.text == example.text, screened.refused or screened.text
    assert redact(example.text) == (example.text, 0)
