"""speech/attributes.py's rules, tested directly: whose a note is, its clauses and verbs, what each
verb's frame claims, and when a later claim replaces an earlier one. The notes are example files
(tests/speech/examples/attributes/); the rules they exercise are data (speech/data/attributes.toml)."""

from __future__ import annotations

import re

import pytest

from swarmkit.speech import attributes, rules
from swarmkit.speech.attributes import Claim
from tests.speech.examples import examples

# The names the example files' readers know (consolidation gives the names a folder holds).
NAMES = frozenset("Tim Sam Alex Gina Nate Maria Lina Ana Robin Paula Jon Greg Bo".split())


def read(note: str) -> tuple[str | None, list[list]]:
    whose, claims = attributes.read(note, NAMES.__contains__)
    return whose, [[c.attribute, c.value, c.holds] + ([True] if c.past else []) for c in claims]


@pytest.mark.parametrize("example", examples("attributes", "positive", "notes"))
def test_a_note_claims_what_its_verb_says_of_whose_it_is(example):
    assert read(example["note"]) == (example.get("whose"), example["claims"])


@pytest.mark.parametrize("example", examples("attributes", "negative", "notes"))
def test_a_note_that_names_no_single_valued_thing_of_the_person_claims_nothing(example):
    whose, claims = read(example["note"])
    assert claims == []
    assert whose == example.get("whose")


def replaced(earlier: str, later: str) -> bool:
    old_whose, old = attributes.read(earlier, NAMES.__contains__)
    new_whose, new = attributes.read(later, NAMES.__contains__)
    return (
        old_whose is not None
        and old_whose == new_whose
        and any(attributes.replaces(o, n) for o in old for n in new)
    )


@pytest.mark.parametrize("example", examples("attributes", "positive", "replaces"))
def test_a_later_note_that_changes_or_ends_a_value_replaces_the_earlier(example):
    assert replaced(example["earlier"], example["later"])


@pytest.mark.parametrize("example", examples("attributes", "negative", "replaces"))
def test_compatible_notes_replace_nothing(example):
    assert not replaced(example["earlier"], example["later"])


def test_every_verb_with_a_frame_has_an_example():
    """A frame no example reads is a rule nobody checked."""
    read_verbs = set()
    for param in examples("attributes", "positive", "notes"):
        for word in re.findall(r"[A-Za-z']+", param.values[0]["note"]):
            read_verbs.update(attributes.lemmas(word))
    assert set(attributes.FRAMES) - read_verbs == set()


def test_every_rule_of_every_frame_compiles_and_names_known_steps():
    data = rules.load("attributes")["frames"]
    assert set(data) == set(attributes.FRAMES)
    for verb, frame_rules in data.items():
        for rule in frame_rules:
            pattern = re.compile(attributes._PATTERNS.text(rule["after"]) + "$", re.I)
            steps = rule["then"] if isinstance(rule["then"], list) else [rule["then"]]
            for step in steps:
                name = step if isinstance(step, str) else step["do"]
                assert name in attributes.STEPS, (verb, rule)
                group = None if isinstance(step, str) else step.get("group")
                assert group is None or group in pattern.groupindex, (verb, rule)


def test_every_step_is_used_by_a_rule():
    used = set()
    for frame_rules in rules.load("attributes")["frames"].values():
        for rule in frame_rules:
            for step in rule["then"] if isinstance(rule["then"], list) else [rule["then"]]:
                used.add(step if isinstance(step, str) else step["do"])
    assert used == set(attributes.STEPS)


@pytest.mark.parametrize(
    "form, base",
    [
        ("relocated", "relocate"),
        ("living", "live"),
        ("moves", "move"),
        ("studied", "study"),
        ("transferred", "transfer"),
        ("dropping", "drop"),
        ("became", "become"),
        ("left", "leave"),
        ("'s", "be"),
        ("quitting", "quit"),
    ],
)
def test_a_verb_form_has_its_base_among_its_lemmas(form, base):
    assert base in attributes.lemmas(form)


def test_an_irregular_form_has_only_its_base():
    assert attributes.lemmas("sold") == ["sell"]
    assert attributes.lemmas("Went,") == ["go"]  # case and a clause's comma do not matter


@pytest.mark.parametrize(
    "value, kind",
    [
        ("a senior dental hygienist at the clinic", "role"),
        ("the CTO of Lumen", "role"),
        ("Northgate University", "school"),
        ("Riverside High", "school"),
        # a role whose head noun is an occupation, whatever school its words name
        ("a primary school teacher", "role"),
        ("a high school teacher", "role"),
        ("a school nurse", "role"),
        ("a lecturer at Leiden University", "role"),
        ("a high school", "school"),
        ("a law school graduate", "school"),
        ("a Honda Civic", "car"),
        ("the Tesla", "car"),
        ("an iPhone 15", "phone"),
        ("Pixel 7", "phone"),
        ("a writer", ""),  # a craft is what one may be besides one's job
        ("a Blur fan", ""),
        ("tea", ""),
        ("", ""),
    ],
)
def test_a_value_says_what_it_is(value, kind):
    assert attributes.kind_of(value) == kind


