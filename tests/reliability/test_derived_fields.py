"""What screening finds never survives in a field made from the text, or in a side channel.

A subject slug of the unscreened sentence, metadata, the commit message, the recall index, the run
record (its input, the model's replies, which may re-spell a secret in lower case), a conversation,
a message of several lines kept as one line, and a command line that click took for an option.
Lines of our own; a secret is looked for in any case, with any punctuation between its parts (as a
slug would write it).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.folder import entries as E
from swarmkit.memory.store import MemoryStore
from swarmkit.runtime.records import screened_record, screened_throughout
from swarmkit.scaffold import create_workspace
from swarmkit.screening.screen import (
    echo_pattern,
    redact_key,
    screen,
    screen_block,
    without_found,
)
from swarmkit.speech.facts import value_key
from tests.support.git import git

DOOR_KEY = "Jw4nQ8zRt2Lp6v"
CARD = "5412 7534 8765 4324"  # Luhn-valid, no published test card
CVC = "772"


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def spelled(secret: str) -> re.Pattern:
    """The secret in any case, with any punctuation between its letters-and-digits parts."""
    parts = re.findall(r"[a-z0-9]+", secret.lower())
    return re.compile(r"(?<![a-z0-9])" + "[^a-z0-9]{1,3}".join(parts) + r"(?![a-z0-9])")


def everything_in(folder: Path) -> str:
    """The memory folder's files (the recall index built first), its git history with every commit
    message, lower-cased."""
    MemoryStore(folder, "derived").recall("club wifi password card")
    parts = [
        path.read_bytes().decode("utf-8", "replace")
        for path in sorted(folder.rglob("*"))
        if path.is_file() and ".git" not in path.relative_to(folder).parts
    ]
    parts.append(git(folder, "log", "-p", "--all", "--format=%H%n%B"))
    return "\n".join(parts).lower()


def assert_absent(text: str, *secrets: str) -> None:
    kept = [s for s in secrets if spelled(s).search(text.lower())]
    assert not kept, f"kept: {kept}"


# ---- keys made from words -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "told", "expected"),
    [
        # a slug of the unscreened sentence: the secret's parts, lower-cased, joined by `_`
        (
            f"user.notes.{value_key('The club wifi password is ' + DOOR_KEY)}",
            [DOOR_KEY],
            "user.notes.the_club_wifi_password_is_redacted",
        ),
        # a card number's four groups become one word; the code told after it too
        (
            f"user.notes.{value_key(f'Mastercard {CARD} cvc {CVC}')}",
            [CARD, CVC],
            "user.notes.mastercard_redacted_cvc",
        ),
        # a slug cut at 60 characters keeps the head of a long token: still the secret's
        (
            "user.notes.deploy_token_glpat_x7k2m9q4",
            ["glpat-x7k2m9q4v8r1w6z3"],
            "user.notes.deploy_token_redacted",
        ),
        # words that are no secret's parts stay as they were
        ("user.location", ["glpat-x7k2m9q4v8r1w6z3"], "user.location"),
        ("user.notes.coffee_black_no_sugar", [], "user.notes.coffee_black_no_sugar"),
    ],
)
def test_a_key_loses_the_secrets_of_the_text_it_was_made_from(key, told, expected):
    assert redact_key(key, told) == expected


def test_a_key_read_as_words_is_screened_without_being_told_what_the_text_held():
    """The last guard of every writer (E.render): the subject read as a sentence."""
    key = f"user.notes.{value_key('The club wifi password is ' + DOOR_KEY)}"
    assert redact_key(key) == "user.notes.the_club_wifi_password_is_redacted"
    line = E.render("The club wifi password is [REDACTED_SECRET]", {"by": "agent", "subject": key})
    assert line == (
        "- The club wifi password is [REDACTED_SECRET] [by: agent; subject: user.notes.the_club_wifi_password_is_redacted]"
    )
    for benign in (
        "user.location",
        "user.notes.prefers_tabs_over_spaces",
        "user.pin_reminder_day",
        "deploy.region",
    ):
        assert E.render("x y z", {"subject": benign}).endswith(f"[subject: {benign}]")


def test_a_field_echoing_a_secret_in_other_case_or_punctuation_is_redacted():
    assert without_found(f"see card_{CARD.replace(' ', '_')}", [CARD]) == "see card_[REDACTED_SECRET]"
    assert without_found("notes on jw4nq8zrt2lp6v", [DOOR_KEY]) == "notes on [REDACTED_SECRET]"
    # a secret in other letters is looked for as written, not by its digits alone
    pattern = echo_pattern(["Ключ2024"], folded=True)
    assert pattern is not None and pattern.sub("X", "Ключ2024 in 2024") == "X in 2024"


# ---- every writer ---------------------------------------------------------------------------


def test_store_remember_cleans_the_subject_and_metadata_of_what_the_text_held(tmp_path):
    folder = tmp_path / "memory"
    store = MemoryStore(folder, "derived")
    text = f"The club wifi password is {DOOR_KEY}"
    result = store.remember(
        text,
        kind="preference",
        subject=f"user.notes.{value_key(text)}",
        extra={"note": f"told as {DOOR_KEY.lower()}"},
    )
    assert result.status == "written"
    line = [x for x in (folder / "me.md").read_text().splitlines() if x.startswith("- ")][-1]
    assert "subject: user.notes.the_club_wifi_password_is_redacted;" in line
    assert "note: told as REDACTED_SECRET" in line  # metadata values hold no brackets
    assert_absent(everything_in(folder), DOOR_KEY)
    assert (folder / ".index" / "recall.sqlite3").exists()
    assert commit_subjects(folder)[0] == "Remember: The club wifi password is [REDACTED_SECRET]"


def commit_subjects(folder: Path) -> list[str]:
    return git(folder, "log", "--format=%s").splitlines()


@pytest.fixture
def ws(tmp_path) -> Path:
    root = tmp_path / "ws"
    create_workspace(root, "Derived")
    return root


def test_a_run_keeps_no_secret_in_the_subject_the_record_or_the_index(ws, monkeypatch):
    """The mock's memory-writer names a note `user.notes.<slug of the statement>`."""
    monkeypatch.setenv("SWARMKIT_EMBEDDING_MODEL", "off")
    for said in (
        f"remember: The club wifi password is {DOOR_KEY}",
        f"remember: Mastercard {CARD} with cvc {CVC}",
    ):
        code, out, err = _cli("run", str(ws), "--provider", "mock", "--input", said)
        assert code == 0, err
    folder = ws / ".swarmkit" / "memory"
    text = everything_in(folder)
    assert (folder / ".index" / "recall.sqlite3").exists()
    assert "subject: user.notes.the_club_wifi_password_is_redacted;" in text
    assert_absent(text, DOOR_KEY, CARD)
    assert not re.search(r"(?<![0-9])772(?![0-9])", re.sub(r"[0-9a-f]{40}", "", text))
    records = sorted((ws / ".swarmkit" / "runs").glob("r-*.json"))
    assert len(records) == 2
    for path in records:
        record = path.read_text(encoding="utf-8")
        assert_absent(record, DOOR_KEY, CARD)
        assert json.loads(record)["input"] in (
            "remember: The club wifi password is [REDACTED_SECRET]",
            "remember: Mastercard [REDACTED_SECRET] with cvc [REDACTED_SECRET]",
        )


