"""Sentence ends in plain speech: not after "Dr.", "e.g." or an initial; and what reads as first person."""

from __future__ import annotations

import pytest

from swarmkit.speech import facts, sentences

# Where sentences end, and what reads as first person, are example files: tests/speech/examples/
# sentences/positive/split.toml and first_person/ (test_examples.py reads them).


@pytest.mark.parametrize(
    "text, fact",
    [
        ("My therapist is Dr. Weiss on Fridays", "Therapist is Dr. Weiss on Fridays"),
        ("My dentist is Dr. Okafor in Leeds", "Dentist is Dr. Okafor in Leeds"),
        ("My favourite author is J. R. R. Tolkien", "Favourite author is J. R. R. Tolkien"),
    ],
)
def test_a_fact_with_an_abbreviation_is_one_fact_about_the_user(text, fact):
    read = facts.read_own_words(text)
    assert read is not None and read.text == fact and read.subject.startswith("user.")


def test_a_wall_of_abbreviations_is_one_sentence():
    text = "Dr. " * 20000 + "Weiss. I live in Porto"
    assert sentences.split(text) == ["Dr. " * 20000 + "Weiss.", "I live in Porto"]
    assert sentences.split("J. " * 20000 + "Tolkien") == ["J. " * 20000 + "Tolkien"]
