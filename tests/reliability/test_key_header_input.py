"""Issue 29 (hostile): an input starting with a private-key header stored its fact under
`subject: user.redacted`. The header has no END line, so screening took the rest of the input as
the key; the subject was then cleaned of every word of that span, "editor" among them. A plain word
of a long span is no echo of a secret (screen._echoes), and a subject left with nothing but
`redacted` is no subject (two such facts would replace each other)."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from swarmkit.screening.screen import names_nothing, redact_key
from tests.reliability.test_hand_edit_lines import HEADERS


def _run(ws, text: str) -> dict:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(["run", str(ws), "--input", text, "--json"])
    assert code == 0, err.getvalue()
    return json.loads(out.getvalue())


@pytest.mark.parametrize("header", HEADERS)
def test_a_fact_told_after_a_key_header_keeps_its_subject(tmp_path, header):
    ws = tmp_path / "ws"
    create_workspace(ws, "Keys")
    record = _run(ws, f"-----BEGIN {header}-----\nremember that my editor is vim")
    assert [w["text"] for w in record["memory_writes"]] == ["Editor is vim"]
    me = (ws / ".swarmkit" / "memory" / "me.md").read_text(encoding="utf-8")
    assert "subject: user.editor;" in me and "redacted" not in me and "BEGIN" not in me


def test_a_plain_word_of_a_long_span_is_no_echo_but_the_secret_is():
    span = "-----BEGIN PGP PRIVATE KEY BLOCK-----\nremember that my editor is vim"
    assert redact_key("user.editor", [span]) == "user.editor"
    assert redact_key("user.private_key_block", [span]) == "user.private_key_block"
    # the whole of a secret, a part with digits, half of a passphrase's letters: still echoes
    assert redact_key("user.notes.sunshine", ["sunshine"]) == "user.notes.redacted"
    assert redact_key("user.notes.pass_hunter2", ["my hunter2"]) == "user.notes.pass_redacted"
    phrase = "correct horse battery staple"
    assert redact_key("user.notes.correct_horse_battery", [phrase]) == "user.notes.redacted"
    assert redact_key("user.notes.horse", [phrase]) == "user.notes.horse"


def test_a_subject_that_names_nothing_once_screened_is_dropped(tmp_path):
    assert names_nothing("user.redacted") and names_nothing("deploy.redacted_redacted")
    assert not names_nothing("user.notes.redacted") and not names_nothing("user.location")
    store = MemoryStore(tmp_path / "memory", "keys")
    first = store.remember("The router password is Kx72mq!zT", "preference", subject="user.kx72mq_zt")
    second = store.remember("The printer password is Lp93nw!qR", "preference", subject="user.lp93nw_qr")
    assert (first.status, second.status) == ("written", "written")
    entries = store.entries("me.md")
    assert len(entries) == 2 and all(e.subject is None for e in entries)