def test_a_model_reply_that_re_spells_a_secret_is_redacted_in_the_record():
    record = {
        "id": "r-1",
        "started_at": "2026-12-01T10:00:00Z",
        "input": f"remember: The club wifi password is {DOOR_KEY}",
        "model_calls": [
            {"reply": json.dumps({"facts": [{"subject": f"user.notes.door_key_{DOOR_KEY.lower()}"}]})},
        ],
    }
    kept = json.dumps(screened_record(record))
    assert_absent(kept, DOOR_KEY)
    assert "user.notes.door_key_[REDACTED_SECRET]" in kept


def test_a_conversation_redacts_an_earlier_turns_secret_where_a_later_turn_echoes_it():
    conversation = {
        "id": "c-1",
        "updated_at": "2026-12-01T10:00:00Z",
        "turns": [
            {"input": f"The club wifi password is {DOOR_KEY}", "at": "2026-12-01T10:00:00Z", "run": "r-1"},
            {"input": f"what was {DOOR_KEY} for?", "output": f"{DOOR_KEY} opens the club wifi", "run": "r-2"},
        ],
    }
    kept = screened_throughout(conversation)
    assert_absent(json.dumps(kept), DOOR_KEY)
    assert kept["turns"][1]["output"] == "[REDACTED_SECRET] opens the club wifi"
    assert (
        kept["turns"][0]["at"] == "2026-12-01T10:00:00Z" and kept["updated_at"] == conversation["updated_at"]
    )


