"""The memory-writer keeps facts about the person in the third person, never a model's first-person
echo. SmolLM2-135M, asked for short third-person facts, gave the person's sentences back as they
were ("I live in Lisbon.") or its own answer ("I'm ready to proceed, I live in Lisbon, …"), and
those were kept verbatim beside the offline reader's facts. A first-person fact is read again: what
the person said is kept as their fact, the rest (the assistant's voice) is not kept."""

from __future__ import annotations

import json

import pytest

from swarmkit.runtime.fact_voice import in_their_words
from swarmkit.speech.facts import in_the_speakers_voice
from tests.support.loopback_model import LoopbackModel, completion

pytest.importorskip("httpx")

TOLD = "I live in Lisbon. My wife is called Priya. I drive a red Skoda Octavia."
THREE = ["Drives a red Skoda Octavia", "Lives in Lisbon", "Wife is called Priya"]


def said(*texts: str) -> list[dict]:
    """Facts as a small model gives them: its text, and a kind and a subject of its own for each."""
    return [{"text": text, "kind": "identity", "subject": f"user.fact_{n}"} for n, text in enumerate(texts)]


@pytest.fixture
def remember(init_ws, cli):
    """Runs `task` against a model whose extraction replies `facts`; gives back the texts `memory
    list` shows and the run record's extraction."""
    servers: list[LoopbackModel] = []

    def told(task: str, facts: list[dict]) -> tuple[list[str], dict]:
        root = init_ws()
        servers.append(LoopbackModel(lambda body: (200, completion(json.dumps({"facts": facts})), 0.0)))
        status, _, err = cli(
            "run", str(root), "--input", task, "--provider", "openai", "--base-url", servers[-1].url,
            "--model", "smollm2",
        )  # fmt: skip
        assert status == 0, err
        assert not [line for line in err.splitlines() if line.startswith("warning: ")], err
        code, out, err = cli("memory", "-w", str(root), "list", "--format", "json")
        assert code == 0, err
        (record,) = (root / ".swarmkit/runs").glob("r-*.json")
        (extraction,) = json.loads(record.read_text())["memory"]["extractions"]
        assert extraction["read_by"] == "model"
        return sorted(entry["text"] for entry in json.loads(out)["entries"]), extraction

    yield told
    for server in servers:
        server.close()


def test_the_persons_sentences_copied_back_become_their_facts(remember):
    """The CI run: the model's facts were the person's sentences in the first person."""
    kept, extraction = remember(
        TOLD, said("I live in Lisbon.", "My wife is called Priya. I drive a red Skoda Octavia.")
    )
    assert kept == THREE
    assert extraction["recast_first_person"] == 2
    assert "dropped_not_said" not in extraction and "told_plainly_added" not in extraction


def test_the_models_answer_echoed_keeps_only_what_the_person_said(remember):
    echo = "I'm ready to proceed, I live in Lisbon, my wife is called Priya. I drive a red Skoda Octavia."
    kept, extraction = remember(TOLD, said(echo))
    assert kept == THREE
    assert not any("ready" in text.lower() for text in kept)
    assert extraction["recast_first_person"] == 1 and extraction["dropped_not_said"] == 1


def test_the_assistants_voice_is_not_kept(remember):
    kept, extraction = remember(
        "I live in Lisbon. Can you help me plan a trip to Japan?",
        said("I'm happy to help you plan the trip."),
    )
    assert kept == ["Lives in Lisbon"]  # the person's plain fact, added by the offline reader
    assert extraction["dropped_not_said"] == 1 and "recast_first_person" not in extraction
    assert extraction["told_plainly_added"] == 1


def test_the_persons_own_words_the_offline_reader_cannot_read_are_kept(remember):
    kept, extraction = remember(
        "Honestly, I can never remember my locker code.", said("I can never remember my locker code")
    )
    assert kept == ["I can never remember my locker code"]
    assert extraction["first_person_kept_as_said"] == 1
    assert "dropped_not_said" not in extraction and "recast_first_person" not in extraction


def test_a_third_person_fact_is_kept_as_the_model_gave_it(remember):
    kept, extraction = remember(
        "I work as a nurse.", [{"text": "Works as a nurse", "kind": "identity", "subject": "user.job"}]
    )
    assert kept == ["Works as a nurse"]
    assert not {"recast_first_person", "dropped_not_said", "first_person_kept_as_said"} & set(extraction)


