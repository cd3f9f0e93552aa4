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

The templates are this generator's own; a held-out generator uses others (the benchmark's bar is
meant to hold there too), so the detector is never tuned to these words.
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
    """The words one generator restates and contradicts with."""

    synonyms: dict
    hedges: tuple
    contradictions: object  # (speakers, first date, last date, rng) -> [(old Line, new Line)]


def restate(text: str, rng: random.Random, style: Style | None = None) -> str | None:
    """The fact in other words: one to three rewrites, chosen at random; None when none applies."""
    style = style or STYLES["a"]
    steps = [_synonyms, _move_front, _hedge, _drop_tail]
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


STYLES = {
    "a": Style(SYNONYMS, HEDGES, _contradictions),
    "b": Style(OTHER_SYNONYMS, OTHER_HEDGES, _other_contradictions),
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
        pairs.append((lines[i], Line(_denied(match, rng), last)))
    junk = [rng.choice(CHATTER) for _ in range(3)] + rng.sample(INSTRUCTIONS, 2)
    junk += [t.format(name=rng.choice(conversation["speakers"])) for t in rng.sample(POINTING, 3)]
    # the earlier half of each contradiction goes near the top, the rest anywhere after it
    for old, _new in pairs:
        if old not in lines:
            lines.insert(rng.randint(0, max(1, len(lines) // 4)), old)
        old.tag = "old"
    for line in later + [new for _, new in pairs] + [Line(t, last, None, "junk") for t in junk]:
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


def write(folder: Path, lines: list[Line], pinned: list[str]) -> None:
    """The memory folder: MEMORY.md with the pinned lines, facts.md with every line (an agent's)."""
    from swarmkit.memory.folder import entries as E
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(folder, "bench")
    store.ensure()
    memory = (
        ["# Memory", ""] + [E.render(t, {"by": "user"}) for t in pinned] + ["", "## Index", "- [[facts]]"]
    )
    (folder / "MEMORY.md").write_text("\n".join(memory) + "\n", encoding="utf-8")
    body = ["# Facts", ""] + [E.render(line.text, {"by": "agent", "added": line.added}) for line in lines]
    (folder / FACTS_FILE).write_text("\n".join(body) + "\n", encoding="utf-8")


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
