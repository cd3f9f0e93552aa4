"""The folder store: creation, adoption, each write status, one commit per write, hooks, no git."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.store import MemoryStore
from tests.support.git import commit_count, commits, files_in_last_commit, git, last_body
from tests.support.memory_files import lines, ref_of


def test_opening_never_writes(folder):
    store = MemoryStore(folder, "demo")
    assert store.recall("anything") == [] and store.status()["exists"] is False
    assert not folder.exists()


def test_first_write_creates_the_folder(store, folder):
    result = store.remember("Prefers concise answers", kind="preference", by="user")
    assert result.status == "written" and result.ref == ref_of("me.md", "Prefers concise answers")
    for rel in ("MEMORY.md", "me.md", "lessons.md", "inbox.md", ".gitattributes"):
        assert (folder / rel).is_file(), rel
    assert (folder / ".gitattributes").read_text() == "*.md merge=union\n"
    memory = lines(folder, "MEMORY.md")
    assert "## Index" in memory and "- [[me]]" in memory and "- [[lessons]]" in memory
    assert lines(folder, "me.md")[0] == "# About me"
    assert commits(folder) == ["Remember: Prefers concise answers", "Create memory folder"]
    assert git(folder, "rev-parse", "--show-toplevel").strip() == str(folder.resolve())


def test_every_write_is_one_commit_of_only_its_paths_with_trailers(store, folder):
    store.ensure()
    (folder / "stray.txt").write_text("untracked, not ours\n")
    git(folder, "add", "stray.txt")  # staged by someone else: a write must not sweep it in
    before = commit_count(folder)
    store.remember("Deploys go through staging first", kind="rule", run_id="r-1a2b3c4d5e")
    assert commit_count(folder) == before + 1  # stray.txt is not a memory file: never committed
    assert commits(folder)[0] == "Remember: Deploys go through staging first"
    assert files_in_last_commit(folder) == ["lessons.md"]
    assert git(folder, "status", "--porcelain") == "A  stray.txt\n"  # left as it was, still staged
    body = last_body(folder)
    assert body.startswith("swarmkit <memory@swarmkit.invalid>")
    assert "Origin: swarmkit" in body and "Run: r-1a2b3c4d5e" in body


def test_hand_edits_are_committed_first(store, folder):
    store.remember("Uses vim", kind="preference", by="user")
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- Written by hand\n")
    store.remember("Another lesson learned", kind="insight")
    assert commits(folder)[:2] == ["Remember: Another lesson learned", "Hand edits"]
    assert git(folder, "status", "--porcelain") == ""
    assert "Origin: hand-edit" in git(folder, "log", "-1", "--skip=1", "--format=%B")


def test_statuses(store, folder):
    assert store.remember("Deploys go through staging first", kind="rule").status == "written"
    again = store.remember("  deploys go through STAGING first. ", kind="rule")
    assert again.status == "reinforced" and again.commit is None
    assert again.ref == ref_of("lessons.md", "Deploys go through staging first")  # the text that is there
    first = store.remember(
        "Deploy target is eu-west-1", kind="project_fact", subject="deploy_target", target="workspace"
    )
    assert first.status == "written" and first.ref == ref_of(
        "workspaces/demo.md", "Deploy target is eu-west-1"
    )
    second = store.remember(
        "Deploy target is eu-west-2", kind="project_fact", subject="Deploy Target", target="workspace"
    )
    assert second.status == "replaced" and second.ref == ref_of(
        "workspaces/demo.md", "Deploy target is eu-west-2"
    )
    assert "eu-west-2" in lines(folder, "workspaces/demo.md")[3]  # in place of the old value
    user = store.remember("Editor is vim", kind="preference", by="user", subject="editor")
    outranked = store.remember("Editor is emacs", kind="preference", by="agent", subject="editor")
    assert outranked.status == "outranked" and outranked.ref == user.ref and outranked.commit is None
    assert outranked.reason == f"{user.ref} was written by the user"
    refused = store.remember("password=hunter22")
    assert refused.status == "refused" and refused.reason == "nothing left but secrets"


def test_user_can_replace_an_agent_line(store):
    store.remember("Editor is emacs", kind="preference", subject="editor")
    assert (
        store.remember("Editor is vim", kind="preference", by="user", subject="editor").status == "replaced"
    )


def test_targets(folder):
    store = MemoryStore(folder, "demo", user="Alice Smith")
    alice = "users/alice-smith--rlqq37e2nh4x3ter.md"  # not a plain name: its readable part and a hash
    assert store.remember("Name is Alice", kind="identity", by="user").ref == ref_of(alice, "Name is Alice")
    assert store.remember("Always run the linter", kind="rule").ref.startswith("lessons.md#")
    assert store.remember("Prod is on Fridays", target="workspace").ref.startswith("workspaces/demo.md#")
    assert store.remember("Check the wiki", target="inbox").ref.startswith("inbox.md#")
    memory = lines(folder, "MEMORY.md")
    assert f"- [[{alice[:-3]}]]" in memory and "- [[workspaces/demo]]" in memory
    assert not any("inbox" in line for line in memory)
    workspace = lines(folder, "workspaces/demo.md")
    assert workspace[0] == "# Workspace demo" and "marker: workspace" in workspace[2]


def test_redacted_text_is_what_is_written(store, folder):
    result = store.remember("Staging admin password=hunter22 until Friday", kind="rule")
    assert result.status == "written"
    assert "hunter22" not in (folder / "lessons.md").read_text()
    assert "hunter22" not in git(folder, "log", "-p")


def test_bad_kind_target_by_are_clear_errors(store):
    with pytest.raises(SwarmkitError, match=r"unknown memory kind 'fact'") as info:
        store.remember("x y z", kind="fact")
    assert "preference, identity" in info.value.hint
    with pytest.raises(SwarmkitError, match="unknown memory target 'notes'"):
        store.remember("x y z", target="notes")
    with pytest.raises(SwarmkitError, match="by must be 'user' or 'agent', not 'root'"):
        store.remember("x y z", by="root")


def test_a_write_past_the_limit_waits_in_the_inbox_with_the_reason(store, folder):
    store.ensure()
    filler = "\n".join(f"- Filler lesson number {i} " + "x" * 80 for i in range(700))
    (folder / "lessons.md").write_text("# Lessons\n\n" + filler[: 64 * 1024 - 200] + "\n")
    text = "One more lesson that does not fit " + "y" * 300
    result = store.remember(text, kind="rule")
    assert (result.status, result.ref, result.text) == ("held", ref_of("inbox.md", text), text)
    assert result.reason == (
        "lessons.md is full (64 KB): held in the inbox; run `swarmkit memory consolidate` to make room in "
        "lessons.md, then keep it"
    )
    held = store.inbox_list()[0]
    assert (held.text, held.meta["held"], held.kind) == (text, "lessons.md is full", "rule")
    assert commits(folder)[0] == f"Hold in the inbox (lessons.md is full): {E.cut_text(text, 60)}"
    # the same text again is the same held entry, not another
    again = store.remember(text, kind="rule")
    assert (again.status, again.ref, again.commit) == ("held", ref_of("inbox.md", text), None)


def test_forget(store, folder):
    ref = store.remember("Temporary lesson to forget", kind="insight").ref
    result = store.forget(ref)
    assert result.status == "forgotten" and commits(folder)[0] == "Forget: Temporary lesson to forget"
    assert "Temporary" not in (folder / "lessons.md").read_text()


@pytest.mark.parametrize(
    "ref, message",
    [
        ("bogus", "'bogus' is not a memory ref"),
        ("../etc/passwd.md#L1", "'../etc/passwd.md#L1' is not a memory ref"),
        ("nope.md#L1", "nope.md is not in the memory folder"),
        ("lessons.md#L99", "lessons.md#L99: lessons.md has only 3 lines"),
        (
            "lessons.md#L1",
            "lessons.md#L1 is not an entry (line 1 of lessons.md is a heading, prose or blank)",
        ),
        (".git/config.md#L1", "'.git/config.md#L1' is not a memory ref"),
        ("/etc/x.md#L1", "'/etc/x.md#L1' is not a memory ref"),
        ("a//b.md#L1", "'a//b.md#L1' is not a memory ref"),
    ],
)
def test_bad_refs(store, ref, message):
    store.remember("Keep this lesson around", kind="insight")
    with pytest.raises(SwarmkitError) as info:
        store.forget(ref)
    assert info.value.message.startswith(message)


def test_entries_of_a_file_outside_the_folder_are_refused(store):
    store.remember("Keep this lesson around", kind="insight")
    with pytest.raises(SwarmkitError, match="'../../outside.md#L1' is not a memory ref"):
        store.entries("../../outside.md")


def test_forget_guarded_by_expected_text(store):
    ref = store.remember("Lesson alpha is here", kind="insight").ref
    with pytest.raises(SwarmkitError, match="changed since it was listed; nothing was changed"):
        store.forget(ref, expect_text="Lesson beta")


def test_forget_on_a_missing_folder(store, folder):
    with pytest.raises(SwarmkitError, match="there is no memory folder at .* yet"):
        store.forget("me.md#L3")
    assert not folder.exists()


def test_adopts_an_existing_agent_memory_repo(folder):
    folder.mkdir()
    (folder / "MEMORY.md").write_text("# My memory\n\n- Pinned by me\n\n## Index\n- [[notes]]\n")
    (folder / "notes.md").write_text("# Notes\n\n- Old note\n")
    git(folder, "init", "-q")
    git(folder, "add", "MEMORY.md", "notes.md")
    git(folder, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "mine")
    store = MemoryStore(folder, "demo")
    assert store.ensure() == "adopted"
    assert store.pinned() == ["Pinned by me"]
    store.remember("A fresh lesson learned", kind="insight")
    assert (folder / "notes.md").read_text() == "# Notes\n\n- Old note\n"
    assert commits(folder) == ["Remember: A fresh lesson learned", "mine"]
    assert "- [[lessons]]" in lines(folder, "MEMORY.md")


def test_recall_before_the_first_write_in_an_adopted_repo_never_commits_the_index(folder):
    folder.mkdir()
    (folder / "MEMORY.md").write_text("# Memory\n\n## Index\n")
    (folder / "notes.md").write_text("- Old deploy note\n")
    git(folder, "init", "-q")
    git(folder, "add", "MEMORY.md", "notes.md")
    git(folder, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "mine")
    store = MemoryStore(folder, "demo")
    assert store.recall("deploy")[0].text == "Old deploy note"
    assert (folder / ".index").is_dir()
    store.remember("A new deploy lesson", kind="insight")
    assert ".index" not in git(folder, "log", "--name-only", "--format=")
    assert commits(folder) == ["Remember: A new deploy lesson", "mine"]
    assert git(folder, "status", "--porcelain") == ""


def test_refuses_a_non_empty_folder_that_is_not_memory(folder):
    folder.mkdir()
    (folder / "thesis.tex").write_text("\\documentclass{article}")
    store = MemoryStore(folder, "demo")
    with pytest.raises(SwarmkitError) as info:
        store.remember("Anything at all", kind="insight")
    assert (
        info.value.message
        == f"{folder} is not empty and is not a memory folder (it has no MEMORY.md); nothing was written"
    )
    assert "Agent Memory Repo" in info.value.hint
    assert sorted(os.listdir(folder)) == ["thesis.tex"]


def test_refuses_a_file(tmp_path):
    path = tmp_path / "memory"
    path.write_text("x")
    with pytest.raises(SwarmkitError, match="is a file, not a folder"):
        MemoryStore(path, "demo").remember("Anything at all")


def test_an_unwritable_index_folder(store, folder):
    store.remember("Written before the damage", kind="insight")
    import shutil

    shutil.rmtree(folder / ".index")
    (folder / ".index").write_text("not a folder")
    assert MemoryStore(folder, "demo").recall("damage")[0].text == "Written before the damage"
    with pytest.raises(SwarmkitError) as info:
        MemoryStore(folder, "demo", lock_timeout=0.2).remember("Cannot be written", kind="insight")
    assert info.value.message.startswith(f"could not write to the memory folder {folder}: ")
    assert info.value.hint == (
        "check that the folder and its .index/ subfolder are writable folders; nothing was committed"
    )
    assert "Cannot be written" not in (folder / "lessons.md").read_text()


def test_symlinks_never_send_a_write_or_a_read_outside(store, folder, tmp_path):
    store.remember("Something first", kind="insight")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("- The outside secret fact\n")
    os.symlink(outside, folder / "users")
    os.symlink(outside / "secret.md", folder / "linked.md")
    alice = MemoryStore(folder, "demo", user="alice")
    with pytest.raises(SwarmkitError) as info:
        alice.remember("Alice likes tea", kind="preference", by="user")
    assert (
        info.value.message
        == f"users/alice.md points outside the memory folder (to {outside}); nothing was written"
    )
    assert sorted(p.name for p in outside.iterdir()) == ["secret.md"]
    assert store.recall("outside secret fact") == []
    assert all(e.file != "linked.md" for e in store.entries())


def test_a_planted_hook_never_runs(store, folder, tmp_path):
    store.ensure()
    canary = tmp_path / "hook-ran"
    hooks = folder / ".git" / "hooks"
    for name in (
        "pre-commit",
        "commit-msg",
        "post-commit",
        "prepare-commit-msg",
        "reference-transaction",
        "post-index-change",
    ):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\necho {name} >> {canary}\nexit 1\n")
        hook.chmod(0o755)
    git_config = folder / ".git" / "config"
    git_config.write_text(
        git_config.read_text() + "[commit]\n\tgpgsign = true\n[core]\n\thooksPath = .git/hooks\n"
    )
    result = store.remember("Hooks must never run here", kind="rule")
    assert result.status == "written" and result.commit
    assert not canary.exists()
    store.forget(result.ref)
    assert not canary.exists()


def test_git_environment_does_not_leak_in(store, folder, monkeypatch, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))
    monkeypatch.setenv("GIT_AUTHOR_NAME", "Mallory")
    store.remember("Environment stays out", kind="rule")
    assert last_body(folder).startswith("swarmkit <memory@swarmkit.invalid>")
    assert not (other / ".git").exists()


def test_atomic_writes_leave_no_temp_files(store, folder):
    for i in range(5):
        store.remember(f"Lesson number {i} is atomic", kind="insight")
    leftovers = [p.name for p in folder.rglob("*") if ".tmp-" in p.name]
    assert leftovers == []


def test_without_git_files_are_written_with_a_warning(tmp_path):
    folder = tmp_path / "memory"
    script = (
        "import warnings, sys\n"
        "from swarmkit.memory.store import MemoryStore\n"
        f"s = MemoryStore({str(folder)!r}, 'demo')\n"
        "r = s.remember('Written without git', kind='insight')\n"
        "print(r.status, r.ref, r.commit)\n"
    )
    env = {"PATH": str(Path(sys.executable).parent), "HOME": str(tmp_path)}
    env |= {k: v for k, v in os.environ.items() if k == "SYSTEMROOT"}  # Windows' Python needs it
    proc = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"written {ref_of('lessons.md', 'Written without git')} None"
    assert "git is not installed: memory files are written, but nothing is versioned" in proc.stderr
    assert "- Written without git [by: agent; kind: insight;" in (folder / "lessons.md").read_text()
    assert not (folder / ".git").exists()
    # git is back: the next write starts versioning the folder
    store = MemoryStore(folder, "demo")
    store.remember("Written with git again", kind="insight")
    assert commits(folder) == ["Remember: Written with git again", "Start versioning the memory folder"]


def test_entries_and_status(store, folder):
    store.remember("Prefers tea", kind="preference", by="user")
    store.remember("Check the wiki first", target="inbox")
    status = store.status()
    assert status["exists"] and status["git"] and not status["dirty"]
    assert status["files"]["me.md"] == 1 and status["inbox"] == 1
    assert status["head"] == git(folder, "rev-parse", "HEAD").strip()
    entry = store.entries("me.md")[0]
    assert (entry.file, entry.line, entry.text, entry.metadata["by"]) == ("me.md", 3, "Prefers tea", "user")


def test_links_never_show_files_from_outside_the_folder(tmp_path):
    """A linked file or a linked folder inside the memory folder reads as absent: nothing outside leaks."""
    from swarmkit.errors import SwarmkitError
    from swarmkit.memory.store import MemoryStore

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.md").write_text("- Private diary line [by: user]\n")
    store = MemoryStore(tmp_path / "mem", "ws")
    store.remember("Deploys go through staging first", kind="rule")
    (store.folder / "link.md").symlink_to(outside / "private.md")
    (store.folder / "users2").symlink_to(outside)
    assert [e.text for e in store.entries()] == ["Deploys go through staging first"]
    for rel in ("link.md", "users2/private.md"):
        assert store.read_lines(rel) is None
        with pytest.raises(SwarmkitError):
            store.entries(rel)


def test_bytes_that_are_not_utf8_survive_the_next_write(store, folder):
    store.remember("First lesson", kind="insight")
    with open(folder / "lessons.md", "ab") as handle:
        handle.write(b"- Caf\xe9 au lait, Latin-1 by hand \xff\xfe\n")
    raw = (folder / "lessons.md").read_bytes()
    store.remember("Second lesson", kind="insight")
    assert (folder / "lessons.md").read_bytes().startswith(raw)  # not rewritten as U+FFFD
    entry = [e for e in store.entries("lessons.md") if e.text.startswith("Caf")][0]
    assert entry.text == "Caf\ufffd au lait, Latin-1 by hand \ufffd\ufffd"  # shown with U+FFFD
    assert store.forget(entry.ref).status == "forgotten"
    assert b"Caf" not in (folder / "lessons.md").read_bytes()


def test_a_form_feed_or_line_separator_stays_in_its_line(store, folder):
    store.remember("First lesson", kind="insight")
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- Page\x0cbreak and line\u2028separator [by: agent; subject: x]\n")
    store.remember("Replaced by subject", kind="insight", subject="x")
    text = (folder / "lessons.md").read_text()
    assert "Page\x0cbreak" not in text and text.count("Replaced by subject") == 1
    assert "First lesson" in text


def test_temp_files_of_a_killed_writer_are_swept_on_takeover(store, folder):
    import socket

    store.remember("First lesson", kind="insight")
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    dead = ended.pid  # a pid whose process is gone (on every system)
    for name in (
        f".lessons.md.tmp-{dead}-0badc0de",
        f"users/.zoe.md.tmp-{dead}-0badc0de",
        f".index/.write.lock.{dead}-0badc0de",
    ):
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text("half")
    live = folder / f".me.md.tmp-{os.getpid()}-0badc0de"
    live.write_text("another writer's, alive")
    (folder / ".index" / "write.lock").write_text(f"{dead} {socket.gethostname()} 0 1\n")
    store.remember("Second lesson", kind="insight")
    left = {p.name for p in folder.rglob("*") if ".tmp-" in p.name or ".write.lock." in p.name}
    assert left == {live.name}
