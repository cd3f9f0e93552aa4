"""What a person does or is as a habit or a standing state, as one value a later note can end or
turn over: "smokes", "swims every morning", "plays tennis", "doesn't speak German", "is vegetarian".

A habit is named by the stem of its verb and its object ("smokes", "smoking" and "a smoker" are all
`smok`; "plays tennis every weekend" is `play tennis`), so that "quit smoking", "stopped playing
tennis" or "no longer swims" end it whatever form each note used, and a later positive ("is fluent
in German", "eats meat again") turns over an earlier denial ("doesn't speak German", "is
vegetarian": one who does not eat meat). A stemmer library would do the first step as well, but the
base install carries none and these few endings are all a habit's verb needs.
"""

from __future__ import annotations

import re

from swarmkit.speech import rules

_DATA = rules.load("habits")
_PATTERNS = rules.Patterns(_DATA)
_OBJECT_TAIL = _PATTERNS.compile("object_tail")
_OBJECT_FILLER = rules.words(_DATA["words"]["object_filler"])
# What "eats meat" covers: a vegetarian eats none of these, a vegan none of the dairy either.
_FOODS = {food: kind for kind, foods in _DATA["foods"].items() for food in rules.in_order(foods)}
# A diet as what it leaves out.
DIETS = {diet: tuple(left_out) for diet, left_out in _DATA["diets"].items()}
# Nouns for one who does a thing ("a smoker"): the habit is the noun's stem.
AGENT = _PATTERNS.compile("agent")
_ENDINGS = rules.in_order(_DATA["stem"]["endings"])
_S_STAYS_AFTER = rules.in_order(_DATA["stem"]["s_stays_after"])
_NOT_DOUBLED = _DATA["stem"]["doubles"]


def stem(word: str) -> str:
    """ "smokes", "smoking", "smoked", "smoke" → smok; "running", "runs" → run; "plays" → play."""
    word = word.lower()
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            if ending.endswith("s") and word.endswith(_S_STAYS_AFTER):
                continue
            word = word[: -len(ending)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in _NOT_DOUBLED:
        word = word[:-1]  # "runn", "swimm", "jogg"
    if word.endswith("e") and len(word) > 2:
        word = word[:-1]
    return word


def habit(verb: str, rest: str) -> str:
    """The habit a verb and what follows name ("plays", "tennis every weekend" → "play tennis");
    "" when it names none."""
    base = stem(verb)
    if not base.isalpha() or len(base) < 2:
        return ""
    thing = _OBJECT_TAIL.sub("", rest.strip(" ,.;:!")).strip(" ,.;:!")
    words = [w for w in re.findall(r"[a-z0-9'-]+", thing.lower()) if w not in _OBJECT_FILLER]
    if len(words) > 3:
        return ""  # a story, not a habit's object
    if base == "eat":
        words = [_FOODS.get(w, w) for w in words]
    return " ".join([base, *words])


def gerund(phrase: str) -> str:
    """The habit a gerund phrase names ("smoking two years ago" → smok, "playing tennis" → play
    tennis); "" when the phrase opens with no gerund."""
    match = re.match(r"(?i)(?P<g>[a-z]{3,}ing)\b\s*(?P<rest>.*)$", phrase.strip())
    return habit(match["g"], match["rest"]) if match else ""
