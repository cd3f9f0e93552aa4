"""Issue 29: a hand edit is screened a line at a time, so nothing it holds costs another entry.

A private-key header with no END line (every header kind screening knows) once made the next write
redact everything after it: the hand-written entries below it were never committed, and the entry
the write reported ("written me.md#…") was in no file. A hand edit's screening also read one line
with the next ("Hand note cisco_type7 stays" became the password of the line above) and a cue in an
entry's text with its own metadata ("the door code changed [added: 2026-12-01]" lost its year).
Lines of our own: each header kind, unterminated, with and without key material under it.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from swarmkit.cli.main import run as cli_run
from swarmkit.memory.folder.entries import entry_parts
from swarmkit.memory.store import MemoryStore
from swarmkit.scaffold import create_workspace
from swarmkit.screening.lines import redact_lines, screen_lines
from swarmkit.screening.screen import REDACTED
from tests.support.git import git

# Every header kind the private-key rule knows: `-----BEGIN <anything> PRIVATE KEY[ BLOCK]-----`.
HEADERS = [
    "RSA PRIVATE KEY",
    "EC PRIVATE KEY",
    "DSA PRIVATE KEY",
    "OPENSSH PRIVATE KEY",
    "PGP PRIVATE KEY BLOCK",
    "ENCRYPTED PRIVATE KEY",
    "PRIVATE KEY",
    "SSH2 ENCRYPTED PRIVATE KEY",
    "ANY PRIVATE KEY",
]
BODY = "MIIEowIBAAKCAQEAx7d3Fj8QmZ2pLr9vKqW1nE0tYh3sJb6uT4oNc8gRfVa2XmLk"
LATER = ["- Hand note one stays", "- Hand note cisco_type7 stays", "- The garage is painted blue"]
FILES = [
    "me.md",
    "lessons.md",
    "notes/ops.md",
    "users/ana.md",
    "MEMORY.md",
    "inbox.md",
    "swarms/deploy-1a2b3c4d/findings.md",
]


def _store(tmp_path, rel: str) -> MemoryStore:
    return MemoryStore(tmp_path / "memory", "demo", user="ana" if rel.startswith("users/") else None)


def _hand_edit(store: MemoryStore, rel: str, *lines: str) -> None:
    path = store.folder / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    before = path.read_text(encoding="utf-8") if path.exists() else f"# {rel}\n\n"
    path.write_text(before + "".join(line + "\n" for line in lines), encoding="utf-8")


def _committed(store: MemoryStore, rel: str) -> str:
    return git(store.folder, "show", f"HEAD:{rel}")


@pytest.mark.parametrize("header", HEADERS)
@pytest.mark.parametrize("rel", FILES)
def test_an_unterminated_key_header_costs_its_own_line_only(tmp_path, header, rel):
    store = _store(tmp_path, rel)
    store.add("Prefers green tea")  # the folder exists, with entries swarmkit wrote
    _hand_edit(store, rel, f"- Pasted my key -----BEGIN {header}----- {BODY[:24]}", *LATER)
    with pytest.warns(UserWarning, match=f"redacted 1 secret in hand edits of {rel}"):
        written = store.add("I live in Lisbon")
    assert written.status == "written"
    committed = _committed(store, rel)
    assert (
        f"- Pasted my key {REDACTED}" in committed and "BEGIN" not in committed and BODY[:24] not in committed
    )
    assert all(line in committed for line in LATER)
    # what the write reported is in a file, under the ref it gave
    shown = store.entry_at(written.ref)[0]
    assert shown.text == "I live in Lisbon"
    assert written.ref.split("#")[0] in {"me.md", "users/ana.md"}


@pytest.mark.parametrize("header", HEADERS)
def test_key_material_under_an_unterminated_header_goes_with_it_and_nothing_more(tmp_path, header):
    store = _store(tmp_path, "me.md")
    store.add("Prefers green tea")
    armor = ["Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC,3F2A"] if header.startswith("RSA") else []
    body = [BODY, BODY[::-1], "", BODY[5:] + "=="]
    _hand_edit(store, "me.md", f"-----BEGIN {header}-----", *armor, *body, *LATER)
    with pytest.warns(UserWarning, match="redacted 1 secret"):
        assert store.add("I live in Lisbon").status == "written"
    committed = _committed(store, "me.md")
    assert BODY not in committed and BODY[::-1] not in committed and "Proc-Type" not in committed
    assert REDACTED in committed and all(line in committed for line in LATER)
    assert "I live in Lisbon" in committed


@pytest.mark.parametrize("header", HEADERS)
def test_a_whole_key_block_typed_by_hand_goes_whole(tmp_path, header):
    store = _store(tmp_path, "lessons.md")
    store.add("Prefers green tea")
    block = [f"-----BEGIN {header}-----", BODY, BODY[::-1], f"-----END {header}-----"]
    _hand_edit(store, "lessons.md", "Deploy key for the box:", *block, *LATER)
    with pytest.warns(UserWarning, match="redacted 1 secret"):
        store.add("Deploys go through staging first", kind="rule")
    committed = _committed(store, "lessons.md")
    assert not {"BEGIN", "END", BODY, BODY[::-1]} & {w for w in committed.replace("-----", " ").split()}
    assert "Deploy key for the box:" in committed and all(line in committed for line in LATER)
    assert "- Deploys go through staging first" in committed


def test_a_hand_edit_never_lends_its_words_to_the_next_entry(tmp_path):
    store = _store(tmp_path, "me.md")
    store.add("Prefers green tea")
    _hand_edit(
        store,
        "me.md",
        "- username admin password 7 0822455D0A16",
        "- Hand note cisco_type7 stays",
        "- the router password is",
        "- Hand note tulip_77 stays",
        "- enable password:",
        "- Hand note kite_2024 stays",
    )
    store.add("I live in Lisbon")
    committed = _committed(store, "me.md")
    for note in ("cisco_type7", "tulip_77", "kite_2024"):
        assert f"- Hand note {note} stays" in committed


def test_an_entry_metadata_is_never_read_with_its_text(tmp_path):
    store = _store(tmp_path, "lessons.md")
    kept = [
        "- the door code changed last week [by: user; added: 2026-12-01]",
        "- The --password-file flag reads the password from a file [by: user; added: 2026-12-01]",
        "- use 1Password to sign in [by: user; kind: rule; added: 2026-12-01]",
        "- I like fruit number 4 [by: user; kind: preference; subject: user.likes.fruit_number_4; added: 2026-12-01]",
    ]
    store.add("Deploys go through staging first", kind="rule")
    _hand_edit(store, "lessons.md", *kept, "- my wifi password is Zq7Rv2Lm9Xw4Kp8Tn3Yb")
    store.add("Reviews need two approvals", kind="rule")
    committed = _committed(store, "lessons.md")
    assert all(line in committed for line in kept), committed
    assert "Zq7Rv2Lm9Xw4Kp8Tn3Yb" not in committed and f"- my wifi password is {REDACTED}" in committed


def test_metadata_typed_by_hand_is_screened_with_its_key(tmp_path):
    store = _store(tmp_path, "lessons.md")
    store.add("Deploys go through staging first", kind="rule")
    _hand_edit(store, "lessons.md", "- Router notes [by: user; password: Quill#4471x]")
    store.add("Reviews need two approvals", kind="rule")
    committed = _committed(store, "lessons.md")
    assert "Quill#4471x" not in committed and "- Router notes [by: user;" in committed


def test_a_list_under_its_heading_is_still_read_as_that_list(tmp_path):
    store = _store(tmp_path, "notes/accounts.md")
    store.add("Deploys go through staging first", kind="rule")
    _hand_edit(store, "notes/accounts.md", "## GitHub recovery codes", "", "- 8472-1934", "- 5521-0087")
    store.add("Reviews need two approvals", kind="rule")
    committed = _committed(store, "notes/accounts.md")
    assert "8472-1934" not in committed and "5521-0087" not in committed
    assert "## GitHub recovery codes" in committed


def test_a_write_that_rewrites_the_edited_file_keeps_its_own_line(tmp_path):
    """The replace path: the write read me.md before its hand edits were screened, and its new line
    goes where the old value was; the hand edits around it are screened, its own line never."""
    store = _store(tmp_path, "me.md")
    store.add("I live in Lisbon")
    _hand_edit(store, "me.md", "- Pasted -----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjE", *LATER)
    replaced = store.add("I live in Porto")
    assert replaced.status == "replaced"
    committed = _committed(store, "me.md")
    assert "I live in Porto" in committed and "Lisbon" not in committed
    assert all(line in committed for line in LATER) and "b3BlbnNzaC1rZXktdjE" not in committed


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue()


def test_memory_add_reports_an_entry_that_is_in_its_file(tmp_path):
    ws = tmp_path / "ws"
    create_workspace(ws, "Hand")
    code, _, err = _cli("memory", "-w", str(ws), "add", "Prefers green tea")
    assert code == 0, err
    me = ws / ".swarmkit" / "memory" / "me.md"
    me.write_text(me.read_text() + "- -----BEGIN EC PRIVATE KEY-----\n" + "\n".join(LATER) + "\n")
    code, out, err = _cli("memory", "-w", str(ws), "add", "I live in Lisbon", "--json")
    assert code == 0, err
    ref = json.loads(out)["ref"]
    code, out, err = _cli("memory", "-w", str(ws), "show", ref, "--json")
    assert code == 0 and json.loads(out)["text"] == "I live in Lisbon", err
    code, out, _ = _cli("memory", "-w", str(ws), "list")
    assert all(line[2:] in out for line in LATER)


# ---- the line screen itself ---------------------------------------------------------------


def test_screen_lines_leaves_kept_lines_and_never_crosses_them():
    lines = [
        "-----BEGIN RSA PRIVATE KEY-----",
        BODY,
        "- written by the write [by: user]",
        "QUJDREVGR0hJSktMTU5PUA==",
    ]
    out, count = screen_lines(lines, keep={2})
    assert (
        out == [REDACTED, None, "- written by the write [by: user]", "QUJDREVGR0hJSktMTU5PUA=="]
        and count == 1
    )


def test_a_header_that_ends_on_its_line_takes_nothing_after_it():
    text = f"-----BEGIN RSA PRIVATE KEY----- {BODY} -----END RSA PRIVATE KEY----- and more\nQUJDREVGR0hJSktMTU5PUA==\n"
    out, count = redact_lines(text)
    assert out == f"{REDACTED} and more\nQUJDREVGR0hJSktMTU5PUA==\n" and count == 1


def test_entry_parts_split_an_entry_from_its_metadata():
    line = "- x [by: agent; kind: rule; subject: deploy_target; added: 2026-11-30] [note: hi]"
    assert [line[a:b].strip() for a, b in sorted(entry_parts(line))] == [
        "- x",
        "subject: deploy_target",
        "note: hi",
    ]
    assert entry_parts("## Heading [1]") == [(0, 14)]
