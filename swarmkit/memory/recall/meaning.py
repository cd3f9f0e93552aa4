"""Similarity by words and meaning together: one likeness on the lexical scale (DUPLICATE, 0.6, is
one fact, as by words), calibrated from the words two texts share (similarity.Lexical), the
embedding model's cosine, and what the texts are:

- any two texts are one fact from a cosine of SAME_COSINE (0.92), as close as a reworded copy, or
  from a lexical likeness of 0.6;
- two short facts about no one in particular (a person's own facts, "Allergic to shellfish" / "Has
  a shellfish allergy": no name opens either as its subject, at most SHORT meaningful words each)
  that are each the other's nearest entry in meaning (a restatement is; "Is allergic to dust" is
  nearest to one of the two peanut allergies, and they to each other) are one fact from WORDS ×
  lexical + cosine = SAME_SHORT, or from SAME_APART when the pair stands out of its topic: its
  cosine is at least MARGIN times the mean cosine of each one's NEIGHBOURS nearest other entries
  (the ratio margin of bitext mining, Artetxe & Schwenk 2019). One fixed cosine cannot tell "Is
  afraid of heights" / "Has a fear of high places" (0.66, one fact, nothing else near) from "Likes
  jazz" / "Likes techno" (0.50) or "Works as a civil engineer" / "Is a software engineer" (0.49,
  among other jobs); how far a pair stands above its neighbours can;
- never when they fill one frame with other values (one or two words each in the same places,
  some two of them apart in meaning: "Likes tea" / "Likes coffee", "Has a dog" / "Has a cat",
  "Drinks coffee in the morning" / "Drinks tea in the evening": the words' own cosine under
  SLOT_COSINE), unless the whole texts' cosine reaches SLOT_CHECKED.

Why the two regimes: the cosine of two facts about one named person is carried by the name and the
topic (LoCoMo's "Caroline attended an LGBTQ+ counseling workshop" / "Caroline attended an LGBTQ
support group": 0.83, two facts), while two short facts about no one are close only when they say
one thing. WORDS, SAME_SHORT, SHORT and SLOT_COSINE were chosen on the restatement sets T1 and T2
(bench/restatement_data.py) and kept where LoCoMo's sets A and B (bench/bench_consolidate.py) lose
no merge precision; NEIGHBOURS, MARGIN, SAME_APART, CROWD_FLOOR and the frame of two slots on T1-T4,
H and H3. H2 is held out (docs/memory.md has the figures).

A contradiction is still read from shared words only (findings.py asks `by_words`): a denial repeats
what it denies, and closeness in meaning alone ("Is lactose intolerant" / "Cannot digest dairy") is
no contradiction.

Vectors come from `vectors(texts)`: consolidate() passes one that reads the vectors recall stored
under .index/ (keyed by model and line digest) and embeds only the entries without one, storing
them, so no entry is embedded twice. The frame check embeds the few single words it compares.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from swarmkit.memory.folder import entries as E
    from swarmkit.memory.folder.reader import MemoryReader
    from swarmkit.memory.recall.restatement import Names
    from swarmkit.memory.recall.semantic import Model

DUPLICATE = 0.6  # findings.DUPLICATE: the likeness from which two entries are one fact
SAME_COSINE = 0.92  # the cosine from which any two texts are one fact
WORDS = 0.2  # a short personal fact's lexical likeness, beside the cosine
SAME_SHORT = 0.72  # WORDS × lexical + cosine from which two short personal facts are one
SHORT = 6  # meaningful words (recall's terms) a short fact holds at most
SLOT_COSINE = 0.7  # the least cosine of two words that fill one slot of a frame in a restatement
NEIGHBOURS = 4  # k: a text's crowd is the mean cosine of its k nearest other texts
MARGIN = 2.5  # cosine / crowd from which a pair stands out of its topic (Artetxe & Schwenk's ratio margin)
SAME_APART = 0.55  # WORDS × lexical + cosine from which two short facts that stand out are one
FRAME_SLOTS = 2  # words in which one frame's two fillings differ at most
CROWD_FLOOR = 0.2  # the least crowd a margin divides by (a sparse folder does not make every pair stand out)
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


def _named(names: Names, text: str) -> bool:
    """Is the text a named one's fact: its subject is a name written inside some sentence, or an
    opening subject no stemmer shortens ("Tim works as a nurse": Tim; "Uses contacts instead of
    glasses" opens with a verb, "Usually falls asleep" with an adverb)."""
    from swarmkit.memory.recall.words import stem

    actor = names.actor(text)
    return actor in names.named or (bool(actor) and stem(actor) == actor)


def short_fact(lexical: float, cosine: float, same: float = SAME_SHORT) -> float:
    """Two short personal facts' likeness: `same` (SAME_SHORT, or SAME_APART for a pair that stands
    out of its topic) → DUPLICATE, every word shared at cosine 1 → 1."""
    joint = WORDS * lexical + max(0.0, min(1.0, float(cosine)))
    return max(0.0, min(1.0, DUPLICATE + (joint - same) * (1 - DUPLICATE) / (1 + WORDS - same)))


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
        # each text's NEIGHBOURS + 1 nearest others and their cosines, nearest first (its crowd)
        self.crowd_at = np.zeros((0, 0), dtype=np.int64)
        self.crowd_cosine = np.zeros((0, 0), dtype=np.float32)
        self._word_cache: dict[str, np.ndarray] = {}

    def prepare(self, texts: Sequence[str]) -> None:
        from swarmkit.memory.recall.restatement import Names

        self.texts = list(texts)
        self.lexical.prepare(texts)
        self.matrix = np.asarray(self.vectors(self.texts), dtype=np.float32)
        names = Names(self.texts)
        self.personal = [
            not _named(names, text) and len(held) <= SHORT
            for text, held in zip(self.texts, self.lexical.words, strict=True)
        ]
        n = len(self.texts)
        self.nearest = np.full(n, -1, dtype=np.int64)
        # one more than k: the other text of a pair is left out of its crowd
        width = min(NEIGHBOURS + 1, n - 1)
        self.crowd_at = np.zeros((n, max(width, 0)), dtype=np.int64)
        self.crowd_cosine = np.zeros((n, max(width, 0)), dtype=np.float32)
        for start in range(0, n, BLOCK):
            block = self.matrix[start : start + BLOCK] @ self.matrix.T
            block[np.arange(len(block)), np.arange(start, start + len(block))] = -2.0  # not itself
            if width <= 0:
                continue
            top = np.argpartition(-block, width - 1, axis=1)[:, :width]
            cosines = np.take_along_axis(block, top, axis=1)
            order = np.argsort(-cosines, axis=1, kind="stable")
            self.crowd_at[start : start + len(block)] = np.take_along_axis(top, order, axis=1)
            self.crowd_cosine[start : start + len(block)] = np.take_along_axis(cosines, order, axis=1)
            self.nearest[start : start + len(block)] = self.crowd_at[start : start + len(block), 0]

    def cosine(self, a: int, b: int) -> float:
        return float(self.matrix[a] @ self.matrix[b])

    def score(self, a: int, b: int) -> float:
        return self._score(a, b, self.cosine(a, b))

    def _score(self, a: int, b: int, cosine: float) -> float:
        lexical = self.lexical.score(a, b)
        value = max(lexical, meaning(cosine))
        if value < DUPLICATE and self._short_pair(a, b):
            same = SAME_APART if self.margin(a, b, cosine) >= MARGIN else SAME_SHORT
            candidate = short_fact(lexical, cosine, same)
            if candidate >= DUPLICATE and (cosine >= SLOT_CHECKED or not self._frame_apart(a, b)):
                value = candidate
        return value

    def margin(self, a: int, b: int, cosine: float | None = None) -> float:
        """How far the pair stands out of its topic: their cosine over the mean cosine of each one's
        NEIGHBOURS nearest other texts (the other of the two left out), the ratio margin of bitext
        mining (Artetxe & Schwenk 2019). Two texts alone in a crowded topic ("Is allergic to
        peanuts" among other allergies) need a higher cosine to be one fact than two in a sparse one."""
        if cosine is None:
            cosine = self.cosine(a, b)
        crowds = (self._crowd(a, b), self._crowd(b, a))
        if crowds[0] is None or crowds[1] is None:
            return 0.0  # fewer than NEIGHBOURS other texts: no crowd to stand out of
        return float(cosine) / max(CROWD_FLOOR, (crowds[0] + crowds[1]) / 2)

    def _crowd(self, a: int, other: int) -> float | None:
        """The mean cosine of text a's NEIGHBOURS nearest other texts, `other` left out."""
        row, cosines = self.crowd_at[a], self.crowd_cosine[a]
        kept = cosines[row != other][:NEIGHBOURS]
        return float(kept.mean()) if len(kept) == NEIGHBOURS else None

    def _short_pair(self, a: int, b: int) -> bool:
        """Two short personal facts, each the other's nearest in meaning."""
        return self.personal[a] and self.personal[b] and self.nearest[a] == b and self.nearest[b] == a

    def _frame_apart(self, a: int, b: int) -> bool:
        """One frame filled with other values: the texts word for word the same but for one or two
        words each, in the same places (small words such as "is" or "a" may be there in one only),
        and some such two words apart in meaning ("Likes tea" / "Likes coffee", "Has a dog" / "Has
        a cat", "Is allergic to cats" / "Allergic to dust", "Drinks coffee in the morning" /
        "Drinks tea in the evening"): two facts, however close the whole texts are. Words said in
        another order or in more words ("Wears glasses for reading" / "Needs reading glasses",
        "Collects vinyl records" / "Has a big record collection") are no frame."""
        from difflib import SequenceMatcher

        from swarmkit.memory.recall.words import STOP_WORDS

        left = _WORD.findall(self.texts[a].lower().replace("’", "'"))
        right = _WORD.findall(self.texts[b].lower().replace("’", "'"))
        slots: list[tuple[str, str]] = []
        shared = 0
        for tag, i1, i2, j1, j2 in SequenceMatcher(None, left, right, autojunk=False).get_opcodes():
            if tag == "equal":
                shared += i2 - i1
            elif tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
                slots.append((left[i1], right[j1]))
            elif tag == "replace" or not set(left[i1:i2] + right[j1:j2]) <= STOP_WORDS:
                return False
        if not slots or not shared or len(slots) > FRAME_SLOTS:
            return False
        vectors = self._words([word for slot in slots for word in slot])
        return any(float(vectors[2 * i] @ vectors[2 * i + 1]) < SLOT_COSINE for i in range(len(slots)))

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
