"""A fact taken out of a longer text (speech/within.py): whole sentences and statements only, never a
sentence that names the same things in another shape."""

from __future__ import annotations

import pytest

from swarmkit.speech.within import without


def drives_the_skoda(fact: str) -> bool:
    return fact.lower().rstrip(".") == "drives a red skoda octavia"


@pytest.mark.parametrize(
    "text, left",
    [
        ("My wife is called Priya. I drive a red Skoda Octavia.", "My wife is called Priya."),
        ("I drive a red Skoda Octavia. My wife is called Priya.", "My wife is called Priya."),
        ("Lives in Lisbon. Drives a red Skoda Octavia. Wife is Priya.", "Lives in Lisbon. Wife is Priya."),
        # ";" ends a statement; what starts the text now gets its capital
        ("Lives in Lisbon; drives a red Skoda Octavia", "Lives in Lisbon"),
        ("Drives a red Skoda Octavia; lives in Lisbon.", "Lives in Lisbon."),
        ("My wife is called Priya; I drive a red Skoda Octavia.", "My wife is called Priya."),
        # statements joined by "and" or ",": the text's end mark stays, an unsaid "I" is put back
        ("I live in Lisbon and I drive a red Skoda Octavia.", "I live in Lisbon."),
        ("I live in Lisbon and drive a red Skoda Octavia.", "I live in Lisbon."),
        ("I drive a red Skoda Octavia and live in Lisbon.", "I live in Lisbon."),
        ("I drive a red Skoda Octavia and started at Acme.", "I started at Acme."),
        (
            "I live in Lisbon, I drive a red Skoda Octavia and I work at Acme.",
            "I live in Lisbon, I work at Acme.",
        ),
        # facts as kept, in the third person, joined by "and", "," or "but": each part reads as a fact
        ("Lives in Lisbon and drives a red Skoda Octavia", "Lives in Lisbon"),
        ("Lives in Lisbon, drives a red Skoda Octavia", "Lives in Lisbon"),
        ("Is vegan and drives a red Skoda Octavia.", "Is vegan."),
        ("Lives in Lisbon but drives a red Skoda Octavia", "Lives in Lisbon"),
        ("Drives a red Skoda Octavia and lives in Lisbon", "Lives in Lisbon"),
        # a fact kept in the third person keeps its voice: no "I" is put back before a verb a
        # first-person join would take ("and started at …")
        ("Drives a red Skoda Octavia and started at Acme", "Started at Acme"),
        ("Drives a red Skoda Octavia and joined Globex in 2020.", "Joined Globex in 2020."),
        ("Lives in Lisbon, works at Acme and drives a red Skoda Octavia.", "Lives in Lisbon, works at Acme."),
        (
            "Drives a red Skoda Octavia, works at Acme and lives in Lisbon",
            "Works at Acme and lives in Lisbon",
        ),
        # the whole text states it: nothing is left
        ("I drive a red Skoda Octavia.", ""),
        ("Drives a red Skoda Octavia", ""),
    ],
)
def test_the_sentence_or_statement_that_states_the_fact_is_taken_out(text, left):
    assert without(text, drives_the_skoda) == left


@pytest.mark.parametrize(
    "text",
    [
        "Sold my red Skoda Octavia last year.",
        "Wants to drive a Skoda someday.",
        "No longer drives a red Skoda Octavia.",
        "I don't drive a red Skoda Octavia.",
        "I drive a red Skoda Octavia to work.",
        "Dr. Smith said I drive a red Skoda Octavia.",
        "Do I drive a red Skoda Octavia?",
        "My wife is called Priya.",
        # a third-person join is parted only where both parts read as facts, and the fact's own part
        # is only ever the fact, in its shape
        "Sold the red Skoda Octavia and bought a bike",
        "Wants to drive a red Skoda Octavia and live in Porto",
        "No longer drives a red Skoda Octavia and lives in Lisbon",
        "Lives in Lisbon and no longer drives a red Skoda Octavia",
        "Lives in Lisbon and drives a red Skoda Octavia to work",
        "",
    ],
)
def test_a_sentence_in_another_shape_is_never_read_as_the_fact(text):
    assert without(text, drives_the_skoda) is None
