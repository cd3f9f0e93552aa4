"""Similarity by words and meaning together: one likeness on the lexical scale (DUPLICATE, 0.6, is
one fact, as by words), calibrated from the words two texts share (similarity.Lexical), the
embedding model's cosine, and what the texts are:

- any two texts are one fact from a cosine of SAME_COSINE (0.92), as close as a reworded copy, or
  from a lexical likeness of 0.6;
- two short facts about no one in particular (a person's own facts, "Allergic to shellfish" / "Has
  a shellfish allergy": no name opens either as its subject, at most SHORT meaningful words each)
  are one fact from WORDS × lexical + cosine = SAME_SHORT, when each is the other's nearest entry
  in meaning (a restatement is; "Is allergic to dust" is nearest to one of the two peanut allergies,
  and they to each other) and they do not differ in one word each whose meanings are apart (the
  slot of one frame: "Likes tea" / "Likes coffee", "Has a dog named Max" / "Has a cat named Max":
  the two words' own cosine under SLOT_COSINE).

Why the two regimes: the cosine of two facts about one named person is carried by the name and the
topic (LoCoMo's "Caroline attended an LGBTQ+ counseling workshop" / "Caroline attended an LGBTQ
support group": 0.83, two facts), while two short facts about no one are close only when they say
one thing. WORDS, SAME_SHORT, SHORT and SLOT_COSINE were chosen on the restatement sets T1 and T2
(bench/restatement_data.py) and kept where LoCoMo's sets A and B (bench/bench_consolidate.py) lose
no merge precision; set H and sets C, D and E were held out (docs/memory.md has the figures).

A contradiction is still read from shared words only (findings.py asks `by_words`): a denial repeats
what it denies, and closeness in meaning alone ("Is lactose intolerant" / "Cannot digest dairy") is
no contradiction.

Vectors come from `vectors(texts)`: consolidate() passes one that reads the vectors recall stored
under .index/ (keyed by model and line digest) and embeds only the entries without one, storing
them, so no entry is embedded twice. The slot check embeds the few single words it compares.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from swarmkit.memory.folder import entries as E
    from swarmkit.memory.folder.reader import MemoryReader
    from swarmkit.memory.recall.semantic import Model

DUPLICATE = 0.6  # findings.DUPLICATE: the likeness from which two entries are one fact
SAME_COSINE = 0.92  # the cosine from which any two texts are one fact
WORDS = 0.2  # a short personal fact's lexical likeness, beside the cosine
SAME_SHORT = 0.72  # WORDS × lexical + cosine from which two short personal facts are one
SHORT = 6  # meaningful words (recall's terms) a short fact holds at most
SLOT_COSINE = 0.7  # the least cosine of two words that fill one slot of a frame in a restatement
SLOT_CHECKED = 0.86  # whole texts this close are one fact whatever one word each says ("Grows
# tomatoes on the balcony" / "Has tomato plants on the balcony": 0.89, grows / plants 0.3)
BLOCK = 1024  # rows of the cosine matrix computed at once (BLOCK × n float32: 40 MB for n = 10,000)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def meaning(cosine: float) -> float:
    """Any two texts' cosine on the lexical scale: SAME_COSINE → DUPLICATE, 1 → 1."""
    c = max(0.0, min(1.0, float(cosine)))
    if c >= SAME_COSINE:
        return DUPLICATE + (c - SAME_COSINE) * (1 - DUPLICATE) / (1 - SAME_COSINE)
    return c * DUPLICATE / SAME_COSINE


def short_fact(lexical: float, cosine: float) -> float:
    """Two short personal facts' likeness: SAME_SHORT → DUPLICATE, every word shared at cosine 1 → 1."""
    joint = WORDS * lexical + max(0.0, min(1.0, float(cosine)))
    return max(0.0, min(1.0, DUPLICATE + (joint - SAME_SHORT) * (1 - DUPLICATE) / (1 + WORDS - SAME_SHORT)))


