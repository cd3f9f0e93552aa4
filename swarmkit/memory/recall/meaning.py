"""Similarity by meaning (the semantic extra): the lexical likeness, or the embedding model's cosine
where that says more, so a paraphrase that shares few words ("Ana is grateful for Ben's support" /
"Ana appreciates Ben's support and thanks him for it": 0.33 by words, cosine 0.92) is one fact.

    score = max(lexical, meaning(cosine))

meaning() maps a cosine of SAME_COSINE to DUPLICATE (0.6) and 1 to 1, linearly, and lower cosines
to proportionally less: a pair counts as a duplicate by meaning from SAME_COSINE, as it does by words
from 0.6. SAME_COSINE was chosen on the benchmark's set A (bench/bench_consolidate.py) among 0.86
to 0.95, for precision first: all-MiniLM-L6-v2 gives two different facts about one person 0.85 and
more ("has a dog named Max" / "has a cat named Max" 0.89), and paraphrases 0.5 to 0.95 ("Is afraid
of flying" / "Has a fear of planes" 0.79: not found by meaning either). Set A, planted
duplicates found / merge precision: 0.95: 0.977 / 0.954, 0.92: 0.983 / 0.942, 0.90: 0.990 / 0.919,
0.88: 0.990 / 0.868 (by words alone 0.973 / 0.954).

Vectors come from `vectors(texts)`: consolidate() passes one that reads the vectors recall stored
under .index/ (keyed by model and line digest) and embeds only the entries without one, storing
them, so no entry is embedded twice. Imported only when the extra and a model are in force.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from swarmkit.memory.folder import entries as E
    from swarmkit.memory.folder.core import MemoryCore
    from swarmkit.memory.recall.semantic import Model

DUPLICATE = 0.6  # findings.DUPLICATE: the lexical likeness from which two entries are one fact
SAME_COSINE = 0.92  # the cosine that counts as DUPLICATE
BLOCK = 1024  # rows of the cosine matrix computed at once (BLOCK × n float32: 40 MB for n = 10,000)


def meaning(cosine: float) -> float:
    """A cosine as a likeness on the lexical scale: SAME_COSINE → DUPLICATE, 1 → 1."""
    c = max(0.0, min(1.0, float(cosine)))
    if c >= SAME_COSINE:
        return DUPLICATE + (c - SAME_COSINE) * (1 - DUPLICATE) / (1 - SAME_COSINE)
    return c * DUPLICATE / SAME_COSINE


def cosine_floor(floor: float) -> float:
    """The cosine from which meaning() reaches `floor` (the inverse of meaning)."""
    if floor >= DUPLICATE:
        return SAME_COSINE + (floor - DUPLICATE) * (1 - SAME_COSINE) / (1 - DUPLICATE)
    return floor * SAME_COSINE / DUPLICATE


class ByWords(Protocol):
    """What ByMeaning reads of the lexical similarity (similarity.Lexical; named here, not imported:
    similarity.py imports this module)."""

    def prepare(self, texts: Sequence[str]) -> None: ...
    def score(self, a: int, b: int) -> float: ...
    def pairs(self, floor: float) -> list[tuple[int, int, float]]: ...
    def shared(self, a: int, b: int) -> list[str]: ...


class ByMeaning:
    """Words and meaning: the lexical likeness (similarity.Lexical, given: similarity.py builds
    this one), raised to the cosine's where that is higher."""

    name = "semantic"

    def __init__(self, lexical: ByWords, vectors: Callable[[Sequence[str]], np.ndarray]):
        self.vectors = vectors
        self.lexical = lexical
        self.matrix = np.zeros((0, 0), dtype=np.float32)

    def prepare(self, texts: Sequence[str]) -> None:
        self.lexical.prepare(texts)
        self.matrix = np.asarray(self.vectors(list(texts)), dtype=np.float32)

    def cosine(self, a: int, b: int) -> float:
        return float(self.matrix[a] @ self.matrix[b])

    def score(self, a: int, b: int) -> float:
        return max(self.lexical.score(a, b), meaning(self.cosine(a, b)))

    def pairs(self, floor: float) -> list[tuple[int, int, float]]:
        found = {(a, b): value for a, b, value in self.lexical.pairs(floor)}
        least = cosine_floor(floor)
        n = len(self.matrix)
        for start in range(0, n, BLOCK):
            block = self.matrix[start : start + BLOCK] @ self.matrix.T  # (rows, n)
            rows, cols = np.nonzero(block >= least)
            for r, b in zip(rows.tolist(), cols.tolist(), strict=True):
                a = start + r
                if a < b:
                    value = meaning(float(block[r, b]))
                    if value >= floor and value > found.get((a, b), 0.0):
                        found[(a, b)] = value
        out = [(a, b, value) for (a, b), value in found.items()]
        out.sort(key=lambda item: (-item[2], item[0], item[1]))
        return out

    def shared(self, a: int, b: int) -> list[str]:
        words = self.lexical.shared(a, b)
        if meaning(self.cosine(a, b)) > self.lexical.score(a, b):
            return [f"close in meaning (cosine {self.cosine(a, b):.2f})"] + words
        return words


def embedded(model: Model) -> Callable[[Sequence[str]], np.ndarray]:
    """Vectors of any texts, each embedded now (no folder to keep them in)."""
    from swarmkit.memory.recall.semantic import encoder

    return lambda texts: encoder(model).encode(list(texts))


def stored(
    store: MemoryCore, entries: Sequence[E.Entry], model: Model
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
