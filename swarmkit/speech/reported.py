"""Words in a message that are not the speaker's own facts: someone else's speech, a thought, a dream,
a hypothetical.

"My colleague said: I live in Antwerp", "Sometimes I think: I work at NASA", 'She said "I live in
Antwerp"', "If I lived in Paris, …", "I dreamt I worked at NASA": the first-person words in them
state nothing about the speaker, so the mock's extraction (speech/facts.py) never reads them. A
label before a colon ("Note: I live in Porto", "Update:", "FYI:") only introduces the speaker's own
words. Every check here is one pass over the text, or a look at a bounded window around a mark.
"""

from __future__ import annotations

import re

from swarmkit.speech import rules

_PATTERNS = rules.Patterns(rules.load("reported"))
SPEECH_VERBS = _PATTERNS["SPEECH_VERBS"]  # "said", "told", "wrote" …: by "I", the speaker's own
THOUGHT_VERBS = _PATTERNS["THOUGHT_VERBS"]  # "think", "dreamt", "wish" …: whoever has them
# A head before ": " that holds one of these is someone's speech or thought, not a label.
_SAYS = _PATTERNS.lazy("says")
# Where someone else's words begin inside a sentence: a speech verb before a comma ("My colleague
# said, I …"), or a condition, wish or dream about "I" ("if I lived in …", "imagine I …").
_OTHERS_BEGIN = _PATTERNS.lazy("others_begin")
# A clause boundary a speech verb's own clause starts after ("I live in Ghent, and my colleague said:").
_CLAUSE_START = _PATTERNS.lazy("clause_start")
# A quotation: double quotes, straight or curly, on one line.
_QUOTED = re.compile(r'"[^"\n]*"|“[^“”\n]*”')
_WINDOW = 60  # characters around a quotation read for who said it
_SAID_BEFORE = _PATTERNS.lazy("said_before")
_SAID_AFTER = _PATTERNS.lazy("said_after")
# A quotation that is itself a first-person statement ("I live in Antwerp"); a title such as
# "I Will Survive" goes on with a capital.
_FIRST_PERSON = _PATTERNS.lazy("first_person")


def is_reported(head: str) -> bool:
    """True when the words before a `: ` introduce someone's speech or thought ("My colleague said"),
    False for a label ("Note", "Update", "FYI")."""
    return _SAYS.search(head) is not None


def without_quotations(text: str) -> str:
    """`text` without the quotations that are someone's words: attributed to a speaker or a thought
    (`she said "…"`, `"…," he wrote`), or a first-person statement in quotes ("I live in …")."""
    if '"' not in text and "“" not in text:
        return text
    out: list[str] = []
    last = 0
    for quoted in _QUOTED.finditer(text):
        start, end = quoted.span()
        inner = quoted[0][1:-1].lstrip()
        if (
            _FIRST_PERSON.match(inner)
            or _SAID_BEFORE.search(text, max(0, start - _WINDOW), start)
            or _SAID_AFTER.match(text[end : end + _WINDOW])
        ):
            out.append(text[last:start])
            last = end
    return "".join(out) + text[last:] if out else text


def own_part(sentence: str) -> str:
    """The part of a sentence that is the speaker's own: all of it, or what comes before the clause
    where someone else's words, a thought or a hypothetical begin."""
    begins = _OTHERS_BEGIN.search(sentence)
    end = begins.start() if begins else len(sentence)
    head_start = 0
    while True:  # each head before a ": " is read once
        colon = sentence.find(": ", head_start, end)
        if colon < 0:
            break
        says = _SAYS.search(sentence, head_start, colon)
        if says is not None:
            end = says.start()
            break
        head_start = colon + 2
    if end == len(sentence):
        return sentence
    if begins is not None and end == begins.start() and begins.group("if"):
        return sentence[:end]  # "if" starts its own clause: "I live in Porto if I remember well"
    # the clause that holds the verb is the other person's too: "I live in Ghent, and my colleague said:"
    starts = [m.start() for m in _CLAUSE_START.finditer(sentence, 0, end)]
    return sentence[: starts[-1]] if starts else ""
