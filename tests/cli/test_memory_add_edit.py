"""`memory add`, `memory edit`, stable refs and `memory history`: output, and the exact text of each error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swarmkit.memory.folder.entries import text_digest
from tests.support.git import commit_count, git
from tests.support.memory_files import lines


@pytest.fixture
def ws(workspace):
    return workspace()


def mem(cli, ws, *args):
    return cli("memory", "--workspace", str(ws), *args)


def folder_of(ws) -> Path:
    return Path(ws).resolve() / ".swarmkit" / "memory"


def state(ws) -> tuple:
    """Every byte of the memory folder's files and its commit count: proof nothing was written."""
    folder = folder_of(ws)
    if not folder.exists():
        return None
    files = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.md")}
    return commit_count(folder), files


def test_add_makes_one_commit_and_says_what_it_wrote(cli, ws):
    code, out, err = mem(cli, ws, "add", "I live in Munich")
    ref = f"me.md#{text_digest('I live in Munich')}"
    assert code == 0 and err == ""
    assert out.startswith(f"written {ref}: I live in Munich (commit ")
    folder = folder_of(ws)
    assert git(folder, "log", "--format=%s").splitlines() == [
        "Remember: I live in Munich",
        "Create memory folder",
    ]
    assert git(folder, "log", "-1", "--format=%b").strip() == "Origin: user"
    line = (folder / "me.md").read_text().splitlines()[2]
    assert line.startswith("- I live in Munich [by: user; kind: identity; subject: user.location; added: ")
    assert mem(cli, ws, "add", "i live in munich.") == (
        0,
        f"reinforced {ref}: I live in Munich (already there; nothing written)\n",
        "",
    )
    assert commit_count(folder) == 2


def test_add_with_a_stale_git_lock_names_it_and_a_retry_is_refused_too(cli, ws):
    mem(cli, ws, "add", "I live in Munich")
    folder = folder_of(ws)
    lock = folder / ".git" / "index.lock"
    lock.write_text("")  # left by a git that crashed
    before = state(ws)
    error = (
        f"error: the memory folder {folder} cannot be written: git's lock file {lock} is there "
        "(a git command is running in the folder, or one crashed); nothing was written\n"
        "  hint: if no git command is running in that folder (one that crashed leaves its lock "
        f"behind), remove the lock: rm {lock}; then retry\n"
    )
    assert mem(cli, ws, "add", "Prefers tabs") == (1, "", error)
    assert mem(cli, ws, "add", "Prefers tabs") == (1, "", error)  # not "reinforced": nothing was written
    assert state(ws) == before
    lock.unlink()
    code, out, _ = mem(cli, ws, "add", "Prefers tabs")
    assert code == 0 and out.startswith(f"written me.md#{text_digest('Prefers tabs')}: Prefers tabs")
    assert git(folder, "log", "--format=%s").splitlines()[:2] == [
        "Remember: Prefers tabs",
        "Remember: I live in Munich",
    ]


def test_add_replaces_the_old_value_of_its_subject(cli, ws):
    mem(cli, ws, "add", "I live in Berlin")
    code, out, _ = mem(cli, ws, "add", "I'm based in Munich now")
    assert out.startswith(
        f"replaced me.md#{text_digest(chr(73) + chr(39) + 'm based in Munich now')}: "
        "I live in Berlin → I'm based in Munich now (commit "
    )
    code, out, _ = mem(cli, ws, "list")
    assert (
        out == f"me.md#{text_digest(chr(73) + chr(39) + 'm based in Munich now')}               "
        "[user (identity)] I'm based in Munich now\n"
    )


