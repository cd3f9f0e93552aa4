"""Recall: ranked entries for a query, from an index derived from the memory files.

Score (in [0, 1]) = the share of the query's weight that the entry contains:

    score = Σ idf(t) over query terms t found in the entry / Σ idf(t) over all query terms

Terms are the query's words after dropping stop words and a light stemming (deploys, deployed,
deploying → deploy); idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)) weighs rare words over common
ones. 1.0 means every meaningful word of the query is in the entry; 0.5 means words carrying half
the query's weight are. A threshold therefore means the same for 10 entries or 100,000. Entries
with equal scores are ordered by BM25 (shorter, denser entries first).

The index is SQLite FTS5 in `<folder>/.index/recall.sqlite3` (excluded from git), keyed by each
file's mtime, size and inode: a file changed by hand is re-read on the next recall.
"""

from __future__ import annotations

import math
import os
import re
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from swarmkit.errors import SwarmkitError
from swarmkit.memory import entries as E

SCOPES = ("user", "all", "both")
CANDIDATES = 64  # entries re-scored per query, taken from the top by BM25
SCHEMA_VERSION = "1"
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


def terms(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in STOP_WORDS]


def entry_terms(entry: E.Entry) -> list[str]:
    subject = entry.meta.get("subject") or ""
    return terms(entry.text + " " + re.sub(r"[_:.-]+", " ", subject))


def idf(n: int, df: int) -> float:
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def score(query_terms: Iterable[str], doc_terms: set[str], weights: dict[str, float]) -> float:
    total = sum(weights[t] for t in query_terms)
    if total <= 0:
        return 0.0
    return sum(weights[t] for t in query_terms if t in doc_terms) / total


def scope_tokens(cls: str) -> str:
    """FTS tokens naming a file's class, e.g. `c_workspace c_workspace_demo`."""
    if ":" in cls:
        group, name = cls.split(":", 1)
        return f"c_{group} c_{group}_{re.sub(r'[^a-z0-9]+', '_', name.lower())}"
    return f"c_{cls}"


def scope_filter(store, search_scope: str, include_inbox: bool) -> str:
    """The FTS expression (over the scope column) for a search scope."""
    if search_scope.startswith("swarm:"):
        return scope_tokens(search_scope)
    if search_scope not in SCOPES:
        raise SwarmkitError(f"unknown search scope {search_scope!r}",
                            "use user (your file), all (every file but the inbox and swarms) or both "
                            "(your file plus the shared files)")
    from swarmkit.memory.store import file_class

    user = scope_tokens(file_class(store.user_file)).split()[-1]
    if search_scope == "user":
        parts = [user]
    elif search_scope == "all":
        parts = ["c_memory", "c_me", "c_user", "c_lessons", "c_workspace", "c_other"]
    else:
        parts = ["c_memory", "c_lessons", "c_workspace", "c_other", user]
    if include_inbox:
        parts.append("c_inbox")
    return "(" + " OR ".join(parts) + ")"


def _has_fts5() -> bool:
    try:
        con = sqlite3.connect(":memory:")
        con.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        con.close()
        return True
    except sqlite3.Error:
        return False


