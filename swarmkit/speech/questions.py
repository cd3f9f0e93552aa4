"""Questions asked by their purpose: "What do I do for a living?" asks about one's work, "How old am
I?" one's age, "Who is my partner?", "Where am I from?". The ways of asking and the subjects of the
facts that answer are data (speech/data/questions.toml); recall looks for those subjects' words in
place of the words that asked by purpose (memory/recall/words.py: query_terms).

A question asked in none of the known ways can still give its purpose away by a word ("Where do I
live now?", "Which country did I grow up in?"): `cued` reads it by the purposes' cues, and recall
then looks for the subjects' words as well as the question's own.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from swarmkit.speech import rules

_PURPOSES = rules.load("questions")["purpose"]
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
# The speaker, as who a question asks about ("Where do I live?", "Tell me where I grew up", "Any pets
# in my life?"); but "How old is my daughter?" asks of her (speech/data/questions.toml: people).
_SPEAKER = frozenset({"i", "me", "my", "i'm", "i’m", "i've", "i’ve", "i'd", "i’d", "i'll", "i’ll", "myself"})
_PEOPLE = rules.words(rules.load("questions")["people"])
# Each person's word → the words of its group ("kids" → son, daughter, children …).
_KIN: dict[str, frozenset[str]] = {}
for _line in rules.load("questions")["kin"]:
    for _word in rules.words(_line):
        _KIN[_word] = rules.words(_line)
_BEFORE_PEOPLE = rules.words(rules.load("questions")["before_people"])
_PLURAL = rules.words(rules.load("questions")["first_person_plural"])
_OURS = rules.words(rules.load("questions")["possessive"])
_FIRST_PERSON = _SPEAKER | _PLURAL


@dataclass(frozen=True, slots=True)
class Purpose:
    name: str  # "work", "age", "partner", "origin"
    subjects: tuple[str, ...]  # the subjects of the facts that answer ("user.role", …)
    rest: str  # the question without the words that asked by purpose


def purpose(question: str) -> Purpose | None:
    """What `question` asks about by its purpose, or None when it asks in words of the fact."""
    for row in _PURPOSES:
        for asks in row["asks"]:
            found = rules.compiled(asks, re.I).search(question)
            if found is not None:
                rest = (question[: found.start()] + " " + question[found.end() :]).strip()
                return Purpose(row["name"], tuple(row["subjects"]), rest)
    return None


@functools.cache
def _cues() -> tuple[tuple[int, frozenset[str], dict], ...]:
    """Every purpose's cues, most words first (then in the file's order): (words in it, its words, row)."""
    found = [
        (len(words), words, row)
        for row in _PURPOSES
        for words in (frozenset(cue.split()) for cue in row.get("cues", ()))
    ]
    return tuple(sorted(found, key=lambda cue: -cue[0]))  # sorted() is stable: the file's order on ties


def cued(question: str) -> Purpose | None:
    """What a question about the speaker gives away as its purpose by a cue word ("Where do I live
    now?": home), when it asks in none of the known ways; None when it names no cue, or asks about
    someone else. Its `rest` is the whole question: its own words still count."""
    words = _WORD.findall(question.lower())
    held = frozenset(words)
    if _SPEAKER.isdisjoint(held):
        return None
    # "my daughter", "my boss": someone else the question may be about (then only that cue counts)
    after_my = (word for before, word in zip(words, words[1:], strict=False) if before == "my")
    others = frozenset(after_my) & _PEOPLE
    for _, cue, row in _cues():
        if cue <= held and (not others or not cue.isdisjoint(others)):
            return Purpose(row["name"], tuple(row["subjects"]), question)
    return None


def _person(word: str) -> str:
    """A word as a person's, without its possessive ("wife's" → "wife")."""
    return word.removesuffix("'s").removesuffix("’s")


# Who a fact may be about besides the speaker: the people a question names, and those the writer
# keeps facts of (speech/data/facts.toml: relatives, "My kid is five" is user.kid.*).
_KEPT_PEOPLE = _PEOPLE | rules.words(rules.load("facts")["words"]["relatives"])


def a_person(word: str) -> bool:
    """Whether `word` names one of the speaker's people ("wife", "sister", "kids", "flatmate")."""
    return _person(word) in _KEPT_PEOPLE


def kin(a: str, b: str) -> bool:
    """Whether two words name the same person or group ("kids" and "son", "partner" and "wife")."""
    return a == b or b in _KIN.get(a, ())


def asked_of(question: str) -> frozenset[str] | None:
    """Whom a question asks about: None when it speaks of no one in the first person ("Is penicillin
    safe?") or of the speaker and their people at once ("What do I and my wife eat?"), no one (the
    empty set) when it asks of the speaker ("Am I allergic to anything?"), or the speaker's people it
    names after "my" or "our" ("Is my wife allergic to anything?": wife)."""
    words = _WORD.findall(question.lower())
    if _FIRST_PERSON.isdisjoint(words):
        return None
    named = set()
    for at, word in enumerate(words):
        if word in _OURS:
            for later in words[at + 1 : at + 3]:  # "my wife", "my older sister"
                if a_person(later):
                    named.add(_person(later))
                    break
                if later not in _BEFORE_PEOPLE:
                    break
    if named and not _SPEAKER.isdisjoint(set(words) - _OURS):
        return None  # "what do I drive, and where does my friend live?" asks of both
    return frozenset(named)
