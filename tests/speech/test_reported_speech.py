"""Someone else's words, a thought or a hypothetical are never facts about the speaker; a label before
a colon only introduces them. Also: a new clause after "and now I", and values that only point."""

from __future__ import annotations

import pytest

from swarmkit.speech import facts, reported


def stored(said: str) -> list[tuple[str, str]]:
    return [(fact.text, fact.subject) for fact in facts.extract(said)]


NOT_THE_SPEAKERS = [
    "My colleague said: I live in Antwerp now, which is closer to her office",
    "Sometimes I think: I work at NASA, and then I wake up",
    "My mother says: I'm a vegetarian",
    "He told me: my editor is Emacs",
    "She wrote: I moved to Bergen",
    "and he goes: I work at Initech",
    "My colleague said, I live in Antwerp",
    "She told me, I work at Acme and I live in Ghent",
    '"I live in Antwerp," she said',
    "“I live in Antwerp”, my colleague wrote.",
    'She said "I live in Antwerp"',
    '"I work at NASA"',
    "My colleague said my editor is Vim",
    "My sister thinks my name is Sam",
    "If I lived in Paris, I would cycle everywhere",
    "What if I moved to Bergen and I work at Equinor",
    "Imagine I live in Paris and I work at NASA",
    "Suppose that I work at Acme",
    "I dreamt I work at NASA",
    "I dreamt that I live in Paris",
    "In my dream, I live in Paris",
    "I wish I worked at NASA",
]


@pytest.mark.parametrize("said", NOT_THE_SPEAKERS)
def test_someone_elses_words_thoughts_and_hypotheticals_are_not_facts(said):
    assert stored(said) == []


OWN = [
    ("Note: I live in Porto", [("Lives in Porto", "user.location")]),
    ("Update: I live in Porto", [("Lives in Porto", "user.location")]),
    ("FYI: I live in Porto", [("Lives in Porto", "user.location")]),
    ("Two things about me: I live in Lisbon", [("Lives in Lisbon", "user.location")]),
    ("As I said, I live in Porto", [("Lives in Porto", "user.location")]),
    ("I told my colleague: I live in Antwerp now", [("Lives in Antwerp", "user.location")]),
    ("I've said it before: I work at Acme", [("Works at Acme", "user.employer")]),
    ("I live in Porto if I remember well", [("Lives in Porto", "user.location")]),
    ("I live in Ghent, and my colleague said: I live in Antwerp", [("Lives in Ghent", "user.location")]),
    ("I live in Ghent and my colleague said, I live in Antwerp", [("Lives in Ghent", "user.location")]),
    ("I live in Porto, but if I lived in Paris I would cycle", [("Lives in Porto", "user.location")]),
    ('She said "hi". I live in Ghent', [("Lives in Ghent", "user.location")]),
    ('My favourite song is "I Will Survive"', [("Favourite song is I Will Survive", "user.favourite_song")]),
    # the next sentence is the speaker's again
    ("My colleague said: I live in Antwerp. I live in Ghent.", [("Lives in Ghent", "user.location")]),
]


@pytest.mark.parametrize("said, kept", OWN, ids=[row[0] for row in OWN])
def test_a_label_or_the_speakers_own_words_are_kept(said, kept):
    assert stored(said) == kept


def test_a_stored_fact_said_by_someone_else_has_no_subject_to_replace():
    assert facts.subject_of("My colleague said: I live in Antwerp") is None
    assert facts.subject_of("Note: I live in Porto") == "user.location"
    assert facts.read_own_words("She said: I live in Antwerp") is None


def test_is_reported_tells_a_speech_verb_from_a_label():
    assert [reported.is_reported(head) for head in ("My colleague said", "I think", "Note", "Update")] == [
        True,
        True,
        False,
        False,
    ]


CLAUSES = [
    ("I moved and now I live in Valencia", [("Lives in Valencia", "user.location")]),
    ("I moved, and then I live in Valencia", [("Lives in Valencia", "user.location")]),
    ("I quit but now I work at Initech", [("Works at Initech", "user.employer")]),
    ("Now I live in Valencia", [("Lives in Valencia", "user.location")]),
    ("I recently moved to Bergen", [("Lives in Bergen", "user.location")]),
]


@pytest.mark.parametrize("said, kept", CLAUSES, ids=[row[0] for row in CLAUSES])
def test_a_clause_after_a_conjunction_and_an_adverb_is_read(said, kept):
    assert stored(said) == kept


@pytest.mark.parametrize(
    "said",
    ["I really like it there", "I like that one", "I love it", "I like them", "I use this", "I have one"],
)
def test_a_value_that_only_points_elsewhere_is_not_a_fact(said):
    assert stored(said) == []


def test_a_value_with_a_pointing_word_and_more_is_kept():
    assert stored("I like it there in summer") == [
        ("Likes it there in summer", "user.likes.it_there_in_summer")
    ]
    assert stored("I have one cat") == [("Has one cat", "user.has.one_cat")]
