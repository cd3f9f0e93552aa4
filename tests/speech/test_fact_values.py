"""Where a fact's value ends: the tail of its clause is cut, and a value that only looks like one stays."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarmkit.speech import fact_values, facts
from tests.reliability.harness import examples


def stored(said: str) -> list[tuple[str, str]]:
    return [(fact.text, fact.subject) for fact in facts.extract(said)]


# One row per way a tail starts: what is said, and the one fact kept from it.
TAILS = [
    ("I live in Munich now, so please adjust all the plans accordingly", "Lives in Munich", "user.location"),
    ("My wife's name is Ana and we have two kids", "Wife's name is Ana", "user.wife_s_name"),
    ("I'm a vegetarian, so no meat please", "Is a vegetarian", "user.is.a_vegetarian"),
    ("I live in Berlin because my partner works there", "Lives in Berlin", "user.location"),
    ("I'm based in Porto since 2021", "Is based in Porto", "user.location"),
    ("I love hiking, although it rains a lot", "Loves hiking", "user.likes.hiking"),
    ("I live in Lisbon though I travel a lot", "Lives in Lisbon", "user.location"),
    ("I prefer tea while working", "Prefers tea", "user.prefers.tea"),
    ("I use Helix whereas my team uses Vim", "Uses Helix", "user.uses.helix"),
    ("I work at Acme, which is a startup", "Works at Acme", "user.employer"),
    ("I live in Porto unless work moves me", "Lives in Porto", "user.location"),
    ("I prefer tabs if the project allows it", "Prefers tabs", "user.prefers.tabs"),
    ("I use Vim when I write code", "Uses Vim", "user.uses.vim"),
    ("I live in Porto where it is sunny", "Lives in Porto", "user.location"),
    ("Call me Sam please", "Name is Sam", "user.name"),
    ("I moved to Munich, then we bought a flat", "Lives in Munich", "user.location"),
    ("I live in Munich starting May", "Lives in Munich", "user.location"),
    ("I live in Munich as of June", "Lives in Munich", "user.location"),
    ("I love hiking but I rarely go", "Loves hiking", "user.likes.hiking"),
    ("I work at Acme, so they pay for the train", "Works at Acme", "user.employer"),
    ("I live in Berlin, and we have a dog", "Lives in Berlin", "user.location"),
    ("I drive a van or I take the bus", "Drives a van", "user.drive.a_van"),
    ("I live in Berlin and there is a lake nearby", "Lives in Berlin", "user.location"),
    ("I live in Berlin, I think", "Lives in Berlin", "user.location"),
    ("My editor is Helix, it's fast", "Editor is Helix", "user.editor"),
    ("I have two cats, they're called Tom and Jerry", "Has two cats", "user.has.two_cats"),
    ("I speak German and, I think, Portuguese", "Speaks German", "user.languages"),  # "and" left dangling
    ("I work at Acme and so on", "Works at Acme", "user.employer"),
    (
        'My favourite song is "Where Is My Mind", so play it',
        "Favourite song is Where Is My Mind",
        "user.favourite_song",
    ),
    # a time relative to now
    ("I moved to Bergen last week", "Lives in Bergen", "user.location"),
    ("I live in Oslo since last year", "Lives in Oslo", "user.location"),
    ("I'm based in Ghent this year", "Is based in Ghent", "user.location"),
    ("I moved to Oslo next month", "Lives in Oslo", "user.location"),
    ("I moved to Oslo two years ago", "Lives in Oslo", "user.location"),
    ("I moved to Oslo a couple of months ago", "Lives in Oslo", "user.location"),
    ("I moved to Oslo 3 weeks ago", "Lives in Oslo", "user.location"),
    ("I moved to Oslo a while ago, so update it", "Lives in Oslo", "user.location"),
    ("I moved to Ghent yesterday", "Lives in Ghent", "user.location"),
    ("I work at Acme recently", "Works at Acme", "user.employer"),
    ("I moved to Oslo earlier this year", "Lives in Oslo", "user.location"),
    # thanks, and an aside about a person
    ("my editor is Editor3, thanks", "Editor is Editor3", "user.editor"),
    ("My editor is Zed, thank you!", "Editor is Zed", "user.editor"),
    (
        "My manager's manager is Greet, who joined in May",
        "Manager's manager is Greet",
        "user.manager_s_manager",
    ),
    ("My manager is Ana, whom I trust", "Manager is Ana", "user.manager"),
    # why and with whom, after a place
    ("I moved to Namur last month with my family", "Lives in Namur", "user.location"),
    ("I moved to Tromsø for a new job at the university hospital", "Lives in Tromsø", "user.location"),
    ("I moved to Oslo for work", "Lives in Oslo", "user.location"),
    ("I live in Lyon with my partner", "Lives in Lyon", "user.location"),
    ("I'm based in Porto for now", "Is based in Porto", "user.location"),
]

# Values that hold a conjunction, a pronoun or a tail word of their own: kept whole.
KEPT = [
    ("I like Rock and Roll", "Likes Rock and Roll", "user.likes.rock_and_roll"),
    ("I'm from Bosnia and Herzegovina", "Is from Bosnia and Herzegovina", "user.hometown"),
    ("I'm from Trinidad and Tobago", "Is from Trinidad and Tobago", "user.hometown"),
    ("I like Salt and pepper", "Likes Salt and pepper", "user.likes.salt_and_pepper"),
    (
        "My favourite film is When Harry Met Sally",
        "Favourite film is When Harry Met Sally",
        "user.favourite_film",
    ),
    (
        "My favourite film is when harry met sally",
        "Favourite film is when harry met sally",
        "user.favourite_film",
    ),
    ("I speak German and Portuguese", "Speaks German and Portuguese", "user.languages"),
    ("My name is Sam Then", "Name is Sam Then", "user.name"),  # a capital: part of the name
    ("I work at Procter and Gamble", "Works at Procter and Gamble", "user.employer"),
    (
        "I love Me and You and Everyone We Know",
        "Loves Me and You and Everyone We Know",
        "user.likes.me_and_you_and_everyone_we",
    ),
    ("I love my wife and I", "Loves my wife and I", "user.likes.my_wife_and_i"),  # no clause after "I"
    ("I like here and there too", "Likes here and there", "user.likes.here_and_there"),
    ("I live in Berlin, Germany", "Lives in Berlin, Germany", "user.location"),
    (
        'I like the song "when doves cry, so sad"',
        'Likes the song "when doves cry, so sad"',
        "user.likes.the_song_when_doves_cry_so",
    ),
    ("I hate meetings before ten", "Dislikes meetings before ten", "user.likes.meetings_before_ten"),
    # "for", "with" and "who" are a value's own where they do not follow a place, or a comma
    ("I work for the city council", "Works for the city council", "user.employer"),
    ("I like coffee with milk", "Likes coffee with milk", "user.likes.coffee_with_milk"),
    ("I love people who cook", "Loves people who cook", "user.likes.people_who_cook"),
    ("I'm from a town with a castle", "Is from a town with a castle", "user.hometown"),
    # time words with a capital, or not followed by a unit, belong to a name or a title
    ("I watch Last Week Tonight", "Watches Last Week Tonight", "user.watch.last_week_tonight"),
    ("I like this band", "Likes this band", "user.likes.this_band"),
    ("I have a week off", "Has a week off", "user.has.a_week_off"),
]


@pytest.mark.parametrize("said, text, subject", TAILS, ids=[row[0] for row in TAILS])
def test_a_tail_is_cut_from_the_value(said, text, subject):
    assert stored(said)[:1] == [(text, subject)]  # the tail may be a statement of its own, kept after


@pytest.mark.parametrize("said, text, subject", KEPT, ids=[row[0] for row in KEPT])
def test_a_value_that_only_looks_like_it_has_a_tail_is_kept_whole(said, text, subject):
    assert stored(said) == [(text, subject)]


def test_cut_gives_the_value_and_the_tail_it_cut():
    assert fact_values.cut("Munich now, so please adjust") == ("Munich", ", so please adjust")
    assert fact_values.cut("Ana and we have two kids") == ("Ana", "and we have two kids")
    assert fact_values.cut("Berlin, I think") == ("Berlin", ", I think")
    assert fact_values.cut("Munich now") == ("Munich", "")
    assert fact_values.cut("Bosnia and Herzegovina") == ("Bosnia and Herzegovina", "")
    assert fact_values.cut("so") == ("", "")  # nothing but a dangling word: no value
    assert fact_values.cut("") == ("", "")
    assert fact_values.cut("Bergen last week") == ("Bergen", "last week")
    assert fact_values.cut("Tromsø for a new job", place=True) == ("Tromsø", "for a new job")
    assert fact_values.cut("Tromsø for a new job") == ("Tromsø for a new job", "")  # not a place
    assert fact_values.cut("Greet, who joined") == ("Greet", ", who joined")


def test_a_fact_as_stored_with_a_tail_has_the_subject_of_its_value():
    """An older line, or a real model's fact without a subject, still finds the value it replaces."""
    assert facts.subject_of("Is a vegetarian, so no meat please") == "user.is.a_vegetarian"
    assert facts.subject_of("Lives in Munich now, so please adjust the plans") == "user.location"
    assert facts.subject_of("I'm a vegetarian, so no meat please") == "user.is.a_vegetarian"


