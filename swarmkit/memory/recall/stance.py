"""How a short fact stands toward what it names, read from speech/data/stance.toml: for it
("Loves cats"), against it ("Is allergic to cats", "Can't stand jazz"), or neither. Consolidation never proposes as one fact two
texts that stand opposite ways, or two about other times or aspects (tense.py: "Plans to move to
Oslo" / "Lives in Oslo"; restatement.same_fact)."""

from __future__ import annotations

import re
from functools import cache

from swarmkit.memory.recall.negation import negated

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_HYPHENATED = re.compile(r"[^\W_]+(?:-[^\W_]+)*")


@cache
def _data() -> tuple[frozenset[str], frozenset[str], re.Pattern[str]]:
    from swarmkit.speech import rules

    data = rules.load("stance")["words"]
    toward, against = rules.words(data["toward"]), rules.words(data["against"])

    def phrases(name: str) -> re.Pattern[str]:
        alternatives = "|".join(re.escape(p).replace("'", "['’]") for p in rules.in_order(data[name]))
        return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)

    return toward, against, phrases("against_phrases")


def leaning(text: str) -> int:
    """+1 for what the text names, -1 against it, 0 neither or both; a denial turns a leaning
    around ("Doesn't like jazz" is against), a phrase that denies to be against does not ("Can't
    stand jazz")."""
    toward, against, against_phrases = _data()
    if against_phrases.search(text):
        return -1
    words = {w.lower().replace("’", "'") for w in _WORD.findall(text)}
    lean = int(bool(words & toward)) - int(bool(words & against))
    return -lean if lean and negated(text) else lean


@cache
def _opposites() -> tuple[tuple[str, str], ...]:
    from swarmkit.speech import rules

    pairs = rules.load("stance")["words"]["opposites"]
    return tuple((x, y) for x, y in (pair.split() for pair in pairs))


def _words_and_parts(text: str) -> set[str]:
    """A text's words, lowercased, and the parts of each hyphenated one ("left-handed": left, handed)."""
    return {part for word in _HYPHENATED.findall(text.lower()) for part in (word, *word.split("-"))}


def opposite(a: str, b: str) -> bool:
    """Whether one text holds a word where the other holds its opposite ("Is left-handed" / "Is
    right-handed"), and neither holds both."""
    wa, wb = _words_and_parts(a), _words_and_parts(b)
    return any(
        (x in wa and y in wb and y not in wa and x not in wb)
        or (y in wa and x in wb and x not in wa and y not in wb)
        for x, y in _opposites()
    )


def apart(a: str, b: str) -> bool:
    """Whether two texts can never be one fact by how they stand: opposite leanings, other times or
    aspects ("Works as a nurse" / "Worked as a nurse", tense.py), or a word in one where the other
    has its opposite."""
    from swarmkit.memory.recall import tense

    return leaning(a) * leaning(b) < 0 or tense.apart(a, b) or opposite(a, b)
