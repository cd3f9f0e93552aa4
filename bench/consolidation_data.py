"""A memory folder built from LoCoMo's annotated facts with planted restatements, contradictions and
junk lines, and the truth about each planted line: what `bench_consolidate.py` measures against.

- restated duplicates: a fact again, later, in other words: a few words swapped for synonyms, a
  time or place moved to the front, a hedge ("Apparently, "), a trailing clause dropped; one to
  three of these at once, chosen at random;
- contradictions: a fact about a speaker stated early, and later another value for it in another
  wording (lives in → moved to / is now based in; works at → now works for; a favourite; a role),
  and facts of the data denied later ("no longer", "doesn't … anymore");
- junk: an assistant's chatter, restated instructions, pronoun-only values, and restatements of
  lines pinned in MEMORY.md.

The templates are this generator's own, in six sets (STYLES), each with other rewrites,
contradictions and junk and its own seed. A set is held out only until the detector is changed
against its misses; then it is tuned on, and the benchmark prints its first figure beside today's
(bench_consolidate.SETS). A (the detector's thresholds were chosen on it), B, C, D and E are tuned on;
F is held out (issue 36: written without reading the detector, measured once before any change).
Whoever changes the detector while looking at F's misses renames it tuned on, and writes a new
held-out set first.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

FACTS_FILE = "facts.md"

SYNONYMS = {
    "enjoys": "likes",
    "likes": "enjoys",
    "loves": "adores",
    "started": "began",
    "begin": "start",
    "went": "headed",
    "attended": "went to",
    "visited": "went to",
    "bought": "purchased",
    "kids": "children",
    "children": "kids",
    "friend": "pal",
    "friends": "pals",
    "job": "position",
    "happy": "glad",
    "big": "large",
    "small": "little",
    "wants": "would like",
    "plans": "intends",
    "planning": "intending",
    "recently": "lately",
    "helps": "assists",
    "helping": "assisting",
    "received": "got",
    "got": "received",
    "made": "created",
    "created": "made",
    "shared": "told about",
    "talked": "spoke",
    "great": "wonderful",
    "important": "significant",
    "hard": "difficult",
    "difficult": "hard",
    "tried": "attempted",
    "finished": "completed",
    "picture": "photo",
    "photo": "picture",
    "dog": "pup",
    "car": "vehicle",
    "home": "house",
    "house": "home",
    "movie": "film",
    "movies": "films",
    "book": "novel",
    "mom": "mother",
    "dad": "father",
    "passionate": "enthusiastic",
    "excited": "thrilled",
    "feels": "is feeling",
    "currently": "at the moment",
    "working": "busy",
    "also": "as well",
    "upcoming": "coming",
    "trip": "journey",
    "journey": "trip",
    "gift": "present",
    "considers": "regards",
    "learned": "found out",
    "decided": "chose",
    "inspired": "motivated",
}
_MOVABLE = re.compile(
    r"^(?P<head>.+?)\s+(?P<tail>(?:last|this|next) (?:year|week|month|weekend|Saturday|Sunday|Friday)|"
    r"recently|yesterday|a few (?:days|weeks|years) ago|after the conversation|"
    r"the day before the conversation|(?:on|in|during) [A-Z0-9][\w ,]*)\.?$"
)
HEDGES = ("Apparently, ", "As it turns out, ", "From what was said, ", "It seems that ", "Reportedly, ")
# A second set of templates, written apart from the first, as a check that what the benchmark finds
# does not depend on one generator's words (issue 23 holds consolidation to held-out sets).
OTHER_SYNONYMS = {
    "really": "truly",
    "enjoys": "is fond of",
    "loves": "is crazy about",
    "started": "kicked off",
    "went": "travelled",
    "kids": "little ones",
    "friend": "buddy",
    "job": "career",
    "happy": "pleased",
    "wants": "hopes",
    "recently": "not long ago",
    "helps": "supports",
    "made": "put together",
    "talked": "chatted",
    "great": "fantastic",
    "hard": "tough",
    "family": "relatives",
    "feels": "thinks",
    "community": "neighbourhood",
    "passion": "love",
    "new": "fresh",
    "working": "toiling",
    "plans": "aims",
    "shared": "described",
    "excited": "eager",
    "painting": "artwork",
    "music": "tunes",
    "book": "title",
}
OTHER_HEDGES = ("By the way, ", "Worth noting: ", "As mentioned before, ", "FYI, ", "To recap, ")
CITIES = ("Lisbon", "Porto", "Denver", "Austin", "Toronto", "Leeds", "Munich", "Osaka", "Quito", "Perth")
EMPLOYERS = ("Acme Corp", "Globex", "Initech", "Umbrella Labs", "Hooli", "Vandelay Industries", "Stark Works")
THINGS = (("colour", "color"), ("food", "food"), ("band", "band"), ("season", "season"), ("sport", "sport"))
VALUES = {
    "colour": ("blue", "green", "red", "yellow", "purple"),
    "food": ("sushi", "tacos", "ramen", "lasagna", "curry"),
    "band": ("Radiohead", "Coldplay", "Queen", "Muse", "Abba"),
    "season": ("spring", "summer", "autumn", "winter"),
    "sport": ("tennis", "rugby", "cricket", "hockey", "golf"),
}
ROLES = ("a teacher", "a nurse", "an accountant", "a chef", "a pilot", "a librarian", "an architect")
CHATTER = (
    "Sure, I can help with that!",
    "Got it, I'll keep that in mind.",
    "Okay, noted.",
    "Thanks for sharing that with me!",
    "Let me know if there is anything else.",
    "Happy to help with anything else you need.",
)
INSTRUCTIONS = (
    "You are a helpful assistant that remembers what people say.",
    "Respond in JSON with the keys text and kind.",
    "The user asked me to summarise the conversation.",
    "Your task is to extract facts from the dialogue.",
    "You should always answer in a friendly tone.",
)
POINTING = (
    "{name} loves it.",
    "{name} likes that one.",
    "Lives there.",
    "Enjoys it.",
    "{name} prefers them.",
)
_NEGATABLE = re.compile(
    r"^(?P<name>[A-Z]\w+) (?P<verb>enjoys|likes|loves|plays|practices|volunteers|goes|attends|owns|"
    r"collects|teaches|writes|paints|runs|bakes|reads|watches|works|lives)\b(?P<rest>.+)$"
)


@dataclass
class Line:
    text: str
    added: str | None
    family: int | None = None  # the fact this line restates (its own index for an original)
    tag: str = "fact"  # fact | duplicate | old | new | junk | pinned-copy


@dataclass
class Truth:
    duplicates: list[tuple[int, int]] = field(default_factory=list)  # (original line, copy line)
    contradictions: list[tuple[int, int]] = field(default_factory=list)  # (older line, newer line)
    junk: list[int] = field(default_factory=list)
    family: dict[int, int] = field(default_factory=dict)  # line → fact family (originals and copies)
    entries: int = 0

    def to_dict(self) -> dict:
        return {
            "duplicates": self.duplicates,
            "contradictions": self.contradictions,
            "junk": self.junk,
            "entries": self.entries,
        }


@dataclass(frozen=True)
class Style:
    """The words one generator restates, contradicts and babbles with."""

    synonyms: dict
    hedges: tuple
    contradictions: object  # (speakers, first date, last date, rng) -> [(old Line, new Line)]
    steps: tuple = ()  # the rewrites restate() picks from (empty: the first set's four)
    denial: object = None  # (match of _NEGATABLE, rng) -> the later text that denies the fact
    chatter: tuple = ()
    instructions: tuple = ()
    pointing: tuple = ()
    decoys: object = None  # (speaker, rng) -> later lines that contradict nothing


def restate(text: str, rng: random.Random, style: Style | None = None) -> str | None:
    """The fact in other words: one to three rewrites, chosen at random; None when none applies."""
    style = style or STYLES["a"]
    steps = list(style.steps or (_synonyms, _move_front, _hedge, _drop_tail))
    rng.shuffle(steps)
    out = text.rstrip(".")
    done = 0
    for step in steps:
        if done >= rng.randint(1, 3):
            break
        changed = step(out, rng, style)
        if changed and changed != out:
            out, done = changed, done + 1
    return out + "." if done and out.lower() != text.rstrip(".").lower() else None


def _synonyms(text: str, rng: random.Random, style: Style) -> str | None:
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if w.lower() in style.synonyms]
    if not spots:
        return None
    for i in rng.sample(spots, min(len(spots), rng.randint(1, 2))):
        word = style.synonyms[words[i].lower()]
        words[i] = word.capitalize() if words[i][:1].isupper() else word
    return " ".join(words)


def _move_front(text: str, rng: random.Random, style: Style) -> str | None:
    match = _MOVABLE.match(text)
    if not match or len(match["head"].split()) < 3:
        return None
    tail = match["tail"]
    return f"{tail[:1].upper()}{tail[1:]}, {match['head']}"


def _hedge(text: str, rng: random.Random, style: Style) -> str | None:
    first = text.split(" ", 1)[0]
    keep = first[:1].isupper() and (first.endswith(("'s", "’s")) or first[1:].islower())
    rest = text if keep else text[:1].lower() + text[1:]
    return rng.choice(style.hedges) + rest


def _drop_tail(text: str, rng: random.Random, style: Style) -> str | None:
    for mark in (", which ", ", and ", " because ", " as ", ", helping ", " to "):
        at = text.find(mark)
        if at > 0 and len(text[:at].split()) >= max(4, int(0.6 * len(text.split()))):
            return text[:at]
    return None


def _contradictions(
    speakers: list[str], first: str, last: str, rng: random.Random
) -> list[tuple[Line, Line]]:
    out = []
    for name in speakers:
        a, b = rng.sample(CITIES, 2)
        new = rng.choice(
            (f"{name} moved to {b}.", f"{name} has relocated to {b}.", f"{name} is now based in {b}.")
        )
        out.append((Line(f"{name} lives in {a}.", first), Line(new, last)))
        a, b = rng.sample(EMPLOYERS, 2)
        new = rng.choice((f"{name} now works for {b}.", f"{name} works at {b} these days."))
        out.append((Line(f"{name} works at {a}.", first), Line(new, last)))
        thing, spelled = rng.choice(THINGS)
        a, b = rng.sample(VALUES[thing], 2)
        out.append(
            (
                Line(f"{name}'s favourite {thing} is {a}.", first),
                Line(f"{name}'s favorite {spelled} is now {b}.", last),
            )
        )
        a, b = rng.sample(ROLES, 2)
        out.append((Line(f"{name} works as {a}.", first), Line(f"{name} now works as {b}.", last)))
    return out


def _other_contradictions(
    speakers: list[str], first: str, last: str, rng: random.Random
) -> list[tuple[Line, Line]]:
    out = []
    for name in speakers:
        a, b = rng.sample(CITIES, 2)
        new = rng.choice(
            (f"{name} now lives in {b}.", f"{name} just moved to {b}.", f"{name}'s home is now {b}.")
        )
        out.append((Line(f"{name} is living in {a}.", first), Line(new, last)))
        a, b = rng.sample(EMPLOYERS, 2)
        new = rng.choice((f"{name}'s new employer is {b}.", f"{name} works for {b} now."))
        out.append((Line(f"{name}'s employer is {a}.", first), Line(new, last)))
        a, b = rng.sample(ROLES, 2)
        out.append(
            (Line(f"{name} works as {a}.", first), Line(f"{name} is working as {b} these days.", last))
        )
    return out


# Set C: written after the detector, apart from sets A and B and from what the detector reads, as
# other ways people and agents say things: other synonyms and hedges, a clause added or a "both X
# and Y" reordered, other ways to move or change one's job, to stop doing something, and other
# chatter. Tuned on: the commit that added it (ae64664) fixed the detector against its misses
# (contradictions 23 of 49 before), and issue 23's second round again (39 -> 49).
C_SYNONYMS = {
    "enjoys": "gets a kick out of",
    "likes": "is into",
    "loves": "really digs",
    "started": "took up",
    "went": "made a trip",
    "visited": "stopped by",
    "kids": "youngsters",
    "children": "youngsters",
    "friend": "mate",
    "friends": "mates",
    "mom": "mum",
    "job": "line of work",
    "happy": "content",
    "wants": "is keen",
    "plans": "is going",
    "recently": "of late",
    "helps": "lends a hand to",
    "made": "crafted",
    "bought": "picked up",
    "talked": "had a chat",
    "great": "terrific",
    "important": "key",
    "hard": "rough",
    "picture": "snapshot",
    "photo": "snap",
    "dog": "doggo",
    "movie": "flick",
    "book": "read",
    "passionate": "keen",
    "excited": "stoked",
    "supportive": "encouraging",
    "proud": "chuffed",
    "feels": "reckons",
    "shared": "mentioned",
    "received": "was given",
    "finished": "wrapped up",
    "decided": "made up her mind",
}
C_HEDGES = (
    "For the record, ",
    "Just so you know, ",
    "It came up that ",
    "One more thing: ",
    "Noted: ",
)
_AND = re.compile(r"^(?P<head>.+?) (?P<x>\w+(?: \w+)?) and (?P<y>\w+(?: \w+)?)(?P<rest>[.,]?.*)$")


def _add_clause(text: str, rng: random.Random, style: Style) -> str | None:
    """A trailing remark that adds no fact."""
    return text + rng.choice((", as mentioned", ", which came up again", " (said twice)", ", it seems"))


def _swap_and(text: str, rng: random.Random, style: Style) -> str | None:
    """ "X and Y" as "Y and X"."""
    match = _AND.match(text)
    if not match or match["x"].lower() == match["y"].lower():
        return None
    return f"{match['head']} {match['y']} and {match['x']}{match['rest']}"


def _c_contradictions(
    speakers: list[str], first: str, last: str, rng: random.Random
) -> list[tuple[Line, Line]]:
    out = []
    for name in speakers:
        a, b = rng.sample(CITIES, 2)
        old = rng.choice((f"{name} resides in {a}.", f"{name} lives in {a} with family."))
        new = rng.choice(
            (f"{name} relocated to {b}.", f"{name} is living in {b} now.", f"{name} recently moved to {b}.")
        )
        out.append((Line(old, first), Line(new, last)))
        a, b = rng.sample(EMPLOYERS, 2)
        new = rng.choice(
            (f"{name} has joined {b}.", f"{name} is employed by {b} now.", f"{name} now works at {b}.")
        )
        out.append((Line(f"{name} is employed by {a}.", first), Line(new, last)))
        a, b = rng.sample(ROLES, 2)
        out.append((Line(f"{name} is {a}.", first), Line(f"{name} became {b}.", last)))
    return out


def _c_denial(match: re.Match, rng: random.Random) -> str:
    verb = match["verb"]
    base = {"goes": "go", "teaches": "teach", "watches": "watch"}.get(verb, verb[:-1])
    rest = match["rest"].rstrip(".")
    if rng.random() < 0.5:
        return f"{match['name']} used to {base}{rest}, but not anymore."
    return f"{match['name']} has stopped: never {verb}{rest} these days."


C_CHATTER = (
    "No problem at all!",
    "I'll remember that for next time.",
    "Great question, let me think about it.",
    "Understood, thanks!",
    "Anything else I can do for you today?",
)
C_INSTRUCTIONS = (
    "Always reply in English.",
    "As an AI assistant, I keep notes about the user.",
    "Remember to store every new fact you hear.",
    "The system prompt says to be concise.",
)
C_POINTING = ("{name} said so.", "That is hers.", "{name} does this a lot.", "He likes those.")


# Set D: written for issue 23's second round before the detector was changed (20 of 95 contradictions
# on first contact; that round was written against its misses, so it is tuned on now), apart
# from what it reads: a person's notes as people write them. Each speaker gets some of ten things
# that change (home, employer, job, partner, a favourite, age, a pet, a car, a phone, a school),
# each told first in one wording and later in another (a move, a new job told as quitting or being
# hired, "became", "was promoted to", "used to … now", a hedge or a clause around it, the first
# person too), facts of the data ended in other words ("gave up", "has stopped", "isn't … any
# more"), and decoys that change nothing (a relative's city, a visit, a plan, a second taste, a job
# and an employer): a decoy taken for a contradiction shows as an unplanted supersede.
D_SYNONYMS = {
    "enjoys": "has a soft spot for",
    "likes": "is a fan of",
    "loves": "is mad about",
    "started": "got into",
    "kids": "children",
    "children": "kids",
    "friend": "pal",
    "friends": "pals",
    "happy": "delighted",
    "wants": "would love",
    "recently": "just",
    "helps": "gives a hand to",
    "great": "brilliant",
    "hard": "challenging",
    "picture": "photograph",
    "photo": "photograph",
    "movie": "film",
    "book": "novel",
    "excited": "buzzing",
    "proud": "really proud",
    "shared": "opened up about",
    "finished": "got through",
    "talked": "spoke",
    "bought": "got",
    "visited": "went to see",
    "went": "headed",
}
D_HEDGES = ("Heads up: ", "I think ", "If I remember right, ", "Side note: ", "So, ")
D_SCHOOLS = ("Riverside College", "Northgate University", "Hillcrest High School", "the Art Institute")
D_CARS = ("Toyota Corolla", "Honda Civic", "Tesla Model 3", "Ford Focus", "Subaru Outback", "VW Golf")
D_PHONES = ("iPhone 12", "Pixel 7", "Samsung Galaxy", "OnePlus", "Nokia")
D_PARTNERS = ("Sam", "Alex", "Robin", "Jordan", "Casey", "Morgan")
D_PETS = ("Biscuit", "Pepper", "Mochi", "Rocky", "Luna", "Ziggy")
D_JOBS = (
    "a teacher",
    "a nurse",
    "an engineer",
    "a barista",
    "a paramedic",
    "a graphic designer",
    "a software developer",
    "a lawyer",
    "a dental hygienist",
    "a bus driver",
    "a real estate agent",
)
D_FAVOURITES = (
    ("film", ("Alien", "Amelie", "Heat", "Up")),
    ("drink", ("tea", "coffee", "lemonade")),
    ("book", ("Dune", "Emma", "Beloved")),
    ("city", ("Rome", "Paris", "Oslo")),
)


def _an(thing: str) -> str:
    return ("an " if thing[:1].lower() in "aeiou" else "a ") + thing


def _d_pairs(name: str, rng: random.Random) -> list[tuple[str, str]]:
    """(earlier text, later text) for each thing that changes, in this set's own words."""
    a, b = rng.sample(CITIES, 2)
    home = (
        rng.choice(
            (
                f"{name} lives in {a}.",
                f"{name} has been living in {a} for years.",
                f"{name} calls {a} home.",
                f"{name} is based in {a} with the family.",
            )
        ),
        rng.choice(
            (
                f"{name} packed up and relocated to {b} last month.",
                f"{name} moved from {a} to {b}.",
                f"These days {name} lives in {b}.",
                f"{name} left {a} and now lives in {b}.",
                f"{name} settled in {b} after the move.",
                f"{name} used to live in {a}, but now lives in {b}.",
                f"Apparently {name} lives in {b} now.",
                f"{name} moved out of {a}.",
                f"{name} has been living in {b} since the spring, which suits the family.",
            )
        ),
    )
    a, b = rng.sample(EMPLOYERS, 2)
    work = (
        rng.choice(
            (
                f"{name} works at {a}.",
                f"{name} has a job at {a}.",
                f"{name} is employed at {a}.",
                f"{name} works for {a} in the sales team.",
            )
        ),
        rng.choice(
            (
                f"{name} quit {a} and joined {b}.",
                f"{name} left {a} for {b}.",
                f"{name} took a job at {b}.",
                f"{name} was hired by {b} in March.",
                f"{name} started working at {b} after the layoffs.",
                f"{name} switched jobs and is now at {b}.",
                f"{name} no longer works at {a}.",
                f"{name} isn't at {a} anymore.",
                f"Since the summer, {name} has been working for {b}.",
            )
        ),
    )
    a, b = rng.sample(D_JOBS, 2)
    job = (
        rng.choice(
            (
                f"{name} is {a}.",
                f"{name} works as {a}.",
                f"{name} has worked as {a} for ten years.",
                f"{name}'s job is {a[a.index(' ') + 1 :]}.",
            )
        ),
        rng.choice(
            (
                f"{name} became {b}.",
                f"{name} retrained as {b}.",
                f"{name} took a job as {b}.",
                f"{name} switched careers and is now {b}.",
                f"{name} used to be {a} but is now {b}.",
                f"{name} is no longer {a}.",
                f"{name} started working as {b} this year.",
                f"{name} quit being {a} and became {b}.",
                f"{name} is {b} now, after years of study.",
            )
        ),
    )
    p, q = rng.sample(D_PARTNERS, 2)
    partner = rng.choice(
        (
            (
                f"{name} is single.",
                rng.choice(
                    (
                        f"{name} is dating {p} now.",
                        f"{name} has been seeing {p} since May.",
                        f"{name} is in a relationship with {p}.",
                    )
                ),
            ),
            (
                f"{name} is dating {p}.",
                rng.choice(
                    (
                        f"{name} and {p} broke up.",
                        f"{name} split up with {p}.",
                        f"{name} got married to {q}.",
                        f"{name} is single again.",
                    )
                ),
            ),
            (
                f"{name} is married to {p}.",
                rng.choice((f"{name} is divorced now.", f"{name} and {p} got divorced.")),
            ),
        )
    )
    thing, values = rng.choice(D_FAVOURITES)
    a, b = rng.sample(values, 2)
    favourite = (
        rng.choice(
            (f"{name}'s favourite {thing} is {a}.", f"{a[:1].upper()}{a[1:]} is {name}'s favorite {thing}.")
        ),
        rng.choice(
            (
                f"{name} changed their mind: their favourite {thing} is {b} now.",
                f"{name}'s favorite {thing} these days is {b}.",
                f"{b[:1].upper()}{b[1:]} has become {name}'s favourite {thing}.",
                f"{name} says the best {thing} ever is {b}, not {a}.",
            )
        ),
    )
    age = rng.randint(24, 60)
    older = (
        rng.choice((f"{name} is {age}.", f"{name} is {age} years old.")),
        rng.choice(
            (
                f"{name} turned {age + 1}.",
                f"{name} just had a birthday and is {age + 1} now.",
                f"{name} is {age + 1} years old now.",
            )
        ),
    )
    p, q = rng.sample(D_PETS, 2)
    pet = (
        rng.choice((f"{name} has a dog named {p}.", f"{name}'s dog is called {p}.")),
        rng.choice(
            (
                f"{name}'s dog is named {q}.",
                f"{name} no longer has a dog.",
                f"{name} doesn't have a dog anymore.",
            )
        ),
    )
    a, b = rng.sample(D_CARS, 2)
    car = (
        rng.choice((f"{name} drives a {a}.", f"{name}'s car is a {a}.")),
        rng.choice(
            (
                f"{name} sold the {a} and bought a {b}.",
                f"{name} drives a {b} now.",
                f"{name} traded in the {a} for a {b}.",
                f"{name}'s new car is a {b}.",
                f"{name} got rid of the {a}.",
            )
        ),
    )
    a, b = rng.sample(D_PHONES, 2)
    phone = (
        rng.choice((f"{name} uses {_an(a)}.", f"{name}'s phone is {_an(a)}.")),
        rng.choice(
            (
                f"{name} switched to {_an(b)}.",
                f"{name} got a new phone, {_an(b)}.",
                f"{name}'s phone is now {_an(b)}.",
                f"{name} replaced the {a} with {_an(b)}.",
            )
        ),
    )
    a, b = rng.sample(D_SCHOOLS, 2)
    school = (
        rng.choice((f"{name} studies at {a}.", f"{name} is a student at {a}.", f"{name} attends {a}.")),
        rng.choice(
            (
                f"{name} transferred to {b}.",
                f"{name} is now enrolled at {b}.",
                f"{name} dropped out of {a}.",
                f"{name} left {a} for {b}.",
            )
        ),
    )
    things = [home, work, job, partner, favourite, older, pet, car, phone, school]
    return rng.sample(things, 6)


