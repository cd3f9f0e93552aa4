"""The stored entry vectors: derived data beside the recall index, one file per model.

.index/vectors-<model id>.sqlite3 holds one row per entry line: the line's digest (the index's
8 bytes: a hand edit to the line is a new digest, so its old vector is never used for it) and its
vector as float16 (768 bytes for 384 dimensions; float32 in memory). A different model is a
different file, so vectors of two models never mix. Everything here can be deleted: the next read
embeds what is missing, `memory reindex` embeds everything again.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path

import numpy as np

SCHEMA = "CREATE TABLE IF NOT EXISTS vectors (digest BLOB PRIMARY KEY, vec BLOB NOT NULL) WITHOUT ROWID"


def vectors_path(index_dir: Path, model_id: str) -> Path:
    return index_dir / f"vectors-{re.sub(r'[^A-Za-z0-9._-]', '_', model_id)}.sqlite3"


class VectorStore:
    """Digest → vector for one model; `matrix()` is every stored vector, loaded once per change."""

    def __init__(self, path: Path | None, dim: int):
        self.path, self.dim = path, dim
        self._con: sqlite3.Connection | None = None
        self._rows: dict[bytes, int] = {}
        self._matrix = np.zeros((0, dim), dtype=np.float32)
        self._loaded = False

    def _open(self) -> sqlite3.Connection:
        if self._con is None:
            try:
                if self.path is None:
                    raise sqlite3.OperationalError("kept in memory")
                self.path.parent.mkdir(parents=True, exist_ok=True)
                con = sqlite3.connect(self.path, timeout=5, isolation_level=None)
                con.execute("PRAGMA journal_mode=WAL")
                con.execute(SCHEMA)
                con.execute("SELECT count(*) FROM vectors").fetchone()
            except (sqlite3.DatabaseError, OSError):
                # read-only folder, or a damaged file (derived: drop it); vectors then live in memory
                if self.path is not None and self.path.is_file():
                    try:
                        for suffix in ("", "-wal", "-shm"):
                            Path(str(self.path) + suffix).unlink(missing_ok=True)
                        con = sqlite3.connect(self.path, timeout=5, isolation_level=None)
                        con.execute(SCHEMA)
                    except (sqlite3.DatabaseError, OSError):
                        con = sqlite3.connect(":memory:", isolation_level=None)
                        con.execute(SCHEMA)
                else:
                    con = sqlite3.connect(":memory:", isolation_level=None)
                    con.execute(SCHEMA)
            self._con = con
        return self._con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def load(self) -> None:
        """Read every stored vector (one query: 100k vectors are 77 MB read in one go)."""
        con = self._open()
        digests, blobs = [], []
        width = self.dim * 2
        for digest, blob in con.execute("SELECT digest, vec FROM vectors"):
            if len(blob) == width and len(digest) == 8:  # anything else is damage: re-embedded
                digests.append(bytes(digest))
                blobs.append(blob)
        self._rows = {d: i for i, d in enumerate(digests)}
        flat = np.frombuffer(b"".join(blobs), dtype=np.float16)
        self._matrix = flat.reshape(len(digests), self.dim).astype(np.float32)
        self._loaded = True

    def rows(self) -> dict[bytes, int]:
        if not self._loaded:
            self.load()
        return self._rows

    def matrix(self) -> np.ndarray:
        if not self._loaded:
            self.load()
        return self._matrix

    def add(self, digests: list[bytes], vectors: np.ndarray) -> None:
        """Store new vectors (one transaction) and keep them in memory."""
        if not digests:
            return
        half = vectors.astype(np.float16)
        con = self._open()
        try:
            with con:
                con.execute("BEGIN IMMEDIATE")
                con.executemany(
                    "INSERT OR REPLACE INTO vectors VALUES (?, ?)",
                    ((d, half[i].tobytes()) for i, d in enumerate(digests)),
                )
        except sqlite3.OperationalError:
            pass  # busy or read-only for long: kept in memory, the next process embeds them again
        rows = self.rows()
        fresh = [i for i, d in enumerate(digests) if d not in rows]
        start = len(self._matrix)
        for n, i in enumerate(fresh):
            rows[digests[i]] = start + n
        self._matrix = np.concatenate([self._matrix, half[fresh].astype(np.float32)])

    def keep_only(self, live: Iterable[bytes]) -> int:
        """Drop the vectors of lines no longer in any file (reindex); returns how many."""
        con = self._open()
        keep = set(live)
        gone = [d for d in self.rows() if d not in keep]
        if gone:
            with con:
                con.executemany("DELETE FROM vectors WHERE digest = ?", ((d,) for d in gone))
            self.load()
        return len(gone)

    def clear(self) -> None:
        con = self._open()
        with con:
            con.execute("DELETE FROM vectors")
        self.load()
