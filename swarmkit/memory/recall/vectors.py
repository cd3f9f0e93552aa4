"""The stored entry vectors: derived data beside the recall index, one file per model.

.index/vectors-<model id>.sqlite3 holds, per entry line, the line's digest (the index's 8 bytes:
a hand edit to the line is a new digest, so its old vector is never used for it) and its vector
as int16 codes with one float32 scale a vector (772 bytes for 384 dimensions), in chunks sorted by
digest. The database keeps each chunk's digests and scales; its codes are in a file of their own,
.index/vectors-<model id>-<8 hex digits>.codes, mapped rather than read (codes_file.py says why and
how it stays whole). A product converts one block of codes at a time to float32 (exact: every
int16 is a float32) for BLAS and scales the sums: numpy converts float16, the layout before, one
value at a time (65 ms for 100,000 vectors; integers convert by SIMD in 8 ms with the product). The
codes are more exact than float16 was (a cosine moves by 7e-6 at most, float16's by 5e-5); int8
codes, half the bytes to read, moved cosines by up to 0.0015 and lost one LoCoMo question in 760
(fused recall@5 0.671 against 0.672). A different model is a different file, so vectors of two
models never mix. Everything here can be deleted: the next read embeds what is missing, `memory
reindex` embeds everything again.

Files written before hold float16 chunks (table `chunks`) or codes in blobs (`quantized` rows whose
`codes` is not empty): they are read as they are, and the first process that can write the file
rewrites the float16 chunks as codes and moves the blobs to the codes file, each in one transaction.
A store in memory (no folder, or one it cannot write) keeps its codes in blobs.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import numpy as np

from swarmkit.memory.recall import codes_file
from swarmkit.memory.recall.sqlite_wal import switch_to_wal

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
    " codes BLOB NOT NULL, scales BLOB NOT NULL, start INTEGER)"
)
# which codes file is current and its rows' width (one row): rows whose codes blob is empty start
# at `start` in it. The width is kept because the file says nothing of it (a blob's length did):
# a store of another width (an endpoint's model changed under the same name, or two model ids
# made one file name) read that file's codes as vectors of its own, and wrote over them.
CODES_SCHEMA = "CREATE TABLE IF NOT EXISTS codes_file (name TEXT NOT NULL, dim INTEGER)"
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
    numpy. `products(q)` and `product(i, q)` compute in float32; `rows(at)` gives stored vectors.
    The codes live in a file of their own, mapped (codes_file.py); a store in memory (no path, or
    a folder it cannot write) and a file no process could convert yet keep them in SQLite blobs."""

    def __init__(self, path: Path | None, dim: int):
        self.path, self.dim = path, dim
        self._con: sqlite3.Connection | None = None
        # whether the table has the codes file's column: new codes go to the file, rows name their
        # place in it (else every code is in a blob, as in a store in memory)
        self._in_file = False
        self._keys = np.zeros(0, dtype=np.uint64)
        self._codes = np.zeros((0, dim), dtype=CODE)
        self._mapping: tuple[Any, int] | None = None  # (the map, its byte _codes start at) when a view
        self._scales = np.zeros(0, dtype=np.float32)  # a damaged row's is 0 (its products are 0)
        self._sound = np.zeros(0, dtype=bool)
        self._sorted: tuple[np.ndarray, np.ndarray] | None = None
        self._unstored: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # kept in memory only
        self._loaded = False
        self.version = 0  # grows with every change of what is held (for callers' caches)

    @property
    def _database(self) -> Path:
        assert self.path is not None  # only a store kept in a file writes or maps a codes file
        return self.path

    @property
    def _row_bytes(self) -> int:
        return self.dim * CODE.itemsize

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
                self._in_file = False
            else:
                assert self.path is not None
                _upgrade(con, self.dim)
                self._in_file = _has_start(con)
                if self._in_file:
                    self._move_blobs(con)
            self._con = con
        return self._con

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    def load(self) -> None:
        """Read every stored vector: the digests and scales (12 bytes a vector), and the codes mapped
        from their file, or read from blobs (100,000 vectors' codes are 74 MB)."""
        for _ in range(3):
            try:
                return self._load(missing_is_damage=False)
            except _Rewritten:
                continue  # the codes file was rewritten since this snapshot: read the new one
        self._load(missing_is_damage=True)

    def _load(self, missing_is_damage: bool) -> None:
        con = self._open()
        keys: list[bytes] = []
        scales: list[bytes] = []
        # each chunk's codes: an old chunk's (bytes), a blob's chunk id (int), or its first row in
        # the codes file (a tuple)
        parts: list[memoryview | int | tuple[int]] = []
        rb = self._row_bytes
        con.execute("BEGIN")  # one snapshot for the list, the blobs and the file's name
        try:
            for digests, code, scale in _old_chunks(con, self.dim):  # a file no process could upgrade
                keys.append(digests)
                parts.append(code)
                scales.append(scale)
            start = "start" if self._in_file else "NULL"
            query = f"SELECT id, digests, length(codes), scales, {start} FROM quantized ORDER BY id"
            listed = con.execute(query).fetchall()
            mapped = None
            if self._in_file and any(size == 0 for _, _, size, _, _ in listed):
                name = _current_name(con, self.path, self.dim)
                mapped = codes_file.mapped(self._database.parent / name) if name else None
                if mapped is None and name and not missing_is_damage:
                    raise _Rewritten
            for chunk, digests, size, scale, first in listed:
                if not isinstance(digests, bytes) or not isinstance(scale, bytes) or len(digests) % 8:
                    continue  # damage: those entries are embedded again
                count = len(digests) // 8
                if len(scale) != count * 4:
                    continue
                if size == count * rb and size:
                    parts.append(chunk)
                elif (
                    size == 0
                    and mapped is not None
                    and type(first) is int
                    and 0 <= first
                    and (first + count) * rb <= len(mapped)
                ):
                    parts.append((first,))
                else:
                    continue  # a file cut short or removed by hand: those entries are embedded again
                keys.append(digests)
                scales.append(scale)
            self._keys = np.frombuffer(b"".join(keys), dtype=np.uint64)
            self._mapping = None
            self._codes = self._gather(con, parts, keys, mapped)
        finally:
            con.execute("COMMIT")
        self._set_scales(np.frombuffer(b"".join(scales), dtype="<f4"))
        for held in self._unstored:  # what no file could take
            self._hold(*held)
        self._changed()
        self._loaded = True

    def _hold(self, keys: np.ndarray, codes: np.ndarray, scales: np.ndarray) -> None:
        """Vectors appended to those held in memory (a copy: no longer a view of the file)."""
        self._keys = np.concatenate([self._keys, keys])
        self._codes = np.concatenate([self._codes, codes])
        self._mapping = None
        sound_before, scales_before = self._sound, self._scales
        self._set_scales(scales)
        self._sound = np.concatenate([sound_before, self._sound])
        self._scales = np.concatenate([scales_before, self._scales])

    def _gather(self, con, parts: list, keys: list[bytes], mapped: np.ndarray | None) -> np.ndarray:
        """The codes of these chunks, in order: a view of the mapped file when they lie in it one
        after the other (the usual case, no copy), else copied into one array."""
        rb = self._row_bytes
        rows = [len(digests) // 8 for digests in keys]
        if mapped is not None and parts and all(type(part) is tuple for part in parts):
            first = parts[0][0]
            at = first
            for part, count in zip(parts, rows, strict=True):
                if part[0] != at:
                    break
                at += count
            else:
                self._mapping = (codes_file.mapping(mapped), first * rb)
                return mapped[first * rb : at * rb].view(CODE).reshape(-1, self.dim)
        codes = np.empty((sum(rows), self.dim), dtype=CODE)
        into = codes.reshape(-1).view(np.uint8).data
        at = 0
        for part, count in zip(parts, rows, strict=True):
            size = count * rb
            if type(part) is tuple:
                assert mapped is not None
                into[at : at + size] = mapped[part[0] * rb : part[0] * rb + size].data
            elif isinstance(part, int):
                _read_blob(con, part, into[at : at + size])
            else:
                into[at : at + size] = part
            at += size
        return codes

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

    def _whole(self) -> None:
        """Before codes are read from the map: a codes file cut short in place while mapped (by
        hand, or a tool rewriting `.index/` in place; swarmkit never does) would kill the process at
        the first read past its new end (SIGBUS), a server included. The rows still in the file are
        copied and the others become no vector (products 0, embedded again); rows keep their places,
        so positions a caller looked up before stay right. One fstat a read."""
        if self._mapping is None:
            return
        view, offset = self._mapping
        rb = self._row_bytes
        try:
            present = codes_file.size_of(view)
        except (OSError, ValueError):
            present = 0
        if present >= offset + len(self._codes) * rb:
            return
        kept = min(len(self._codes), max(0, present - offset) // rb)
        codes = np.zeros(self._codes.shape, dtype=CODE)
        codes[:kept] = self._codes[:kept]  # the file may shrink again meanwhile: a narrow race is left
        self._codes, self._mapping = codes, None
        self._sound[kept:] = False
        self._scales[kept:] = 0.0
        self._changed()

    def rows(self, at: np.ndarray) -> np.ndarray:
        """The stored vectors of these rows of keys(), float32."""
        self.keys()
        self._whole()
        return self._codes[at].astype(np.float32) * self._scales[at][..., None]

    def half(self) -> _Rows:
        """The stored vectors, indexed by rows of keys() (`half()[at]`, float32): what callers that
        read float16 rows before the codes ask."""
        return _Rows(self)

    def products(self, vector: np.ndarray) -> np.ndarray:
        """Every stored vector's product with `vector` (float32), computed a block of rows at a time."""
        self.keys()
        self._whole()
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
        self._whole()
        total = self._codes[at].astype(np.float32) @ np.asarray(vector, dtype=np.float32)
        return min(1.0, max(-1.0, float(np.float32(total) * self._scales[at])))

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """Each key's row in keys() (-1: no vector); a key stored twice (two processes embedded
        the same line) gives its later row."""
        held = self.keys()
        self._whole()
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
        self.keys()  # read before the insert, or the new chunk would be held twice
        try:
            self._insert(keys.tobytes(), codes, scales.astype("<f4").tobytes())
            stored = True
        except (sqlite3.OperationalError, OSError):
            # busy or read-only for long, or the disk full: kept in memory, the next process
            # embeds them again
            stored = False
        if stored and self._in_file:
            self.load()  # the file mapped again, with this chunk (and any another process wrote)
            # another process's rewrite (reindex) may have dropped the chunk before that read: its
            # vectors are held in memory still, as the caller looks them up next (meaning.stored
            # took the -1 of a key not found for the last row's vector)
            lost = ~np.isin(keys, self._keys)
            if not lost.any():
                return
            keys, codes, scales = keys[lost], codes[lost], scales[lost]
            stored = False
        if not stored:
            self._unstored.append((keys, codes, scales))
        self._hold(keys, codes, scales)
        self._changed()

    def _insert(self, digests: bytes, codes: np.ndarray, scales: bytes, replace: bool = False) -> None:
        con = self._open()
        con.execute("BEGIN IMMEDIATE")
        rewritten = False
        made = None  # a codes file this transaction created: removed with it if it does not commit
        try:
            if replace:
                con.execute("DELETE FROM quantized")
                _drop_old(con)
            if not self._in_file:
                if digests:
                    con.execute(
                        "INSERT INTO quantized (digests, codes, scales) VALUES (?, ?, ?)",
                        (digests, codes.tobytes(), scales),
                    )
            elif digests or replace:
                name, end, new = self._append_target(con, fresh=replace)
                rewritten = new
                if digests:
                    target = self._database.parent / name
                    with codes_file.Appending(target, end * self._row_bytes, new) as out:
                        made = target if new else None
                        out.write(np.ascontiguousarray(codes, dtype=CODE))
                    con.execute(
                        "INSERT INTO quantized (digests, codes, scales, start) VALUES (?, x'', ?, ?)",
                        (digests, scales, end),
                    )
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            if made is not None:
                # a rewrite the disk could not take (or interrupted) left a whole file no row
                # names, holding the very space the disk lacked till a rewrite succeeded
                codes_file.remove([made])
            raise
        if rewritten:
            self._remove_others(con)

    def _append_target(self, con: sqlite3.Connection, fresh: bool) -> tuple[str, int, bool]:
        """(codes file, its first free row, whether it is new) for codes about to be written, in
        the write transaction. A file gone or cut short (by hand: it is derived data) is replaced by
        a new one and its rows are forgotten: their entries are embedded again, as are those of a
        file of another width."""
        name = None if fresh else _current_name(con, self.path, self.dim)
        if name is not None:
            (end,) = con.execute(
                "SELECT coalesce(max(start + length(digests) / 8), 0) FROM quantized"
                " WHERE length(codes) = 0 AND start IS NOT NULL"
            ).fetchone()
            have = codes_file.size(self._database.parent / name)
            # end 0: no row names the file, but one did (a process keeping codes in blobs cleared
            # them) and a reader may have it mapped: it is never written from its start again
            if have is not None and have >= end * self._row_bytes and end:
                return name, end, False
        con.execute("DELETE FROM quantized WHERE length(codes) = 0")
        name = codes_file.fresh_name(self._database)
        con.execute("DELETE FROM codes_file")
        con.execute("INSERT INTO codes_file (name, dim) VALUES (?, ?)", (name, self.dim))
        return name, 0, True

    def _remove_others(self, con: sqlite3.Connection) -> None:
        """Remove the codes files no row names (a rewrite's old one, a crash's), under the write
        lock: a file another process is creating is named by its rows before the lock is let go."""
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return  # busy: the next rewrite removes them
        try:
            # the current file whatever its width: a store of another width may have just made it
            codes_file.remove(codes_file.others(self._database, _current_name(con, self.path, None)))
        finally:
            con.execute("COMMIT")

    def _move_blobs(self, con: sqlite3.Connection) -> None:
        """Codes a file keeps in blobs (written before the codes file, or by a process that could
        not write it) moved to the codes file, in one transaction; read from the blobs till then."""
        rb = self._row_bytes
        # only a blob of this width can move: a damaged one or another width's stays, and every
        # process opening the file took the write lock and vacuumed it for nothing (waiting up to
        # BUSY_S behind another writer)
        movable = (
            "SELECT 1 FROM quantized WHERE length(codes) > 0 AND length(digests) % 8 = 0"
            " AND length(codes) = length(digests) / 8 * ? LIMIT 1"
        )
        if con.execute(movable, (rb,)).fetchone() is None:
            return
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return
        made = None  # as in _insert: a new codes file goes with a transaction that does not commit
        new = False
        try:
            listed = con.execute(
                "SELECT id, length(digests), length(codes) FROM quantized WHERE length(codes) > 0 ORDER BY id"
            ).fetchall()
            moved = [
                (chunk, size // 8)
                for chunk, size, codes in listed
                if size % 8 == 0 and codes == size // 8 * rb
            ]
            if moved:
                name, end, new = self._append_target(con, fresh=False)
                target = self._database.parent / name
                with codes_file.Appending(target, end * rb, new) as out:
                    made = target if new else None
                    for chunk, count in moved:
                        with con.blobopen("quantized", "codes", chunk, readonly=True) as blob:
                            left = count * rb
                            while left:
                                got = blob.read(min(left, READ_PIECE))
                                out.write(got)
                                left -= len(got)
                        con.execute("UPDATE quantized SET codes = x'', start = ? WHERE id = ?", (end, chunk))
                        end += count
            con.execute("COMMIT")
        except BaseException as exc:
            con.execute("ROLLBACK")
            if made is not None:
                codes_file.remove([made])
            if not isinstance(exc, (sqlite3.Error, OSError)):
                raise
            return
        if not moved:
            return  # another process moved them first
        if new:
            self._remove_others(con)  # the file it replaced (gone, cut short, of another width)
        try:
            con.execute("VACUUM")  # the blobs' pages freed: the file is not twice its size
        except sqlite3.Error:
            pass  # busy: the free pages are used again by the next chunks written

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
            self._insert(held[kept].tobytes(), self._codes[kept], raw.tobytes(), replace=True)
            self._unstored.clear()
            self.load()
        return gone

    def clear(self) -> None:
        self._insert(b"", np.zeros((0, self.dim), dtype=CODE), b"", replace=True)
        self._unstored.clear()
        self.load()


class _Rewritten(Exception):
    """The codes file a snapshot names is gone: a rewrite replaced it since."""


def _has_start(con: sqlite3.Connection) -> bool:
    """Whether the table has the codes file's column, added now to a file written before it
    (a file no process can write now keeps its codes in blobs)."""
    if _has_column(con, "quantized", "start"):
        return True
    try:
        con.execute("ALTER TABLE quantized ADD COLUMN start INTEGER")
    except sqlite3.OperationalError:
        return False
    return True


def _has_dim(con: sqlite3.Connection) -> bool:
    return _has_column(con, "codes_file", "dim")


def _has_column(con: sqlite3.Connection, table: str, column: str) -> bool:
    return column in {row[1] for row in con.execute(f"PRAGMA table_info({table})")}


def _current_name(con: sqlite3.Connection, database: Path | None, dim: int | None) -> str | None:
    """The current codes file's name, when its rows are `dim` wide (None: whatever their width)."""
    if database is None:
        return None
    row = con.execute("SELECT name, dim FROM codes_file LIMIT 1").fetchone()
    if row is None or (dim is not None and (type(row[1]) is not int or row[1] != dim)):
        return None
    return row[0] if codes_file.is_ours(database, row[0]) else None


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
    switch_to_wal(con, BUSY_S)
    con.execute(SCHEMA)
    con.execute(CODES_SCHEMA)
    if not _has_dim(con):
        # made before the width was kept: no width (NULL), so its rows are embedded again
        try:
            con.execute("ALTER TABLE codes_file ADD COLUMN dim INTEGER")
        except sqlite3.OperationalError:
            if not _has_dim(con):  # else another process added it first
                raise
    con.execute("SELECT count(*) FROM quantized").fetchone()
    return con
