"""Scorers: how entries are ranked for a query. Every score is in [0, 1], so a threshold means
the same for ten entries or a hundred thousand.

A scorer is two methods: `top` (the best k entries of a candidate source, exactly, without
scoring every entry) and `score` (one entry's score, used to check a hit before it is served).
`Coverage` is what recall uses; `BM25` is the baseline the benchmark prints beside it. Another
scorer (embeddings, say) implements the same two methods; fusing it with Coverage (reciprocal
rank over both `top` lists) is a scorer too. `by_feedback` orders equal scores by what the best
hits share (it reads at most k + TIE_POOL entries); any scorer's `top` can end with it.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from typing import Protocol

MAX_TIER_TERMS = 10  # up to this many distinct terms, the exact search by term subsets; beyond, MaxScore
TIE_POOL = 32  # entries tied at the pool's last score beyond it: the newest this many are ordered by feedback
# The feedback pool: the best FEEDBACK_DEPTH entries and those tied with the last of them, whatever
# k is, so the first 5 of a 50-result search are the 5-result search (fusion and paging need that).
FEEDBACK_DEPTH = 5
SAME = 1e-9  # scores this close are equal (one sum added up in two orders differs in the last bits)
# When no entry clears the threshold, the closest are served: those scoring at least this share of
# the best score. A question about seven things matches each entry for about a seventh of its
# weight, under any useful threshold, yet it shares words with memory and must not come back empty.
CLOSEST_SHARE = 0.5


class Candidates(Protocol):
    """What a scorer reads: entry ids grow with indexing (a higher id is a newer entry)."""

    n: int  # entries in the folder (the population of df), whatever the scope
    top_id: int  # the newest entry's id

    def df(self, term: str) -> int: ...

    def ids(self, term: str) -> set[int]: ...  # the in-scope entries that hold the term

    def terms_of(self, ids: Iterable[int]) -> dict[int, list[str]]: ...  # entry → its terms, repeats kept

    def average_length(self) -> float: ...


class Scorer(Protocol):
    name: str

    def top(self, query: list[str], source: Candidates, k: int, threshold: float) -> list[tuple[float, int]]:
        """The best k (score, id) at or above threshold, best first (equal scores: see `by_feedback`)."""

    def score(self, query: list[str], entry: Iterable[str], source: Candidates) -> float:
        """One entry's score for the query (the same value `top` gives it)."""


def idf(n: int, df: int) -> float:
    return max(0.0, math.log(1.0 + (n - df + 0.5) / (df + 0.5)))


class Coverage:
    """The share of the query's weight that an entry holds:

        score = Σ w(t) over the query terms the entry holds / Σ w(t) over the query terms found in any entry
        w(t) = √idf(t)

    A query term found in no entry is left out of both sums: it can say nothing about which entry
    answers, so it must not push real matches under the threshold. The square root keeps rare
    words weighing more than common ones while two words the entry shares still outweigh one.
    Equal scores are ordered by `by_feedback`, then newest first.
    """

    name = "coverage"

    @staticmethod
    def weight(n: int, df: int) -> float:
        return math.sqrt(idf(n, df))

    def weights(self, query: list[str], source: Candidates) -> dict[str, float]:
        n = source.n
        return {t: self.weight(n, df) for t in query if (df := source.df(t)) > 0}

    def score(self, query: list[str], entry: Iterable[str], source: Candidates) -> float:
        weights = self.weights(query, source)
        total = sum(weights.values())
        if total <= 0:
            return 0.0
        held = set(entry)
        return min(1.0, sum(w for t, w in weights.items() if t in held) / total)

    def top(self, query: list[str], source: Candidates, k: int, threshold: float) -> list[tuple[float, int]]:
        weights = self.weights(query, source)
        total = sum(weights.values())
        if total <= 0:
            return []
        lists = {t: source.ids(t) for t in weights}
        order = sorted((t for t in weights if lists[t]), key=lambda t: -weights[t])
        floor = max(threshold * total, 1e-12) - 1e-9
        # the exact best k, the feedback pool, and the entries sharing the pool's last score
        wanted = max(k, FEEDBACK_DEPTH) + TIE_POOL
        if len(order) <= MAX_TIER_TERMS:
            found = _by_tiers(order, lists, weights, wanted, floor, source.top_id)
        else:
            found = _by_max_score(order, lists, weights, wanted, floor)
        return by_feedback([(min(1.0, value / total), doc_id) for value, doc_id in found], query, source, k)


