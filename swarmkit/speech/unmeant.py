"""Words a speaker marks as not meant: a joke or sarcasm, and a plan not decided.

"I just LOVE Mondays. Not.", "I live on the moon, just kidding", "I love meetings /s": a sentence
that a joke's or sarcasm's mark ends keeps no fact (a mark alone, the sentence before it). "Just
kidding, I live in Porto": what came before the mark was the joke, what follows is meant. "I might
move to Tokyo, or maybe not", "I'm moving to Tokyo. Not sure yet.": a clause left undecided keeps no
fact (undecided words alone, the clause before them). The marks are data (speech/data/unmeant.toml);
"no kidding", "I'm not kidding" and "believe it or not" mark nothing. A claim that is a joke with no
mark ("I am the Queen of England") is not told apart: it is read as said.
"""

from __future__ import annotations

from swarmkit.speech import rules

_PATTERNS = rules.Patterns(rules.load("unmeant"))
_JOKE_END = _PATTERNS.lazy("joke_end")
_SARCASM_START = _PATTERNS.lazy("sarcasm_start")
_TAKE_BACK = _PATTERNS.lazy("take_back")
_ONLY_OPENINGS = _PATTERNS.lazy("only_openings")
_UNDECIDED_END = _PATTERNS.lazy("undecided_end")
_UNDECIDED_ALONE = _PATTERNS.lazy("undecided_alone")
_BY_THE_SPEAKER = _PATTERNS.lazy("by_the_speaker")
_UNDECIDED_ABOUT = _PATTERNS.lazy("undecided_about")


def meant(sentences: list[str]) -> list[str]:
    """The sentences, or what is left of them, that the speaker means: without a sentence a joke's
    mark ends (a mark alone: the sentence before it too) or that opens in sarcasm, and without what a mark that takes it back
    came after ("…, just kidding, I live in Porto": the sentence's start, or the sentence before)."""
    out: list[str] = []
    for sentence in sentences:
        if _SARCASM_START.match(sentence):
            continue  # "Yeah right, I love Mondays"
        end = _JOKE_END.search(sentence)
        if end is not None:
            if out and _only_an_opening(sentence[: end.start()]):
                out.pop()  # "… Not." alone: the sentence before was the joke
            continue
        taken_backs = list(_TAKE_BACK.finditer(sentence))
        if taken_backs:
            taken_back = taken_backs[-1]  # the last one: what follows it is meant
            if out and _only_an_opening(sentence[: taken_back.start()]):
                out.pop()
            sentence = sentence[taken_back.end() :]
        out.append(sentence)
    return out


def _only_an_opening(head: str) -> bool:
    """Whether the words before a mark say nothing of their own: a label up to ":" ("Remember about
    me:") and openings ("Haha,", "Oh,")."""
    return _ONLY_OPENINGS.fullmatch(head.rpartition(":")[2]) is not None


def without_undecided_about(sentence: str) -> str:
    """The sentence without a clause undecided about another matter ("I live in Berlin; not sure
    yet if I'll stay" → "I live in Berlin"): it says no fact, and what came before it stands."""
    cut = _UNDECIDED_ABOUT.sub("", sentence)
    return sentence if cut == sentence else cut.rstrip(" ,;:—–-")


def undecided(clause: str) -> bool:
    """Whether a clause ends undecided ("I'm moving to Tokyo, or maybe not") or is only such words."""
    return _UNDECIDED_END.search(clause) is not None


def only_undecided(clause: str) -> bool:
    """Whether a clause is only words that leave what came before it undecided ("Not sure yet", "I
    have not decided")."""
    return _UNDECIDED_ALONE.match(clause) is not None


def undecided_statement(text: str) -> bool:
    """Whether `text` is a statement of its own by "I" or "we" that ends undecided ("I might move
    to Tokyo, or maybe not"), to be cut from the clause before it."""
    return _BY_THE_SPEAKER.match(text) is not None and undecided(text)
