"""The recall index on disk: `<folder>/.index/recall.sqlite3`, derived from the files, never committed.

    files     one row per indexed markdown file: its stamp (mtime, size, inode), class, the range
              of entry ids it holds, and per entry its line number and a digest of the line (packed)
    segments  postings are written in segments: one per refresh that indexed files, merged as
              they pile up (log-structured, so each entry is rewritten O(log n) times)
    postings  (segment, term) → the ids of the segment's entries holding the term, packed
    dead      id ranges still in a segment's postings whose file changed or went; dropped from
              the postings when that segment is merged

A query reads the postings rows of its own terms only, one per segment. No entry text is stored:
what recall serves is read from the file itself.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import sys
from array import array
from collections import defaultdict
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from swarmkit.memory.folder.file_class import FileClass
from swarmkit.memory.recall.sqlite_wal import switch_to_wal
from swarmkit.memory.recall.words import STEMMER_VERSION

SCHEMA_VERSION = "3"
_ID_TYPE = next(code for code in "IL" if array(code).itemsize == 4)
_SWAP = sys.byteorder != "little"  # stored little-endian whatever the machine


def index_path(folder: Path) -> Path:
    """Where a memory folder's recall index is."""
    return Path(folder) / ".index" / "recall.sqlite3"


@dataclass(frozen=True, slots=True)
class FileRow:
    id: int
    stamp: tuple[int, int, int]  # mtime_ns, size, inode
    cls: FileClass  # from the path (the stored label is what the path says)
    first: int  # its entries hold ids first .. first + count - 1
    count: int
    length: int  # terms in all its entries (for BM25's average length)


@dataclass(frozen=True, slots=True)
class IndexedEntry:
    line: int
    digest: bytes  # of the whole line
    terms: list[str]


def digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=8).digest()


def line_digest(line: str) -> bytes:
    return digest(line.strip())


def pack(ids: Iterable[int]) -> bytes:
    packed = array(_ID_TYPE, ids)
    if _SWAP:
        packed.byteswap()
    return packed.tobytes()


def unpack(blob: bytes) -> array:
    if not isinstance(blob, bytes) or len(blob) % 4:
        raise sqlite3.DatabaseError("the recall index holds a damaged id list")
    packed = array(_ID_TYPE)
    packed.frombytes(blob)
    if _SWAP:
        packed.byteswap()
    return packed


BUSY_S = 30.0  # how long a connection waits for another process's write


