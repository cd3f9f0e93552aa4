"""Recall by words and meaning: the lexical score (Coverage) fused with the embedding's cosine.

    score    = w × coverage + SEMANTIC_WEIGHT × min(1, max(0, cosine) / FULL_COSINE)
    w        = LEXICAL_WEIGHT × min(1, evidence / (FULL_EVIDENCE × rare))
    evidence = Σ √idf of the query's terms found in memory (Coverage's denominator)
    rare     = √idf of a term one entry holds (the most a term can weigh in this folder)

Both parts are in [0, 1] and the weights add up to 1 at most, so the score is in [0, 1]:
similarity_threshold keeps its meaning of "how much of the query the entry answers", counted by
words and by meaning (docs/memory-folder.md). An entry sharing every weighted query word of a
question whose words say enough, and as close in meaning as a paraphrase (cosine 0.8 and more, for
all-MiniLM-L6-v2), scores 1; one sharing no word scores SEMANTIC_WEIGHT × its meaning, whatever
the question.

Why w depends on the query: coverage is a share, so a question whose only word found in memory is
one common word ("What car do I own?": "car") gives every entry holding that word the full 1.0,
evidence that says little, and fixed weights let such an entry outrank the fact found by meaning
("I drive a blue Toyota Corolla"). The words weigh fully once the question's words in memory weigh
as much as FULL_EVIDENCE words each held by a single entry: the scale is the folder's own (rare),
not a constant fitted to a benchmark. LEXICAL_WEIGHT and FULL_COSINE were chosen on the LoCoMo dev
conversations from a handful of round values (bench/bench_recall.py prints the alternatives and a
cross-validation), not fitted finely; with FULL_EVIDENCE anywhere from 1 to 3, LoCoMo dev's
recall@5 stays within 0.671 and 0.674.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from swarmkit.memory.recall.scoring import Coverage
from swarmkit.memory.recall.semantic import Model, encoder
from swarmkit.memory.recall.vectors import VectorStore, vectors_path

LEXICAL_WEIGHT = 0.4  # the words' weight when the question's words say enough (FULL_EVIDENCE)
SEMANTIC_WEIGHT = 0.6  # meaning's weight, whatever the question
FULL_COSINE = 0.8
FULL_EVIDENCE = 2.0  # the words weigh fully from the weight of two terms each held by one entry
CANDIDATES = 50  # from each side, whatever k is up to 50 (the first 5 of a 50-result search are the 5-search)
EMBED_ON_READ = 64  # entries a search embeds when their vectors are missing (~1 s); the rest wait
QUERIES_KEPT = 16  # query vectors a process keeps
# A run asks the same question again (a wider search to fold restatements, the closest entries when
# none clears the threshold; agents given the same text, each with its own index): its vector is
# computed once per model, 12 to 20 ms of CPU a question. Keyed by the model's id and the text.
_QUERIES: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
_QUERIES_LOCK = threading.Lock()
EMBED_ON_WRITE = 64  # entries a write embeds after its commit (an import's first 64; reads do the rest)


def semantic_part(cosine: float) -> float:
    return min(1.0, max(0.0, float(cosine)) / FULL_COSINE)


def words_weight(evidence: float, n: int) -> float:
    """The words' weight for a query whose terms found in memory weigh `evidence` (the sum of their
    √idf, Coverage's denominator) in a folder of n entries: LEXICAL_WEIGHT, less below full evidence."""
    full = FULL_EVIDENCE * Coverage.weight(n, 1)
    if full <= 0:
        return LEXICAL_WEIGHT
    return LEXICAL_WEIGHT * min(1.0, max(0.0, evidence) / full)


def fused(lexical: float, cosine: float, weight: float = LEXICAL_WEIGHT) -> float:
    return weight * lexical + SEMANTIC_WEIGHT * semantic_part(cosine)


@dataclass(frozen=True)
class Parts:
    """One hit's score and what it is made of (`memory search --explain`)."""

    lexical: float
    cosine: float | None  # None: the entry has no vector yet (it scores by words only)
    weight: float = LEXICAL_WEIGHT  # the words' weight for this query (words_weight)

    @property
    def score(self) -> float:
        return fused(self.lexical, self.cosine if self.cosine is not None else 0.0, self.weight)


