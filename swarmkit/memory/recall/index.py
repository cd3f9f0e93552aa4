"""RecallIndex: keeps the on-disk index in step with the files and answers queries from it.

Each recall stats the memory files and re-indexes only those whose mtime, size or inode changed,
so a hand edit is seen by the next recall. A query reads the postings of its own terms (cached
in the process until the index changes), never every entry. Before a hit is served its line is
read from the file and checked against the index (the line's digest, and its score recomputed
from the line): the text, `by` and `kind` served are always the file's own.
"""

from __future__ import annotations

import sqlite3
import threading
from bisect import bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.file_class import FileClass, Kind
from swarmkit.memory.recall.listing import FileStamps
from swarmkit.memory.recall.progress import MIN_BYTES, Progress
from swarmkit.memory.recall.scope import reader_parameters, scope_predicate
from swarmkit.memory.recall.scoring import Coverage, Scorer
from swarmkit.memory.recall.scoring import closest as closest_of
from swarmkit.memory.recall.storage import (
    FileRow,
    IndexDB,
    IndexedEntry,
    SegmentWriter,
    index_path,
    line_digest,
    remove_index_files,
    unpack,
)
from swarmkit.memory.recall.words import entry_terms, query_terms

if TYPE_CHECKING:
    from swarmkit.memory.folder.reader import MemoryReader

CACHE_IDS = 500_000  # posting ids kept decoded in the process (about 30 MB at most)
ROW_FILES = 256  # files whose line table a process keeps (a search reads those of its hits and ties)


def parse_entry(line: str) -> tuple[str, dict] | None:
    """(text, metadata) of an indexed entry on this line; markers are not recalled."""
    if line.lstrip()[:1] not in ("-", "*"):
        return None
    fields = E.parse_fields(line)
    if fields is None or fields[1].get("marker"):
        return None
    return fields


def _indexed(lines: Iterable[str]) -> Iterator[IndexedEntry]:
    for number, line in enumerate(lines, 1):
        fields = parse_entry(line)
        if fields is not None:
            yield IndexedEntry(number, line_digest(line), entry_terms(*fields))


class _Source:
    """The Candidates a scorer reads for one search: postings of the in-scope files, counted over
    the entries this person may read (another person's file shapes neither ranks nor scores)."""

    def __init__(self, index: RecallIndex, scope: tuple, in_scope: Callable[[FileClass], bool]):
        self.index, self.scope, self.in_scope = index, scope, in_scope
        self.n = index.count()
        self.top_id = index.top_id()
        self._df: dict[str, int] = {}
        self.lines: dict[str, list[str] | None] = {}  # file → its lines, read once per search

    def df(self, term: str) -> int:
        value = self._df.get(term)
        if value is None:
            ids = self.index._posting(term)
            hidden = self.index._hidden_ids()
            value = self._df[term] = len(ids) - len(ids & hidden) if hidden and ids else len(ids)
        return value

    def ids(self, term: str) -> set[int]:
        return self.index._posting_in_scope(term, self.scope, self.in_scope)

    def terms_of(self, ids: Iterable[int]) -> dict[int, list[str]]:
        return self.index._terms_of(ids, self.lines)

    def average_length(self) -> float:
        return self.index._length / self.n if self.n else 0.0