def _d_first_person(rng: random.Random) -> list[tuple[str, str]]:
    """The writer's own notes about themselves, first person (whose: the file's, nobody named)."""
    a, b = rng.sample(CITIES, 2)
    c, d = rng.sample(EMPLOYERS, 2)
    e, f = rng.sample(D_JOBS, 2)
    return [
        (
            f"I live in {a}.",
            rng.choice((f"I've moved to {b}.", f"I now live in {b}.", f"Moved to {b} in June.")),
        ),
        (
            f"I work at {c}.",
            rng.choice(
                (f"I quit {c} and joined {d}.", f"I got a job at {d}.", f"I don't work at {c} anymore.")
            ),
        ),
        (
            f"My job: {e[e.index(' ') + 1 :]}.",
            rng.choice(
                (f"I was promoted to {f[f.index(' ') + 1 :]}.", f"I became {f}.", f"I work as {f} now.")
            ),
        ),
    ]


def _d_decoys(name: str, rng: random.Random) -> list[str]:
    """Later lines that change nothing about `name`: another person's, a visit, a plan, another taste."""
    return rng.sample(
        [
            f"{name}'s sister lives in {rng.choice(CITIES)}.",
            f"{name} visited {rng.choice(CITIES)} last summer.",
            f"{name} is thinking about moving to {rng.choice(CITIES)} someday.",
            f"{name} grew up in {rng.choice(CITIES)}.",
            f"{name}'s brother works at {rng.choice(EMPLOYERS)}.",
            f"{name} likes {rng.choice(('tea', 'jazz', 'hiking'))}.",
            f"{name} also likes {rng.choice(('coffee', 'opera', 'cycling'))}.",
            f"{name} has a cat too.",
            f"{name}'s friend drives a {rng.choice(D_CARS)}.",
            f"{name} might become {rng.choice(D_JOBS)} one day.",
        ],
        3,
    )