def test_an_addition_is_read_from_the_fact_not_from_its_tail():
    assert stored("I speak French too, so talk to me in French") == [
        ("Speaks French", "user.languages.french")
    ]
    # "also" in the tail is not about the fact: Munich replaces the old location
    assert stored("I live in Munich now, so please also adjust the plans") == [
        ("Lives in Munich", "user.location")
    ]


def test_a_person_adding_a_sentence_with_a_tail_gets_its_subject():
    fact = facts.read_own_words("I live in Munich now, so please adjust all the plans accordingly")
    assert fact is not None and (fact.text, fact.subject) == ("Lives in Munich", "user.location")


# Words that start a statement, words of a value, and the words and marks a tail is made of.
HEADS = ["I live in", "My name is", "I'm", "I speak", "I like", "I use", "Call me", "I work at", "I'm a"]
WORDS = [
    "Munich",
    "Rock",
    "pepper",
    "Ana",
    "Then",
    "When",
    "You",
    "I",
    "we",
    "they",
    "it",
    "there",
    "and",
    "And",
    "or",
    "but",
    "yet",
    "nor",
    "so",
    "because",
    "since",
    "which",
    "if",
    "when",
    "where",
    "please",
    "then",
    "though",
    "while",
    "unless",
    "as",
    "of",
    "well",
    "now",
    "too",
    "these",
    "days",
    ",",
    ", ",
    '"',
    "“",
    "”",
    "'",
    "I'm",
    "we're",
    ".",
    "!",
    "-",
    " ",
]
DANGLING = fact_values.COORDINATORS | fact_values.TAIL_WORDS


