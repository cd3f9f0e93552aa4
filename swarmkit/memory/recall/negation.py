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


# Words between a negation and what it denies that deny nothing themselves (adverbs ending in -ly are
# skipped too): "Doesn't really eat meat", "Is not even close", "Never ever drinks".
_HEDGES = frozenset("even ever always much quite very so too at all just yet still".split())


def denied_words(text: str) -> list[str]:
    """The words a text's denials deny: the first meaningful word after each negation ("meat" in
    "Eats no meat", "car" in "Doesn't own a car", "eat" in "Can't eat gluten"). Two texts of which
    one denies a word the other holds say opposite things ("Eats meat" / "Eats no meat"); a denial
    of something the other does not name may say the same ("Is gluten intolerant" / "Can't eat
    gluten": not eating is what the intolerance means)."""
    lowered = _NOT_DENIALS.sub(" ", text.lower().replace("’", "'"))
    lowered = ENDINGS.sub(" not ", lowered)  # "gave up painting": painting is what ends
    found: list[str] = []
    denying = False
    for word in _WORD.findall(lowered):
        if word in NEGATIONS or word.endswith("n't"):
            denying = True
            continue
        if denying:
            if word in _HEDGES or (word.endswith("ly") and len(word) > 4):
                continue  # "Doesn't really eat meat": eating is denied, not "really"
            if terms(word):
                found.append(word)
                denying = False
    return found


def denied_terms(text: str) -> frozenset[str]:
    """denied_words, as recall's terms (stemmed: "Eats no meat" denies "meat", "Gave up painting" "paint")."""
    return frozenset(t for word in denied_words(text) for t in terms(word))


def numbers(text: str) -> frozenset[str]:
    """The numbers a text holds (ages, counts, dates): two texts with other numbers say other things."""
    return frozenset(_NUMBER.findall(text))
