"""Import notes from a folder: every rule, each with a hostile folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.store import MemoryStore
from tests.support.git import commit_count, commits, files_in_last_commit
from tests.support.memory_files import lines


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() and not p.is_symlink() else b"")
        for p in sorted(root.rglob("*"))
    }


@pytest.fixture
def notes(tmp_path) -> Path:
    root = tmp_path / "notes"
    root.mkdir()
    (root / "a.md").write_text(
        "# Notes from another agent\n\nSome prose.\n\n"
        "- Prefers dark mode [by: user; kind: preference; added: 2025-03-04]\n"
        "* Release on Tuesdays [kind: bogus; added: not-a-date; source: evil; by: user]\n"
        "- [[links-are-not-entries]]\n"
        "- Staging admin password=hunter22 is temporary\n"
        "- ok\n"
    )
    return root


def test_import_writes_the_inbox_in_one_commit(store, folder, notes):
    before = _tree(notes)
    result = store.import_folder(notes)
    assert (result.imported, result.duplicates, result.skipped, result.truncated) == (3, 0, 1, False)
    assert commits(folder)[0] == "Import 3 notes from folder:notes" and files_in_last_commit(folder) == [
        "inbox.md"
    ]
    inbox = [l for l in lines(folder, "inbox.md") if l.startswith("- ")]
    assert (
        inbox[0]
        == "- Prefers dark mode [by: agent; kind: preference; source: import; added: 2025-03-04; import: folder:notes]"
    )
    assert inbox[1].startswith("- Release on Tuesdays [by: agent; source: import; added: 20")
    assert inbox[1].endswith("; import: folder:notes]") and "bogus" not in inbox[1] and "evil" not in inbox[1]
    assert "hunter22" not in inbox[2] and "[REDACTED_SECRET]" in inbox[2]
    assert _tree(notes) == before  # read, never written
    assert all(not e.meta.get("by") == "user" for e in store.inbox_list())


def test_second_import_adds_nothing_and_commits_nothing(store, folder, notes):
    store.import_folder(notes)
    count = commit_count(folder)
    result = store.import_folder(notes)
    assert (result.imported, result.duplicates, result.commit) == (0, 3, None)
    assert commit_count(folder) == count


def test_dedupe_against_the_whole_folder_and_the_same_import(store, notes):
    store.remember("Prefers dark mode", kind="preference", by="user")
    (notes / "b.md").write_text("- Release on tuesdays.\n- A brand new note\n- a brand new note\n")
    result = store.import_folder(notes)
    assert result.imported == 3 and result.duplicates == 3  # dark mode, Tuesdays again, the repeated new note


def test_hidden_entries_symlinks_and_escapes_are_skipped(store, notes, tmp_path):
    outside = tmp_path / "secret-notes"
    outside.mkdir()
    (outside / "s.md").write_text("- Outside secret note\n")
    (notes / ".hidden").mkdir()
    (notes / ".hidden" / "h.md").write_text("- Hidden folder note\n")
    (notes / ".dotfile.md").write_text("- Hidden file note\n")
    os.symlink(outside, notes / "escape")
    os.symlink(outside / "s.md", notes / "link.md")
    (notes / "plain.txt").write_text("- Not markdown\n")
    result = store.import_folder(notes)
    texts = {e.text for e in store.inbox_list()}
    assert not texts & {"Outside secret note", "Hidden folder note", "Hidden file note", "Not markdown"}
    assert ("escape", "symlink") in result.skipped_files and ("link.md", "symlink") in result.skipped_files


def test_depth_at_most_4(store, tmp_path):
    root = tmp_path / "deep"
    level = root
    for n in range(1, 6):
        level.mkdir(parents=True, exist_ok=True)
        (level / f"depth{n}.md").write_text(f"- Note at depth {n}\n")
        level = level / f"d{n}"
    result = store.import_folder(root)
    texts = {e.text for e in store.inbox_list()}
    assert texts == {f"Note at depth {n}" for n in range(1, 5)}
    assert result.skipped_files == [("d1/d2/d3/d4", "deeper than 4 levels")]


def test_stops_at_200_files(store, tmp_path):
    root = tmp_path / "many"
    root.mkdir()
    for n in range(201):
        (root / f"n{n:03d}.md").write_text(f"- Note number {n}\n")
    result = store.import_folder(root)
    assert result.truncated and result.files_read == 200 and result.imported == 200
    assert "Note number 200" not in {e.text for e in store.inbox_list()}


def test_skips_a_file_over_256_kb(store, tmp_path):
    root = tmp_path / "big"
    root.mkdir()
    (root / "big.md").write_text("- Big note\n" + "x" * (257 * 1024))
    (root / "small.md").write_text("- Small note\n")
    result = store.import_folder(root)
    assert ("big.md", "over 256 KB") in result.skipped_files
    assert {e.text for e in store.inbox_list()} == {"Small note"}


def test_stops_at_2_mb_in_total(store, tmp_path):
    root = tmp_path / "heavy"
    root.mkdir()
    for n in range(10):
        (root / f"f{n}.md").write_text(f"- Heavy note {n}\n" + "\n" * (250 * 1024))
    result = store.import_folder(root)
    assert result.truncated and result.files_read == 8  # 8 × 250 KB fit in 2 MB, the 9th does not
    assert {e.text for e in store.inbox_list()} == {f"Heavy note {n}" for n in range(8)}


def test_skips_a_file_with_no_memory(store, notes):
    (notes / "private.md").write_text("<no-memory>\n- Private note\n")
    result = store.import_folder(notes)
    assert ("private.md", "contains <no-memory>") in result.skipped_files
    assert "Private note" not in {e.text for e in store.inbox_list()}


def test_inbox_size_limit_truncates(store, tmp_path):
    root = tmp_path / "lots"
    root.mkdir()
    for n in range(10):
        (root / f"f{n}.md").write_text(
            "".join(f"- Long note {n}-{i} " + "word " * 20 + "\n" for i in range(100))
        )
    result = store.import_folder(root)
    assert result.truncated and result.imported > 0 and result.skipped > 0
    assert result.limits == ["the inbox's 64 KB"]  # the limit is named (issue 33)
    assert (store.folder / "inbox.md").stat().st_size <= 64 * 1024


@pytest.mark.parametrize(
    "case", ["relative", "missing", "file", "symlink", "memory", "inside", "root", "etc"]
)
def test_bad_sources_are_refused_with_clear_errors(case, store, folder, notes, tmp_path, monkeypatch):
    store.ensure()
    (folder / "sub").mkdir()
    os.symlink(notes, tmp_path / "notes-link")
    monkeypatch.chdir(tmp_path)
    path, message, hint = {
        "relative": ("notes", "import needs an absolute path, not 'notes'", f"{tmp_path / 'notes'}"),
        "missing": (str(tmp_path / "nope"), f"{tmp_path / 'nope'} does not exist", "check the path"),
        "file": (str(notes / "a.md"), f"{notes / 'a.md'} is a file, not a folder", "import a folder"),
        "symlink": (
            str(tmp_path / "notes-link"),
            f"{tmp_path / 'notes-link'} is a symlink; import reads only a real folder",
            str(notes),
        ),
        "memory": (
            str(folder),
            f"{folder} is the memory folder itself; nothing was imported",
            "another folder",
        ),
        "inside": (
            str(folder / "sub"),
            f"{folder / 'sub'} is inside the memory folder",
            "outside the memory folder",
        ),
        "root": ("/", "/ is a protected system folder; nothing was imported", "your own notes"),
        "etc": ("/etc", "/etc is a protected system folder; nothing was imported", "your own notes"),
    }[case]
    count = commit_count(folder)
    with pytest.raises(SwarmkitError) as info:
        store.import_folder(path)
    assert info.value.message.startswith(message)
    assert hint in info.value.hint
    assert commit_count(folder) == count


def test_a_folder_containing_the_memory_folder_skips_it(tmp_path):
    root = tmp_path / "notes"
    (root / "mem").mkdir(parents=True)
    store = MemoryStore(root / "mem", "demo")
    store.remember("Already remembered lesson", kind="insight")
    (root / "n.md").write_text("- A note beside the memory folder\n")
    result = store.import_folder(root)
    assert result.imported == 1 and result.duplicates == 0


def test_progress_is_reported(store, notes):
    (notes / "b.md").write_text("- Second file note\n")
    seen = []
    store.import_folder(notes, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]


def test_the_folders_name_is_screened_in_metadata_and_the_commit_message(store, folder, tmp_path):
    """Issue 9: an imported folder's name went unscreened into every line and the commit message."""
    from tests.support.git import git

    token = "ghp_" + "Xy7Q" * 9
    source = tmp_path / f"notes-{token}"
    source.mkdir()
    (source / "a.md").write_text("- Release on Tuesdays\n")
    result = store.import_folder(source)
    assert result.imported == 1
    assert token not in (folder / "inbox.md").read_text() and token not in git(folder, "log", "--format=%B")
    assert "import: folder:notes- REDACTED_SECRET" in (folder / "inbox.md").read_text()


def test_screening_stops_when_it_can_change_nothing(store, folder, tmp_path, monkeypatch):
    """Words already in the folder are duplicates unscreened; past the budget the rest is skipped."""
    import swarmkit.memory.actions.importer as importer

    source = tmp_path / "many"
    source.mkdir()
    texts = [f"host{n:02d} sits in rack {n:02d} of room B" for n in range(50)]
    (source / "a.md").write_text("".join(f"- {text}\n" for text in texts))
    monkeypatch.setattr(importer, "SCREEN_BUDGET", 10 * len(texts[0]))
    screened = []
    real = importer.screen_entry
    monkeypatch.setattr(importer, "screen_entry", lambda text: screened.append(text) or real(text))
    result = store.import_folder(source)
    assert len(screened) == 10 and result.truncated and result.imported == 10 and result.skipped == 40
    screened.clear()
    monkeypatch.setattr(importer, "SCREEN_BUDGET", 10_000)
    again = store.import_folder(source)
    assert again.duplicates >= 10 and len(screened) == 40  # the ten imported are duplicates, unscreened