class SemanticSide:
    """One index's vectors for one model: kept in step with the entries, lazily."""

    def __init__(self, index_dir: Path | None, model: Model):
        self.model = model
        self.encoder = encoder(model)
        path = vectors_path(index_dir, model.id) if index_dir is not None else None
        self.vectors = VectorStore(path, self.encoder.dim)
        self.missing = 0  # entries in scope without a vector after the last search (waiting)
        self._lookup: tuple | None = None

    def close(self) -> None:
        self.vectors.close()

    def embed_missing(self, entries: list[tuple[bytes, str]]) -> None:
        """Embed the entries (digest, text) that have no vector yet."""
        todo = dict(entries)
        if not todo:
            return
        keys = np.frombuffer(b"".join(todo), dtype=np.uint64)
        chosen = [d for d, at in zip(todo, self.vectors.lookup(keys), strict=True) if at < 0]
        if chosen:
            self.vectors.add(chosen, self.encoder.encode([todo[d] for d in chosen]))

    def query(self, text: str) -> np.ndarray:
        """The question's vector, read-only: one forward pass a question and model per process."""
        key = (self.model.id, text)
        with _QUERIES_LOCK:
            found = _QUERIES.get(key)
            if found is not None:
                _QUERIES.move_to_end(key)
                return found
        found = self.encoder.encode([text])[0]
        found.setflags(write=False)  # shared by every index that asks it
        with _QUERIES_LOCK:
            _QUERIES[key] = found
            while len(_QUERIES) > QUERIES_KEPT:
                _QUERIES.popitem(last=False)
        return found

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """Each key's row among the stored vectors (-1: none), remembered until the vectors change."""
        held = self._lookup
        if held is None or held[0] is not keys or held[1] != self.vectors.version:
            held = self._lookup = (keys, self.vectors.version, self.vectors.lookup(keys))
        return held[2]

    def cosines(self, keys: np.ndarray, qvec: np.ndarray) -> np.ndarray:
        """The cosine of each key's vector with the query (nan where it has none)."""
        at = self.lookup(keys)
        out = np.full(len(keys), np.nan, dtype=np.float32)
        have = at >= 0
        if have.any():  # every stored vector once, a block at a time, then picked
            out[have] = self.vectors.products(qvec)[at[have]]
        return out

    def cosine_of(self, digest: bytes, qvec: np.ndarray) -> float | None:
        at = int(self.vectors.lookup(np.frombuffer(digest, dtype=np.uint64))[0])
        return None if at < 0 else self.vectors.product(at, qvec)


def best(
    lexical: dict[int, float],
    ids: np.ndarray,
    cosines: np.ndarray,
    lexical_of: Callable[[list[int]], dict[int, float]],
    k: int,
    threshold: float,
    weight: float = LEXICAL_WEIGHT,
) -> list[tuple[float, int, Parts]]:
    """The best k (score, id, parts) over the lexical candidates and the semantic best CANDIDATES."""
    candidates = dict(lexical)
    known = ~np.isnan(cosines)
    if known.any():
        scored = np.where(known, cosines, -2.0)
        depth = min(max(k, CANDIDATES), len(scored))
        top = np.argpartition(-scored, depth - 1)[:depth] if depth < len(scored) else np.arange(len(scored))
        extra = [int(ids[i]) for i in top if known[i] and int(ids[i]) not in candidates]
        candidates.update(lexical_of(extra))
    out = []
    for doc_id, lex in candidates.items():
        at: int | None = int(np.searchsorted(ids, doc_id))  # ids ascend: no dict of every id
        if at is not None and (at >= len(ids) or ids[at] != doc_id):
            at = None
        cosine = float(cosines[at]) if at is not None and not np.isnan(cosines[at]) else None
        parts = Parts(lex, cosine, weight)
        value = parts.score
        if value >= threshold - 1e-12 and value > 0:
            out.append((value, doc_id, parts))
    out.sort(key=lambda item: (-round(item[0], 9), -item[1]))  # equal scores newest first
    return out[:k]
