"""The stored entry vectors: derived data beside the recall index, one file per model.

.index/vectors-<model id>.sqlite3 holds, per entry line, the line's digest (the index's 8 bytes:
a hand edit to the line is a new digest, so its old vector is never used for it) and its vector as
float16 (768 bytes for 384 dimensions), in chunks. In memory they stay float16 as read (no copy);
a product converts one block of rows at a time to float32 (BLAS has no float16 product), by
`_widen`'s bit operations. A different model is a
different file, so vectors of two models never mix. Everything here can be deleted: the next read
embeds what is missing, `memory reindex` embeds everything again.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import numpy as np

# Vectors are stored in chunks, one per batch embedded (digests, 8 bytes each, and their float16
# vectors, one blob each): 100,000 vectors load in a few reads instead of 100,000 rows.
# Rows converted to float32 at a time for a product: a block in cache instead of a float32 copy of
# every vector (at 100,000 that copy, 154 MB of fresh pages, was 0.4 s of a one-shot search's 1.0 s).
BLOCK = 2048
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS chunks (id INTEGER PRIMARY KEY, digests BLOB NOT NULL, vecs BLOB NOT NULL)"
)


def vectors_path(index_dir: Path, model_id: str) -> Path:
    return index_dir / f"vectors-{re.sub(r'[^A-Za-z0-9._-]', '_', model_id)}.sqlite3"


class VectorStore:
    """Digest → vector for one model, read once when first asked (a lexical-only search never reads
    them). Digests are 8 bytes, held as uint64 keys: a lookup of 100,000 is one sorted search in
    numpy. `half()` is every stored vector as stored (float16); `products(q)` and `product(i, q)` compute
    in float32."""

    def __init__(self, path: Path | None, dim: int):
        self.path, self.dim = path, dim
        self._con: sqlite3.Connection | None = None
        self._keys = np.zeros(0, dtype=np.uint64)
        self._half = np.zeros((0, dim), dtype=np.float16)
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None
        self._loaded = False
        self.version = 0  # grows with every change of what is held (for callers' caches)

    def _open(self) -> sqlite3.Connection:
        if self._con is None:
            con = None
            if self.path is not None:
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    con = _connect(self.path)
                except (sqlite3.DatabaseError, OSError):
                    # a damaged file (derived: dropped and made again), else vectors live in memory
                    try:
                        for suffix in ("", "-wal", "-shm"):
                            Path(str(self.path) + suffix).unlink(missing_ok=True)
                        con = _connect(self.path)
                    except (sqlite3.DatabaseError, OSError):
                        con = None
            if con is None:
                con = sqlite3.connect(":memory:", isolation_level=None)
                con.execute(SCHEMA)
            self._con = con
        return self._con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def load(self) -> None:
        """Read every stored vector (a few large blobs: 100,000 vectors are 77 MB read in one go)."""
        con = self._open()
        keys, blobs = [], []
        width = self.dim * 2
        con.execute("BEGIN")  # one snapshot for the list and the blobs (a reindex may replace them)
        try:
            chunks = con.execute("SELECT id, digests, length(vecs) FROM chunks ORDER BY id").fetchall()
            for chunk, digests, size in chunks:
                if not isinstance(digests, bytes) or len(digests) % 8 or size != len(digests) // 8 * width:
                    continue  # damage: those entries are embedded again
                # a blob read is a third faster than the same blob through SELECT (100,000
                # vectors: 43 ms against 80 with 64 KB pages)
                with con.blobopen("chunks", "vecs", chunk, readonly=True) as blob:
                    vecs = blob.read()
                keys.append(digests)
                blobs.append(vecs)
        finally:
            con.execute("COMMIT")
        self._keys = np.frombuffer(b"".join(keys), dtype=np.uint64)
        joined = blobs[0] if len(blobs) == 1 else b"".join(blobs)  # one chunk after a reindex: no copy
        self._half = np.frombuffer(joined, dtype=np.float16).reshape(len(self._keys), self.dim)
        self._changed()
        self._loaded = True

    def _changed(self) -> None:
        self._sorted = None
        self.version += 1

    @property
    def count(self) -> int:
        return len(self.keys())

    def keys(self) -> np.ndarray:
        if not self._loaded:
            self.load()
        return self._keys

    def half(self) -> np.ndarray:
        """Every stored vector, float16 as stored (read-only), one row per key of keys()."""
        if not self._loaded:
            self.load()
        return self._half

    def products(self, vector: np.ndarray) -> np.ndarray:
        """Every stored vector's product with `vector` (float32), computed a block of rows at a time."""
        half = self.half()
        vector = np.asarray(vector, dtype=np.float32)
        out = np.empty(len(half), dtype=np.float32)
        rows = min(BLOCK, len(half))
        bits = np.empty((rows, self.dim), dtype=np.uint32)
        sign = np.empty((rows, self.dim), dtype=np.uint32)
        for start in range(0, len(half), BLOCK):
            part = half[start : start + BLOCK]
            block = _widen(part, bits[: len(part)], sign[: len(part)])
            np.matmul(block, vector, out=out[start : start + len(part)])
        return np.clip(out, -1.0, 1.0, out=out)  # unit vectors: past ±1 is float16 rounding

    def product(self, at: int, vector: np.ndarray) -> float:
        """One stored vector's product with `vector` (float32), as `products` gives it."""
        return min(1.0, max(-1.0, float(self.half()[at].astype(np.float32) @ vector)))

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """Each key's row in half() (-1: no vector); a key stored twice (two processes embedded
        the same line) gives its later row."""
        held = self.keys()
        if not len(held) or not len(keys):
            return np.full(len(keys), -1, dtype=np.int64)
        if self._sorted is None:
            order = np.argsort(held, kind="stable")
            order = order[self._sound()[order]]  # a damaged row is no vector: embedded again
            self._sorted = (held[order], order)
        ordered, order = self._sorted
        if not len(ordered):  # every row damaged
            return np.full(len(keys), -1, dtype=np.int64)
        at = np.searchsorted(ordered, keys, side="right") - 1
        safe = np.maximum(at, 0)
        found = (at >= 0) & (ordered[safe] == keys)
        return np.where(found, order[safe], -1).astype(np.int64)

    def _sound(self) -> np.ndarray:
        """Which rows can be a unit vector's: every component at most 1 in size (a float16 of
        magnitude bits at most 0x3C00), so no infinity, NaN or huge number a damaged file may hold.
        8 ms over 100,000 vectors, a block at a time."""
        raw = self.half().view(np.uint16)
        out = np.empty(len(raw), dtype=bool)
        for start in range(0, len(raw), BLOCK):
            block = raw[start : start + BLOCK]
            out[start : start + len(block)] = (block & 0x7FFF).max(axis=1, initial=0) <= 0x3C00
        return out

    def add(self, digests: list[bytes], vectors: np.ndarray) -> None:
        """Store new vectors (one chunk, one transaction) and keep them in memory."""
        if not digests:
            return
        half = vectors.astype(np.float16)
        joined = b"".join(digests)
        held = self.keys()  # read before the insert, or the new chunk would be held twice
        try:
            self._insert(joined, half.tobytes())
        except sqlite3.OperationalError:
            pass  # busy or read-only for long: kept in memory, the next process embeds them again
        self._keys = np.concatenate([held, np.frombuffer(joined, dtype=np.uint64)])
        self._half = np.concatenate([self._half, half])
        self._changed()

    def _insert(self, digests: bytes, vecs: bytes, replace: bool = False) -> None:
        con = self._open()
        con.execute("BEGIN IMMEDIATE")
        try:
            if replace:
                con.execute("DELETE FROM chunks")
            if digests:
                con.execute("INSERT INTO chunks (digests, vecs) VALUES (?, ?)", (digests, vecs))
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def keep_only(self, live: np.ndarray) -> int:
        """Keep only the vectors of these keys, once each, in one chunk (reindex); returns how many went."""
        held = self.keys()
        keep = np.isin(held, live)
        _, last = np.unique(held[::-1], return_index=True)  # the later row of a key stored twice
        once = np.zeros(len(held), dtype=bool)
        once[len(held) - 1 - last] = True
        keep &= once
        gone = int(len(held) - keep.sum())
        if gone:
            self._insert(held[keep].tobytes(), self._half[keep].tobytes(), replace=True)
            self.load()
        return gone

    def clear(self) -> None:
        self._insert(b"", b"", replace=True)
        self.load()


