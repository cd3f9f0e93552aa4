"""The time and aspect of a short fact, read from speech/data/tense.toml: what holds now (no mark),
what held before (past: "Worked as a nurse", "Used to live in Lisbon"), a plan or a wish ("Is
moving to Lisbon", "Wants to become a teacher"), or learning ("Is learning French"). Two texts with
other marks are never one fact, however close their words or meaning (restatement.same_fact, and
meaning.ByMeaning.two_by_rule, which the fit leaves out): a fact beside its past or its plan is two
facts, or a change a person should see as such."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_LABEL = re.compile(r"^\W*[^\W_]+:\s*")  # "Noted: …", "Job: nurse"


def _phrases(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for a list of phrases: as words, any case, "*" for one word."""
    alternatives = "|".join(
        r"\s+".join(r"[^\W_]+" if w == "*" else re.escape(w).replace("'", "['’]") for w in p.split())
        for p in phrases
    )
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Data:
    marks: dict[str, re.Pattern[str]]
    subjects: frozenset[str]
    verbs: frozenset[str]
    past_forms: frozenset[str]
    states: frozenset[str]
    lasting: re.Pattern[str]
    onset: re.Pattern[str]
    not_onset: re.Pattern[str]


@cache
def _data() -> _Data:
    from swarmkit.speech import rules

    data = rules.load("tense")
    verb = data["verb"]
    return _Data(
        {name: _phrases(rules.in_order(phrases)) for name, phrases in data["marks"].items()},
        rules.words(verb["subjects"]),
        rules.words(verb["verbs"]),
        rules.words(verb["past_forms"]),
        rules.words(verb["states"]),
        _phrases(rules.in_order(verb["lasting"])),
        _phrases(rules.in_order(verb["onset"])),
        _phrases(rules.in_order(verb["not_onset"])),
    )


def _past_form(word: str) -> bool:
    """A verb's past form: listed, or a plain word in "-ed" that says no state ("married")."""
    data = _data()
    if word in data.past_forms:
        return True
    return word.isalpha() and len(word) > 3 and word.endswith("ed") and word not in data.states


def _third_person(word: str) -> bool:
    return word.isalpha() and len(word) > 3 and word.endswith("s")


def _verb_at(words: list[str]) -> int:
    """Where the verb of a note as stored, about its own person, stands: its first word ("Worked as
    a nurse", "Is left-handed"), or the one after a pronoun that opens it ("I worked as a nurse"); -1
    for a text that opens otherwise ("Married to Jordan", "Never learned how to swim", "Apparently,
    Tim went …", "Caroline attended …": a named one's story, told in the past throughout, is read by
    its words alone)."""
    data = _data()
    first = words[0].lower()
    if first in data.subjects:
        return 1 if len(words) > 1 else -1
    if first in data.verbs or _past_form(first) or _third_person(first):
        return 0
    return -1


def _past_verb(text: str) -> bool:
    """Whether the text's verb is in the past ("Worked as a nurse", "Was a nurse", "I moved to
    Porto"), but not a past form that says what holds now ("Grew up in Cork"), nor the start of what
    holds on ("Moved to Berlin in 2019", "Turned 40 this year": tense.toml's onset)."""
    data = _data()
    if data.lasting.search(text):
        return False
    words = _WORD.findall(_LABEL.sub("", text))  # "Noted: Caroline loves horses": a label, no verb
    at = _verb_at(words) if words else -1
    if at < 0:
        return False
    # a change that holds on, told by its start ("Moved to Berlin in 2019", "Turned 40"): what holds now
    rest = " ".join(words[at:])
    return _past_form(words[at].lower()) and not (data.onset.match(rest) and not data.not_onset.match(rest))


@lru_cache(maxsize=8192)  # a pass asks of each text once per pair it is in
def marks(text: str) -> frozenset[str]:
    """The text's marks of time and aspect ("past", "plan", "learning"); none for what holds now."""
    found = {name for name, pattern in _data().marks.items() if pattern.search(text)}
    if _past_verb(text):
        found.add("past")
    return frozenset(found)


def apart(a: str, b: str) -> bool:
    """Whether two texts are about other times or aspects: never one fact."""
    return marks(a) != marks(b)
