"""Similarity by words and meaning together: one likeness on the lexical scale (DUPLICATE, 0.6, is
one fact, as by words), from the words two texts share (similarity.Lexical), the embedding model's
cosine, and what the texts are:

- any two texts are one fact from a cosine of SAME_COSINE (0.92), as close as a reworded copy, or
  from a lexical likeness of 0.6 (or when they hold the same words);
- two short facts about no one in particular (a person's own facts, "Allergic to shellfish" / "Has
  a shellfish allergy": no name opens either as its subject, at most SHORT meaningful words each)
  are otherwise scored by one calibrated likeness (pair_score.py): the probability, from a logistic
  model fitted on the restatement sets, that they state one fact, read from the cosine, how far the
  pair stands out of its topic (its cosine over the mean cosine of each one's NEIGHBOURS nearest
  other texts, the ratio margin of bitext mining, Artetxe & Schwenk 2019), whether each is the
  other's nearest (past decoys that fill its own frame with another word), the words they share, a
  frame filled with other values ("Likes tea" / "Likes coffee", "Is allergic to bee stings" / "...
  wasp stings": one or two words each in the same places, apart in meaning, their own cosine under
  SLOT_SAME), a denial in one only, and what the plain-speech reader reads in both (one attribute
  with one value, or two). One fixed cosine cannot tell "Is afraid of heights" / "Has a fear of
  high places" (0.66, one fact, nothing else near) from "Likes jazz" / "Likes techno" (0.50) or
  "Works as a civil engineer" / "Is a software engineer" (0.49, among other jobs); these can. The
  likeness replaces the words' alone for such pairs, both ways: "Is allergic to wasp stings" / "Is
  allergic to bee stings" share 0.61 of their words and are two facts.

Why the two regimes: the cosine of two facts about one named person is carried by the name and the
topic (LoCoMo's "Caroline attended an LGBTQ+ counseling workshop" / "Caroline attended an LGBTQ
support group": 0.83, two facts), while two short facts about no one are close only when they say
one thing. SHORT was chosen on the restatement sets T1 and T2 (bench/restatement_data.py) and kept
where LoCoMo's sets A and B (bench/bench_consolidate.py) lose no merge precision; the calibrated
model's weights are fitted on the tuned sets (bench/fit_restatement_score.py, which also reports
leave-one-set-out cross-validation), and H5 is held out (docs/memory.md has the figures).

A contradiction is still read from shared words only (findings.py asks `by_words`): a denial repeats
what it denies, and closeness in meaning alone ("Is lactose intolerant" / "Cannot digest dairy") is
no contradiction. Such a pair may still be one fact when the calibrated likeness says so and they
share no word ("Is an only child" / "Has no brothers or sisters": `weighs_denial`).

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
SHORT = 6  # meaningful words (recall's terms) a short fact holds at most
SLOT_SAME = 0.8  # the least cosine of two words that fill one slot of a frame in a restatement ("kids" /
# "children" 0.88, "home" / "house" 0.8; "bee" / "wasp" 0.58, "car" / "bike" 0.56, "dog" / "cat" 0.66)
NEIGHBOURS = 4  # k: a text's crowd is the mean cosine of its k nearest other texts
FRAME_SLOTS = 2  # words in which one frame's two fillings differ at most
CROWD_FLOOR = 0.2  # the least crowd a margin divides by (a sparse folder does not make every pair stand out)
# what marks a text as what holds now, as against before: "I take the train to work now"
_NOW = re.compile(r"\b(?:now|nowadays|these days|any ?more|no longer|since then|switched|these past)\b", re.I)
ELSEWHERE_AT_MOST = (
    0.9  # one value under two attributes: at most this share of DUPLICATE, whatever the model says
)
# the least cosine of a denied word and a word of the other text that makes the denial deny it:
# "children" / "kids" 0.88, "vehicle" / "car" 0.87, "brothers" / "siblings" 0.76, "pets" / "dog" 0.70;
# "meat" / "vegetarian" 0.695 ("Eats no meat" / "Is vegetarian" is one fact), "eat" / "gluten" 0.29
DENIED_SAME = 0.7
DEED_COSINE = 0.3  # the least cosine of a role's words and what one does for a living, to be that role
# ("plumber" / "Fixes pipes and boilers for a living" 0.36, "dentist" / "Fixes people's teeth …" 0.60,
# "software engineer" / "Writes software …" 0.49; "pharmacist" / "Fixes people's teeth …" 0.13)
CANDIDATES = 3  # each short personal fact is compared with its this many nearest texts in meaning
BLOCK = 1024  # rows of the cosine matrix computed at once (BLOCK × n float32: 40 MB for n = 10,000)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# what one does said as one's work: "Fixes pipes and boilers for a living"
_DEED = re.compile(r"(?i)\b(?:for a living|for work|(?:makes?|earns?) (?:a|his|her|their|my) living)\b")
# attributes one value may fill beside another of them ("Supports Arsenal" / "Is an Arsenal fan")
_MANY_OR_TEAM = frozenset({"taste", "habit", "fan", "choice", "team"})


def _role_words(value: str) -> str:
    """A role as the words that name it: "a software engineer" → "software engineer"."""
    return re.sub(r"(?i)^(?:an?|the|my)\s+", "", value.strip()).lower()


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
        self._names: Names | None = None
        self._claims_of: dict[int, list] = {}
        self._swaps: dict[tuple[int, int], bool] = {}
        self._frames: dict[tuple[int, int], list[tuple[str, str]] | None] = {}
        self._role_names: list[str] | None = None

    def prepare(self, texts: Sequence[str]) -> None:
        from swarmkit.memory.recall.restatement import Names

        self.texts = list(texts)
        self.lexical.prepare(texts)
        self.matrix = np.asarray(self.vectors(self.texts), dtype=np.float32)
        names = self._names = Names(self.texts)
        self._claims_of = {}
        self._swaps = {}
        self._frames = {}
        self._role_names = None
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
        if self.calibrated(a, b, cosine):
            # two short personal facts: the calibrated likeness decides, above or below the words
            # alone ("Is allergic to bee stings" / "... wasp stings" share 0.61 of their words)
            likeness = self._likeness(self.probability(a, b, cosine))
            if self.two_by_rule(a, b):
                return min(likeness, DUPLICATE * ELSEWHERE_AT_MOST)
            # a role told by what one does is read as that role, as the reader reads one value
            return max(likeness, DUPLICATE) if self._deed(a, b) else likeness
        return value

    @staticmethod
    def _likeness(probability: float) -> float:
        """The calibrated probability on the lexical scale: THRESHOLD → DUPLICATE, 0 → 0, 1 → 1."""
        from swarmkit.memory.recall.pair_score import calibration

        threshold = calibration().threshold
        if probability >= threshold:
            return DUPLICATE + (probability - threshold) * (1 - DUPLICATE) / (1 - threshold)
        return probability * DUPLICATE / threshold

    def probability(self, a: int, b: int, cosine: float | None = None) -> float:
        """The calibrated probability that texts a and b state one fact (pair_score.py)."""
        from swarmkit.memory.recall.pair_score import calibration

        return calibration().probability(self.features(a, b, cosine))

    def features(self, a: int, b: int, cosine: float | None = None) -> tuple[float, ...]:
        """The pair's signals, in pair_score.FEATURES' order."""
        from swarmkit.memory.recall.negation import negated
        from swarmkit.memory.recall.pair_score import MARGIN_SCALE

        if cosine is None:
            cosine = self.cosine(a, b)
        lexical = self.lexical.score(a, b)
        swap = float(self._swapped(a, b))
        denial = float(negated(self.texts[a]) != negated(self.texts[b]))
        same, other, elsewhere = self._told(a, b)
        return (
            max(0.0, float(cosine)),
            min(1.0, self.margin(a, b, cosine) / MARGIN_SCALE),
            (float(self._nearest_kin(a) == b) + float(self._nearest_kin(b) == a)) / 2,
            lexical,
            swap,
            denial,
            denial * float(lexical > 0),
            same,
            other,
            elsewhere,
        )

    def _swapped(self, a: int, b: int) -> bool:
        """One frame filled with other words, some two apart in meaning ("Is allergic to bee stings"
        / "Is allergic to wasp stings", "Has three nephews" / "Has three grandchildren")."""
        key = (min(a, b), max(a, b))
        known = self._swaps.get(key)
        if known is None:
            slots = self._frame(a, b) or []
            known = self._swaps[key] = (
                bool(slots) and min(self._word_cosine(x, y) for x, y in slots) < SLOT_SAME
            )
        return known

    def _frame(self, a: int, b: int) -> list[tuple[str, str]] | None:
        """The words one text swaps for the other's in one frame (pair_score.frame_slots), once."""
        from swarmkit.memory.recall.pair_score import frame_slots, words_of
        from swarmkit.memory.recall.words import STOP_WORDS

        key = (min(a, b), max(a, b))
        if key not in self._frames:
            self._frames[key] = frame_slots(
                words_of(self.texts[key[0]]), words_of(self.texts[key[1]]), STOP_WORDS, FRAME_SLOTS
            )
        return self._frames[key]

    def _embed_swapped_words(self, pairs: Sequence[tuple[int, int]]) -> None:
        """The words these pairs, and each short personal fact beside its crowd, swap in one frame,
        embedded in one batch: one call per word costs about 10 ms of CPU, one batch a fraction."""
        wanted: set[tuple[int, int]] = {(a, b) for a, b in pairs if self.personal[a] and self.personal[b]}
        for a, row in enumerate(self.crowd_at.tolist()):
            if not self.personal[a]:
                continue
            wanted.update((a, c) for c in row[:CANDIDATES] if self.personal[c])  # the pairs scored
            for c in row:  # _nearest_kin's walk: past frames, to the first text in none
                wanted.add((a, c))
                if not self._frame(a, c):
                    break
        words = {w for a, b in wanted for slot in self._frame(a, b) or [] if slot[0] != slot[1] for w in slot}
        if words:
            self._words(sorted(words))

    def _nearest_kin(self, a: int) -> int:
        """Text a's nearest text in meaning that is no other filling of its own frame: "Is allergic
        to wasp stings" is nearest to "Is allergic to bee stings", a decoy that says another thing;
        past it, to "Reacts badly to being stung by wasps"."""
        for other in self.crowd_at[a].tolist():
            if not self._swapped(a, other):
                return int(other)
        return -1

    def _word_cosine(self, x: str, y: str) -> float:
        if x == y:
            return 1.0
        vectors = self._words([x, y])
        return float(vectors[0] @ vectors[1])

    def _told(self, a: int, b: int) -> tuple[float, float, float]:
        """What the plain-speech reader reads in both (speech/attributes.py): one attribute with the
        same value, one single-valued attribute with two values, one value under two attributes."""
        from swarmkit.speech import attributes

        same = other = elsewhere = 0.0
        for x in self._claims(a):
            for y in self._claims(b):
                if x.holds != y.holds or not x.words() or not y.words():
                    continue
                if x.attribute == y.attribute:
                    if attributes.same_value(x, y):
                        same = 1.0
                    elif x.holds and x.attribute not in attributes.MANY:
                        other = 1.0
                elif x.words() == y.words() and not {x.attribute, y.attribute} & _MANY_OR_TEAM:
                    elsewhere = 1.0  # "Comes from Glasgow" / "Lives in Glasgow now"
        return same, other, elsewhere

    def two_by_rule(self, a: int, b: int) -> bool:
        """Whether the pair is two facts by rule, whatever the calibrated likeness says: one value
        under two attributes, a change beside what it changes, or two times or aspects of one thing
        ("Works as a nurse" / "Worked as a nurse", "Speaks French" / "Is learning French": tense.py);
        the fit leaves such pairs out."""
        from swarmkit.memory.recall import tense

        return self.elsewhere(a, b) or self.updates(a, b) or tense.apart(self.texts[a], self.texts[b])

    def elsewhere(self, a: int, b: int) -> bool:
        """Whether the plain-speech reader reads one value under two attributes and the same value
        under none ("Grew up in Cork" / "Lives in Cork now", "Has a dog named Max" / "Has a cat named
        Max"): two facts however close their words and meaning; of every such pair in the
        restatement sets, none is a restatement."""
        same, _, elsewhere = self._told(a, b)
        return bool(elsewhere and not same)

    def updates(self, a: int, b: int) -> bool:
        """Whether one text says what holds now as against before and the other does not, and the
        reader reads no same value in both ("I drive to work." / "I take the train to work now."):
        a change, which consolidation may propose as such, never one fact said twice ("Lives in
        Lisbon now" / "Is based in Lisbon" read one place, so they may still be one)."""
        if bool(_NOW.search(self.texts[a])) == bool(_NOW.search(self.texts[b])):
            return False
        return not self._told(a, b)[0]

    def one_role(self, a: int, b: int) -> bool:
        """Whether the pair is one role, one text naming it and the other saying what one does
        (consolidation merges it though the plain-speech reader reads two values of the role)."""
        return self.calibrated(a, b) and self._deed(a, b)

    def _deed(self, a: int, b: int) -> bool:
        """A role told by what one does ("Works as a plumber" / "Fixes pipes and boilers for a
        living"): one text names a role, the other says what it does for a living, and of the roles the folder's short personal facts name, that one is the nearest in meaning
        to what the other does (not "Works as an electrician"), at a cosine of DEED_COSINE or more
        (a folder's only role is not everyone's job)."""
        for role_at, deed_at in ((a, b), (b, a)):
            roles = [c for c in self._claims(role_at) if c.attribute == "role" and c.holds]
            # the reader reads "Fixes pipes and boilers for a living" as the role "pipes and
            # boilers": what one does, no role's name
            if not roles or not _DEED.search(self.texts[deed_at]) or _DEED.search(self.texts[role_at]):
                continue
            named = self._roles()
            closeness = self._words(named) @ self.matrix[deed_at]
            best = int(np.argmax(closeness))
            if closeness[best] >= DEED_COSINE and named[best] in {_role_words(c.value) for c in roles}:
                return True
        return False

    def _deed_pairs(self) -> list[tuple[int, int]]:
        """Each short personal fact that says what one does for a living beside each that names a
        role: what _deed reads, however far apart in meaning the two are as texts."""
        deeds = [i for i, text in enumerate(self.texts) if self.personal[i] and _DEED.search(text)]
        if not deeds:
            return []
        named = [
            i
            for i, personal in enumerate(self.personal)
            if personal and i not in deeds and any(c.attribute == "role" and c.holds for c in self._claims(i))
        ]
        return sorted({(min(d, r), max(d, r)) for d in deeds for r in named if d != r})

    def _roles(self) -> list[str]:
        """The roles the short personal facts name ("plumber", "software engineer"), read once."""
        if self._role_names is None:
            found = {
                _role_words(c.value)
                for i, personal in enumerate(self.personal)
                if personal and not _DEED.search(self.texts[i])
                for c in self._claims(i)
                if c.attribute == "role" and c.holds
            }
            self._role_names = sorted(found - {""})
        return self._role_names

    def _claims(self, i: int) -> list:
        """Text i's claims as the plain-speech reader reads them, read once, vague counts left out
        ("Has a dog" and "Has a cat" both say one pet or more)."""
        claims = self._claims_of.get(i)
        if claims is None:
            from swarmkit.speech import attributes

            assert self._names is not None
            read = attributes.read(self.texts[i], self._names.in_text(self.texts[i]))[1]
            claims = self._claims_of[i] = [c for c in read if c.attribute and c.value != "1+"]
        return claims

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

    def calibrated(self, a: int, b: int, cosine: float | None = None) -> bool:
        """Whether the pair's likeness is the calibrated one (pair_score.py): two short personal
        facts, neither as close as a reworded copy (SAME_COSINE) nor holding the same words."""
        if not (self.personal[a] and self.personal[b]):
            return False
        return (self.cosine(a, b) if cosine is None else cosine) < SAME_COSINE and self.lexical.score(
            a, b
        ) < 1.0

    def weighs_denial(self, a: int, b: int) -> bool:
        """Whether the pair's score already weighs one text denying and the other not: the
        calibrated likeness does ("Is short-sighted" / "Can't see far without glasses" may be one
        fact; "Eats meat" / "Eats no meat" is not), so consolidation may merge such a pair."""
        # a denial of a word the other holds denies it ("Eats meat only at weekends" / "Eats fish
        # but no meat"): never one fact, as by words alone; one of something the other does not
        # name may say it in other words ("Is gluten intolerant" / "Can't eat gluten")
        return self.calibrated(a, b) and not self.denies_the_other(a, b)

    def denies_the_other(self, a: int, b: int) -> bool:
        """Whether one text denies a word the other holds, as it is or in a word of the same meaning
        ("Eats fish but no meat" / "Eats meat only at weekends", "Has kids" / "Has no children",
        "Has a car" / "Doesn't own a vehicle"): two facts, never one, whatever the likeness (a rule,
        not a weight)."""
        from swarmkit.memory.recall.negation import denied_words, negated
        from swarmkit.memory.recall.pair_score import words_of
        from swarmkit.memory.recall.words import terms

        texts = (self.texts[a], self.texts[b])
        for this in (0, 1):
            denied = denied_words(texts[this])
            if not denied:
                if negated(texts[this]) and self.lexical.score(a, b) > 0:
                    return True  # a denial of nothing named ("Not any more"): any shared word, as before
                continue
            held = [w for w in words_of(texts[1 - this]) if terms(w)]
            if {t for w in denied for t in terms(w)} & {t for w in held for t in terms(w)}:
                return True
            if held and float((self._words(denied) @ self._words(held).T).max()) >= DENIED_SAME:
                return True
        return False

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
        SAME_COSINE's mapping of `floor` and more, and each short personal fact beside its
        CANDIDATES nearest in meaning (a restatement need not be the other's nearest: "Is allergic
        to wasp stings" is nearest to "... bee stings")."""
        by_words = [(a, b) for a, b, _ in self.lexical.pairs(floor)]
        self._embed_swapped_words(by_words)
        found = {(a, b): self.score(a, b) for a, b in by_words}
        least = SAME_COSINE + (floor - DUPLICATE) * (1 - SAME_COSINE) / (1 - DUPLICATE)
        n = len(self.matrix)
        for start in range(0, n, BLOCK):
            block = self.matrix[start : start + BLOCK] @ self.matrix.T  # (rows, n)
            rows, cols = np.nonzero(block >= least)
            for r, b in zip(rows.tolist(), cols.tolist(), strict=True):
                a = start + r
                if a < b and (a, b) not in found:
                    found[(a, b)] = self._score(a, b, float(block[r, b]))
        for a, row in enumerate(self.crowd_at[:, :CANDIDATES].tolist()):
            for b in row:
                pair = (min(a, b), max(a, b))
                if a != b and pair not in found and self.calibrated(*pair):
                    found[pair] = self.score(*pair)
        for pair in self._deed_pairs():
            if pair not in found and self.calibrated(*pair):
                found[pair] = self.score(*pair)
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


WORDS_FILE_PREFIX = "words-"  # .index/vectors-words-<model id>.sqlite3: the single words a frame swaps


def stored_words(store: MemoryReader, model: Model) -> Callable[[Sequence[str]], np.ndarray]:
    """Vectors of single words (the words two facts in one frame swap), kept under .index/ beside
    the entries' (keyed by model and word): a word costs about 5 ms of CPU to embed, and a folder's
    frames swap the same words pass after pass, so each is embedded once."""
    from swarmkit.memory.folder.layout import INDEX_DIR
    from swarmkit.memory.recall.semantic import encoder
    from swarmkit.memory.recall.storage import line_digest
    from swarmkit.memory.recall.vectors import VectorStore, vectors_path

    def vectors(words: Sequence[str]) -> np.ndarray:
        model_encoder = encoder(model)
        keep = VectorStore(
            vectors_path(store.folder / INDEX_DIR, WORDS_FILE_PREFIX + model.id), model_encoder.dim
        )
        try:
            digests = [line_digest(word) for word in words]
            keys = np.frombuffer(b"".join(digests), dtype=np.uint64)
            at = keep.lookup(keys)
            todo = {d: w for d, w, row in zip(digests, words, at.tolist(), strict=True) if row < 0}
            if todo:
                keep.add(list(todo), model_encoder.encode(list(todo.values())))
                at = keep.lookup(keys)
            return np.asarray(keep.half()[at], dtype=np.float32)
        finally:
            keep.close()

    return vectors
