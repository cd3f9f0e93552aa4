"""One calibrated likeness for two short personal facts ("Is a pescatarian" / "Eats fish but no
meat", "Doesn't own a car" / "Has no car"): the probability that they state one fact, from a
logistic model over several signals read together, instead of one threshold on each.

The signals (FEATURES, each in [0, 1] or about it):

- cosine: the embedding model's cosine of the two texts;
- margin: that cosine over the mean cosine of each one's nearest other texts (meaning.ByMeaning's
  ratio margin, Artetxe & Schwenk 2019), over MARGIN_SCALE: how far the pair stands out of its topic;
- nearest: how many of the two have the other as their nearest text (0, 1/2 or 1);
- lexical: the share of weighted stemmed words they have in common (similarity.Lexical);
- swap: one frame filled with another word ("Doesn't own a car" / "Doesn't own a bike", "Is allergic
  to bee stings" / "... wasp stings"): the texts word for word the same but for one or two words
  each in the same places, some two of them apart in meaning (their own cosine under
  meaning.SLOT_SAME); 1 or 0;
- denial: one text denies and the other does not; denial with shared words: such a denial that
  repeats some of the other's words ("Eats meat" / "Eats no meat", two facts) rather than saying the same in other words
  ("Is short-sighted" / "Can't see far", "Is an only child" / "Has no brothers or sisters");
- same value / other value / value elsewhere, from the plain-speech reader (speech/attributes.py):
  both give one attribute the same value, one attribute two values, or one value to two attributes
  ("Comes from Glasgow" / "Lives in Glasgow now").

The weights are data (restatement_score.toml), fitted by bench/fit_restatement_score.py on every
pair within the tuned restatement sets (bench/restatement_data.py); the file says how. A pair is
one fact from the fitted THRESHOLD of probability, which maps to the lexical scale's DUPLICATE.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FEATURES = (
    "cosine",
    "margin",
    "nearest",
    "lexical",
    "swap",
    "denial",
    "denial_shared",
    "same_value",
    "other_value",
    "value_elsewhere",
)
SPAN = 2  # the most words a slot's filling spans in either text ("science fiction")
MARGIN_SCALE = 4.0  # a margin of 4 (a pair far out of its topic) reads as 1; more is clipped
WEIGHTS_FILE = Path(__file__).with_name("restatement_score.toml")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


@dataclass(frozen=True, slots=True)
class Calibration:
    """A fitted logistic model: P(one fact) = 1 / (1 + exp(-(bias + weights · features)))."""

    weights: tuple[float, ...]
    bias: float
    threshold: float

    def probability(self, features: tuple[float, ...]) -> float:
        z = self.bias + math.fsum(w * x for w, x in zip(self.weights, features, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def parse(text: str) -> Calibration:
    """The calibration a weights file holds; ValueError when its features are not FEATURES."""
    data = tomllib.loads(text)
    names = tuple(data["features"])
    if names != FEATURES:
        raise ValueError(f"restatement weights are for features {names}, not {FEATURES}")
    weights = tuple(float(data["weights"][name]) for name in FEATURES)
    return Calibration(weights, float(data["bias"]), float(data["threshold"]))


@lru_cache(maxsize=1)
def calibration() -> Calibration:
    """The packaged calibration (restatement_score.toml), read once."""
    return parse(WEIGHTS_FILE.read_text(encoding="utf-8"))


def words_of(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def frame_slots(
    left: list[str], right: list[str], stop: frozenset[str], most: int
) -> list[tuple[str, str]] | None:
    """The one-for-one word swaps that turn one text into the other when the rest is word for word
    the same, in the same places (small words may be there in one only): None when they are no
    such frame or swap more than `most` words, [] when only small words differ."""
    from difflib import SequenceMatcher

    slots: list[tuple[str, str]] = []
    shared = added = 0
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, left, right, autojunk=False).get_opcodes():
        if tag == "equal":
            shared += i2 - i1
        elif tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
            small = (left[i1] in stop) + (right[j1] in stop)
            if small == 1 and not (i1 and j1):
                # "Speaks fluent Spanish" / "Is fluent in Spanish": the verb said in one only
                return None
            if small == 1:  # "Eats fish on Fridays" / "Eats out on Fridays": another filling
                slots.append((left[i1], right[j1]))
            if not small:  # two small words ("a" / "the") leave the frame as it is
                slots.append((left[i1], right[j1]))
        elif (
            tag in ("insert", "delete")
            and i1
            and j1
            and len([w for w in left[i1:i2] + right[j1:j2] if w not in stop]) == 1
        ):
            added += 1  # one word more in one, after the opening ("Drinks green tea in the afternoon")
        elif tag == "replace" and i1 and j1 and i2 - i1 <= SPAN and j2 - j1 <= SPAN:
            # a slot filled with a phrase after the frame's opening words ("Reads science fiction"
            # / "Reads historical novels", "Plays the cello" / "Plays the violin badly"): the
            # phrases, less their small words, are the slot's two fillings. Not at the opening,
            # where the verb is said in other words ("Volunteers at" / "Helps out at")
            x = [w for w in left[i1:i2] if w not in stop]
            y = [w for w in right[j1:j2] if w not in stop]
            if not x or not y:
                return None  # a word said in one only, as above
            slots.append((" ".join(x), " ".join(y)))
        elif tag == "replace" or not set(left[i1:i2] + right[j1:j2]) <= stop:
            return None
    if added and (added > 1 or not slots or left[0] != right[0]):
        # a word more and nothing swapped is no other filling ("Uses a Kindle" / "Uses a Kindle
        # daily"), nor is one with the verb said in other words ("Drives a Toyota Corolla" / "Owns a
        # Corolla")
        return None
    if not shared or len(slots) > most:
        return None
    return slots
