"""Facts about the user in plain speech: "I live in Berlin" → "Lives in Berlin" (subject user.location).

One table of shapes serves three readers: the mock provider's extraction (first-person speech to
third-person facts), `swarmkit memory add` (the kind and subject of a sentence a person types), and
the store (the subject of an older line that has none, so a new value replaces it). Each shape
knows its first-person form, the fact it becomes, that fact's own form, its kind and its subject.
Every shape is documented, with an example, in docs/providers.md; a test checks each row.

A subject names one thing about the user: a new value for the same subject replaces the old one.
Open-ended facts (likes, tools, things owned) carry their value in the subject, so they add up.
Where a value ends ("Munich now, so please …" is Munich) is speech/fact_values.py's to say.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from swarmkit.speech import fact_values, reported, sentences

MAX_VALUE = 200  # characters of a value; a longer "value" is a whole story, not a fact
# A clause longer than this is no single fact (its value would be far over MAX_VALUE): it is not
# read at all, which keeps reading a text linear in its length, whatever its shape.
MAX_CLAUSE = 5 * MAX_VALUE
_ADVERBS = (
    r"(?:(?:also|now|currently|still|actually|really|usually|always|mostly|generally|mainly|just|only|"
    r"recently|finally|often|sometimes|occasionally|normally|typically|rarely|seldom|hardly)\s+)*"
)
_I = r"i\s+" + _ADVERBS
_IM = r"(?:i\s*['’]\s*m|i\s+am)\s+" + _ADVERBS
_ADDITIVE = re.compile(r"(?i)^(?:.*\b(?:also)\b.*|.*\b(?:too|as well)[.!]?)$")
# Said at the start of a clause, these only introduce the fact ("and now I live in Valencia").
_LEAD_IN = re.compile(
    r"(?i)^(?:(?:and|but|so|oh|well|also|please|btw|by the way|fyi|for the record|just so you know|"
    r"now|then|since then|these days|nowadays|today|anyway|recently|lately|currently|"
    r"(?:please\s+)?(?:note|keep in mind|bear in mind|remember|don['’]t forget|never forget)(?:\s+that)?)"
    r"\b[\s,:]*)+"
)
# Where one statement may end and the next begin inside a sentence: split only where what
# follows reads as a statement itself ("..., and my editor is Helix", "... and work at Acme").
_JOIN = re.compile(r",?(?<!\s)\s+(?:and|but)\s+|,\s+", re.I)  # (?<!\s): a run of spaces is tried once
# The thing in "my X is Y" that is a fact about who the user is (the rest are preferences).
IDENTITY_THINGS = frozenset(
    {
        "name",
        "job",
        "role",
        "title",
        "city",
        "home",
        "hometown",
        "age",
        "pronouns",
        "employer",
        "company",
        "team",
        "manager",
        "location",
        "timezone",
        "birthday",
        "email",
        "nationality",
        "partner",
    }
)
# Words before the thing that do not change which thing it is: "my new editor" is my editor.
_THING_ADJECTIVES = re.compile(
    r"^(?:(?:new|current|present|usual|main|primary|preferred|default|day-to-day)\s+)+"
)
_WORD_ALIASES = {"favorite": "favourite", "colour": "color"}
_THING_ALIASES = {
    "boss": "manager",
    "home_town": "hometown",
    "city": "location",
    "home": "location",
    "company": "employer",
    "job_title": "role",
    "job": "role",
    "title": "role",
}
_THIRD = {"study": "Studies", "teach": "Teaches", "watch": "Watches", "go": "Goes"}
# After "I'm", words that start a mood or an activity, not a fact ("I'm not sure", "I'm looking for").
_NOT_A_STATE = r"(?:not|sure|sorry|afraid|glad|happy|here|just|so|very|\w+ing)"
VERBS = (
    "study",
    "write",
    "drink",
    "run",
    "teach",
    "play",
    "drive",
    "read",
    "eat",
    "wear",
    "avoid",
    "follow",
    "watch",
    "build",
    "maintain",
    "manage",
    "lead",
)


# Verbs a negation keeps as a fact ("I don't eat meat"): habits and tastes, never "know" or "think".
NEGATABLE = ("like", "love", "enjoy", "eat", "drink", "use", "drive", "smoke", "own", "watch", "play", "wear")
_NEGATED_SUBJECTS = {"like": "likes", "love": "likes", "enjoy": "likes", "use": "uses", "own": "has"}
_DATE_START = re.compile(
    r"(?i)(?:\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|the \d|early|late|spring|summer"
    r"|autumn|fall|winter)"
)


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


@dataclass(frozen=True, slots=True)
class Shape:
    """`said`: the first-person clause; `fact`: the fact's own form; both name the same groups."""

    name: str
    said: re.Pattern
    fact: re.Pattern
    render: Callable[[dict], str]
    kind: Callable[[dict], str]
    subject: Callable[[dict], str]
    accepts: Callable[[str], bool] = lambda value: True
    place: bool = False  # its value is a place: "for …" and "with …" after it are no part of it


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