@pytest.mark.parametrize(
    "task, facts, expected",
    [
        (
            "We moved to Bergen last year and our dog is called Rex.",
            said("We moved to Bergen last year.", "Our dog is called Rex."),
            ["Dog is called Rex", "Lives in Bergen"],
        ),
        (
            "I’m a vegetarian and I speak Portuguese and English.",
            said("I’m a vegetarian and I speak Portuguese and English"),
            ["Is a vegetarian", "Speaks Portuguese and English"],
        ),
        ("I live in Lisbon.", said("I'll remember that you live in Lisbon."), ["Lives in Lisbon"]),
        ("I live in Lisbon.", said("Lives in Lisbon", "I live in Lisbon"), ["Lives in Lisbon"]),
        (
            "I prefer tea over coffee.",
            said("I've noted your preferences.", "Prefers tea over coffee"),
            ["Prefers tea over coffee"],
        ),
        (
            "My knees ache when it rains.",
            said("My knees ache when it rains."),
            ["My knees ache when it rains."],
        ),
        ("I live in Lisbon.", said("I live in Porto"), ["Lives in Lisbon"]),
        ("I might move to Tokyo, not sure yet.", said("I'm moving to Tokyo."), []),
        ("I live in Lisbon.", said("I live in Lisbon and " + "I like tea, " * 100), ["Lives in Lisbon"]),
    ],
    ids=[
        "we-and-our",
        "curly-apostrophe",
        "assistant-promise",
        "same-fact-twice",
        "assistant-note-beside-a-fact",
        "own-words-unread",
        "a-fact-not-told",
        "an-undecided-move",
        "longer-than-any-one-fact",
    ],
)
def test_other_first_person_replies(remember, task, facts, expected):
    kept, _ = remember(task, facts)
    assert kept == expected


@pytest.mark.parametrize(
    "text, voiced",
    [
        ("I live in Lisbon", True),
        ("I’m a vegetarian", True),
        ("Drinks my coffee black", True),
        ("We'll be in Rome in June", True),
        ("Our flat has no lift", True),
        ("Lives in Lisbon", False),
        ("Moved to the US", False),  # the country, not "us"
        ("Loves 'Call Me Maybe'", False),  # a quotation is taken as written
        ("Blogs at https://example.com/my-life", False),
        ("Mnemonic: Please Excuse My Dear Aunt Sally", False),  # a capital mid-sentence: a name's word
        ("Likes Where Is My Mind by the Pixies", False),
        ("Lisbon is home. My wife is called Priya", True),  # a capital where a sentence starts
    ],
)
def test_which_facts_are_in_the_speakers_voice(text, voiced):
    assert in_the_speakers_voice(text) is voiced


@pytest.mark.parametrize(
    "text, message, theirs",
    [
        ("I can never remember my locker code", "Honestly, I can never remember my locker code.", True),
        ("I’d rather not fly.", "I'd rather not fly, thanks", True),
        ("I can never remember my code", "I can never remember my locker code.", False),
        ("I remember", "I remembered it", False),  # whole words only
        ("...", "...", False),  # no words
    ],
)
def test_which_facts_are_the_persons_own_words(text, message, theirs):
    assert in_their_words(text, message) is theirs


def test_forgetting_a_fact_leaves_no_copy_of_it(init_ws, cli, monkeypatch):
    """The CI chat: told the three in one message, then asked to forget the car; no first-person copy
    still holds "Skoda"."""
    import io

    facts = said("I live in Lisbon.", "My wife is called Priya. I drive a red Skoda Octavia.")
    server = LoopbackModel(lambda body: (200, completion(json.dumps({"facts": facts})), 0.0))
    try:
        root = init_ws()
        monkeypatch.setattr(
            "sys.stdin", io.StringIO(f"{TOLD}\nPlease forget that I drive a red Skoda Octavia.\n")
        )
        status, out, err = cli(
            "chat", str(root), "--provider", "openai", "--base-url", server.url, "--model", "smollm2"
        )
        assert status == 0, err
        assert "Forgotten: Drives a red Skoda Octavia" in out
        code, listed, err = cli("memory", "-w", str(root), "list", "--format", "json")
        assert code == 0, err
        assert sorted(entry["text"] for entry in json.loads(listed)["entries"]) == THREE[1:]
    finally:
        server.close()
