"""Budgets you can see (each file's size against its limit, a warning from 80%), a write past the
limit held in the inbox, and the cheap pass that runs by itself after writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swarmkit.memory.actions.consolidate import auto
from swarmkit.memory.actions.consolidate.budgets import Budget
from tests.memory.conftest import commit_count, commits


def fill(folder: Path, rel: str, size: int) -> None:
    """`rel` grown by hand with distinct filler entries to at most `size` bytes (each a fact of its own)."""
    path = folder / rel
    lines = path.read_text().splitlines() if path.exists() else ["# Lessons", ""]
    i = 0
    while True:
        line = f"- Build step {i} of job {i * 7} takes {i % 13} minutes on runner r{i}"
        if len("\n".join(lines + [line])) + 1 > size:
            break
        lines.append(line)
        i += 1
    (folder / rel).write_text("\n".join(lines) + "\n")


def test_a_budget_in_words():
    assert Budget("me.md", 512, 65536).sentence() == "512 bytes of 64 KB (1%)"
    assert Budget("me.md", 53000, 65536).warning == (
        "me.md is at 81% of its limit (51.8 KB of 64 KB): run `swarmkit memory consolidate` to merge or drop entries"
    )
    assert Budget("MEMORY.md", 5000, 4096).warning == (
        "MEMORY.md is over its limit (4.9 KB of 4 KB): new entries for it wait in the inbox; "
        "run `swarmkit memory consolidate` to merge or drop entries"
    )
    assert Budget("me.md", 52000, 65536).warning is None


def test_status_shows_each_files_budget_and_warns_from_80_percent(store, folder):
    store.remember("A first lesson", "insight")
    fill(folder, "lessons.md", 54_000)
    info = store.status()
    size = (folder / "lessons.md").stat().st_size
    assert info["budgets"]["lessons.md"] == {
        "bytes": size,
        "limit": 65536,
        "share": round(size / 65536, 4),
        "warning": Budget("lessons.md", size, 65536).warning,
    }
    assert info["budget_warnings"] == [Budget("lessons.md", size, 65536).warning]


def test_the_command_shows_the_warning(cli, workspace):
    ws = workspace()
    cli("memory", "--workspace", str(ws), "add", "A lesson", "--to", "lessons")
    folder = Path(ws).resolve() / ".swarmkit" / "memory"
    fill(folder, "lessons.md", 54_000)
    size = (folder / "lessons.md").stat().st_size
    code, out, err = cli("memory", "--workspace", str(ws), "status")
    assert code == 0
    assert f"warning: {Budget('lessons.md', size, 65536).warning}" in err.splitlines()
    count = sum(line.startswith("- ") for line in (folder / "lessons.md").read_text().splitlines())
    assert f"  {'lessons.md':<40} {count:>6} entries  {size / 1024:.1f} KB of 64 KB (82%)" in out.splitlines()


def test_a_write_that_crosses_80_percent_runs_a_pass_over_that_file(store, folder):
    store.remember("Deploys go through the staging cluster first", "rule")
    fill(folder, "lessons.md", int(0.8 * 65536) - 10)
    store.remember("Deploys go through the staging cluster first")  # reinforced: nothing new
    before = commit_count(folder)
    result = store.remember("All deploys go through the staging cluster first", "rule")
    assert result.status == "written"
    # the write, then the pass's proposals (the hand edits of the filler were committed first)
    assert commits(folder)[:2] == [
        "Consolidate: propose 1 change for review in the inbox (lessons.md passed 80% of its limit)",
        "Remember: All deploys go through the staging cluster first",
    ]
    assert commit_count(folder) == before + 3
    (proposal,) = store.inbox_list()
    assert proposal.meta["proposal"] == "merge" and proposal.meta["reason"] == "duplicate"


def test_every_50th_write_runs_a_pass_and_the_others_do_not(store, folder):
    store.remember("Prefers dark mode in every editor", "preference")
    store.remember("Prefers dark mode in all editors", "preference")
    assert store.inbox_list() == []
    (folder / ".index" / "consolidate-writes").write_text(f"{auto.AUTO_EVERY - 1}\n")
    store.remember("Prefers tabs", "preference")
    assert commits(folder)[0] == "Consolidate: propose 1 change for review in the inbox (every 50 writes)"
    count = commit_count(folder)
    store.remember("Prefers short answers", "preference")
    assert commit_count(folder) == count + 1  # the next write is only itself


def test_a_failing_pass_never_fails_the_write(store, folder, monkeypatch):
    from swarmkit.errors import SwarmkitError
    from swarmkit.memory.actions.consolidate import findings

    def broken(*args, **kwargs):
        raise SwarmkitError("the pass broke")

    monkeypatch.setattr(findings, "find", broken)
    monkeypatch.setattr(auto, "AUTO_EVERY", 1)
    with pytest.warns(
        UserWarning, match="the consolidation pass after this write did not run: the pass broke"
    ):
        result = store.remember("Prefers tabs", "preference")
    assert result.status == "written"


def test_held_entries_are_kept_as_yours_without_the_held_note(store, folder):
    store.ensure()
    fill(folder, "lessons.md", 65536 - 20)
    held = store.remember("A lesson that waits for room in lessons.md", "insight")
    assert held.status == "held"
    (folder / "lessons.md").write_text("# Lessons\n")
    kept = store.inbox_keep(held.ref, to="lessons")
    line = (folder / "lessons.md").read_text().splitlines()[-1]
    assert kept.status == "kept" and "held:" not in line and "by: user" in line
    assert json.dumps(store.inbox_list()) == "[]"
