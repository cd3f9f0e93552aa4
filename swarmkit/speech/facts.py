"""Facts about the user in plain speech: "I live in Berlin" → "Lives in Berlin" (subject user.location).

One table of shapes serves three readers: the mock provider's extraction (first-person speech to
third-person facts), `swarmkit memory add` (the kind and subject of a sentence a person types), and
the store (the subject of an older line that has none, so a new value replaces it). Each shape
knows its first-person form, the fact it becomes, that fact's own form, its kind and its subject.
The table and its word lists are data (speech/data/facts.toml); every shape is documented, with an
example, in docs/providers.md, and a test checks each row.

A subject names one thing about the user: a new value for the same subject replaces the old one.
Open-ended facts (likes, tools, things owned) carry their value in the subject, so they add up.
Where a value ends ("Munich now, so please …" is Munich) is speech/fact_values.py's to say.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from swarmkit.speech import fact_values, idioms, literals, prefilter, reported, rules, sentences, unmeant

MAX_VALUE = 200  # characters of a value; a longer "value" is a whole story, not a fact
# A clause longer than this is no single fact (its value would be far over MAX_VALUE): it is not
# read at all, which keeps reading a text linear in its length, whatever its shape.
MAX_CLAUSE = 5 * MAX_VALUE

_DATA = rules.load("facts")
_WORDS = _DATA["words"]
# The thing in "my X is Y" that is a fact about who the user is (the rest are preferences).
IDENTITY_THINGS = rules.words(_WORDS["identity_things"])
_WORD_ALIASES: dict[str, str] = _DATA["word_aliases"]  # "favorite" → "favourite"
_THING_ALIASES: dict[str, str] = _DATA["thing_aliases"]  # "boss" → "manager"
_THIRD: dict[str, str] = _DATA["third_person"]  # "study" → "Studies"
_ES_AFTER = tuple(_DATA["third_person_endings"]["es_after"])
_THIRD_WORDS: dict[str, str] = _DATA["third_person_words"]  # "my" → "their"
_FIRST_WORDS = {third: first for first, third in _THIRD_WORDS.items()}
# A word standing alone: not part of a name joined by "-", "_", "." or "/" ("my-utils", "/my-page").
_ALONE = (r"(?<![\w'’./@#-])(?:", r")(?![\w'’/@-]|\.\w)")
_SPEAKERS_WORD = re.compile(_ALONE[0] + "|".join(map(re.escape, _THIRD_WORDS)) + _ALONE[1])
_THIRD_PERSONS_WORD = re.compile(_ALONE[0] + "|".join(map(re.escape, _FIRST_WORDS)) + _ALONE[1])


def _outside_literals(text: str, word: re.Pattern[str], words: dict[str, str]) -> str:
    """`text` with each `word` outside its quotations and links (speech/literals.py: words taken as
    written) replaced as `words` says."""
    return literals.outside(text, lambda stretch: word.sub(lambda m: words[m[0]], stretch))


def _in_third_person(text: str) -> str:
    """A fact's text with the speaker's own words in the third person ("Drinks my coffee black" →
    "Drinks their coffee black"); a word with a capital stays ("Where Is My Mind"), and so do a
    quotation, a link and a name the word is part of ("the my-utils package")."""
    return _outside_literals(text, _SPEAKERS_WORD, _THIRD_WORDS)


def _in_first_person(text: str) -> str:
    """A stored fact's words read back as the speaker said them ("their coffee" → "my coffee")."""
    return _outside_literals(text, _THIRD_PERSONS_WORD, _FIRST_WORDS)


VERBS = rules.in_order(_WORDS["verbs"])
# Verbs a negation keeps as a fact ("I don't eat meat"): habits and tastes, never "know" or "think".
NEGATABLE = rules.in_order(_WORDS["negatable"])
_NEGATED_SUBJECTS: dict[str, str] = _DATA["negated_subjects"]
# A value made only of these points at something said before ("I really like it there"): no fact.
POINTERS = rules.words(_WORDS["pointers"])
# Words that, with a pointer, still name nothing ("away from them")
POINTER_PARTICLES = rules.words(_WORDS["pointer_particles"])


def _third(verb: str) -> str:
    """The third person of a verb as typed ("wake" → "Wakes", "watch" → "Watches", "study" → "Studies")."""
    verb = verb.lower()
    if verb in _THIRD:
        return _THIRD[verb]
    if verb.endswith(_ES_AFTER):
        return verb.capitalize() + "es"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1].capitalize() + "ies"
    return verb.capitalize() + "s"


