"""A habit is its verb's stem and its object, whatever form each note used (issue 23)."""

from __future__ import annotations

import pytest

from swarmkit.speech import habits


@pytest.mark.parametrize(
    "forms",
    [
        ("smoke", "smokes", "smoking", "smoked"),
        ("run", "runs", "running"),
        ("swim", "swims", "swimming"),
        ("cycle", "cycles", "cycling"),
        ("jog", "jogs", "jogging"),
        ("play", "plays", "playing"),
        ("watch", "watches", "watching"),
    ],
)
def test_every_form_of_a_verb_has_one_stem(forms):
    assert len({habits.stem(f) for f in forms}) == 1


def test_a_habit_keeps_its_object_without_how_often_or_when():
    assert habits.habit("plays", "tennis every weekend") == "play tennis"
    assert habits.habit("speaks", "fluent German now") == "speak german"
    assert habits.habit("smokes", "") == "smok"
    assert habits.gerund("smoking two years ago") == "smok"
    assert habits.gerund("playing squash with Sam") == "play squash"
    assert habits.gerund("the piano") == ""  # no gerund


def test_eating_names_the_food_a_diet_leaves_out():
    assert habits.habit("eating", "chicken again") == "eat meat"
    assert habits.habit("eats", "cheese") == "eat dairy"
    assert habits.DIETS["vegan"] == ("eat meat", "eat fish", "eat dairy")


def test_a_long_story_is_no_habit():
    assert habits.habit("tells", "stories about the old days to the kids") == ""