class ByWords(Protocol):
    """What ByMeaning reads of the lexical similarity (similarity.Lexical; named here, not imported:
    similarity.py imports this module)."""

    words: list[frozenset[str]]

    def prepare(self, texts: Sequence[str]) -> None: ...
    def score(self, a: int, b: int) -> float: ...
    def pairs(self, floor: float) -> list[tuple[int, int, float]]: ...
    def shared(self, a: int, b: int) -> list[str]: ...


class ByMeaning:
    """Words and meaning: the lexical likeness (similarity.Lexical, given: similarity.py builds
    this one), the cosine, and for short personal facts the calibrated rule above."""

    name = "semantic"

    def __init__(
        self,
        lexical: ByWords,
        vectors: Callable[[Sequence[str]], np.ndarray],
        words: Callable[[Sequence[str]], np.ndarray] | None = None,
    ):
        self.vectors = vectors
        self.word_vectors = words or vectors
        self.lexical = lexical
        self.matrix = np.zeros((0, 0), dtype=np.float32)
        self.texts: list[str] = []
        self.personal: list[bool] = []
        self.nearest = np.zeros(0, dtype=np.int64)
        self._word_cache: dict[str, np.ndarray] = {}

    def prepare(self, texts: Sequence[str]) -> None:
        from swarmkit.memory.recall.restatement import Names

        self.texts = list(texts)
        self.lexical.prepare(texts)
        self.matrix = np.asarray(self.vectors(self.texts), dtype=np.float32)
        names = Names(self.texts)
        self.personal = [
            names.actor(text) not in names.named and len(held) <= SHORT
            for text, held in zip(self.texts, self.lexical.words, strict=True)
        ]
        self.nearest = np.full(len(self.texts), -1, dtype=np.int64)
        for start in range(0, len(self.texts), BLOCK):
            block = self.matrix[start : start + BLOCK] @ self.matrix.T
            block[np.arange(len(block)), np.arange(start, start + len(block))] = -2.0  # not itself
            self.nearest[start : start + len(block)] = block.argmax(axis=1) if len(self.texts) > 1 else -1

    def cosine(self, a: int, b: int) -> float:
        return float(self.matrix[a] @ self.matrix[b])

    def score(self, a: int, b: int) -> float:
        return self._score(a, b, self.cosine(a, b))

    def _score(self, a: int, b: int, cosine: float) -> float:
        lexical = self.lexical.score(a, b)
        value = max(lexical, meaning(cosine))
        if value < DUPLICATE and self._short_pair(a, b):
            candidate = short_fact(lexical, cosine)
            if candidate >= DUPLICATE and (cosine >= SLOT_CHECKED or not self._slot_apart(a, b)):
                value = candidate
        return value

    def _short_pair(self, a: int, b: int) -> bool:
        """Two short personal facts, each the other's nearest in meaning."""
        return self.personal[a] and self.personal[b] and self.nearest[a] == b and self.nearest[b] == a

    def _slot_apart(self, a: int, b: int) -> bool:
        """One frame, one word each in its slot, and the two words apart in meaning ("Likes tea" /
        "Likes coffee"): two facts, however close the whole texts are."""
        wa, wb = self.lexical.words[a], self.lexical.words[b]
        if not (wa & wb) or len(wa - wb) != 1 or len(wb - wa) != 1:
            return False
        left, right = self._surface(a, wa - wb), self._surface(b, wb - wa)
        if left is None or right is None:
            return False
        vectors = self._words([left, right])
        return float(vectors[0] @ vectors[1]) < SLOT_COSINE

    def _surface(self, at: int, stems: frozenset[str]) -> str | None:
        """The word of text `at` that gives its one stem not in the other text."""
        from swarmkit.memory.recall.words import terms

        (stem,) = stems
        for word in _WORD.findall(self.texts[at].lower().replace("’", "'")):
            if stem in terms(word):
                return word
        return None

    def _words(self, words: list[str]) -> np.ndarray:
        todo = [w for w in words if w not in self._word_cache]
        if todo:
            for word, vector in zip(todo, np.asarray(self.word_vectors(todo), dtype=np.float32), strict=True):
                self._word_cache[word] = vector
        return np.array([self._word_cache[w] for w in words])

    def by_words(self, a: int, b: int) -> float:
        """The lexical part alone (a contradiction is read from shared words)."""
        return self.lexical.score(a, b)

    def pairs(self, floor: float) -> list[tuple[int, int, float]]:
        """Every pair scoring at least `floor`: those the lexical index finds, those at
        SAME_COSINE's mapping of `floor` and more, and the mutual nearest short personal facts."""
        found = {(a, b): self.score(a, b) for a, b, _ in self.lexical.pairs(floor)}
        least = SAME_COSINE + (floor - DUPLICATE) * (1 - SAME_COSINE) / (1 - DUPLICATE)
        n = len(self.matrix)
        for start in range(0, n, BLOCK):
            block = self.matrix[start : start + BLOCK] @ self.matrix.T  # (rows, n)
            rows, cols = np.nonzero(block >= least)
            for r, b in zip(rows.tolist(), cols.tolist(), strict=True):
                a = start + r
                if a < b and (a, b) not in found:
                    found[(a, b)] = self._score(a, b, float(block[r, b]))
        for a, b in enumerate(self.nearest.tolist()):
            if 0 <= a < b and (a, b) not in found and self._short_pair(a, b):
                found[(a, b)] = self.score(a, b)
        out = [(a, b, value) for (a, b), value in found.items() if value >= floor]
        out.sort(key=lambda item: (-item[2], item[0], item[1]))
        return out

    def shared(self, a: int, b: int) -> list[str]:
        words = self.lexical.shared(a, b)
        if self.score(a, b) > self.lexical.score(a, b):
            return [f"close in meaning (cosine {self.cosine(a, b):.2f})"] + words
        return words


