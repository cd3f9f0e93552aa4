"""Someone else's words, a thought or a hypothetical are never facts about the speaker; a label before
a colon only introduces them. Also: a new clause after "and now I", and values that only point."""

from __future__ import annotations

from swarmkit.speech import facts, reported


def stored(said: str) -> list[tuple[str, str]]:
    return [(fact.text, fact.subject) for fact in facts.extract(said)]


# The examples are files: tests/speech/examples/facts/negative/others_words.toml (someone else's words,
# thoughts and hypotheticals) and facts/positive/own_words.toml (a label, or the speaker's own words).


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


# A clause after "and now I" (examples/facts/positive/clauses.toml) and values that only point
# (examples/facts/negative/pointers.toml) are example files too.


def test_a_value_with_a_pointing_word_and_more_is_kept():
    assert stored("I like it there in summer") == [
        ("Likes it there in summer", "user.likes.it_there_in_summer")
    ]
    assert stored("I have one cat") == [("Has one cat", "user.has.one_cat")]