def test_a_value_is_the_words_that_name_it():
    assert attributes.value_words("the new Acme office") == frozenset({"acme", "office"})
    assert attributes.value_words("Favorite") == frozenset({"favourite"})
    assert attributes.value_words(" ana@new.example ") == frozenset({"ana@new.example"})


def test_one_value_holds_the_other_or_is_none():
    assert attributes.same_value(Claim("employer", "Acme"), Claim("employer", "Acme Corp in the sales team"))
    assert attributes.same_value(Claim("role", "a senior nurse"), Claim("role", "a nurse"))
    assert attributes.same_value(Claim("employer", "Acme"), Claim("employer", "", False))  # whatever it was
    assert not attributes.same_value(Claim("employer", "Acme"), Claim("employer", "Globex"))


def test_a_name_and_its_initials_are_one_value():
    """ "NYC" is "New York City" written short: one place, never a change of it."""
    assert attributes.same_value(Claim("location", "New York City"), Claim("location", "NYC"))
    assert attributes.same_value(Claim("location", "the UK"), Claim("location", "the United Kingdom"))
    assert attributes.same_value(Claim("location", "NY state"), Claim("location", "New York state"))
    assert attributes.same_value(Claim("school", "UCL"), Claim("school", "University College London"))
    assert not attributes.same_value(Claim("location", "NYC"), Claim("location", "New Jersey"))
    assert not attributes.same_value(Claim("location", "LA"), Claim("location", "Lisbon"))
    assert not attributes.same_value(Claim("employer", "IBM"), Claim("employer", "Acme Corp"))


def test_what_replaces_what():
    replaces = attributes.replaces
    assert replaces(Claim("location", "Leeds"), Claim("location", "Osaka"))
    assert not replaces(Claim("location", "Leeds"), Claim("location", "Leeds, near the park"))
    assert replaces(Claim("location", "Leeds"), Claim("", "Leeds", False))  # "left Leeds"
    assert not replaces(Claim("location", "Leeds"), Claim("", "Acme", False))
    # many at once: a taste or a habit adds; only its own end replaces it
    assert not replaces(Claim("taste", "tea"), Claim("taste", "coffee"))
    assert replaces(Claim("taste", "tea"), Claim("taste", "tea", False))
    assert replaces(Claim("habit", "play tennis"), Claim("", "tennis", False))  # "gave up tennis"
    assert not replaces(Claim("habit", "play tennis"), Claim("habit", "smok", False))
    # a denial turns over, a past one does not: "used to smoke", then "smokes again"
    assert replaces(Claim("habit", "speak german", False), Claim("habit", "speak german"))
    assert not replaces(Claim("habit", "smok", False, past=True), Claim("habit", "smok"))
    # a supporter's team and a fan's: "supports Chelsea", then "is now an Arsenal fan"
    assert replaces(Claim("team", "Chelsea"), Claim("fan", "Arsenal"))
    # a pet's end names no pet: "no longer has any pets"
    assert replaces(Claim("dog's name", "Rex"), Claim("pet's name", "", False))
    assert replaces(Claim("number of dogs", "2"), Claim("dog's name", "", False))  # "gave his dogs away"


@pytest.mark.parametrize(
    "note",
    [
        "Tim might move to Osaka.",
        "Tim wants to become a nurse.",
        "Tim is going to quit Acme.",
        "Tim plans to move to Osaka.",
        "Tim is moving to Osaka next month.",
        "Tim is considering a job at Globex.",
    ],
)
def test_a_wish_a_plan_or_a_maybe_claims_nothing(note):
    assert read(note)[1] == []


def test_a_denial_ends_a_value_and_a_past_tells_it_ended():
    assert read("Tim no longer works at Acme.")[1] == [["employer", "Acme", False]]
    assert read("Tim isn't a nurse any more.")[1] == [["role", "a nurse", False]]
    assert read("Tim used to work at Acme.")[1] == [["employer", "Acme", False, True]]
    assert read("Tim had a dog named Tilly.")[1] == [["dog's name", "Tilly", False, True]]


def test_a_relatives_note_is_theirs():
    assert read("Tim's sister lives in Leeds.") == ("Tim's sister", [])
    assert read("Tim's younger brother works at Acme.") == ("Tim's brother", [])


def test_a_value_is_cut_before_its_tail():
    assert read("Tim moved to Perth since the spring, which suits the family.")[1] == [
        ["location", "Perth", True]
    ]
    assert read("Tim works at Acme in the sales team.")[1] == [["employer", "Acme", True]]
    assert read("Tim moved to a place I can't remember the name of at all.")[1] == []  # a story, no value