# ---- messages of several lines --------------------------------------------------------------

CODES = ["5820 3391", "7741 0265", "1198 4473"]
LIST_MESSAGE = "Dropbox recovery codes\n" + "".join(f"- {code}\n" for code in CODES)


def test_a_list_under_the_line_that_names_it_is_screened_as_a_list():
    # read line by line after joining, only the first code is found; the block as written, all
    assert screen(re.sub(r"\s+", " ", LIST_MESSAGE)).text != screen_block(LIST_MESSAGE).text
    kept = screen_block(LIST_MESSAGE)
    assert (
        kept.ok
        and kept.text == "Dropbox recovery codes - [REDACTED_SECRET] - [REDACTED_SECRET] - [REDACTED_SECRET]"
    )


def test_memory_add_from_stdin_keeps_no_code_of_a_list(ws, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(LIST_MESSAGE))
    code, out, err = _cli("memory", "-w", str(ws), "add", "-")
    assert code == 0, err
    assert (
        out
        == "written lessons.md#"
        + E.text_digest(screen_block(LIST_MESSAGE).text)
        + (": Dropbox recovery codes - [REDACTED_SECRET] - [REDACTED_SECRET] - [REDACTED_SECRET]")
        + out[out.index(" (commit") :]
    )
    assert_absent(everything_in(ws / ".swarmkit" / "memory"), *CODES)


# ---- a private key on the command line ------------------------------------------------------

PRIVATE_KEY = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "QyNTUxOQAAACBk8qL3vX0mT7rWc2yNf5Hj9sD4aE6uZ1pK0bG3xV8iYwAAAJh2c3Rr\n"
    "-----END OPENSSH PRIVATE KEY-----"
)


def test_a_text_click_takes_for_an_option_gets_a_hint_and_is_never_echoed(ws):
    code, out, err = _cli("memory", "-w", str(ws), "add", PRIVATE_KEY)
    assert code == 2 and out == ""
    assert err == (
        "error: '[REDACTED_SECRET]' was read as an option: a text that starts with '-' is taken for one\n"
        '  hint: put -- before it (`swarmkit memory add -- "-text"`), or give - and pipe the text in on standard input\n'
    )
    code, out, err = _cli("memory", "-w", str(ws), "add", "-x")  # an option's shape: as before
    assert code == 2 and err.startswith("error: no such option '-x'\n")


@pytest.mark.parametrize("how", ["stdin", "after --"])
def test_a_private_key_block_is_refused_however_it_is_given(ws, monkeypatch, how):
    if how == "stdin":
        monkeypatch.setattr("sys.stdin", io.StringIO(PRIVATE_KEY + "\n"))
        args = ["-"]
    else:
        args = ["--", PRIVATE_KEY]
    code, out, err = _cli("memory", "-w", str(ws), "add", *args)
    assert code == 1 and out == ""
    assert err.startswith(
        "error: the text is nothing but a secret, and memory never keeps secrets; nothing was written\n"
    )
    assert not (ws / ".swarmkit" / "memory").exists()  # nothing was written, not even a folder