def _third(verb: str) -> str:
    """The third person of a verb as typed ("wake" → "Wakes", "watch" → "Watches", "study" → "Studies")."""
    verb = verb.lower()
    if verb in _THIRD:
        return _THIRD[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb.capitalize() + "es"
    if len(verb) > 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1].capitalize() + "ies"
    return verb.capitalize() + "s"


# After "I", verbs that ask, wonder or report, and the past tense: no fact about the speaker follows
# ("I need a summary", "I think so", "I went home"), so the general shape below never reads them.
_NOT_A_HABIT = frozenset(
    """
    need want wanted needed think thought hope wish wonder guess believe suppose mean meant feel felt
    see saw ask asked try tried would could should will can cannot must may might shall do did does
    am was were be been said say tell told forgot forget remember agree disagree understand doubt bet
    reckon promise get got had have has went made took came ran wrote bought found left gave kept
    heard let put sent sat set spent stood met paid lost knew come
    also now currently still actually really usually always mostly generally mainly just only recently
    finally often sometimes never
    """.split()
)


def _fixed(kind: str) -> Callable[[dict], str]:
    return lambda groups: kind


def _subject(name: str, open_ended: bool = False) -> Callable[[dict], str]:
    if open_ended:
        return lambda groups: f"user.{name}.{value_key(groups['v'])}"
    return lambda groups: f"user.{name}"


def _shape(
    name: str,
    said: str,
    fact: str,
    render: Callable[[dict], str],
    kind,
    subject,
    accepts: Callable[[str], bool] | None = None,
    place: bool = False,
) -> Shape:
    return Shape(
        name,
        re.compile(said + r"$", re.I | re.S),
        re.compile(fact + r"$", re.I | re.S),
        render,
        kind if callable(kind) else _fixed(kind),
        subject,
        accepts or (lambda value: True),
        place,
    )


V = r"(?P<v>.+)"
THING = r"(?P<t>[a-z][a-z0-9' -]{0,40}?)"


def _simple(name: str, said: str, head: str, kind: str, subject, place: bool = False) -> Shape:
    """A shape whose fact is a fixed head and the value: `said` + value → `head` + value."""
    return _shape(
        name,
        said + " " + V,
        re.escape(head.lower()) + " " + V,
        lambda g: f"{head} {g['v']}",
        kind,
        subject,
        place=place,
    )