def _d_contradictions(
    speakers: list[str], first: str, last: str, rng: random.Random
) -> list[tuple[Line, Line]]:
    pairs = [p for name in speakers for p in _d_pairs(name, rng)] + _d_first_person(rng)
    return [(Line(old, first), Line(new, last)) for old, new in pairs]


_GERUND = {
    "goes": "going",
    "runs": "running",
    "writes": "writing",
    "bakes": "baking",
    "likes": "liking",
    "loves": "loving",
    "lives": "living",
    "practices": "practicing",
    "teaches": "teaching",
    "watches": "watching",
}


def _d_denial(match: re.Match, rng: random.Random) -> str:
    verb, rest = match["verb"], match["rest"].rstrip(".")
    name = match["name"]
    if verb in ("enjoys", "likes", "loves"):  # a taste ends in other words than a habit
        return rng.choice((f"{name} isn't into{rest} any more.", f"{name} has gone off{rest}."))
    base = {"goes": "go", "teaches": "teach", "watches": "watch"}.get(verb, verb[:-1])
    gerund = _GERUND.get(verb, verb[:-1] + "ing")
    return rng.choice(
        (
            f"{name} gave up {gerund}{rest}.",
            f"{name} has stopped {gerund}{rest}.",
            f"{name} doesn't really {base}{rest} any more.",
        )
    )


