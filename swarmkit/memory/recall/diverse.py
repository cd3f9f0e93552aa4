"""Recall that does not repeat itself: after ranking, a hit that restates a higher one (the same
fact in other words, as `memory consolidate` judges it) is folded into that hit, which lists it in
`folded`, and the next hit takes its place. Ranking is left as it is: this step only removes."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from swarmkit.memory.recall.hit import RecallHit

POOL = 5  # hits read past k to fill the places folded hits leave
# Likeness from which a hit is folded: above consolidation's DUPLICATE (0.6), because a fold hides
# a hit from an agent with no one to review it (LoCoMo dev: 0.6 lost 1 of 760 answers, 0.7 none).
FOLD = 0.7


def fold(hits: list[RecallHit], k: int) -> list[RecallHit]:
    """The first k hits that restate no higher one, each with the refs folded into it."""
    from swarmkit.memory.folder.entries import text_digest
    from swarmkit.memory.recall.restatement import Names, same_fact
    from swarmkit.memory.recall.similarity import Lexical, negated

    if len(hits) < 2:
        return hits[:k]
    texts = [h.text for h in hits]
    sim = Lexical()
    sim.prepare(texts)
    names = Names(texts)
    of = [names.of(t) for t in texts]
    kept: list[int] = []
    folded: dict[int, list[str]] = {}
    for i in range(len(hits)):
        into = next(
            (
                j
                for j in kept
                if sim.score(j, i) >= FOLD
                and negated(texts[i]) == negated(texts[j])
                and same_fact(texts[i], texts[j], of[i], of[j])
            ),
            None,
        )
        if into is None:
            if len(kept) == k:
                break
            kept.append(i)
        else:
            folded.setdefault(into, []).append(f"{hits[i].file}#{text_digest(hits[i].text)}")
    return [dataclasses.replace(hits[j], folded=tuple(folded.get(j, ()))) for j in kept]


def diverse(search: Callable[[int], list[RecallHit]], k: int) -> list[RecallHit]:
    """`search(n)`'s top k with restatements folded; a second, wider search fills folded places."""
    hits = search(k)
    out = fold(hits, k)
    if len(out) == len(hits) or len(hits) < k:  # nothing folded, or nothing further ranks
        return out
    seen = {h.ref for h in hits}
    return fold(hits + [h for h in search(k + POOL) if h.ref not in seen], k)