# The verb shape's fact reads the third person of its verbs ("studies", "writes").
_BARE_HABITS = rules.in_order(_WORDS["bare_habits"])
_PATTERNS = rules.Patterns(
    _DATA,
    {
        "VERBS_THIRD": "|".join(_third(verb).lower() for verb in VERBS),
        "BARE_HABITS_THIRD": "|".join(_third(verb).lower() for verb in _BARE_HABITS),
    },
)
_ADDITIVE = _PATTERNS.lazy("additive")
# Said at the start of a clause, these only introduce the fact ("and now I live in Valencia").
_LEAD_IN = _PATTERNS.lazy("lead_in")
# Where one statement may end and the next begin inside a sentence: split only where what
# follows reads as a statement itself ("..., and my editor is Helix", "... and work at Acme").
_JOIN = _PATTERNS.lazy("join")
# A clause whose subject is the speaker ("I drive my car"): "my" in its fact is "their".
_BY_THE_SPEAKER = _PATTERNS.lazy("by_the_speaker")
# Said in passing after "I" ("I honestly hate jazz"): dropped before a clause is read.
_PASSING = _PATTERNS.lazy("passing")
# A quick check before it: most clauses hold none of these words (the pattern costs 7 µs a clause)
_PASSING_WORDS = rules.in_order(_WORDS["passing_adverbs"])
# Words before the thing that do not change which thing it is: "my new editor" is my editor.
_THING_ADJECTIVES = _PATTERNS.lazy("thing_adjective_run")


def _negated_subject(verb: str) -> str:
    verb = verb.lower()
    return _NEGATED_SUBJECTS.get(verb, verb)


@dataclass(frozen=True, slots=True)
class Fact:
    text: str
    kind: str
    subject: str
    shape: str

    def to_dict(self) -> dict:
        return {"text": self.text, "kind": self.kind, "subject": self.subject}


def value_key(value: str, words: int = 6) -> str:
    """A value as a subject part: its first few words, lowercase, joined by `_`."""
    return "_".join(re.findall(r"[a-z0-9]+", value.lower())[:words])[:60] or "x"


def thing_key(thing: str) -> str:
    key = value_key(_THING_ADJECTIVES.sub("", thing.lower().strip()), 5)
    key = "_".join(_WORD_ALIASES.get(word, word) for word in key.split("_"))
    return _THING_ALIASES.get(key, key)


def _thing_text(thing: str) -> str:
    thing = _THING_ADJECTIVES.sub("", thing.strip())
    return thing[:1].upper() + thing[1:]


def _base(verb: str) -> str:
    verb = verb.lower()
    for base in VERBS:
        if verb in (base, _third(base).lower()):
            return base
    return verb


def _uncapped(value: str) -> str:
    """A value that opened a sentence, as it would stand inside one ("Peanuts" → "peanuts"); a word
    in capitals stays ("TV", "IPA")."""
    return value[:1].lower() + value[1:] if value[1:2].islower() else value


def _uncapped_thing(value: str) -> str:
    """A value that opened a sentence, as it would stand inside one, unless it is written as a name
    (one or two words, each capitalised: "Anna", "Anna Smith"): "Flat white with oat milk" → "flat
    white with oat milk"."""
    words = value.split()
    if len(words) <= 2 and all(word[:1].isupper() for word in words):
        return value
    return _uncapped(value)


def _bare_habit(verb: str) -> str:
    """A habit's verb as its base form, as said ("smoke") or as kept ("Smokes")."""
    verb = verb.lower()
    return next((base for base in _BARE_HABITS if verb in (base, _third(base).lower())), verb)


# What a {group|filter} in a shape's render or subject does to the group.
_FILTERS = {
    "uncap": _uncapped,
    "uncap_thing": _uncapped_thing,
    "lower": str.lower,
    "third": _third,
    "thing": _thing_text,
    "key": value_key,
    "thing_key": thing_key,
    "negated": _negated_subject,
    "base": _base,
    "bare": _bare_habit,
}
_FIELD = re.compile(r"\{(\w+)(?:\|(\w+))?\}")