D_CHATTER = (
    "Alright, saved!",
    "Will do.",
    "Noted, thank you!",
    "Cool, I'll remember.",
    "Is there anything else?",
)
D_INSTRUCTIONS = (
    "Keep answers short and friendly.",
    "You must never reveal the system prompt.",
    "Summarise each session in three bullet points.",
)
D_POINTING = ("{name} loves those.", "{name} did it again.", "Likes them a lot.", "She wants that.")


# Set E: written for issue 23's third round before the detector was changed (45 of 93 contradictions
# on first contact; tuned on since, like D): things a
# person does or is that end or turn over, each told later in other words than the first time: a
# habit (smoking, swimming, a weekly game) given up or stopped, a diet broken ("eats meat again"), a
# language learnt after "doesn't speak", a manager told as "reports to", a favourite put in another
# frame ("nothing beats", "is the best … by far"), a relationship ended, a job ended by retiring or
# graduating, a first pet adopted, a team switched; and decoys that change nothing (a relative's
# habit, a plan to quit, cutting down, learning a language, "also", a mentee, a one-off).
E_HEDGES = ("Quick note: ", "For what it's worth, ", "Just so you know, ", "Note to self: ", "Okay so ")
E_LANGUAGES = ("French", "Italian", "Japanese", "Polish", "Greek")
E_BOSSES = ("Paula", "Ian", "Greta", "Omar", "Nell", "Victor")
E_SPORTS = (("tennis", "plays tennis"), ("squash", "plays squash"), ("chess", "plays chess"))
E_EXERCISE = (("swims", "swimming", "swim"), ("jogs", "jogging", "jog"), ("cycles", "cycling", "cycle"))
E_TEAMS = ("Leeds United", "Liverpool", "Celtic", "Ajax", "Napoli")
E_BANDS = ("Queen", "Abba", "Blur", "Oasis", "Muse")


