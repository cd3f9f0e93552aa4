"""How alike two entries are, behind one small interface: lexical (stemmed words) here; by words and
meaning (meaning.py) when an embedding model is in force, through SIMILARITIES.

A similarity is built once over the texts it compares (`prepare`), so that the words every entry
shares (a name in every line) weigh little, then answers `pairs` (every pair at or above a floor,
without comparing every pair), `score` (one pair) and `shared` (the evidence a person reads).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swarmkit.memory.folder.reader import MemoryReader

import math
import re
from collections.abc import Callable, Sequence
from typing import Protocol

from swarmkit.memory.recall.negation import ENDINGS, NEGATION_TERMS, NEGATIONS, negated, numbers
from swarmkit.memory.recall.words import terms

__all__ = ["NEGATIONS", "Lexical", "Similarity", "negated", "numbers", "similarity"]
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


class Similarity(Protocol):
    """What consolidation and recall's folding need from a similarity."""

    name: str

    def prepare(self, texts: Sequence[str]) -> None:
        """Learn the collection (word weights, vectors) that later calls index into."""

    def score(self, a: int, b: int) -> float:
        """How alike texts a and b are, in [0, 1]."""

    def by_words(self, a: int, b: int) -> float:
        """How alike by the words they share alone, in [0, 1] (a contradiction is read from it)."""

    def pairs(self, floor: float) -> list[tuple[int, int, float]]:
        """Every pair (a < b) scoring at least `floor`, best first."""

    def shared(self, a: int, b: int) -> list[str]:
        """What the two have in common, for a person to read as evidence (words, or nothing)."""


class Lexical:
    """The share of two texts' stemmed words they have in common: cosine over word sets, each word
    weighted by its inverse document frequency in the collection. Candidate pairs come from an
    inverted index over each text's rarest words (`pairs`), so n texts cost about the pairs that
    share a rare word, not n squared."""

    name = "lexical"

    def __init__(self) -> None:
        self.words: list[frozenset[str]] = []
        self.weights: dict[str, float] = {}
        self.norms: list[float] = []
        self.df: dict[str, int] = {}
        self.surface: dict[str, str] = {}  # a stem → a word it came from, to show people words

    def prepare(self, texts: Sequence[str]) -> None:
        self.words = []
        for text in texts:
            # negations are left out ("gave up" too): whether one text denies the other is negated()'s to say
            self.words.append(frozenset(terms(ENDINGS.sub(" ", text.lower()))) - NEGATION_TERMS)
        df: dict[str, int] = {}
        for held in self.words:
            for word in held:
                df[word] = df.get(word, 0) + 1
        n = len(self.words)
        self.df = df
        self.weights = {word: math.log(1 + n / count) ** 2 for word, count in df.items()}
        # fsum: the same figure whatever order a set gives its words in (hash order varies by process)
        self.norms = [math.sqrt(math.fsum(self.weights[w] for w in held)) for held in self.words]
        self._texts = list(texts)

    def score(self, a: int, b: int) -> float:
        common = self.words[a] & self.words[b]
        if not common or not self.norms[a] or not self.norms[b]:
            return 0.0
        if common == self.words[a] == self.words[b]:
            return 1.0
        return min(1.0, math.fsum(self.weights[w] for w in common) / (self.norms[a] * self.norms[b]))

    def by_words(self, a: int, b: int) -> float:
        return self.score(a, b)

    def pairs(self, floor: float) -> list[tuple[int, int, float]]:
        # Prefix filtering: each text's words in one global order, rarest first. A pair scoring at
        # least `floor` shares a word within both texts' prefixes, the words before the point where
        # what is left of a text weighs under `floor` of it (the rest alone cannot reach `floor`).
        # Only prefixes are indexed, so common words pair nothing and few pairs are scored.
        postings: dict[str, list[int]] = {}
        candidates: set[tuple[int, int]] = set()
        for i, held in enumerate(self.words):
            if not self.norms[i]:
                continue
            ordered = sorted(held, key=lambda w: (self.df[w], w))
            rest = self.norms[i] ** 2
            limit = (floor * self.norms[i]) ** 2
            for word in ordered:
                if rest < limit:
                    break
                rest -= self.weights[word]
                seen = postings.setdefault(word, [])
                candidates.update((j, i) for j in seen)
                seen.append(i)
        out = []
        for a, b in candidates:
            value = self.score(a, b)
            if value >= floor:
                out.append((a, b, value))
        out.sort(key=lambda item: (-item[2], item[0], item[1]))
        return out

    def shared(self, a: int, b: int) -> list[str]:
        common = self.words[a] & self.words[b]
        return [self._surface(w, a) for w in sorted(common, key=lambda w: (-self.weights[w], w))]

    def _surface(self, stem: str, at: int) -> str:
        """A word of text `at` that gives this stem (evidence shows words, not stems)."""
        for word in _WORD.findall(self._texts[at].lower().replace("’", "'")):
            if stem in terms(word):
                return word
        return stem


def _by_words(store: MemoryReader | None = None, entries: Sequence | None = None) -> Similarity:
    """Words only: the store and entries are not needed."""
    return Lexical()


def _by_meaning(store: MemoryReader | None = None, entries: Sequence | None = None) -> Similarity:
    """Words and meaning (meaning.py; numpy is imported only here). With a store and the entries
    compared, the vectors recall stored are used and the missing ones stored; else each text is
    embedded. SwarmkitError when no model is in force (the extra is missing, or it is off)."""
    from swarmkit.memory.recall import semantic

    model = semantic.choice()
    if not isinstance(model, semantic.Model):
        from swarmkit.errors import SwarmkitError

        if model.reason is not None:
            reason, hint = model.reason, model.hint or "see docs/memory.md, Recall by meaning"
        else:
            reason, hint = (
                f"{semantic.ENV} is off",
                f"unset {semantic.ENV}, or compare by words (--similarity lexical)",
            )
        raise SwarmkitError(f"similarity by meaning needs an embedding model: {reason}", hint)
    semantic.one_blas_thread()
    from swarmkit.memory.recall.meaning import ByMeaning, embedded, stored, stored_words

    if store is not None and entries is not None:
        return ByMeaning(Lexical(), stored(store, entries, model), stored_words(store, model))
    return ByMeaning(Lexical(), embedded(model))


# name → a new similarity, given (store, entries compared) where it can use them
SIMILARITIES: dict[str, Callable[..., Similarity]] = {
    "lexical": _by_words,
    "semantic": _by_meaning,
}


def default_name() -> str:
    """ "semantic" when an embedding model is in force (SWARMKIT_EMBEDDING_MODEL is not off),
    else "lexical". Looks for files and packages only: nothing is loaded."""
    from swarmkit.memory.recall import semantic

    return "semantic" if isinstance(semantic.choice(), semantic.Model) else "lexical"


def similarity(
    name: str = "lexical", store: MemoryReader | None = None, entries: Sequence | None = None
) -> Similarity:
    """A new similarity by name (see SIMILARITIES)."""
    from swarmkit.errors import SwarmkitError

    make = SIMILARITIES.get(name)
    if make is None:
        raise SwarmkitError(f"unknown similarity {name!r}", f"use one of: {', '.join(sorted(SIMILARITIES))}")
    return make(store, entries)
