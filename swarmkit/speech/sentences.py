"""Where sentences end in plain speech: at ".", "!", "?", ";" or a line break, but not after an abbreviation.

"My therapist is Dr. Weiss" is one sentence: titles (Dr., Mrs., Prof. …), "e.g.", "i.e." and "vs."
never end one; initials ("J. R. R. Tolkien"), "Jr.", "Sr." and "St." end one only when what follows
starts a sentence ("plan B. I live in Porto", "Bob Jr. He lives in Leeds"). "etc.", "a.m." and "p.m." end one when a capital follows ("at 9 a.m. I
run"), not otherwise ("at 9 a.m. sharp"). Linear in the text's length: each end is looked at once,
with a bounded look back.
"""

from __future__ import annotations

import re

from swarmkit.speech import rules

# A run of marks is tried once, from its start: tried from inside a run of dots without a space
# after it, "[.!?]+" would rescan the rest of the run at every position (quadratic).
_END = re.compile(r"(?<![.!?])[.!?]+\s+|\n+|;\s*")
# The word before a "." (its letters and inner dots): what the look back reads, at most this long.
_LOOK_BACK = 8
_WORD_BEFORE = re.compile(r"(?:^|[\s(\"'“‘])([A-Za-z](?:[A-Za-z.]*[A-Za-z])?)$")
_DATA = rules.load("sentences")["words"]
NEVER_END = rules.words(_DATA["never_end"])
# Like initials, these end a sentence only when a sentence starts after them ("Bob Jr. He …").
END_BEFORE_A_STARTER = rules.words(_DATA["end_before_a_starter"])
END_BEFORE_A_CAPITAL = rules.words(_DATA["end_before_a_capital"])
# Words that start a sentence after an initial: "plan B. I live …", "vitamin D. My editor …".
STARTERS = rules.words(_DATA["starters"])
_NEXT_WORD = re.compile(r"[^\s,;:.!?]+")


def _ends_here(text: str, end: re.Match) -> bool:
    """Whether the stop `end` found ends the sentence (not a "." after an abbreviation)."""
    if not end[0].startswith(".") or end[0].startswith(".."):
        return True
    before = _WORD_BEFORE.search(text[max(0, end.start() - _LOOK_BACK) : end.start()])
    if before is None:
        return True
    word = before[1]
    lower = word.lower()
    nxt = _NEXT_WORD.match(text, end.end())
    follower = nxt[0] if nxt else ""
    if lower in NEVER_END and (lower != "no" or follower[:1].isdigit()):  # "No. 5", not "I said no."
        return False
    if lower in END_BEFORE_A_CAPITAL:
        return follower[:1].isupper()
    if lower in END_BEFORE_A_STARTER:
        return follower.lower() in STARTERS
    if all(len(part) == 1 and part.isupper() for part in word.split(".")):
        # initials ("J.", "J.R.R."), unless a sentence starts after them
        return follower.lower() in STARTERS or not follower[:1].isupper()
    return True


def split(text: str) -> list[str]:
    """The sentences of `text`, in order, each with its own end mark and without the space after it."""
    text = str(text)
    out: list[str] = []
    start = 0
    for end in _END.finditer(text):
        if _ends_here(text, end):
            out.append(text[start : end.start() + len(end[0].rstrip())].rstrip("\n;"))
            start = end.end()
    out.append(text[start:])
    return out