class BM25:
    """Okapi BM25 (k1 1.2, b 0.75) over the same terms, divided by its largest possible value
    (every query term, a very short entry) to fall in [0, 1]. It scores every entry holding a
    query term, so it is the benchmark's baseline, not recall's scorer."""

    name = "bm25"

    def __init__(self, k1: float = 1.2, b: float = 0.75):
        self.k1, self.b = k1, b

    def _value(self, weights: dict[str, float], terms: list[str], average: float) -> float:
        counts: dict[str, int] = {}
        for t in terms:
            counts[t] = counts.get(t, 0) + 1
        norm = self.k1 * (1 - self.b + self.b * len(terms) / average) if average else self.k1
        return sum(w * c * (self.k1 + 1) / (c + norm) for t, w in weights.items() if (c := counts.get(t)))

    def _weights(self, query: list[str], source: Candidates) -> dict[str, float]:
        return {t: idf(source.n, df) for t in query if (df := source.df(t)) > 0}

    def score(self, query: list[str], entry: Iterable[str], source: Candidates) -> float:
        weights = self._weights(query, source)
        best = sum(weights.values()) * (self.k1 + 1)
        return self._value(weights, list(entry), source.average_length()) / best if best else 0.0

    def top(self, query: list[str], source: Candidates, k: int, threshold: float) -> list[tuple[float, int]]:
        weights = self._weights(query, source)
        best = sum(weights.values()) * (self.k1 + 1)
        if not best:
            return []
        ids = set().union(*(source.ids(t) for t in weights))
        average = source.average_length()
        scored = (
            (self._value(weights, terms, average) / best, doc_id)
            for doc_id, terms in source.terms_of(ids).items()
        )
        return heapq.nlargest(k, ((v, i) for v, i in scored if v >= threshold and v > 0))


def by_feedback(
    found: list[tuple[float, int]], query: list[str], source: Candidates, k: int
) -> list[tuple[float, int]]:
    """The best k of `found` ((score, id), best first, equal scores newest first, at least
    FEEDBACK_DEPTH + TIE_POOL of them when there are), with equal scores ordered by what each entry
    shares with the others of the pool.

    The pool is the best FEEDBACK_DEPTH entries and the entries tied with the last of them (at most
    FEEDBACK_DEPTH + TIE_POOL, so the work is bounded): the best evidence of what the query is about
    (pseudo-relevance feedback). It does not depend on k, so neither does the order: the first k of
    a longer search are the k-result search. Each term of an entry that is not a query term earns the
    scores of the other pool entries that hold it, weighted √idf within the pool (a term all of them
    hold weighs next to nothing). Scores are untouched: this only decides between entries the score
    cannot tell apart, before recency does; entries past the pool stay newest first.
    """
    if len(found) < 2:
        return found[:k]
    head = found[: FEEDBACK_DEPTH + TIE_POOL]
    bar = head[min(FEEDBACK_DEPTH, len(head)) - 1][0] - SAME
    pool = [item for item in head if item[0] >= bar]
    rest = found[len(pool) :]
    groups, group, last = [], 0, None  # equal scores share a group number
    for value, _ in pool:
        if last is not None and last - value > SAME:
            group += 1
        groups.append(group)
        last = value
    if group == len(pool) - 1:
        return found[:k]  # no two scores equal in the pool: nothing to decide
    asked = set(query)
    held = source.terms_of(doc_id for _, doc_id in pool)
    others = {doc_id: set(held.get(doc_id, ())) - asked for _, doc_id in pool}
    count: dict[str, int] = {}
    mass: dict[str, float] = {}
    for value, doc_id in pool:
        for t in others[doc_id]:
            count[t] = count.get(t, 0) + 1
            mass[t] = mass.get(t, 0.0) + value
    n = len(pool)
    weight = {
        t: math.sqrt(idf(n, c)) for t, c in count.items() if c > 1
    }  # a term only one holds shares nothing
    shared = {
        doc_id: round(sum((mass[t] - value) * weight[t] for t in others[doc_id] if t in weight), 9)
        for value, doc_id in pool
    }
    ranked = sorted(
        zip(groups, pool, strict=True), key=lambda item: (item[0], -shared[item[1][1]], -item[1][1])
    )
    return ([item for _, item in ranked] + rest)[:k]


