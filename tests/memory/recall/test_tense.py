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
        # the start of what holds on is what holds now (tense.toml's onset), its other senses past
        ("Moved to Berlin in 2019", set()),
        ("I turned 40 this year", set()),
        ("Got married in 2015", set()),
        ("Was diagnosed with diabetes", set()),
        ("Started learning Spanish", {"learning"}),
        ("Moved out of Berlin", {"past"}),
        ("Got fired from Google", {"past"}),
        ("Turned down a job at Google", {"past"}),
        ("Took the train to work", {"past"}),
        # a former one is past; a student is learning; a trip planned and a wedding ahead are plans
        ("Is a former teacher", {"past"}),
        ("Is an ex-smoker", {"past"}),
        ("Is a medical student", {"learning"}),
        ("Studied law", {"learning", "past"}),
        ("Has a trip to Japan planned for May", {"plan"}),
        ("Is getting married in June", {"plan"}),
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
        # review2: a change told by its start is what holds now, beside it; still two beside its past
        ("Turned 40 this year", "Is 40", True),
        ("Moved to Berlin in 2019", "Has lived in Berlin since 2019", True),
        ("Got married in 2015", "Is married", True),
        ("Started learning Spanish", "Is learning Spanish", True),
        ("Joined Google in 2021", "Has worked at Google since 2021", True),
        ("Moved to Berlin in 2019", "Lived in Berlin in 2019", False),
        ("Got fired from Google", "Works at Google", False),
        ("Is a former teacher", "Used to teach", True),
        ("Is a former teacher", "Is a teacher", False),
        ("Studies at Oxford", "Is a student at Oxford", True),
        ("Studied law", "Studies law", False),
        ("Is going to Japan in May", "Has a trip to Japan planned for May", True),
        ("Is getting married in June", "Is married", False),
        ("Is retiring next year", "Is retired", False),
        ("Bought a house in Leeds", "Is buying a house in Leeds", False),
        ("Enrolled at Leeds University", "Is a student at Leeds University", True),
        ("Turned 30", "Will turn 30", False),
    ],
)
def test_two_times_of_one_fact_are_never_one_fact_and_one_time_may_be(a, b, one):
    names = Names([a, b])
    assert same_fact(a, b, names.of(a), names.of(b), names.actor(a), names.actor(b)) is one
