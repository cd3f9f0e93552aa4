"""Fixed expressions that start like a fact but tell none (speech/idioms.py)."""

from __future__ import annotations

from swarmkit.speech import idioms


def test_a_clause_that_is_only_a_fixed_expression_is_alone():
    assert idioms.alone("I kid you not")
    assert idioms.alone("I hear you, mate")
    assert idioms.alone("Love it!")
    assert idioms.alone("I am all ears")  # "i'm" in the data reads "I am" and "I’m" too
    assert idioms.alone("I’m all ears")
    assert not idioms.alone("I'm all ears for your ideas on the garden")
    assert not idioms.alone("I'm good at chess")
    assert not idioms.alone("Like It or Not")  # written as a title: a name


def test_a_fixed_expression_after_a_comma_starts_a_clause_of_its_own():
    assert idioms.starts("not joking")
    assert idioms.starts("like it or not")
    assert idioms.starts("seriously, I live in Leeds")
    assert not idioms.starts("not a nurse")
    assert not idioms.starts("I'm in the city centre")


def test_a_hedge_before_a_statement_only_introduces_it():
    assert idioms.after_opener("I guess I like jazz") == "I like jazz"
    assert idioms.after_opener("I must admit that I love karaoke") == "I love karaoke"
    assert idioms.after_opener("I mean, my editor is Helix") == "my editor is Helix"
    assert idioms.after_opener("Like it or not I'm a vegan") == "I'm a vegan"
    assert idioms.after_opener("I swear by coconut oil") is None  # not the speaker's statement after it
    assert idioms.after_opener("I mean business") is None
    assert idioms.after_opener("I wish I lived in Rome") is None  # a wish is no hedge


def test_a_fixed_expression_said_in_passing_inside_a_sentence_goes():
    assert idioms.without_asides("I speak English, of course, and French") == "I speak English, and French"
    assert idioms.without_asides("I'm a teacher - not joking - in Leeds") == "I'm a teacher in Leeds"
    assert (
        idioms.without_asides("My bands are Blur, Love It, and Oasis")
        == "My bands are Blur, Love It, and Oasis"
    )
    assert idioms.without_asides("I live in Oslo") == "I live in Oslo"


def test_every_phrase_of_the_data_passes_the_quick_check_as_it_may_be_written():
    from swarmkit.speech import rules

    words = rules.load("idioms")["words"]
    phrases = rules.in_order(words["alone"]) + rules.in_order(words["openers"])
    written = [
        variant
        for phrase in phrases
        for variant in (phrase, phrase.capitalize(), phrase.replace("'", "’"), phrase.replace("i'm", "I am"))
    ]
    assert [said for said in written if not (idioms.alone(said) or idioms.alone(said + "!"))] == []


def test_a_clause_opening_with_no_phrase_never_compiles_the_patterns():
    # compiling them costs about 25 ms of every run's start; "I live in Lisbon" opens with no phrase
    # ("I live and learn" is one), and no phrase follows its comma
    idioms._patterns.cache_clear()
    assert not idioms.alone("I live in Lisbon")
    assert not idioms.starts("I live in Lisbon")
    assert idioms.after_opener("I live in Lisbon") is None
    assert (
        idioms.without_asides("I live in Lisbon, and my editor is Helix")
        == "I live in Lisbon, and my editor is Helix"
    )
    assert idioms._patterns.cache_info().currsize == 0
    assert idioms.alone("I live and learn")
    assert idioms._patterns.cache_info().currsize == 1
