"""Across machines: a bare remote and two clones that both end up with every entry."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.store import MemoryStore
from tests.support.git import git


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


# ---- a subject changed on two machines: one current value, the other in the inbox -------------


def _two_machines(tmp_path) -> tuple[MemoryStore, MemoryStore]:
    bare = tmp_path / "remote.git"
    bare.mkdir()
    git(bare, "init", "-q", "--bare", "-b", "main")
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Lives in Lisbon", kind="identity", by="user", subject="user.location")
    laptop.remember("Deploy target is eu-west-1", kind="project_fact", by="user", subject="deploy_target")
    laptop.sync(str(bare))
    desktop = MemoryStore(tmp_path / "desktop", "demo")
    desktop.sync(str(bare))
    return laptop, desktop


def _by_hand(store: MemoryStore, rel: str, old: str, new: str, date: str) -> None:
    """Change one line and commit it with this author date (when that machine wrote it)."""
    path = store.folder / rel
    path.write_text(path.read_text().replace(old, new))
    git(store.folder, "commit", "-q", "--date", date, "-m", f"hand edit on {store.folder.name}", "--", rel)


def _lines(store: MemoryStore, rel: str) -> list[str]:
    return [e.text for e in store.entries(rel)]


def test_a_subject_both_machines_changed_keeps_the_later_value_and_sends_the_other_to_the_inbox(tmp_path):
    laptop, desktop = _two_machines(tmp_path)
    laptop.remember(
        "Lives in Munich", kind="identity", by="user", subject="user.location", extra={"added": "2026-11-20"}
    )
    desktop.remember(
        "Lives in Berlin", kind="identity", by="user", subject="user.location", extra={"added": "2026-11-10"}
    )
    laptop.sync()
    result = desktop.sync()  # desktop's change is the newer commit, but the older `added` date
    merged = {
        "subject": "user.location",
        "file": "me.md",
        "kept": "Lives in Munich",
        "kept_ref": f"me.md#{text_digest('Lives in Munich')}",
        "inbox": "Lives in Berlin",
        "replaced": None,
    }
    assert result["merged"] == [merged] and result["pushed"] == 2
    assert laptop.sync()["merged"] == []  # the other machine just pulls the merge
    for store in (laptop, desktop):
        assert _lines(store, "me.md") == ["Lives in Munich"]
        (held,) = store.inbox_list()
        assert held.text == "Lives in Berlin" and held.subject == "user.location"
        assert held.meta["contradicts"] == merged["kept_ref"] and held.meta["for"] == "me.md"
        assert _lines(store, "lessons.md") == ["Deploy target is eu-west-1"]
    assert git(desktop.folder, "log", "-1", "--format=%B") == (
        "Sync: user.location changed on two machines; the later value is kept, the other waits in the inbox\n\n"
        '- user.location (me.md): kept "Lives in Munich"; to the inbox: "Lives in Berlin"\n\n'
        "Origin: sync\n\n"
    )
    assert git(desktop.folder, "status", "--porcelain") == ""
    # a person can keep the other value instead: it replaces the one sync kept
    kept = desktop.inbox_keep(desktop.inbox_list()[0].ref)
    assert kept.status == "kept" and _lines(desktop, "me.md") == ["Lives in Berlin"]
    assert desktop.inbox_list() == []


def test_on_the_same_day_the_later_commit_wins_and_each_subject_is_merged_in_one_commit(tmp_path):
    laptop, desktop = _two_machines(tmp_path)
    _by_hand(laptop, "me.md", "Lives in Lisbon", "Lives in Porto", "2026-11-30T10:00:00Z")
    _by_hand(laptop, "lessons.md", "eu-west-1", "us-east-1", "2026-11-30T08:00:00Z")
    _by_hand(desktop, "me.md", "Lives in Lisbon", "Lives in Faro", "2026-11-30T09:00:00Z")
    _by_hand(desktop, "lessons.md", "eu-west-1", "ap-south-1", "2026-11-30T11:00:00Z")
    laptop.sync()
    before = int(git(desktop.folder, "rev-list", "--count", "HEAD"))
    result = desktop.sync()
    assert [(m["subject"], m["kept"], m["inbox"]) for m in result["merged"]] == [
        ("deploy_target", "Deploy target is ap-south-1", "Deploy target is us-east-1"),
        ("user.location", "Lives in Porto", "Lives in Faro"),
    ]
    # the two rebased hand edits, and one merge commit for both subjects
    assert int(git(desktop.folder, "rev-list", "--count", "HEAD")) == before + 2 + 1
    assert git(desktop.folder, "log", "-1", "--format=%s") == (
        "Sync: 2 subjects changed on two machines; the later values are kept, the others wait in the inbox\n"
    )
    laptop.sync()
    for store in (laptop, desktop):
        assert _lines(store, "me.md") == ["Lives in Porto"]
        assert _lines(store, "lessons.md") == ["Deploy target is ap-south-1"]
        assert {(e.text, e.meta.get("for")) for e in store.inbox_list()} == {
            ("Deploy target is us-east-1", None),  # a shared file's value is shared
            ("Lives in Faro", "me.md"),  # a person's value is shown to that person only
        }


def test_an_agents_later_value_never_replaces_the_users(tmp_path):
    laptop, desktop = _two_machines(tmp_path)
    _by_hand(laptop, "me.md", "Lives in Lisbon", "Lives in Porto", "2026-11-30T10:00:00Z")
    path = desktop.folder / "me.md"
    path.write_text(
        path.read_text().replace(
            "- Lives in Lisbon [by: user;", "- Lives in Faro [by: agent; origin: memory-writer;"
        )
    )
    git(desktop.folder, "commit", "-q", "--date", "2026-11-30T11:00:00Z", "-m", "agent", "--", "me.md")
    laptop.sync()
    (merge,) = desktop.sync()["merged"]
    assert (merge["kept"], merge["inbox"]) == ("Lives in Porto", "Lives in Faro")


def test_the_same_value_on_both_machines_is_kept_once_and_nothing_goes_to_the_inbox(tmp_path):
    laptop, desktop = _two_machines(tmp_path)
    _by_hand(laptop, "me.md", "Lives in Lisbon", "Lives in Porto", "2026-11-30T10:00:00Z")
    _by_hand(
        desktop,
        "me.md",
        "Lives in Lisbon [by: user;",
        "Lives in Porto [by: user; source: phone;",
        "2026-11-30T11:00:00Z",
    )
    laptop.sync()
    (merge,) = desktop.sync()["merged"]
    assert merge["inbox"] is None and _lines(desktop, "me.md") == ["Lives in Porto"]
    assert desktop.inbox_list() == []


def test_lines_without_a_subject_and_subjects_one_side_doubled_are_unioned_as_before(tmp_path):
    laptop, desktop = _two_machines(tmp_path)
    laptop.remember("Laptop lesson", kind="insight")
    desktop.remember("Desktop lesson", kind="insight")
    # a person put two lines with one subject in their file on purpose: not the merge's doing
    pets = "- Has a cat [by: user; subject: user.pet]\n- Has a dog [by: user; subject: user.pet]\n"
    (desktop.folder / "me.md").write_text((desktop.folder / "me.md").read_text() + pets)
    git(desktop.folder, "commit", "-q", "-m", "two pets", "--", "me.md")
    laptop.remember("Has a parrot", kind="identity", by="user", subject="user.pet")
    # two held candidates with one subject wait in the inbox, one from each machine: they stay
    laptop.remember(
        "Deploy target is us-east-1", subject="deploy_target", target="inbox", kind="project_fact"
    )
    desktop.remember(
        "Deploy target is ap-south-1", subject="deploy_target", target="inbox", kind="project_fact"
    )
    laptop.sync()
    assert desktop.sync()["merged"] == []
    laptop.sync()
    for store in (laptop, desktop):
        assert sorted(_lines(store, "lessons.md")) == [
            "Deploy target is eu-west-1",
            "Desktop lesson",
            "Laptop lesson",
        ]
        assert sorted(_lines(store, "me.md")) == ["Has a cat", "Has a dog", "Has a parrot", "Lives in Lisbon"]
        assert sorted(e.text for e in store.inbox_list()) == [
            "Deploy target is ap-south-1",
            "Deploy target is us-east-1",
        ]


def _synced_with_another_machine(cli, tmp_path, workspace) -> tuple[tuple[str, ...], MemoryStore]:
    """A workspace whose memory ("I live in Lisbon") is synced through a bare remote with another
    machine's store: (the `memory --workspace WS` words, the other machine's store)."""
    ws = workspace()
    bare = tmp_path / "remote.git"
    bare.mkdir()
    git(bare, "init", "-q", "--bare", "-b", "main")
    mem = ("memory", "--workspace", str(ws))
    cli(*mem, "add", "I live in Lisbon")
    cli(*mem, "sync", "--remote", str(bare))
    other = MemoryStore(tmp_path / "other", "demo")
    other.sync(str(bare))
    return mem, other


def test_sync_says_which_value_it_kept(cli, tmp_path, workspace):
    mem, other = _synced_with_another_machine(cli, tmp_path, workspace)
    other.remember(
        "I live in Porto", kind="identity", by="user", subject="user.location", extra={"added": "2026-11-01"}
    )
    other.sync()
    cli(*mem, "add", "I live in Munich")
    code, out, err = cli(*mem, "sync")
    ref = f"me.md#{text_digest('I live in Munich')}"
    assert (code, err) == (0, "")
    assert out == (
        f"Synced with {tmp_path / 'remote.git'}: pulled 1, pushed 2 commits.\n"
        f'  user.location (me.md) changed on two machines: kept "I live in Munich" ({ref}); '
        '"I live in Porto" waits in the inbox (swarmkit memory inbox)\n'
    )


def test_a_remote_given_as_a_relative_path_is_read_from_where_the_command_runs(tmp_path, monkeypatch):
    git(tmp_path, "init", "-q", "--bare", "-b", "main", "remote.git")
    monkeypatch.chdir(tmp_path)
    laptop = MemoryStore(tmp_path / "laptop", "demo")
    laptop.remember("Laptop lesson", kind="insight")
    assert laptop.sync("remote.git")["remote"] == str(tmp_path / "remote.git")
    desktop = MemoryStore(tmp_path / "desktop", "demo")
    assert desktop.sync("remote.git")["cloned"]
    assert _lines(desktop, "lessons.md") == ["Laptop lesson"]


def test_an_old_value_one_machine_replaced_is_not_brought_back_by_the_union_merge(tmp_path):
    """The laptop replaces the location while the desktop adds a fact on the next line: the union
    merge keeps both sides of the conflict, the old location included. The laptop's change stands."""
    laptop, desktop = _two_machines(tmp_path)
    laptop.remember("Lives in Porto", kind="identity", by="user", subject="user.location")
    desktop.remember("Has a cat", kind="identity", by="user", subject="user.pet")
    laptop.sync()
    (merge,) = desktop.sync()["merged"]
    assert merge == {
        "subject": "user.location",
        "file": "me.md",
        "kept": "Lives in Porto",
        "kept_ref": f"me.md#{text_digest('Lives in Porto')}",
        "inbox": None,
        "replaced": "Lives in Lisbon",
    }
    laptop.sync()
    for store in (laptop, desktop):
        assert _lines(store, "me.md") == ["Lives in Porto", "Has a cat"] and store.inbox_list() == []
    assert git(desktop.folder, "log", "-1", "--format=%B") == (
        "Sync: one current value for user.location\n\n"
        '- user.location (me.md): kept "Lives in Porto"; "Lives in Lisbon", which one machine had '
        "replaced, stays gone\n\nOrigin: sync\n\n"
    )


def test_sync_says_an_old_value_stays_gone(cli, tmp_path, workspace):
    mem, other = _synced_with_another_machine(cli, tmp_path, workspace)
    other.remember("Has a cat", kind="identity", by="user", subject="user.pet")
    other.sync()
    cli(*mem, "add", "I live in Munich")
    code, out, err = cli(*mem, "sync")
    assert (code, err) == (0, "")
    assert out == (
        f"Synced with {tmp_path / 'remote.git'}: pulled 1, pushed 2 commits.\n"
        f'  user.location (me.md): kept "I live in Munich" (me.md#{text_digest("I live in Munich")}); '
        '"I live in Lisbon", which one machine had replaced, stays gone\n'
    )
