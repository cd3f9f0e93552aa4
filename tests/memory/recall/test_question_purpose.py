"""A question asked by its purpose finds the fact the folder keeps under the subject that answers it
(issue 32): "What do I do for a living?" finds "Works as a data engineer" (user.role), not "Lives in
Rotterdam" for its word "living"; by words, as the index and the scan both read a query."""

from __future__ import annotations

import pytest

from swarmkit.memory.recall import scan_search
from swarmkit.memory.recall.words import query_terms, terms
from swarmkit.speech.facts import extract


def told_to(store, said: list[str]):
    """The store, with the facts the mock reads in each sentence kept about the user."""
    store.ensure()
    for text in said:
        for fact in extract(text):
            store.remember(fact.text, kind=fact.kind, by="agent", subject=fact.subject, target="me")
    return store


TOLD = [
    "I live in Rotterdam",
    "I work as a data engineer",
    "I'm 34",
    "My wife's name is Ana",
    "I grew up in Lyon",
    "I love hiking",
    "I have two cats",
    "My editor is Helix",
    "I drive a blue Toyota",
]


@pytest.fixture
def told(store):
    return told_to(store, TOLD)


@pytest.mark.parametrize(
    "question, fact",
    [
        ("What do I do for a living?", "Works as a data engineer"),
        ("What's my job?", "Works as a data engineer"),
        ("How old am I?", "Is 34 years old"),
        ("Who is my partner?", "Wife's name is Ana"),
        ("Am I married?", "Wife's name is Ana"),
        ("Where am I from?", "Grew up in Lyon"),
        ("Where did I grow up?", "Grew up in Lyon"),
    ],
)
def test_a_question_by_purpose_finds_the_fact_its_subject_names(told, question, fact):
    hits = told.recall(question, max_results=5)
    assert [h.text for h in hits][:1] == [fact]
    assert [h.text for h in scan_search(told, question, 5)][:1] == [fact]  # the reference agrees


def test_for_a_living_is_no_place(told):
    assert "Lives in Rotterdam" not in [
        h.text for h in told.recall("What do I do for a living?", max_results=5)
    ]
    assert [h.text for h in told.recall("Where do I live?", max_results=1)] == ["Lives in Rotterdam"]


def test_a_question_in_the_words_of_its_fact_is_asked_by_its_words():
    for question in ("Which editor do I use?", "What is Caroline's job?"):
        assert query_terms(question) == list(dict.fromkeys(terms(question)))
    assert query_terms("What do I do for a living in Berlin?") == [
        "berlin",
        "role",
        "employ",
        "job",
        "occup",
        "profess",
        "teach",
        "work",
    ]


# Facts told the ways people say them, not the ways the first set does ("I'm a nurse", not "I work
# as a nurse"), written before the reader learnt them: each question finds its fact first.
TOLD_PLAINLY = [
    "I'm a nurse at St Mary's",
    "I'm originally from Porto",
    "I was born on 3 May 1990",
    "I'm married to Ana",
    "I live in Lisbon",
    "I love hiking",
    "Peanuts make me break out in hives",
    "We adopted a tabby cat and named her Pixel",
    "I drive a blue Toyota",
]


@pytest.fixture
def told_plainly(store):
    return told_to(store, TOLD_PLAINLY)


@pytest.mark.parametrize(
    "question, fact",
    [
        ("What do I do for a living?", "Is a nurse at St Mary's"),
        ("What's my job?", "Is a nurse at St Mary's"),
        ("Where do I work?", "Is a nurse at St Mary's"),
        ("Where am I from?", "Is originally from Porto"),
        ("Where did I grow up?", "Is originally from Porto"),
        ("When was I born?", "Was born on 3 May 1990"),
        ("How old am I?", "Was born on 3 May 1990"),
        ("Who am I married to?", "Is married to Ana"),
        ("Who is my partner?", "Is married to Ana"),
    ],
)
def test_a_question_by_purpose_finds_a_fact_told_plainly(told_plainly, question, fact):
    assert [h.text for h in told_plainly.recall(question, max_results=5)][:1] == [fact]
    assert [h.text for h in scan_search(told_plainly, question, 5)][:1] == [fact]


# Questions asked in none of the known ways, that give their purpose away by a word (a cue): asked by
# their own words and by the subjects that answer them, each finds its fact first among the others.
TOLD_IN_PASSING = [
    "These days I'm based in Leeds",
    "I'm originally from Cork",
    "I'm 41",
    "I'm engaged to Sam",
    "I have two daughters",
    "My dog is called Rex",
    "I work in accounting",
    "I love hiking",
    "I play the drums",
]


@pytest.fixture
def told_in_passing(store):
    return told_to(store, TOLD_IN_PASSING)


@pytest.mark.parametrize(
    "question, fact",
    [
        ("Where do I live now?", "Is based in Leeds"),
        ("So which town am I in these days?", "Is based in Leeds"),
        ("Which country did I grow up in?", "Is originally from Cork"),
        ("Remind me of my age?", "Is 41 years old"),
        ("Tell me who my fiancee is", "Is engaged to Sam"),
        ("Any animals in my life?", "Dog is called Rex"),
    ],
)
def test_a_question_that_gives_its_purpose_away_by_a_word_finds_its_fact(told_in_passing, question, fact):
    assert [h.text for h in told_in_passing.recall(question, max_results=5)][:1] == [fact]
    assert [h.text for h in scan_search(told_in_passing, question, 5)][:1] == [fact]


def test_a_cue_adds_the_subjects_words_to_the_questions_own():
    assert query_terms("Where do I live now?") == ["live", "locat", "home", "address"]
    # asked of someone else, a cue word is no purpose of the speaker's: "my" counts before a cue alone
    for question in ("How old is Caroline?", "Where does Melanie live?", "What is Caroline's job?"):
        assert query_terms(question) == list(dict.fromkeys(terms(question)))
    assert query_terms("How old is my daughter?")[:3] == ["old", "daughter", "children"]


# The purposes added with the lead's set (bench/told_data.py "lead24"), with facts told in other words
# than its own: the team one supports, one's schooling, a trip to come, one's day; and a role named
# with a school, an ability said with "can".
TOLD_MORE = [
    "I'm a high school teacher",
    "I can speak Portuguese and a little Dutch",
    "I'm a lifelong Celtic supporter",
    "I majored in biology at Utrecht",
    "We're flying to Chile in March",
    "I usually get up around 6",
    "I live in Lisbon",
    "I love hiking",
    "I have two cats",
]


@pytest.fixture
def told_more(store):
    return told_to(store, TOLD_MORE)


@pytest.mark.parametrize(
    "question, fact",
    [
        ("What do I do for a living?", "Is a high school teacher"),
        ("Which languages do I speak?", "Speaks Portuguese and a little Dutch"),
        ("Which team do I root for?", "Is a lifelong Celtic supporter"),
        ("What was my major?", "Majored in biology at Utrecht"),
        ("Where did I go to university?", "Majored in biology at Utrecht"),
        ("What trips do I have planned?", "Is flying to Chile"),
        ("Where am I going on holiday?", "Is flying to Chile"),
        ("When do I get up in the morning?", "Gets up around 6"),
    ],
)
def test_a_question_by_a_new_purpose_finds_its_fact(told_more, question, fact):
    assert [h.text for h in told_more.recall(question, max_results=5)][:1] == [fact]
    assert [h.text for h in scan_search(told_more, question, 5)][:1] == [fact]
