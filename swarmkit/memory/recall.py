"""Recall: ranked entries for a query, from an index derived from the memory files.

Score (in [0, 1]) = the share of the query's weight that the entry contains:

    score = Σ idf(t) over query terms t found in the entry / Σ idf(t) over all query terms

Terms are the query's words after dropping stop words and a light stemming (deploys, deployed,
deploying → deploy); idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)) over all N entries weighs rare
words over common ones. 1.0 means every meaningful word of the query is in the entry; 0.5 means
words carrying half the query's weight are. A threshold therefore means the same for 10 entries or
100,000. Equal scores: the most recently indexed entry first (a later line of a file, or a line
of the file that changed last).

The index: every entry's terms are kept in `<folder>/.index/recall.sqlite3` (excluded from git)
with each file's mtime, size and inode, so a file changed by hand is re-read on the next recall and
a new process loads the index instead of re-reading every file. In the process, an inverted index
(term → entry ids) answers a query exactly with the MaxScore method: rare terms first, stopping as
soon as no entry not yet seen could reach the threshold or the current top results.
"""

from __future__ import annotations

import heapq
import math
import os
import re
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable

from swarmkit.errors import SwarmkitError
from swarmkit.memory import entries as E

SCOPES = ("user", "all", "both")
SCHEMA_VERSION = "2"
MAX_TIER_TERMS = 10  # up to this many distinct terms, the exact tiered search; beyond, MaxScore
_WORD = re.compile(r"[^\W_]+")
STOP_WORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself yourselves
""".split())


def stem(word: str) -> str:
    """A light suffix stripper: enough that plurals and verb forms meet; never below 3 letters."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("ing"):
        return word[:-3]
    if len(word) > 4 and word.endswith("ed") and not word.endswith("eed"):
        return word[:-2]
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class _StemCache(dict):
    """word → stem, "" for a stop word; vocabularies are small, so each word is stemmed once."""

    def __missing__(self, word: str) -> str:
        value = self[word] = "" if word in STOP_WORDS else stem(word)
        return value


_STEMS = _StemCache()


def terms(text: str) -> list[str]:
    return [t for t in map(_STEMS.__getitem__, _WORD.findall(text.lower())) if t]


def entry_terms(entry: E.Entry) -> list[str]:
    subject = entry.meta.get("subject")
    if not subject:
        return terms(entry.text)
    return terms(entry.text + " " + re.sub(r"[_:.-]+", " ", subject))


def idf(n: int, df: int) -> float:
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def score(query_terms: Iterable[str], doc_terms: set[str], weights: dict[str, float]) -> float:
    total = sum(weights[t] for t in query_terms)
    if total <= 0:
        return 0.0
    return sum(weights[t] for t in query_terms if t in doc_terms) / total


def scope_predicate(store, search_scope: str, include_inbox: bool = False) -> tuple[Callable[[str], bool], set | None]:
    """(does a file class belong to the scope, the classes when the scope is a few files else None)."""
    from swarmkit.memory.store import file_class

    search_scope = str(getattr(search_scope, "value", search_scope))  # an enum from the reader config
    if search_scope.startswith("swarm:"):
        return (lambda cls: cls == search_scope), {search_scope}
    if search_scope not in SCOPES:
        raise SwarmkitError(f"unknown search scope {search_scope!r}",
                            "use user (your file), all (every file but the inbox and swarms) or both "
                            "(your file plus the shared files)")
    user = file_class(store.user_file)
    if search_scope == "user":
        few = {user, "inbox"} if include_inbox else {user}
        return (lambda cls: cls in few), few

    def shared(cls: str) -> bool:
        return cls in ("memory", "lessons", "other") or cls.startswith("workspace:")

    if search_scope == "all":
        from swarmkit.memory.privacy import visible  # never another person's file, whatever the scope

        return (lambda cls: (cls != "inbox" or include_inbox) and not cls.startswith("swarm:")
                and visible(cls, user)), None
    return (lambda cls: shared(cls) or cls == user or (include_inbox and cls == "inbox")), None


