"""Git states a person leaves the memory folder in: writes are refused clearly, nothing is lost, the
index is untouched; hand edits are committed only as memory files, screened, and never by a refused
action; sync follows the remote's default branch."""

from __future__ import annotations

import hashlib
import os
import subprocess

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.gitops import clean_env
from swarmkit.memory.store import MemoryStore
from tests.memory.conftest import commits, git


def _index_digest(folder) -> str:
    return hashlib.sha256((folder / ".git" / "index").read_bytes()).hexdigest()


@pytest.fixture
def written(store, folder) -> MemoryStore:
    store.remember("Deploys go through staging first", kind="rule")
    return store


def _assert_refused(store, folder, what: str) -> None:
    index, head, files = (
        _index_digest(folder),
        git(folder, "rev-parse", "HEAD"),
        (folder / "lessons.md").read_bytes(),
    )
    with pytest.raises(SwarmkitError) as info:
        store.remember("A lesson written while git is busy", kind="insight")
    assert info.value.message == f"the memory folder {folder} cannot be written: {what}; nothing was written"
    assert info.value.hint.startswith("in that folder, ")
    assert _index_digest(folder) == index and git(folder, "rev-parse", "HEAD") == head
    assert (folder / "lessons.md").read_bytes() == files


def test_a_detached_head_refuses_writes(written, folder):
    head = git(folder, "rev-parse", "HEAD").strip()
    git(folder, "checkout", "-q", "--detach")
    _assert_refused(written, folder, f"HEAD is not on a branch (detached at {head[:10]})")
    git(folder, "checkout", "-q", "main")
    assert written.remember("Written once back on the branch", kind="insight").status == "written"


def test_a_bisect_refuses_writes(written, folder):
    written.remember("A second lesson", kind="insight")
    git(folder, "bisect", "start")
    git(folder, "bisect", "bad")
    git(folder, "bisect", "good", "HEAD~2")
    _assert_refused(written, folder, "a bisect is in progress")


def _diverge(folder) -> None:
    """Two branches that changed the same line of lessons.md (without the union merge, so they conflict)."""
    git(folder, "rm", "-q", ".gitattributes")
    git(folder, "commit", "-qm", "no union merge")
    git(folder, "checkout", "-q", "-b", "side")
    (folder / "lessons.md").write_text("# Lessons\n\n- side\n")
    git(folder, "commit", "-qam", "side")
    git(folder, "checkout", "-q", "main")
    (folder / "lessons.md").write_text("# Lessons\n\n- main\n")
    git(folder, "commit", "-qam", "main")


def test_a_stopped_rebase_refuses_writes(written, folder):
    _diverge(folder)
    proc = subprocess.run(["git", "rebase", "side"], cwd=folder, capture_output=True, env=clean_env())
    assert proc.returncode != 0  # stopped on the conflict
    with pytest.raises(SwarmkitError, match="a rebase is in progress"):
        written.remember("A lesson written while git is busy", kind="insight")


def test_an_unfinished_merge_is_refused_and_the_conflict_stays_unstaged(written, folder):
    _diverge(folder)
    proc = subprocess.run(["git", "merge", "side"], cwd=folder, capture_output=True, env=clean_env())
    assert proc.returncode != 0
    _assert_refused(written, folder, "a merge is in progress")
    assert git(folder, "status", "--porcelain").startswith("UU lessons.md")  # still a conflict, not staged
    assert written.status()["git_state"] == "a merge is in progress"


def test_a_dangling_link_and_a_hand_edit_never_block_a_write(written, folder):
    os.symlink(folder / "nowhere.md", folder / "dangling.md")
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- Written by hand\n")
    assert written.remember("Another lesson", kind="insight").status == "written"
    assert written.remember("And one more", kind="insight").status == "written"
    assert "dangling.md" not in git(folder, "ls-files")
    assert git(folder, "status", "--porcelain") == "?? dangling.md\n"


def test_hand_edits_commit_only_memory_files(written, folder):
    (folder / ".env").write_text("API_TOKEN=ghp_" + "a1B2" * 9 + "\n")
    (folder / ".lessons.md.swp").write_bytes(b"b0VIM 9.0")
    (folder / "lessons.md~").write_text("old copy\n")
    (folder / "#lessons.md#").write_text("emacs autosave\n")
    (folder / "notes.txt").write_text("not markdown\n")
    (folder / "my notes.md").write_text("# My notes\n\n- Lisbon office opens at 9\n")
    (folder / "topics").mkdir()
    (folder / "topics" / "deploy.md").write_text("- Staging first, always\n")
    assert written.remember("A lesson after the edits", kind="insight").status == "written"
    assert commits(folder)[:2] == ["Remember: A lesson after the edits", "Hand edits"]
    assert sorted(git(folder, "show", "--name-only", "--format=", "HEAD~1").split("\n")[:-1]) == [
        "my notes.md",
        "topics/deploy.md",
    ]
    untracked = {line[3:] for line in git(folder, "status", "--porcelain", "-uall").splitlines()}
    assert untracked == {".env", ".lessons.md.swp", "lessons.md~", "#lessons.md#", "notes.txt"}


