"""Curated facts: new, reinforce, update (through reconcile), contradict (to the inbox); history."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from tests.support.memory_files import lines, ref_of


def _agree(known, proposed, subject, attribute):
    return {
        "verdict": "pass",
        "op": "update",
        "merged_value": proposed,
        "confidence": 0.9,
        "reasoning": "the region moved",
    }


def _refine(known, proposed, subject, attribute):
    return {
        "verdict": "pass",
        "op": "refine",
        "merged_value": f"{known} and {proposed}",
        "confidence": 0.8,
        "reasoning": "both hold",
    }


def _contradict(known, proposed, subject, attribute):
    return {
        "verdict": "pass",
        "op": "contradict",
        "merged_value": known,
        "confidence": 0.7,
        "reasoning": "cannot both be true",
    }


def test_new_then_reinforce(store, folder):
    first = store.propose("deploy", "target", "eu-west-1", "project_fact")
    assert first.status == "new" and first.ref == ref_of("lessons.md", "Deploy target is eu-west-1")
    assert lines(folder, "lessons.md")[2].startswith(
        "- Deploy target is eu-west-1 [by: agent; kind: project_fact; subject: deploy.target;"
    )
    again = store.propose("deploy", "target", "EU-WEST-1", "project_fact")
    assert again.status == "reinforce" and again.ref == first.ref and again.commit is None


def test_a_changed_value_without_reconcile_is_quarantined(store, folder):
    store.propose("deploy", "target", "eu-west-1", "project_fact")
    result = store.propose("deploy", "target", "us-east-1", "project_fact", run_id="r-42")
    assert result.status == "contradict" and result.ref.startswith("inbox.md#")
    assert result.known == "eu-west-1" and result.value == "us-east-1"
    assert "eu-west-1" in lines(folder, "lessons.md")[2]
    assert result.ref == ref_of("inbox.md", "Deploy target is us-east-1")
    (inbox_line,) = [line for line in lines(folder, "inbox.md") if "us-east-1" in line]
    # it names the fact it contradicts by that fact's text: still right when lines above it move
    assert f"contradicts: {ref_of('lessons.md', 'Deploy target is eu-west-1')}" in inbox_line


def test_reconcile_update_and_refine(store, folder):
    store.propose("deploy", "target", "eu-west-1", "project_fact")
    updated = store.propose("deploy", "target", "eu-central-1", "project_fact", reconcile=_agree)
    assert (
        updated.status == "update"
        and updated.reasoning == "the region moved"
        and updated.ref == ref_of("lessons.md", "Deploy target is eu-central-1")
    )
    assert "eu-central-1" in lines(folder, "lessons.md")[2]
    refined = store.propose("deploy", "target", "us-east-1", "project_fact", reconcile=_refine)
    assert refined.status == "update" and refined.value == "eu-central-1 and us-east-1"


def test_reconcile_contradict_and_failures_go_to_the_inbox(store):
    store.propose("deploy", "target", "eu-west-1", "project_fact")
    assert (
        store.propose("deploy", "target", "us-east-1", "project_fact", reconcile=_contradict).status
        == "contradict"
    )

    def broken(*args):
        raise RuntimeError("model offline")

    result = store.propose("deploy", "target", "ap-south-1", "project_fact", reconcile=broken)
    assert result.status == "contradict" and result.reasoning == "reconcile failed: model offline"


def test_an_agent_never_updates_a_users_fact(store):
    store.propose("editor", "name", "vim", "preference", by="user")
    result = store.propose("editor", "name", "emacs", "preference", reconcile=_agree)
    assert result.status == "contradict"
    assert store.entries("me.md")[0].text == "Editor name is vim"


def test_history_is_the_git_log(store, cli):
    store.propose("deploy", "target", "eu-west-1", "project_fact", run_id="r-1")
    store.remember("Unrelated lesson here", kind="insight")
    store.propose("deploy", "target", "eu-central-1", "project_fact", reconcile=_agree, run_id="r-2")
    items = store.history("deploy.target")
    assert [i["message"] for i in items] == [
        "Replace: Deploy target is eu-west-1 → Deploy target is eu-central-1",
        "Remember: Deploy target is eu-west-1",
    ]
    assert [(i["change"], i["old"], i["text"]) for i in items] == [
        ("changed", "Deploy target is eu-west-1", "Deploy target is eu-central-1"),
        ("added", None, "Deploy target is eu-west-1"),
    ]
    assert [i["run"] for i in items] == ["r-2", "r-1"]
    assert [i["message"] for i in store.history("Deploy")] == [i["message"] for i in items]
    assert store.history("billing") == []


def test_propose_needs_every_part(store):
    with pytest.raises(SwarmkitError, match="a curated fact needs a value"):
        store.propose("deploy", "target", " ", "project_fact")


def test_a_fact_written_between_look_and_write_is_reconciled_not_overwritten(tmp_path, monkeypatch):
    """Two proposals for a new fact at once: the second sees the first under the lock and reconciles."""
    from swarmkit.memory.actions import curated
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(tmp_path / "mem", "ws")
    store.ensure()
    real_remember = store.writer.remember  # the writer propose is handed (folder/writer.py)
    raced = []

    def remember(*args, **kwargs):
        if kwargs.get("subject_must_be_new") and not raced:  # the other process wins the race here
            raced.append(True)
            real_remember(
                curated.fact_text("deploy", "region", "eu-west-1"),
                "project_fact",
                "agent",
                curated.fact_subject("deploy", "region"),
            )
        return real_remember(*args, **kwargs)

    monkeypatch.setattr(store.writer, "remember", remember)
    result = store.propose("deploy", "region", "us-east-2", "project_fact")
    assert result.status == "contradict" and result.known == "eu-west-1"
    assert "eu-west-1" in (store.folder / "lessons.md").read_text()
