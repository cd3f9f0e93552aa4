"""A credential named, then its value told with no "is" (a review of the screening): a run keeps
the value out of me.md, the commit messages, the reflog and the run record, and ordinary sentences
about passwords are written as they were said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swarmkit.scaffold import create_workspace
from swarmkit.screening.screen import screen
from tests.reliability.test_secrets import _cli
from tests.support.git import git


@pytest.fixture
def ws(tmp_path) -> Path:
    root = tmp_path / "ws"
    create_workspace(root, "Named credentials")
    return root


def _run(ws: Path, text: str) -> dict:
    code, out, err = _cli("run", str(ws), "--input", text, "--json")
    assert code == 0, err
    return json.loads(out)


def _everything(ws: Path) -> str:
    folder = ws / ".swarmkit" / "memory"
    parts = [path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.md"))]
    parts.append(git(folder, "log", "-p", "--all", "--format=%H%n%B"))
    parts.append(git(folder, "reflog", "--all"))
    parts += [
        path.read_text(encoding="utf-8") for path in sorted((ws / ".swarmkit" / "runs").glob("r-*.json"))
    ]
    return "\n".join(parts)


def _me(ws: Path) -> list[str]:
    path = ws / ".swarmkit" / "memory" / "me.md"
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    return [line[2:].split(" [by:")[0] for line in text.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize(
    ("told", "kept"),
    [
        (
            "Remember about me: I log into my laptop with the password toor every morning at work.",
            "Logs into their laptop with the password [REDACTED_SECRET] every morning at work",
        ),
        (
            "Remember about me: I ssh root@10.0.0.5 password toor.",
            "Sshes root@10.0.0.5 password [REDACTED_SECRET]",
        ),
    ],
)
def test_a_password_told_bare_never_reaches_the_folder_the_commits_or_the_record(ws, told, kept):
    _run(ws, told)
    assert _me(ws) == [kept]
    assert "toor" not in _everything(ws)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I log into my laptop with the password toor every morning at work.",
            "I log into my laptop with the password [REDACTED_SECRET] every morning at work.",
        ),
        ("ssh root@10.0.0.5 password toor.", "ssh root@10.0.0.5 password [REDACTED_SECRET]."),
        ("The password toor opens my laptop.", "The password [REDACTED_SECRET] opens my laptop."),
        ("a password of toor for the router", "a password of [REDACTED_SECRET] for the router"),
        (
            "Phone unlock pattern is Z, the one I always use",
            "Phone unlock pattern is [REDACTED_SECRET], the one I always use",
        ),
        ("the password for my email is hunter", "the password for my email is [REDACTED_SECRET]"),
        # ordinary uses of the word stay as they were said
        ("I use a password manager", "I use a password manager"),
        ("I reset my password yesterday", "I reset my password yesterday"),
        ("I forgot my password again.", "I forgot my password again."),
        ("the password field is empty", "the password field is empty"),
        ("I care about password hygiene.", "I care about password hygiene."),
        ("the unlock pattern is easy to guess", "the unlock pattern is easy to guess"),
    ],
)
def test_a_named_credential_is_redacted_with_or_without_is(text, expected):
    screened = screen(text)
    assert screened.ok and screened.text == expected


@pytest.mark.parametrize(
    "told",
    [
        "Remember about me: my PIN is 4821.",
        "Remember about me: my passport number is X12345678 and my IBAN is DE89 3704 0044 0532 0130 00",
        "Remember about me: my SSN is 078-05-1120.",
        "Remember about me: my seed phrase is abandon abandon abandon abandon abandon abandon abandon "
        "abandon abandon abandon abandon about",
    ],
)
def test_a_fact_whose_value_is_only_a_secret_is_not_written(ws, told):
    """ "IBAN is [REDACTED_SECRET]" tells nothing: refused as the PIN is, and the answer does not
    claim to remember it."""
    record = _run(ws, told)
    assert _me(ws) == []
    writes = record["memory_writes"]
    assert writes and {w["status"] for w in writes} == {"refused"}
    assert {w["reason"] for w in writes} == {"nothing left but secrets"}
    assert "I will remember that" not in record["output"]


def test_the_mock_says_it_keeps_no_secret_and_keeps_a_names_capitals(ws):
    record = _run(ws, "Remember about me: my PIN is 4821.")
    assert record["output"] == (
        "lead: Thank you for telling me. I will not remember the secret you told me: my memory never "
        "keeps secrets."
    )
    from swarmkit.runtime.providers.mock import _lower_first

    assert [_lower_first(t) for t in ("Lives in Oslo", "PIN is 4821", "IBAN is X", "Sam's dog is Rex")] == [
        "lives in Oslo",
        "PIN is 4821",
        "IBAN is X",
        "Sam's dog is Rex",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Passport number is X12345678",
        "IBAN is DE89 3704 0044 0532 0130 00",
        "SSN is 078-05-1120",
        "my PIN is 4821.",
        "SA ID number 7402036099183",
    ],
)
def test_a_name_and_its_secret_alone_are_refused(text):
    assert (screen(text).refused, screen(text).text) == ("nothing left but secrets", "")
