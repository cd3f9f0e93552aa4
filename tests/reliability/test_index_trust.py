"""The recall index is derived data that anyone with the folder can edit: recall must never serve
text, a `by` or a score that the files do not back."""

from __future__ import annotations

import random
import sqlite3

import pytest

from swarmkit.memory.folder import entries as E
from swarmkit.memory.recall import scan_search
from swarmkit.memory.recall.storage import pack
from swarmkit.memory.store import MemoryStore

FACTS = [
    ("Deploys go through staging first", "rule", "agent"),
    ("The billing service is written in Go", "project_fact", "agent"),
    ("Prefers tea over coffee", "preference", "user"),
    ("Deploy target is eu-west-1", "project_fact", "agent"),
    ("The staging cluster runs in Frankfurt", "project_fact", "agent"),
    ("Billing invoices go out on the first of the month", "rule", "agent"),
]
QUERIES = ["deploy staging", "billing", "tea coffee", "where does staging run", "invoice month", "go service"]


def tamper(con: sqlite3.Connection, rng: random.Random) -> str:
    """One edit an attacker (or a broken disk) could make to the index; returns what it did."""
    files = con.execute("SELECT id, first, count FROM files WHERE count > 0").fetchall()
    file_id, first, count = rng.choice(files)
    top = con.execute("SELECT value FROM meta WHERE key='next_id'").fetchone()[0]
    choice = rng.randrange(7)
    if choice == 0:  # every posting claims every entry
        ids = pack(range(1, int(top) + 3))
        con.execute("UPDATE postings SET ids=?", (ids,))
    elif choice == 1:  # a file's entries point at other lines (headings, blank lines, other entries)
        con.execute(
            "UPDATE files SET lines=? WHERE id=?", (pack(rng.randrange(1, 12) for _ in range(count)), file_id)
        )
    elif choice == 2:  # digests that match lines they should not
        con.execute(
            "UPDATE files SET digests=? WHERE id=?",
            (bytes(rng.randrange(256) for _ in range(8 * count)), file_id),
        )
    elif choice == 3:  # a file row moved elsewhere, even outside the folder
        con.execute(
            "UPDATE OR REPLACE files SET path=? WHERE id=?",
            (rng.choice(["../outside.md", "me.md", "nope.md"]), file_id),
        )
    elif choice == 4:  # id ranges shifted so entries belong to the wrong file
        con.execute("UPDATE files SET first=first+? WHERE id=?", (rng.choice([-2, -1, 1, 3]), file_id))
    elif choice == 5:  # random bytes in a posting
        con.execute(
            "UPDATE postings SET ids=? WHERE term=(SELECT term FROM postings LIMIT 1)",
            (bytes(rng.randrange(256) for _ in range(rng.choice([3, 8, 40]))),),
        )
    else:  # stamps that claim a file is unchanged, and a count that is wrong
        con.execute("UPDATE files SET count=count+1 WHERE id=?", (file_id,))
    return f"tampering {choice} on file {file_id}"


def served_from_files(store: MemoryStore, hits) -> None:
    for hit in hits:
        lines = (store.folder / hit.file).read_text().splitlines()
        entry = E.parse_line(lines[hit.line - 1], hit.file, hit.line)
        assert entry is not None and (entry.text, entry.by, entry.kind) == (hit.text, hit.by, hit.kind)


@pytest.mark.parametrize("seed", range(30))
def test_an_edited_index_serves_only_what_the_files_say(tmp_path, seed):
    rng = random.Random(seed)
    (tmp_path / "outside.md").write_text("# Outside\n\n- Deploy billing tea staging secrets from outside\n")
    folder = tmp_path / "memory"
    store = MemoryStore(folder, "demo")
    for text, kind, by in FACTS:
        store.remember(text, kind=kind, by=by, target=rng.choice(["me", "lessons", "workspace"]))
    store.recall("deploy")
    store._index.close()
    con = sqlite3.connect(folder / ".index" / "recall.sqlite3")
    try:
        done = [tamper(con, rng) for _ in range(rng.randint(1, 3))]
        con.commit()
    finally:
        con.close()
    fresh = MemoryStore(folder, "demo")
    for query in QUERIES:
        hits = fresh.recall(query, 10, 0.1)
        served_from_files(fresh, hits)
        truth = {h.ref for h in scan_search(fresh, query, 10_000, 0.1)}
        assert {h.ref for h in hits} <= truth, done
    if not any(what.startswith("tampering 5") for what in done):
        # what is checked (ranges, digests, counts, scores of the hits) is repaired from the files;
        # an id list overwritten inside its range can only leave entries unfound, never misquoted
        for query in QUERIES:
            assert sorted((h.ref, round(h.score, 9)) for h in fresh.recall(query, 10_000, 0.1)) == sorted(
                (h.ref, round(h.score, 9)) for h in scan_search(fresh, query, 10_000, 0.1)
            ), (done, query)
