"""The stored entry vectors: derived data beside the recall index, one file per model.

.index/vectors-<model id>.sqlite3 holds, per entry line, the line's digest (the index's 8 bytes:
a hand edit to the line is a new digest, so its old vector is never used for it) and its vector
as int16 codes with one float32 scale a vector (772 bytes for 384 dimensions), in chunks sorted by
digest. A product converts one block of codes at a time to float32 (exact: every int16 is a
float32) for BLAS and scales the sums: numpy converts float16, the layout before, one value at a
time (65 ms for 100,000 vectors; integers convert by SIMD in 8 ms with the product). The codes are
more exact than float16 was (a cosine moves by 7e-6 at most, float16's by 5e-5); int8 codes, half
the bytes to read, moved cosines by up to 0.0015 and lost one LoCoMo question in 760 (fused
recall@5 0.671 against 0.672). A different model is a different file, so vectors of two models
never mix. Everything here can be deleted: the next read embeds what is missing,
`memory reindex` embeds everything again.

Files written before this layout hold float16 chunks (table `chunks`): they are read as they are,
and rewritten as codes in one transaction by the first process that can write the file.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import numpy as np

# Vectors are stored in chunks, one per batch embedded (digests, 8 bytes each, their codes and
# their scales, one blob each): 100,000 vectors load in a few reads instead of 100,000 rows.
# Rows converted to float32 at a time for a product: a block in cache instead of a float32 copy of
# every vector (at 100,000 that copy, 154 MB of fresh pages, was 0.4 s of a one-shot search's 1.0 s).
BLOCK = 2048
LEVELS = 32767  # codes in -32767..32767: a vector's largest component in size is ±32767 × its scale
CODE = np.dtype("<i2")  # stored little-endian whatever the machine
# A unit vector's components are at most 1 in size, so its scale at most 1/32767 (a little slack for
# an endpoint's rounding): a larger, negative or non-finite scale is damage, and its row no vector.
MAX_SCALE = 1.001 / LEVELS
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS quantized (id INTEGER PRIMARY KEY, digests BLOB NOT NULL,"
    " codes BLOB NOT NULL, scales BLOB NOT NULL)"
)
OLD_TABLE = "chunks"  # float16 chunks (id, digests, vecs) of files written before the codes


def vectors_path(index_dir: Path, model_id: str) -> Path:
    return index_dir / f"vectors-{re.sub(r'[^A-Za-z0-9._-]', '_', model_id)}.sqlite3"


def quantize(vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(codes int16, scales float32) of float rows: each row's largest component in size is ±32767.
    A row holding NaN or an infinity gets a NaN scale (no vector: `sound` says so)."""
    vectors = np.asarray(vectors, dtype=np.float32)
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        peak = np.abs(vectors).max(axis=1, initial=0.0)
        finite = np.isfinite(vectors).all(axis=1)
        scales = np.where(finite, peak / np.float32(LEVELS), np.nan).astype(np.float32)
        divisor = np.where(finite & (scales > 0), scales, 1.0).astype(np.float32)
        codes = np.rint(np.where(finite[:, None], vectors, 0.0) / divisor[:, None])
    return np.clip(codes, -LEVELS, LEVELS).astype(CODE), scales


def sound(scales: np.ndarray) -> np.ndarray:
    """Which rows can be a unit vector's: a finite scale in [0, MAX_SCALE] (no NaN, infinity or
    huge number a damaged file may hold; any code is a number in range)."""
    with np.errstate(invalid="ignore"):
        return np.isfinite(scales) & (scales >= 0) & (scales <= MAX_SCALE)