def test_add_with_kind_subject_and_a_file(cli, ws):
    code, out, _ = mem(cli, ws, "add", "Deploys go through staging first", "--kind", "rule")
    assert out.startswith(f"written lessons.md#{text_digest('Deploys go through staging first')}: ")
    code, out, _ = mem(
        cli, ws, "add", "Deploy target is eu-west-1", "--subject", "deploy_target", "--to", "workspace"
    )
    assert out.startswith(f"written workspaces/demo.md#{text_digest('Deploy target is eu-west-1')}: ")
    code, out, _ = mem(cli, ws, "add", "Ship on Fridays", "--to", "notes/project.md")
    assert code == 0 and out.startswith("written notes/project.md#")
    assert "- [[notes/project]]" in (folder_of(ws) / "MEMORY.md").read_text()
    code, out, _ = mem(
        cli, ws, "add", "Deploy target is eu-central-1", "--subject", "deploy_target", "--to", "workspace"
    )
    assert out.startswith(
        f"replaced workspaces/demo.md#{text_digest('Deploy target is eu-central-1')}: "
        "Deploy target is eu-west-1 → Deploy target is eu-central-1"
    )


def test_add_reads_standard_input_and_redacts_a_secret_it_holds(cli, ws, monkeypatch):
    import io

    monkeypatch.setattr(
        "sys.stdin", io.StringIO("The staging database password=hunter2secret lives in vault\n")
    )
    code, out, _ = mem(cli, ws, "add", "-")
    assert code == 0
    assert "The staging database password=[REDACTED_SECRET] lives in vault" in out
    assert "hunter2secret" not in (folder_of(ws) / "lessons.md").read_text()


class _Bytes:
    """Standard input that is bytes under a text stream, as a pipe is."""

    def __init__(self, data: bytes):
        import io

        self.buffer = io.BytesIO(data)


@pytest.mark.parametrize("where", ["argument", "standard input"])
def test_add_replaces_bytes_that_are_not_utf8_with_u_fffd_and_says_so(cli, ws, monkeypatch, where):
    said = b"I live in \xff Lisbon and drink tea"
    if where == "argument":
        code, out, err = mem(cli, ws, "add", said.decode("utf-8", "surrogateescape"))
        source = "the text"
    else:
        monkeypatch.setattr("sys.stdin", _Bytes(said))
        code, out, err = mem(cli, ws, "add", "-")
        source = "standard input"
    assert code == 0, err
    assert err == (
        f"warning: {source} held 1 byte that is not UTF-8: it was replaced with U+FFFD (\ufffd); save the "
        "text as UTF-8 to keep what it said\n"
    )
    me = (folder_of(ws) / "me.md").read_bytes().decode("utf-8")  # valid UTF-8
    assert "- I live in \ufffd Lisbon and drink tea [" in me
    assert "Remember: I live in \ufffd Lisbon and drink tea" in git(folder_of(ws), "log", "-1", "--format=%B")


TOKEN = "ghp_" + "a1B2c3D4e5" * 4
BAD_TEXT = [
    (
        "",
        "error: the text is empty; nothing was written\n"
        '  hint: say what to remember, e.g. swarmkit memory add "Prefers tabs over spaces"\n',
    ),
    (
        "  \n\t ",
        "error: the text is empty; nothing was written\n"
        '  hint: say what to remember, e.g. swarmkit memory add "Prefers tabs over spaces"\n',
    ),
    (
        TOKEN,
        "error: the text is nothing but a secret, and memory never keeps secrets; nothing was written\n"
        "  hint: write down where the secret is kept (a vault, an environment variable), not the secret\n",
    ),
    (
        f"my api_key: {TOKEN}",
        "error: the text is nothing but a secret, and memory never keeps secrets; "
        "nothing was written\n  hint: write down where the secret is kept (a vault, an "
        "environment variable), not the secret\n",
    ),
    (
        "word " * 101,
        "error: the text is 504 characters, and an entry holds at most 500; nothing was written\n"
        "  hint: shorten it, or split it into several entries\n",
    ),
    (
        "ok",
        "error: the text is not a fact to keep: too short (under 3 characters); nothing was written\n"
        "  hint: write a sentence, e.g. 'Prefers tabs over spaces'\n",
    ),
    (
        "<no-memory> I live in Rome",
        "error: the text says <no-memory>, which asks not to be remembered; "
        "nothing was written\n  hint: remove <no-memory> to keep it\n",
    ),
]


