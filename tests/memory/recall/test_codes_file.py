"""The vectors' codes in a file of their own, mapped: never copied on a read, never changed under a
reader, and safe against a crash, a hand edit, a hostile name or file, and a second writer."""

from __future__ import annotations

import mmap
import os
import sqlite3
import subprocess
import sys

import numpy as np
import pytest

from swarmkit.memory.recall import codes_file
from swarmkit.memory.recall import vectors as V
from swarmkit.memory.recall.vectors import VectorStore

DIM = 8


def unit_rows(count: int, seed: int) -> np.ndarray:
    rows = np.random.default_rng(seed).standard_normal((count, DIM)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def digests(first: int, count: int) -> list[bytes]:
    return [(first + i).to_bytes(8, "little") for i in range(count)]


def as_keys(found: list[bytes]) -> np.ndarray:
    return np.frombuffer(b"".join(found), dtype=np.uint64)


def stored(path, found: list[bytes]) -> np.ndarray:
    """The rows a fresh process would read for these digests (NaN where there is none)."""
    store = VectorStore(path, DIM)
    at = store.lookup(as_keys(found))
    out = np.full((len(found), DIM), np.nan, dtype=np.float32)
    out[at >= 0] = store.rows(at[at >= 0])
    store.close()
    return out


def codes_files(path) -> list:
    return sorted(path.parent.glob(path.stem + "-*.codes"))


def is_mapped(array: np.ndarray) -> bool:
    base = array
    while isinstance(base, np.ndarray):
        base = base.base
    return isinstance(base.obj if isinstance(base, memoryview) else base, mmap.mmap)


@pytest.fixture
def path(tmp_path):
    return tmp_path / ".index" / "vectors-test.sqlite3"


def test_a_read_maps_the_codes_and_copies_nothing(path):
    writer = VectorStore(path, DIM)
    rows = unit_rows(6, seed=1)
    writer.add(digests(0, 3), rows[:3])
    writer.add(digests(3, 3), rows[3:])
    writer.close()
    reader = VectorStore(path, DIM)
    assert reader.count == 6
    assert is_mapped(reader._codes) and not reader._codes.flags.writeable
    assert stored(path, digests(0, 6)) == pytest.approx(rows, abs=1e-4)
    [only] = codes_files(path)
    assert only.stat().st_size == 6 * DIM * 2
    con = sqlite3.connect(path)
    assert con.execute("SELECT sum(length(codes)), group_concat(start) FROM quantized").fetchone() == (
        0,
        "0,3",
    )


def test_codes_a_crash_left_past_the_last_row_are_written_over(path, monkeypatch):
    rows = unit_rows(4, seed=2)
    VectorStore(path, DIM).add(digests(0, 2), rows[:2])

    def crash(self, kind, value, traceback):  # the codes written, the process gone before the row commits
        os.close(self.fd)
        raise KeyboardInterrupt

    monkeypatch.setattr(codes_file.Appending, "__exit__", crash)
    with pytest.raises(KeyboardInterrupt):
        VectorStore(path, DIM).add(digests(100, 2), -unit_rows(2, seed=9))
    monkeypatch.undo()
    assert codes_files(path)[0].stat().st_size == 4 * DIM * 2  # the crash's codes are there, named by no row
    assert np.isnan(stored(path, digests(100, 2))).all()
    VectorStore(path, DIM).add(digests(2, 2), rows[2:])
    assert stored(path, digests(0, 4)) == pytest.approx(rows, abs=1e-4)
    assert codes_files(path)[0].stat().st_size == 4 * DIM * 2


def test_a_codes_file_removed_by_hand_is_embedded_again_into_a_new_one(path):
    rows = unit_rows(4, seed=3)
    VectorStore(path, DIM).add(digests(0, 2), rows[:2])
    codes_files(path)[0].unlink()
    store = VectorStore(path, DIM)
    assert list(store.lookup(as_keys(digests(0, 2)))) == [-1, -1]  # no vector: embedded again
    store.add(digests(0, 2), rows[:2])
    store.add(digests(2, 2), rows[2:])
    assert stored(path, digests(0, 4)) == pytest.approx(rows, abs=1e-4)
    assert len(codes_files(path)) == 1


def test_a_codes_file_cut_short_by_hand_loses_only_the_rows_past_its_end(path):
    rows = unit_rows(4, seed=4)
    VectorStore(path, DIM).add(digests(0, 2), rows[:2])
    VectorStore(path, DIM).add(digests(2, 2), rows[2:])
    [codes] = codes_files(path)
    os.truncate(codes, 3 * DIM * 2)  # the second chunk's last row is gone
    read = stored(path, digests(0, 4))
    assert read[:2] == pytest.approx(rows[:2], abs=1e-4)
    assert np.isnan(read[2:]).all()  # its whole chunk is no vector: embedded again
    store = VectorStore(path, DIM)
    store.add(digests(2, 2), rows[2:])  # a new file: nothing is ever written past a short one
    assert codes_files(path) != [codes]
    assert stored(path, digests(2, 2)) == pytest.approx(rows[2:], abs=1e-4)


@pytest.mark.parametrize("name", ["../outside.codes", "/tmp/elsewhere.codes", "vectors-test-zz.codes", ""])
def test_a_codes_file_name_edited_in_the_database_is_never_followed(path, name):
    rows = unit_rows(2, seed=5)
    VectorStore(path, DIM).add(digests(0, 2), rows)
    con = sqlite3.connect(path)
    con.execute("UPDATE codes_file SET name = ?", (name,))
    con.commit()
    con.close()
    store = VectorStore(path, DIM)
    assert list(store.lookup(as_keys(digests(0, 2)))) == [-1, -1]
    store.add(digests(0, 2), rows)
    assert stored(path, digests(0, 2)) == pytest.approx(rows, abs=1e-4)
    assert not (path.parent.parent / "outside.codes").exists()
    assert [p.parent for p in codes_files(path)] == [path.parent]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and O_NOFOLLOW are POSIX")
@pytest.mark.parametrize("kind", ["fifo", "link", "hard link"])
def test_a_fifo_or_link_in_place_of_the_codes_file_is_never_opened(path, tmp_path, kind):
    rows = unit_rows(2, seed=6)
    VectorStore(path, DIM).add(digests(0, 2), rows)
    [codes] = codes_files(path)
    codes.unlink()
    target = tmp_path / "target"
    target.write_bytes(b"keep me " * 8)  # long enough to pass for the file's two rows
    if kind == "fifo":
        os.mkfifo(codes)
    elif kind == "link":
        codes.symlink_to(target)
    else:  # O_NOFOLLOW does not see one: its bytes were read as vectors, the next codes written into it
        os.link(target, codes)
    store = VectorStore(path, DIM)
    assert store.count == 0  # read at once: a FIFO would block a plain open
    store.add(digests(0, 2), rows)
    assert stored(path, digests(0, 2)) == pytest.approx(rows, abs=1e-4)
    assert target.read_bytes() == b"keep me " * 8


def test_a_rewrite_writes_a_new_file_and_removes_the_old(path):
    rows = unit_rows(4, seed=7)
    store = VectorStore(path, DIM)
    store.add(digests(0, 4), rows)
    [before] = codes_files(path)
    assert store.keep_only(as_keys(digests(1, 2))) == 2
    [after] = codes_files(path)
    assert after != before and after.stat().st_size == 2 * DIM * 2
    read = stored(path, digests(0, 4))
    assert np.isnan(read[[0, 3]]).all() and read[1:3] == pytest.approx(rows[1:3], abs=1e-4)
    store.clear()
    assert codes_files(path) == [] and VectorStore(path, DIM).count == 0


def test_a_reader_whose_file_a_rewrite_replaced_reads_the_new_one(path, monkeypatch):
    rows = unit_rows(2, seed=8)
    VectorStore(path, DIM).add(digests(0, 2), rows)
    real, calls = codes_file.mapped, []

    def gone_once(file):  # removed by another process's rewrite between this read's snapshot and its open
        calls.append(file)
        return None if len(calls) == 1 else real(file)

    monkeypatch.setattr(codes_file, "mapped", gone_once)
    assert stored(path, digests(0, 2)) == pytest.approx(rows, abs=1e-4)
    assert len(calls) == 2


def blob_file(path, rows: np.ndarray, found: list[bytes]) -> None:
    """A vectors file as swarmkit wrote it before the codes file: codes in blobs, no `start`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute(
        "CREATE TABLE quantized (id INTEGER PRIMARY KEY, digests BLOB NOT NULL,"
        " codes BLOB NOT NULL, scales BLOB NOT NULL)"
    )
    for part in (slice(0, 2), slice(2, None)):
        codes, scales = V.quantize(rows[part])
        con.execute(
            "INSERT INTO quantized (digests, codes, scales) VALUES (?, ?, ?)",
            (b"".join(found[part]), codes.tobytes(), scales.tobytes()),
        )
    con.close()


def test_a_file_with_codes_in_blobs_is_read_and_moved_to_the_codes_file_once(path):
    rows = unit_rows(5, seed=10)
    blob_file(path, rows, digests(0, 5))
    assert stored(path, digests(0, 5)) == pytest.approx(rows, abs=1e-4)
    con = sqlite3.connect(path)
    assert con.execute("SELECT sum(length(codes)), group_concat(start) FROM quantized").fetchone() == (
        0,
        "0,2",
    )
    con.close()
    [codes] = codes_files(path)
    assert codes.stat().st_size == 5 * DIM * 2
    store = VectorStore(path, DIM)
    assert store.count == 5 and is_mapped(store._codes)


def test_a_file_with_codes_in_blobs_that_cannot_be_moved_now_is_read_from_them(path, monkeypatch):
    rows = unit_rows(5, seed=11)
    blob_file(path, rows, digests(0, 5))
    monkeypatch.setattr(V, "_has_start", lambda con: False)  # as when another process holds the file
    assert stored(path, digests(0, 5)) == pytest.approx(rows, abs=1e-4)
    store = VectorStore(path, DIM)
    store.add(digests(5, 1), unit_rows(1, seed=12))  # written as that layout writes
    store.close()
    assert codes_files(path) == []
    monkeypatch.undo()
    assert stored(path, digests(5, 1)) == pytest.approx(unit_rows(1, seed=12), abs=1e-4)
    assert len(codes_files(path)) == 1


def test_codes_the_disk_cannot_take_are_kept_in_memory_and_read_with_the_rest(path, monkeypatch):
    rows = unit_rows(4, seed=13)
    store = VectorStore(path, DIM)
    store.add(digests(0, 2), rows[:2])

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(codes_file, "Appending", full)
    store.add(digests(2, 2), rows[2:])
    at = store.lookup(as_keys(digests(0, 4)))
    assert (at >= 0).all() and store.rows(at) == pytest.approx(rows, abs=1e-4)
    monkeypatch.undo()
    store.add(digests(4, 1), unit_rows(1, seed=14))  # a later write reads the file again: still held
    assert (store.lookup(as_keys(digests(0, 5))) >= 0).all()
    assert np.isnan(stored(path, digests(2, 2))).all()  # another process embeds them again


WRITER = """
import sys
from pathlib import Path
import numpy as np
from swarmkit.memory.recall import vectors
vectors.BUSY_S = 120
path, first = Path(sys.argv[1]), int(sys.argv[2])
rng = np.random.default_rng(first)
for n in range(first, first + 20):
    rows = rng.standard_normal((3, 8)).astype(np.float32)
    rows /= np.linalg.norm(rows, axis=1, keepdims=True)
    store = vectors.VectorStore(path, 8)
    store.add([(n * 10 + i).to_bytes(8, "little") for i in range(3)], rows)
    store.close()
"""


def test_two_processes_writing_at_once_keep_every_vector_whole(path):
    # both create the file too: one of them switching it to WAL got "database is locked" at once
    # and kept its first vectors in memory only, before that switch was tried again
    started = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(first)]) for first in (0, 1000)]
    assert [p.wait(timeout=120) for p in started] == [0, 0]
    for first in (0, 1000):
        rng = np.random.default_rng(first)
        for n in range(first, first + 20):
            rows = rng.standard_normal((3, 8)).astype(np.float32)
            rows /= np.linalg.norm(rows, axis=1, keepdims=True)
            found = [(n * 10 + i).to_bytes(8, "little") for i in range(3)]
            assert stored(path, found) == pytest.approx(rows, abs=1e-4)
    assert [p.stat().st_size for p in codes_files(path)] == [40 * 3 * DIM * 2]


def test_a_codes_file_of_another_width_is_never_read_as_this_one(path):
    # an endpoint's model changed under the same name (or two model ids made one file name): the
    # codes file says nothing of its rows' width, so a store of 8 read the 16-wide rows as its own
    # vectors and wrote its own over them
    wide = np.random.default_rng(15).standard_normal((4, 2 * DIM)).astype(np.float32)
    wide /= np.linalg.norm(wide, axis=1, keepdims=True)
    VectorStore(path, 2 * DIM).add(digests(0, 4), wide)
    narrow = VectorStore(path, DIM)
    assert list(narrow.lookup(as_keys(digests(0, 4)))) == [-1, -1, -1, -1]
    rows = unit_rows(4, seed=16)
    narrow.add(digests(0, 4), rows)
    narrow.close()
    assert stored(path, digests(0, 4)) == pytest.approx(rows, abs=1e-4)
    assert list(VectorStore(path, 2 * DIM).lookup(as_keys(digests(0, 4)))) == [-1, -1, -1, -1]
    assert len(codes_files(path)) == 1  # the other width's file removed with its rows


def test_a_codes_table_made_before_the_width_was_kept_is_embedded_again(path):
    rows = unit_rows(2, seed=17)
    VectorStore(path, DIM).add(digests(0, 2), rows)
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("ALTER TABLE codes_file DROP COLUMN dim")
    con.close()
    store = VectorStore(path, DIM)
    assert list(store.lookup(as_keys(digests(0, 2)))) == [-1, -1]  # no width known: none read
    store.add(digests(0, 2), rows)
    assert stored(path, digests(0, 2)) == pytest.approx(rows, abs=1e-4)


def test_a_file_a_blob_writer_emptied_is_never_written_over_under_a_reader(path, monkeypatch):
    rows = unit_rows(4, seed=18)
    VectorStore(path, DIM).add(digests(0, 4), rows)
    reader = VectorStore(path, DIM)
    assert reader.count == 4 and is_mapped(reader._codes)
    monkeypatch.setattr(V, "_has_start", lambda con: False)  # a process that found the file held for long
    VectorStore(path, DIM).clear()  # its rows gone, the file still named: nothing past it to write over
    monkeypatch.undo()
    VectorStore(path, DIM).add(digests(10, 4), -rows)
    at = reader.lookup(as_keys(digests(0, 4)))
    assert reader.rows(at) == pytest.approx(rows, abs=1e-4)  # what the reader mapped never changes
    assert stored(path, digests(10, 4)) == pytest.approx(-rows, abs=1e-4)
    assert len(codes_files(path)) == 1


def test_a_rewrite_the_disk_cannot_take_leaves_no_file_behind(path, monkeypatch):
    rows = unit_rows(4, seed=19)
    store = VectorStore(path, DIM)
    store.add(digests(0, 4), rows)
    [before] = codes_files(path)

    def full(self, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(codes_file.Appending, "write", full)
    with pytest.raises(OSError):
        store.keep_only(as_keys(digests(1, 2)))
    # the new file, named by no row, went with the transaction: it held the space the disk lacked
    assert codes_files(path) == [before]
    blob_file(path.with_name("vectors-other.sqlite3"), rows, digests(0, 4))
    other = path.with_name("vectors-other.sqlite3")
    assert VectorStore(other, DIM).count == 4  # read from the blobs, which could not be moved
    assert codes_files(other) == []
    monkeypatch.undo()
    assert stored(path, digests(0, 4)) == pytest.approx(rows, abs=1e-4)
    assert stored(other, digests(0, 4)) == pytest.approx(rows, abs=1e-4)


def test_a_blob_that_cannot_move_never_takes_the_write_lock_on_a_read(path, monkeypatch):
    rows = unit_rows(2, seed=20)
    VectorStore(path, DIM).add(digests(0, 2), rows)
    con = sqlite3.connect(path, isolation_level=None)
    wide, scales = V.quantize(np.ones((1, 2 * DIM), dtype=np.float32))  # another width's, or damage
    con.execute(
        "INSERT INTO quantized (digests, codes, scales) VALUES (?, ?, ?)",
        (digests(9, 1)[0], wide.tobytes(), scales.tobytes()),
    )
    con.close()
    seen: list[str] = []
    real = V._connect

    def traced(file):
        opened = real(file)
        opened.set_trace_callback(seen.append)
        return opened

    monkeypatch.setattr(V, "_connect", traced)
    for _ in range(2):
        assert stored(path, digests(0, 2)) == pytest.approx(rows, abs=1e-4)
    assert [sql for sql in seen if sql in ("BEGIN IMMEDIATE", "VACUUM")] == []


def test_vectors_a_rewrite_dropped_as_they_were_added_are_still_held(path, monkeypatch):
    # a reindex in another process between this chunk's commit and the read after it: the caller
    # looks its keys up next (meaning.stored indexes rows by what lookup gives: -1 was the last row)
    rows = unit_rows(4, seed=21)
    VectorStore(path, DIM).add(digests(0, 2), rows[:2])
    real = VectorStore._insert

    def then_reindexed(self, *args, **kwargs):
        real(self, *args, **kwargs)
        other = VectorStore(path, DIM)
        other.keep_only(as_keys(digests(0, 1)))
        other.close()

    monkeypatch.setattr(VectorStore, "_insert", then_reindexed)
    store = VectorStore(path, DIM)
    store.add(digests(2, 2), rows[2:])
    at = store.lookup(as_keys(digests(0, 4)))
    assert at[1] == -1 and (at[[0, 2, 3]] >= 0).all()
    assert store.rows(at[[0, 2, 3]]) == pytest.approx(rows[[0, 2, 3]], abs=1e-4)


def test_two_processes_adding_the_width_column_at_once_both_keep_their_vectors(path, monkeypatch):
    VectorStore(path, DIM).add(digests(0, 1), unit_rows(1, seed=22))
    real, calls = V._has_dim, []

    def added_since(con):  # another process added the column between this one's look and its ALTER
        calls.append(con)
        return len(calls) > 1 and real(con)

    monkeypatch.setattr(V, "_has_dim", added_since)
    rows = unit_rows(2, seed=23)
    store = VectorStore(path, DIM)
    store.add(digests(1, 2), rows)
    store.close()
    monkeypatch.undo()
    assert stored(path, digests(1, 2)) == pytest.approx(rows, abs=1e-4)  # on disk, not in memory only


CUT_WHILE_MAPPED = """
import os, sys
from pathlib import Path
import numpy as np
from swarmkit.memory.recall.vectors import VectorStore
path = Path(sys.argv[1])
rows = np.random.default_rng(0).standard_normal((5000, 8)).astype(np.float32)
rows /= np.linalg.norm(rows, axis=1, keepdims=True)
keys = np.arange(1, 5001, dtype=np.uint64)
VectorStore(path, 8).add([int(k).to_bytes(8, "little") for k in keys], rows)
store = VectorStore(path, 8)
at = store.lookup(keys)  # mapped, looked up
[codes] = path.parent.glob(path.stem + "-*.codes")
os.truncate(codes, 1000 * 8 * 2)  # in place, by hand or a tool: the first 1,000 rows are left
products = store.products(rows[0])
print(round(float(products[at[0]]), 3), float(np.abs(products[at[1000:]]).max()))
print(int((store.lookup(keys) >= 0).sum()))
"""


def test_a_codes_file_cut_short_in_place_while_mapped_never_kills_the_process(path):
    done = subprocess.run(
        [sys.executable, "-c", CUT_WHILE_MAPPED, str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr  # it was -7, SIGBUS, at the first read past the new end
    # the rows still in the file are read as before; the others are no vector (embedded again)
    assert done.stdout.split("\n") == ["1.0 0.0", "1000", ""]