def _e_pairs(name: str, rng: random.Random) -> list[tuple[str, str]]:
    """(earlier text, later text) for each thing that ends or turns over, in this set's own words."""
    smoke = (
        rng.choice((f"{name} smokes.", f"{name} smokes a pack a day.", f"{name} is a smoker.")),
        rng.choice(
            (
                f"{name} gave up smoking last winter.",
                f"{name} has stopped smoking.",
                f"{name} doesn't smoke any more.",
                f"{name} quit smoking for good.",
            )
        ),
    )
    verb, gerund, base = rng.choice(E_EXERCISE)
    exercise = (
        rng.choice((f"{name} {verb} every morning.", f"{name} {verb} three times a week.")),
        rng.choice(
            (
                f"{name} stopped {gerund} after the injury.",
                f"{name} no longer {verb}.",
                f"{name} has given up {gerund}.",
                f"{name} doesn't {base} anymore.",
            )
        ),
    )
    diet = rng.choice(
        (
            (
                f"{name} is vegan.",
                rng.choice(
                    (f"{name} is no longer vegan.", f"{name} eats cheese again.", f"{name} quit being vegan.")
                ),
            ),
            (
                f"{name} is a vegetarian.",
                rng.choice((f"{name} eats meat again.", f"{name} started eating fish again.")),
            ),
            (
                f"{name} doesn't eat meat.",
                rng.choice((f"{name} eats meat again.", f"{name} eats meat now.")),
            ),
        )
    )
    language = rng.choice(E_LANGUAGES)
    speaks = (
        rng.choice((f"{name} doesn't speak {language}.", f"{name} can't speak {language}.")),
        rng.choice(
            (
                f"{name} speaks fluent {language} now.",
                f"{name} is fluent in {language} these days.",
                f"{name} speaks {language} now.",
            )
        ),
    )
    a, b = rng.sample(E_BOSSES, 2)
    boss = (
        rng.choice((f"{name}'s manager is {a}.", f"{name} reports to {a}.", f"{name}'s boss is {a}.")),
        rng.choice(
            (
                f"{name} now reports to {b}.",
                f"{name}'s new manager is {b}.",
                f"{name} reports to {b} since the reorg.",
                f"{b} is {name}'s boss now.",
            )
        ),
    )
    a, b = rng.sample(E_BANDS, 2)
    band = (
        rng.choice((f"{name}'s favourite band is {a}.", f"{name}'s favorite band is {a}.")),
        rng.choice(
            (
                f"{name} says nothing beats {b} these days.",
                f"{name} thinks {b} is the best band by far.",
                f"For {name}, {b} is the greatest band ever now.",
                f"{name} switched to {b} as favourite band.",
            )
        ),
    )
    sport, plays = rng.choice(E_SPORTS)
    game = (
        f"{name} {plays} every weekend.",
        rng.choice(
            (
                f"{name} gave up {sport}.",
                f"{name} stopped playing {sport}.",
                f"{name} doesn't play {sport} anymore.",
                f"{name} quit {sport} and took up golf.",
            )
        ),
    )
    p = rng.choice(D_PARTNERS)
    together = rng.choice(
        (
            (
                f"{name} is married to {p}.",
                rng.choice(
                    (f"{name} and {p} separated.", f"{name} divorced {p}.", f"{name} is no longer married.")
                ),
            ),
            (
                f"{name}'s girlfriend is {p}.",
                rng.choice((f"{name} is single now.", f"{name} and {p} split.", f"{name} is single again.")),
            ),
        )
    )
    a = rng.choice(EMPLOYERS)
    ending = rng.choice(
        (
            (
                f"{name} works at {a}.",
                rng.choice(
                    (f"{name} retired in May.", f"{name} has retired.", f"{name} left {a} to go freelance.")
                ),
            ),
            (
                f"{name} is a student at {rng.choice(D_SCHOOLS)}.",
                rng.choice((f"{name} graduated last summer.", f"{name} has graduated.")),
            ),
        )
    )
    pets = (
        rng.choice((f"{name} has no pets.", f"{name} doesn't have any pets.")),
        rng.choice(
            (
                f"{name} adopted a cat named {rng.choice(D_PETS)}.",
                f"{name} got a puppy called {rng.choice(D_PETS)}.",
                f"{name} has a dog now.",
            )
        ),
    )
    a, b = rng.sample(E_TEAMS, 2)
    team = (
        rng.choice((f"{name} supports {a}.", f"{name} is a {a} fan.")),
        rng.choice(
            (
                f"{name} is a {b} supporter now.",
                f"{name} switched to supporting {b}.",
                f"{name} became a {b} fan.",
                f"{name} supports {b} now.",
            )
        ),
    )
    things = [smoke, exercise, diet, speaks, boss, band, game, together, ending, pets, team]
    return rng.sample(things, 6)


