"""What a note says about one single-valued thing of a person: "Tim quit Acme and joined Globex" says
Tim's employer is no longer Acme, and is Globex.

facts.py reads what a person tells about themselves, in the shapes its table lists; this reads any
note about anyone, in the wordings people use for a thing that changes, so that consolidation sees a
later value replace an earlier one however each was put. A note is read in three steps, each the
same for every attribute:

1. whose it is: a name that opens it (after a hedge: "Apparently Nate …", "I think Tim …"), "I" or
   "my" (the writer's), a possessive ("Gina's phone is …", "Rome is Maria's favourite city"), or no
   subject at all ("Moved to Porto in June"); a relative's or a friend's ("Tim's sister lives in …")
   is no claim about the person;
2. its clauses ("quit Acme and joined Globex", "used to live in Leeds, but now lives in Denver"), each
   read past its auxiliaries, adverbs and tense ("has just been living", "was promoted", "is now") to
   one verb, in whatever form ("relocated", "living", "became"), with whether it is denied ("no
   longer", "isn't … any more") or past ("used to"); a wish or a plan ("might become", "is thinking
   about moving") claims nothing;
3. what the verb says, from one table of frames: the attribute (where one lives, the employer, the
   role, the partner and relationship, a favourite, the age, a pet's name, the car, the phone, the
   school) and the value, cut where its tail begins (speech/fact_values.py). A verb that ends a value
   whatever it was ("left", "sold", "dropped out of", "got rid of") says so: its claim names no
   attribute and matches whatever an earlier note gave that value. Where a verb alone does not say
   which thing it is ("became a nurse", "switched to a Pixel", "is a student at"), the value does:
   an occupation, a car or a phone make, a school's name.

The word lists, patterns, verb forms and frames are data (speech/data/attributes.toml); this module is
the grammar that reads them: the three steps, a verb's forms, and the steps a frame's rule names.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from swarmkit.speech import fact_values, habits, rules

MAX_VALUE_WORDS = 6  # a value ("Lisbon", "Umbrella Labs", "a dental hygienist") is short; more is a story

_DATA = rules.load("attributes")
# "hay fever" → pollen: an allergy named for what one reacts to (derived: the table's names, longest first)
_ALLERGY_NAMES: dict[str, str] = _DATA["allergy_names"]
_PATTERNS = rules.Patterns(
    _DATA, {"ALLERGY_NAME": "|".join(re.escape(n) for n in sorted(_ALLERGY_NAMES, key=len, reverse=True))}
)
_W = {name: rules.words(words) for name, words in _DATA["words"].items()}


@functools.cache
def _compile(name: str) -> rules.Lazy:
    """A pattern of the data, compiled where it is first used (a process reading a few notes compiles
    a few)."""
    return _PATTERNS.lazy(name)


_EMAIL = _compile("email")


@dataclass(frozen=True, slots=True)
class Claim:
    """One thing a note says: `attribute` has `value` (`holds`), or no longer has it. An ending
    claim's attribute may be "" (whatever the value was: "left Acme"), its value "" (whatever the
    attribute held: "no longer has a dog")."""

    attribute: str
    value: str
    holds: bool = True
    past: bool = False  # ended as told in the past ("had a dog", "used to smoke"), not denied

    def words(self) -> frozenset[str]:
        return value_words(self.value)


def value_words(value: str) -> frozenset[str]:
    """A value as the words that name it: no article, no "new", no case or punctuation; an address
    ("ana@new.example") is one word."""
    if _EMAIL.fullmatch(value.strip()):
        return frozenset({value.strip().lower()})
    words = re.findall(r"[a-z0-9]+", value.lower().replace("favorite", "favourite"))
    return frozenset(w for w in words if w not in _FILLER)


def same_value(a: Claim, b: Claim) -> bool:
    """Whether two values may name one thing: one's words hold the other's ("Acme" / "Acme Corp in
    the sales team", "a nurse" / "a senior nurse"); an ending claim without a value (b) matches any."""
    if not b.value:
        return True
    wa, wb = a.words(), b.words()
    return bool(wa and wb) and (
        wa <= wb or wb <= wa or abbreviates(a.value, b.value) or abbreviates(b.value, a.value)
    )


def abbreviates(short: str, long: str) -> bool:
    """Whether one value is the other's initials, or holds them in place of its words ("NYC" / "New
    York City", "the UK" / "the United Kingdom", "NY state" / "New York state"): one name written
    two ways, never two values."""
    words = re.findall(r"[A-Za-z]+", long)  # "New" is no filler here: it starts "NYC"
    capitals = [w for w in re.findall(r"[A-Za-z]+", short) if w.isupper() and len(w) > 1]
    if len(capitals) != 1 or len(words) < 2:
        return False
    initials = capitals[0].lower()
    said = "".join(w[0].lower() for w in words if w[:1].isupper())
    rest = {w.lower() for w in re.findall(r"[A-Za-z]+", short) if w != capitals[0]} - _FILLER
    others = {w.lower() for w in words}
    return initials in said and len(initials) > 1 and rest <= others


def replaces(old: Claim, new: Claim) -> bool:
    """Whether a later claim replaces an earlier one: another value for its attribute, or the end
    of its value (named, or any: "no longer has a dog")."""
    if not old.holds:  # "doesn't speak German", then "is fluent in German": the denial turns over
        return (
            not old.past
            and new.holds
            and new.attribute == old.attribute
            and bool(old.value)
            and old.words() == new.words()
        )
    if new.holds:
        if new.attribute == "favourite" and old.attribute.startswith("favourite "):
            return not same_value(old, new)  # "nothing beats tacos": a favourite, its kind unsaid
        if {new.attribute, old.attribute} == {FAN, "team"}:
            # "supports Chelsea", then "became an Arsenal fan"; "supports Liverpool FC" and "is a
            # Liverpool football fan" name one team
            return not (same_value(old, new) or _same_team(old, new))
        return new.attribute == old.attribute and old.attribute not in MANY and not same_value(old, new)
    if old.attribute in MANY:  # "likes tea", then "hates tea": the same thing, not a wider one
        if new.attribute == "" or (old.attribute == HABIT and new.attribute == HABIT):
            # "gave up tennis", "quit smoking": ends "plays tennis every weekend", "smokes a pack a day"
            return bool(new.words()) and new.words() <= old.words() and _same_head(old, new)
        return new.attribute == old.attribute and old.words() == new.words()
    same_thing = (
        new.attribute in ("", old.attribute)
        or (new.attribute == "pet's name" and old.attribute.endswith("'s name"))  # "no longer has any pets"
        or (new.attribute.endswith("'s name") and old.attribute in _PET_COUNTS)  # "gave his dogs away"
    )
    return same_thing and same_value(old, new)


def _same_team(a: Claim, b: Claim) -> bool:
    """Two values that name one team but for the words any team's name may carry ("FC", "football")."""
    wa, wb = a.words() - _TEAM_WORDS, b.words() - _TEAM_WORDS
    return bool(wa and wb) and (wa <= wb or wb <= wa)


def _same_head(old: Claim, new: Claim) -> bool:
    """A habit's ending names its verb ("quit smoking") or its object ("gave up tennis")."""
    if new.attribute != HABIT:
        return True
    return old.value.split(" ", 1)[0] == new.value.split(" ", 1)[0]


# Things one may have many of at once: a later one adds, only an end replaces.
HABIT = "habit"
FAN = "fan"  # "is a Blur fan": one of many, but it replaces a team one supported
CHOICE = "choice"  # "switched to coffee": of no kind said, so it only turns over "prefers tea over coffee"
ALLERGY = "allergy"  # "is allergic to pollen": one of many
MANY = frozenset({"taste", HABIT, FAN, CHOICE, ALLERGY})
_PET_COUNTS = _W["pet_counts"]
_TEAM_WORDS = _W["team_words"]


_FILLER = _W["filler"]

# Step 1: whose note it is.
_HEDGE = _compile("hedge")
_LEAD_CLAUSE = _compile("lead_clause")
_PERSON_NOUNS = _W["person_nouns"]
_PARTNER_NOUNS = _W["partner_nouns"]
_THIRD_PERSON_OWN = frozenset({"his", "her", "their"})
# Who owns a thing at the start of a note is a name ("Caroline's brother …", though a stemmer would
# shorten "Caroline"), but for these words.
_NOT_POSSESSORS = _W["not_possessors"]
_POSSESSIVE = _compile("possessive")
_INVERSE_POSSESSIVE = _compile("inverse_possessive")


def read(text: str, is_name: Callable[[str], bool]) -> tuple[str | None, list[Claim]]:
    """(whose: a name as written, "" for the writer's own ("I", "my"), None when it names nobody;
    what the note claims)."""
    return _read(text, is_name)


def _read(text: str, is_name: Callable[[str], bool]) -> tuple[str | None, list[Claim]]:
    said = _compile("aside_in_brackets").sub("", _plain(text))  # "Tim (my neighbour) moved …"
    said = _HEDGE.sub("", said).strip()
    for_whom = _compile("for_whom").match(said)
    if for_whom and is_name(for_whom["name"]):  # "For Tim, Abba is the greatest band"
        return for_whom["name"], _said(for_whom["rest"])
    lead = _LEAD_CLAUSE.match(said)
    if (
        lead
        and " " in lead["rest"]
        and not _POSSESSIVE.match(lead["head"])  # "Tim's favourite band: Queen" is Tim's
        and not lead["head"].lower().startswith(("my ", "our "))
        and _opens(lead["rest"], is_name)
        and (said[lead.end("head")] == ":" or not _opens(said, is_name))
    ):
        said = _HEDGE.sub("", lead["rest"]).strip()  # "Since the summer, Gina has been working for …"
    when = _compile("when_first").match(said)
    if when and _opens(said[when.end() :], is_name):  # "After the knee surgery I stopped running"
        said = said[when.end() :]
    # "Tim, who used to live in Leeds, now lives in Osaka": the aside is no part of what is said now
    said = _compile("aside").sub(r"\1 ", said)
    # "Tim and his family moved to Porto": Tim moved
    said = _compile("with_family").sub(lambda m: m[1] + _third_person(m[2]), said)
    said = _compile("name_is").sub(r"\1 is ", said)  # "Tim's been" is "Tim is been"
    inverse = _INVERSE_POSSESSIVE.match(said)
    if inverse and inverse["name"].lower() not in _W["others"]:
        # "Rome is Maria's favourite city", "Dune has become John's favourite book"
        who = "" if inverse["name"].lower() in _W["own"] else inverse["name"]
        claims = _thing_claims(inverse["thing"], inverse["v"], "is")
        return who, claims
    words = said.split(" ", 1)
    first = words[0]
    rest = words[1] if len(words) > 1 else ""
    if first in _W["first_person_openers"] or first.lower() in _W["first_person_lower"]:
        if first.lower() in _W["own"]:
            return "", _possessed(rest)
        return "", _predicate(
            _expand(said).split(" ", 1)[1] if " " in said else "", first_person=True, bare=True
        )
    if first.lower() in _THIRD_PERSON_OWN and rest.split(" ", 1)[0].lower() in _PARTNER_NOUNS:
        # a note as stored, of its own person: "Her wife is Priya" (as "Works as a nurse" has no subject)
        return None, _possessed(rest)
    if opens_with_own_thing(said):  # "Age is 34", "Email is ana@new.example": its person's, no one named
        return None, _possessed(said[:1].lower() + said[1:])
    possessive = _POSSESSIVE.match(said)
    if possessive and (is_name(possessive["name"]) or possessive["name"].lower() not in _NOT_POSSESSORS):
        claims = _possessed(possessive["rest"])
        relative = _RELATIVE.match(possessive["rest"])
        if not claims and relative and relative[1].lower() in _PERSON_NOUNS:
            return f"{possessive['name']}'s {relative[1].lower()}", []  # "Lina's husband works days": his
        return possessive["name"], claims
    with_me = _compile("with_me").match(said)
    if with_me and is_name(with_me["other"]):  # "Alex and I divorced"
        return "", _together(with_me["rest"], with_me["other"])
    beats = _BEATS.match(said)
    if beats:  # "nothing beats tacos for me"
        whom: str = beats["whom"] or ""
        if not whom or whom.lower() in _W["writer_objects"]:
            return "", _claim("favourite", beats["v"], work=True)
        return (whom, _claim("favourite", beats["v"], work=True)) if is_name(whom) else (None, [])
    pair = _compile("pair").match(said)
    if pair and is_name(pair["name"]) and is_name(pair["other"]):  # "Tim and Sam broke up"
        return pair["name"], _together(pair["rest"], pair["other"])
    if _name_word(said) == first and first and is_name(first) and rest:
        claims = _predicate(rest)
        if claims or not _verb_led(said):
            return first, claims  # (else "Use ana@new.example from now on": a verb, not a name)
    if _verb_led(said):  # a note as stored, no subject: "Moved to Porto", "Works as a nurse"
        return None, _predicate(said[:1].lower() + said[1:])
    return None, []


_BEATS = _compile("beats")
# A relative after a possessive: "Lina's younger brother".
_RELATIVE = rules.compiled(rf"(?i)(?:(?:{_PATTERNS['RELATIVE_ADJECTIVES']})\s+)?(\w+)")
_CONTRACTIONS: dict[str, str] = _DATA["contractions"]  # "m" → "am", "ve" → "have" …
_ONE_PERSON: dict[str, str] = _DATA["one_person"]  # "are" → "is" …


@functools.cache
def _own_thing() -> re.Pattern[str]:
    things = sorted({*_THING_ATTRIBUTES, *_W["own_traits"]}, key=len, reverse=True)
    alternatives = "|".join(re.escape(t).replace(r"\ ", r"\s+") for t in things)
    return re.compile(rf"(?i)^\W*(?:{alternatives})\s*(?:is|was|:)\s")


def opens_with_own_thing(text: str) -> bool:
    """Whether a note opens with a thing of its own person's, then "is" ("Age is 34", "Birth year
    is 1988", "Job: nurse"): its person's fact, not one of someone named "Age"."""
    return _own_thing().match(text) is not None


def _plain(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").strip()
    text = re.sub(r"\s+", " ", text)
    return text.rstrip(" .!")


def _expand(said: str) -> str:
    """ "I'm …" as "I am …", "I've …" as "I have …", "We're …" as "We are …"."""
    return _compile("contracted_start").sub(lambda m: m[1] + " " + _CONTRACTIONS[m[2]], said)


def _third_person(word: str) -> str:
    """ "… and his family moved" → "moved"; " live" → " lives" (the name is one person)."""
    bare = word.strip()
    if bare in _ONE_PERSON:
        return " " + _ONE_PERSON[bare]
    if lemmas(bare) == [bare] and bare not in IRREGULAR:
        return " " + bare + "s"
    return word


def _opens(text: str, is_name: Callable[[str], bool]) -> bool:
    """Whether `text` starts with whom a note is about: a name, "I" or "my"."""
    first = _name_word(text.strip())
    return first in _W["opens_as_writer"] or (bool(first) and is_name(first))


def _name_word(text: str) -> str:
    """The capitalised word `text` opens with, when a space, a possessive or the end follows it
    ("Gina", "Gina's"; not "Noted:", which only introduces what follows)."""
    match = _compile("name_word").match(text)
    return match[1] if match else ""


def _verb_led(text: str) -> bool:
    words = text.lower().split()
    while len(words) > 1 and words[0] in _ADVERBS:
        words = words[1:]  # "Now lives in Porto"
    head = words[0] if words else ""
    if len(words) > 1 and words[1] in _W["denied_objects"] and head.endswith("s") and head.isalpha():
        return True  # "Eats no meat", "Drinks no alcohol": a habit denied
    return head in _W["verb_led"] or any(lemma in FRAMES or lemma in _AUXILIARIES for lemma in lemmas(head))


# Step 2: the clauses, and each one's verb.
_AUXILIARIES = _W["auxiliaries"]
_ADVERBS = _W["adverbs"]
_MODALS = _W["modals"]
_NOT = _W["negations"]
# A clause starts after these, when what follows reads as a predicate of its own.
_CLAUSE_SPLIT = _compile("clause_split")

# Verb forms no ending rule finds (and a few it would find wrongly): form → base.
IRREGULAR: dict[str, str] = _DATA["irregular"]
_ENDINGS = rules.in_order(_DATA["lemmas"]["endings"])
_Y_AFTER = rules.words(_DATA["lemmas"]["y_after"])
_S_STAYS_AFTER = rules.in_order(_DATA["lemmas"]["s_stays_after"])


def lemmas(word: str) -> list[str]:
    """The base forms a verb may have ("relocated" → relocate, "living" → live, "moves" → move): the
    table's irregular verbs, then the regular endings, each tried with and without an "e"."""
    word = word.lower().strip(",;:")
    if word in IRREGULAR:
        return [IRREGULAR[word]]
    out = [word]
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            stem = word[: -len(ending)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "transferred", "dropping"
            if ending in _Y_AFTER and stem.endswith("i"):
                out.append(stem[:-1] + "y")  # "studied", "married"
    return out


def _predicate(text: str, first_person: bool = False, bare: bool = False) -> list[Claim]:
    """What a predicate (the note without its subject) claims, clause by clause; `bare`: the
    subject is "I" or "we", so a verb's bare form ("run every morning") is its present."""
    claims: list[Claim] = []
    for clause in _clauses(text, first_person):
        living = _compile("for_a_living").match(clause)
        if living:  # "teaches yoga for a living": that is the job
            claims += _claim("role", living["v"], role=True)
            continue
        claims += _clause(clause, bare)
    return claims + _diet_told(claims)


def _diet_told(claims: list[Claim]) -> list[Claim]:
    """The diet that what one does not eat or drink describes ("doesn't eat meat or fish" is
    vegetarian), when no diet is named."""
    if any(c.attribute == "diet" for c in claims):
        return []
    denied = {c.value for c in claims if c.attribute == HABIT and not c.holds and not c.past}
    held = {c.value for c in claims if c.attribute == HABIT and c.holds}
    name = habits.diet_of(denied, held) if denied else ""
    return [Claim("diet", name)] if name else []


def _clauses(text: str, first_person: bool = False) -> list[str]:
    """The predicate split where a new one starts: "quit Acme and joined Globex" → two; not where
    a noun follows ("values inclusivity in her interactions and work as an artist": a verb after a
    name would be "works")."""
    out, start = [], 0
    for join in _CLAUSE_SPLIT.finditer(text):
        if join.start() < start:
            continue
        after = text[join.end() :]
        pronoun = _PRONOUN.match(after)
        if pronoun and _starts_predicate(after[pronoun.end() :], first_person):
            out.append(text[start : join.start()])  # "…; she now works at Globex"
            start = join.end() + pronoun.end()
        elif _starts_predicate(after, first_person):
            out.append(text[start : join.start()])
            start = join.end()
    out.append(text[start:])
    return [_contracted(c.strip()) for c in out if c.strip()]


_PRONOUN = _compile("pronoun")


def _contracted(clause: str) -> str:
    """ "'s now at Globex" (what is left of "she's") as "is now at Globex"."""
    return _compile("contracted_is").sub("is ", clause)


def _starts_predicate(text: str, first_person: bool) -> bool:
    head = text.split(" ", 1)[0].lower()
    if head in _W["predicate_starts"]:
        return True
    forms = lemmas(head)
    if not first_person and forms == [head] and head not in IRREGULAR:
        return False  # a bare "work" after a name is a noun, not its verb
    return any(lemma in FRAMES for lemma in forms) and head not in _W["articles"]


def _clause(clause: str, bare: bool = False) -> list[Claim]:
    words = clause.split(" ")
    i, past, denied, was, current = 0, False, False, False, False
    verb = ""
    while i < len(words):
        word = words[i].lower().strip(",")
        if word in _W["denial_starts"] and i + 1 < len(words) and words[i + 1].lower() in _W["denial_ends"]:
            denied, i = True, i + 2  # "no longer", "any more"
            continue
        if word.endswith("n't") or word in _NOT:
            denied = True
            base = word[:-3] if word.endswith("n't") else ""
            if base in _W["denied_be"]:
                verb = "be"
            elif base in _W["denied_have"]:
                verb = "have"
            i += 1
            continue
        if word == "used" and i + 1 < len(words) and words[i + 1].lower() == "to":
            past, i = True, i + 2
            continue
        if word in _MODALS or (word == "going" and i + 1 < len(words) and words[i + 1] == "to"):
            return []  # a wish, a plan, a maybe: nothing has changed yet
        if word in _ADVERBS:
            current = current or word == "now"
            i += 1
            continue
        if word in _AUXILIARIES:
            verb = lemmas(word)[0] if word not in _W["do_forms"] else verb
            was = word in _W["past_auxiliaries"]
            current = current or word == "been"  # "has been at Globex for a year"
            i += 1
            continue
        break
    rest = " ".join(words[i:])
    head = words[i].lower().strip(",") if i < len(words) else ""
    frame_verb = next((lemma for lemma in lemmas(head) if lemma in FRAMES), None) if head else None
    claims: list[Claim] = []
    if frame_verb in _PROGRESSIVE_ONLY and not head.endswith("ing"):
        frame_verb = None  # "is seeing Sam" dates; "sees Jon as a friend" does not
    if frame_verb in _W["moves"] and head.endswith("ing") and _FUTURE.search(rest):
        return []  # "is moving to Porto next month": a plan
    if frame_verb is not None and frame_verb not in ("be", "have"):
        claims = FRAMES[frame_verb](" ".join(words[i + 1 :]))
        # "worked as a nurse", "lived in Oslo": a state told in the past, ended (not "has lived")
        past = past or (not verb and head.endswith("ed") and frame_verb in _W["ended_in_the_past"])
    if not claims and verb in ("be", "have") and head:
        # "is married" (no one named), "is at Globex", "has a dog named Rex": what the auxiliary says
        past = past or was  # "was a teacher", "had a dog named Tilly": no longer so
        told = " ".join(words[i + 1 :]) if frame_verb == verb else rest
        claims = FRAMES[verb](("now " if current else "") + told if verb == "be" else told)
    if not claims and frame_verb is None and [w.lower() for w in words[:2]] == ["no", "more"]:
        return _ended(rest)  # "no more tea for me"
    habit_frame = frame_verb is None or frame_verb in _HABIT_FRAMES  # "grows tomatoes"
    if not claims and habit_frame and not verb and _habitual(head, denied or bare):
        # "smokes", "swims every morning", "doesn't speak German", "I run every morning", "eats no
        # meat or fish"
        done, holds = habits.told(head, " ".join(words[i + 1 :]))
        claims = [claim for value in done for claim in _claim(HABIT, value, holds)]
    if not claims:
        return []
    if denied or past:  # "no longer works at Acme", "used to be a nurse": the value ends
        # (and a denial turns over: "is no longer vegan" eats meat; "had a dog named Tilly" ends
        # Tilly, not the having of a dog)
        told_past = past and not denied
        return [
            Claim(c.attribute, c.value, not c.holds, told_past)
            for c in claims
            if (c.value or c.holds) and not (told_past and c.attribute == "number of pets")
        ]
    return [c for c in claims if c.value or not c.holds]


def _habitual(head: str, base_is_present: bool) -> bool:
    """Whether a verb no frame reads is in the present, as a habit's is ("smokes"; "smoke" after
    "doesn't" or "I"): not past ("smoked", "went"), not a noun ("the")."""
    if not head.isalpha() or head in IRREGULAR or head in _NOT_HABITS or head.endswith("ed"):
        return False
    if head.endswith("s") and not head.endswith(_S_STAYS_AFTER):
        return True
    return base_is_present


_NOT_HABITS = _W["not_habits"]
_HABIT_FRAMES = _W["habit_frames"]


# Step 3: what each verb says.
_PROGRESSIVE_ONLY = _W["progressive_only"]
_FUTURE = _compile("future")
_TAIL = _compile("tail")
_PLACE_TAIL = _compile("place_tail")
_WORK_TAIL = _compile("work_tail")
_ROLE_TAIL = _compile("role_tail")
_VALUE_STOP = _compile("value_stop")


def _value(value: str, place: bool = False, work: bool = False, role: bool = False) -> str:
    """The value without its tail: "Perth since the spring, which suits the family" → "Perth"."""
    value = value.strip(" ,.;:!")
    value = _VALUE_STOP.split(value, maxsplit=1)[0]
    kept, _tail = fact_values.cut(value, place)
    value = _TAIL.sub("", kept or value)
    if place:
        value = _PLACE_TAIL.sub("", value)
    if work:
        value = _WORK_TAIL.sub("", value)
    if role:
        value = _ROLE_TAIL.sub("", value)
    value = value.strip(" ,.;:!\"'")
    if not value or len(value.split()) > MAX_VALUE_WORDS or value.lower() in _POINTERS:
        return ""
    return value


_POINTERS = _W["pointers"]


def _claim(attribute: str, value: str, holds: bool = True, **how) -> list[Claim]:
    value = _value(value, **how)
    if not value and holds:
        return []
    return [Claim(attribute, value, holds)]


def _ended(value: str) -> list[Claim]:
    """A value that ends, whatever it was: "left Acme", "sold the Honda", "dropped out of Riverside"."""
    value = _ENDED_DETERMINER.sub("", value.strip())
    value = _ENDED_OLD.sub("", value)
    value = _compile("ended_rest").sub("", value)  # "his car and cycles"
    if _compile("ended_pets").fullmatch(value):
        return [Claim(f"{_pet(value.split()[-1][:-1])}'s name", "", False)]
    thing = _value(value, work=True).lower()
    if thing in _W["job_words"]:  # "quit her job": whatever it was, and wherever
        return [Claim("role", "", False), Claim("employer", "", False)]
    if thing in _THING_ATTRIBUTES or thing in _PET_NOUNS:  # "sold her car", "lost his dog"
        return [Claim(_THING_ATTRIBUTES.get(thing) or f"{_pet(thing)}'s name", "", False)]
    return _claim("", value, holds=False, work=True)


_ENDED_DETERMINER = rules.compiled(rf"(?i)^(?:{_PATTERNS['ENDED_DETERMINERS']})\s+")
_ENDED_OLD = rules.compiled(r"(?i)^(?:old\s+)")


def _by_kind(value: str, *, fallback: str = "") -> list[Claim]:
    """A value whose attribute the value itself says: an occupation, a car, a phone, a school."""
    kind = kind_of(value)
    if kind == "role":  # "the CTO of Lumen", "a barista at Blue Bottle": the employer too
        at = _compile("role_at").search(value)
        return _claim(kind, value, role=True) + (_claim("employer", at["v"], work=True) if at else [])
    if kind:
        return _claim(kind, value, role=kind == "role", work=kind != "role")
    return _claim(fallback, value, work=True) if fallback else []


def _place(m: re.Match) -> list[Claim]:
    if kind_of(m["v"]) == "school":  # "moved to Northgate University"
        return _school(m)
    out = _claim("location", m["v"], place=True)
    if m.groupdict().get("old"):
        out += _claim("location", m["old"], holds=False, place=True)
    return out


def _employer(m: re.Match) -> list[Claim]:
    return _claim("employer", m["v"], work=True)


def _role(m: re.Match) -> list[Claim]:
    return _claim("role", m["v"], role=True)


def _school(m: re.Match) -> list[Claim]:
    return _claim("school", m["v"], work=True)


def _end(m: re.Match) -> list[Claim]:
    out = _ended(m["old"])
    if m.groupdict().get("v"):  # "left Acme for Globex", "traded in the Golf for a Tesla"
        out += _by_kind(m["v"])  # (the new value's thing, where it says; the old one's end is enough)
    return out


def _status(status: str) -> Callable[[re.Match], list[Claim]]:
    def make(m: re.Match) -> list[Claim]:
        out = [Claim("relationship", status)]
        partner = m.groupdict().get("v")
        if partner:
            out += _claim("partner", partner, holds=status not in _W["apart"])
        elif status in _W["partnerless"]:
            out.append(Claim("partner", "", False))  # "is single again": whoever the partner was
        return out

    return make


_COUNTS: dict[str, str] = _DATA["counts"]  # "two" → "2", "no" → "0"
_VEHICLES = _W["vehicles"]


def _a_car(value: str) -> bool:
    """What one drives, as a thing ("a Honda", "an old pickup"), not where ("to work") or how ("a lot")."""
    words = re.findall(r"[a-z]+", value.lower())[:6]
    return kind_of(value) == "car" or bool(_VEHICLES.intersection(words))


_LASTING = _compile("lasting")


def _at(m: re.Match) -> list[Claim]:
    """ "is now at Globex", "is with Globex these days": where one works (or studies), when it lasts;
    "is at Disneyland this week" is a visit."""
    if kind_of(m["v"]) == "school":
        return _school(m)
    if m["now"] or _LASTING.search(m["v"]):
        return _employer(m)
    return []


def _taste(value: str, holds: bool = True) -> list[Claim]:
    """ "likes tea" (one taste of many), "hates tea" (the end of it)."""
    if _compile("no_taste").match(value.strip()):
        return []  # "hates not being on the court", "loves it", "likes to …": no thing named
    return _claim("taste", value, holds=holds, work=True)


def _pet(noun: str) -> str:
    return _PETS.get(noun.lower(), noun.lower())


_PETS: dict[str, str] = _DATA["pets"]  # "puppy" → "dog"
_OWNED_THINGS: dict[str, str] = _DATA["owned_things"]  # "cellphone" → "phone"


def _kind_owned(m: re.Match) -> list[Claim]:
    """Something owned or used says which thing it is only when it is a car or a phone."""
    kind = kind_of(m["v"])
    if kind in ("car", "phone"):
        return _claim(kind, m["v"], work=True)
    bare = _compile("owned_bare").fullmatch(m["v"].strip())
    if bare:  # "doesn't own a car anymore": whatever car it was (a value only when denied)
        return [Claim(_OWNED_THINGS[bare[1].lower()], "")]
    return []


_SUPERLATIVE = _compile("superlative")


def _said(text: str) -> list[Claim]:
    """What someone says about their own things: "the best city ever is Paris, not Rome"."""
    text = _plain(text)
    best = _SUPERLATIVE.match(text)
    if best:  # "purple is the best colour by far", "Arrival is the greatest film ever made"
        return _thing_claims("favourite " + best["t"], best["v"], "is")
    beats = _BEATS.match(text)
    if beats:  # "nothing beats Abba these days"
        return _claim("favourite", beats["v"], work=True)
    inverse = _INVERSE_POSSESSIVE.match(text)
    if inverse:  # "tacos are his favourite food now"
        return _thing_claims(inverse["thing"], inverse["v"], "is")
    match = _compile("possessor_word").match(text)
    if match:
        return _possessed(match["rest"])
    pronoun = _compile("pronoun_subject").match(text)
    if pronoun:  # "he moved to Porto", "she's now a nurse"
        contracted = _compile("pronoun_contracted").match(text)
        rest = pronoun["rest"]
        if contracted:
            rest = _CONTRACTIONS[contracted[1].lower()] + " " + rest
        return _predicate(rest, first_person=True, bare=bool(_compile("i_word").match(text)))
    return _predicate(text, first_person=True)


# What a possessed thing is: "Gina's phone is a Nokia", "my job: teacher", "her new place is in Leeds".
_THING_ATTRIBUTES: dict[str, str] = _DATA["thing_attributes"]
_POSSESSED = _compile("possessed")


def _possessed(rest: str) -> list[Claim]:
    gone = _compile("pet_gone").match(rest.strip())
    if gone:  # "Tim's dog Rex died": no longer Tim's dog
        return [Claim(f"{_pet(gone['t'])}'s name", gone["v"] or "", False)]
    match = _POSSESSED.match(rest.strip())
    if match is None:
        return []
    return _thing_claims(match["t"], match["v"], (match["verb"] or "is").lower())


def _thing_claims(thing: str, value: str, verb: str) -> list[Claim]:
    words = [_SPELLINGS.get(w, w) for w in thing.lower().split()]
    while words and words[0] in _W["thing_adjectives"]:
        words = words[1:]
    words = [w for w in words if w not in _W["thing_fillers"]]
    if not words:
        return []
    key = " ".join(words)
    head = words[0]
    if head in _W["favourite_heads"] and len(words) > 1:
        attribute = "favourite " + " ".join(words[1:])
        value = _compile("favourite_now").sub("", value.strip())
        parts = _compile("favourite_not").split(value, maxsplit=1)
        out = _claim(attribute, parts[0], work=True)
        if len(parts) > 1:
            out += _claim(attribute, parts[1], holds=False, work=True)
        return out
    if words[-1] == "name" and len(words) > 1:  # "dog's name is", "dog name"
        key, verb = " ".join(words[:-1]).removesuffix("'s"), "is called"
    if key in _PET_NOUNS:
        name = _compile("pet_name").match(value.strip())
        return [Claim(f"{_pet(key)}'s name", name["v"])] if name else []
    if key in _W["managers"]:  # "Greg's manager is Paula": Greg's
        name = _compile("manager_name").fullmatch(value.strip())
        return [Claim("manager", name["v"])] if name else []
    if key in _PERSON_NOUNS or words[-1] in _PERSON_NOUNS:
        if key in _PARTNER_NOUNS and _PARTNER_NAME.fullmatch(value.strip()):
            return _claim("partner", value.replace("now", "").strip())
        return []  # a relative's or a friend's: theirs, not this person's
    known = _THING_ATTRIBUTES.get(key)
    if known is None:  # any other thing of one's own ("my editor is Helix"), when its value is short
        if len(words) > 2 or len(value.split()) > 3 or verb not in _W["becoming"]:
            return []
    attribute = known or key
    value = _compile("now_in").sub("", value.strip())
    if attribute == "location":
        value = _compile("now_in_place").sub("", value)
    if attribute == "age":
        number = _compile("age_number").match(value)
        return [Claim("age", number[0])] if number else []
    return _claim(
        attribute,
        value,
        place=attribute == "location",
        role=attribute == "role",
        work=attribute not in ("role", "location"),
    )


_SPELLINGS: dict[str, str] = _DATA["spellings"]  # "favorite" → "favourite"
_PET_NOUNS = _W["pet_nouns"]
_PARTNER_NAME = rules.compiled(r"(?:now\s+)?[A-Z][\w-]*(?:\s+now)?")


def _together(rest: str, other: str) -> list[Claim]:
    """ "Tim and Sam broke up", "… got married", "… got divorced": a claim about the pair."""
    state = _compile("couple_state").match(rest)
    if state:  # "Tim and Sam are now married"
        status = state["s"].lower()
        return [
            Claim("relationship", status),
            Claim("partner", other, status not in ("divorced", "separated")),
        ]
    verb = _compile("couple_verb").match(rest)
    if verb is None:
        return []
    status = _COUPLE_VERBS[verb["v"].lower()]
    return [Claim("relationship", status), Claim("partner", other, status in _W["together"])]


_COUPLE_VERBS: dict[str, str] = _DATA["couple_verbs"]  # "broke up" → "single"

# What a value is, where the verb does not say: an occupation, a school, a car or a phone.
OCCUPATIONS = _W["occupations"]
SCHOOL_WORDS = _W["school_words"]
CAR_MAKES = _W["car_makes"]
PHONE_MAKES = _W["phone_makes"]
_NOT_OCCUPATION = _W["not_occupations"]
# What one may be besides one's job ("Joanna is a writer", "Jon is a dancer"): a role only when a
# note says it is the work ("works as a writer").
CRAFTS = _W["crafts"]
_ARTICLES = _W["articles"]


def kind_of(value: str) -> str:
    """ "role", "school", "car", "phone", or "" for a value that does not say what it is."""
    words = re.findall(r"[a-z0-9]+", value.lower())
    if not words:
        return ""
    # the head noun first: "a primary school teacher", "a school nurse" are roles ("a high school",
    # "Northgate University" name no occupation: schools)
    head = _head_noun(value)
    if head in OCCUPATIONS and head not in _NOT_OCCUPATION and head not in CRAFTS:
        return "role"
    if SCHOOL_WORDS.intersection(words) or _compile("high_school").search(value):
        return "school"
    if words[0] in CAR_MAKES or (len(words) > 1 and words[0] in _ARTICLES and words[1] in CAR_MAKES):
        return "car"
    if words[0] in PHONE_MAKES or (len(words) > 1 and words[0] in _ARTICLES and words[1] in PHONE_MAKES):
        return "phone"
    return ""


def _head_noun(value: str) -> str:
    """The noun a role's phrase names ("a senior dental hygienist at the clinic" → hygienist)."""
    phrase = _ROLE_TAIL.sub("", _TAIL.sub("", value.strip()))
    words = re.findall(r"[a-z]+", phrase.lower())
    return words[-1] if words else ""


def _habit_of(phrase: str, holds: bool) -> list[Claim]:
    """ "smoking two years ago" (a gerund): that habit; held or ended."""
    value = habits.gerund(phrase)
    return [Claim(HABIT, value, holds)] if value else []


def _given_up(m: re.Match) -> list[Claim]:
    """ "quit smoking", "gave up tennis", "stopped running for good": a habit ends, or whatever
    the thing was ("tennis" as a favourite sport, a taste or a game)."""
    return _habit_of(m["old"], False) or _ended(m["old"])


def _team(m: re.Match) -> list[Claim]:
    return _claim("team", m["v"], work=True)


_FAN = _compile("fan")
_DIET = _compile("diet")


def _a_thing(value: str) -> list[Claim]:
    """What one is, when not a job: a diet ("vegetarian": one who eats no meat), a team's fan, one
    who does a thing ("a smoker"); else a role, a car, a school, as the value says."""
    diet = _DIET.match(value.strip())
    if diet:
        word = diet["d"].lower()
        return [Claim("diet", habits.diet(word))] + [Claim(HABIT, h, False) for h in habits.DIETS[word]]
    fan = _FAN.match(value.strip())
    if fan:
        # a supporter has one team; a fan may have many (bands, players), until a team is told
        kind = "team" if "supporter" in ((fan["k"] or "") + (fan["j"] or "")).lower() else FAN
        return _claim(kind, fan["v"] or fan["w"], work=True)
    agent = _compile("agent_noun").fullmatch(value.strip())
    if agent:
        doer = habits.AGENT.match(agent["n"])
        if doer:
            return [Claim(HABIT, habits.stem(doer["stem"]), not doer["non"])]
    return _by_kind(value)


def _no_longer(value: str) -> list[Claim]:
    """ "quit being vegan", "stopped being a nurse": what one was turns over."""
    return [Claim(c.attribute, c.value, not c.holds) for c in _a_thing(value) if c.value] or _claim(
        "role", value, holds=False, role=True
    )


def _pets(m: re.Match) -> list[Claim]:
    """A pet one has or took in ("adopted a beagle called Biscuit", "got a puppy"): its name, and
    that there is a pet (which "has no pets" said there was not)."""
    noun = (m.groupdict().get("t") or "pet").lower()
    name = m.groupdict().get("v")
    key = f"{_pet(noun)}'s name" if noun in _PET_NOUNS else "pet's name"
    if noun not in _PET_NOUNS and not name:
        return []
    return ([Claim(key, name)] if name else []) + [Claim("number of pets", "1+")]


def _home(m: re.Match) -> list[Claim]:
    """ "bought a house in York and that's where he lives now": York."""
    return _claim("location", _compile("home_and").sub("", m["v"]), place=True)


def _counted(m: re.Match) -> list[Claim]:
    return [Claim(f"number of {m['t']}", _COUNTS.get(m["n"].lower(), m["n"]))]


# The steps a frame's rule names (`then` in [frames]): each reads the match and the step's table.
Step = dict[str, Any]


def _group(m: re.Match, step: Step, default: str = "v") -> Any:
    return m[step.get("group", default)]


def _claim_step(m: re.Match, step: Step) -> list[Claim]:
    value = _group(m, step)
    if value is None:  # an optional group that did not match ("got hired at Acme", no role)
        return []
    how = {step["how"]: True} if "how" in step else {}
    return _claim(step["attribute"], value, holds=step.get("holds", True), **how)


def _switched_to(m: re.Match, step: Step) -> list[Claim]:
    """ "switched to a Pixel" (a thing of a kind), "switched to coffee" (a choice, of no kind said)."""
    if claims := _by_kind(m["v"]):
        return claims
    if kind_of(m["v"]) == "" and _FAN.match(m["v"]) is None:
        return _claim(CHOICE, m["v"], work=True)
    return []


def _partner_told(m: re.Match, step: Step) -> list[Claim]:
    """ "has a girlfriend now", "has a new wife, named Ana": the relationship, and the partner named."""
    status = "married" if m["t"] in _W["spouses"] else "dating"
    return [Claim("relationship", status)] + (_claim("partner", m["v"]) if m["v"] else [])


STEPS: dict[str, Callable[[re.Match, Step], list[Claim]]] = {
    "place": lambda m, step: _place(m),
    "employer": lambda m, step: _employer(m),
    "role": lambda m, step: _role(m),
    "school": lambda m, step: _school(m),
    "team": lambda m, step: _team(m),
    "end": lambda m, step: _end(m),
    "ended": lambda m, step: _ended(_group(m, step, "old")),
    "given_up": lambda m, step: _given_up(m),
    "kind": lambda m, step: _by_kind(m["v"], fallback=step.get("fallback", "")),
    "kind_owned": lambda m, step: _kind_owned(m),
    "claim": _claim_step,
    "fixed": lambda m, step: [Claim(step["attribute"], step.get("value") or _group(m, step))],
    "ends": lambda m, step: [Claim(attribute, "", False) for attribute in step["attributes"]],
    "status": lambda m, step: _status(step.get("status") or _group(m, step).lower())(m),
    "taste": lambda m, step: _taste(m["v"], step.get("holds", True)),
    "said": lambda m, step: _said(m["v"]),
    "a_thing": lambda m, step: _a_thing(m["v"]),
    "no_longer": lambda m, step: _no_longer(m["v"]),
    "thing": lambda m, step: _thing_claims(m["t"], m["v"], "is"),
    "car": lambda m, step: _claim("car", m["v"], work=True) if _a_car(m["v"]) else [],
    "home": lambda m, step: _home(m),
    "counted": lambda m, step: _counted(m),
    "at": lambda m, step: _at(m),
    "pets": lambda m, step: _pets(m),
    "pet_name": lambda m, step: [
        Claim(
            f"{_pet(m['t'])}'s name",
            step["value"] if "value" in step else _group(m, step),
            step.get("holds", True),
        )
    ],
    "pet_any": lambda m, step: [Claim(f"{_pet(m['t'])}'s name", ""), Claim("number of pets", "1+")],
    "habit": lambda m, step: [Claim(HABIT, habits.habit(step["verb"], m["v"]))],
    "habit_of": lambda m, step: _habit_of(_group(m, step, "old"), step.get("holds", True)),
    "switched_to": _switched_to,
    "partner_told": _partner_told,
    "allergy_named": lambda m, step: _claim(ALLERGY, _ALLERGY_NAMES[m["v"].lower()]),
}


class _Frame:
    """What one verb says: its rules ([frames] in the data), compiled when the verb is first read."""

    __slots__ = ("_rules", "_compiled")

    def __init__(self, rules_: list[dict[str, Any]]):
        self._rules = rules_
        self._compiled: list[tuple[re.Pattern[str], dict[str, Any]]] | None = None

    def __call__(self, rest: str) -> list[Claim]:
        if self._compiled is None:
            self._compiled = [
                (rules.compiled(_PATTERNS.text(r["after"]) + "$", re.I), r) for r in self._rules
            ]
        rest = rest.strip(" ,")
        for pattern, rule in self._compiled:
            match = pattern.match(rest)
            if match:
                return _then(match, rule)
        return []


def _then(m: re.Match, rule: dict[str, Any]) -> list[Claim]:
    """The claims of a rule whose pattern matched: its steps' in order, or none when the value is not
    of the rule's `when_kind`."""
    if "when_kind" in rule:
        kinds = rule["when_kind"]
        if kind_of(m["v"]) not in ([kinds] if isinstance(kinds, str) else kinds):
            return []
    steps = rule["then"] if isinstance(rule["then"], list) else [rule["then"]]
    claims: list[Claim] = []
    for step in steps:
        step = {"do": step} if isinstance(step, str) else step
        claims += STEPS[step["do"]](m, step)
    return claims


# The frames: what each verb says, read after it (the verb's forms are lemmas()'s to find).
FRAMES: dict[str, _Frame] = {verb: _Frame(rules_) for verb, rules_ in _DATA["frames"].items()}