class VectorStore:
    """Digest → vector for one model, read once when first asked (a lexical-only search never reads
    them). Digests are 8 bytes, held as uint64 keys: a lookup of 100,000 is one sorted search in
    numpy. `products(q)` and `product(i, q)` compute in float32; `rows(at)` gives stored vectors."""

    def __init__(self, path: Path | None, dim: int):
        self.path, self.dim = path, dim
        self._con: sqlite3.Connection | None = None
        self._keys = np.zeros(0, dtype=np.uint64)
        self._codes = np.zeros((0, dim), dtype=CODE)
        self._scales = np.zeros(0, dtype=np.float32)  # a damaged row's is 0 (its products are 0)
        self._sound = np.zeros(0, dtype=bool)
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
                except sqlite3.OperationalError:
                    # busy for long (another process upgrading or rewriting it), read-only or full:
                    # nothing stored is read this time, and what another process writes is kept
                    con = None
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
            else:
                _upgrade(con, self.dim)
            self._con = con
        return self._con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def load(self) -> None:
        """Read every stored vector (a few large blobs: 100,000 vectors are 77 MB)."""
        con = self._open()
        keys: list[bytes] = []
        scales: list[bytes] = []
        parts: list[memoryview | int] = []  # each chunk's codes: an old chunk's, or the chunk's id
        con.execute("BEGIN")  # one snapshot for the list and the blobs (a reindex may replace them)
        try:
            for digests, code, scale in _old_chunks(con, self.dim):  # a file no process could upgrade
                keys.append(digests)
                parts.append(code)
                scales.append(scale)
            query = "SELECT id, digests, length(codes), scales FROM quantized ORDER BY id"
            for chunk, digests, size, scale in con.execute(query).fetchall():
                if not isinstance(digests, bytes) or not isinstance(scale, bytes) or len(digests) % 8:
                    continue  # damage: those entries are embedded again
                count = len(digests) // 8
                if size != count * self.dim * CODE.itemsize or len(scale) != count * 4:
                    continue
                keys.append(digests)
                parts.append(chunk)
                scales.append(scale)
            self._keys = np.frombuffer(b"".join(keys), dtype=np.uint64)
            self._codes = np.empty((len(self._keys), self.dim), dtype=CODE)
            into = self._codes.reshape(-1).view(np.uint8).data
            at = 0
            for part, digests in zip(parts, keys, strict=True):
                size = len(digests) // 8 * self.dim * CODE.itemsize
                if isinstance(part, int):
                    _read_blob(con, part, into[at : at + size])
                else:
                    into[at : at + size] = part
                at += size
        finally:
            con.execute("COMMIT")
        self._set_scales(np.frombuffer(b"".join(scales), dtype="<f4"))
        self._changed()
        self._loaded = True

    def _set_scales(self, scales: np.ndarray) -> None:
        self._sound = sound(scales)
        self._scales = np.where(self._sound, scales, 0.0).astype(np.float32)

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

    def rows(self, at: np.ndarray) -> np.ndarray:
        """The stored vectors of these rows of keys(), float32."""
        self.keys()
        return self._codes[at].astype(np.float32) * self._scales[at][..., None]

    def half(self) -> _Rows:
        """The stored vectors, indexed by rows of keys() (`half()[at]`, float32): what callers that
        read float16 rows before the codes ask."""
        return _Rows(self)

    def products(self, vector: np.ndarray) -> np.ndarray:
        """Every stored vector's product with `vector` (float32), computed a block of rows at a time."""
        self.keys()
        codes = self._codes
        vector = np.asarray(vector, dtype=np.float32)
        out = np.empty(len(codes), dtype=np.float32)
        block = np.empty((min(BLOCK, len(codes)), self.dim), dtype=np.float32)
        for start in range(0, len(codes), BLOCK):
            part = codes[start : start + BLOCK]
            wide = block[: len(part)]
            wide[...] = part  # int16 to float32, exact
            np.matmul(wide, vector, out=out[start : start + len(part)])
        np.multiply(out, self._scales, out=out)
        return np.clip(out, -1.0, 1.0, out=out)  # unit vectors: past ±1 is rounding

    def product(self, at: int, vector: np.ndarray) -> float:
        """One stored vector's product with `vector` (float32), as `products` gives it."""
        self.keys()
        total = self._codes[at].astype(np.float32) @ np.asarray(vector, dtype=np.float32)
        return min(1.0, max(-1.0, float(np.float32(total) * self._scales[at])))

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """Each key's row in keys() (-1: no vector); a key stored twice (two processes embedded
        the same line) gives its later row."""
        held = self.keys()
        if not len(held) or not len(keys):
            return np.full(len(keys), -1, dtype=np.int64)
        if self._sorted is None:
            # chunks are stored sorted: a stable sort of a few sorted runs is a merge (0.2 ms for
            # 100,000 keys, 7 ms unsorted)
            order = np.argsort(held, kind="stable")
            order = order[self._sound[order]]  # a damaged row is no vector: embedded again
            self._sorted = (held[order], order)
        ordered, order = self._sorted
        if not len(ordered):  # every row damaged
            return np.full(len(keys), -1, dtype=np.int64)
        # the keys searched in their own order: each search starts where the last one ended
        # (100,000 keys: 6 ms with the sort, 14 ms searched in the index's order)
        asked = np.argsort(keys)
        at = np.empty(len(keys), dtype=np.int64)
        at[asked] = np.searchsorted(ordered, keys[asked], side="right") - 1
        safe = np.maximum(at, 0)
        found = (at >= 0) & (ordered[safe] == keys)
        return np.where(found, order[safe], -1).astype(np.int64)

    def add(self, digests: list[bytes], vectors: np.ndarray) -> None:
        """Store new vectors (one chunk, one transaction) and keep them in memory."""
        if not digests:
            return
        keys = np.frombuffer(b"".join(digests), dtype=np.uint64)
        codes, scales = quantize(vectors)
        order = np.argsort(keys, kind="stable")
        keys, codes, scales = keys[order], codes[order], scales[order]
        held = self.keys()  # read before the insert, or the new chunk would be held twice
        try:
            self._insert(keys.tobytes(), codes.tobytes(), scales.astype("<f4").tobytes())
        except sqlite3.OperationalError:
            pass  # busy or read-only for long: kept in memory, the next process embeds them again
        self._keys = np.concatenate([held, keys])
        self._codes = np.concatenate([self._codes, codes])
        sound_before, scales_before = self._sound, self._scales
        self._set_scales(scales)
        self._sound = np.concatenate([sound_before, self._sound])
        self._scales = np.concatenate([scales_before, self._scales])
        self._changed()

    def _insert(self, digests: bytes, codes: bytes, scales: bytes, replace: bool = False) -> None:
        con = self._open()
        con.execute("BEGIN IMMEDIATE")
        try:
            if replace:
                con.execute("DELETE FROM quantized")
                _drop_old(con)
            if digests:
                con.execute(
                    "INSERT INTO quantized (digests, codes, scales) VALUES (?, ?, ?)",
                    (digests, codes, scales),
                )
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
            kept = np.flatnonzero(keep)
            kept = kept[np.argsort(held[kept], kind="stable")]
            raw = np.where(self._sound[kept], self._scales[kept], np.nan).astype("<f4")
            self._insert(held[kept].tobytes(), self._codes[kept].tobytes(), raw.tobytes(), replace=True)
            self.load()
        return gone

    def clear(self) -> None:
        self._insert(b"", b"", b"", replace=True)
        self.load()


