"""Where a fact's value ends: the tail of its clause is cut, and a value that only looks like one stays."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarmkit.speech import fact_values, facts
from tests.reliability.harness import examples


def stored(said: str) -> list[tuple[str, str]]:
    return [(fact.text, fact.subject) for fact in facts.extract(said)]


# The examples of where a value ends, and of values kept whole, are example files:
# tests/speech/examples/facts/positive/tails.toml and whole_values.toml (test_examples.py reads them).


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


def test_a_stored_fact_with_a_quotation_or_a_link_has_the_subject_its_words_had():
    """The speaker's "my" is "their" in the fact, but not inside a name, a link or a quotation, and
    the fact read back has the subject the words as said had."""
    said = "I maintain the my-utils package and I read https://example.com/my-page daily"
    assert stored(said) == [
        ("Maintains the my-utils package", "user.maintain.the_my_utils_package"),
        ("Reads https://example.com/my-page daily", "user.read.https_example_com_my_page_daily"),
    ]
    assert facts.subject_of("Maintains the my-utils package") == "user.maintain.the_my_utils_package"
    assert facts.subject_of("Drives their car to work") == "user.drive.my_car_to_work"
    assert facts.subject_of("Loves the song 'my way'") == "user.likes.the_song_my_way"