class RecallIndex:
    """The derived recall index of one memory folder."""

    def __init__(self, store):
        self.store = store
        self.path = store.folder / ".index" / "recall.sqlite3"
        self._con: sqlite3.Connection | None = None
        self._n: int | None = None

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
                CREATE TABLE entries(id INTEGER PRIMARY KEY, file TEXT, line INTEGER, text TEXT,
                                     by TEXT, kind TEXT, cls TEXT);
                CREATE INDEX entries_file ON entries(file);
                CREATE VIRTUAL TABLE fts USING fts5(terms, scope, detail=column,
                    tokenize="unicode61 remove_diacritics 0 tokenchars '_'");
                CREATE VIRTUAL TABLE vocab USING fts5vocab(fts, 'row');
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

    # ---- freshness ---------------------------------------------------------------------------
    def _current(self) -> dict[str, tuple[int, int, int]]:
        out = {}
        folder = self.store.folder
        for rel in self.store.md_files():
            try:
                st = os.stat(folder / rel)
            except FileNotFoundError:
                continue
            out[rel] = (st.st_mtime_ns, st.st_size, st.st_ino)
        return out

    def refresh(self) -> int:
        """Re-read the files whose mtime, size or inode changed since they were indexed."""
        con = self._connect()
        current = self._current()
        known = {r[0]: (r[1], r[2], r[3]) for r in con.execute("SELECT path, mtime_ns, size, ino FROM files")}
        changed = [rel for rel, stamp in current.items() if known.get(rel) != stamp]
        removed = [rel for rel in known if rel not in current]
        if not changed and not removed:
            return 0
        from swarmkit.memory.store import file_class

        con.execute("BEGIN IMMEDIATE")
        try:
            for rel in changed + removed:
                con.execute("DELETE FROM fts WHERE rowid IN (SELECT id FROM entries WHERE file=?)", (rel,))
                con.execute("DELETE FROM entries WHERE file=?", (rel,))
                con.execute("DELETE FROM files WHERE path=?", (rel,))
            next_id = (con.execute("SELECT max(id) FROM entries").fetchone()[0] or 0) + 1
            rows, fts_rows, file_rows = [], [], []
            for rel in changed:
                stamp = current[rel]
                lines = self.store.read_lines(rel)
                if lines is None:
                    continue
                cls = file_class(rel)
                scope = scope_tokens(cls)
                for entry in E.parse_text("\n".join(lines), rel):
                    if entry.meta.get("marker"):
                        continue
                    rows.append((next_id, rel, entry.line, entry.text, entry.by, entry.kind, cls))
                    fts_rows.append((next_id, " ".join(entry_terms(entry)), scope))
                    next_id += 1
                file_rows.append((rel, *stamp))
            con.executemany("INSERT INTO entries VALUES(?,?,?,?,?,?,?)", rows)
            con.executemany("INSERT INTO fts(rowid, terms, scope) VALUES(?,?,?)", fts_rows)
            con.executemany("INSERT INTO files VALUES(?,?,?,?)", file_rows)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self._n = None
        return len(changed) + len(removed)

    def rebuild(self) -> int:
        """Drop the index and build it again from the files; returns the number of entries."""
        self.close()
        self._drop_files()
        self.refresh()
        return self.count()

    def count(self) -> int:
        if self._n is None:
            self._n = self._connect().execute("SELECT count(*) FROM entries").fetchone()[0]
        return self._n

    # ---- search ------------------------------------------------------------------------------
    def search(self, query: str, max_results: int = 5, threshold: float = 0.15, search_scope: str = "all",
               include_inbox: bool = False) -> list:
        from swarmkit.memory.store import RecallHit

        if not isinstance(max_results, int) or max_results < 1:
            raise SwarmkitError(f"max_results must be a whole number of at least 1, not {max_results!r}",
                                "for example --max 5")
        if not 0 <= float(threshold) <= 1:
            raise SwarmkitError(f"similarity_threshold must be between 0 and 1, not {threshold!r}",
                                "for example --threshold 0.15 (the share of the query's weight matched)")
        scope_expr = scope_filter(self.store, search_scope, include_inbox)
        if not self.store.exists():
            return []
        qterms = list(dict.fromkeys(terms(query)))
        if not qterms:
            return []
        if not _has_fts5():
            return scan_search(self.store, query, max_results, threshold, search_scope, include_inbox)
        try:
            self.refresh()
            rows, weights = self._candidates(qterms, scope_expr, max(CANDIDATES, max_results * 4))
        except sqlite3.DatabaseError:
            self.close()
            self._drop_files()
            self.refresh()
            rows, weights = self._candidates(qterms, scope_expr, max(CANDIDATES, max_results * 4))
        hits = []
        for rowid, doc_terms, rank in rows:
            value = score(qterms, set(doc_terms.split()), weights)
            if value >= threshold and value > 0:
                hits.append((value, rank, rowid))
        hits.sort(key=lambda h: (-h[0], h[1], h[2]))
        hits = hits[:max_results]
        if not hits:
            return []
        con = self._connect()
        ids = [h[2] for h in hits]
        found = {r[0]: r for r in con.execute(
            f"SELECT id, file, line, text, by, kind, cls FROM entries WHERE id IN ({','.join('?' * len(ids))})", ids)}
        out = []
        for value, _, rowid in hits:
            _, file, line, text, by, kind, cls = found[rowid]
            out.append(RecallHit(text, min(1.0, value), f"{file}#L{line}", file, line, by, kind, cls == "inbox"))
        return out

    def _candidates(self, qterms: list[str], scope_expr: str, limit: int):
        con = self._connect()
        n = self.count()
        dfs = dict(con.execute(
            f"SELECT term, doc FROM vocab WHERE term IN ({','.join('?' * len(qterms))})", qterms).fetchall())
        weights = {t: idf(n, dfs.get(t, 0)) for t in qterms}
        present = [t for t in qterms if dfs.get(t)]
        if not present:
            return [], weights
        match = "terms : (" + " OR ".join('"' + t.replace('"', '""') + '"' for t in present) + ") AND scope : " + scope_expr
        rows = con.execute(
            "SELECT rowid, terms, bm25(fts, 1.0, 0.0) AS r FROM fts WHERE fts MATCH ? ORDER BY r LIMIT ?",
            (match, limit)).fetchall()
        return rows, weights


def scan_search(store, query: str, max_results: int = 5, threshold: float = 0.15, search_scope: str = "all",
                include_inbox: bool = False) -> list:
    """The same score over every entry, without an index: the baseline and the no-FTS5 fallback."""
    from swarmkit.memory.store import RecallHit, file_class

    wanted = set(scope_filter(store, search_scope, include_inbox).strip("()").split(" OR "))
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
        if set(scope_tokens(cls).split()) & wanted:
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