def _last_word(text: str) -> str:
    return text.split()[-1].strip(fact_values._EDGE) if text.split() else ""


@settings(max_examples=examples(300))
@given(st.sampled_from(HEADS), st.lists(st.sampled_from(WORDS), min_size=1, max_size=12))
@example("I live in", ["Berlin", "and"])
@example("I speak", ["German", "and", ",", "I", "think"])
@example("I like", ["tea", "now", "and"])
def test_no_value_ends_with_a_dangling_conjunction(head, words):
    said = head + " " + " ".join(words)
    for fact in facts.extract(said):
        last = _last_word(fact.text)
        assert last.lower() not in fact_values.COORDINATORS, (said, fact.text)
        assert not (last.islower() and last in fact_values.TAIL_WORDS), (said, fact.text)


@settings(max_examples=examples(300))
@given(st.lists(st.sampled_from(WORDS), min_size=0, max_size=16).map(" ".join))
def test_a_cut_value_is_a_prefix_and_cutting_it_again_changes_nothing(value):
    kept, tail = fact_values.cut(value)
    assert value.startswith(kept)
    assert value.endswith(tail) and len(kept) + len(tail) <= len(value)
    assert fact_values.cut(kept)[0] == kept
    assert not kept or not fact_values.dangles(kept.split()[-1])
