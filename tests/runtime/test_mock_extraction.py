"""Every row of the mock extraction's tables in docs/providers.md, through the mock provider itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from swarmkit.runtime import prompts
from swarmkit.runtime.providers.base import ChatRequest
from swarmkit.runtime.providers.mock import MockProvider
from swarmkit.speech import facts
from tests.support import doc_tables


def table(header: str) -> list[list[str]]:
    return doc_tables.table("providers.md", header)


SHAPES = table("| Shape | You say | Fact kept | Kind | Subject |")
ENDS = table("| You say | Fact kept | Subject |")
SEVERAL = table("| You say | Facts kept |")
NOTHING = table("| You say | Why |")
NOTES = table("| You ask | Fact kept | Subject |")


def extract(said: str) -> list[dict]:
    """What the mock provider replies to the memory-writer's extraction call."""
    request = ChatRequest(
        model="swarmkit-mock",
        messages=prompts.extraction_messages(said, "An answer."),
        purpose="extract",
        agent="lead",
    )
    return json.loads(MockProvider().complete(request).content)["facts"]


@pytest.mark.parametrize("shape, said, fact, kind, subject", SHAPES, ids=[row[1] for row in SHAPES])
def test_each_documented_shape(shape, said, fact, kind, subject):
    assert extract(said) == [{"text": fact, "kind": kind, "subject": subject}]
    assert [f.shape for f in facts.extract(said)] == [shape]
    if shape in facts.GENERAL_SHAPES:  # a catch-all is never read back from an older line
        assert facts.subject_of(fact) in (None, subject)
    elif (
        " also " not in f" {said.lower()} "
    ):  # an addition's subject names its value; the fact's text does not
        assert facts.subject_of(fact) == subject  # an older line without a subject is still found


def test_every_shape_is_documented():
    assert {row[0] for row in SHAPES} == set(facts.SHAPE_NAMES)


@pytest.mark.parametrize("said, fact, subject", ENDS, ids=[row[0] for row in ENDS])
def test_where_a_value_ends(said, fact, subject):
    # the tail may be a statement of its own ("and we have two kids"), kept as a second fact
    assert [(f["text"], f["subject"]) for f in extract(said)][:1] == [(fact, subject)]


@pytest.mark.parametrize("said, kept", SEVERAL, ids=[row[0] for row in SEVERAL])
def test_several_statements_in_one_message(said, kept):
    assert [f["text"] for f in extract(said)] == kept.split("; ")


@pytest.mark.parametrize("said, fact, subject", NOTES, ids=[row[0] for row in NOTES])
def test_what_a_person_asks_to_remember(said, fact, subject):
    assert extract(said) == [{"text": fact, "kind": "preference", "subject": subject}]


@pytest.mark.parametrize("said, why", NOTHING, ids=[row[0] for row in NOTHING])
def test_what_is_left_alone(said, why):
    assert extract(said) == []


# The same message in a fresh interpreter with another hash seed: set and dict order must not move a fact.
FRESH = (
    "import json, sys; from tests.runtime.test_mock_extraction import extract; "
    "print(json.dumps(extract(sys.argv[1])))"
)


def test_it_is_deterministic_and_reads_only_what_the_user_said():
    said = "I live in Berlin and my editor is Helix."
    kept = [
        {"text": "Lives in Berlin", "kind": "identity", "subject": "user.location"},
        {"text": "Editor is Helix", "kind": "preference", "subject": "user.editor"},
    ]
    assert extract(said) == kept
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", FRESH, said],
            capture_output=True,
            text=True,
            cwd=Path(__file__).parents[2],
            env={**os.environ, "PYTHONHASHSEED": seed},
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == kept, seed
    request = ChatRequest(
        model="m",
        messages=prompts.extraction_messages("Hello there", "I live in Paris."),
        purpose="extract",
        agent="lead",
    )
    assert json.loads(MockProvider().complete(request).content) == {"facts": []}  # never the answer's words
