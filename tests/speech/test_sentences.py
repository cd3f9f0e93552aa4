"""Sentence ends in plain speech: not after "Dr.", "e.g." or an initial; and what reads as first person."""

from __future__ import annotations

import pytest

from swarmkit.speech import facts, sentences


@pytest.mark.parametrize(
    "text, split",
    [
        ("My therapist is Dr. Weiss on Fridays", ["My therapist is Dr. Weiss on Fridays"]),
        ("Mr. and Mrs. Smith, Ms. Lee, Prof. Ito", ["Mr. and Mrs. Smith, Ms. Lee, Prof. Ito"]),
        (
            "I like fruit, e.g. apples, i.e. sweet ones. My editor is Vim",
            [
                "I like fruit, e.g. apples, i.e. sweet ones.",
                "My editor is Vim",
            ],
        ),
        ("Tabs vs. spaces", ["Tabs vs. spaces"]),
        ("My favourite author is J. R. R. Tolkien", ["My favourite author is J. R. R. Tolkien"]),
        ("I use plan B. I live in Porto", ["I use plan B.", "I live in Porto"]),
        ("My son is Bob Jr. He lives in Leeds", ["My son is Bob Jr.", "He lives in Leeds"]),
        ("I live on Main St. in Leeds", ["I live on Main St. in Leeds"]),
        ("I run at 9 a.m. I live in Porto", ["I run at 9 a.m.", "I live in Porto"]),
        ("I wake at 7 a.m. sharp", ["I wake at 7 a.m. sharp"]),
        ("Pens, pencils, etc. and paper", ["Pens, pencils, etc. and paper"]),
        ("i live in berlin. my editor is vim", ["i live in berlin.", "my editor is vim"]),
        (
            "Hi!! I live in X;my editor is Y\nI speak German",
            ["Hi!!", "I live in X", "my editor is Y", "I speak German"],
        ),
        ("Wait... what", ["Wait...", "what"]),
    ],
)
def test_sentences_end_at_stops_but_not_after_abbreviations(text, split):
    assert sentences.split(text) == split


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


@pytest.mark.parametrize(
    "text, first_person",
    [
        ("My therapist sees me on Fridays", True),
        ("Every other week I see Mrs. Patel", True),
        ("I'm off on Fridays", True),
        ("i’ve moved twice", True),
        ("That one is mine", True),
        ("Deploys go through staging, i.e. never straight to prod", False),
        ("Wi-Fi in the office is slow", False),
        ("Use IMHO sparingly", False),
    ],
)
def test_what_reads_as_first_person(text, first_person):
    assert facts.in_first_person(text) is first_person


def test_a_wall_of_abbreviations_is_one_sentence():
    text = "Dr. " * 20000 + "Weiss. I live in Porto"
    assert sentences.split(text) == ["Dr. " * 20000 + "Weiss.", "I live in Porto"]
    assert sentences.split("J. " * 20000 + "Tolkien") == ["J. " * 20000 + "Tolkien"]
