"""Across machines: a bare remote and two clones that both end up with every entry."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.store import MemoryStore
from tests.memory.conftest import git


def test_two_machines_converge(tmp_path):
    bare = tmp_path / "remote.git"
    bare.mkdir()
    git(bare, "init", "-q", "--bare", "-b", "main")
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Laptop lesson one", kind="insight")
    first = laptop.sync(str(bare))
    assert first["pushed"] >= 2 and first["pulled"] == 0
    desktop = MemoryStore(tmp_path / "desktop", "demo")
    cloned = desktop.sync(str(bare))
    assert cloned["cloned"] and {e.text for e in desktop.entries("lessons.md")} == {"Laptop lesson one"}
    # both write different entries at the end of the same files, then sync
    laptop.remember("Laptop lesson two", kind="insight")
    laptop.remember("Laptop likes tea", kind="preference", by="user")
    desktop.remember("Desktop lesson", kind="insight")
    desktop.remember("Desktop likes coffee", kind="preference", by="user")
    desktop.remember("Desktop workspace fact", target="workspace")
    assert laptop.sync()["pushed"] == 2
    result = desktop.sync()
    assert result["pulled"] == 2 and result["pushed"] == 3
    assert laptop.sync()["pulled"] == 3
    for store in (laptop, desktop):
        assert {e.text for e in store.entries("lessons.md")} == {
            "Laptop lesson one",
            "Laptop lesson two",
            "Desktop lesson",
        }
        assert {e.text for e in store.entries("me.md")} == {"Laptop likes tea", "Desktop likes coffee"}
        assert git(store.folder, "status", "--porcelain") == ""
        assert store.recall("desktop workspace fact")[0].text == "Desktop workspace fact"
    assert git(laptop.folder, "rev-parse", "HEAD") == git(desktop.folder, "rev-parse", "HEAD")
    memory = (laptop.folder / "MEMORY.md").read_text()
    assert memory.count("- [[workspaces/demo]]") == 1


def test_sync_without_a_remote_is_a_clear_error(store):
    store.remember("Something to sync", kind="insight")
    with pytest.raises(SwarmkitError) as info:
        store.sync()
    assert info.value.message == "the memory folder has no remote to sync with"
    assert "--remote" in info.value.hint


def test_unrelated_histories_are_refused(tmp_path):
    bare = tmp_path / "remote.git"
    bare.mkdir()
    git(bare, "init", "-q", "--bare", "-b", "main")
    one = MemoryStore(tmp_path / "one", "demo")
    one.remember("From machine one", kind="insight")
    one.sync(str(bare))
    (tmp_path / "two").mkdir()
    (tmp_path / "two" / "MEMORY.md").write_text("# Memory of machine two\n\n## Index\n")
    git(tmp_path / "two", "init", "-q", "-b", "main")
    git(tmp_path / "two", "add", "MEMORY.md")
    git(tmp_path / "two", "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "own start")
    two = MemoryStore(tmp_path / "two", "demo")
    two.remember("From machine two", kind="insight")
    with pytest.raises(SwarmkitError, match="unrelated histories; nothing was changed"):
        two.sync(str(bare))
    assert {e.text for e in two.entries("lessons.md")} == {"From machine two"}


def test_a_bad_remote(store, tmp_path):
    store.remember("Something to sync", kind="insight")
    with pytest.raises(SwarmkitError, match="could not fetch from"):
        store.sync(str(tmp_path / "no-such-remote.git"))


def test_a_first_sync_to_an_empty_remote_creates_the_folder_and_pushes_it(tmp_path):
    bare = tmp_path / "remote.git"
    bare.mkdir()
    git(bare, "init", "-q", "--bare")
    store = MemoryStore(tmp_path / "memory", "demo")
    result = store.sync(str(bare))
    assert store.exists() and result["pushed"] == 1
    assert git(bare, "log", "--format=%s").splitlines() == ["Create memory folder"]
    clone = MemoryStore(tmp_path / "other", "demo")
    assert clone.sync(str(bare))["cloned"] and clone.exists()


def test_a_remote_that_is_not_a_memory_folder_leaves_nothing_behind(tmp_path):
    bare = tmp_path / "remote.git"
    bare.mkdir()
    git(bare, "init", "-q", "--bare")
    work = tmp_path / "work"
    git(tmp_path, "clone", "-q", str(bare), str(work))
    (work / "README.md").write_text("Not memory\n")
    git(work, "add", "README.md")
    git(work, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "readme")
    git(work, "push", "-q", "origin", "HEAD")
    store = MemoryStore(tmp_path / "memory", "demo")
    with pytest.raises(SwarmkitError) as caught:
        store.sync(str(bare))
    assert caught.value.message == (
        f"{bare} is not a memory folder (it has no MEMORY.md at its top); nothing was changed here"
    )
    assert not store.folder.exists()
    store.remember("Later writes still work", kind="insight")  # the folder is created as usual
    assert [e.text for e in store.entries("lessons.md")] == ["Later writes still work"]