@pytest.mark.parametrize(
    "text, message",
    BAD_TEXT,
    ids=["empty", "whitespace", "secret", "secret-assignment", "too-long", "too-short", "no-memory"],
)
def test_add_refuses_bad_text_and_writes_nothing(cli, ws, text, message):
    assert mem(cli, ws, "add", text) == (1, "", message)
    assert state(ws) is None  # not even the folder was created
    mem(cli, ws, "add", "Prefers tabs")
    before = state(ws)
    assert mem(cli, ws, "add", text) == (1, "", message)
    assert state(ws) == before


BAD_TARGET = [
    (
        ["--to", "inbox"],
        "error: entries you add are yours, not for review: the inbox holds entries that wait "
        "for you\n  hint: leave out --to, or use --to me | lessons | workspace\n",
    ),
    (
        ["--to", "MEMORY.md"],
        "error: MEMORY.md holds pinned entries and the index, not added ones\n"
        '  hint: add it to a file, or pin it by writing it above "## Index" in MEMORY.md\n',
    ),
    (
        ["--to", "swarms/x-1/findings.md"],
        "error: swarms/x-1/findings.md is a swarm folder's file: only the agents "
        "of its run write there\n  hint: leave out --to, or use --to me | "
        "lessons | workspace\n",
    ),
    (
        ["--to", "users/bob.md"],
        "error: users/bob.md is bob's personal file, and this view is the owner's; nothing "
        "was shown or changed\n  hint: a person's facts are only shown to them: open the "
        "memory with --user bob\n",
    ),
    (
        ["--to", "notes.txt"],
        "error: cannot add an entry to 'notes.txt'\n  hint: use --to me | lessons | workspace, "
        "or a .md file in the memory folder\n",
    ),
    (
        ["--to", "../outside.md"],
        "error: '../outside.md' is not a file in the memory folder\n"
        "  hint: name it relative to the folder, like notes/project.md\n",
    ),
    (["--subject", "..."], "error: '...' is not a subject\n  hint: for example --subject user.location\n"),
]


@pytest.mark.parametrize("args, message", BAD_TARGET, ids=[a[1] for a, _ in BAD_TARGET])
def test_add_refuses_a_bad_target_and_writes_nothing(cli, ws, args, message):
    mem(cli, ws, "add", "Prefers tabs")
    before = state(ws)
    assert mem(cli, ws, "add", "Something worth keeping", *args) == (1, "", message)
    assert state(ws) == before


def test_edit_replaces_the_text_keeps_the_metadata_and_makes_it_yours(cli, ws, tmp_path):
    from tests.cli.test_memory import a_run

    # an agent's entry, written by a run
    folder = folder_of(ws)
    mem(cli, ws, "add", "Prefers tabs")
    with open(folder / "me.md", "a") as handle:
        handle.write(
            f"- Lives in Berlin [by: agent; kind: identity; subject: user.location; "
            f"source: swarmkit://runs/{a_run(ws, 'r-0000abcd')}; added: 2026-11-30; tainted: yes]\n"
        )
    ref = f"me.md#{text_digest('Lives in Berlin')}"
    code, out, _ = mem(cli, ws, "edit", ref, "Lives in Berlin-Mitte")
    assert code == 0
    assert out.startswith(
        f"edited me.md#{text_digest('Lives in Berlin-Mitte')}: Lives in Berlin → "
        "Lives in Berlin-Mitte (commit "
    )
    assert (folder / "me.md").read_text().splitlines()[3] == (
        "- Lives in Berlin-Mitte [by: user; kind: identity; subject: user.location; "
        "source: swarmkit://runs/r-0000abcd; added: 2026-11-30]"
    )
    assert git(folder, "log", "--format=%s").splitlines()[:2] == [
        "Edit: Lives in Berlin → Lives in Berlin-Mitte",
        "Hand edits",
    ]
    new = f"me.md#{text_digest('Lives in Berlin-Mitte')}"
    assert mem(cli, ws, "edit", new, "Lives in Berlin-Mitte") == (
        0,
        f"unchanged {new}: Lives in Berlin-Mitte (the entry already says this)\n",
        "",
    )


