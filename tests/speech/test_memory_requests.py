"""What a person asks of memory in plain words (speech/memory_requests.py), against the corpus in
tests/speech/examples/memory_requests/: each positive example is read as its request, and no
look-alike is read as any request."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from swarmkit.speech import memory_requests
from tests.support import doc_tables

EXAMPLES = Path(__file__).parent / "examples" / "memory_requests"


def examples(side: str, name: str | None = None) -> list:
    out = []
    for path in sorted((EXAMPLES / side).glob("*.toml")):
        if name is None or path.stem == name:
            for number, example in enumerate(tomllib.loads(path.read_text("utf-8"))["example"], 1):
                out.append(pytest.param(example, id=f"{path.stem}-{number}"))
    return out


@pytest.mark.parametrize("example", examples("positive", "recall"))
def test_asking_what_memory_knows_is_read_with_its_topic(example):
    found = memory_requests.read(example["said"])
    assert [(r.asks, r.about) for r in found] == [("recall", example["about"])]


@pytest.mark.parametrize("example", examples("positive", "forget"))
def test_asking_to_forget_is_read_with_what_is_meant(example):
    found = memory_requests.read(example["said"])
    assert [(r.asks, r.about) for r in found] == [("forget", example["about"])]


@pytest.mark.parametrize("example", examples("positive", "correct"))
def test_a_correction_is_read_with_the_right_value(example):
    found = memory_requests.read(example["said"])
    assert [(r.asks, r.statement) for r in found] == [("correct", example["states"])]


@pytest.mark.parametrize("example", examples("negative"))
def test_a_look_alike_asks_nothing_of_memory(example):
    assert memory_requests.read(example["said"]) == []


def test_a_ref_named_in_a_forget_is_kept_as_the_ref():
    (request,) = memory_requests.read("Please forget users/ana.md#9a6c9bf6")
    assert request.ref == "users/ana.md#9a6c9bf6"


def test_topics_are_said_back_to_the_person():
    assert memory_requests.said_back("my work and our flat") == "your work and your flat"
    assert memory_requests.said_back("I live in Lisbon") == "you live in Lisbon"


def test_every_pattern_of_the_data_file_compiles():
    for name in memory_requests._data()["patterns"]:
        assert memory_requests.pattern(name).pattern


def table(header: str) -> list[list[str]]:
    return doc_tables.table("providers.md", header)


ASKS = {"what it knows": "recall", "forget": "forget", "correction": "correct"}


@pytest.mark.parametrize("said, asks, about", table("| You ask | Memory request | About |"))
def test_each_documented_phrasing(said, asks, about):
    (request,) = memory_requests.read(said)
    assert request.asks == ASKS[asks]
    if request.asks == "recall":
        assert request.about == ("" if about == "everything about you" else about)
    elif request.asks == "forget":
        assert request.about == about
    else:
        assert request.statement == about


@pytest.mark.parametrize("said, why", table("| You say | Why it asks nothing of memory |"))
def test_each_documented_look_alike(said, why):
    assert memory_requests.read(said) == []
