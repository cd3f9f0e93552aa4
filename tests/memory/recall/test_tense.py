"""The time and aspect of a short fact (memory/recall/tense.py, speech/data/tense.toml): a fact, its
past, its plan or wish, and its learning are told apart; two texts of one time may still be one fact."""

from __future__ import annotations

import pytest

from swarmkit.memory.recall import tense
from swarmkit.memory.recall.restatement import Names, same_fact


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("Works as a nurse", set()),
        ("Worked as a nurse", {"past"}),
        ("Was a nurse before", {"past"}),
        ("I worked as a nurse", {"past"}),
        # a named one's story is read by its words alone (told in the past throughout)
        ("Tim worked as a nurse", set()),
        ("Apparently, Caroline went to a pride parade", set()),
        ("Noted: Caroline loves horses", set()),
        ("Used to live in Lisbon", {"past"}),
        ("Is moving to Lisbon", {"plan"}),
        ("Plans to move to Lisbon", {"plan"}),
        ("Wants to become a teacher", {"plan"}),
        ("Is learning French", {"learning"}),
        ("Takes piano lessons", {"learning"}),
        ("Was born in Oslo", {"past"}),
        ("Birth year is 1988", {"past"}),
        # what holds now though a word ends in "-ed", or a past form says what lasts
        ("Is left-handed", set()),
        ("Married to Jordan", set()),
        ("Grew up in Cork", set()),
        ("Spent childhood in Lyon", set()),
        ("Never learned how to swim", set()),
        ("Needs reading glasses", set()),
    ],
)
def test_a_texts_time_and_aspect_is_read_from_its_words_and_its_verb(text, marks):
    assert tense.marks(text) == marks


@pytest.mark.parametrize(
    ("a", "b", "one"),
    [
        ("Works as a nurse", "Worked as a nurse", False),
        ("Lives in Lisbon", "Is moving to Lisbon", False),
        ("Lives in Lisbon", "Used to live in Lisbon", False),
        ("Speaks French", "Is learning French", False),
        ("Is a teacher", "Wants to become a teacher", False),
        ("Was born in Oslo", "Lives in Oslo", False),
        ("Worked as a nurse", "Was a nurse before", True),
        ("Is moving to Lisbon", "Plans to move to Lisbon", True),
        ("Was born in 1988", "Birth year is 1988", True),
        ("Grew up in Lyon", "Spent childhood in Lyon", True),
    ],
)
def test_two_times_of_one_fact_are_never_one_fact_and_one_time_may_be(a, b, one):
    names = Names([a, b])
    assert same_fact(a, b, names.of(a), names.of(b), names.actor(a), names.actor(b)) is one