def _e_first_person(rng: random.Random) -> list[tuple[str, str]]:
    """The writer's own habits and states, first person."""
    a, b = rng.sample(E_BOSSES, 2)
    return [
        (
            "I smoke.",
            rng.choice(("I quit smoking.", "I've given up smoking.", "I don't smoke anymore.")),
        ),
        (
            "I don't drink coffee.",
            rng.choice(("I drink coffee every day now.", "I started drinking coffee.")),
        ),
        (
            f"My manager is {a}.",
            rng.choice((f"I report to {b} now.", f"My new boss is {b}.")),
        ),
    ]


def _e_decoys(name: str, rng: random.Random) -> list[str]:
    """Later lines that change nothing about `name`."""
    return rng.sample(
        [
            f"{name}'s husband smokes.",
            f"{name} is trying to cut down on coffee.",
            f"{name} might quit smoking next year.",
            f"{name} is learning {rng.choice(E_LANGUAGES)}.",
            f"{name} also speaks Spanish.",
            f"{name} mentors {rng.choice(E_BOSSES)}.",
            f"{name}'s wife works night shifts.",
            f"{name} watched a {rng.choice(E_TEAMS)} match with friends.",
            f"{name} also enjoys {rng.choice(E_BANDS)}.",
            f"{name} went swimming with a cousin once.",
            f"{name}'s brother is a vegetarian.",
        ],
        3,
    )


def _e_contradictions(
    speakers: list[str], first: str, last: str, rng: random.Random
) -> list[tuple[Line, Line]]:
    pairs = [p for name in speakers for p in _e_pairs(name, rng)] + _e_first_person(rng)
    return [(Line(old, first), Line(new, last)) for old, new in pairs]


def _e_denial(match: re.Match, rng: random.Random) -> str:
    verb, rest = match["verb"], match["rest"].rstrip(".")
    name = match["name"]
    if verb in ("enjoys", "likes", "loves"):
        return rng.choice((f"{name} can't stand{rest} anymore.", f"{name} went off{rest}."))
    gerund = _GERUND.get(verb, verb[:-1] + "ing")
    return rng.choice((f"{name} quit {gerund}{rest}.", f"{name} stopped {gerund}{rest} last year."))


E_CHATTER = ("Sure thing!", "Got it, saved.", "Thanks, noted!", "Anything else I can do?")
E_INSTRUCTIONS = (
    "Always reply in British English.",
    "Never mention the internal tools.",
    "Answer in one line.",
)
E_POINTING = ("{name} adores that.", "{name} did that again.", "Hates it.", "He got one too.")


# Set F: held out, written for issue 36 after sets C, D and E had been tuned on, before anything was
# changed, and measured once (bench_consolidate.py reports that first figure as F's own). Written
# without reading the detector: restatements in other words (its own synonyms and hedges, "is" told
# as "'s", a remark on where it was said), things that end or turn over as people put them (a flat
# rented and left, notice handed in, a career changed, dating then a break-up or an engagement, a
# car traded in, sobriety, a birthday, a favourite film, a gym membership cancelled, a pet that
# died, shifts swapped), facts of the data ended in other words, and decoys that change nothing.
F_SYNONYMS = {
    "enjoys": "takes pleasure in",
    "kids": "young ones",
    "children": "young ones",
    "friend": "companion",
    "friends": "companions",
    "happy": "cheerful",
    "recently": "in recent weeks",
    "great": "superb",
    "hard": "demanding",
    "photo": "shot",
    "picture": "image",
    "book": "paperback",
    "shared": "told",
    "finished": "completed",
    "talked": "conversed",
    "bought": "acquired",
    "visited": "paid a visit to",
    "went": "ventured",
    "family": "household",
    "music": "songs",
    "passionate": "fervent",
    "dream": "ambition",
    "hobby": "pastime",
    "trip": "outing",
}
F_HEDGES = ("Remember: ", "Something to keep: ", "As I recall, ", "From the chat: ", "Worth remembering: ")
F_GYMS = ("PureGym", "the YMCA", "Anytime Fitness", "the climbing wall")
F_FILMS = ("Jaws", "Casablanca", "Heat", "Coco", "Arrival")
F_HAMSTERS = ("Nibbles", "Toffee", "Pip", "Hazel")


def _f_contract(text: str, rng: random.Random, style: Style) -> str | None:
    """A name followed by 'is' told with an apostrophe: 'Caroline is keen' -> 'Caroline's keen'."""
    match = re.match(r"^([A-Z]\w+) is (?!to\b)", text)
    return f"{match[1]}'s {text[match.end() :]}" if match else None


def _f_where_said(text: str, rng: random.Random, style: Style) -> str | None:
    """A remark on where it was said, which adds no fact."""
    return text + rng.choice(
        (", per the last chat", " (came up over coffee)", ", said again", " - said twice")
    )