def test_edit_errors_and_nothing_is_written(cli, ws):
    mem(cli, ws, "add", "Prefers tabs")
    mem(cli, ws, "add", "Drinks tea", "--to", "me")
    listed = f"me.md#{text_digest('Prefers tabs')}"
    # the entry changes after it was listed (a hand edit here): its ref no longer names it
    me = folder_of(ws) / "me.md"
    me.write_text(me.read_text().replace("- Prefers tabs", "- Prefers spaces"))
    before = state(ws)
    cases = [
        (
            ["edit", listed, "Prefers tabs, always"],
            f"error: {listed}: no entry in me.md has this text any more: it changed or went since it was listed; "
            "nothing was changed\n  hint: `swarmkit memory list` shows every entry with its current ref\n",
        ),
        (
            ["forget", listed],
            f"error: {listed}: no entry in me.md has this text any more: it changed or went since it was listed; "
            "nothing was changed\n  hint: `swarmkit memory list` shows every entry with its current ref\n",
        ),
        (
            ["edit", "me.md#L40", "Prefers tabs"],
            "error: me.md#L40: me.md has only 4 lines\n  hint: `swarmkit memory list` shows every entry with its ref\n",
        ),
        (
            ["edit", "ghost.md#3f9a1c2b", "Prefers tabs"],
            f"error: ghost.md is not in the memory folder {folder_of(ws)}\n"
            "  hint: `swarmkit memory list` shows every entry with its ref\n",
        ),
        (
            ["edit", "me.md#L3", "   "],
            "error: the text is empty; nothing was changed\n"
            '  hint: say what to remember, e.g. swarmkit memory add "Prefers tabs over spaces"\n',
        ),
        (
            ["edit", "me.md#L3", TOKEN],
            "error: the text is nothing but a secret, and memory never keeps secrets; nothing was changed\n"
            "  hint: write down where the secret is kept (a vault, an environment variable), not the secret\n",
        ),
        (
            ["edit", "me.md#L3", "x" * 501],
            "error: the text is 501 characters, and an entry holds at most 500; nothing was changed\n"
            "  hint: shorten it, or split it into several entries\n",
        ),
        (
            ["edit", "me.md#L3", "drinks tea"],
            f"error: me.md already holds this text at me.md#{text_digest('Drinks tea')}; nothing was changed\n"
            f"  hint: forget one of the two instead: swarmkit memory forget me.md#{text_digest('Prefers spaces')}\n",
        ),
    ]
    for args, message in cases:
        assert mem(cli, ws, *args) == (1, "", message), args
    # the hand edit itself is committed before a write looks at the folder; nothing else is
    assert state(ws)[1] == before[1]


def test_stable_refs_do_not_shift_when_a_line_above_goes(cli, ws):
    for text in ("Prefers tabs", "Drinks tea", "Walks to work"):
        mem(cli, ws, "add", text, "--to", "me")
    listed = json.loads(mem(cli, ws, "list", "--json")[1])["entries"]
    assert [e["stable_ref"] for e in listed] == [
        f"me.md#{text_digest(t)}" for t in ("Prefers tabs", "Drinks tea", "Walks to work")
    ]
    assert [e["ref"] for e in listed] == [e["stable_ref"] for e in listed]  # the identity, in every key
    first, second = listed[0]["stable_ref"], listed[1]["stable_ref"]
    added = json.loads(mem(cli, ws, "add", "Reads before bed", "--to", "me", "--json")[1])
    assert (added["status"], added["ref"], added["stable_ref"]) == (
        "written",
        *[f"me.md#{text_digest('Reads before bed')}"] * 2,
    )
    # each message names the fact that went by its digest ref, not the line it was on (L3 both times)
    assert mem(cli, ws, "forget", first)[1].startswith(f"forgotten {first}: Prefers tabs (commit ")
    assert mem(cli, ws, "forget", second)[1].startswith(f"forgotten {second}: Drinks tea (commit ")
    gone = json.loads(mem(cli, ws, "forget", f"me.md#{text_digest('Reads before bed')}", "--json")[1])
    assert (gone["status"], gone["ref"]) == ("forgotten", f"me.md#{text_digest('Reads before bed')}")
    assert [e["text"] for e in json.loads(mem(cli, ws, "list", "--json")[1])["entries"]] == ["Walks to work"]


