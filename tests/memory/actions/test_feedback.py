"""Feedback: a correction in the workspace file; the same reason twice is one line."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from tests.support.git import commit_count
from tests.support.memory_files import lines, ref_of


def test_feedback_writes_a_correction_once(store, folder):
    result = store.feedback("r-1a2b3c4d", "It used the deprecated deploy API")
    assert result.status == "written" and result.ref == ref_of(
        "workspaces/demo.md", "It used the deprecated deploy API"
    )
    line = lines(folder, "workspaces/demo.md")[3]
    assert line.startswith(
        "- It used the deprecated deploy API [by: user; kind: correction; subject: feedback:"
    )
    assert "source: swarmkit://runs/r-1a2b3c4d" in line and "origin: feedback" in line
    count = commit_count(folder)
    again = store.feedback("r-99999999", "it used the deprecated deploy API.")
    assert again.status == "reinforced" and again.ref == result.ref
    assert commit_count(folder) == count
    assert sum("deprecated deploy" in l for l in lines(folder, "workspaces/demo.md")) == 1
    other = store.feedback("r-1a2b3c4d", "The summary skipped the risks section")
    assert other.ref == ref_of("workspaces/demo.md", "The summary skipped the risks section")


def test_feedback_needs_a_reason_and_a_run(store):
    with pytest.raises(SwarmkitError, match="feedback needs a reason"):
        store.feedback("r-1", "  ")
    with pytest.raises(SwarmkitError, match="feedback needs the run it is about"):
        store.feedback("", "wrong")


def test_feedback_names_a_real_run_id(store):
    with pytest.raises(SwarmkitError, match='"yesterday" is not a run id'):
        store.feedback("yesterday", "It used the old API")