def test_hand_edits_are_screened_before_they_are_committed(written, folder):
    secret = "ghp_" + "Zq9x" * 9
    with open(folder / "lessons.md", "a") as handle:
        handle.write(f"- CI token is {secret}\n- my PIN is 4921\n")
    with pytest.warns(UserWarning, match="redacted 2 secrets in hand edits of lessons.md"):
        written.remember("A lesson after the edits", kind="insight")
    history = git(folder, "log", "-p")
    assert secret not in history and "4921" not in (folder / "lessons.md").read_text()
    assert "- CI token is [REDACTED_SECRET]" in (folder / "lessons.md").read_text()


def test_a_hand_edited_file_the_write_rewrites_is_screened_too(written, folder):
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- The staging password is Hunter22!\n")
    written.remember("Deploy window is 14:00", kind="insight", subject="deploy_window")
    assert "Hunter22" not in (folder / "lessons.md").read_text() and "Hunter22" not in git(
        folder, "log", "-p"
    )


@pytest.mark.parametrize("action", ["expect mismatch", "outranked", "reinforced", "refused"])
def test_a_refused_action_commits_no_hand_edit(written, folder, action):
    written.remember("Deploy target is eu-west-1", kind="project_fact", by="user", subject="deploy_target")
    before = commits(folder)
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- Written by hand, not yet committed\n")
    if action == "expect mismatch":
        with pytest.raises(SwarmkitError, match="changed since it was listed"):
            written.forget("lessons.md#L3", expect_text="0000000")
    elif action == "outranked":
        assert (
            written.remember(
                "Deploy target is us-east-1", kind="project_fact", subject="deploy_target"
            ).status
            == "outranked"
        )
    elif action == "reinforced":
        assert written.remember("Deploys go through staging first.", kind="rule").status == "reinforced"
    else:
        assert written.remember("password=hunter22", kind="rule").status == "refused"
    assert commits(folder) == before
    assert git(folder, "status", "--porcelain") == " M lessons.md\n"


def _bare(path, head: str = "main"):
    path.mkdir()
    git(path, "init", "-q", "--bare", "-b", head)
    return path


def test_sync_follows_the_remotes_default_branch(tmp_path):
    bare = _bare(tmp_path / "remote.git", head="master")
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Laptop lesson", kind="insight")
    git(laptop.folder, "branch", "-m", "master")  # a folder made where branches were called master
    assert laptop.sync(str(bare))["branch"] == "master"
    desktop = MemoryStore(tmp_path / "desktop", "demo")
    desktop.sync(str(bare))
    git(desktop.folder, "branch", "-m", "main")  # the other machine calls its branch main
    desktop.remember("Desktop lesson", kind="insight")
    assert desktop.sync()["branch"] == "master"
    assert laptop.sync()["pulled"] == 1
    assert {e.text for e in laptop.entries("lessons.md")} == {"Laptop lesson", "Desktop lesson"}
    assert git(bare, "branch", "--format=%(refname:short)").split() == ["master"]  # no second branch


def test_the_first_sync_to_an_empty_remote_names_its_branch_as_the_default(tmp_path):
    bare = _bare(tmp_path / "remote.git", head="master")
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Laptop lesson", kind="insight")
    assert laptop.sync(str(bare))["branch"] == "main"
    assert git(bare, "symbolic-ref", "HEAD").strip() == "refs/heads/main"
    desktop = MemoryStore(tmp_path / "desktop", "demo")
    assert desktop.sync(str(bare))["cloned"]
    assert {e.text for e in desktop.entries("lessons.md")} == {"Laptop lesson"}


def test_a_clone_of_a_remote_whose_head_names_no_branch_checks_out_its_only_branch(tmp_path):
    bare = _bare(tmp_path / "remote.git", head="main")
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Laptop lesson", kind="insight")
    laptop.sync(str(bare))
    git(bare, "symbolic-ref", "HEAD", "refs/heads/trunk")  # names a branch that is not there
    desktop = MemoryStore(tmp_path / "desktop", "demo")
    assert desktop.sync(f"file://{bare}")["cloned"]
    assert {e.text for e in desktop.entries("lessons.md")} == {"Laptop lesson"}


def test_sync_refuses_a_remote_with_several_branches_and_no_default(tmp_path):
    bare = _bare(tmp_path / "remote.git")
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Laptop lesson", kind="insight")
    laptop.sync(str(bare))
    git(laptop.folder, "push", "-q", "origin", "HEAD:refs/heads/other")
    git(bare, "symbolic-ref", "HEAD", "refs/heads/trunk")
    laptop.remember("Another lesson", kind="insight")
    head = git(bare, "rev-parse", "main")
    with pytest.raises(SwarmkitError) as info:
        laptop.sync()
    assert info.value.message == (
        f"{bare} has several branches (main, other) and no default branch to follow; nothing was changed"
    )
    assert info.value.hint.startswith("give the remote a default branch")
    assert git(bare, "rev-parse", "main") == head