class RecallIndex:
    """The derived recall index of one memory folder: persisted in SQLite, searched in memory."""

    def __init__(self, store):
        self.store = store
        self.path = store.folder / ".index" / "recall.sqlite3"
        self._con: sqlite3.Connection | None = None
        self._loaded = False
        self._stamps: dict[str, tuple[int, int, int]] = {}
        self._file_ids: dict[str, list[int]] = {}
        self._docs: dict[int, tuple] = {}  # id -> (file, line, text, by, kind, cls, terms)
        self._post: defaultdict[str, set[int]] = defaultdict(set)
        self._by_cls: dict[str, set[int]] = {}
        self._listings: dict[str, tuple] = {}  # folder → (mtime, [(path, rel)], [(path, rel)])
        self._persistent = True
        self._next = 1

    # ---- storage -----------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self._con is not None:
            return self._con
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            con = self._open()
        except sqlite3.DatabaseError:
            self._drop_files()  # a corrupt or foreign index: it is derived, so start again
            con = self._open()
        self._con = con
        return con

    def _open(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=NORMAL")
        con.execute("CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT)")
        row = con.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if row is None or row[0] != SCHEMA_VERSION:
            con.executescript(
                """
                DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS entries;
                DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS vocab;
                CREATE TABLE files(path TEXT PRIMARY KEY, mtime_ns INTEGER, size INTEGER, ino INTEGER);
                CREATE TABLE entries(file TEXT, line INTEGER, text TEXT, by TEXT, kind TEXT, cls TEXT,
                                     terms TEXT);
                CREATE INDEX entries_file ON entries(file);
                """
            )
            con.execute("INSERT OR REPLACE INTO meta VALUES('schema', ?)", (SCHEMA_VERSION,))
        return con

    def _drop_files(self) -> None:
        for suffix in ("", "-wal", "-shm"):
            try:
                os.unlink(str(self.path) + suffix)
            except FileNotFoundError:
                pass

    def close(self) -> None:
        if self._con is not None:
            self._con.close()
            self._con = None

    # ---- the in-memory index -----------------------------------------------------------------
    def _add(self, file: str, line: int, text: str, by: str, kind: str | None, cls: str, terms_: tuple) -> None:
        doc_id = self._next
        self._next += 1
        self._docs[doc_id] = (file, line, text, by, kind, cls, terms_)
        self._file_ids.setdefault(file, []).append(doc_id)
        self._by_cls.setdefault(cls, set()).add(doc_id)
        post = self._post
        for term in terms_:
            post[term].add(doc_id)

    def _remove_file(self, file: str) -> None:
        for doc_id in self._file_ids.pop(file, []):
            _, _, _, _, _, cls, terms_ = self._docs.pop(doc_id)
            self._by_cls[cls].discard(doc_id)
            for term in terms_:
                bucket = self._post.get(term)
                if bucket is not None:
                    bucket.discard(doc_id)
                    if not bucket:
                        del self._post[term]
        self._stamps.pop(file, None)

    def _load(self) -> None:
        con = self._connect()
        self._stamps = {r[0]: (r[1], r[2], r[3]) for r in con.execute("SELECT path, mtime_ns, size, ino FROM files")}
        shared: dict = {}  # one string object per distinct file, class, by and kind
        for file, line, text, by, kind, cls, terms_ in con.execute(
                "SELECT file, line, text, by, kind, cls, terms FROM entries ORDER BY rowid"):
            self._add(shared.setdefault(file, file), line, text, shared.setdefault(by, by),
                      shared.setdefault(kind, kind), shared.setdefault(cls, cls), tuple(terms_.split()))
        self._loaded = True

    # ---- freshness ---------------------------------------------------------------------------
    def _current(self) -> dict[str, tuple[int, int, int]]:
        """(mtime, size, inode) of every markdown file, hidden folders skipped.

        A folder's listing is re-read only when the folder's own mtime changed (a file was created,
        deleted or renamed in it); each known file is still stat'ed, so an edit in place is seen.
        """
        out: dict[str, tuple[int, int, int]] = {}
        listings = self._listings
        stat = os.stat

        def visit(path: str, prefix: str) -> None:
            try:
                mtime = stat(path).st_mtime_ns
            except OSError:
                return
            cached = listings.get(path)
            if cached is None or cached[0] != mtime:
                files, folders = [], []
                try:
                    with os.scandir(path) as items:
                        for item in items:
                            name = item.name
                            if name[0] == ".":
                                continue
                            if item.is_dir(follow_symlinks=False):
                                folders.append((item.path, prefix + name + "/"))
                            elif name.endswith(".md") and not item.is_symlink():
                                files.append((item.path, prefix + name))
                except OSError:
                    return
                cached = listings[path] = (mtime, files, folders)
            for full, rel in cached[1]:
                try:
                    st = stat(full)
                except OSError:
                    continue
                out[rel] = (st.st_mtime_ns, st.st_size, st.st_ino)
            for full, rel in cached[2]:
                visit(full, rel)

        visit(str(self.store.folder), "")
        return out

    def refresh(self) -> int:
        """Re-read the files whose mtime, size or inode changed since they were indexed."""
        if not self._loaded:
            try:
                self._load()
            except sqlite3.OperationalError:
                self._in_memory_only()  # cannot open it (read-only folder, .index not a folder, busy)
            except sqlite3.DatabaseError:
                self._reset()  # corrupt: it is derived, so start again
                try:
                    self._load()
                except sqlite3.Error:
                    self._in_memory_only()
            except OSError:
                self._in_memory_only()
        current = self._current()
        changed = sorted(rel for rel, stamp in current.items() if self._stamps.get(rel) != stamp)
        removed = [rel for rel in self._stamps if rel not in current]
        if not changed and not removed:
            return 0
        from swarmkit.memory.store import file_class, holds_entries

        rows, file_rows = [], []
        for rel in removed + changed:
            self._remove_file(rel)
        for rel in changed:
            lines = self.store.read_lines(rel) if holds_entries(rel) else None
            if lines is None:
                continue
            cls = file_class(rel)
            parse = E.parse_fields
            # _add, inlined: this loop runs once per entry when a folder is indexed the first time
            docs, post = self._docs, self._post
            ids = self._file_ids.setdefault(rel, [])
            cls_ids = self._by_cls.setdefault(cls, set())
            for number, line in enumerate(lines, 1):
                if line.lstrip()[:1] not in ("-", "*"):
                    continue
                fields = parse(line)
                if fields is None or fields[1].get("marker"):
                    continue
                text, meta = fields
                by = "agent" if meta.get("by", "").strip().lower() == "agent" else "user"
                kind = meta.get("kind") or None
                subject = meta.get("subject")
                words = terms(text if not subject else text + " " + re.sub(r"[_:.-]+", " ", subject))
                terms_ = tuple(dict.fromkeys(words))
                doc_id = self._next
                self._next += 1
                docs[doc_id] = (rel, number, text, by, kind, cls, terms_)
                ids.append(doc_id)
                cls_ids.add(doc_id)
                for term in terms_:
                    post[term].add(doc_id)
                rows.append((rel, number, text, by, kind, cls, " ".join(terms_)))
            self._stamps[rel] = current[rel]
            file_rows.append((rel, *current[rel]))
        if self._persistent:
            try:
                self._persist(removed + changed, rows, file_rows)
            except (sqlite3.OperationalError, OSError):
                pass  # another process holds the index for long: this process still answers from memory
        return len(changed) + len(removed)

    def _persist(self, files: list[str], rows: list[tuple], file_rows: list[tuple]) -> None:
        con = self._connect()
        con.execute("BEGIN IMMEDIATE")
        try:
            for rel in files:
                con.execute("DELETE FROM entries WHERE file=?", (rel,))
                con.execute("DELETE FROM files WHERE path=?", (rel,))
            con.executemany("INSERT INTO entries VALUES(?,?,?,?,?,?,?)", rows)
            con.executemany("INSERT INTO files VALUES(?,?,?,?)", file_rows)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise

    def _in_memory_only(self) -> None:
        """Answer from memory without a stored index (the next process reads the files again)."""
        self.close()
        self._persistent = False
        self._loaded = True

    def _reset(self) -> None:
        self.close()
        self._drop_files()
        self.__init__(self.store)

    def rebuild(self) -> int:
        """Drop the index and build it again from the files; returns the number of entries."""
        self._reset()
        self.refresh()
        return self.count()

    def count(self) -> int:
        return len(self._docs)

    @property
    def loaded(self) -> bool:
        return self._loaded

    def dedupe_keys(self) -> set[str]:
        return {E.dedupe_key(doc[2]) for doc in self._docs.values()}

    # ---- search ------------------------------------------------------------------------------
    def search(self, query: str, max_results: int = 5, threshold: float = 0.15, search_scope: str = "all",
               include_inbox: bool = False) -> list:
        from swarmkit.memory.store import RecallHit

        if isinstance(max_results, bool) or not isinstance(max_results, int) or max_results < 1:
            raise SwarmkitError(f"max_results must be a whole number of at least 1, not {max_results!r}",
                                "for example --max 5")
        if not 0 <= float(threshold) <= 1:
            raise SwarmkitError(f"similarity_threshold must be between 0 and 1, not {threshold!r}",
                                "for example --threshold 0.15 (the share of the query's weight matched)")
        in_scope, few = scope_predicate(self.store, search_scope, include_inbox)
        if not self.store.exists():
            return []
        qterms = list(dict.fromkeys(terms(query)))
        if not qterms:
            return []
        try:
            self.refresh()
        except sqlite3.DatabaseError:
            self._reset()
            self.refresh()
        found = self._top(qterms, max_results, float(threshold), in_scope, few)
        out = []
        for value, doc_id in found:
            file, line, text, by, kind, cls, _ = self._docs[doc_id]
            out.append(RecallHit(text, min(1.0, value), f"{file}#L{line}", file, line, by, kind, cls == "inbox"))
        return out

    def _top(self, qterms: list[str], k: int, threshold: float, in_scope, few: set | None) -> list[tuple[float, int]]:
        """The exact top k as (score, id): by score, then the most recently indexed entry first."""
        n = len(self._docs)
        post = self._post
        weights = {t: idf(n, len(post.get(t, ()))) for t in qterms}
        total = sum(weights.values())
        if total <= 0:
            return []
        empty: set[int] = set()
        if few is not None:
            allowed = set().union(*(self._by_cls.get(c, empty) for c in few))
            lists = {t: post.get(t, empty) & allowed for t in qterms}
            excluded = empty
        else:
            lists = {t: post.get(t, empty) for t in qterms}
            excluded = set().union(*(ids for cls, ids in self._by_cls.items() if ids and not in_scope(cls)))
        order = sorted((t for t in qterms if lists[t]), key=lambda t: -weights[t])
        floor = max(threshold * total, 1e-12) - 1e-9
        if len(order) <= MAX_TIER_TERMS:
            found = self._by_tiers(order, lists, weights, k, floor, excluded, self._next - 1)
        else:
            found = self._by_max_score(order, lists, weights, k, floor, excluded)
        return [(value / total, doc_id) for value, doc_id in found]

    @staticmethod
    def _by_tiers(order, lists, weights, k, floor, excluded, top_id) -> list[tuple[float, int]]:
        """Subsets of the query's terms from the heaviest down: the entries holding exactly a subset
        are its set intersection minus every entry met in a heavier subset (C-speed set algebra)."""
        subsets = []
        for mask in range(1, 1 << len(order)):
            members = [order[i] for i in range(len(order)) if mask >> i & 1]
            value = sum(weights[t] for t in members)
            if value >= floor:
                subsets.append((value, members))
        subsets.sort(key=lambda item: -item[0])
        out: list[tuple[float, int]] = []
        met: set[int] = set()
        for value, members in subsets:
            ordered = sorted((lists[t] for t in members), key=len)
            tier = ordered[0].intersection(*ordered[1:]) if len(ordered) > 1 else ordered[0]
            if met:
                tier = tier - met
            if not tier:
                continue
            picked = _newest(tier, k - len(out), excluded, top_id)
            out.extend((value, doc_id) for doc_id in picked)
            if len(out) >= k:
                break
            met = met | tier  # never in place: `tier` may be a posting list itself
        return out

    @staticmethod
    def _by_max_score(order, lists, weights, k, floor, excluded) -> list[tuple[float, int]]:
        """For long queries: rarest terms first, stopping when no entry not yet met can compete;
        an entry stops being scored as soon as the terms left cannot lift it to the current bar."""
        suffix = [0.0] * (len(order) + 1)
        for j in range(len(order) - 1, -1, -1):
            suffix[j] = suffix[j + 1] + weights[order[j]]
        heap: list[tuple[float, int]] = []  # (score, id): the weakest of the current top k first
        met: set[int] = set()
        for j, term in enumerate(order):
            bar = heap[0][0] if len(heap) >= k else floor
            if suffix[j] < bar:
                break  # an entry not met yet has none of the terms before j: it cannot compete
            later = [(lists[u], weights[u], suffix[i + 1]) for i, u in enumerate(order) if i > j]
            fresh = lists[term] - met
            met |= fresh
            fresh -= excluded
            head = weights[term]
            for doc_id in fresh:
                value = head
                for bucket, weight, rest in later:
                    if doc_id in bucket:
                        value += weight
                    elif value + rest < bar:
                        break  # even every remaining term would not reach the bar
                if value < bar:
                    continue
                item = (value, doc_id)
                if len(heap) < k:
                    heapq.heappush(heap, item)
                    if len(heap) == k:
                        bar = max(floor, heap[0][0])
                elif item > heap[0]:
                    heapq.heapreplace(heap, item)
                    bar = heap[0][0]
        return sorted(heap, reverse=True)


def _newest(ids: set[int], need: int, excluded: set[int], top_id: int) -> list[int]:
    """The `need` highest ids of the set that are not excluded, highest first."""
    if len(ids) * 64 >= top_id:  # dense: probing down from the top finds them in a few steps
        out = []
        for doc_id in range(top_id, 0, -1):
            if doc_id in ids and doc_id not in excluded:
                out.append(doc_id)
                if len(out) == need:
                    break
        return out
    return heapq.nlargest(need, ids - excluded if excluded else ids)


def scan_search(store, query: str, max_results: int = 5, threshold: float = 0.15, search_scope: str = "all",
                include_inbox: bool = False) -> list:
    """The same score over every entry, without an index: the baseline and the no-FTS5 fallback."""
    from swarmkit.memory.store import RecallHit, file_class

    in_scope, _ = scope_predicate(store, search_scope, include_inbox)
    qterms = list(dict.fromkeys(terms(query)))
    if not qterms:
        return []
    docs = []
    n = 0
    df: dict[str, int] = dict.fromkeys(qterms, 0)
    for entry in store.entries():
        if entry.meta.get("marker"):
            continue
        n += 1
        doc_terms = set(entry_terms(entry))
        for t in qterms:
            if t in doc_terms:
                df[t] += 1
        cls = file_class(entry.file)
        if in_scope(cls):
            docs.append((entry, doc_terms, cls))
    weights = {t: idf(n, df[t]) for t in qterms}
    hits = []
    for entry, doc_terms, cls in docs:
        value = score(qterms, doc_terms, weights)
        if value >= threshold and value > 0:
            hits.append((value, len(doc_terms), entry, cls))
    hits.sort(key=lambda h: (-h[0], h[1]))
    return [RecallHit(e.text, min(1.0, v), e.ref, e.file, e.line, e.by, e.kind, cls == "inbox")
            for v, _, e, cls in hits[:max_results]]
