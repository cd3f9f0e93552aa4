"""The on-disk recall index: a fresh process reads only its query's postings, the files stay the
truth (an edited index never serves text that is in no file), segments merge, a build shows
progress on a terminal only."""

from __future__ import annotations

import io
import os
import random
import sqlite3

import pytest

from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.recall import BM25, RecallIndex, scan_search
from swarmkit.memory.recall.progress import Progress
from swarmkit.memory.recall.storage import pack
from swarmkit.memory.store import MemoryStore

WORDS = [f"w{n}x" for n in range(300)]


def fill(store: MemoryStore, files: int, per_file: int, seed: int = 1) -> None:
    """Hand-written topic files of generated entries (no commit needed to be recalled)."""
    rng = random.Random(seed)
    store.ensure()
    weights = [1 / (rank + 1) for rank in range(len(WORDS))]
    for f in range(files):
        body = "\n".join(
            "- " + " ".join(rng.choices(WORDS, weights, k=rng.randint(4, 10))) for _ in range(per_file)
        )
        path = store.folder / "topics" / f"t{f:03d}.md"
        path.parent.mkdir(exist_ok=True)
        path.write_text(f"# Topic {f}\n\n{body}\n")


def fresh(folder) -> tuple[MemoryStore, RecallIndex]:
    store = MemoryStore(folder, "demo")
    store._index = RecallIndex(store)
    return store, store._index


def sql(folder, statement: str, *args) -> list:
    con = sqlite3.connect(folder / ".index" / "recall.sqlite3")
    try:
        rows = con.execute(statement, args).fetchall()
        con.commit()
        return rows
    finally:
        con.close()


def test_a_fresh_process_reads_only_the_postings_of_its_terms(folder):
    built = MemoryStore(folder, "demo")
    fill(built, 40, 250)  # 10,000 entries
    built.remember("The zeppelin hangar is in Friedrichshafen", kind="project_fact")
    assert built.reindex() == 10_001
    store, index = fresh(folder)
    hits = store.recall("where is the zeppelin hangar")
    assert hits[0].text == "The zeppelin hangar is in Friedrichshafen" and hits[0].score == 1.0
    segments = len(sql(folder, "SELECT id FROM segments"))
    # a postings row per term and segment, and the line table of the one file served: not 10,001 entries
    assert index.rows_read <= 2 * segments + 1
    assert set(index._postings) == {"zeppelin", "hangar"}
    common = store.recall("w0x w1x", max_results=5)
    assert len(common) == 5 and index.rows_read <= 4 * segments + 6


def test_the_index_stores_no_entry_text(folder):
    store = MemoryStore(folder, "demo")
    store.remember("Prefers tea over coffee in the morning", kind="preference", by="user")
    store.recall("tea")
    raw = (folder / ".index" / "recall.sqlite3").read_bytes()
    assert b"Prefers tea" not in raw and b"coffee in the morning" not in raw


def test_an_edited_index_never_serves_text_that_is_in_no_file(folder):
    store = MemoryStore(folder, "demo")
    store.remember("Deploys go through staging first", kind="rule")
    store.remember("The billing service is written in Go", kind="project_fact")
    assert [(h.file, h.line) for h in store.recall("billing")] == [("lessons.md", 4)]
    store._index.close()
    # point the billing entry's line at the heading, and claim every entry holds "billing"
    lines = sql(folder, "SELECT id, first, count FROM files WHERE path='lessons.md'")[0]
    file_id, first, count = lines
    sql(folder, "UPDATE files SET lines=? WHERE id=?", pack([1] * count), file_id)
    segment = sql(folder, "SELECT segment FROM files WHERE id=?", file_id)[0][0]
    sql(
        folder,
        "UPDATE postings SET ids=? WHERE term='bill' AND segment=?",
        pack(range(first, first + count)),
        segment,
    )
    for store in (MemoryStore(folder, "demo"), MemoryStore(folder, "demo", user="alice")):
        hits = store.recall("billing", 10, 0)
        billing = "The billing service is written in Go"
        assert [(h.file, h.line, h.ref, h.text, h.by, round(h.score, 6)) for h in hits] == [
            ("lessons.md", 4, f"lessons.md#{text_digest(billing)}", billing, "agent", 1.0)
        ]