class IndexDB:
    """One connection to the index (a file, or memory when the folder cannot hold one)."""

    def __init__(self, path: Path | None):
        self.path = path
        self.rows_read = 0  # postings and per-entry rows fetched: tests bound the work by it
        con = sqlite3.connect(
            ":memory:" if path is None else path,
            timeout=BUSY_S,
            isolation_level=None,
            check_same_thread=False,
        )
        try:
            if path is not None:
                switch_to_wal(con, BUSY_S)
                con.execute("PRAGMA synchronous=NORMAL")
            self.con = con
            self._ensure_schema()
        except BaseException:
            con.close()
            raise

    def _ensure_schema(self) -> None:
        con = self.con
        con.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)")
        wanted = {"schema": SCHEMA_VERSION, "stemmer": STEMMER_VERSION}
        query = "SELECT key, value FROM meta WHERE key IN ('schema', 'stemmer')"
        if dict(con.execute(query).fetchall()) == wanted:
            return
        with self.writing():
            if dict(con.execute(query).fetchall()) == wanted:
                return  # another process got there first
            # Derived data: an older layout or another stemmer's terms are dropped and rebuilt.
            for table in ("files", "entries", "docs", "segments", "postings", "dead", "fts", "vocab"):
                con.execute(f"DROP TABLE IF EXISTS {table}")
            con.execute("DELETE FROM meta")
            con.execute(
                "CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, mtime_ns INTEGER,"
                " size INTEGER, ino INTEGER, cls TEXT, first INTEGER, count INTEGER, length INTEGER,"
                " segment INTEGER, lines BLOB, digests BLOB)"
            )
            con.execute("CREATE TABLE segments(id INTEGER PRIMARY KEY, size INTEGER)")
            con.execute(
                "CREATE TABLE postings(segment INTEGER, term TEXT, ids BLOB, PRIMARY KEY(segment, term))"
                " WITHOUT ROWID"
            )
            con.execute("CREATE TABLE dead(segment INTEGER, first INTEGER, last INTEGER)")
            con.executemany(
                "INSERT INTO meta VALUES(?, ?)", [*wanted.items(), ("generation", "0"), ("next_id", "1")]
            )

    def close(self) -> None:
        self.con.close()

    # ---- reading -----------------------------------------------------------------------------
    def generation(self) -> int:
        """Bumped by every change: a process re-reads the files table only when it moved."""
        return int(self.con.execute("SELECT value FROM meta WHERE key='generation'").fetchone()[0])

    def files(self) -> dict[str, FileRow]:
        return {
            path: FileRow(fid, (mtime, size, ino), FileClass.of(path), first, count, length)
            for fid, path, mtime, size, ino, _cls, first, count, length in self.con.execute(
                "SELECT id, path, mtime_ns, size, ino, cls, first, count, length FROM files"
            )
        }

    def next_id(self) -> int:
        return int(self.con.execute("SELECT value FROM meta WHERE key='next_id'").fetchone()[0])

    def segments(self) -> list[int]:
        return [row[0] for row in self.con.execute("SELECT id FROM segments ORDER BY id")]

    def dead(self) -> list[tuple[int, int]]:
        return self.con.execute("SELECT first, last FROM dead").fetchall()

    def postings(self, term: str, segments: list[int]) -> list[bytes]:
        """The packed ids holding the term, one blob per segment that has it."""
        out = []
        for start in range(0, len(segments), 500):
            chunk = segments[start : start + 500]
            marks = ",".join("?" * len(chunk))
            out += [
                blob
                for (blob,) in self.con.execute(
                    f"SELECT ids FROM postings WHERE segment IN ({marks}) AND term=?", (*chunk, term)
                )
            ]
        self.rows_read += len(out)
        return out

    def all_digests(self) -> dict[int, bytes]:
        """file id → its entries' line digests (8 bytes each), every file in one query."""
        self.rows_read += 1
        return {
            file_id: bytes(blob or b"") for file_id, blob in self.con.execute("SELECT id, digests FROM files")
        }

    def entry_rows(self, file_id: int) -> tuple[array, bytes] | None:
        """(line numbers, line digests) of one file's entries."""
        row = self.con.execute("SELECT lines, digests FROM files WHERE id=?", (file_id,)).fetchone()
        if row is None:
            return None
        self.rows_read += 1
        return unpack(row[0]), row[1]

    # ---- writing -----------------------------------------------------------------------------
    @contextmanager
    def writing(self) -> Iterator[None]:
        """One write transaction; other processes read the previous state until it commits."""
        self.con.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        self.con.execute("COMMIT")

    def drop_file(self, file_id: int) -> None:
        """Forget one file; its ids stay in their segment's postings as dead until a merge."""
        row = self.con.execute("SELECT segment, first, count FROM files WHERE id=?", (file_id,)).fetchone()
        if row is None:
            return
        self.con.execute("DELETE FROM files WHERE id=?", (file_id,))
        segment, first, count = row
        if count and segment is not None:
            self.con.execute("INSERT INTO dead VALUES(?, ?, ?)", (segment, first, first + count - 1))

    def merge(self) -> int:
        """Merge segments while the one before the newest is at most twice its size (a binary
        counter: O(log n) segments), and rewrite any segment that is half dead; returns how many."""
        con = self.con
        merged = 0
        while True:
            sizes = con.execute("SELECT id, size FROM segments ORDER BY id").fetchall()
            dead = dict(
                con.execute("SELECT segment, SUM(last - first + 1) FROM dead GROUP BY segment").fetchall()
            )
            if len(sizes) >= 2 and sizes[-2][1] <= 2 * sizes[-1][1]:
                self._merge([sizes[-2][0], sizes[-1][0]])
            else:
                rotten = [sid for sid, size in sizes if dead.get(sid, 0) * 2 >= size]
                if not rotten:
                    return merged
                self._merge(rotten[:1])
            merged += 1

    def _merge(self, segments: list[int]) -> None:
        """Rewrite these segments as one, without their dead ids."""
        con = self.con
        marks = ",".join("?" * len(segments))
        dead: set[int] = set()
        for first, last in con.execute(f"SELECT first, last FROM dead WHERE segment IN ({marks})", segments):
            dead.update(range(first, last + 1))
        combined: dict[str, array] = {}
        for segment in segments:  # in id order: later segments hold higher ids, so each list stays sorted
            for term, blob in con.execute("SELECT term, ids FROM postings WHERE segment=?", (segment,)):
                ids = unpack(blob)
                if term in combined:
                    combined[term].extend(ids)
                else:
                    combined[term] = ids
        target = con.execute("INSERT INTO segments(size) VALUES(0)").lastrowid
        rows: list[tuple] = []
        for term, ids in sorted(combined.items()):
            live = [i for i in ids if i not in dead] if dead else ids
            if not live:
                continue
            rows.append((target, term, pack(live)))
        con.executemany("INSERT INTO postings VALUES(?, ?, ?)", rows)
        con.execute(f"DELETE FROM postings WHERE segment IN ({marks})", segments)
        con.execute(f"DELETE FROM dead WHERE segment IN ({marks})", segments)
        con.execute(f"DELETE FROM segments WHERE id IN ({marks})", segments)
        con.execute(f"UPDATE files SET segment=? WHERE segment IN ({marks})", (target, *segments))
        live = con.execute("SELECT COALESCE(SUM(count), 0) FROM files WHERE segment=?", (target,)).fetchone()[
            0
        ]
        if live:
            con.execute("UPDATE segments SET size=? WHERE id=?", (live, target))
        else:
            con.execute("DELETE FROM segments WHERE id=?", (target,))

    def purge_dead(self) -> None:
        """Rewrite every segment that still lists the ids of changed lines (inside writing()): the
        terms of a line no file holds any more leave the postings."""
        for (segment,) in self.con.execute("SELECT DISTINCT segment FROM dead").fetchall():
            self._merge([segment])

    def compact(self) -> None:
        """Rebuild the file (VACUUM) and empty its write-ahead log: no free page or old log frame
        keeps what was deleted. A reader holding an old snapshot keeps its frames until it ends."""
        if self.path is not None:
            self.con.execute("VACUUM")
            self.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def bump_generation(self) -> None:
        self.con.execute("UPDATE meta SET value=CAST(value AS INTEGER) + 1 WHERE key='generation'")


