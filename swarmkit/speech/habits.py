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
# Words for several kinds at once ("animal products": meat, fish and dairy).
_FOOD_GROUPS = {group: tuple(kinds) for group, kinds in _DATA["food_groups"].items()}
# A diet as what it leaves out, and what it keeps that another leaves out (a pescatarian eats fish).
DIETS = {diet: tuple(left_out) for diet, left_out in _DATA["diets"].items()}
_DIETS_KEEP = {diet: frozenset(kept) for diet, kept in _DATA["diets_keep"].items()}
# Said before an object, these deny the habit ("eats no meat").
_NONE = rules.words(_DATA["words"]["none"])
_ALTERNATIVES = _PATTERNS.compile("alternatives")
_EITHER = re.compile(r"(?i)\b(?:or|nor)\b")
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


def told(verb: str, rest: str) -> tuple[list[str], bool]:
    """The habits a verb and what follows name, and whether they hold: "eats no meat or fish" →
    (["eat meat", "eat fish"], False). Things joined by "or" after a denial are each denied ("doesn't
    eat meat, fish or dairy"), and a group of foods is its kinds ("animal products")."""
    words = rest.strip().split(" ", 1)
    holds = True
    if len(words) > 1 and words[0].lower() in _NONE:
        holds, rest = False, words[1]
    parts = _ALTERNATIVES.split(rest) if _EITHER.search(rest) else [rest]
    out: list[str] = []
    for part in parts:
        value = habit(verb, part)
        base, _, thing = value.partition(" ")
        if base == "eat" and thing in _FOOD_GROUPS:
            out += [f"eat {kind}" for kind in _FOOD_GROUPS[thing]]
        elif value:
            out.append(value)
    return out, holds


def diet(name: str) -> str:
    """A diet by the first name the table gives its habits ("veggie" → vegetarian)."""
    left_out = DIETS.get(name)
    return next((d for d, out in DIETS.items() if out == left_out), name) if left_out else name


def diet_of(denied: set[str], held: set[str]) -> str:
    """The diet that leaves out exactly what `denied` holds, and keeps what it must of `held` ("doesn't
    eat meat or fish": vegetarian; "never drinks alcohol": teetotal); "" for none."""
    for name, left_out in DIETS.items():
        if denied == set(left_out) and _DIETS_KEEP.get(name, frozenset()) <= held:
            return name
    return ""


def gerund(phrase: str) -> str:
    """The habit a gerund phrase names ("smoking two years ago" → smok, "playing tennis" → play
    tennis); "" when the phrase opens with no gerund."""
    match = re.match(r"(?i)(?P<g>[a-z]{3,}ing)\b\s*(?P<rest>.*)$", phrase.strip())
    return habit(match["g"], match["rest"]) if match else ""
