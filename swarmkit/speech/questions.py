"""Questions asked by their purpose: "What do I do for a living?" asks about one's work, "How old am
I?" one's age, "Who is my partner?", "Where am I from?". The ways of asking and the subjects of the
facts that answer are data (speech/data/questions.toml); recall looks for those subjects' words in
place of the words that asked by purpose (memory/recall/words.py: query_terms).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from swarmkit.speech import rules

_PURPOSES = rules.load("questions")["purpose"]


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
