"""One screening pass per written text and per record field (issue 31): a text screened once is
marked so (ScreenedText) and not read again; a run record reads each field once, with its key.

The counts of a whole command are bench/bench_memory_door.py's; here, what each pass saved keeps
its result: the record's one reading gives what reading a value alone and with its key gave, over
every screening example, and what a write no longer reads again holds no secret.
"""

from __future__ import annotations

import datetime
from collections import Counter

import pytest

import swarmkit.screening.secrets as secrets
from swarmkit.memory.folder import entries as E
from swarmkit.memory.store import MemoryStore
from swarmkit.runtime.records import screened, screened_throughout
from swarmkit.scaffold import create_workspace
from swarmkit.screening.screen import REDACTED, ScreenedText, redact, screen, screen_entry
from tests.screening.example_files import examples
from tests.support.runs import REMEMBER, run_once


@pytest.fixture
def passes(monkeypatch):
    """Every text handed to the detectors, in order (whether or not the process remembered it)."""
    texts: list[str] = []
    real = secrets.find_spans

    def counted(text):
        texts.append(text)
        return real(text)

    monkeypatch.setattr(secrets, "find_spans", counted)
    return texts


def test_a_screened_text_is_not_read_again_and_a_changed_one_is(passes):
    first = screen("The wifi password is Tr0ub4dor&3x, say it to nobody")
    assert first.ok and REDACTED in first.text and first.found
    marked = ScreenedText(first.text, first.found)
    passes.clear()
    assert redact(marked) == (marked, 0)
    again = screen_entry(marked)
    assert (again.text, again.found, again.ok) == (first.text, first.found, True)
    assert passes == []
    for changed in (marked.strip(), marked[:-1], str(marked), marked + " ", marked.lower()):
        assert type(changed) is str  # the mark never outlives its exact text
    redact(marked + " and more")
    assert passes == [marked + " and more"]


def test_a_screened_text_keeps_the_checks_that_read_no_secret():
    assert screen(ScreenedText("ok")).refused == "too short (under 3 characters)"
    assert screen(ScreenedText("remember <no-memory> this")).refused
    assert screen(ScreenedText(f"{REDACTED} {REDACTED}")).refused == "nothing left but secrets"


def _two_readings(key: str, value: str, found: list[str]) -> str:
    """What a record field was before one pass: read with its key, and alone when that found nothing
    or its secret took in the key."""
    prefix = f"{key}: "
    joined, count = redact(prefix + value, found)
    if count and joined.startswith(prefix):
        return joined[len(prefix) :]
    return redact(value, found)[0]


KEYS = ("content", "text", "input", "output", "detail", "reply", "arguments", "password", "token", "pin")


@pytest.mark.parametrize("key", KEYS)
def test_a_record_field_read_once_with_its_key_loses_what_two_readings_took(key):
    differ = []
    for text in [example.text for example in examples("secrets") + examples("benign")]:
        one: list[str] = []
        two: list[str] = []
        if screened(text, key, one) != _two_readings(key, text, two) or set(one) - set(two):
            differ.append(text)
    assert differ == []


def test_a_record_reads_each_text_once(passes):
    prompt = "Three things to remember about me: my PIN is 4921"
    record = {
        "input": prompt,
        "agents": [{"id": "lead", "prompt": [{"role": "user", "content": prompt}]} for _ in range(3)],
        "model_calls": [{"agent": "lead", "messages": [{"role": "user", "content": prompt}]}] * 4,
    }
    out = screened_throughout(record)
    assert "4921" not in str(out)
    assert [text for text, n in Counter(passes).items() if n > 1] == []


def test_by_kind_and_the_date_hold_no_secret():
    """A write no longer screens its own metadata words: each of them screens to nothing."""
    day = datetime.date(2024, 1, 1)
    dates = [(day + datetime.timedelta(days=n)).isoformat() for n in range(366 * 12)]
    words = (*E.KINDS, *E.SWARM_KINDS, "user", "agent", *dates)
    assert [word for word in words if secrets.find_spans(word) or secrets.find_spans(f"x [by: {word}]")] == []


def test_one_memory_add_reads_each_written_text_once(tmp_path, passes):
    store = MemoryStore(tmp_path / "memory", "ws")
    store.add("I prefer tabs over spaces")
    store.add("The staging password is hunter2-Blue-Kite, rotate it monthly")
    assert [text for text, n in Counter(passes).items() if n > 1] == []
    written = (tmp_path / "memory" / "me.md").read_text(encoding="utf-8")
    assert "Prefers tabs over spaces" in written or "prefer tabs over spaces" in written
    assert "hunter2" not in (tmp_path / "memory" / "lessons.md").read_text(encoding="utf-8")


def test_a_mock_run_that_keeps_its_facts_reads_no_written_text_twice(tmp_path, passes):
    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    record, _ = run_once(root, REMEMBER)
    assert record["status"] == "ok" and len(record["memory_writes"]) >= 2
    twice = {text for text, n in Counter(passes).items() if n > 1}
    # what a write keeps (each fact, its subject) and each record field: one pass each
    assert [text for text in twice if any(w["text"] in text for w in record["memory_writes"])] == []
