"""Issue 18's families of secrets: each shape redacted exactly, look-alikes left alone, and none of
them kept by a run (its record included: every field, the agents' echoes of the user too), `memory
add`, import or feedback, in the files, `git log -p --all`, the recall index or an API response.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from swarmkit.memory.store import MemoryStore
from swarmkit.runtime.records import screened_record
from swarmkit.screening.screen import REDACTED, screen
from swarmkit.screening.secrets import phrases
from tests.reliability.test_secrets import (
    _cli,
    _run,
    assert_no_secret,
    assert_no_secret_in_runs,
    leaked,
)
from tests.screening.example_files import Secret, issue_18_cases

# (family, text, the text screened): the examples labelled `issue 18: <family>`
FAMILY_CASES = issue_18_cases()

FAMILIES = sorted({family for family, _, _ in FAMILY_CASES})


def _secrets_of(text: str, expected: str) -> list[str]:
    """The parts of `text` that `expected` shows as [REDACTED_SECRET] (read off the pinned text,
    not off the screening under test)."""
    pattern = "(.+?)".join(re.escape(part) for part in expected.split(REDACTED))
    match = re.fullmatch(pattern, text, re.S)
    assert match is not None, (text, expected)
    return list(match.groups())


# Every secret of every case, as a corpus item: its family and the longest part redacted.
ISSUE_18 = [
    Secret(family, "prose", text, max(_secrets_of(text, expected), key=len))
    for family, text, expected in FAMILY_CASES
]


def test_the_cases_cover_every_family_of_issue_18():
    assert FAMILIES == [
        "card security code",
        "instruction",
        *sorted(f for f in FAMILIES if f.startswith("password in ")),
        "query parameter",
        "recovery codes",
        "recovery phrase",
        "session cookie",
        "totp seed",
    ]
    languages = [f for f in FAMILIES if f.startswith("password in ")]
    assert len(languages) >= 20, languages  # and the European ones keys.py reads besides
    assert all(len(_secrets_of(t, e)) >= 1 for _, t, e in FAMILY_CASES)


@pytest.mark.parametrize(("family", "text", "expected"), FAMILY_CASES, ids=[c[1][:40] for c in FAMILY_CASES])
def test_each_shape_is_redacted_exactly(family, text, expected):
    screened = screen(text)
    assert screened.ok, screened.refused
    assert screened.text == expected
    # the same told mid-sentence, with words and a full stop after it, and in a run of sentences
    for told in (f"{text}. Then the team moved on", f"Noted on Monday: {text}.\nAsk Ana first"):
        assert not leaked(screen(told).text, [ISSUE_18[FAMILY_CASES.index((family, text, expected))]]), told


def test_every_code_of_a_recovery_code_list_is_redacted():
    text = "backup codes: 1234-5678, 2345-6789, 3456-7890 and 4567-8901"
    assert screen(text).redactions == 4
    # the words after the list are not codes
    assert screen("recovery codes: 48392017 59201834 printed for the safe").text == (
        f"recovery codes: {REDACTED} {REDACTED} printed for the safe"
    )


def test_the_bip39_wordlist_is_the_published_one():
    words = phrases.wordlist()
    text = "\n".join(sorted(words, key=words.__getitem__)) + "\n"
    assert len(words) == 2048
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"
    )


def test_the_bip39_checksum_is_the_standards():
    # test vectors of BIP-39 (entropy 00..00, 7f..7f, 80..80, ff..ff)
    assert phrases.checksum_valid(["abandon"] * 11 + ["about"])
    assert phrases.checksum_valid(
        "legal winner thank year wave sausage worth useful legal winner thank yellow".split()
    )
    assert phrases.checksum_valid(
        ("letter advice cage absurd amount doctor acoustic avoid " * 2).split()[:11] + ["above"]
    )
    assert phrases.checksum_valid(["zoo"] * 23 + ["vote"])
    assert not phrases.checksum_valid(["abandon"] * 12)
    assert not phrases.checksum_valid(["zoo"] * 11)  # not a length BIP-39 has


@pytest.mark.parametrize(
    "text",
    [
        # twelve words of the list, capitalised and comma-separated, with nothing about a wallet
        "Colours for the deck: black, blue, brown, gold, gray, green, orange, pink, purple, red, silver, yellow",
        "Spelling words this week: Ocean, River, Forest, Desert, Island, Valley, Canyon, Meadow, Glacier, Volcano, Planet, Comet",
        # eleven lowercase words of the list: one short of a phrase
        "abandon ability able about above absent absorb abstract absurd abuse access",
        # prose is full of words that are not in the list ("the", "is", "my", plurals)
        "My Very Educated Mother Just Served Us Nachos",
    ],
)
def test_word_lists_and_mnemonics_are_not_recovery_phrases(text):
    assert screen(text).text == text


def test_a_secret_found_in_one_field_of_a_record_is_redacted_wherever_it_is_echoed():
    """The input says what the value is; an agent's output quotes it where nothing names it."""
    record = {
        "id": "r-0000feed",
        "input": "Perro#77x is my password",
        "output": "lead: you wrote Perro#77x; noted",
        "agents": [{"id": "lead", "output": "Perro#77x"}],
        "model_calls": [{"messages": [{"role": "user", "content": "echo Perro#77x back"}]}],
        "tool_calls": [{"name": "t", "arguments": {"Perro#77x": "Perro#77x!"}}],
    }
    out = screened_record(record)
    assert "Perro#77x" not in json.dumps(out)
    assert out["output"] == f"lead: you wrote {REDACTED}; noted"
    assert out["agents"][0]["output"] == REDACTED
    assert out["model_calls"][0]["messages"][0]["content"] == f"echo {REDACTED} back"
    # a value found in one place is redacted as a whole token only: "Perro#77xy" is another word
    assert (
        screened_record({"input": "Perro#77x is my password", "output": "Perro#77xy"})["output"]
        == "Perro#77xy"
    )