def test_a_stale_stamp_cannot_hide_an_edit(folder):
    """A same-size edit with the old mtime looks unchanged to a stat; the line digest catches it."""
    store = MemoryStore(folder, "demo")
    store.remember("Deploy target is eu-west-1", kind="project_fact")
    assert store.recall("deploy")[0].text == "Deploy target is eu-west-1"
    path = folder / "lessons.md"
    before = os.stat(path)
    path.write_text(path.read_text().replace("eu-west-1", "us-east-2"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert os.stat(path).st_size == before.st_size
    hits = MemoryStore(folder, "demo").recall("deploy target")
    assert [h.text for h in hits] == ["Deploy target is us-east-2"]


def test_a_file_row_pointing_outside_the_folder_is_never_read(folder, tmp_path):
    outside = tmp_path / "outside.md"
    outside.write_text("# Secret\n\n- The outside secret fact\n")
    store = MemoryStore(folder, "demo")
    store.remember("An inside fact", kind="insight")
    store.recall("inside")
    sql(folder, "UPDATE files SET path=? WHERE path='lessons.md'", os.path.relpath(outside, folder))
    assert MemoryStore(folder, "demo").recall("outside secret", 10, 0) == []
    hit = MemoryStore(folder, "demo").recall("inside fact")[0]
    assert (hit.file, hit.line, hit.text) == ("lessons.md", 3, "An inside fact")


def test_segments_merge_and_stay_exact_through_many_edits(folder):
    rng = random.Random(7)
    store = MemoryStore(folder, "demo")
    fill(store, 12, 60)
    store.recall("w1x")
    for step in range(60):
        path = folder / "topics" / f"t{rng.randrange(12):03d}.md"
        lines = path.read_text().splitlines()
        if step % 3 == 0:
            del lines[rng.randrange(2, len(lines))]
        else:
            lines.append("- " + " ".join(rng.sample(WORDS[:40], 5)))
        path.write_text("\n".join(lines) + "\n")
        query = " ".join(rng.sample(WORDS[:50], 3))
        indexed = [(h.ref, round(h.score, 9)) for h in store.recall(query, 8, 0.2)]
        scanned = [(h.ref, round(h.score, 9)) for h in scan_search(store, query, 8, 0.2)]
        assert [s for _, s in indexed] == [s for _, s in scanned], query
        assert set(indexed) <= set(scan_search_all(store, query)), query
    sizes = sql(folder, "SELECT size FROM segments")
    assert len(sizes) <= 8  # a binary counter: O(log n) segments
    dead = sql(folder, "SELECT COALESCE(SUM(last - first + 1), 0) FROM dead")[0][0]
    assert dead * 2 < sum(size for (size,) in sizes)


def scan_search_all(store, query):
    return {(h.ref, round(h.score, 9)) for h in scan_search(store, query, 10_000, 0.2)}


def test_bm25_through_the_index_matches_a_scan(folder):
    store = MemoryStore(folder, "demo")
    fill(store, 4, 50, seed=3)
    index = RecallIndex(store)
    for query in ("w3x w7x", "w0x w12x w40x", "w2x"):
        indexed = [round(h.score, 9) for h in index.search(query, 10, 0, scorer=BM25())]
        scanned = [round(h.score, 9) for h in scan_search(store, query, 10, 0, scorer=BM25())]
        assert indexed == scanned and all(0 < s <= 1 for s in indexed), query


def test_dedupe_keys_come_from_the_index(folder):
    store = MemoryStore(folder, "demo")
    store.remember("Deploys go through staging first", kind="rule")
    store.remember("The", kind="insight", by="user")  # no terms at all: found by reading every key
    fill(store, 2, 600)
    keys = store.dedupe_keys()
    assert "deploys go through staging first" in keys
    assert "deploys go through staging" not in keys
    assert "the" in keys
    keys.add("a new key")
    assert "a new key" in keys


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_drawn_on_a_terminal_only():
    terminal, pipe = _Terminal(), io.StringIO()
    for stream in (terminal, pipe):
        with Progress(1000, stream=stream, min_total=0) as bar:
            for _ in range(10):
                bar.advance(100)
    assert "Indexing memory [" in terminal.getvalue() and "100%" in terminal.getvalue()
    assert terminal.getvalue().endswith("\r")  # the bar is cleared when the build ends
    assert pipe.getvalue() == ""
    small = _Terminal()
    with Progress(1000, stream=small) as bar:  # under the default size: no bar even on a terminal
        bar.advance(1000)
    assert small.getvalue() == ""


def test_a_rebuild_shows_progress_on_a_terminal(folder, monkeypatch):
    store = MemoryStore(folder, "demo")
    fill(store, 3, 20)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert store.reindex() == 60
    assert "100%" in terminal.getvalue()
    pipe = io.StringIO()
    monkeypatch.setattr("sys.stderr", pipe)
    assert store.reindex() == 60
    assert pipe.getvalue() == ""


def test_an_index_that_cannot_be_kept_answers_from_memory(folder):
    store = MemoryStore(folder, "demo")
    store.remember("Deploys go through staging first", kind="rule")
    for suffix in ("", "-wal", "-shm"):
        (folder / ".index" / f"recall.sqlite3{suffix}").unlink(missing_ok=True)
    (folder / ".index" / "recall.sqlite3").mkdir()  # in the way: no database can be kept there
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- Zeppelin rides need a permit\n")
    other = MemoryStore(folder, "demo")
    assert other.recall("zeppelin")[0].text == "Zeppelin rides need a permit"
    assert not other._index.persistent
    assert [(h.file, h.line) for h in other.recall("deploys staging")] == [("lessons.md", 3)]


@pytest.mark.parametrize("seed", [1, 2])
def test_warm_postings_follow_writes_in_every_scope(folder, seed):
    """One process keeps its decoded postings across its own writes: each answer, in every scope,
    stays the same as a scan of the files."""
    rng = random.Random(seed)
    store = MemoryStore(folder, "demo", user="alice")
    fill(store, 3, 40, seed)
    targets = ["me", "lessons", "inbox", "workspace"]
    scopes = [("all", False), ("all", True), ("user", False), ("both", False), ("both", True)]
    for step in range(30):
        if step % 4 == 3:
            path = folder / "topics" / f"t{rng.randrange(3):03d}.md"
            lines = path.read_text().splitlines()
            del lines[rng.randrange(2, len(lines))]
            path.write_text("\n".join(lines) + "\n")
        else:
            text = " ".join(rng.sample(WORDS[:30], 4)) + f" note {step}"
            store.remember(text, kind="insight", target=rng.choice(targets))
        query = " ".join(rng.sample(WORDS[:30], 2))
        for scope, inbox in scopes:
            indexed = [(h.ref, round(h.score, 9)) for h in store.recall(query, 10_000, 0.1, scope, inbox)]
            scanned = [
                (h.ref, round(h.score, 9)) for h in scan_search(store, query, 10_000, 0.1, scope, inbox)
            ]
            assert sorted(indexed) == sorted(scanned), (step, query, scope, inbox)