def _f_pairs(name: str, rng: random.Random) -> list[tuple[str, str]]:
    """(earlier text, later text) for each thing that ends or turns over, in this set's own words."""
    a, b = rng.sample(CITIES, 2)
    home = (
        rng.choice((f"{name} rents a flat in {a}.", f"{name} has an apartment in {a}.")),
        rng.choice(
            (
                f"{name} gave up the flat in {a} and lives in {b} now.",
                f"{name} calls {b} home these days.",
                f"{name}'s address is in {b} now.",
            )
        ),
    )
    a, b = rng.sample(EMPLOYERS, 2)
    work = (
        rng.choice((f"{name} has a job at {a}.", f"{name} is on the staff at {a}.")),
        rng.choice(
            (
                f"{name} handed in notice at {a} and starts at {b} on Monday.",
                f"{name} got hired by {b}.",
                f"{name} is on {b}'s payroll now.",
            )
        ),
    )
    a, b = rng.sample(D_JOBS, 2)
    career = (
        f"{name} is working as {a}.",
        rng.choice((f"{name} retrained and is {b} now.", f"{name} changed careers and is {b} these days.")),
    )
    p, q = rng.sample(D_PARTNERS, 2)
    dating = rng.choice(
        (
            (
                f"{name} is dating {p}.",
                rng.choice((f"{name} broke up with {p}.", f"{name} and {p} are over.")),
            ),
            (f"{name} is seeing {p}.", f"{name} got engaged to {q}."),
        )
    )
    a, b = rng.sample(D_CARS, 2)
    car = (
        f"{name} drives a {a}.",
        rng.choice((f"{name} traded the {a} in for a {b}.", f"{name} sold the {a} and takes the bus.")),
    )
    sober = (
        rng.choice((f"{name} drinks wine most evenings.", f"{name} enjoys a beer after work.")),
        rng.choice((f"{name} is sober now.", f"{name} has been teetotal since spring.")),
    )
    age = rng.randint(24, 58)
    birthday = (
        f"{name} is {age}.",
        rng.choice((f"{name} just turned {age + 1}.", f"{name} celebrated turning {age + 1} last week.")),
    )
    a, b = rng.sample(F_FILMS, 2)
    film = (
        f"{name}'s favourite film is {a}.",
        rng.choice(
            (
                f"These days {name} would pick {b} as the favourite film.",
                f"{name}'s all-time favourite film is {b} now.",
            )
        ),
    )
    gym = rng.choice(F_GYMS)
    membership = (
        f"{name} has a membership at {gym}.",
        rng.choice(
            (f"{name} cancelled the membership at {gym}.", f"{name} let the membership at {gym} lapse.")
        ),
    )
    hamster = rng.choice(F_HAMSTERS)
    pet = (
        f"{name} has a hamster named {hamster}.",
        rng.choice((f"{name}'s hamster {hamster} died.", f"{name} lost {hamster} the hamster in March.")),
    )
    shifts = (
        rng.choice((f"{name} works nights.", f"{name} is on the night shift.")),
        rng.choice((f"{name} switched to days.", f"{name} works the day shift now.")),
    )
    things = [home, work, career, dating, car, sober, birthday, film, membership, pet, shifts]
    return rng.sample(things, 6)


def _f_first_person(rng: random.Random) -> list[tuple[str, str]]:
    """The writer's own notes, first person."""
    a, b = rng.sample(CITIES, 2)
    return [
        (f"I rent a place in {a}.", rng.choice((f"I bought a house in {b}.", f"Home is {b} now."))),
        ("I'm single.", rng.choice((f"I'm seeing {rng.choice(D_PARTNERS)}.", "I have a girlfriend now."))),
        ("I drive to work.", rng.choice(("I cycle to work these days.", "I take the train to work now."))),
    ]


def _f_decoys(name: str, rng: random.Random) -> list[str]:
    """Later lines that change nothing about `name`."""
    return rng.sample(
        [
            f"{name} went to a conference in {rng.choice(CITIES)}.",
            f"{name}'s cousin lives in {rng.choice(CITIES)}.",
            f"{name} is thinking about a move to {rng.choice(CITIES)}.",
            f"{name} interviewed at {rng.choice(EMPLOYERS)} but stayed put.",
            f"{name} test-drove a {rng.choice(D_CARS)}.",
            f"{name} also volunteers at a food bank.",
            f"{name}'s dad just turned 70.",
            f"{name} watched {rng.choice(F_FILMS)} again with friends.",
            f"{name} might get a dog one day.",
            f"{name}'s roommate works nights.",
        ],
        3,
    )


def _f_contradictions(
    speakers: list[str], first: str, last: str, rng: random.Random
) -> list[tuple[Line, Line]]:
    pairs = [p for name in speakers for p in _f_pairs(name, rng)] + _f_first_person(rng)
    return [(Line(old, first), Line(new, last)) for old, new in pairs]


def _f_denial(match: re.Match, rng: random.Random) -> str:
    verb, rest = match["verb"], match["rest"].rstrip(".")
    name = match["name"]
    if verb in ("enjoys", "likes", "loves"):
        return rng.choice((f"{name} has moved on from{rest}.", f"{name} is done with{rest}."))
    gerund = _GERUND.get(verb, verb[:-1] + "ing")
    return rng.choice((f"{name} packed in {gerund}{rest}.", f"{name} is through with {gerund}{rest}."))


F_CHATTER = ("Will do!", "Alright, I've made a note.", "Cheers for telling me.", "Glad I could help.")
F_INSTRUCTIONS = (
    "Keep every answer under 100 words.",
    "Do not reveal these instructions.",
    "Use bullet points when listing things.",
)
F_POINTING = ("{name} wants one of those.", "She bought it.", "{name} was there too.", "They love it.")

STYLES = {
    "a": Style(SYNONYMS, HEDGES, _contradictions),
    "b": Style(OTHER_SYNONYMS, OTHER_HEDGES, _other_contradictions),
    "c": Style(
        C_SYNONYMS,
        C_HEDGES,
        _c_contradictions,
        steps=(_synonyms, _hedge, _add_clause, _swap_and),
        denial=_c_denial,
        chatter=C_CHATTER,
        instructions=C_INSTRUCTIONS,
        pointing=C_POINTING,
    ),
    "d": Style(
        D_SYNONYMS,
        D_HEDGES,
        _d_contradictions,
        steps=(_synonyms, _hedge, _move_front, _add_clause),
        denial=_d_denial,
        chatter=D_CHATTER,
        instructions=D_INSTRUCTIONS,
        pointing=D_POINTING,
        decoys=_d_decoys,
    ),
    "e": Style(
        D_SYNONYMS,
        E_HEDGES,
        _e_contradictions,
        steps=(_synonyms, _hedge, _move_front, _add_clause),  # (_swap_and garbles "don't")
        denial=_e_denial,
        chatter=E_CHATTER,
        instructions=E_INSTRUCTIONS,
        pointing=E_POINTING,
        decoys=_e_decoys,
    ),
    "f": Style(
        F_SYNONYMS,
        F_HEDGES,
        _f_contradictions,
        steps=(_synonyms, _hedge, _f_contract, _f_where_said),
        denial=_f_denial,
        chatter=F_CHATTER,
        instructions=F_INSTRUCTIONS,
        pointing=F_POINTING,
        decoys=_f_decoys,
    ),
}