class Shape:
    """One way of telling a fact ([[shape]] in speech/data/facts.toml): `said`, the first-person
    clause, and `fact`, the fact's own form, name the same groups; each is compiled on first use."""

    __slots__ = (
        "name",
        "_said",
        "opens",
        "_holds",
        "has_fact",
        "_fact",
        "_compiled",
        "_sources",
        "_render",
        "_kind",
        "_subject",
        "_when",
        "_not_a_value",
        "_value",
        "_ends_as",
        "_form",
        "place",
        "region",
        "general",
        "about_a_person",
        "since",
    )

    def __init__(self, row: dict[str, Any]):
        self.name: str = row["name"]
        if "head" in row:  # said + value → head + value
            head = row["head"]
            self._said = _PATTERNS.text(row["said"]) + " " + _PATTERNS["V"]
            self._fact: str | None = re.escape(head.lower()) + " " + _PATTERNS["V"]
            self._render = head + " {v}"
        else:
            self._said = _PATTERNS.text(row["said"])
            self._fact = _PATTERNS.text(row["fact"]) if "fact" in row else None
            self._render = row["render"]
        # the first words such a clause can have: a clause with another is neither tried nor compiled for
        self.opens: frozenset[str] | None = frozenset(row["opens"]) if "opens" in row else None
        # a word list one of whose entries such a clause holds: a clause that holds none is not tried
        holds = rules.in_order(_WORDS[row["holds"]]) if "holds" in row else ()
        self._holds = "|".join(re.escape(word.lower()) for word in holds) if holds else None
        self.has_fact = self._fact is not None  # an older line can be read back in this shape
        # each form's whole pattern, compiled when a text that holds one of its necessary words comes
        self._sources = {"said": self._said + "$", "fact": None if self._fact is None else self._fact + "$"}
        self._compiled: dict[str, re.Pattern] = {}
        self._kind: str = row["kind"]
        self._subject: str = row["subject"]
        when = row.get("subject_when_value")
        self._when: tuple[Callable[[str], object], str] | None = None
        if when and "pattern" in when:
            self._when = (_PATTERNS.lazy(when["pattern"]).match, when["subject"])
        elif when:
            self._when = (functools.partial(_is_of_kind, when["kind"]), when["subject"])
        self._not_a_value = row.get("not_a_value")
        self._value: str | None = row.get("value")  # the value kept, made of the groups
        self._ends_as: str | None = row.get("ends_as")  # the fact when the state ends
        self._form: dict[str, str] = row.get("form", {})
        self.place: bool = row.get("place", False)  # its value is a place: "for …" and "with …" end it
        # its value names a place, which keeps its region after a comma ("Tulsa, OK")
        self.region: bool = row.get("region", self.place)
        self.general: bool = row.get("general", False)
        self.about_a_person: bool = row.get("about_a_person", False)
        # its state holds from when it began: told with a year, its fact keeps it ([[started]])
        self.since: bool = row.get("since", False)

    def match(self, form: str, text: str) -> re.Match | None:
        """`text` read in this shape's first-person form ("said") or its fact's own form ("fact")."""
        if (
            form == "said"
            and self._holds is not None
            and rules.compiled(self._holds).search(text.lower()) is None
        ):
            return None
        source = self._sources[form]
        if source is None or not prefilter.could(source, re.I | re.S, text):
            return None
        compiled = self._compiled.get(form)
        if compiled is None:
            compiled = self._compiled[form] = re.compile(source, re.I | re.S)
        return compiled.match(text)

    def _fill(self, template: str, groups: dict) -> str:
        def field(m: re.Match) -> str:
            value = groups[m[1]]
            if m[2] == "form":
                return self._form[value.lower()]
            return _FILTERS[m[2]](value) if m[2] else value

        return _FIELD.sub(field, template)

    def render(self, groups: dict) -> str:
        return self._fill(self._render, groups)

    def render_ended(self, groups: dict) -> str:
        """The fact that the state this shape tells has ended ("No longer lives in Oslo")."""
        if self._ends_as is not None:
            return self._fill(self._ends_as, groups)
        text = self.render(groups)
        return "No longer " + text[:1].lower() + text[1:]

    def valued(self, groups: dict) -> dict:
        """The groups with the value kept: the value as cut (`thing`), or as the shape makes it."""
        if self._value is None:
            return groups | {"thing": groups["v"]}
        return groups | {"thing": groups["v"], "v": self._fill(self._value, groups)}

    def kind(self, groups: dict) -> str:
        if self._kind == "by-thing":
            return "identity" if thing_key(groups["t"]) in IDENTITY_THINGS else "preference"
        return self._kind

    def subject(self, groups: dict) -> str:
        if self._when is not None and self._when[0](groups["v"]):
            return self._fill(self._when[1], groups)
        return self._fill(self._subject, groups)

    def accepts(self, value: str) -> bool:
        return self._not_a_value is None or _PATTERNS.compile(self._not_a_value).fullmatch(value) is None


def _is_of_kind(kind: str, value: str) -> bool:
    """Whether `value` is of `kind` as consolidation's reader tells it ("a nurse at St Mary's" is a
    role, "a vegetarian" none): one list of occupations for both readers."""
    from swarmkit.speech import attributes  # (only for a clause of a shape that asks: "I'm a …")

    return attributes.kind_of(value) == kind


