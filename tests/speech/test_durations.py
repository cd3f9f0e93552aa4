"""A state told with how long it has lasted ("I've been teaching maths for ten years now") is read as
the state itself: its "-ing" verb is put back in its base form (speech/facts.py: base_of_ing)."""

from __future__ import annotations

import pytest

from swarmkit.speech import facts


@pytest.mark.parametrize(
    "said, base",
    [
        ("teaching", "teach"),
        ("coding", "code"),
        ("running", "run"),
        ("swimming", "swim"),
        ("selling", "sell"),
        ("living", "live"),
        ("studying", "study"),
        ("volunteering", "volunteer"),
        ("travelling", "travel"),
        ("spelling", "spell"),
        ("baking", "bake"),
    ],
)
def test_an_ing_form_is_put_back_in_its_base_form(said, base):
    assert facts.base_of_ing(said) == base


def test_a_duration_in_hours_is_a_moment_and_keeps_no_habit():
    assert facts.extract("I've been cooking dinner for an hour") == []
    assert [f.text for f in facts.extract("I've been cooking Thai food for years")] == ["Cooks Thai food"]
