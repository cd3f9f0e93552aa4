"""A fact taken out of a longer text: "My wife is called Priya. I drive a red Skoda Octavia." without
"Drives a red Skoda Octavia" is "My wife is called Priya."

A text is cut where it can be cut cleanly, at two levels: its sentences (speech/sentences.py: at ".",
"!", "?", ";" and line breaks, never after "Dr."), and in a sentence the statements that facts.py
reads as their own after ", ", " and " or " but " ("I live in Lisbon and I drive a red Skoda" →
"I live in Lisbon"), or, in facts as kept in the third person, where both what stands before the join
and what follows read alone as facts ("Lives in Lisbon and drives a red Skoda" → "Lives in Lisbon";
"Lives with Anna and drives her to work" stays one). A piece is taken out when it reads, alone, as
one fact (a first-person statement, or a stored fact's third-person form) that the caller's `same`
says is the fact to take out; whatever else it says, in any other shape ("Sold my red Skoda last
year", "Wants to drive a Skoda", "No longer drives a red Skoda"), is never read as that fact. What is left keeps its own words, with a capital where it now starts, the "I"
that the statement after an "and" leaves unsaid put back when it now starts the sentence ("I drive a
Skoda and live in Lisbon" → "I live in Lisbon"), and the text's end mark when it lost it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from swarmkit.speech import facts, sentences

_END_MARKS = ".!?…"


@dataclass(frozen=True, slots=True)
class _Piece:
    """One piece of a text (a sentence, or a statement in one): its span, and what is put back before
    it to read it on its own ("I " after "and": "… and drive a Skoda"). What stands between two
    pieces is their separator (" ", "; ", " and ")."""

    start: int
    end: int
    implied: str = ""


def _sentences(text: str) -> list[_Piece]:
    """The sentences of `text` where they stand in it (split drops the ";" and spaces between them)."""
    out: list[_Piece] = []
    at = 0
    for sentence in sentences.split(text):
        sentence = sentence.strip()
        if not sentence:
            continue
        start = text.find(sentence, at)
        if start < 0:  # (split keeps each sentence's own characters: this never happens)
            return [_Piece(0, len(text))]
        out.append(_Piece(start, start + len(sentence)))
        at = start + len(sentence)
    return out


def _clauses(text: str, sentence: _Piece) -> list[_Piece]:
    """The statements of one sentence, each with the "I" put back before it where it is unsaid."""
    words = text[sentence.start : sentence.end]
    out: list[_Piece] = []
    start, implied = 0, ""
    for at, end, following in facts.joins(words, stored=True):
        out.append(_Piece(sentence.start + start, sentence.start + at, implied))
        start, implied = end, following
    out.append(_Piece(sentence.start + start, sentence.end, implied))
    return out


def _reads_as(words: str, same: Callable[[str], bool]) -> bool:
    """Whether `words`, read alone as one fact about the person, is the one `same` looks for."""
    fact = facts.read_statement(words) or facts.read_fact(words)
    return fact is not None and same(fact.text)


def _rejoined(text: str, pieces: list[_Piece], kept: dict[int, str], end: int) -> str:
    """The pieces kept (their words by index), each followed by the separator that stood after it in
    `text` but the last: the first, when it did not start the text, with what its statement leaves
    unsaid put back ("I ") and a capital; ending with the end mark `text[:end]` ended with."""
    numbers = sorted(kept)
    # the "I" a join leaves unsaid belongs to a sentence said in the first person; a fact kept in the
    # third person ("Drives a Skoda and started at Acme") keeps its voice ("Started at Acme")
    said_by_i = facts.in_the_speakers_voice(text[pieces[0].start : pieces[0].end])
    out = []
    for number in numbers:
        words = kept[number]
        if number == numbers[0] and number:
            words = (pieces[number].implied if said_by_i else "") + words
            words = words[:1].upper() + words[1:]
        if number != numbers[-1]:
            words += text[pieces[number].end : pieces[number + 1].start]
        out.append(words)
    left = "".join(out).strip()
    ending = text[:end].rstrip()
    mark = ending[len(ending.rstrip(_END_MARKS)) :]
    if mark and not left.endswith(tuple(_END_MARKS)):
        left = left.rstrip(",;:") + mark  # "I live in Lisbon and I drive a Skoda." keeps its "."
    return left


def without(text: str, same: Callable[[str], bool]) -> str | None:
    """`text` with every sentence or statement that reads as the fact `same` looks for taken out ("" when
    nothing is left), or None when no piece of it reads as that fact."""
    whole = _sentences(text)
    kept: dict[int, str] = {}
    for index, sentence in enumerate(whole):
        clauses = _clauses(text, sentence)
        words = {number: text[clause.start : clause.end] for number, clause in enumerate(clauses)}
        left = {
            number: said
            for number, said in words.items()
            if not _reads_as(clauses[number].implied + said, same)
        }
        if len(left) == len(clauses):
            kept[index] = text[sentence.start : sentence.end]
        elif left:
            kept[index] = _rejoined(text, clauses, left, sentence.end)
    if len(kept) == len(whole) and all(kept[i] == text[p.start : p.end] for i, p in enumerate(whole)):
        return None
    return _rejoined(text, whole, kept, len(text)) if kept else ""