class _Rows:
    """`VectorStore.half()`: stored vectors indexed by row, widened to float32 when indexed."""

    __slots__ = ("store",)

    def __init__(self, store: VectorStore) -> None:
        self.store = store

    def __getitem__(self, at: np.ndarray) -> np.ndarray:
        return self.store.rows(at)


READ_PIECE = 1 << 18


def _read_blob(con: sqlite3.Connection, chunk: int, into: memoryview) -> None:
    """A chunk's codes read into `into` a piece at a time: a whole blob read into a fresh bytes
    object faults in every new page (31 ms of CPU for 39 MB); numpy's array takes huge pages, and
    the pieces come through one 256 KB buffer (13 ms). A blob read is also a third faster than the
    same blob through SELECT."""
    with con.blobopen("quantized", "codes", chunk, readonly=True) as blob:
        for start in range(0, len(into), READ_PIECE):
            piece = into[start : start + READ_PIECE]
            piece[:] = blob.read(len(piece))


def _has_old(con: sqlite3.Connection) -> bool:
    return (
        con.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (OLD_TABLE,)).fetchone()
        is not None
    )


def _drop_old(con: sqlite3.Connection) -> None:
    if _has_old(con):
        con.execute(f"DROP TABLE {OLD_TABLE}")


def _old_chunks(con: sqlite3.Connection, dim: int):
    """(digests, codes, scales) of each float16 chunk a file written before the codes holds,
    quantised a block of rows at a time (a damaged row, as it was, is no vector: a NaN scale)."""
    if not _has_old(con):
        return
    for (chunk,) in con.execute(f"SELECT id FROM {OLD_TABLE} ORDER BY id").fetchall():
        digests, vecs = con.execute(f"SELECT digests, vecs FROM {OLD_TABLE} WHERE id=?", (chunk,)).fetchone()
        if not isinstance(digests, bytes) or not isinstance(vecs, bytes) or len(digests) % 8:
            continue
        count = len(digests) // 8
        if len(vecs) != count * dim * 2:
            continue
        half = np.frombuffer(vecs, dtype="<f2").reshape(count, dim)
        keys = np.frombuffer(digests, dtype=np.uint64)
        order = np.argsort(keys, kind="stable")
        # sorted as they are made, a block at a time: one copy of the codes, not three
        codes = np.empty((count, dim), dtype=CODE)
        scales = np.empty(count, dtype="<f4")
        for start in range(0, count, BLOCK):
            part = half[order[start : start + BLOCK]]
            # magnitude bits at most 0x3C00: every component at most 1 in size (no infinity or NaN)
            fit = (part.view(np.uint16) & 0x7FFF).max(axis=1, initial=0) <= 0x3C00
            wide = np.where(fit[:, None], part.astype(np.float32), np.float32(np.nan))
            codes[start : start + BLOCK], scales[start : start + BLOCK] = quantize(wide)
        yield keys[order].tobytes(), codes.reshape(-1).view(np.uint8).data, scales.tobytes()


