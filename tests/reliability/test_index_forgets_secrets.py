"""Issue 29: a secret typed into a memory file by hand, read into the recall index by a search before
a write redacted it, never stays in `.index/`. The index names no entry text, but its postings are
keyed by term, and the secret is one: the redacting write re-indexes the file, rewrites the
postings without the old lines and rebuilds the database with its log emptied (RecallIndex.scrub)."""

from __future__ import annotations

from pathlib import Path

from swarmkit.memory.store import MemoryStore
from swarmkit.screening.screen import REDACTED

SECRET = "Zq7Rv2Lm9Xw4Kp8Tn3Yb"


def _held(folder: Path) -> list[str]:
    """The files under .index/ that hold the secret, in any case."""
    return [
        path.name
        for path in sorted((folder / ".index").rglob("*"))
        if path.is_file() and SECRET.lower().encode() in path.read_bytes().lower()
    ]


def _type_by_hand(folder: Path, rel: str, line: str) -> None:
    path = folder / rel
    path.write_text(path.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")


def test_a_redacted_hand_typed_secret_leaves_the_index_at_once(tmp_path):
    folder = tmp_path / "memory"
    store = MemoryStore(folder, "index")
    for n in range(12):
        store.add(f"Lesson {n}: deploys go through staging", kind="rule")
        store.recall(f"lesson {n}")  # a segment per refresh: the secret's line is in one of many
    _type_by_hand(folder, "me.md", f"- my wifi password is {SECRET}")
    assert [hit.text for hit in store.recall("wifi password")] == [f"my wifi password is {SECRET}"]
    assert _held(folder), "the search read the typed line into the index (else this test shows nothing)"
    store.add("Prefers green tea")  # commits the hand edit, redacted
    assert f"- my wifi password is {REDACTED}" in (folder / "me.md").read_text(encoding="utf-8")
    assert _held(folder) == []
    # the index still answers, from the file as it is now
    assert [hit.text for hit in store.recall("wifi password")] == [f"my wifi password is {REDACTED}"]
    assert len(MemoryStore(folder, "index").recall("staging deploys", max_results=20)) == 12


def test_another_process_reading_the_index_later_finds_nothing_of_it(tmp_path):
    folder = tmp_path / "memory"
    MemoryStore(folder, "index").add("Prefers green tea")
    _type_by_hand(folder, "lessons.md", f"- the staging token is {SECRET}")
    reader = MemoryStore(folder, "index")  # a search in one process (a `memory search`)
    assert reader.recall("staging token")
    writer = MemoryStore(folder, "index")  # the redacting write in another (a `memory add`)
    writer.add("Deploys go through staging first", kind="rule")
    assert _held(folder) == []
    assert MemoryStore(folder, "index").recall("staging token")[0].text == f"the staging token is {REDACTED}"
