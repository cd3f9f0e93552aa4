"""The lexical similarity: its pairs are exactly the pairs a comparison of every pair finds, and
its cost grows with the pairs that share rare words, not with n squared."""

from __future__ import annotations

import random
import time

from swarmkit.memory.recall.similarity import Lexical, negated, numbers, similarity

WORDS = (
    "deploy staging editor dark mode tea coffee morning lisbon porto team tabs spaces build nightly".split()
)


def brute(sim: Lexical, n: int, floor: float) -> set[tuple[int, int]]:
    return {(a, b) for a in range(n) for b in range(a + 1, n) if sim.score(a, b) >= floor}


def test_pairs_are_every_pair_at_or_above_the_floor():
    rng = random.Random(7)
    texts = [" ".join(rng.sample(WORDS, rng.randint(1, 6))) for _ in range(300)]
    sim = Lexical()
    sim.prepare(texts)
    for floor in (0.3, 0.6, 0.9):
        found = sim.pairs(floor)
        assert {(a, b) for a, b, _ in found} == brute(sim, len(texts), floor)
        assert [v for _, _, v in found] == sorted((v for _, _, v in found), reverse=True)


def test_the_score_weighs_rare_words_and_ignores_negations():
    sim = Lexical()
    sim.prepare(
        ["Caroline likes tea", "Caroline likes coffee", "Caroline no longer likes tea", "Caroline runs"]
    )
    assert sim.score(0, 2) == 1.0  # "no longer" is negated()'s to judge, not the score's
    assert sim.score(0, 1) < 0.5  # the rare word differs; the name in every line weighs little
    assert sim.shared(0, 1) == ["likes", "caroline"]
    assert negated("Caroline no longer likes tea") and negated("Doesn't drink") and not negated("Notes it")
    assert numbers("Ran 5 km on 3 May") == {"5", "3"}
    # phrases that hold a negation word and deny nothing
    for text in (
        "Watched it not long ago",
        "Can't wait for the trip",
        "Star Wars never gets old",
        "No doubt a fan",
    ):
        assert not negated(text), text


def test_a_large_collection_is_not_compared_pair_by_pair():
    rng = random.Random(3)
    vocabulary = [f"w{i}" for i in range(5000)]
    texts = [" ".join(rng.sample(vocabulary, 8)) for _ in range(4000)]
    sim = Lexical()
    sim.prepare(texts)
    calls = 0
    score = sim.score

    def counted(a: int, b: int) -> float:
        nonlocal calls
        calls += 1
        return score(a, b)

    sim.score = counted  # type: ignore[method-assign]
    start = time.process_time()
    sim.pairs(0.6)
    assert calls < 4000 * 20  # of 8 million pairs
    assert time.process_time() - start < 5


def test_an_unknown_similarity_says_which_there_are():
    import pytest

    from swarmkit.errors import SwarmkitError

    with pytest.raises(SwarmkitError) as info:
        similarity("semantic")
    assert str(info.value) == "unknown similarity 'semantic'"
    assert info.value.hint == "use one of: lexical"
