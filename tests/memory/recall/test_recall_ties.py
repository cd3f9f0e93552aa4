"""Equal scores: ordered by what an entry shares with the other best hits, then newest first; the
scores themselves never change, the work is bounded, and the index and a full scan agree."""

from __future__ import annotations

import random

from swarmkit.memory.recall import TIE_POOL, Coverage, RecallIndex, by_feedback, scan_search
from swarmkit.memory.store import MemoryStore


def write(store: MemoryStore, rel: str, texts: list[str]) -> None:
    store.ensure()
    body = "\n".join(f"- {text}" for text in texts)
    (store.folder / rel).write_text(f"# Notes\n\n{body}\n")


def test_a_tie_at_the_cut_goes_to_the_entry_that_shares_words_with_the_best_hits(folder):
    store = MemoryStore(folder, "demo")
    write(
        store,
        "notes.md",
        [
            "Deploy billing to the staging cluster",  # L3: both query words
            "Deploy billing after the staging checks",  # L4: both query words
            "Deploy staging with the release pipeline",  # L5: one, and shares "staging" with L3 and L4
            "Deploy lunch menu for the offsite",  # L6: one, newer, shares nothing
        ],
    )
    hits = store.recall("deploy billing", max_results=3, similarity_threshold=0.1)
    assert [h.line for h in hits] == [4, 3, 5]  # 1.0, 1.0 (newest first), then the tie at the cut
    everything = {h.line: h.score for h in store.recall("deploy billing", 10, 0.1)}
    assert everything[5] == everything[6] < everything[3] == everything[4] == 1.0  # scores untouched
    assert [h.line for h in scan_search(store, "deploy billing", 3, 0.1)] == [4, 3, 5]


def test_a_tie_nothing_tells_apart_stays_newest_first(folder):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["Deploy on Mondays", "Deploy on Fridays", "Deploy on Sundays"])
    assert [h.line for h in store.recall("deploy", 2, 0.1)] == [5, 4]


class _Counted:
    """A Candidates over a list of entries that counts the entries whose terms it is asked for."""

    def __init__(self, entries: list[list[str]]):
        self.entries = entries
        self.n = self.top_id = len(entries)
        self.asked = 0

    def df(self, term):
        return sum(term in e for e in self.entries)

    def ids(self, term):
        return {i + 1 for i, e in enumerate(self.entries) if term in e}

    def terms_of(self, ids):
        ids = list(ids)
        self.asked += len(ids)
        return {i: self.entries[i - 1] for i in ids}

    def average_length(self):
        return 4.0


def test_ordering_a_huge_tie_reads_a_bounded_pool():
    rng = random.Random(3)
    entries = [["deploy", f"topic{rng.randrange(50)}", f"owner{rng.randrange(9)}"] for _ in range(5000)]
    source = _Counted(entries)
    found = Coverage().top(["deploy"], source, 5, 0.15)
    assert len(found) == 5 and {score for score, _ in found} == {1.0}
    assert source.asked <= 5 + TIE_POOL  # never the 5,000 entries holding the word


def test_feedback_weighs_a_term_by_the_scores_of_the_other_entries_holding_it():
    entries = [
        ["deploy", "billing", "staging"],
        ["deploy", "staging"],
        ["deploy", "lunch"],
        ["deploy", "staging"],
    ]
    source = _Counted(entries)
    found = [(1.0, 1), (0.5, 4), (0.5, 3), (0.5, 2)]  # equal scores newest first, as a search gives them
    ordered = by_feedback(found, ["deploy", "billing"], source, 3)
    # "staging" (held by 1, 2 and 4) earns entry 4 the scores of 1 and 2, and entry 2 those of 1 and 4;
    # "lunch" is held by entry 3 alone: it shares nothing, so 3 goes last although it is newer than 2
    assert ordered == [(1.0, 1), (0.5, 4), (0.5, 2)]
    assert by_feedback(found[:1], ["deploy"], source, 3) == found[:1]
    assert by_feedback([(0.9, 2), (0.5, 1)], ["deploy"], source, 1) == [(0.9, 2)]  # no tie: nothing read


def test_index_and_scan_agree_on_the_order_of_equal_scores(folder):
    rng = random.Random(11)
    store = MemoryStore(folder, "demo")
    store.ensure()
    vocabulary = [f"w{n}x" for n in range(40)]
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    for f in range(4):
        body = "\n".join(
            "- " + " ".join(rng.choices(vocabulary, weights, k=rng.randint(3, 8))) for _ in range(120)
        )
        (folder / f"notes{f}.md").write_text(f"# Notes\n\n{body}\n")
    for _ in range(25):
        query = " ".join(rng.choices(vocabulary, k=rng.choice([1, 2, 3, 12])))
        for k in (1, 5, 20):
            indexed = [(h.ref, round(h.score, 9)) for h in store.recall(query, k, 0.1)]
            scanned = [(h.ref, round(h.score, 9)) for h in scan_search(store, query, k, 0.1)]
            assert indexed == scanned, (query, k)


def test_the_order_does_not_depend_on_how_many_results_are_asked_for(folder):
    rng = random.Random(5)
    store = MemoryStore(folder, "demo")
    words = ["deploy", "billing", "staging", "cache", "owner", "lunch", "region", "backup"]
    write(store, "notes.md", [" ".join(rng.sample(words, rng.randint(2, 5))) for _ in range(300)])
    index = RecallIndex(store)  # the ranking itself (store.recall then folds restatements: diverse.py)
    for query in ("deploy billing", "cache owner region", "backup", "staging lunch deploy"):
        five = [(h.line, h.score) for h in index.search(query, 5, 0.1)]
        assert len(five) == 5
        for k in (6, 20, 50, 200):
            assert [(h.line, h.score) for h in index.search(query, k, 0.1)][:5] == five, (query, k)
            assert [(h.line, h.score) for h in scan_search(store, query, k, 0.1)][:5] == five, (query, k)


def test_the_first_five_of_fifty_are_the_five_result_search_for_many_queries(folder):
    """Fusion and paging rely on it: 200 queries over 600 entries with many equal scores (a
    Zipf-like vocabulary), at the default threshold and at none, the closest-entries fallback too."""
    rng = random.Random(11)
    vocabulary = [f"w{i}" for i in range(60)]
    weights = [1 / (i + 1) for i in range(60)]
    store = MemoryStore(folder, "demo")
    write(
        store,
        "notes.md",
        [" ".join(rng.choices(vocabulary, weights, k=rng.randint(2, 9))) for _ in range(600)],
    )
    index = RecallIndex(store)
    compared = 0
    for _ in range(200):
        query = " ".join(rng.choices(vocabulary, weights, k=rng.randint(1, 6)))
        for threshold in (0.15, 0.0):
            five = [(h.line, h.score) for h in index.search(query, 5, threshold)]
            fifty = [(h.line, h.score) for h in index.search(query, 50, threshold)]
            assert fifty[:5] == five, (query, threshold)
            compared += len(five) == 5
    assert compared > 300  # most searches had five hits to compare