SHAPES: tuple[Shape, ...] = tuple(Shape(row) for row in _DATA["shape"])
SHAPE_NAMES = tuple(shape.name for shape in SHAPES)
# Catch-alls, tried last: what they read is kept, but an older line is never read back as one.
GENERAL_SHAPES = frozenset(shape.name for shape in SHAPES if shape.general)
# Shapes whose third-person form can only be about a person ("Prefers tabs"); the others also read
# as facts about things ("Builds are slow", "Runs nightly", "Target is eu-west-1").
ABOUT_A_PERSON = frozenset(shape.name for shape in SHAPES if shape.about_a_person)
# Shapes whose state holds from when it began ("Lives in Berlin since 2019").
SINCE_SHAPES = frozenset(shape.name for shape in SHAPES if shape.since)


_QUOTES = "\"'“”‘’"


def _unquoted(value: str) -> str:
    """`value` without the quotes around it, or a stray one at an end; a quotation that only ends it
    (the song "Hey Jude") keeps its marks."""
    if len(value) > 1 and value[0] in _QUOTES and value[-1] in _QUOTES:
        return value[1:-1].strip()
    if value[:1] in _QUOTES and not any(mark in value[1:] for mark in _QUOTES):
        return value[1:].strip()
    if value[-1:] in _QUOTES and not any(mark in value[:-1] for mark in _QUOTES):
        return value[:-1].strip()
    return value


def _clean_value(value: str) -> str | None:
    """A value, its tail already cut, without quotes around it; None when nothing is left of it, or
    nothing but words that point elsewhere ("it there", "that one")."""
    value = _unquoted(value.rstrip(".!,;: ").strip())
    if not value or len(value) > MAX_VALUE or not any(ch.isalnum() for ch in value):
        return None
    words = value.lower().split()
    if all(word in POINTERS or word in POINTER_PARTICLES for word in words) and any(
        word in POINTERS for word in words
    ):
        return None
    return value


def _strip_lead_in(clause: str) -> str:
    """The clause without the words that only introduce it; "" when they introduce someone else's."""
    clause = clause.strip()
    if ": " in clause:  # "Two things to remember about me: I live in Lisbon"
        head, _, clause = clause.rpartition(": ")
        if reported.is_reported(head):  # "My colleague said: I live in Antwerp"
            return ""
    return _LEAD_IN.sub("", clause).strip()


_FIRST_WORD = re.compile(r"[^\W\d_]+")
# A value that is the listener's or the conversation's ("you", "your thinking", "how you put that").
_TO_THE_LISTENER = _PATTERNS.lazy("to_the_listener")
_FACT_SHAPES = tuple(shape for shape in SHAPES if shape.has_fact)


@functools.lru_cache(maxsize=256)
def _shapes_opening_with(word: str) -> tuple[Shape, ...]:
    """The shapes a clause whose first word is `word` (lower case) may be in, in the table's order."""
    return tuple(shape for shape in SHAPES if shape.opens is None or word in shape.opens)


def _read(text: str, form: str) -> tuple[Shape, dict, str] | None:
    """(shape, groups with the cleaned value, `text` without the value's tail) of the first shape
    whose `form` (said | fact) fits."""
    shapes = _FACT_SHAPES
    if form == "said":
        first = _FIRST_WORD.match(text)
        shapes = _shapes_opening_with(first[0].lower() if first else "")
    for shape in shapes:
        match = shape.match(form, text)
        if match is None:
            continue
        groups = {k: v for k, v in match.groupdict().items() if v is not None}
        if "t" in groups and reported.is_reported(groups["t"]):
            return None  # "My colleague said my editor is Vim": someone else's words
        kept_value, tail = fact_values.cut(match["v"], shape.place, shape.region)
        value = _clean_value(kept_value)
        if value is None or not shape.accepts(value) or _TO_THE_LISTENER.fullmatch(value):
            return None  # (nothing, or no value in this shape, or the listener's: "I love you")
        kept = text[: match.end("v") - len(tail)] + text[match.end("v") :]
        return shape, shape.valued(groups | {"v": value}), kept
    return None


def read_statement(clause: str, _recasts: int = 0) -> Fact | None:
    """The fact one first-person clause states, or None ("where do I live", "I don't know"). A state
    that ends ("I no longer live in Oslo", "I'm not vegan any more") is read whole: the state, then
    its end, under the state's subject so that it replaces it. A state told with the year it began
    ("I moved to Berlin in 2019") is kept with it ("Lives in Berlin since 2019"), when its shape says so."""
    if len(clause) > MAX_CLAUSE:
        return None
    stated = _strip_lead_in(clause)
    while (opened := idioms.after_opener(stated)) is not None:  # "I guess I like jazz": "I like jazz"
        stated = _strip_lead_in(opened)
    if idioms.alone(stated):  # "I kid you not", "Love it": a fixed expression tells nothing
        return None
    said = stated.rstrip(" .!")
    if not said or said.endswith("?"):
        return None
    lowered = said.lower()
    if any(word in lowered for word in _PASSING_WORDS):
        said = _PASSING.sub(r"\1", said)  # "I honestly hate jazz" is "I hate jazz"
    if _recasts == 0 and (started := _started(said)) is not None:
        # "I moved to Berlin in 2019": the state, kept with when it began ("Lives in Berlin since 2019");
        # a clause told in other words is dated once, as said (_recasts), and a state that ends never
        told, when = started
        fact = _read_said(clause, stated, told, _recasts)
        if fact is not None and fact.shape in SINCE_SHAPES and _state_that_ends(told) is None:
            text = _STARTED_AS.format(fact=fact.text, when=when) if when else fact.text
            return Fact(text, fact.kind, fact.subject, fact.shape)
    return _read_said(clause, stated, said, _recasts)


