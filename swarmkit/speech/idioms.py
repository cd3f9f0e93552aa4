"""Fixed expressions that start like a fact but tell none: "I kid you not", "like it or not", "I hear you".

Read word by word, "I kid you not" is a kid, "like it or not" a liking, "I hear you" something heard;
they are none. A clause that is only such a phrase keeps no fact (`alone`); a clause that starts with
one is a clause of its own, so the value before it ends there ("I'm a teacher, not joking": `starts`);
a hedge or an avowal said before a statement only introduces it ("I guess I like jazz", "I must
admit I love karaoke": `after_opener`). The phrases are data (speech/data/idioms.toml), written as
said: "i'm" reads "I'm", "I’m" and "I am".
"""

from __future__ import annotations

import functools
import re

from swarmkit.speech import rules

_WORDS = rules.load("idioms")["words"]


def _said(phrase: str) -> str:
    """A phrase as a pattern: any run of spaces between its words, either apostrophe, "I am" for "I'm"."""
    words = [re.escape(word).replace("'", "['’]") for word in phrase.split()]
    words = ["i(?:['’]m|\\s+am)" if word == "i['’]m" else word for word in words]
    return r"\s+".join(words)


def _any(phrases: tuple[str, ...]) -> str:
    # the longest first, so that "i see what you mean" is read whole before "i see"
    return "|".join(_said(phrase) for phrase in sorted(phrases, key=len, reverse=True))


_OPENERS = rules.in_order(_WORDS["openers"])
_SMALL = rules.words(_WORDS["title_small_words"])
_PHRASES = rules.in_order(_WORDS["alone"]) + _OPENERS
_SOFT = r"(?:[\s,]+(?:" + "|".join(rules.in_order(_WORDS["softeners"])) + r"))*"
_SPEAKERS = "|".join(_said(word) for word in rules.in_order(_WORDS["speakers"]))
_TOKEN = re.compile(r"[a-z']+")
_I_AM = re.compile(r"\bi\s+am\b")


def _tokens(text: str) -> list[str]:
    """Words as the phrases are written: lower case, one apostrophe, "I am" as "i'm"."""
    return _TOKEN.findall(_I_AM.sub("i'm", text.lower().replace("’", "'")))


# A quick check before the patterns: every phrase's first three words (all of a shorter one).
# Compiling the patterns costs about 25 ms, which every run would pay at start (the writer reads each
# clause); a clause that opens with none of these never needs them ("I live in Lisbon" is not "I live
# and learn").
_OPENINGS = frozenset(tuple(_tokens(phrase)[:3]) for phrase in _PHRASES)


def _could_open(words: list[str]) -> bool:
    """Whether words could open with a phrase: their first one, two or three words open one."""
    return any(tuple(words[:n]) in _OPENINGS for n in (1, 2, 3))


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The patterns (alone, starts, opener, aside), compiled on first need."""
    every = _any(_PHRASES)
    alone = re.compile(rf"(?i)(?P<p>{every}){_SOFT}[\s.!?…,;:]*")
    # A phrase, then the end, a mark or the speaker's next statement ("…, in fact I love it"): the
    # clause it starts is the phrase's own.
    starts = re.compile(rf"(?i)(?P<p>{every}){_SOFT}(?:\s*(?:[,.;:!?…—–]|\s-\s|$)|\s+(?=(?:{_SPEAKERS})\b))")
    opener = re.compile(
        rf"(?i)(?P<p>{_any(_OPENERS)})(?:\s+that)?(?:\s*[,:;—–]\s*|\s+-\s+|\s+)(?=(?:{_SPEAKERS})\b)"
    )
    # A phrase said in passing between commas or dashes inside a sentence ("English, of course, and French").
    aside = re.compile(
        rf"(?i),\s*(?P<p>{every}){_SOFT}\s*,(?=\s)|\s[-–—]\s*(?P<d>{every}){_SOFT}\s*[-–—](?=\s)"
    )
    return alone, starts, opener, aside


def _a_title(phrase: str) -> bool:
    """Whether a phrase is written as a name is: two words or more, besides small ones, each with a
    capital ("Like It or Not"; "Love it" is a sentence's start)."""
    words = [word for word in phrase.split() if word.lower() not in _SMALL]
    return len(words) > 1 and all(word[:1].isupper() for word in words)


def _a_name_inside(phrase: str) -> bool:
    """Whether a phrase said inside a sentence is written as a name: a capital on a word besides "I"
    ("Blur, Love It, and Oasis"), where a sentence's start gives none."""
    return any(word[:1].isupper() and not re.match(r"I(?:['’]|$)", word) for word in phrase.split())


def alone(clause: str) -> bool:
    """Whether a clause is only a fixed expression ("I kid you not", "Love it!", "I hear you, mate")."""
    clause = clause.strip()
    if not _could_open(_tokens(clause)):
        return False
    found = _patterns()[0].fullmatch(clause)
    return found is not None and not _a_title(found["p"])


def starts(text: str) -> bool:
    """Whether `text` opens with a fixed expression that ends there ("not joking, …", "like it or
    not", "in fact I …"): after a comma, it is a clause of its own, no part of the value before it."""
    text = text.strip()
    if not _could_open(_tokens(text)):
        return False
    found = _patterns()[1].match(text)  # (said after a comma: a capital is a name's, "Blur, Love It")
    return found is not None and not _a_name_inside(found["p"])


def after_opener(clause: str) -> str | None:
    """The statement a hedge or an avowal introduces ("I guess I like jazz" → "I like jazz"); None when
    the clause opens with none, or what follows is not the speaker's own statement ("I swear by …")."""
    if not _could_open(_tokens(clause)):
        return None
    found = _patterns()[2].match(clause.strip())
    if found is None or _a_title(found["p"]):
        return None
    return clause.strip()[found.end() :]


def without_asides(sentence: str) -> str:
    """`sentence` without the fixed expressions said in passing inside it, between commas or dashes
    ("I speak English, of course, and French" → "I speak English, and French"): what follows is
    still the value's, or a statement of its own."""
    if "," not in sentence and "-" not in sentence and "–" not in sentence and "—" not in sentence:
        return sentence
    if not any(_could_open(_tokens(after)) for after in re.split(r"[,\-–—]", sentence)[1:]):
        return sentence

    def cut(found: re.Match[str]) -> str:
        phrase = found["p"] or found["d"]
        if _a_name_inside(phrase):
            return found[0]
        return "," if found["p"] else ""

    return _patterns()[3].sub(cut, sentence)
