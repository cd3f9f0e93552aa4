"""Recall: ranked entries for a query, from an index derived from the memory files.

words.py     what is matched: words, stems, dates
scoring.py   how entries are ranked (Coverage, in [0, 1]; BM25 as the benchmark's baseline)
storage.py   the index in SQLite: files, segments of postings per term
listing.py   the stamp of every memory file, to see what changed
index.py     RecallIndex: keeps the index in step with the files, answers, checks each hit
scope.py     which files a search reads
dedupe.py    import's duplicate check through the index
diverse.py   a hit that restates a higher one is folded into it
similarity.py  how alike two texts are (by words; meaning.py: by words and meaning together)
negation.py  whether a text denies what it names, and the numbers it holds
restatement.py whether two alike texts state one fact (the same names and numbers)
progress.py  the progress bar of a long build
fusion.py    by words and meaning: the fused score, the vectors of one index
encoder.py   the embedding model's forward pass (numpy), over wordpiece.py and weights.py
endpoint.py  an OpenAI-compatible embeddings endpoint as the model (endpoint_spec.py: its address)
vectors.py   the stored vectors, per model and line digest
download.py  the default model's one-time fetch, on first need (model_cache.py: where it lives)
semantic.py  which model is in force (embedding_settings.py: the person's choice), and embed/cosine
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import TYPE_CHECKING

# One BLAS thread before anything here imports numpy, unless the person chose otherwise: a query's
# matrices are tiny, and on a busy 2-core machine a second BLAS thread made the first query 3x and
# the next 20x slower (spinning while the other core is taken). Here, where every path to numpy in
# recall starts, rather than before each import of it.
if "numpy" not in sys.modules:
    for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_name, "1")

if TYPE_CHECKING:
    from swarmkit.memory.folder.reader import MemoryReader
    from swarmkit.memory.recall.index import RecallIndex
    from swarmkit.memory.recall.scope import SCOPES, scope_predicate
    from swarmkit.memory.recall.scoring import BM25, Candidates, Coverage, Scorer, by_feedback, idf
    from swarmkit.memory.recall.words import entry_terms, stem, terms

# Loaded on first use, so that naming one step (`validate` asks semantic.py which model is in
# force) does not load the index and its SQLite storage.
_LAZY = {
    "RecallIndex": "index",
    "SCOPES": "scope",
    "scope_predicate": "scope",
    "reader_parameters": "scope",
    "BM25": "scoring",
    "FEEDBACK_DEPTH": "scoring",
    "TIE_POOL": "scoring",
    "Candidates": "scoring",
    "Coverage": "scoring",
    "Scorer": "scoring",
    "by_feedback": "scoring",
    "idf": "scoring",
    "entry_terms": "words",
    "stem": "words",
    "terms": "words",
}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(import_module(f"swarmkit.memory.recall.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BM25",
    "SCOPES",
    "Candidates",
    "Coverage",
    "RecallIndex",
    "Scorer",
    "by_feedback",
    "entry_terms",
    "idf",
    "scan_search",
    "scope_predicate",
    "stem",
    "terms",
]


class _Scan:
    """Candidates over every entry, read from the files (no index)."""

    def __init__(self, entries: list[list[str]], in_scope: list[int]):
        self.n = len(entries)
        self.top_id = len(entries)
        self._entries = entries
        self._in_scope = set(in_scope)
        self._df: dict[str, int] = {}
        for held in entries:
            for t in set(held):
                self._df[t] = self._df.get(t, 0) + 1

    def df(self, term: str) -> int:
        return self._df.get(term, 0)

    def ids(self, term: str) -> set[int]:
        return {i + 1 for i, held in enumerate(self._entries) if i + 1 in self._in_scope and term in held}

    def terms_of(self, ids) -> dict[int, list[str]]:
        return {i: self._entries[i - 1] for i in ids}

    def average_length(self) -> float:
        return sum(map(len, self._entries)) / self.n if self.n else 0.0


def scan_search(
    store: MemoryReader,
    query: str,
    max_results: int | None = None,
    threshold: float | None = None,
    search_scope: str | None = None,
    include_inbox: bool = False,
    scorer: Scorer | None = None,
    closest: bool = True,
) -> list:
    """Every entry scored one by one, without the index: the reference the index must agree with."""
    from swarmkit.memory.folder.file_class import FileClass, Kind
    from swarmkit.memory.recall.hit import RecallHit
    from swarmkit.memory.recall.scope import reader_parameters, scope_predicate
    from swarmkit.memory.recall.scoring import FEEDBACK_DEPTH, TIE_POOL, Coverage, by_feedback
    from swarmkit.memory.recall.scoring import closest as closest_of
    from swarmkit.memory.recall.words import entry_terms, query_terms

    max_results, threshold, search_scope = reader_parameters(max_results, threshold, search_scope)
    scorer = scorer or Coverage()
    in_scope = scope_predicate(store, search_scope, include_inbox)
    qterms = query_terms(query)
    if not qterms or not store.exists():
        return []
    found = [e for e in store.entries() if not e.meta.get("marker")]
    held = [entry_terms(e.text, e.meta) for e in found]
    chosen = [i + 1 for i, e in enumerate(found) if in_scope(FileClass.of(e.file))]
    source = _Scan(held, chosen)
    values = {doc_id: scorer.score(qterms, held[doc_id - 1], source) for doc_id in chosen}

    def best(floor: float) -> list:
        scored = [(value, doc_id) for doc_id, value in values.items() if value >= floor and value > 0]
        scored.sort(key=lambda item: (-round(item[0], 9), -item[1]))  # equal scores newest first
        if isinstance(scorer, Coverage):
            scored = by_feedback(
                scored[: max(max_results, FEEDBACK_DEPTH) + TIE_POOL], qterms, source, max_results
            )
        out = []
        for value, doc_id in scored[:max_results]:
            e = found[doc_id - 1]
            out.append(
                RecallHit(
                    e.text,
                    value,
                    e.ref,
                    e.file,
                    e.line,
                    e.by,
                    e.kind,
                    FileClass.of(e.file).kind is Kind.INBOX,
                    subject=e.subject,
                )
            )
        return out

    # as the index does: when nothing clears the threshold, the closest entries sharing a word
    return best(threshold) or (closest_of(best(0.0)) if threshold > 0 and closest else [])