def test_hand_edits_are_screened_within_a_bound(written, folder, monkeypatch):
    """A file pasted in that is too large to be memory is left out, with a warning; many large
    hand edits are committed over several writes, each screening a bounded amount."""
    from swarmkit.memory.folder import layout, memory_folder

    monkeypatch.setattr(layout, "HAND_EDITED_FILE_LIMIT", 2000)  # read by hand_edits.py
    monkeypatch.setattr(memory_folder, "HAND_EDITED_FILE_LIMIT", 2000)  # in the warning it gives
    monkeypatch.setattr(layout, "HAND_EDITS_PER_WRITE", 3000)
    (folder / "huge.md").write_text("- big\n" * 500)  # 3,000 bytes: over the file limit
    for name in ("a.md", "b.md", "c.md"):
        (folder / name).write_text("- note\n" * 250)  # 1,750 bytes each
    with pytest.warns(UserWarning, match="huge.md is over 1 KB, too large to be a memory file"):
        written.remember("First lesson after the paste", kind="insight")
    committed = git(folder, "show", "--name-only", "--format=", "HEAD~1").split()
    assert committed == ["a.md"]  # b.md would take the write over 3,000 bytes of hand edits
    written.remember("Second lesson after the paste", kind="insight")
    written.remember("Third lesson after the paste", kind="insight")
    assert "huge.md" not in git(folder, "ls-files") and {"b.md", "c.md"} <= set(
        git(folder, "ls-files").split()
    )


def _lock_text(folder, lock: str) -> str:
    return f"git's lock file {folder / '.git' / lock} is there (a git command is running in the folder, or one crashed)"


def _lock_hint(folder, lock: str) -> str:
    return (
        "if no git command is running in that folder (one that crashed leaves its lock behind), "
        f"remove the lock: rm {folder / '.git' / lock}; then retry"
    )


@pytest.mark.parametrize("lock", ["index.lock", "HEAD.lock", "refs/heads/main.lock"])
def test_a_stale_git_lock_is_named_and_refuses_the_write_before_anything_is_written(written, folder, lock):
    (folder / ".git" / lock).write_text("")
    before, files = commits(folder), (folder / "lessons.md").read_bytes()
    for _ in range(2):  # a retry is refused the same way: never "reinforced" by a line left uncommitted
        with pytest.raises(SwarmkitError) as info:
            written.remember("A lesson written while git is locked", kind="insight")
        assert info.value.message == (
            f"the memory folder {folder} cannot be written: {_lock_text(folder, lock)}; nothing was written"
        )
        assert info.value.hint == _lock_hint(folder, lock)
        assert (folder / "lessons.md").read_bytes() == files and commits(folder) == before
    assert (folder / ".git" / lock).exists()  # never removed by swarmkit: a person's git may hold it
    (folder / ".git" / lock).unlink()
    assert written.remember("A lesson written while git is locked", kind="insight").status == "written"
    assert commits(folder)[:2] == ["Remember: A lesson written while git is locked", before[0]]


@pytest.mark.parametrize(("lock", "command"), [("index.lock", "add"), ("refs/heads/main.lock", "commit")])
def test_a_commit_that_fails_puts_the_files_back_as_they_were(written, folder, lock, command):
    before, files = commits(folder), (folder / "lessons.md").read_bytes()

    def lock_git() -> dict:  # a git run by hand takes its lock between swarmkit's check and its commit
        (folder / ".git" / lock).write_text("")
        return {}

    with pytest.raises(SwarmkitError) as info:
        written.remember("A lesson the commit loses", kind="insight", also=lock_git)
    assert info.value.message == (
        f"git {command} failed in the memory folder {folder}: {_lock_text(folder, lock)}; "
        "nothing was written (the memory files are as they were)"
    )
    assert info.value.hint == _lock_hint(folder, lock)
    assert (folder / "lessons.md").read_bytes() == files and commits(folder) == before
    (folder / ".git" / lock).unlink()
    assert git(folder, "status", "--porcelain") == ""  # nothing staged, nothing left for "Hand edits"
    assert written.remember("A lesson the commit loses", kind="insight").status == "written"
    assert commits(folder)[:2] == ["Remember: A lesson the commit loses", before[0]]


def test_a_failed_commit_of_a_new_file_removes_it(store, folder):
    store.remember("Deploys go through staging first", kind="rule")

    def lock_git() -> dict:
        (folder / ".git" / "index.lock").write_text("")
        return {}

    with pytest.raises(SwarmkitError, match="nothing was written"):
        store.remember("Staging runs on Fridays", kind="insight", target="workspace", also=lock_git)
    assert not (folder / "workspaces" / "demo.md").exists()
    assert "workspaces/demo" not in (folder / "MEMORY.md").read_text()


def test_status_names_a_git_lock(written, folder):
    (folder / ".git" / "index.lock").write_text("")
    assert written.status()["git_state"] == _lock_text(folder, "index.lock")
