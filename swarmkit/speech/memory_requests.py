"""What a person asks of memory itself, in plain words: what it knows ("What do you know about me?",
"What have you saved about my work?"), to forget ("Please forget that I drive a red Skoda", "delete
what you know about my car"), or a correction ("that's wrong, I live in Porto").

Only the person's own words count: a quotation and someone else's words (speech/reported.py) are
taken out before anything is read, and a request is an imperative or a question that opens its
sentence, so "I forgot my keys", "don't forget the meeting" and 'my note says "forget that …"' ask
nothing. The phrasings are data (speech/data/memory_requests.toml); what is done with a request (the
entries it means, forgetting one) is memory's, not this module's: it only reads.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from swarmkit.speech import prefilter, reported, rules, sentences

MAX_SENTENCE = 1000  # characters: a longer "sentence" is a pasted text, not a request to memory
_MACRO = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_QUOTATION = re.compile(r'"[^"\n]*"|“[^“”\n]*”')


@dataclass(frozen=True, slots=True)
class MemoryRequest:
    """One request: `asks` is "recall", "forget" or "correct". For a recall, `about` is its topic said
    back to the person ("your work"), "" for everything about them; for a forget, what the person
    means in their own words ("my car", "I drive a red Skoda"), and `ref` the entry when they named
    one; for a correction, `statement` is the right value as they said it ("I live in Porto")."""

    asks: str
    about: str = ""
    ref: str | None = None
    statement: str = ""
    said: str = ""


def _data() -> dict:
    return rules.load("memory_requests")


def _alternatives(words: list[str]) -> str:
    """A word list as a regular expression's alternatives, longest first (then in alphabetical order,
    so that the pattern's text is the same in every process: speech/prefilter.py keeps its necessary
    words by it), a space as any spacing."""
    ordered = sorted(set(words), key=lambda word: (-len(word), word))
    return "|".join(re.escape(word).replace(r"\ ", r"\s+") for word in ordered)


@functools.cache
def pattern(name: str) -> re.Pattern:
    """The data file's pattern `name`, its {NAME}s expanded, compiled case-insensitively."""
    return re.compile(_source(name), re.IGNORECASE)


def _match(name: str, sentence: str) -> re.Match[str] | None:
    """The pattern `name` matched at the sentence's start; a sentence without any of the pattern's
    necessary words (speech/prefilter.py) does not match, and the pattern is not compiled for it."""
    if not prefilter.could(_source(name), re.IGNORECASE, sentence):
        return None
    return pattern(name).match(sentence)


@functools.cache
def _source(name: str) -> str:
    data = _data()

    def expand(key: str, depth: int = 0) -> str:
        if depth > 20:
            raise ValueError(f"memory_requests.toml: {key} expands into itself")
        if key in data["words"]:
            return _alternatives(data["words"][key])
        value = data["patterns"][key]
        text = "".join(value) if isinstance(value, list) else value
        return _MACRO.sub(lambda m: expand(m.group(1), depth + 1), text)

    return expand(name)


@functools.cache
def words(name: str) -> frozenset[str]:
    return frozenset(word.lower() for word in _data()["words"][name])


def said_back(text: str) -> str:
    """The person's words as said back to them: "my work" → "your work", "I live" → "you live"."""
    swap = _data()["said_back"]

    def one(match: re.Match) -> str:
        word = match.group(0)
        back = swap.get(word.lower(), word)
        return back[:1].upper() + back[1:] if word[:1].isupper() and word.lower() != "i" else back

    return re.sub(r"[\w’']+", one, text)


def own_words(text: str) -> list[str]:
    """The sentences of `text` that are the person's own: quotations blanked (a request quoted is
    someone's words, or an example), someone else's reported words cut off."""
    unquoted = _QUOTATION.sub(" … ", str(text))
    out = []
    for sentence in sentences.split(unquoted):
        if len(sentence) > MAX_SENTENCE:
            continue
        own = reported.own_part(sentence).strip()
        if own:
            out.append(own)
    return out