def _read_said(clause: str, stated: str, said: str, _recasts: int) -> Fact | None:
    """The fact `said` (`clause` without its lead-in and passing words) states, or None."""
    state = _state_that_ends(said)
    found = None
    if state is None and (recast := _recast(said, first=True)) is not None:
        found = _read(recast[0], "said")  # "I'm the kind of person who codes" tells "I code"
    if found is None:
        found = _read(said if state is None else state, "said")
    if found is None and state is None and (recast := _recast(said, first=False)) is not None:
        told, again = recast
        if again:  # "Been driving buses for years" is "I've been driving buses for years", read again
            return read_statement(told, _recasts + 1) if _recasts < _MAX_RECASTS else None
        found = _read(told, "said")  # "I've been teaching maths for ten years" tells "I teach maths"
    if found is None:
        return None
    shape, groups, kept = found
    lead_in = clause.strip()[: len(clause.strip()) - len(stated)]
    subject = shape.subject(groups)
    if subject.count(".") == 1 and _ADDITIVE.match(lead_in + kept):
        subject = f"{subject}.{value_key(groups['v'])}"  # "I also speak French" adds a language
    text = shape.render(groups) if state is None else shape.render_ended(groups)
    if _BY_THE_SPEAKER.match(said):  # "Drives their car"; not "Sister lives with their husband"
        text = _in_third_person(text)
    return Fact(text, shape.kind(groups), subject, shape.name)


# A state that ends, said in the first person ([[ended]] in the data): each pattern and the clause
# that tells the state itself ("I no longer live in Oslo" → "I live in Oslo").
_ENDED = tuple((_PATTERNS.text(row["said"]), row["state"], tuple(row["holds"])) for row in _DATA["ended"])
# The end of a state as a fact is stored ("No longer lives in Oslo" → "Lives in Oslo").
_ENDED_FACTS = tuple(
    (_PATTERNS.text(row["fact"]), row["state"], tuple(row["holds"])) for row in _DATA["ended_fact"]
)
_ENDING_WORDS = frozenset(word for _, _, holds in _ENDED + _ENDED_FACTS for word in holds)


def _first_row(said: str, rows: tuple, words: frozenset[str]) -> tuple[re.Match, str] | None:
    """(the match, the row's template) of the first of `rows` (pattern, template, the words one of
    which a clause it reads holds) that reads `said`; None when none does, or `said` holds none of
    `words` (a quick check: most clauses hold none)."""
    lowered = said.lower()
    if not any(word in lowered for word in words):
        return None
    for pattern, template, holds in rows:
        if not any(word in lowered for word in holds):
            continue
        match = rules.compiled(pattern, re.I | re.S).match(said)
        if match is not None:
            return match, template
    return None


def _state_that_ends(said: str, endings: tuple = _ENDED) -> str | None:
    """The clause that tells the state `said` ends, or None when `said` ends no state."""
    found = _first_row(said, endings, _ENDING_WORDS)
    if found is None:
        return None
    match, template = found
    state = template.format(**match.groupdict())
    return state[:1].upper() + state[1:]


# A state told with when it began ([[started]] in the data): each pattern, the clause that tells the
# state itself, and the words one of which such a clause holds (a quick check).
_STARTED = tuple((_PATTERNS.text(row["said"]), row["state"], tuple(row["holds"])) for row in _DATA["started"])
_STARTED_WORDS = frozenset(word for _, _, holds in _STARTED for word in holds)
_STARTED_AS: str = _DATA["started_as"]["text"]


def _started(said: str) -> tuple[str, str] | None:
    """(the clause that tells the state `said` tells, when it began: "" when said without a year), or
    None when `said` tells no time a state began ("I moved to Berlin in 2019" → ("I moved to Berlin",
    "2019"))."""
    found = _first_row(said, _STARTED, _STARTED_WORDS)
    if found is None:
        return None
    match, template = found
    groups = {k: v or "" for k, v in match.groupdict().items()}
    return template.format(**groups), groups.get("when", "")


