"""Every example file of tests/speech/examples/, through the reader it is for: what the reader finds in
a positive example, and that it finds nothing in a negative one."""

from __future__ import annotations

import pytest

from swarmkit.speech import facts, questions, sentences
from tests.speech.examples import examples


def stored(said: str) -> list[list[str]]:
    return [[fact.text, fact.subject] for fact in facts.extract(said)]


@pytest.mark.parametrize("example", examples("facts", "positive"))
def test_what_a_person_says_is_kept_as_its_facts(example):
    if "first" in example:  # the tail may be a statement of its own, kept after the first fact
        assert stored(example["said"])[:1] == [example["first"]]
    else:
        assert stored(example["said"]) == example["keeps"]


@pytest.mark.parametrize("example", examples("facts", "negative"))
def test_what_is_no_fact_of_the_speaker_is_not_kept(example):
    assert stored(example["said"]) == []


@pytest.mark.parametrize("example", examples("casual", "positive"))
def test_what_is_said_in_passing_is_kept_as_its_facts(example):
    assert stored(example["said"]) == example["keeps"]


@pytest.mark.parametrize("example", examples("casual", "negative"))
def test_near_misses_said_in_passing_keep_no_such_fact(example):
    kept = stored(example["said"])
    if example.get("keeps_nothing"):
        assert kept == []
    for prefix in example.get("keeps_none_of", []):
        assert not [fact for fact in kept if fact[1].startswith(prefix)], (prefix, kept)


@pytest.mark.parametrize("example", examples("sentences", "positive"))
def test_sentences_end_at_stops_but_not_after_abbreviations(example):
    assert sentences.split(example["text"]) == example["sentences"]


@pytest.mark.parametrize("example", examples("first_person", "positive"))
def test_a_text_that_speaks_of_its_writer_reads_as_first_person(example):
    assert facts.in_first_person(example["text"])


@pytest.mark.parametrize("example", examples("first_person", "negative"))
def test_a_text_that_does_not_speak_of_its_writer_is_not_first_person(example):
    assert not facts.in_first_person(example["text"])


@pytest.mark.parametrize("example", examples("questions", "positive"))
def test_a_question_asked_by_its_purpose_says_what_it_asks_about(example):
    asked = questions.purpose(example["question"])
    assert asked is not None and asked.name == example["purpose"]
    assert all(subject.startswith("user.") for subject in asked.subjects)


@pytest.mark.parametrize("example", examples("questions", "negative"))
def test_a_question_in_the_words_of_its_fact_has_no_purpose(example):
    assert questions.purpose(example["question"]) is None


@pytest.mark.parametrize("example", examples("cues", "positive"))
def test_a_question_about_the_speaker_gives_its_purpose_away_by_a_cue(example):
    asked = questions.cued(example["question"])
    assert asked is not None and asked.name == example["purpose"]


@pytest.mark.parametrize("example", examples("cues", "negative"))
def test_a_question_of_someone_else_or_with_no_cue_has_no_cued_purpose(example):
    assert questions.cued(example["question"]) is None
