"""Inbox actions: keep, pin, delete; one commit each; a changed entry is not touched."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.refs import entry_digest
from tests.memory.conftest import commit_count, commits, files_in_last_commit, lines, ref_of


@pytest.fixture
def inboxed(store):
    store.remember("Prefers dark mode", kind="preference", target="inbox")
    store.remember("Release on Tuesdays", kind="rule", target="inbox")
    store.remember("Pager duty rotates weekly", target="inbox")
    return store


def _ref(store, text):
    return next(e.ref for e in store.inbox_list() if e.text == text)


def test_list(inboxed):
    assert [e.text for e in inboxed.inbox_list()] == [
        "Prefers dark mode",
        "Release on Tuesdays",
        "Pager duty rotates weekly",
    ]


def test_keep_moves_as_the_users(inboxed, folder):
    ref = _ref(inboxed, "Prefers dark mode")
    result = inboxed.inbox_keep(ref, to="me", expect_text="Prefers dark mode")
    assert result.status == "kept" and result.ref == ref_of("me.md", "Prefers dark mode")
    assert lines(folder, "me.md")[2].startswith("- Prefers dark mode [by: user; kind: preference;")
    assert "Prefers dark mode" not in (folder / "inbox.md").read_text()
    assert commits(folder)[0] == "Keep in me.md: Prefers dark mode"
    assert files_in_last_commit(folder) == ["inbox.md", "me.md"]


def test_keep_to_lessons_and_workspace(inboxed, folder):
    kept = inboxed.inbox_keep(_ref(inboxed, "Release on Tuesdays"), to="lessons")
    assert kept.ref == ref_of("lessons.md", "Release on Tuesdays")
    kept = inboxed.inbox_keep(_ref(inboxed, "Pager duty rotates weekly"), to="workspace")
    assert kept.ref == ref_of("workspaces/demo.md", "Pager duty rotates weekly")
    assert "- [[workspaces/demo]]" in lines(folder, "MEMORY.md")
    assert sorted(files_in_last_commit(folder)) == ["MEMORY.md", "inbox.md", "workspaces/demo.md"]


def test_pin_goes_above_the_index(inboxed, folder):
    result = inboxed.inbox_pin(_ref(inboxed, "Release on Tuesdays"))
    memory = lines(folder, "MEMORY.md")
    number = next(n for n, line in enumerate(memory, 1) if "Release on Tuesdays" in line)
    assert result.status == "pinned" and result.ref == ref_of("MEMORY.md", "Release on Tuesdays")
    assert memory[number - 1].startswith("- Release on Tuesdays [by: user; kind: rule;")
    assert memory.index("## Index") > number - 1 and memory[memory.index("## Index") - 1] == ""
    assert inboxed.pinned() == ["Release on Tuesdays"]
    inboxed.inbox_pin(_ref(inboxed, "Prefers dark mode"))
    assert inboxed.pinned() == ["Release on Tuesdays", "Prefers dark mode"]


def test_delete(inboxed, folder):
    count = commit_count(folder)
    result = inboxed.inbox_delete(_ref(inboxed, "Pager duty rotates weekly"))
    assert result.status == "deleted" and commit_count(folder) == count + 1
    assert [e.text for e in inboxed.inbox_list()] == ["Prefers dark mode", "Release on Tuesdays"]


@pytest.mark.parametrize("by", ["line", "digest"])
def test_an_entry_changed_since_listed_is_not_touched(inboxed, folder, by):
    listed = inboxed.inbox_list()
    ref, text = (listed[0].line_ref if by == "line" else listed[0].ref), listed[0].text
    digest = entry_digest(lines(folder, "inbox.md")[listed[0].line - 1])
    inboxed.inbox_delete(listed[0].ref)  # someone else acted first: every line moved up
    count = commit_count(folder)
    before = (folder / "inbox.md").read_text()
    for action in (
        lambda: inboxed.inbox_keep(ref, "me", text),
        lambda: inboxed.inbox_pin(ref, digest),
        lambda: inboxed.inbox_delete(ref, text),
    ):
        with pytest.raises(SwarmkitError) as info:
            action()
        if by == "line":  # the line holds another entry now
            assert info.value.message == f"{ref} changed since it was listed; nothing was changed"
            assert info.value.hint == "list the entries again and retry with the ref shown now"
        else:  # the entry went: its digest ref names nothing, never the entry that moved up
            assert info.value.message == (
                f"{ref}: no entry in inbox.md has this text any more: it changed or went since it was "
                "listed; nothing was changed"
            )
            assert info.value.hint == "`swarmkit memory list` shows every entry with its current ref"
    assert (folder / "inbox.md").read_text() == before and commit_count(folder) == count


def test_refs_outside_the_inbox_are_refused(inboxed):
    with pytest.raises(SwarmkitError, match=r"^me.md#L3 is not in the inbox$"):
        inboxed.inbox_delete("me.md#L3")
    with pytest.raises(SwarmkitError, match=r"cannot keep an entry in 'memory'"):
        inboxed.inbox_keep("inbox.md#L5", to="memory")


def test_keeping_a_contradiction_replaces_the_fact(store, folder):
    store.propose("deploy", "target", "eu-west-1", "project_fact")
    result = store.propose("deploy", "target", "us-east-1", "project_fact")
    kept = store.inbox_keep(result.ref, to="lessons")
    assert kept.ref == ref_of("lessons.md", "Deploy target is us-east-1")
    line = lines(folder, "lessons.md")[2]
    assert line.startswith("- Deploy target is us-east-1 [by: user;") and "contradicts" not in line
