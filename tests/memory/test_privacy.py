"""A person's file (me.md: the owner's; users/<name>.md: a named person's) is theirs alone."""

from __future__ import annotations

import pytest

from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.folder.privacy import NotYours
from swarmkit.memory.store import MemoryStore


@pytest.fixture
def three(folder):
    """The owner, ana and bob, each with where they live; one shared lesson."""
    owner, ana, bob = (MemoryStore(folder, "demo", user=u) for u in (None, "ana", "bob"))
    owner.remember("Lives in Lisbon", "identity", subject="user.location")
    ana.remember("Lives in Porto", "identity", subject="user.location")
    bob.remember("Lives in Braga", "identity", subject="user.location")
    owner.remember("Lives in a house with a garden is a lesson about gardens", "insight")
    return owner, ana, bob


@pytest.mark.parametrize("scope", ["user", "all", "both"])
def test_recall_never_crosses_people_whatever_the_scope(three, scope):
    owner, ana, bob = three
    for store, own in ((owner, "Lives in Lisbon"), (ana, "Lives in Porto"), (bob, "Lives in Braga")):
        texts = [h.text for h in store.recall("where does he live", 10, 0, scope)]
        assert own in texts
        assert not {"Lives in Lisbon", "Lives in Porto", "Lives in Braga"} - {own} & set(texts)


def test_listing_status_and_refs_show_only_your_own_file(three):
    owner, ana, _ = three
    assert {e.file for e in ana.entries()} == {"users/ana.md", "lessons.md"}
    assert {e.file for e in owner.entries()} == {"me.md", "lessons.md"}
    info = ana.status()
    assert "users/bob.md" not in info["files"] and "me.md" not in info["files"] and info["others"] == 2
    with pytest.raises(NotYours) as error:
        ana.entry_at("users/bob.md#L3")
    assert error.value.message == (
        "users/bob.md is bob's personal file, and this view is ana's; nothing was shown or changed"
    )
    assert error.value.hint == "a person's facts are only shown to them: open the memory with --user bob"
    with pytest.raises(NotYours) as error:
        ana.entries("me.md")
    assert error.value.message == (
        "me.md is the owner's personal file, and this view is ana's; nothing was shown or changed"
    )
    assert error.value.hint == "a person's facts are only shown to them: open the memory without --user"
    with pytest.raises(NotYours):
        ana.forget("users/bob.md#L3")
    with pytest.raises(NotYours):
        owner.edit("users/ana.md#L3", "Lives in Faro")


def test_an_inbox_entry_held_for_a_person_is_theirs(folder):
    ana = MemoryStore(folder, "demo", user="ana")
    owner = MemoryStore(folder, "demo")
    ana.remember("Lives in Porto", "identity", by="user", subject="user.location")
    ana.remember(
        "Lives in Faro",
        "identity",
        subject="user.location",
        target="inbox",
        extra={"contradicts": "users/ana.md#L3", "for": "users/ana.md"},
    )
    owner.remember("Deploys go through staging", target="inbox")
    assert [e.text for e in ana.inbox_list()] == ["Lives in Faro", "Deploys go through staging"]
    assert [e.text for e in owner.inbox_list()] == ["Deploys go through staging"]
    assert [h.text for h in owner.recall("lives faro", 5, 0, "all", include_inbox=True)] == []
    assert [h.text for h in ana.recall("lives faro", 5, 0, "all", include_inbox=True)] == [
        "Lives in Faro",
        "Lives in Porto",
    ]
    with pytest.raises(NotYours):
        owner.inbox_delete("inbox.md#L4")
    kept = ana.inbox_keep("inbox.md#L4", "me")
    assert (
        kept.ref == f"users/ana.md#{text_digest('Lives in Faro')}"
    )  # her value now: it replaced her older one
    assert ana.entries("users/ana.md")[0].meta.keys() >= {"by", "subject"}
    assert "for" not in ana.entries("users/ana.md")[0].meta