def test_show_names_an_entry_by_either_ref(cli, ws):
    mem(cli, ws, "add", "Prefers tabs")
    ref = f"me.md#{text_digest('Prefers tabs')}"
    code, out, _ = mem(cli, ws, "show", ref)
    assert out.splitlines()[0] == f"{ref} (me.md#L3): Prefers tabs"
    assert mem(cli, ws, "show", "me.md#L3")[1] == out
    # the line's digest is not the ref's: it is named for what takes it
    line_digest = json.loads(mem(cli, ws, "show", ref, "--json")[1])["digest"]
    assert out.splitlines()[-1] == f"  line digest (for --expect): {line_digest}"
    assert mem(cli, ws, "forget", ref, "--expect", line_digest)[0] == 0


def test_history_by_ref_subject_or_text(cli, ws):
    mem(cli, ws, "add", "I live in Berlin")
    mem(cli, ws, "add", "I live in Munich")
    ref = f"me.md#{text_digest('I live in Munich')}"
    mem(cli, ws, "edit", ref, "I live in Munich, Bavaria")
    now = f"me.md#{text_digest('I live in Munich, Bavaria')}"
    by_ref = json.loads(mem(cli, ws, "history", now, "--json")[1])["changes"]
    assert [(i["change"], i["old"], i["text"]) for i in by_ref] == [
        ("changed", "I live in Munich", "I live in Munich, Bavaria"),
        ("changed", "I live in Berlin", "I live in Munich"),
        ("added", None, "I live in Berlin"),
    ]
    assert json.loads(mem(cli, ws, "history", "user.location", "--json")[1])["changes"] == by_ref
    assert (
        json.loads(mem(cli, ws, "history", "I live in Berlin", "--json")[1])["changes"] == by_ref
    )  # an older text
    code, out, _ = mem(cli, ws, "history", "user.location")
    lines = out.splitlines()
    assert len(lines) == 3 and all(" (origin user)" in line for line in lines)
    assert lines[1].endswith(" changed me.md: I live in Berlin → I live in Munich (origin user)")
    mem(cli, ws, "forget", now)
    latest = json.loads(mem(cli, ws, "history", "user.location", "--json")[1])["changes"][0]
    assert (latest["change"], latest["text"]) == ("removed", "I live in Munich, Bavaria")


def test_history_follows_an_entry_from_the_inbox_into_your_file(cli, ws, tmp_path):
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("- Prefers dark mode\n")
    mem(cli, ws, "import", str(notes))
    mem(cli, ws, "keep", "inbox.md#" + text_digest("Prefers dark mode"), "--to", "me")
    items = json.loads(mem(cli, ws, "history", "Prefers dark mode", "--json")[1])["changes"]
    assert [(i["change"], i["from"], i["file"]) for i in items] == [
        ("moved", "inbox.md", "me.md"),
        ("added", None, "inbox.md"),
    ]


def test_feedback_refuses_a_run_that_did_not_happen(cli, ws):
    from tests.cli.test_memory import a_run

    assert mem(cli, ws, "feedback", "r-00000000", "--reason", "It was wrong") == (
        1,
        "",
        "error: no run r-00000000 among the owner's runs in this workspace\n"
        "  hint: `swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's\n",
    )
    assert state(ws) is None
    code, out, _ = mem(cli, ws, "feedback", a_run(ws, "r-00000000"), "--reason", "It was wrong")
    assert code == 0 and out.startswith("written workspaces/demo.md#")