SHAPES: tuple[Shape, ...] = (
    _simple("call-me", r"(?:you can |please )?call me", "Name is", "identity", _subject("name")),
    _simple("go-by", rf"(?:{_I}go by|{_IM}called)", "Name is", "identity", _subject("name")),
    _simple(
        "live-in", rf"(?:{_I}live|{_IM}living) in", "Lives in", "identity", _subject("location"), place=True
    ),
    _simple("based-in", rf"{_IM}based in", "Is based in", "identity", _subject("location"), place=True),
    _simple(
        "moved-to",
        rf"{_I}(?:have\s+|['’]ve\s+)?(?:moved|relocated) to",
        "Lives in",
        "identity",
        _subject("location"),
        place=True,
    ),
    _simple("from", rf"(?:{_IM}from|{_I}come from)", "Is from", "identity", _subject("hometown")),
    _shape(
        "work-as",
        rf"{_I}work as (?P<v>(?:an?|the) .+)",
        r"works as (?P<v>(?:an?|the) .+)",
        lambda g: f"Works as {g['v']}",
        "identity",
        _subject("role"),
    ),
    _shape(
        "work-at",
        rf"{_I}work (?P<p>at|for) " + V,
        r"works (?P<p>at|for) " + V,
        lambda g: f"Works {g['p'].lower()} {g['v']}",
        "identity",
        _subject("employer"),
    ),
    _simple("report-to", rf"{_I}report to", "Reports to", "identity", _subject("manager")),
    _shape(
        "born",
        rf"{_I}was born (?P<p>in|on) " + V,
        r"was born (?P<p>in|on) " + V,
        lambda g: f"Was born {g['p'].lower()} {g['v']}",
        "identity",
        # "born in Kyiv" is a place, "born in 1990" or "on 3 May" a date: two things about a person
        lambda g: "user.birth_date" if _DATE_START.match(g["v"]) else "user.birthplace",
        place=True,
    ),
    _simple("grew-up", rf"{_I}grew up in", "Grew up in", "identity", _subject("hometown"), place=True),
    _simple("speak", rf"{_I}speak", "Speaks", "identity", _subject("languages")),
    _shape(
        "age",
        rf"{_IM}(?P<v>\d{{1,3}})(?: years? old)?",
        r"is (?P<v>\d{1,3}) years? old",
        lambda g: f"Is {g['v']} years old",
        "identity",
        _subject("age"),
    ),
    _shape(
        "use-as",
        rf"{_I}use (?P<v>.+?) as my {THING}",
        "(?!x)x",  # its fact reads as my-x-is
        lambda g: f"{_thing_text(g['t'])} is {g['v']}",
        "preference",
        lambda g: f"user.{thing_key(g['t'])}",
    ),
    _shape(
        "my-x-is",
        rf"my {THING} (?P<be>is|are) " + V,
        rf"{THING} (?P<be>is|are) " + V,
        lambda g: f"{_thing_text(g['t'])} {g['be'].lower()} {g['v']}",
        lambda g: "identity" if thing_key(g["t"]) in IDENTITY_THINGS else "preference",
        lambda g: f"user.{thing_key(g['t'])}",
    ),
    _simple("prefer", rf"{_I}prefer", "Prefers", "preference", _subject("prefers", True)),
    _shape(
        "like",
        rf"{_I}(?P<verb>like|love|enjoy) " + V,
        r"(?P<verb>like|love|enjoy)s " + V,
        lambda g: f"{_third(g['verb'])} {g['v']}",
        "preference",
        _subject("likes", True),
    ),
    _simple(
        "dislike",
        rf"{_I}(?:hate|dislike|can['’]?t stand|cannot stand)",
        "Dislikes",
        "preference",
        _subject("likes", True),
    ),
    _simple("use", rf"{_I}use", "Uses", "preference", _subject("uses", True)),
    _shape(
        "not",
        rf"{_I}(?:don['’]t|do not|never) (?P<verb>{'|'.join(NEGATABLE)}) " + V,
        r"does not (?P<verb>" + "|".join(NEGATABLE) + ") " + V,
        lambda g: f"Does not {g['verb'].lower()} {g['v']}",
        "preference",
        # the subject of the positive fact, so "I don't eat meat" replaces "Eats meat"
        lambda g: f"user.{_negated_subject(g['verb'])}.{value_key(g['v'])}",
    ),
    _shape(
        "learning",
        rf"(?:{_IM}|i\s*(?:['’]\s*ve|\s+have)\s+been\s+{_ADVERBS})(?:learning|studying) " + V,
        r"is learning " + V,
        lambda g: f"Is learning {g['v']}",
        "identity",
        _subject("learning", True),
    ),
    _shape(
        "have",
        rf"{_I}(?P<verb>have|own) " + V,
        r"(?P<verb>ha|own)s " + V,
        lambda g: f"{'Has' if g['verb'].lower() in ('have', 'ha') else 'Owns'} {g['v']}",
        "identity",
        _subject("has", True),
    ),
    _shape(
        "is-a",
        rf"{_IM}(?P<v>an? .+)",
        r"is (?P<v>an? .+)",
        lambda g: f"Is {g['v']}",
        "identity",
        _subject("is", True),
    ),
    _shape(
        "is",
        rf"{_IM}(?P<v>(?!{_NOT_A_STATE}\b).+)",
        rf"is (?P<v>(?!{_NOT_A_STATE}\b).+)",
        lambda g: f"Is {g['v']}",
        "identity",
        _subject("is", True),
        # "Hi, I'm Sam" names the speaker, "I'm German" does not: one capitalised word is left alone
        lambda value: re.fullmatch(r"[A-Z][\w'-]*", value) is None,
    ),
    _simple("we-have", r"we\s+" + _ADVERBS + r"(?:have|own)", "Has", "identity", _subject("has", True)),
    _simple(
        "we-live", r"we\s+" + _ADVERBS + r"live in", "Lives in", "identity", _subject("location"), place=True
    ),
    _shape(
        "moving-to",
        rf"{_IM}(?:moving|relocating) to " + V,
        r"is moving to " + V,
        lambda g: f"Is moving to {g['v']}",
        "identity",
        _subject("moving_to"),
        place=True,
    ),
    _shape(
        "our-x-is",
        rf"our {THING} (?P<be>is|are) " + V,
        "(?!x)x",  # its fact reads as my-x-is
        lambda g: f"{_thing_text(g['t'])} {g['be'].lower()} {g['v']}",
        lambda g: "identity" if thing_key(g["t"]) in IDENTITY_THINGS else "preference",
        lambda g: f"user.{thing_key(g['t'])}",
    ),
    _shape(
        "verb",
        rf"{_I}(?P<verb>{'|'.join(VERBS)}) " + V,
        r"(?P<verb>" + "|".join(_third(v).lower() for v in VERBS) + ") " + V,
        lambda g: f"{_third(g['verb'])} {g['v']}",
        "preference",
        lambda g: f"user.{_base(g['verb'])}.{value_key(g['v'])}",
    ),
    # The general shapes, tried last: any other thing of mine that does something ("My passport
    # expires in 2027"), and any other habit ("I usually wake up at 6 am", "I take the bus to work").
    _shape(
        "my-x-does",
        rf"my {THING} (?P<verb>(?!(?:is|are|was|were)\b)[a-z]+s) " + V,
        "(?!x)x",  # a catch-all: an older line is never read back as one (it would read any text)
        lambda g: f"{_thing_text(g['t'])} {g['verb'].lower()} {g['v']}",
        lambda g: "identity" if thing_key(g["t"]) in IDENTITY_THINGS else "preference",
        lambda g: f"user.{thing_key(g['t'])}",
    ),
    _shape(
        "does",
        rf"{_I}(?P<verb>(?!(?:{'|'.join(sorted(_NOT_A_HABIT))})\b)(?![a-z]+ed\b)[a-z]+) " + V,
        "(?!x)x",  # a catch-all, as my-x-does
        lambda g: f"{_third(g['verb'])} {g['v']}",
        "preference",
        lambda g: f"user.{g['verb'].lower()}.{value_key(g['v'])}",
    ),
)
SHAPE_NAMES = tuple(shape.name for shape in SHAPES)
# Catch-alls, tried last: what they read is kept, but an older line is never read back as one.
GENERAL_SHAPES = frozenset({"my-x-does", "does"})


