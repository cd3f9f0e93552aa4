"""A new value for a subject replaces the old entry in place, in one commit; who may replace whom."""

from __future__ import annotations

from swarmkit.memory.store import MemoryStore
from tests.support.git import commit_count, commits
from tests.support.memory_files import lines, ref_of


def test_a_new_value_replaces_the_old_one_in_place_in_one_commit(store, folder):
    store.remember("Lives in Berlin", "identity", subject="user.location", origin="memory-writer")
    store.remember("Editor is Helix", "preference", subject="user.editor", origin="memory-writer")
    before = commit_count(folder)
    result = store.remember("Lives in Munich", "identity", subject="user.location", origin="memory-writer")
    assert (result.status, result.ref, result.old, result.text) == (
        "replaced",
        ref_of("me.md", "Lives in Munich"),
        "Lives in Berlin",
        "Lives in Munich",
    )
    assert [line.split(" [")[0] for line in lines(folder, "me.md")[2:]] == [
        "- Lives in Munich",
        "- Editor is Helix",
    ]
    assert commit_count(folder) == before + 1
    assert commits(folder)[0] == "Replace: Lives in Berlin → Lives in Munich"


def test_an_agent_never_replaces_a_line_the_user_wrote(store, folder):
    store.remember("Lives in Berlin", "identity", by="user", subject="user.location")
    before = commit_count(folder)
    result = store.remember("Lives in Munich", "identity", subject="user.location", origin="memory-writer")
    assert (result.status, result.ref, result.reason) == (
        "outranked",
        ref_of("me.md", "Lives in Berlin"),
        f"{ref_of('me.md', 'Lives in Berlin')} was written by the user",
    )
    assert commit_count(folder) == before
    assert lines(folder, "me.md")[2].startswith("- Lives in Berlin [by: user;")


def test_a_hand_written_line_without_a_subject_is_found_by_its_text(store, folder):
    """A person writes facts in their own words; "I live in Berlin" is about user.location too."""
    store.remember("Prefers tabs", "preference", by="user")
    with open(folder / "me.md", "a", encoding="utf-8") as handle:
        handle.write("- I live in Berlin\n")
    result = store.remember("Lives in Munich", "identity", subject="user.location", origin="memory-writer")
    assert (result.status, result.ref) == ("outranked", ref_of("me.md", "I live in Berlin"))
    # an agent's older line without a subject (written before subjects existed) is replaced
    with open(folder / "me.md", "a", encoding="utf-8") as handle:
        handle.write("- Editor is Helix [by: agent; kind: preference; origin: memory-writer]\n")
    result = store.remember("Editor is Zed", "preference", subject="user.editor", origin="memory-writer")
    assert (result.status, result.ref, result.old) == (
        "replaced",
        ref_of("me.md", "Editor is Zed"),
        "Editor is Helix",
    )
    assert lines(folder, "me.md")[4].startswith("- Editor is Zed [")  # in place of the old line


def test_shared_files_are_not_read_for_subjects(store, folder):
    store.remember("Editor is the team's shared config", "rule", target="lessons")
    result = store.remember("Editor is Zed", "rule", subject="user.editor", target="lessons")
    assert result.status == "written"


def test_an_extraction_never_replaces_a_curated_fact(store, folder):
    store.propose("user", "location", "Berlin", "identity")  # governed-memory: "User location is Berlin"
    result = store.remember("Lives in Munich", "identity", subject="user.location", origin="memory-writer")
    assert result.status == "outranked"
    assert result.reason == (
        f"{ref_of('me.md', 'User location is Berlin')} is a curated fact; a change to it goes through memory-reconcile"
    )
    # while a curated proposal still reconciles against an extracted line, as before
    other = MemoryStore(folder, "demo", user="ana")
    other.remember("Lives in Porto", "identity", subject="user.location", origin="memory-writer")
    proposal = other.propose(
        "user",
        "location",
        "Lisbon",
        "identity",
        reconcile=lambda *a: {"verdict": "pass", "op": "update", "merged_value": "Lisbon"},
    )
    assert proposal.status == "update"


def test_a_person_replaces_their_own_value_and_an_agents(store, folder):
    store.remember("Lives in Berlin", "identity", subject="user.location", origin="memory-writer")
    assert store.add("I live in Munich").status == "replaced"
    assert store.add("I live in Hamburg").status == "replaced"
    assert [line.split(" [")[0] for line in lines(folder, "me.md")[2:]] == ["- I live in Hamburg"]