def test_history_follows_every_edit_both_ways(store):
    """From the first text forward and from the current ref back, however many times it was edited."""
    store.add("Standup is in room 0", to="lessons")
    for n in range(1, 8):
        store.edit(f"lessons.md#{text_digest(f'Standup is in room {n - 1}')}", f"Standup is in room {n}")
    store.remember("Unrelated lesson", "rule")
    newest = [
        (i["change"], i["text"]) for i in store.history(f"lessons.md#{text_digest('Standup is in room 7')}")
    ]
    assert newest == [("changed", f"Standup is in room {n}") for n in range(7, 0, -1)] + [
        ("added", "Standup is in room 0")
    ]
    assert [(i["change"], i["text"]) for i in store.history("Standup is in room 0")] == newest


def test_a_digest_ref_that_names_several_entries_is_refused_for_every_action(cli, ws):
    """The same text on two lines shares a digest ref: no action guesses which one is meant."""
    mem(cli, ws, "add", "Standup is at ten", "--to", "lessons")
    folder = folder_of(ws)
    for rel in ("lessons.md", "inbox.md"):
        with open(folder / rel, "a", encoding="utf-8") as handle:
            handle.write("- Deploys are on Tuesday\n- Deploys are on Tuesday\n")
    mem(cli, ws, "add", "Prefers tabs")  # the hand edits are committed first
    before = state(ws)
    digest = text_digest("Deploys are on Tuesday")
    lessons, inbox = f"lessons.md#{digest}", f"inbox.md#{digest}"
    lesson_lines = [n for n, line in enumerate(lines(folder, "lessons.md"), 1) if "Deploys" in line]
    inbox_lines = [n for n, line in enumerate(lines(folder, "inbox.md"), 1) if "Deploys" in line]

    def refused(ref: str, rel: str, numbers: list[int]) -> str:
        refs = ", ".join(f"{rel}#L{n}" for n in numbers)
        return (
            f"error: {ref} is ambiguous: 2 entries in {rel} have this text ({refs}); nothing was changed\n"
            f"  hint: name one by its line ref, such as {rel}#L{numbers[0]}\n"
        )

    for args in (["forget", lessons], ["edit", lessons, "Deploys are on Monday"], ["show", lessons]):
        assert mem(cli, ws, *args) == (1, "", refused(lessons, "lessons.md", lesson_lines)), args
    assert mem(cli, ws, "history", lessons) == (1, "", refused(lessons, "lessons.md", lesson_lines))
    for args in (["keep", inbox], ["pin", inbox], ["delete", inbox]):
        assert mem(cli, ws, *args) == (1, "", refused(inbox, "inbox.md", inbox_lines)), args
    assert state(ws) == before
    # a line ref names one of them
    code, out, _ = mem(cli, ws, "forget", f"lessons.md#L{lesson_lines[1]}")
    assert code == 0 and out.startswith(f"forgotten {lessons}: Deploys are on Tuesday")
    assert mem(cli, ws, "forget", lessons)[1].startswith(f"forgotten {lessons}: ")  # the one left
    assert "Deploys" not in (folder / "lessons.md").read_text()


def test_history_refuses_a_malformed_ref_and_finds_part_of_a_text(cli, ws):
    mem(cli, ws, "add", "My editor is Emacs")
    mem(cli, ws, "add", "My editor is Zed")  # replaces it: the old text is only in history now
    assert mem(cli, ws, "history", "me.md#zzzz") == (
        1,
        "",
        "error: 'me.md#zzzz' is not a memory ref\n"
        "  hint: a ref names a file in the memory folder and an entry, like me.md#3f9a1c2b (its digest) or "
        "me.md#L3 (its line); `swarmkit memory list` shows every entry with its ref\n",
    )
    code, out, _ = mem(cli, ws, "history", "emacs")
    assert code == 0
    assert [line.split(" ", 2)[2] for line in out.splitlines()] == [
        "changed me.md: My editor is Emacs → My editor is Zed (origin user)",
        "added me.md: My editor is Emacs (origin user)",
    ]
    assert mem(cli, ws, "history", "Zed")[1] == out  # part of its current text finds the same entry
    assert mem(cli, ws, "history", "Vim")[1] == (
        "No history for Vim: no entry, now or before, has it as its ref, subject or part of its text.\n"
    )