def _base(verb: str) -> str:
    verb = verb.lower()
    for base in VERBS:
        if verb in (base, _third(base).lower()):
            return base
    return verb


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


# A value made only of these points at something said before ("I really like it there"): no fact.
POINTERS = frozenset("it there that this them these those here him her one ones".split())


def _clean_value(value: str) -> str | None:
    """A value, its tail already cut, without quotes around it; None when nothing is left of it, or
    nothing but words that point elsewhere ("it there", "that one")."""
    value = _unquoted(value.rstrip(".!,;: ").strip())
    if not value or len(value) > MAX_VALUE or not any(ch.isalnum() for ch in value):
        return None
    if all(word in POINTERS for word in value.lower().split()):
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


def _read(text: str, form: str) -> tuple[Shape, dict, str] | None:
    """(shape, groups with the cleaned value, `text` without the value's tail) of the first shape
    whose `form` (said | fact) fits."""
    for shape in SHAPES:
        match = getattr(shape, form).match(text)
        if match is None:
            continue
        groups = {k: v for k, v in match.groupdict().items() if v is not None}
        if "t" in groups and reported.is_reported(groups["t"]):
            return None  # "My colleague said my editor is Vim": someone else's words
        kept_value, tail = fact_values.cut(match["v"], shape.place)
        value = _clean_value(kept_value)
        if value is None or not shape.accepts(value):
            return None
        kept = text[: match.end("v") - len(tail)] + text[match.end("v") :]
        return shape, groups | {"v": value}, kept
    return None


def read_statement(clause: str) -> Fact | None:
    """The fact one first-person clause states, or None ("where do I live", "I don't know")."""
    if len(clause) > MAX_CLAUSE:
        return None
    stated = _strip_lead_in(clause)
    said = stated.rstrip(" .!")
    found = _read(said, "said") if said and not said.endswith("?") else None
    if found is None:
        return None
    shape, groups, kept = found
    lead_in = clause.strip()[: len(clause.strip()) - len(stated)]
    subject = shape.subject(groups)
    if _ADDITIVE.match(lead_in + kept) and subject.count(".") == 1:
        subject = f"{subject}.{value_key(groups['v'])}"  # "I also speak French" adds a language
    return Fact(shape.render(groups), shape.kind(groups), subject, shape.name)