def test_an_echo_is_not_looked_for_in_the_fields_that_name_or_time_a_run():
    record = {
        "id": "r-00002026",
        "started_at": "2026-12-01T10:00:00Z",
        "input": "my PIN is 2026",
        "output": "2026 it is",
    }
    out = screened_record(record)
    assert (out["id"], out["started_at"]) == ("r-00002026", "2026-12-01T10:00:00Z")
    assert out["input"] == f"my PIN is {REDACTED}" and out["output"] == f"{REDACTED} it is"


def test_a_short_code_is_redacted_only_where_it_was_found():
    """A 3-digit CVV found once is not taken out of every number of the record (a count, an id)."""
    out = screened_record({"input": "my visa CVV 123", "output": "123 results", "id": "r-00000123"})
    assert out["input"] == f"my visa CVV {REDACTED}" and out["output"] == "123 results"


def test_an_imported_note_is_screened_with_the_line_that_introduces_its_list(tmp_path):
    """A note is an entry of its own, but a heading or the line before it may be what says it is a
    secret: the whole file is screened, and a note left with nothing but a secret is skipped."""
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "accounts.md").write_text(
        "# Accounts\n\n## GitHub backup codes\n\n- 8472-1934\n- 2290-5531\n\n"
        "Backup codes:\n- 4821-0034\n- 7719-2210 (the last one)\n\n## Office\n\n- The office opens at 9:00\n"
    )
    folder = tmp_path / "memory"
    result = MemoryStore(folder, "reliability").import_folder(notes)
    assert (result.imported, result.skipped) == (2, 3)
    inbox = (folder / "inbox.md").read_text()
    assert "- The office opens at 9:00 [" in inbox and f"- {REDACTED} (the last one) [" in inbox
    codes = [
        Secret("recovery codes", "prose", "", c) for c in ("8472-1934", "2290-5531", "4821-0034", "7719-2210")
    ]
    assert_no_secret(folder, codes)


def test_issue_18_shapes_reach_no_file_commit_index_run_record_or_api_response(ws, tmp_path):
    """Told to a run (the mock's own extraction, which echoes the input in every agent's output, and
    a scripted one), added with `memory add`, imported and given as feedback."""
    import warnings

    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    said = ". ".join(s.text for s in ISSUE_18) + ". I live in Lisbon."
    told = _run(ws, tmp_path, said, [])
    assert told["agents"] and all(REDACTED in a["output"] for a in told["agents"])  # the echoes
    facts = [{"text": s.text + " (noted for the team)", "kind": "insight"} for s in ISSUE_18]
    steps = [{"when": {"purpose": "extract"}, "reply": json.dumps({"facts": facts})}]
    record = _run(ws, tmp_path, "Summarise what the team should keep about our accounts and logins.", steps)
    assert any(w["status"] == "written" for w in record["memory_writes"]), record["memory_writes"]
    for secret in ISSUE_18:
        code, out, err = _cli("memory", "--workspace", str(ws), "add", secret.text + " (for ops)", "--json")
        assert code in (0, 1), err  # written, or refused as nothing but a secret
        assert not leaked(out + err, ISSUE_18), (secret.id, out, err)
    folder = ws / ".swarmkit" / "memory"
    notes = tmp_path / "issue-18-notes"
    notes.mkdir()
    (notes / "accounts.md").write_text("".join(f"- {s.text}\n" for s in ISSUE_18))
    store = MemoryStore(folder, "reliability")
    assert store.import_folder(notes).imported >= 1
    for n, secret in enumerate(ISSUE_18):
        store.feedback(f"r-{n:08x}", f"Remember this: {secret.text}")
    assert_no_secret(folder, ISSUE_18)
    assert_no_secret_in_runs(ws, ISSUE_18)
    for run_id in (told["id"], record["id"]):
        code, out, _ = _cli("runs", "-w", str(ws), "--json", "show", run_id)
        assert code == 0 and not leaked(out, ISSUE_18)
    with TestClient(create_app(ws, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        headers = {"Authorization": "Bearer " + "t" * 32}
        for route in (
            "/runs",
            f"/runs/{told['id']}",
            f"/runs/{record['id']}",
            "/memory/entries",
            "/memory/inbox",
        ):
            response = client.get(route, headers=headers)
            assert response.status_code == 200 and not leaked(response.text, ISSUE_18), route


@pytest.fixture
def ws(tmp_path) -> Path:
    from swarmkit.scaffold import create_workspace

    root = tmp_path / "ws"
    create_workspace(root, "Secrets")
    return root
