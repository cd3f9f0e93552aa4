"""Whether a text denies or ends what it names, and the numbers it holds: what makes two alike
texts say other things (consolidation's findings, recall's folding, the similarities)."""

from __future__ import annotations

import re

from swarmkit.memory.recall.words import terms

# Words that turn a statement around: "Likes tea" and "No longer likes tea" share every other word.
NEGATIONS = frozenset(
    "not no never nor none nobody nothing neither cannot longer anymore stopped quit".split()
)
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
NEGATION_TERMS = frozenset(t for word in NEGATIONS for t in terms(word))
_NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


# Phrases that hold a negation word and deny nothing ("not long ago", "can't wait", "no doubt").
_NOT_DENIALS = re.compile(
    r"\b(?:not (?:long ago|only|just|yet|to mention|bad|too long ago)|no (?:doubt|matter|wonder|problem)|"
    r"never (?:gets old|mind|fails to)|(?:can't|cannot|couldn't) (?:wait|help|stop|believe|be happier)|"
    r"nothing (?:but|like))\b"
)


# Phrases that end what they name without a negation word ("gave up painting", "has gone off tea").
ENDINGS = re.compile(
    r"\b(?:(?:gave|given|giving|give|gives) up(?: on)?|(?:gone|went|going|goes) off|lost (?:all )?interest(?: in)?)\b"
)


def negated(text: str) -> bool:
    """Does the text deny or end what it names ("does not", "no longer", "never", "isn't", "gave up")?"""
    lowered = _NOT_DENIALS.sub(" ", text.lower().replace("’", "'"))
    words = _WORD.findall(lowered)
    return any(w in NEGATIONS or w.endswith("n't") for w in words) or ENDINGS.search(lowered) is not None


def numbers(text: str) -> frozenset[str]:
    """The numbers a text holds (ages, counts, dates): two texts with other numbers say other things."""
    return frozenset(_NUMBER.findall(text))