def _starts_statement(text: str) -> str | None:
    """ "" when `text` reads as a statement, "I " when it does once "I" is put back ("and work at
    Acme"), None when it is the rest of the previous statement ("and Portuguese")."""
    if read_statement(text) is not None:
        return ""
    if (
        re.match(
            r"(?i)(?:"
            + "|".join(
                (
                    "live",
                    "work",
                    "speak",
                    "prefer",
                    "use",
                    "like",
                    "love",
                    "enjoy",
                    "hate",
                    "dislike",
                    "have",
                    "own",
                    "report",
                    "moved",
                    *VERBS,
                )
            )
            + r")\b",
            text,
        )
        and (implied := read_statement("I " + text)) is not None
        and implied.shape not in GENERAL_SHAPES  # "and report it to me" asks; it tells nothing
    ):
        return "I "
    return None


def clauses(text: str) -> list[str]:
    """The statements in a text: split at sentence ends (speech/sentences.py: not after "Dr."), `;`,
    and at `,` / `and` / `but` where a new statement begins."""
    out: list[str] = []
    for sentence in sentences.split(reported.without_quotations(str(text))):
        sentence = reported.own_part(sentence).strip()
        if not sentence or sentence.endswith("?"):
            continue
        start, prefix = 0, ""
        for join in _JOIN.finditer(sentence):
            if join.start() < start or len(sentence) - join.end() > MAX_CLAUSE:
                continue  # (what follows is too long to read as one statement)
            implied = _starts_statement(sentence[join.end() :])
            if implied is not None:
                out.append(prefix + sentence[start : join.start()])
                start, prefix = join.end(), implied
        out.append(prefix + sentence[start:])
    return [clause.strip() for clause in out if clause.strip()]


# "Remember: coffee black, no sugar": what follows is to be kept as said, even in no shape of its own.
_REMEMBER = re.compile(
    r"(?i)^(?:please\s+)?(?:remember|don['’]t forget|do not forget|never forget|keep in mind|note)"
    r"(?:\s+this)?(?:\s*:\s*|\s+that\s+|,\s+)(?P<v>.+)$",
    re.S,
)


def read_note(clause: str) -> Fact | None:
    """What a person asked to be remembered ("remember: coffee black, no sugar"), kept in their own
    words when it is in no shape; None when it is someone else's words or points elsewhere."""
    if len(clause) > MAX_CLAUSE:
        return None
    match = _REMEMBER.match(clause.strip())
    if match is None or match["v"].rstrip().endswith("?") or in_first_person(match["v"]):
        return None  # a first-person note in no shape ("remember that I said so") is no fact
    value = _clean_value(match["v"])
    if value is None:
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
    """A fact as stored, in its third-person form ("Lives in Munich"), read back into its shape."""
    if len(text) > MAX_CLAUSE:
        return None
    stated = _strip_lead_in(text).rstrip(" .!")
    found = _read(stated, "fact")
    if found is None:
        return None
    shape, groups, _ = found
    return Fact(stated, shape.kind(groups), shape.subject(groups), shape.name)


# Shapes whose third-person form can only be about a person ("Prefers tabs"); the others also read
# as facts about things ("Builds are slow", "Runs nightly", "Target is eu-west-1").
ABOUT_A_PERSON = frozenset(
    {
        "call-me",
        "go-by",
        "live-in",
        "based-in",
        "moved-to",
        "from",
        "work-as",
        "work-at",
        "report-to",
        "speak",
        "age",
        "prefer",
        "like",
        "dislike",
    }
)


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


_FIRST_PERSON = re.compile(
    r"(?<![\w.'’-])(?:i(?:['’](?:m|ve|d|ll))?|me|my|mine|myself)(?![\w'’-]|\.\w)", re.I
)


def in_first_person(text: str) -> bool:
    """Whether a text speaks of its writer ("I", "my", "me", "mine", "I'm" …), in any shape: such a
    text is personal, whatever else it says ("My therapist sees me on Fridays")."""
    return _FIRST_PERSON.search(text) is not None


def subject_of(text: str) -> str | None:
    """The subject of a fact as stored, first person ("I live in Munich") or third ("Lives in
    Munich"); None when it is not a fact about the user in a known shape."""
    fact = read_statement(text) or read_fact(text)
    return fact.subject if fact is not None else None