class RecallIndex:
    """The recall index of one memory folder."""

    def __init__(self, store: MemoryReader, scorer: Scorer | None = None):
        self.store = store
        self.path = index_path(store.folder)
        self.scorer = scorer or Coverage()
        self._db: IndexDB | None = None
        self._generation: int | None = None
        self._files: dict[str, FileRow] = {}
        self._known: dict[str, tuple[int, int, int]] = {}  # path → stamp, as indexed
        self._paths: dict[int, str] = {}
        self._stamps = FileStamps(store.folder)
        self._by_first: list[tuple[int, str]] = []  # (first id, path) of the files holding entries, sorted
        self._segments: list[int] = []
        self._dead: set[int] | None = None  # ids still in postings whose file changed (read when needed)
        self._postings: OrderedDict[str, set[int]] = OrderedDict()  # term → its live ids, whole folder
        self._scoped: OrderedDict[tuple, set[int]] = OrderedDict()  # (term, scope) → in-scope ids
        self._scopes: dict[tuple, tuple] = {}  # scope → ("all" | "minus" | "only", ids, its predicate)
        self._rows: OrderedDict[int, tuple] = OrderedDict()  # file id → (line numbers, line digests)
        self._cached = self._count = self._total = self._length = self._top_id = 0
        self._hidden: set[int] | None = None
        self._semantic: Any = (
            None  # fusion.SemanticSide of the model in force, made on the first fused search
        )
        self._dense: tuple | None = None  # (generation, scope key, ids, digests) of the last fused search
        self._lock = threading.RLock()
        from swarmkit.memory.folder.privacy import visible

        # (own class, file class) → may this person read it (few classes, many files); their own
        # class changes when their first write moves their file
        shown: dict[tuple[FileClass, FileClass], bool] = {}

        def _shown_to(own: FileClass) -> Callable[[FileClass], bool]:
            def _shown(cls: FileClass) -> bool:
                if cls.kind is Kind.SWARM:  # whose run it was is read from its README (kept per stat)
                    return store.class_visible(cls)
                key = (own, cls)
                return shown[key] if key in shown else shown.setdefault(key, visible(cls, own))

            return _shown

        # A pass over every file asks `_shown_now()` once: the person's own class costs an lstat
        # per name each time it is read (3,000 of them over 1,000 files, 10 ms of a search)
        self._shown_now: Callable[[], Callable[[FileClass], bool]] = lambda: _shown_to(store.own_class)

    # ---- the database ------------------------------------------------------------------------
    def _open(self) -> IndexDB:
        if self._db is not None:
            return self._db
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = IndexDB(self.path)
        except (sqlite3.OperationalError, OSError):
            self._db = IndexDB(None)  # cannot be kept here (read-only folder, .index a file, busy for long)
        except sqlite3.DatabaseError:
            remove_index_files(self.path)  # corrupt or foreign: it is derived, so start again
            try:
                self._db = IndexDB(self.path)
            except sqlite3.Error:
                self._db = IndexDB(None)
        self._generation = None
        return self._db

    @property
    def db(self) -> IndexDB:
        """The open database (call inside reading() or after _open())."""
        assert self._db is not None, "the recall index is not open"
        return self._db

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
            if self._semantic is not None:
                self._semantic.close()
                self._semantic = None
            self._forget()

    def _forget(self) -> None:
        self._generation = None
        self._files, self._known, self._paths, self._by_first, self._segments = {}, {}, {}, [], []
        self._count = self._total = self._length = self._top_id = 0
        self._hidden = None
        self._dead = None
        self._postings.clear()
        self._scoped.clear()
        self._scopes.clear()
        self._rows.clear()
        self._cached = 0
        self._dense = None

    @property
    def rows_read(self) -> int:
        return self._db.rows_read if self._db is not None else 0

    @property
    def persistent(self) -> bool:
        return self._db is not None and self._db.path is not None

    def _sync_generation(self) -> None:
        """Re-read the files table when another process changed the index."""
        generation = self.db.generation()
        if generation != self._generation:
            self._forget()
            self._files = self.db.files()
            self._segments = self.db.segments()
            self._file_figures()
            self._check_ranges()
            self._generation = generation

    def _check_ranges(self) -> None:
        """Each entry id belongs to one file: ranges that overlap or leave the id space mean an
        index edited by hand or damaged, and it is rebuilt rather than trusted."""
        end = 1
        top = self.db.next_id()
        for first, path in self._by_first:
            row = self._files[path]
            if first < end or first + row.count > top:
                raise sqlite3.DatabaseError("the recall index gives one entry id to two files")
            end = first + row.count

    def _file_figures(self) -> None:
        self._known = {path: row.stamp for path, row in self._files.items()}
        self._paths = {row.id: path for path, row in self._files.items()}
        self._by_first = sorted((row.first, path) for path, row in self._files.items() if row.count)
        is_shown = self._shown_now()
        shown = [row for row in self._files.values() if is_shown(row.cls)]
        self._count = sum(row.count for row in shown)
        self._total = sum(row.count for row in self._files.values())
        self._length = sum(row.length for row in shown)
        self._top_id = max(
            (row.first + row.count - 1 for row in self._files.values() if row.count), default=0
        )
        self._hidden = None

    def _hidden_ids(self) -> set[int]:
        """The ids of the entries in other people's files (memory/privacy.py)."""
        if self._hidden is None:
            is_shown = self._shown_now()
            self._hidden = {
                i
                for row in self._files.values()
                if row.count and not is_shown(row.cls)
                for i in range(row.first, row.first + row.count)
            }
        return self._hidden

    def refresh(self, force: Iterable[str] = (), progress_min: int | None = None) -> int:
        """Re-index the files whose stamp changed (and those in `force`); returns how many."""
        with self._lock:
            try:
                return self._refresh(set(force), progress_min)
            except sqlite3.OperationalError:
                if not self.persistent:
                    raise
                self._fall_back_to_memory()  # read-only, full disk, or held by another writer for long
                return self._refresh(set(force), progress_min)
            except sqlite3.DatabaseError:
                if not self.persistent:
                    raise
                self._drop()  # corrupt: it is derived, so start again
                return self._refresh(set(force), progress_min)

    def _stale(self, current: dict, force: set[str]) -> tuple[list[str], list[str]]:
        if not force and current == self._known:
            return [], []  # the usual case, compared at C speed
        files = self._files
        changed = sorted(
            rel
            for rel, stamp in current.items()
            if rel in force or (row := files.get(rel)) is None or row.stamp != stamp
        )
        removed = [rel for rel in files if rel not in current]
        return changed, removed

    def _refresh(self, force: set[str], progress_min: int | None) -> int:
        db = self._open()
        self._sync_generation()
        current = self._stamps.current()
        changed, removed = self._stale(current, force)
        if not changed and not removed:
            return 0
        try:
            return self._index_files(db, current, force, progress_min)
        except BaseException:
            self._forget()  # nothing was committed: what this process holds is re-read
            raise

    def _index_files(self, db: IndexDB, current: dict, force: set[str], progress_min: int | None) -> int:
        from swarmkit.memory.folder.layout import holds_entries

        with db.writing():
            self._sync_generation()  # under the write lock: another process may have done it already
            changed, removed = self._stale(current, force)
            if not changed and not removed:
                return 0
            total = sum(current[rel][1] for rel in changed)
            dropped = [self._files[rel] for rel in removed + changed if rel in self._files]
            with Progress(total, min_total=MIN_BYTES if progress_min is None else progress_min) as bar:
                for row in dropped:
                    db.drop_file(row.id)
                writer = SegmentWriter(db)
                for rel in changed:
                    lines = self.store.read_lines(rel) if holds_entries(rel) else None
                    writer.add(rel, current[rel], FileClass.of(rel), _indexed(lines or ()))
                    bar.advance(current[rel][1])
                added, postings = writer.finish()
                db.merge()
            db.bump_generation()
            generation = db.generation()
            segments = db.segments()
        self._apply(removed + changed, dropped, added, postings)
        self._segments, self._generation = segments, generation
        return len(changed) + len(removed)

    def _apply(
        self,
        gone: list[str],
        dropped: list[FileRow],
        added: dict[str, FileRow],
        postings: Mapping[str, Iterable[int]],
    ) -> None:
        """Bring what this process holds in step with its own refresh, keeping the warm postings:
        the dropped files' ids leave them, the new entries' ids join them."""
        for rel in gone:
            self._files.pop(rel, None)
        self._files.update(added)
        self._file_figures()
        self._dead = None
        for row in dropped:
            self._rows.pop(row.id, None)
        old: set[int] = set()
        for row in dropped:
            old.update(range(row.first, row.first + row.count))
        for term, ids in self._postings.items():
            size = len(ids)
            if old:
                ids -= old
            ids.update(postings.get(term, ()))
            self._cached += len(ids) - size
        for scope, (how, some, in_scope) in list(self._scopes.items()):
            inside = {
                i
                for row in added.values()
                if in_scope(row.cls)
                for i in range(row.first, row.first + row.count)
            }
            if how == "all" and all(in_scope(row.cls) for row in added.values()):
                continue
            if how == "all":  # a file outside the scope arrived: derive its postings again
                self._scopes.pop(scope)
                for key in [key for key in self._scoped if key[1] == scope]:
                    self._cached -= len(self._scoped.pop(key))
                continue
            some -= old
            some.update(
                inside
                if how == "only"
                else (
                    i
                    for row in added.values()
                    if not in_scope(row.cls)
                    for i in range(row.first, row.first + row.count)
                )
            )
            for key in [key for key in self._scoped if key[1] == scope]:
                ids = self._scoped[key]
                size = len(ids)
                if old:
                    ids -= old
                ids.update(i for i in postings.get(key[0], ()) if i in inside)
                self._cached += len(ids) - size
        self._trim()

    def _fall_back_to_memory(self) -> None:
        """Answer from an index in memory (the next process reads the files again)."""
        if self._db is not None:
            self._db.close()
        self._forget()
        self._db = IndexDB(None)

    def _drop(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
        self._forget()
        remove_index_files(self.path)

    def scrub(self) -> None:
        """After a hand edit's secret was redacted in its file: index the files as they are now and
        keep nothing of their old lines on disk, whose terms named the secret (their postings
        rewritten without them, the database rebuilt and its log emptied)."""
        with self._lock:
            self.refresh()
            db = self._open()
            with db.writing():
                db.purge_dead()
                db.bump_generation()
            db.compact()
            self._forget()

    def rebuild(self) -> int:
        """Drop the index and build it again from the files; returns the number of entries."""
        with self._lock:
            self._drop()
            self._stamps = FileStamps(self.store.folder)
            self.refresh(progress_min=0)
            return self._total

    # ---- figures -----------------------------------------------------------------------------
    def count(self) -> int:
        """The entries this person may read."""
        return self._count

    def top_id(self) -> int:
        return self._top_id

    # ---- postings ----------------------------------------------------------------------------
    def _dead_ids(self) -> set[int]:
        if self._dead is None:
            dead: set[int] = set()
            top = self.db.next_id()
            for first, last in self.db.dead():
                at = bisect_right(self._by_first, (last, "\uffff")) - 1
                row = self._files[self._by_first[at][1]] if at >= 0 else None
                if not 1 <= first <= last < top or (row is not None and row.first + row.count > first):
                    raise sqlite3.DatabaseError("the recall index counts a live entry as gone")
                dead.update(range(first, last + 1))
            self._dead = dead
        return self._dead

    def _posting(self, term: str) -> set[int]:
        """The live ids holding a term, in the whole folder (its size is the term's df)."""
        cached = self._postings.get(term)
        if cached is not None:
            self._postings.move_to_end(term)
            return cached
        blobs = self.db.postings(term, self._segments) if self._segments else []
        ids = set(unpack(b"".join(blobs))) if blobs else set()
        dead = self._dead_ids() if ids else None
        if dead:
            ids -= dead
        if len(ids) > self._total:
            raise sqlite3.DatabaseError("the recall index holds more entries for a term than the folder")
        self._postings[term] = ids
        self._cached += len(ids)
        self._trim()
        return ids

    def _scope_filter(self, scope: tuple, in_scope: Callable[[FileClass], bool]) -> tuple[str, set[int]]:
        """How to narrow a posting to the scope: keep all, drop some ids, or keep only some."""
        cached = self._scopes.get(scope)
        if cached is None:
            rows = [row for row in self._files.values() if row.count]
            inside = [row for row in rows if in_scope(row.cls)]
            outside = [row for row in rows if not in_scope(row.cls)]
            if not outside:
                cached = ("all", set(), in_scope)
            elif sum(r.count for r in outside) <= sum(r.count for r in inside):
                cached = ("minus", {i for r in outside for i in range(r.first, r.first + r.count)}, in_scope)
            else:
                cached = ("only", {i for r in inside for i in range(r.first, r.first + r.count)}, in_scope)
            self._scopes[scope] = cached
        return cached[0], cached[1]

    def _posting_in_scope(self, term: str, scope: tuple, in_scope: Callable[[FileClass], bool]) -> set[int]:
        ids = self._posting(term)
        how, some = self._scope_filter(scope, in_scope)
        if how == "all" or not ids:
            return ids
        if how == "minus" and ids.isdisjoint(some):
            return ids  # the usual case (the files left out hold none of it): no copy
        key = (term, scope)
        cached = self._scoped.get(key)
        if cached is None:
            cached = self._scoped[key] = ids - some if how == "minus" else ids & some
            self._cached += len(cached)
            self._trim()
        else:
            self._scoped.move_to_end(key)
        return cached

    def _trim(self) -> None:
        while self._cached > CACHE_IDS and (self._scoped or self._postings):
            if self._scoped:
                _, ids = self._scoped.popitem(last=False)
            else:
                _, ids = self._postings.popitem(last=False)
            self._cached -= len(ids)

    def _locate(self, doc_id: int) -> tuple[str, FileRow] | None:
        """The file holding an entry id."""
        at = bisect_right(self._by_first, (doc_id, "\uffff")) - 1
        if at < 0:
            return None
        rel = self._by_first[at][1]
        row = self._files[rel]
        return (rel, row) if doc_id < row.first + row.count else None

    def _entry_rows(self, row: FileRow) -> tuple | None:
        cached = self._rows.get(row.id)
        if cached is None:
            cached = self.db.entry_rows(row.id)
            if cached is None or len(cached[0]) != row.count:
                return None
            if len(self._rows) >= ROW_FILES:
                self._rows.popitem(last=False)
            self._rows[row.id] = cached
        else:
            self._rows.move_to_end(row.id)
        return cached

    def _lines(self, rel: str, cache: dict[str, list[str] | None]) -> list[str] | None:
        if rel not in cache:
            cache[rel] = self.store.read_lines(rel)
        return cache[rel]

    def _terms_of(self, ids: Iterable[int], cache: dict[str, list[str] | None]) -> dict[int, list[str]]:
        """Entry id → its terms, read from the files (for scorers that need whole entries)."""
        out: dict[int, list[str]] = {}
        by_file: dict[str, list[int]] = {}
        for doc_id in ids:
            located = self._locate(doc_id)
            if located is not None:
                by_file.setdefault(located[0], []).append(doc_id)
        for rel, doc_ids in by_file.items():
            row = self._files[rel]
            rows = self._entry_rows(row)
            lines = self._lines(rel, cache)
            if rows is None or lines is None:
                continue
            for doc_id in doc_ids:
                number = rows[0][doc_id - row.first]
                fields = parse_entry(lines[number - 1]) if number <= len(lines) else None
                if fields is not None:
                    out[doc_id] = entry_terms(*fields)
        return out

    # ---- search ------------------------------------------------------------------------------
    def search(
        self,
        query: str,
        max_results: int | None = None,
        threshold: float | None = None,
        search_scope: str | None = None,
        include_inbox: bool = False,
        scorer: Scorer | None = None,
        closest: bool = True,
        semantic: bool = True,
    ) -> list:
        """The best entries for `query`; a parameter not given is the memory-reader's default. When
        none clears the threshold, the closest (scoring.closest), unless closest=False. With an
        embedding model in force (semantic.py) and no scorer given, words and meaning are fused
        (fusion.py); semantic=False keeps to words."""
        max_results, threshold, search_scope = reader_parameters(max_results, threshold, search_scope)
        in_scope = scope_predicate(self.store, search_scope, include_inbox)
        if not self.store.exists():
            return []
        qterms = query_terms(query)
        if not qterms:
            return []
        fuse = semantic and scorer is None and isinstance(self.scorer, Coverage)
        scorer = scorer or self.scorer
        key = (str(getattr(search_scope, "value", search_scope)), include_inbox)
        with self._lock:
            text = query if fuse else None
            args = (qterms, max_results, float(threshold), in_scope, key, scorer, text)
            hits = self._search_safely(*args)
            if not hits and threshold > 0 and closest:  # the closest, if any entry shares a word
                near = self._search_safely(qterms, max_results, 0.0, *args[3:])
                # by words only: an entry close only by meaning under the threshold is noise
                hits = closest_of(
                    [h for h in near if getattr(h, "parts", None) is None or h.parts.lexical > 0]
                )
            return hits

    def _search_safely(self, *args) -> list:
        try:
            return self._search(*args)
        except sqlite3.DatabaseError:
            # damaged (on disk, or edited by hand): it is derived, so start again from the files
            if self.persistent:
                self._drop()
            else:
                self._fall_back_to_memory()
            return self._search(*args)

    def _search(self, *args) -> list:
        self.refresh()
        hits, stale = self.reading(self._answer, *args)
        if stale:  # the index disagreed with a file: index that file again and answer again
            self.refresh(force=stale)
            hits, stale = self.reading(self._answer, *args)
            if stale:
                raise sqlite3.DatabaseError("the recall index disagrees with the files")
        return hits

    def reading(self, read: Callable, *args):
        """Call read(*args) on one snapshot of the index: another process's refresh committing
        meanwhile cannot mix its postings with the files table read before it."""
        con = self._open().con
        con.execute("BEGIN")
        try:
            self._sync_generation()
            return read(*args)
        finally:
            con.execute("COMMIT")

    def _answer(self, qterms, k, threshold, in_scope, key, scorer, text) -> tuple[list, set[str]]:
        source = _Source(self, key, in_scope)
        # by meaning too when a model is in force and there is something to find (an empty folder
        # never loads the model: `run` on a new workspace costs what it did)
        if text is not None and self._count and self.semantic_side() is not None:
            from swarmkit.memory.recall.semantic import EndpointFailed

            try:
                return self._answer_fused(qterms, k, threshold, in_scope, key, scorer, text, source)
            except EndpointFailed as exc:  # by words, this time and for the rest of the process
                self.meaning_failed(exc)
        found = scorer.top(qterms, source, k, threshold)
        return self._serve(found, qterms, source, scorer)

    # ---- by meaning --------------------------------------------------------------------------
    def semantic_side(self):
        """The vectors of the embedding model in force (None: lexical recall only)."""
        from swarmkit.memory.recall import semantic

        model = semantic.choice()
        if not isinstance(model, semantic.Model):
            return None
        if self._semantic is None or self._semantic.model != model:
            if self._semantic is not None:
                self._semantic.close()
            semantic.one_blas_thread()
            from swarmkit.memory.recall.fusion import SemanticSide

            self._open()
            try:
                self._semantic = SemanticSide(self.path.parent if self.persistent else None, model)
            except semantic.EndpointFailed as exc:
                self.meaning_failed(exc, model)
                return None
            except Exception as exc:  # noqa: BLE001 (a damaged model folder: recall by words, said once)
                import warnings

                from swarmkit.memory.folder.results import MemoryWarning

                semantic.forget_choice()
                warnings.warn(
                    f"the embedding model in {model.folder} could not be loaded ({exc}): recall is by words only",
                    MemoryWarning,
                    stacklevel=2,
                )
                return None
        return self._semantic

    def meaning_failed(self, exc: Exception, model=None) -> None:
        """An embeddings endpoint failed: recall is by words for the rest of this process, said once."""
        import warnings

        from swarmkit.memory.folder.results import MemoryWarning
        from swarmkit.memory.recall import semantic

        model = model or (self._semantic.model if self._semantic is not None else None)
        if self._semantic is not None:
            self._semantic.close()
            self._semantic = None
        if model is not None:
            semantic.failed(model, f"the embeddings endpoint failed: {exc}")
        warnings.warn(
            f"recall is by words only for now: the embeddings endpoint failed: {exc}",
            MemoryWarning,
            stacklevel=3,
        )

    def _in_scope_entries(self, key, in_scope, shown: bool = True) -> tuple[Any, Any]:
        """(ids, line digests as uint64 keys) of the entries this search may read, as the lexical
        side reads them; ids ascend."""
        import numpy as np

        cached = self._dense
        if cached is not None and cached[0] == (self._generation, key, len(self._files)):
            return cached[1], cached[2]
        ids: list[Any] = []
        digests: list[bytes] = []  # each file's blob of digests
        is_shown = self._shown_now()
        chosen = [
            row
            for row in sorted(self._files.values(), key=lambda r: r.first)
            if row.count and (not shown or is_shown(row.cls)) and in_scope(row.cls)
        ]
        blobs = self.db.all_digests()  # one query, not one per file: 1,000 files cost one read
        for row in chosen:
            blob = blobs.get(row.id)
            if blob is None or len(blob) != row.count * 8:
                raise sqlite3.DatabaseError("the recall index lost the lines of a file")
            ids.append(np.arange(row.first, row.first + row.count, dtype=np.int64))
            digests.append(blob)
        matrix = np.concatenate(ids) if ids else np.zeros(0, dtype=np.int64)
        keys = np.frombuffer(b"".join(digests), dtype=np.uint64)
        self._dense = ((self._generation, key, len(self._files)), matrix, keys)
        return matrix, keys

    def embed_missing(self, ids, digests, budget: int | None, cache: dict) -> int:
        """Embed entries without a vector (at most `budget`); returns how many are still missing."""
        side = self._semantic
        missing = side.lookup(digests) < 0
        if not missing.any():
            side.missing = 0
            return 0
        wanted = [int(i) for i in ids[missing]]
        if budget is not None:
            wanted = wanted[::-1][:budget]  # newest first: what was just written is found first
        texts = []
        for doc_id in wanted:
            located = self._locate(doc_id)
            if located is None:
                continue
            rel, row = located
            numbers = self._entry_rows(row)
            lines = self._lines(rel, cache)
            if numbers is None or lines is None:
                continue
            position = doc_id - row.first
            number = numbers[0][position]
            line = lines[number - 1] if 0 < number <= len(lines) else None
            digest = numbers[1][position * 8 : position * 8 + 8]
            fields = parse_entry(line) if line is not None and line_digest(line) == digest else None
            if fields is not None:
                texts.append((digest, fields[0]))
        side.embed_missing(texts)
        side.missing = int((side.lookup(digests) < 0).sum())
        return side.missing

    def embed_all(self, progress: bool = False) -> int:
        """Give every entry its vector now (reindex; the benchmark); returns how many were embedded.
        Vectors of lines no longer in any file are dropped. False when no model is in force."""
        side = self.semantic_side()
        if side is None:
            return 0
        import numpy as np

        with self._lock:
            self.refresh()

            def everything():
                ids, digests = self._in_scope_entries(("*every file*", True), lambda cls: True, shown=False)
                return ids, digests

            ids, digests = self.reading(everything)
            side.vectors.keep_only(digests)
            todo = len(np.unique(digests[side.lookup(digests) < 0]))
            from swarmkit.memory.recall.progress import Progress

            cache: dict = {}
            done = 0
            label = "Embedding memory"
            with Progress(todo, label, min_total=0 if progress else todo + 1) as bar:
                while True:
                    before = side.vectors.count
                    left = self.reading(self.embed_missing, ids, digests, 256, cache)
                    step = side.vectors.count - before
                    done += step
                    bar.advance(step)
                    if not left or not step:
                        return done

    def embed_new(self, budget: int) -> int:
        """After a write: embed up to `budget` entries without a vector, newest first (what was just
        written); returns how many are still missing. 0 when no model is in force."""
        side = self.semantic_side()
        if side is None:
            return 0
        with self._lock:
            self.refresh()

            def embed() -> int:
                ids, digests = self._in_scope_entries(("*every file*", True), lambda cls: True, shown=False)
                return self.embed_missing(ids, digests, budget, {})

            from swarmkit.memory.recall.semantic import EndpointFailed

            try:
                return self.reading(embed)
            except EndpointFailed as exc:  # vectors are derived: the next read embeds what is missing
                self.meaning_failed(exc)
                return 0

    def _answer_fused(self, qterms, k, threshold, in_scope, key, scorer, text, source):
        from swarmkit.memory.recall.fusion import CANDIDATES, EMBED_ON_READ, Parts, best, words_weight

        side = self._semantic
        ids, digests = self._in_scope_entries(key, in_scope)
        self.embed_missing(ids, digests, EMBED_ON_READ, source.lines)
        lexical = {doc_id: value for value, doc_id in scorer.top(qterms, source, max(k, CANDIDATES), 0.0)}
        # how much the question's words can say here: their weight in memory (fusion.words_weight)
        weight = words_weight(sum(scorer.weights(qterms, source).values()), source.n)

        def lexical_of(extra: list[int]) -> dict[int, float]:
            if type(scorer) is Coverage:
                # Coverage counts which of the query's terms an entry holds, which the postings
                # say: no file is read for it (the best 50 by meaning lie in 50 files at 100,000
                # entries, 25 ms of a one-shot search). A hit is checked against its line anyway.
                lists = [(term, source.ids(term)) for term in dict.fromkeys(qterms)]
                return {
                    doc_id: scorer.score(qterms, [term for term, ids in lists if doc_id in ids], source)
                    for doc_id in extra
                }
            held = source.terms_of(extra)
            return {doc_id: scorer.score(qterms, held.get(doc_id, ()), source) for doc_id in extra}

        qvec = side.query(text)
        cosines = side.cosines(digests, qvec)
        found = best(lexical, ids, cosines, lexical_of, k, threshold, weight)

        def rescore(fields, digest) -> tuple[float, Parts]:
            lexical_now = scorer.score(qterms, entry_terms(*fields), source)
            cosine = side.cosine_of(digest, qvec)
            parts = Parts(lexical_now, cosine, weight)
            return parts.score, parts

        return self._serve([(value, doc_id) for value, doc_id, _ in found], qterms, source, scorer, rescore)

    def _serve(self, found, qterms, source, scorer, rescore=None) -> tuple[list, set[str]]:
        """The hits, each read back from its file; files whose lines disagree with the index. A
        fused hit is scored again from its line and the vector stored for that very line."""
        from swarmkit.memory.recall.hit import RecallHit

        hits, stale = [], set()
        for value, doc_id in found:
            located = self._locate(doc_id)
            rows = self._entry_rows(located[1]) if located else None
            if located is None or rows is None:
                raise sqlite3.DatabaseError("the recall index holds an entry id that belongs to no file")
            rel, file = located
            position = doc_id - file.first
            number = rows[0][position]
            lines = self._lines(rel, source.lines)
            line = lines[number - 1] if lines and 0 < number <= len(lines) else None
            same = line is not None and line_digest(line) == rows[1][position * 8 : position * 8 + 8]
            fields = parse_entry(line) if same and line is not None else None
            parts = None
            if fields is not None and rescore is not None:
                again, parts = rescore(fields, rows[1][position * 8 : position * 8 + 8])
            elif fields is not None:
                again = scorer.score(qterms, entry_terms(*fields), source)
            # a fused score is a float32 product: computed alone it may differ in its last bits
            if fields is None or abs(again - value) > (1e-6 if rescore is not None else 1e-9):
                stale.add(rel)
                continue
            entry = E.Entry(*fields, rel, number)
            hits.append(
                RecallHit(
                    entry.text,
                    value,
                    entry.ref,
                    rel,
                    number,
                    entry.by,
                    entry.kind,
                    file.cls.kind is Kind.INBOX,
                    parts,
                    subject=entry.subject,
                )
            )
        return hits, stale