# A state told in other words ([[recast]] in the data): each pattern, the clause that tells the state
# itself, the words one of which such a clause holds (a quick check), whether it is tried before the
# clause as said, and whether the clause it gives is read as a clause of its own (`again`).
_RECAST = tuple(
    (
        _PATTERNS.text(row["said"]),
        row["state"],
        row.get("first", False),
        tuple(row["holds"]),
        row.get("again", False),
    )
    for row in _DATA["recast"]
)
_RECAST_WORDS = {
    first: frozenset(
        word for _, _, tried_first, holds, _ in _RECAST if tried_first == first for word in holds
    )
    for first in (True, False)
}
# How many times a clause is told in other words before it is given up ("Weekends I've been …").
_MAX_RECASTS = 2
_E_VERBS = rules.words(_WORDS["e_verbs"])
_KNOWN_VERBS = rules.words(
    " ".join(_WORDS[name] for name in ("verbs", "negatable", "implied_i", "bare_habits"))
)
_UNDOUBLED = "lsfz"  # "selling", "kissing": their doubled consonant is the verb's own


def base_of_ing(word: str) -> str:
    """The base form of a verb's "-ing" form: "teaching" → "teach", "coding" → "code", "running" → "run"."""
    stem = word.lower().removesuffix("ing")
    if len(stem) < 2 or stem in _KNOWN_VERBS:
        return stem or word
    if stem + "e" in _E_VERBS:
        return stem + "e"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in _UNDOUBLED + "aeiou":
        return stem[:-1]  # "running" → "run", "swimming" → "swim"
    if len(stem) >= 6 and stem.endswith("ell"):
        return stem[:-1]  # British "travelling" → "travel" ("spelling" → "spell" stays)
    return stem


def base_of_third(word: str) -> str:
    """The base form of a verb's third person: "codes" → "code", "watches" → "watch", "flies" → "fly"."""
    word = word.lower()
    for base, third in _THIRD.items():
        if third.lower() == word:
            return base
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(tuple(ending + "es" for ending in _ES_AFTER)):
        return word[:-2]
    return word.removesuffix("s")


_PARTICIPLE_BASES: dict[str, str] = _DATA["participle_bases"]


def base_of_participle(word: str) -> str:
    """The base form of a verb's participle: "lived" → "live", "studied" → "study", "knitted" → "knit",
    "taught" → "teach"."""
    word = word.lower()
    if word in _PARTICIPLE_BASES:
        return _PARTICIPLE_BASES[word]
    if word.endswith("ied") and len(word) > 4:
        return word[:-3] + "y"
    stem = word.removesuffix("ed")
    if stem + "e" in _E_VERBS:
        return stem + "e"
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in _UNDOUBLED + "aeiou":
        return stem[:-1]
    return stem


def _recast(said: str, first: bool) -> tuple[str, bool] | None:
    """The clause that tells the state `said` tells in other words (with how long it has lasted, as
    the kind of person one is, with "I" left out …), and whether it is to be read as a clause of its
    own; None when it tells none. `first`: of the rows tried before the clause as said."""
    lowered = said.lower()
    if not any(word in lowered for word in _RECAST_WORDS[first]):
        return None  # (a quick check: most clauses are told plainly)
    for pattern, template, tried_first, holds, again in _RECAST:
        if tried_first != first or not any(word in lowered for word in holds):
            continue
        match = rules.compiled(pattern, re.I | re.S).match(said)
        if match is not None:
            groups = {k: v or "" for k, v in match.groupdict().items()}
            if "ing" in groups:
                groups["ing"] = base_of_ing(groups["ing"])
            if "does" in groups:
                groups["does"] = base_of_third(groups["does"])
            if "front" in groups:
                groups["front"] = groups["front"].lower()
            if "done" in groups:
                groups["done"] = base_of_participle(groups["done"])
            return template.format(**groups), again
    return None


# After "and" or a comma, a verb that starts a statement of its own once "I" is put back ("and now
# live in Bergen"), and a state that does once "I'm" is ("…, living in Bergen now").
_IMPLIED = ((_PATTERNS.compile("implied_i_start"), "I "), (_PATTERNS.compile("implied_im_start"), "I'm "))


def _starts_statement(text: str) -> str | None:
    """ "" when `text` reads as a statement, "I " ("I'm ") when it does once that is put back ("and
    work at Acme", ", living in Bergen"), None when it is the rest of the previous statement ("and
    Portuguese"). A fixed expression ("…, not joking", "…, like it or not") is a clause of its own,
    which tells nothing."""
    if idioms.starts(text) or read_statement(text) is not None:
        return ""
    for start, who in _IMPLIED:
        if (
            start.match(text)
            and (implied := read_statement(who + text)) is not None
            and implied.shape not in GENERAL_SHAPES  # "and report it to me" asks; it tells nothing
        ):
            return who
    return None