def read(text: str) -> list[MemoryRequest]:
    """Every request to memory in a message, in order."""
    found: list[MemoryRequest] = []
    said = own_words(text)
    for number, sentence in enumerate(said):
        # only the next sentence, never a copy of all the rest: that copy per sentence made a long
        # message of short sentences quadratic (200 KB of ". " took seconds)
        following = said[number + 1] if number + 1 < len(said) else None
        request = _recall(sentence) or _forget(sentence) or _correction(sentence, following)
        if request is not None:
            found.append(request)
    return found


def first(text: str, asks: str) -> MemoryRequest | None:
    """The first request of the kind `asks` in a message, or None."""
    return next((request for request in read(text) if request.asks == asks), None)


def stated(text: str) -> str:
    """What a message states, for reading facts from it: its sentences without those that ask
    memory what it knows or to forget ("forget that I drive a Skoda" states no fact to keep), a
    correction as its right value ("that's wrong, I live in Porto" → "I live in Porto"). A message
    that asks nothing of memory is returned as it is."""
    if not read(text):
        return text
    kept = []
    for sentence in sentences.split(str(text)):
        asked = read(sentence)
        if not asked:
            kept.append(sentence)
        elif asked[0].asks == "correct":
            kept.append(asked[0].statement)
    return "\n".join(kept)


def _recall(sentence: str) -> MemoryRequest | None:
    for name, personal_only in (
        ("recall_memory", False),
        ("recall_in_memory", False),
        ("recall_anything", False),
        ("recall_facts_about", True),
        ("recall_knowing", True),
    ):
        match = _match(name, sentence)
        if match is None:
            continue
        topic = _trimmed(match.group("topic") or "")
        if topic.lower() in words("everything"):
            return MemoryRequest("recall", "", said=sentence)
        personal = re.match(r"(?i)(?:my|our)\s+\S", topic) is not None
        if personal_only and not personal:
            return None  # "what do you know about Python?" asks about Python, not memory
        return MemoryRequest("recall", said_back(topic), said=sentence)
    return None


def _forget(sentence: str) -> MemoryRequest | None:
    match = _match("forget_ref", sentence)
    if match is not None:
        return MemoryRequest("forget", match.group("ref"), ref=match.group("ref"), said=sentence)
    for name in ("forget_kept", "forget_statement", "forget_own", "forget_question", "remove_from_memory"):
        match = _match(name, sentence)
        if match is None:
            continue
        target = _trimmed(match.group("target"))
        if target and re.search(r"\w", target) and target.lower() not in ("it", "that", "this", "them"):
            return MemoryRequest("forget", target, said=sentence)
    return None


def _correction(sentence: str, following: str | None) -> MemoryRequest | None:
    """A correction ("that's wrong, I live in Porto"); its right value may be the sentence
    `following` it ("That's wrong. I live in Porto.")."""
    match = _match("correction", sentence)
    if match is None:
        return None
    statement = (match.group("statement") or "").strip()
    if not statement.strip(" .!") and following:  # "That's wrong. I live in Porto."
        statement = following
    from swarmkit.speech.facts import extract

    if not statement or not extract(statement):
        return None  # "No, thanks", "That's wrong, try again": no value to put right
    return MemoryRequest("correct", statement=statement, said=sentence)


def _trimmed(target: str) -> str:
    """A target without what follows it: a new clause after a comma ("my car, I sold it"), a
    courtesy or a time at its end ("please", "any more"), its closing punctuation."""
    target = target.strip()
    clause = re.search(rf"(?i),\s+(?:{_alternatives(list(words('clause_starts')))})\b", target)
    if clause is not None:
        target = target[: clause.start()]
    tails = pattern_of_tails()
    while True:
        cut = tails.sub("", target.rstrip(" ,;:.?!"))
        if cut == target:
            break
        target = cut
    return target.strip()


@functools.cache
def pattern_of_tails() -> re.Pattern:
    return re.compile(rf"(?i)[\s,]+(?:{_alternatives(list(words('target_tails')))})\s*[.!?]*$")


@functools.cache
def _topics() -> dict[str, frozenset[str]]:
    covers = rules.load("memory_topics")["covers"]
    return {topic: frozenset(word.lower() for word in words) for topic, words in covers.items()}


def related(word: str) -> frozenset[str]:
    """The words a topic word covers ("car" → drive, vehicle, …), itself included; a word that is no
    topic covers only itself."""
    lowered = word.lower()
    return _topics().get(lowered, frozenset()) | {lowered}