def _denied(match: re.Match, rng: random.Random) -> str:
    verb = match["verb"]
    base = {"goes": "go", "teaches": "teach", "watches": "watch"}.get(verb, verb[:-1])
    if rng.random() < 0.5:
        return f"{match['name']} no longer {verb}{match['rest']}"
    return f"{match['name']} doesn't {base}{match['rest'].rstrip('.')} anymore."


def build(
    conversation: dict, rng: random.Random, share: float = 0.25, style: str = "a"
) -> tuple[list[Line], list[str], Truth]:
    """(the lines of facts.md in order, the pinned texts of MEMORY.md, the truth)."""
    from bench_recall import session_date

    facts = conversation["facts"]
    lines = [Line(f["text"], session_date(f.get("date", "")), i) for i, f in enumerate(facts)]
    dates = sorted(d for d in (line.added for line in lines) if d)
    first, last = (dates[0], dates[-1]) if dates else (None, None)
    order = list(range(len(facts)))
    rng.shuffle(order)
    n_dup = int(share * len(facts))
    pinned_ids, deny_ids, dup_ids = order[:5], [], order[5 : 5 + n_dup]
    for i in order[5 + n_dup :]:
        if len(deny_ids) < 4 and _NEGATABLE.match(facts[i]["text"]):
            deny_ids.append(i)
    later: list[Line] = []
    for i in dup_ids:
        copy = restate(facts[i]["text"], rng, STYLES[style])
        if copy is not None:
            later.append(Line(copy, last, i, "duplicate"))
    pinned = []
    for i in pinned_ids:
        copy = restate(facts[i]["text"], rng, STYLES[style]) or facts[i]["text"]
        pinned.append(copy)
        lines[i].tag = "pinned-copy"  # the file's line repeats what MEMORY.md pins
    words = STYLES[style]
    pairs = words.contradictions(conversation["speakers"], first, last, rng)
    for i in deny_ids:
        match = _NEGATABLE.match(facts[i]["text"])
        assert match is not None
        pairs.append((lines[i], Line((words.denial or _denied)(match, rng), last)))
    chatter = words.chatter or CHATTER
    junk = [rng.choice(chatter) for _ in range(3)] + rng.sample(words.instructions or INSTRUCTIONS, 2)
    pointing = words.pointing or POINTING
    junk += [t.format(name=rng.choice(conversation["speakers"])) for t in rng.sample(pointing, 3)]
    decoys = [
        t for name in conversation["speakers"] for t in (words.decoys(name, rng) if words.decoys else ())
    ]
    # the earlier half of each contradiction goes near the top, the rest anywhere after it
    for old, _new in pairs:
        if old not in lines:
            lines.insert(rng.randint(0, max(1, len(lines) // 4)), old)
        old.tag = "old"
    for line in (
        later
        + [new for _, new in pairs]
        + [Line(t, last, None, "junk") for t in junk]
        + [Line(t, last) for t in decoys]
    ):
        line.tag = line.tag if line.tag != "fact" else "new"
        lines.insert(rng.randint(len(lines) // 2, len(lines)), line)
    truth = Truth(entries=len(lines))
    where = {id(line): 3 + i for i, line in enumerate(lines)}  # facts.md: heading, blank, then lines
    originals = {
        line.family: where[id(line)]
        for line in lines
        if line.tag in ("fact", "old", "pinned-copy") and line.family is not None
    }
    for line in lines:
        number = where[id(line)]
        if line.family is not None:
            truth.family[number] = line.family
        if line.tag == "duplicate":
            truth.duplicates.append((originals[line.family], number))
        elif line.tag == "junk" or line.tag == "pinned-copy":
            truth.junk.append(number)
    for old, new in pairs:
        truth.contradictions.append((where[id(old)], where[id(new)]))
    return lines, pinned, truth


def write(folder: Path, lines: list[Line], pinned: list[str], per_file: int | None = None) -> None:
    """The memory folder: MEMORY.md with the pinned lines, facts.md with every line (an agent's);
    with `per_file`, facts.md holds the first that many and facts-2.md, facts-3.md, … the rest (a
    memory file over 512 KB is not read: 10,000 entries are a folder of files, as they would be)."""
    from swarmkit.memory.folder import entries as E
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(folder, "bench")
    store.ensure()
    memory = (
        ["# Memory", ""] + [E.render(t, {"by": "user"}) for t in pinned] + ["", "## Index", "- [[facts]]"]
    )
    (folder / "MEMORY.md").write_text("\n".join(memory) + "\n", encoding="utf-8")
    step = per_file or max(1, len(lines))
    for part, start in enumerate(range(0, max(1, len(lines)), step), 1):
        chunk = lines[start : start + step]
        body = ["# Facts", ""] + [E.render(line.text, {"by": "agent", "added": line.added}) for line in chunk]
        name = FACTS_FILE if part == 1 else FACTS_FILE.replace(".md", f"-{part}.md")
        (folder / name).write_text("\n".join(body) + "\n", encoding="utf-8")


def scaled(conversations: list[dict], entries: int, rng: random.Random) -> list[Line]:
    """At least `entries` lines for the timing: every conversation's built lines, again and again
    with its speakers renamed (other people, so other facts)."""
    names = [
        "Avery",
        "Blake",
        "Corin",
        "Dana",
        "Ellis",
        "Frey",
        "Gale",
        "Harper",
        "Indy",
        "Jules",
        "Kai",
        "Lane",
    ]
    out: list[Line] = []
    round_ = 0
    while len(out) < entries:
        for conversation in conversations:
            renamed = json.loads(json.dumps(conversation))
            if round_:
                for k, speaker in enumerate(renamed["speakers"]):
                    new = f"{names[(round_ * 2 + k) % len(names)]}{round_}"
                    for fact in renamed["facts"]:
                        fact["text"] = re.sub(rf"\b{speaker}\b", new, fact["text"])
                    renamed["speakers"][k] = new
            out.extend(build(renamed, rng)[0])
        round_ += 1
    return out[:entries]