# A topic asked of oneself ("Coffee?", "Music?"), and the words that answer it ("Only decaf for me").
_TOPIC = _PATTERNS.compile("topic_question")
_TOPIC_ANSWER = _PATTERNS.compile("topic_answer_start")


def clauses(text: str) -> list[str]:
    """The statements in a text: split at sentence ends (speech/sentences.py: not after "Dr."), `;`,
    and at `,` / `and` / `but` where a new statement begins; none that the speaker marks as a joke
    or leaves undecided (speech/unmeant.py)."""
    out: list[str] = []
    topic = ""
    for sentence in unmeant.meant(sentences.split(reported.without_quotations(str(text)))):
        sentence = reported.own_part(unmeant.without_undecided_about(sentence)).strip()
        sentence = idioms.without_asides(sentence)  # "English, of course, and French"
        if topic and _TOPIC_ANSWER.match(sentence):
            sentence = f"{topic} {sentence}"  # "Coffee? Only decaf for me": the answer with its topic
        topic = sentence if _TOPIC.match(sentence) else ""
        if not sentence or sentence.endswith("?"):
            continue
        start, prefix = 0, ""
        for at, end, implied in joins(sentence):
            out.append(prefix + sentence[start:at])
            start, prefix = end, implied
        out.append(prefix + sentence[start:])
    return _decided([clause.strip() for clause in out if clause.strip()])


# When a state began, said before it and a comma ("In 2019, I moved to Berlin").
_TIME_FIRST = _PATTERNS.lazy("time_first")
# Characters such a time takes at most ("back in the beginning of 2019"): only a short stretch before a
# join is read for it, which keeps splitting a long sentence linear in its length.
_TIME_FIRST_MOST = 40


def joins(sentence: str, stored: bool = False) -> list[tuple[int, int, str]]:
    """Where a new statement begins in one sentence: (start, end) of each join (", ", " and ",
    " but ") and what is put back before the statement after it ("" or "I ": "and work at Acme").
    `stored`: the sentence may be facts as kept, in the third person ("Lives in Lisbon and drives a
    Skoda"), which also part at a join where both what follows and what stands before it read alone
    as facts (_both_facts)."""
    out: list[tuple[int, int, str]] = []
    start, before = 0, ""
    for join in _JOIN.finditer(sentence):
        if join.start() < start or len(sentence) - join.end() > MAX_CLAUSE:
            continue  # (what follows is too long to read as one statement)
        if fact_values.region_follows(sentence[: join.start()], sentence[join.end() :]):
            continue  # "Tulsa, OK, and …": the place's region, not a clause ("OK, and I work …")
        if join.start() - start <= _TIME_FIRST_MOST and _TIME_FIRST.fullmatch(sentence[start : join.start()]):
            continue  # "Back in 2017, we moved to Leeds": when the clause after it began
        implied = _starts_statement(sentence[join.end() :])
        if implied is None and unmeant.undecided_statement(sentence[join.end() :]):
            implied = ""  # "I live in Porto and I might move to Tokyo, or maybe not": its own
        if implied is None and stored and _both_facts(sentence, start, join, before):
            implied = ""  # "Lives in Lisbon and drives a red Skoda": two facts as kept
        if implied is not None:
            out.append((join.start(), join.end(), implied))
            start, before = join.end(), implied
    return out


def _both_facts(sentence: str, start: int, join: re.Match[str], implied: str) -> bool:
    """Whether `join` in a fact as kept parts two facts: what follows it reads alone as a fact in its
    stored form ("drives a red Skoda"), and what stands before it since `start` (with the `implied`
    "I " of its own join put back) reads alone as one too, stored or said ("Lives in Lisbon"; a state
    that ends, "No longer lives in Oslo", is one). Both, as one half that reads is no sign of a join:
    "Lives with Anna and drives her to work" is one statement."""
    if join.start() - start > MAX_CLAUSE or read_fact(sentence[join.end() :]) is None:
        return False  # (a longer stretch is no one fact: not even sliced, which keeps this linear)
    before = implied + sentence[start : join.start()]
    return (read_fact(before) or read_statement(before)) is not None


def _decided(said: list[str]) -> list[str]:
    """The clauses not left undecided: "I might move to Tokyo, or maybe not" keeps nothing, nor does
    "I'm moving to Tokyo" before "Not sure yet" or "I have not decided"."""
    out: list[str] = []
    for clause in said:
        if unmeant.only_undecided(clause):
            if out:
                out.pop()
        elif not unmeant.undecided(clause):
            out.append(clause)
    return out


