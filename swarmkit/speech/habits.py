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

# Where a habit's object ends: how often, when, where, with whom ("tennis every weekend").
_OBJECT_TAIL = re.compile(
    r"(?i)\s*\b(?:every|each|daily|weekly|nightly|regularly|often|always|usually|sometimes|a lot|at|in|on|"
    r"after|before|since|for|with|during|when|while|because|until|ago|last|this|next|again|anymore|"
    r"any more|now|these days|nowadays|once|twice|\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"and|but|so|then|instead|too|as well|altogether|completely|entirely|cold turkey)\b.*$"
)
_OBJECT_FILLER = frozenset("a an the any some much more fluent fluently his her their my our its".split())
# What "eats meat" covers: a vegetarian eats none of these, a vegan none of the dairy either.
_FOODS = {
    **dict.fromkeys(
        "meat chicken beef pork lamb bacon steak ham turkey burgers burger sausages".split(), "meat"
    ),
    **dict.fromkeys("fish seafood salmon tuna prawns shrimp".split(), "fish"),
    **dict.fromkeys("dairy cheese milk eggs egg butter yogurt yoghurt".split(), "dairy"),
}
# A diet as what it leaves out.
DIETS = {
    "vegetarian": ("eat meat", "eat fish"),
    "veggie": ("eat meat", "eat fish"),
    "vegan": ("eat meat", "eat fish", "eat dairy"),
    "pescatarian": ("eat meat",),
}
# Nouns for one who does a thing ("a smoker"): the habit is the noun's stem.
AGENT = re.compile(r"(?i)^(?P<non>non-?)?(?P<stem>smok|drink|runn|swimm|jogg|cycl|vap|gambl|snor)ers?$")


def stem(word: str) -> str:
    """ "smokes", "smoking", "smoked", "smoke" → smok; "running", "runs" → run; "plays" → play."""
    word = word.lower()
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            if ending in ("es", "s") and word.endswith(("ss", "us", "is")):
                continue
            word = word[: -len(ending)]
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":
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