_SCALE = np.float32(2.0**112)  # float16's exponent bias (15) to float32's (127): 2^(127 - 15)


def _widen(half: np.ndarray, bits: np.ndarray, sign: np.ndarray) -> np.ndarray:
    """float16 rows as float32, exactly as astype gives every finite value, in `bits` (its float32
    view is returned): numpy converts float16 one value at a time, 65 ms for 100,000 vectors of
    384, half of a one-shot search's scoring; these five passes over whole rows take a third of it.
    The magnitude's 15 bits shifted into place are a float32 2^112 too small, normal and subnormal
    halves alike (a product by a power of two is exact); the sign goes back last."""
    raw = half.view(np.uint16)
    np.bitwise_and(raw, 0x7FFF, out=bits, casting="unsafe")
    np.left_shift(bits, 13, out=bits)
    wide = bits.view(np.float32)
    np.multiply(wide, _SCALE, out=wide)
    np.bitwise_and(raw, 0x8000, out=sign, casting="unsafe")
    np.left_shift(sign, 16, out=sign)
    np.bitwise_or(bits, sign, out=bits)
    return wide


def _connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=5, isolation_level=None)
    # large pages for large blobs (a new file only; SQLite keeps an existing file's): 100,000
    # vectors are 1,200 pages to read instead of 19,000
    con.execute("PRAGMA page_size=65536")
    con.execute("PRAGMA journal_mode=WAL")
    con.execute(SCHEMA)
    con.execute("SELECT count(*) FROM chunks").fetchone()
    return con