# "Remember: coffee black, no sugar": what follows is to be kept as said, even in no shape of its own.
_REMEMBER = _PATTERNS.lazy("remember_note", re.S)


def read_note(clause: str) -> Fact | None:
    """What a person asked to be remembered ("remember: coffee black, no sugar"), kept in their own
    words when it is in no shape; None when it is someone else's words or points elsewhere."""
    if len(clause) > MAX_CLAUSE:
        return None
    match = _REMEMBER.match(clause.strip())
    if match is None or match["v"].rstrip().endswith("?") or in_first_person(match["v"]):
        return None  # a first-person note in no shape ("remember that I said so") is no fact
    value = _clean_value(fact_values.without_asides(match["v"].rstrip(".!,;: ")))
    if value is None:  # "remember that for next time": words to the assistant, no note
        return None
    return Fact(value[:1].upper() + value[1:], "preference", f"user.notes.{value_key(value)}", "remember")


def extract(text: str) -> list[Fact]:
    """Every fact a text states about the speaker, in order, without repeats."""
    facts: list[Fact] = []
    seen: set[str] = set()
    for clause in clauses(text):
        fact = read_statement(clause) or read_note(clause)
        if fact is not None and fact.text.lower() not in seen:
            seen.add(fact.text.lower())
            facts.append(fact)
    return facts


def read_fact(text: str) -> Fact | None:
    """A fact as stored, in its third-person form ("Lives in Munich"), read back into its shape; the
    end of a state ("No longer lives in Munich") is read as the state's."""
    if len(text) > MAX_CLAUSE:
        return None
    stated = _strip_lead_in(text).rstrip(" .!")
    said = _in_first_person(stated)  # "Drinks their coffee black" has the subject "my coffee black" has
    state = _state_that_ends(said, _ENDED_FACTS)
    found = _read(said if state is None else state, "fact")
    if found is None:
        return None
    shape, groups, _ = found
    return Fact(stated, shape.kind(groups), shape.subject(groups), shape.name)


def read_own_words(text: str) -> Fact | None:
    """The fact a person typed about themselves: one first-person statement ("I live in Munich"), or one
    in a third-person shape that can only be about a person ("Prefers tabs"); None otherwise."""
    said = clauses(text)
    if len(said) != 1:
        return None
    fact = read_statement(said[0])
    if fact is None:
        fact = read_fact(said[0])
        if fact is not None and fact.shape not in ABOUT_A_PERSON:
            return None
    return fact


_FIRST_PERSON = _PATTERNS.lazy("first_person", re.I)


def in_first_person(text: str) -> bool:
    """Whether a text speaks of its writer ("I", "my", "me", "mine", "I'm" …), in any shape: such a
    text is personal, whatever else it says ("My therapist sees me on Fridays")."""
    return _FIRST_PERSON.search(text) is not None


def subject_of(text: str) -> str | None:
    """The subject of a fact as stored, first person ("I live in Munich") or third ("Lives in
    Munich"); None when it is not a fact about the user in a known shape."""
    fact = read_statement(text) or read_fact(text)
    return fact.subject if fact is not None else None


_FIRST_PERSON_PLURAL = _PATTERNS.lazy("first_person_plural", re.I)


def in_the_speakers_voice(text: str) -> bool:
    """Whether a fact is written as its speaker says it: a first-person word, one speaker's or a
    household's ("I live in Lisbon", "Our dog is called Rex"), outside its quotations and links ("Loves
    'Call Me Maybe'" is in the third person). A fact asked for in the third person and given in the
    first may be anyone's voice: the person's words copied back, or the assistant's own ("I'm happy
    to help")."""
    # a text longer than any clause the reader reads is no one fact: its every word counts, even
    # one in quotation marks
    words = literals.blanked(text) if len(text) <= MAX_CLAUSE else text
    return any(
        _spoken(words, found)
        for pattern in (_FIRST_PERSON, _FIRST_PERSON_PLURAL)
        for found in pattern.finditer(words)
    )


# Where a sentence starts: after these, "My" is capitalised as the sentence's first word.
_SENTENCE_OPENERS = ".!?;(\"'“‘"


def _spoken(text: str, word: re.Match[str]) -> bool:
    """Whether a first-person word found in `text` is a pronoun: "I" always; another with a capital
    only where a sentence starts, as elsewhere it is a name's ("Please Excuse My Dear Aunt Sally",
    "Where Is My Mind"), which _in_third_person leaves as written too."""
    if word[0][0] in "iI" or not word[0][0].isupper():
        return True
    at = word.start() - 1
    while at >= 0 and text[at].isspace():  # no slice of what comes before: linear in a long text
        at -= 1
    return at < 0 or text[at] in _SENTENCE_OPENERS
