"""Whether two alike texts may state one fact: they name the same people and things and hold the
same numbers. Recall folds a restatement into a higher hit by it (diverse.py), and consolidation
proposes a merge by it (actions/consolidate/findings.py)."""

from __future__ import annotations

import re

from swarmkit.memory.recall.similarity import NEGATIONS, numbers
from swarmkit.memory.recall.words import STOP_WORDS, stem

_NAME = re.compile(r"[A-Z][\w'’-]*")


def _before_a_verb(words: list[str]) -> bool:
    """Does a text start with a subject and its verb ("Melanie works", "Jon's dog is"): the first
    word is then a name if nothing writes it in lowercase ("Prefers tabs" starts with the verb)."""
    if len(words) < 2 or not words[1].islower():
        return words[0].endswith(("'s", "’s")) and len(words) > 1
    verb = words[1]
    return verb in ("is", "was", "has", "had", "will", "can", "and") or (
        len(verb) > 3 and verb.endswith(("s", "ed")) and not verb.endswith(("ss", "us", "is"))
    )


class Names:
    """Which capitalised words name someone or something: those the collection writes capitalised
    inside a sentence and never in lowercase ("Caroline", "Door Dash"). A text's first word is
    capitalised anyway, so "Prefers" in "Prefers tabs" is no name unless it is one elsewhere."""

    def __init__(self, texts: list[str]):
        self.lower: set[str] = set()
        inner: set[str] = set()
        for text in texts:
            words = re.findall(r"[\w'’-]+", text)
            for at, word in enumerate(words):
                if word.islower():
                    self.lower.add(word)
                elif word[:1].isupper() and (at or _before_a_verb(words)):
                    inner.add(re.sub(r"['’]s$", "", word).lower())
        self.names = inner - self.lower - STOP_WORDS - NEGATIONS - {"i", "i'm", "i’m"}

    def is_name(self, word: str) -> bool:
        """A name: written capitalised inside some sentence, or a word the collection never writes
        lowercase that no stemmer would shorten ("Gina", not "Prefers" or "Moved")."""
        base = re.sub(r"['’]s$", "", word).lower()
        if base in self.names:
            return True
        return (
            word[:1].isupper()
            and base not in self.lower
            and base not in STOP_WORDS
            and base not in NEGATIONS
            and base not in ("i", "i'm", "i’m")
            and stem(base) == base
        )

    def of(self, text: str) -> frozenset[str]:
        return frozenset(
            re.sub(r"['’]s$", "", word).lower() for word in _NAME.findall(text) if self.is_name(word)
        )


def same_fact(a: str, b: str, names_a: frozenset[str], names_b: frozenset[str]) -> bool:
    """Whether alike texts may be one fact: not when they name other people or things, or hold other numbers."""
    if not (names_a <= names_b or names_b <= names_a):
        return False
    na, nb = numbers(a), numbers(b)
    return not (na and nb and na != nb)
