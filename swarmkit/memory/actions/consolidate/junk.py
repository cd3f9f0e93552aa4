"""Text that is no fact: an agent's chatter, a restated instruction, a value that only points back.

Each test reads one entry's text alone and says why it is junk, or None. They look at the shape of
the words (how a text starts, what it is made of), never at a topic, so a fact about chatting or
about instructions ("Teaches a class on giving instructions") is still a fact.
"""

from __future__ import annotations

import re

from swarmkit.memory.recall.words import STOP_WORDS
from swarmkit.speech.facts import POINTERS

# How an assistant's reply starts, not a fact: "Sure, I can help", "Got it!", "Let me check".
_CHATTER = re.compile(
    r"(?i)^(?:(?:sure|okay|ok|alright|all right|got it|noted|understood|certainly|of course|absolutely|"
    r"great|thanks|thank you|you're welcome|no problem|happy to help|glad to help|hello|hi|hey)\b[\s,.!:-]*"
    r"(?:$|i\b|i'|i’|i\s|let|here|you|that|this|it|we|will|can|happy|glad|thanks|no problem|noted|done|sure|"
    r"(?:at all|for sure|indeed|then|again|anytime)[.!]*$)|"
    r"(?:great|good|excellent|interesting) (?:question|point)(?:[,.!]|$)|anything else\b|"
    r"(?:let me|i(?:'|’)d be happy|i would be happy|i am happy to|i(?:'|’)m happy to|i(?:'|’)ll remember|"
    r"i(?:'|’)ve (?:noted|saved|remembered|updated|made a note)|i have (?:noted|saved|remembered|updated)|"
    r"as an ai|as a language model|here(?:'|’)s what|is there anything|"
    r"how can i help|what else can i|feel free to|hope this helps|let me know)\b)"
)
# What an instruction to an agent looks like when an agent writes it down as memory.
_INSTRUCTION = re.compile(
    r"(?i)^(?:you are (?:an?|the) (?:helpful |friendly |expert |ai )*(?:assistant|agent|bot|model)\b|"
    r"you (?:must|should|shall|will) (?:always |never )?\w+|your (?:task|job|role|goal) is\b|"
    r"(?:system|instructions?|prompt)\s*:|(?:the |my |your )?system prompt\b|"
    r"(?:the )?(?:user|human) (?:asked|wants|told|instructed) (?:me|you|the assistant|the agent) to\b|"
    r"i (?:was|am|have been) (?:asked|told|instructed) to\b|"
    r"(?:always|never|do not|don't) (?:respond|reply|answer|reveal|mention|say)\b.*\b(?:user|assistant)s?\b|"
    r"(?:(?:always|only|please) )?(?:respond|reply|answer) (?:only )?(?:in|with|as) "
    r"(?:json|markdown|english|the following|bullet))"
)
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_LINKING = frozenset("is are was were be been likes like loves love prefers uses has have lives".split())
# Words that point at something said elsewhere besides POINTERS: "said so", "That is hers"
_POINTING = frozenset("so hers his theirs".split())
# How often or how much, after a pointer: "does this a lot" says no more than "does this"
_TRAILING = re.compile(r"(?i)\s+(?:a lot|a bit|often|again|too|as well|all the time|sometimes)[.!]*$")


def chatter(text: str) -> bool:
    return _CHATTER.match(text.strip()) is not None


def instruction(text: str) -> bool:
    return _INSTRUCTION.match(text.strip()) is not None


def pronoun_only(text: str) -> bool:
    """ "Likes it", "Lives there", "Is that one": a verb (at most one other word) and words that
    point at something said elsewhere, so the entry says nothing alone."""
    words = [w.lower() for w in _WORD.findall(_TRAILING.sub("", text.strip()))]
    pointers = POINTERS | _POINTING
    if not words or len(words) > 5 or words[-1] not in pointers:
        return False
    content = [w for w in words if w not in pointers and w not in STOP_WORDS and w not in _LINKING]
    return len(content) <= 1 and any(w in pointers for w in words)


TESTS = (
    ("chatter", chatter, "an assistant's chatter, not a fact"),
    ("instruction", instruction, "an instruction to an agent, restated; not a fact"),
    ("pronoun", pronoun_only, "a value that only points elsewhere (it, there, that), saying nothing alone"),
)


def junk(text: str) -> tuple[str, str] | None:
    """(reason, why in words) when the text is no fact, else None."""
    for reason, test, why in TESTS:
        if test(text):
            return reason, why
    return None
