"""An import that stops at a limit names the limit and lists the files it left unread (issue 33:
'truncated (limits reached)', with skipped_files empty while files 201-205 were never read)."""

from __future__ import annotations

import json

import pytest

from swarmkit.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path) -> MemoryStore:
    return MemoryStore(tmp_path / "memory", "ws")


@pytest.fixture
def workspace(tmp_path):
    from swarmkit.scaffold import create_workspace

    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    return root


def test_the_files_past_200_are_named_as_not_read(store, tmp_path):
    root = tmp_path / "many"
    root.mkdir()
    for n in range(1, 206):
        (root / f"n{n:03d}.md").write_text(f"- Note number {n}\n")
    result = store.import_folder(root)
    assert (result.truncated, result.limits, result.files_read) == (True, ["200 files"], 200)
    assert result.skipped_files == [
        (f"n{n:03d}.md", "not read: the import stops at 200 files") for n in range(201, 206)
    ]
    assert result.to_dict()["limits"] == ["200 files"]


def test_the_files_past_2_mb_are_named_as_not_read(store, tmp_path):
    root = tmp_path / "heavy"
    root.mkdir()
    for n in range(10):
        (root / f"f{n}.md").write_text(f"- Heavy note {n}\n" + "\n" * (250 * 1024))
    result = store.import_folder(root)
    assert result.limits == ["2 MB of notes in all"] and result.files_read == 8
    assert result.skipped_files == [
        (f"f{n}.md", "not read: the import stops at 2 MB of notes in all") for n in (8, 9)
    ]


def test_the_command_says_which_limit_and_lists_the_unread(workspace, cli, tmp_path):
    root = tmp_path / "many"
    root.mkdir()
    for n in range(1, 203):
        (root / f"n{n:03d}.md").write_text(f"- Note number {n}\n")
    ws = workspace
    code, out, _ = cli("memory", "-w", str(ws), "import", str(root))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(
        "Imported 200, duplicates 0, skipped 0 entries and 2 files, truncated at 200 files"
    )
    assert lines[1:3] == [
        "  skipped n201.md: not read: the import stops at 200 files",
        "  skipped n202.md: not read: the import stops at 200 files",
    ]
    (root / "n203.md").write_text("- Note number 203\n")
    code, out, _ = cli("memory", "-w", str(ws), "import", str(root), "--format", "json")
    assert json.loads(out)["limits"] == ["200 files"]