def _upgrade(con: sqlite3.Connection, dim: int) -> None:
    """A file written before the codes: its float16 chunks rewritten as codes in one
    transaction (a crash leaves the file as it was; a second process finds it done). A file that
    cannot be written now is read as it is (load() reads the old chunks too)."""
    if not _has_old(con):
        return
    try:
        con.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:
        return
    try:
        for digests, codes, scales in _old_chunks(con, dim):
            con.execute(
                "INSERT INTO quantized (digests, codes, scales) VALUES (?, ?, ?)", (digests, codes, scales)
            )
        _drop_old(con)
        con.execute("COMMIT")
    except BaseException as exc:
        con.execute("ROLLBACK")
        if not isinstance(exc, sqlite3.Error):
            raise
        return
    try:
        con.execute("VACUUM")  # the float16 pages freed: the file is not twice its size
    except sqlite3.Error:
        pass  # busy: the free pages are used again by the next chunks written


BUSY_S = 5.0  # how long to wait for another process's write before reading without stored vectors


def _connect(path: Path) -> sqlite3.Connection:
    con = sqlite3.connect(path, timeout=BUSY_S, isolation_level=None)
    # large pages for large blobs (a new file only; SQLite keeps an existing file's): 100,000
    # vectors are 1,200 pages to read instead of 19,000
    con.execute("PRAGMA page_size=65536")
    con.execute("PRAGMA journal_mode=WAL")
    con.execute(SCHEMA)
    con.execute("SELECT count(*) FROM quantized").fetchone()
    return con