class SegmentWriter:
    """One new segment under new ids, fed a file at a time (inside IndexDB.writing()); only the
    postings are held until finish(), never the entries."""

    def __init__(self, db: IndexDB):
        self.con = con = db.con
        self.next_id = int(con.execute("SELECT value FROM meta WHERE key='next_id'").fetchone()[0])
        self.last_file = con.execute("SELECT COALESCE(MAX(id), 0) FROM files").fetchone()[
            0
        ]  # new rows come after
        self.segment = con.execute("INSERT INTO segments(size) VALUES(0)").lastrowid
        self.postings: defaultdict[str, array] = defaultdict(lambda: array(_ID_TYPE))  # 4 bytes an id
        self.total = 0

    def add(
        self, path: str, stamp: tuple[int, int, int], cls: FileClass, entries: Iterable[IndexedEntry]
    ) -> None:
        first = self.next_id
        postings = self.postings
        length = 0
        lines = array(_ID_TYPE)
        digests = bytearray()
        for entry in entries:
            length += len(entry.terms)
            for term in set(entry.terms):
                postings[term].append(self.next_id)
            lines.append(entry.line)
            digests += entry.digest
            self.next_id += 1
        count = self.next_id - first
        self.total += count
        self.con.execute(
            "INSERT INTO files(path, mtime_ns, size, ino, cls, first, count, length, segment, lines,"
            " digests) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                path,
                *stamp,
                cls.label,
                first,
                count,
                length,
                self.segment if count else None,
                pack(lines),
                bytes(digests),
            ),
        )

    def finish(self) -> tuple[dict[str, FileRow], dict[str, array]]:
        """Write the postings; returns the new files' rows and the new postings (term → ids)."""
        con = self.con
        if self.total:
            con.execute("UPDATE segments SET size=? WHERE id=?", (self.total, self.segment))
            con.executemany(
                "INSERT INTO postings VALUES(?, ?, ?)",
                ((self.segment, term, pack(ids)) for term, ids in sorted(self.postings.items())),
            )
        else:
            con.execute("DELETE FROM segments WHERE id=?", (self.segment,))
        con.execute("UPDATE meta SET value=? WHERE key='next_id'", (str(self.next_id),))
        added = {
            path: FileRow(fid, (mtime, size, ino), FileClass.of(path), first, count, length)
            for fid, path, mtime, size, ino, _cls, first, count, length in con.execute(
                "SELECT id, path, mtime_ns, size, ino, cls, first, count, length FROM files WHERE id > ?",
                (self.last_file,),
            )
        }
        return added, self.postings


def remove_index_files(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        try:
            os.unlink(str(path) + suffix)
        except FileNotFoundError:
            pass