def embedded(model: Model) -> Callable[[Sequence[str]], np.ndarray]:
    """Vectors of any texts, each embedded now (no folder to keep them in)."""
    from swarmkit.memory.recall.semantic import encoder

    return lambda texts: encoder(model).encode(list(texts))


def stored(
    store: MemoryReader, entries: Sequence[E.Entry], model: Model
) -> Callable[[Sequence[str]], np.ndarray]:
    """Vectors of these entries' texts (in this order), from the vectors recall keeps under .index/
    (keyed by model and line digest): only entries without one are embedded, and theirs are stored,
    so neither recall nor the next pass embeds them again. An entry whose line is not where it was
    read is embedded from its text and not stored."""
    from swarmkit.memory.folder.layout import INDEX_DIR
    from swarmkit.memory.recall.semantic import encoder
    from swarmkit.memory.recall.storage import line_digest
    from swarmkit.memory.recall.vectors import VectorStore, vectors_path

    def vectors(texts: Sequence[str]) -> np.ndarray:
        if len(texts) != len(entries):
            raise ValueError("stored vectors are for the entries they were made for")
        model_encoder = encoder(model)
        files: dict[str, list[str]] = {}
        digests: list[bytes | None] = []
        for entry in entries:
            lines = files.get(entry.file)
            if lines is None:
                lines = files[entry.file] = store.read_lines(entry.file) or []
            line = lines[entry.line - 1] if 0 < entry.line <= len(lines) else None
            digests.append(line_digest(line) if line is not None and entry.text in line else None)
        keep = VectorStore(vectors_path(store.folder / INDEX_DIR, model.id), model_encoder.dim)
        try:
            keyed = [i for i, d in enumerate(digests) if d is not None]
            keys = np.frombuffer(b"".join(digests[i] for i in keyed), dtype=np.uint64)  # type: ignore[misc]
            at = keep.lookup(keys)
            todo: dict[bytes, str] = {}
            for i, row in zip(keyed, at.tolist(), strict=True):
                if row < 0:
                    todo.setdefault(digests[i], texts[i])  # type: ignore[arg-type]
            if todo:
                keep.add(list(todo), model_encoder.encode(list(todo.values())))
                at = keep.lookup(keys)
            out = np.zeros((len(texts), model_encoder.dim), dtype=np.float32)
            if keyed:
                out[keyed] = keep.half()[at]  # float16 rows widen into the float32 array
            loose = [i for i, d in enumerate(digests) if d is None]
            if loose:
                out[loose] = model_encoder.encode([texts[i] for i in loose])
            return out
        finally:
            keep.close()

    return vectors