def _by_tiers(order, lists, weights, k, floor, top_id) -> list[tuple[float, int]]:
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
    start = 0
    while start < len(subsets) and len(out) < k:
        end = (
            start + 1
        )  # subsets of equal weight (two terms with the same df) are one tier: newest first across them
        while end < len(subsets) and subsets[start][0] - subsets[end][0] <= SAME:
            end += 1
        tiers = []
        for value, members in subsets[start:end]:
            ordered = sorted((lists[t] for t in members), key=len)
            tier = ordered[0].intersection(*ordered[1:]) if len(ordered) > 1 else ordered[0]
            if met:
                tier = tier - met
            if tier:
                tiers.append((value, tier))
        start = end
        if not tiers:
            continue
        union = tiers[0][1] if len(tiers) == 1 else set().union(*(tier for _, tier in tiers))
        for doc_id in _newest(union, k - len(out), top_id):
            out.append((next(value for value, tier in tiers if doc_id in tier), doc_id))
        met = met | union  # never in place: `union` may be a posting set itself
    return out


def _by_max_score(order, lists, weights, k, floor) -> list[tuple[float, int]]:
    """For long queries: heaviest terms first, stopping when no entry not yet met can compete.
    Of the entries a term meets first, only those holding one of the next few terms can reach
    the bar (found with C-speed set algebra); each of those is scored, and dropped as soon as the
    terms left cannot lift it to the bar."""
    suffix = [0.0] * (len(order) + 1)
    for j in range(len(order) - 1, -1, -1):
        suffix[j] = suffix[j + 1] + weights[order[j]]
    heap: list[tuple[float, int]] = []  # (score, id): the weakest of the current top k first
    met: set[int] = set()
    for j, term in enumerate(order):
        bar = heap[0][0] if len(heap) >= k else floor
        if suffix[j] < bar:
            break  # an entry not met yet has none of the terms before j: it cannot compete
        fresh = lists[term] - met
        met |= fresh
        head = weights[term]
        need = bar - head
        if need > 0:  # an entry without any of the next p terms stays under the bar
            p = 0
            while suffix[j + 1 + p] >= need:
                p += 1
            fresh = set().union(*(fresh.intersection(lists[u]) for u in order[j + 1 : j + 1 + p]))
        later = [(lists[u], weights[u], suffix[i + 1]) for i, u in enumerate(order) if i > j]
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


def _newest(ids: set[int], need: int, top_id: int) -> list[int]:
    """The `need` highest ids of the set, highest first."""
    if len(ids) * 64 >= top_id:  # dense: probing down from the top finds them in a few steps
        out = []
        for doc_id in range(top_id, 0, -1):
            if doc_id in ids:
                out.append(doc_id)
                if len(out) == need:
                    break
        return out
    return heapq.nlargest(need, ids)


def closest(hits: list) -> list:
    """The hits (best first, none clearing the threshold) close to the best: the fallback answer."""
    if not hits:
        return hits
    bar = hits[0].score * CLOSEST_SHARE - SAME
    return [hit for hit in hits if hit.score >= bar]
