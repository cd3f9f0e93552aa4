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
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from swarmkit.speech import fact_values, habits

MAX_VALUE_WORDS = 6  # a value ("Lisbon", "Umbrella Labs", "a dental hygienist") is short; more is a story


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
    if re.fullmatch(r"[\w.+-]+@[\w.-]+", value.strip()):
        return frozenset({value.strip().lower()})
    words = re.findall(r"[a-z0-9]+", value.lower().replace("favorite", "favourite"))
    return frozenset(w for w in words if w not in _FILLER)


def same_value(a: Claim, b: Claim) -> bool:
    """Whether two values may name one thing: one's words hold the other's ("Acme" / "Acme Corp in
    the sales team", "a nurse" / "a senior nurse"); an ending claim without a value (b) matches any."""
    if not b.value:
        return True
    wa, wb = a.words(), b.words()
    return bool(wa and wb) and (wa <= wb or wb <= wa)


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
            return not same_value(old, new)  # "supports Chelsea", then "became an Arsenal fan"
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


def _same_head(old: Claim, new: Claim) -> bool:
    """A habit's ending names its verb ("quit smoking") or its object ("gave up tennis")."""
    if new.attribute != HABIT:
        return True
    return old.value.split(" ", 1)[0] == new.value.split(" ", 1)[0]


# Things one may have many of at once: a later one adds, only an end replaces.
HABIT = "habit"
FAN = "fan"  # "is a Blur fan": one of many, but it replaces a team one supported
CHOICE = "choice"  # "switched to coffee": of no kind said, so it only turns over "prefers tea over coffee"
MANY = frozenset({"taste", HABIT, FAN, CHOICE})
_PET_COUNTS = frozenset({"number of dogs", "number of cats", "number of pets"})


_FILLER = frozenset("a an the new my his her their our its".split())

# Step 1: whose note it is.
_HEDGE = re.compile(
    r"(?i)^(?:(?:i\s+(?:think|believe|heard|hear|guess|reckon|gather)|apparently|reportedly|so|and|also|"
    r"btw|fyi|update|note|turns out|it turns out|as it turns out|it seems(?: that)?|these days|"
    r"nowadays|now|today|recently|lately|since then|finally|anyway|oh|well|heads up|side note|"
    r"for the record|just so you know|if i remember (?:right|correctly)|in \d{4}|"
    r"(?:in|since|by|during|last|this|early|late|earlier) (?:\d{4}|january|february|march|april|may|june|"
    r"july|august|september|october|november|december|spring|summer|autumn|fall|winter|year|month|week))"
    r"\b(?:\s+that\b)?[\s,:;-]*)+"
)
_LEAD_CLAUSE = re.compile(r"^(?P<head>[^,:;]{1,60}?)[,:;]\s+(?P<rest>.+)$")
_PERSON_NOUNS = frozenset(
    """sister brother mother mom mum father dad parent parents son daughter kid kids child children
    friend friends cousin aunt uncle grandma grandmother grandpa grandfather niece nephew boss manager
    colleague colleagues coworker neighbour neighbor roommate family team wife husband partner
    boyfriend girlfriend fiance fiancee spouse ex relative relatives sibling siblings folks pal pals
    buddy buddies sons daughters brothers sisters cousins grandkids grandchildren""".split()
)
_PARTNER_NOUNS = frozenset("wife husband partner boyfriend girlfriend fiance fiancee spouse".split())
# Who owns a thing at the start of a note is a name ("Caroline's brother …", though a stemmer would
# shorten "Caroline"), but for these words.
_NOT_POSSESSORS = frozenset(
    """today yesterday tomorrow everyone everybody someone somebody anyone nobody mom dad mum mother
    father children women men year company team world city country family week month""".split()
)
_POSSESSIVE = re.compile(r"^(?P<name>[A-Z][\w-]*)['’]s\s+(?P<rest>.+)$")
_INVERSE_POSSESSIVE = re.compile(
    r"^(?P<v>.+?)\s+(?:is|are|was|has become|became|is now|are now|remains)\s+(?:now\s+)?"
    r"(?P<name>(?-i:[A-Z])[\w-]*|my|his|her|their|our)"
    r"(?:['’]s)?\s+(?P<thing>(?:new\s+|current\s+|all-time\s+)?(?:(?:favou?rite|top|best)\s+[a-z][a-z ]{0,30}?|boss|manager|supervisor))"
    r"(?:\s+(?:now|these days|nowadays|by far))?$",
    re.I,
)


def read(text: str, is_name: Callable[[str], bool]) -> tuple[str | None, list[Claim]]:
    """(whose: a name as written, "" for the writer's own ("I", "my"), None when it names nobody;
    what the note claims)."""
    return _read(text, is_name)


def _read(text: str, is_name: Callable[[str], bool]) -> tuple[str | None, list[Claim]]:
    said = re.sub(r"\s*\([^()]*\)", "", _plain(text))  # "Tim (my neighbour) moved …"
    said = _HEDGE.sub("", said).strip()
    for_whom = re.match(r"^For (?P<name>[A-Z][\w-]*), (?P<rest>.+)$", said)
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
    when = re.match(
        r"(?i)^(?:after|before|since|following|during) [^,]{1,50}? (?=(?:I|I'm|I've|(?-i:[A-Z])[\w-]*) [a-z])",
        said,
    )
    if when and _opens(said[when.end() :], is_name):  # "After the knee surgery I stopped running"
        said = said[when.end() :]
    # "Tim, who used to live in Leeds, now lives in Osaka": the aside is no part of what is said now
    said = re.sub(r"^([A-Z][\w-]*), (?:who|whom|whose|a|an|the|my|our)\b[^,]*, ", r"\1 ", said)
    said = re.sub(  # "Tim and his family moved to Porto": Tim moved
        r"^([A-Z][\w-]*) and (?:his|her|their) (?:family|wife|husband|partner|kids|children|dog)\b( \w+)",
        lambda m: m[1] + _third_person(m[2]),
        said,
    )
    said = re.sub(
        r"^([A-Z][\w-]*)'s (?=(?:been|got|gotten|gone|become|just|now|no|not|never|finally|"
        r"recently|also|still|moved|left|started|quit|joined|taken|a|an|\d)\b)",
        r"\1 is ",
        said,
    )
    inverse = _INVERSE_POSSESSIVE.match(said)
    if inverse and inverse["name"].lower() not in ("his", "her", "their"):
        # "Rome is Maria's favourite city", "Dune has become John's favourite book"
        who = {"my": "", "our": ""}.get(inverse["name"].lower(), inverse["name"])
        claims = _thing_claims(inverse["thing"], inverse["v"], "is")
        return who, claims
    words = said.split(" ", 1)
    first = words[0]
    rest = words[1] if len(words) > 1 else ""
    if first in ("I", "I'm", "I've", "I'd", "We", "We're", "We've") or first.lower() in (
        "i",
        "my",
        "our",
        "we",
    ):
        if first.lower() in ("my", "our"):
            return "", _possessed(rest)
        return "", _predicate(
            _expand(said).split(" ", 1)[1] if " " in said else "", first_person=True, bare=True
        )
    possessive = _POSSESSIVE.match(said)
    if possessive and (is_name(possessive["name"]) or possessive["name"].lower() not in _NOT_POSSESSORS):
        claims = _possessed(possessive["rest"])
        relative = re.match(
            r"(?i)(?:(?:new|old|older|younger|little|big|eldest|youngest)\s+)?(\w+)", possessive["rest"]
        )
        if not claims and relative and relative[1].lower() in _PERSON_NOUNS:
            return f"{possessive['name']}'s {relative[1].lower()}", []  # "Lina's husband works days": his
        return possessive["name"], claims
    with_me = re.match(r"^(?P<other>[A-Z][\w-]*) and I (?P<rest>.+)$", said)
    if with_me and is_name(with_me["other"]):  # "Alex and I divorced"
        return "", _together(with_me["rest"], with_me["other"])
    beats = _BEATS.match(said)
    if beats:  # "nothing beats tacos for me"
        whom: str = beats["whom"] or ""
        if whom.lower() in ("", "me", "us"):
            return "", _claim("favourite", beats["v"], work=True)
        return (whom, _claim("favourite", beats["v"], work=True)) if is_name(whom) else (None, [])
    pair = re.match(r"^(?P<name>[A-Z][\w-]*) and (?P<other>[A-Z][\w-]*) (?P<rest>.+)$", said)
    if pair and is_name(pair["name"]) and is_name(pair["other"]):  # "Tim and Sam broke up"
        return pair["name"], _together(pair["rest"], pair["other"])
    if _name_word(said) == first and first and is_name(first) and rest:
        claims = _predicate(rest)
        if claims or not _verb_led(said):
            return first, claims  # (else "Use ana@new.example from now on": a verb, not a name)
    if _verb_led(said):  # a note as stored, no subject: "Moved to Porto", "Works as a nurse"
        return None, _predicate(said[:1].lower() + said[1:])
    return None, []


_BEATS = re.compile(
    r"(?i)^nothing (?:beats|tops|compares to) (?P<v>.+?)(?: for (?P<whom>me|us|(?-i:[A-Z])[\w-]*))?"
    r"(?: these days| nowadays| now| any more| anymore)?$"
)


def _plain(text: str) -> str:
    text = text.replace("’", "'").replace("‘", "'").strip()
    text = re.sub(r"\s+", " ", text)
    return text.rstrip(" .!")


def _expand(said: str) -> str:
    """ "I'm …" as "I am …", "I've …" as "I have …", "We're …" as "We are …"."""
    return re.sub(
        r"^(I|We|we)'(m|ve|d|re)\b",
        lambda m: m[1] + " " + {"m": "am", "ve": "have", "d": "would", "re": "are"}[m[2]],
        said,
    )


def _third_person(word: str) -> str:
    """ "… and his family moved" → "moved"; " live" → " lives" (the name is one person)."""
    bare = word.strip()
    if bare in ("are", "were", "have"):
        return " " + {"are": "is", "were": "was", "have": "has"}[bare]
    if lemmas(bare) == [bare] and bare not in IRREGULAR:
        return " " + bare + "s"
    return word


def _opens(text: str, is_name: Callable[[str], bool]) -> bool:
    """Whether `text` starts with whom a note is about: a name, "I" or "my"."""
    first = _name_word(text.strip())
    return first in ("I", "My", "my") or (bool(first) and is_name(first))


def _name_word(text: str) -> str:
    """The capitalised word `text` opens with, when a space, a possessive or the end follows it
    ("Gina", "Gina's"; not "Noted:", which only introduces what follows)."""
    match = re.match(r"([A-Z][\w-]*)(?=['’]s\b|\s|$)", text)
    return match[1] if match else ""


def _verb_led(text: str) -> bool:
    words = text.lower().split()
    while len(words) > 1 and words[0] in _ADVERBS:
        words = words[1:]  # "Now lives in Porto"
    head = words[0] if words else ""
    return head in ("no", "not", "never", "used") or any(
        lemma in FRAMES or lemma in _AUXILIARIES for lemma in lemmas(head)
    )


# Step 2: the clauses, and each one's verb.
_AUXILIARIES = frozenset("be is am are was were been being has have had do does did 's 'm 've".split())
_ADVERBS = frozenset(
    """now just recently finally also still currently already actually really officially then
    eventually newly happily originally apparently since once again lately suddenly permanently
    basically definitely even back probably supposedly evidently reportedly always usually often
    sometimes regularly only mostly""".split()
)
_MODALS = frozenset(
    "might may could would should will shall wants want hopes plans planning thinking considering".split()
)
_NOT = frozenset("not never n't".split())
# A clause starts after these, when what follows reads as a predicate of its own.
_CLAUSE_SPLIT = re.compile(
    r"(?:,\s*(?:but|and|so)?|;|\s+(?:and|but|so))\s+(?:then\s+|now\s+|has\s+since\s+)?"
)

# Verb forms no ending rule finds (and a few it would find wrongly): form → base.
IRREGULAR = dict(
    pair.split(":")
    for pair in """
    became:become become:become left:leave took:take taken:take got:get gotten:get sold:sell went:go
    gone:go drove:drive driven:drive quit:quit quitting:quit broke:break broken:break split:split
    splitting:split bought:buy began:begin begun:begin found:find gave:give given:give lost:lose
    is:be am:be are:be was:be were:be been:be being:be has:have had:have does:do did:do done:do
    's:be 'm:be 've:have won:win studies:study studied:study married:marry marries:marry says:say
    said:say lives:live moves:move dating:date seeing:see saw:see swapped:swap dropped:drop
    dropping:drop transferred:transfer enrolled:enroll enrols:enroll enrol:enroll ran:run
    goes:go does:do laid:lay fired:fire told:tell celebrated:celebrate retired:retire resigned:resign stopped:stop
    """.split()
)


def lemmas(word: str) -> list[str]:
    """The base forms a verb may have ("relocated" → relocate, "living" → live, "moves" → move): the
    table's irregular verbs, then the regular endings, each tried with and without an "e"."""
    word = word.lower().strip(",;:")
    if word in IRREGULAR:
        return [IRREGULAR[word]]
    out = [word]
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) > len(ending) + 1:
            stem = word[: -len(ending)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])  # "transferred", "dropping"
            if ending in ("ed", "es") and stem.endswith("i"):
                out.append(stem[:-1] + "y")  # "studied", "married"
    return out


def _predicate(text: str, first_person: bool = False, bare: bool = False) -> list[Claim]:
    """What a predicate (the note without its subject) claims, clause by clause; `bare`: the
    subject is "I" or "we", so a verb's bare form ("run every morning") is its present."""
    claims: list[Claim] = []
    for clause in _clauses(text, first_person):
        living = re.match(r"(?i)^(?:now |currently )?(?P<v>[a-z]+s? .+?) for a living\b", clause)
        if living:  # "teaches yoga for a living": that is the job
            claims += _claim("role", living["v"], role=True)
            continue
        claims += _clause(clause, bare)
    return claims


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


_PRONOUN = re.compile(r"(?:he|she|they)(?=['’]s\b|\s)(?:\s+)?")


def _contracted(clause: str) -> str:
    """ "'s now at Globex" (what is left of "she's") as "is now at Globex"."""
    return re.sub(r"^['’]s\s+", "is ", clause)


def _starts_predicate(text: str, first_person: bool) -> bool:
    head = text.split(" ", 1)[0].lower()
    if head in ("no", "not", "never", "used", "is", "was", "has", "had", "now", "became"):
        return True
    forms = lemmas(head)
    if not first_person and forms == [head] and head not in IRREGULAR:
        return False  # a bare "work" after a name is a noun, not its verb
    return any(lemma in FRAMES for lemma in forms) and head not in ("the", "a", "an")


def _clause(clause: str, bare: bool = False) -> list[Claim]:
    words = clause.split(" ")
    i, past, denied, was, current = 0, False, False, False, False
    verb = ""
    while i < len(words):
        word = words[i].lower().strip(",")
        if word in ("no", "any") and i + 1 < len(words) and words[i + 1].lower() in ("longer", "more"):
            denied, i = True, i + 2
            continue
        if word.endswith("n't") or word in _NOT:
            denied = True
            base = word[:-3] if word.endswith("n't") else ""
            if base in ("is", "was", "are", "isn", "wasn"):
                verb = "be"
            elif base in ("has", "have", "had"):
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
            verb = lemmas(word)[0] if word not in ("do", "does", "did") else verb
            was = word in ("was", "were", "had")
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
    if frame_verb in ("move", "relocate") and head.endswith("ing") and _FUTURE.search(rest):
        return []  # "is moving to Porto next month": a plan
    if frame_verb is not None and frame_verb not in ("be", "have"):
        claims = FRAMES[frame_verb](" ".join(words[i + 1 :]))
    if not claims and verb in ("be", "have") and head:
        # "is married" (no one named), "is at Globex", "has a dog named Rex": what the auxiliary says
        past = past or was  # "was a teacher", "had a dog named Tilly": no longer so
        told = " ".join(words[i + 1 :]) if frame_verb == verb else rest
        claims = FRAMES[verb](("now " if current else "") + told if verb == "be" else told)
    if not claims and frame_verb is None and [w.lower() for w in words[:2]] == ["no", "more"]:
        return _ended(rest)  # "no more tea for me"
    if not claims and frame_verb is None and not verb and _habitual(head, denied or bare):
        # "smokes", "swims every morning", "doesn't speak German", "I run every morning"
        claims = _claim(HABIT, habits.habit(head, " ".join(words[i + 1 :])))
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
    if head.endswith("s") and not head.endswith(("ss", "us", "is")):
        return True
    return base_is_present


_NOT_HABITS = frozenset(
    """the a an this that these those it its his her their my our me him them there here who which
    what when where why how also too as if so very much many more most less such""".split()
)


# Step 3: what each verb says.
_PROGRESSIVE_ONLY = frozenset({"see"})
_FUTURE = re.compile(
    r"(?i)\b(?:next|soon|later|tomorrow|someday|one day|in (?:a|an|two|three|a few|\d+) (?:days?|weeks?|months?|years?))\b"
)
_TAIL = re.compile(
    r"(?i)\s+(?:after|before|during|until|following|because|since|as of|when|while|which|who|where|"
    r"ever since|for (?:the )?(?:past |last )?(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"many|several|some|a few|years|months|weeks|ages|decades|a while|good)\b|"
    r"this|last|next|earlier|later|in (?:\d{4}|january|february|march|april|may|june|july|august|"
    r"september|october|november|december|spring|summer|autumn|fall|winter|the (?:spring|summer|autumn|fall|"
    r"winter|end|meantime))\b|"
    r"the (?:day|week|month|year|night) (?:before|after)|"
    r"instead|rather|not|now|again|too|anymore|any more|these days|nowadays|at the moment)\b.*$"
)
_PLACE_TAIL = re.compile(r"(?i)\s+(?:with|for|to be|near|from|permanently|for good)\b.*$")
_WORK_TAIL = re.compile(r"(?i)\s+(?:in the|on the|as (?:an?|the)|at (?:the|a)|with the|for the|from)\b.*$")
_ROLE_TAIL = re.compile(r"(?i)\s+(?:at|for|in|with|on|from|to|of)\b.*$")


def _value(value: str, place: bool = False, work: bool = False, role: bool = False) -> str:
    """The value without its tail: "Perth since the spring, which suits the family" → "Perth"."""
    value = value.strip(" ,.;:!")
    value = re.split(r",|;|\s+-\s+|\(", value, maxsplit=1)[0]
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


_POINTERS = frozenset("it there that this them these those here one".split())


def _claim(attribute: str, value: str, holds: bool = True, **how) -> list[Claim]:
    value = _value(value, **how)
    if not value and holds:
        return []
    return [Claim(attribute, value, holds)]


def _ended(value: str) -> list[Claim]:
    """A value that ends, whatever it was: "left Acme", "sold the Honda", "dropped out of Riverside"."""
    value = re.sub(r"(?i)^(?:the|my|his|her|their|our|old)\s+", "", value.strip())
    value = re.sub(r"(?i)^(?:old\s+)", "", value)
    value = re.sub(
        r"(?i)\s+(?:and|but|to)\s.*$|\s+for (?:me|us|him|her|them)\b.*$", "", value
    )  # "his car and cycles"
    if re.fullmatch(r"(?i)(?:her|his|their|my|the)?\s*(?:dogs|cats|pets)", value):
        return [Claim(f"{_pet(value.split()[-1][:-1])}'s name", "", False)]
    thing = _value(value, work=True).lower()
    if thing in ("job", "position", "role"):  # "quit her job": whatever it was, and wherever
        return [Claim("role", "", False), Claim("employer", "", False)]
    if thing in _THING_ATTRIBUTES or thing in _PET_NOUNS:  # "sold her car", "lost his dog"
        return [Claim(_THING_ATTRIBUTES.get(thing) or f"{_pet(thing)}'s name", "", False)]
    return _claim("", value, holds=False, work=True)


def _by_kind(value: str, *, fallback: str = "") -> list[Claim]:
    """A value whose attribute the value itself says: an occupation, a car, a phone, a school."""
    kind = kind_of(value)
    if kind == "role":  # "the CTO of Lumen", "a barista at Blue Bottle": the employer too
        at = re.search(r"\b(?:at|of|for|with) (?P<v>(?-i:[A-Z])[\w&.'-]*(?: (?-i:[A-Z])[\w&.'-]*)*)", value)
        return _claim(kind, value, role=True) + (_claim("employer", at["v"], work=True) if at else [])
    if kind:
        return _claim(kind, value, role=kind == "role", work=kind != "role")
    return _claim(fallback, value, work=True) if fallback else []


def _frame(*rules: tuple[str, Callable[[re.Match], list[Claim]]]) -> Callable[[str], list[Claim]]:
    compiled = [(re.compile(pattern + r"$", re.I), make) for pattern, make in rules]

    def read(rest: str) -> list[Claim]:
        rest = rest.strip(" ,")
        for pattern, make in compiled:
            match = pattern.match(rest)
            if match:
                return make(match)
        return []

    return read


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


def _kind(m: re.Match) -> list[Claim]:
    return _by_kind(m["v"])


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
            out += _claim("partner", partner, holds=status not in ("single", "divorced", "separated"))
        elif status in ("single", "divorced", "separated", "widowed"):
            out.append(Claim("partner", "", False))  # "is single again": whoever the partner was
        return out

    return make


_ART = r"(?:(?:an?|the|my|his|her|their)\s+)?(?:new\s+)?"
_NAME = r"(?P<v>(?-i:[A-Z])[\w-]*)"
_NO_OBJECT = r"(?:\s+(?!(?:his|her|their|the|a|an|my|our|its|it|them)\b)\S.*)?"  # not "breaks up his day"
_TO_NAME = rf"(?:\s+(?:to|with|from)\s+{_NAME})?(?:\s.*)?"


_COUNTS = {
    "no": "0",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
}
_VEHICLES = frozenset(
    "car truck van suv motorbike motorcycle scooter pickup hatchback sedan convertible minivan".split()
)


def _a_car(value: str) -> bool:
    """What one drives, as a thing ("a Honda", "an old pickup"), not where ("to work") or how ("a lot")."""
    words = re.findall(r"[a-z]+", value.lower())[:6]
    return kind_of(value) == "car" or bool(_VEHICLES.intersection(words))


_LASTING = re.compile(
    r"(?i)\b(?:these days|nowadays|since|full[- ]time|permanently|for (?:a|an|\d+|two|three|four|five|many|"
    r"several|a few|over a) (?:years?|months?|decades?))\b"
)


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
    if re.match(r"(?i)(?:not|never|it|that|this|when|how|to)\b", value.strip()):
        return []  # "hates not being on the court", "loves it", "likes to …": no thing named
    return _claim("taste", value, holds=holds, work=True)


def _pet(noun: str) -> str:
    return {"puppy": "dog", "kitten": "cat"}.get(noun.lower(), noun.lower())


def _kind_owned(m: re.Match) -> list[Claim]:
    """Something owned or used says which thing it is only when it is a car or a phone."""
    kind = kind_of(m["v"])
    if kind in ("car", "phone"):
        return _claim(kind, m["v"], work=True)
    bare = re.fullmatch(
        r"(?i)(?:an?\s+|any\s+)?(car|phone|cellphone|mobile)s?(?:\s+(?:any ?more|now))?", m["v"].strip()
    )
    if bare:  # "doesn't own a car anymore": whatever car it was (a value only when denied)
        return [Claim(_THING_ATTRIBUTES.get(bare[1].lower(), "phone"), "")]
    return []


_SUPERLATIVE = re.compile(
    r"(?i)^(?P<v>[^,]{1,40}?) (?:is|are) (?:now |still )?(?:by far )?the (?:very )?(?:best|greatest|finest|"
    r"top|nicest|tastiest|coolest) (?P<t>[a-z]+)\b(?: (?:ever(?: made| written| recorded)?|by far|of all time|"
    r"in the world|there is|around|now|these days))*$"
)


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
    match = re.match(r"(?i)^(?:(?:my|his|her|their|the)\s+)(?P<rest>.+)$", text)
    if match:
        return _possessed(match["rest"])
    pronoun = re.match(r"(?i)^(?:he|she|they|i)(?:'s|'ve|'re|'m)?\s+(?P<rest>.+)$", text)
    if pronoun:  # "he moved to Porto", "she's now a nurse"
        contracted = re.match(r"(?i)^(?:he|she|they|i)'(s|ve|re|m)\b", text)
        rest = pronoun["rest"]
        if contracted:
            rest = {"s": "is ", "ve": "have ", "re": "are ", "m": "am "}[contracted[1].lower()] + rest
        return _predicate(rest, first_person=True, bare=bool(re.match(r"(?i)i\b", text)))
    return _predicate(text, first_person=True)


# What a possessed thing is: "Gina's phone is a Nokia", "my job: teacher", "her new place is in Leeds".
_THING_ATTRIBUTES = {
    "job": "role",
    "role": "role",
    "position": "role",
    "title": "role",
    "job title": "role",
    "occupation": "role",
    "profession": "role",
    "career": "role",
    "line of work": "role",
    "employer": "employer",
    "company": "employer",
    "workplace": "employer",
    "home": "location",
    "city": "location",
    "place": "location",
    "address": "location",
    "flat": "location",
    "apartment": "location",
    "house": "location",
    "car": "car",
    "ride": "car",
    "phone": "phone",
    "mobile": "phone",
    "cell": "phone",
    "school": "school",
    "university": "school",
    "college": "school",
    "uni": "school",
    "age": "age",
    "relationship status": "relationship",
    "email": "email",
    "email address": "email",
    "e-mail": "email",
}
_POSSESSED = re.compile(
    r"^(?P<t>[a-z][a-z' -]{0,40}?)(?:\s*:\s*|\s+(?P<verb>is|are|was|has become|became|is now|remains|"
    r"has changed to|changed to|is called|is named|'s name is|name is)\s+)(?P<v>.+)$",
    re.I,
)


def _possessed(rest: str) -> list[Claim]:
    gone = re.match(
        r"(?i)^(?:old |beloved )?(?P<t>dog|cat|puppy|kitten|pet|rabbit|parrot|horse|hamster),?(?: (?P<v>(?-i:[A-Z])[\w-]*),?)?"
        r" (?:died|passed away|passed|ran away|was put down|is gone)\b",
        rest.strip(),
    )
    if gone:  # "Tim's dog Rex died": no longer Tim's dog
        return [Claim(f"{_pet(gone['t'])}'s name", gone["v"] or "", False)]
    match = _POSSESSED.match(rest.strip())
    if match is None:
        return []
    return _thing_claims(match["t"], match["v"], (match["verb"] or "is").lower())


def _thing_claims(thing: str, value: str, verb: str) -> list[Claim]:
    words = [_SPELLINGS.get(w, w) for w in thing.lower().split()]
    while words and words[0] in ("new", "current", "present", "all-time", "latest", "usual", "old"):
        words = words[1:]
    words = [w for w in words if w not in ("these", "days", "now", "by", "far", "ever", "of", "all", "time")]
    if not words:
        return []
    key = " ".join(words)
    head = words[0]
    if head in ("favourite", "favorite", "top", "best") and len(words) > 1:
        attribute = "favourite " + " ".join(words[1:])
        value = re.sub(r"(?i)^(?:now|these days|nowadays)\s+", "", value.strip())
        parts = re.split(r"(?i),?\s+(?:not|rather than|instead of|and no longer)\s+", value, maxsplit=1)
        out = _claim(attribute, parts[0], work=True)
        if len(parts) > 1:
            out += _claim(attribute, parts[1], holds=False, work=True)
        return out
    if words[-1] in ("name",) and len(words) > 1:  # "dog's name is", "dog name"
        key, verb = " ".join(words[:-1]).removesuffix("'s"), "is called"
    if key in _PET_NOUNS:
        name = re.match(r"(?:called |named )?(?P<v>[A-Z][\w-]*)", value.strip())
        return [Claim(f"{_pet(key)}'s name", name["v"])] if name else []
    if key in ("manager", "boss", "supervisor", "line manager"):  # "Greg's manager is Paula": Greg's
        name = re.fullmatch(r"(?:now\s+)?(?P<v>[A-Z][\w-]*)(?:\s+now)?", value.strip())
        return [Claim("manager", name["v"])] if name else []
    if key in _PERSON_NOUNS or words[-1] in _PERSON_NOUNS:
        if key in _PARTNER_NOUNS and re.fullmatch(r"(?:now\s+)?[A-Z][\w-]*(?:\s+now)?", value.strip()):
            return _claim("partner", value.replace("now", "").strip())
        return []  # a relative's or a friend's: theirs, not this person's
    known = _THING_ATTRIBUTES.get(key)
    if known is None:  # any other thing of one's own ("my editor is Helix"), when its value is short
        if len(words) > 2 or len(value.split()) > 3 or verb not in ("is", "is now", "has become", "became"):
            return []
    attribute = known or key
    value = re.sub(r"(?i)^(?:now|in)\s+", "", value.strip())
    if attribute == "location":
        value = re.sub(r"(?i)^(?:now\s+)?in\s+", "", value)
    if attribute == "age":
        number = re.match(r"\d{1,3}", value)
        return [Claim("age", number[0])] if number else []
    return _claim(
        attribute,
        value,
        place=attribute == "location",
        role=attribute == "role",
        work=attribute not in ("role", "location"),
    )


_SPELLINGS = {"favorite": "favourite", "colour": "color", "fave": "favourite", "favourites": "favourite"}
_PET_NOUNS = frozenset("dog cat puppy kitten pet rabbit parrot horse hamster".split())


def _together(rest: str, other: str) -> list[Claim]:
    """ "Tim and Sam broke up", "… got married", "… got divorced": a claim about the pair."""
    state = re.match(
        r"(?i)(?:are|were) (?:now |officially |finally )?(?P<s>married|engaged|divorced|separated|dating)\b",
        rest,
    )
    if state:  # "Tim and Sam are now married"
        status = state["s"].lower()
        return [
            Claim("relationship", status),
            Claim("partner", other, status not in ("divorced", "separated")),
        ]
    verb = re.match(
        r"(?i)(?:have |had |just |finally |recently )*(?P<v>broke up|split up|split|separated|got divorced|divorced|got married|married|got engaged)\b",
        rest,
    )
    if verb is None:
        return []
    status = {
        "broke up": "single",
        "split up": "single",
        "split": "single",
        "separated": "separated",
        "got divorced": "divorced",
        "divorced": "divorced",
        "got married": "married",
        "married": "married",
        "got engaged": "engaged",
    }[verb["v"].lower()]
    return [Claim("relationship", status), Claim("partner", other, status in ("married", "engaged"))]


# What a value is, where the verb does not say: an occupation, a school, a car or a phone.
OCCUPATIONS = frozenset(
    """teacher nurse engineer developer programmer coder designer lawyer attorney solicitor barrister doctor
    physician surgeon dentist hygienist pharmacist paramedic firefighter officer detective pilot chef cook
    baker butcher barista waiter waitress bartender cashier clerk accountant bookkeeper banker analyst
    consultant manager director executive founder entrepreneur architect librarian professor lecturer tutor
    counselor counsellor therapist psychologist psychiatrist scientist researcher biologist chemist
    physicist economist journalist reporter editor writer author novelist translator interpreter
    photographer musician singer dancer actor actress filmmaker producer plumber electrician carpenter
    mechanic technician driver farmer gardener veterinarian vet soldier sailor secretary receptionist
    administrator assistant intern salesperson saleswoman salesman agent realtor broker coach trainer
    instructor tester janitor cleaner caregiver carer nanny midwife optician optometrist pediatrician
    paediatrician radiologist surveyor tailor hairdresser barber stylist florist jeweler jeweller
    courier postman mail carrier firefighter policeman policewoman cop guard ranger lifeguard paralegal
    auditor actuary recruiter marketer strategist planner dispatcher operator machinist welder
    builder contractor roofer painter illustrator animator curator archivist historian sociologist
    teaching professor principal headteacher headmaster dean ceo cto cfo coo vp president clerk
    supervisor foreman lead officer inspector investigator medic ems emt chiropractor physiotherapist
    physio dietitian nutritionist veterinarian vet pharmacist ux ui devops sysadmin""".split()
)
SCHOOL_WORDS = frozenset(
    "university college school academy institute conservatory polytechnic uni seminary".split()
)
CAR_MAKES = frozenset(
    """toyota honda ford tesla bmw audi volkswagen vw subaru mazda kia hyundai nissan chevy chevrolet volvo
    jeep mercedes porsche fiat renault peugeot skoda mini prius corolla civic golf jaguar lexus
    dodge chrysler cadillac buick gmc ram mitsubishi suzuki citroen opel vauxhall seat saab land rover
    range rover rivian polestar""".split()
)
PHONE_MAKES = frozenset(
    """iphone pixel samsung galaxy oneplus nokia motorola moto xiaomi huawei android blackberry
    fairphone oppo sony xperia""".split()
)
_NOT_OCCUPATION = frozenset("fan member beginner lover mother father parent".split())
# What one may be besides one's job ("Joanna is a writer", "Jon is a dancer"): a role only when a
# note says it is the work ("works as a writer").
CRAFTS = frozenset(
    """writer author novelist poet artist painter illustrator animator photographer musician singer
    dancer actor actress filmmaker producer coach""".split()
)


def kind_of(value: str) -> str:
    """ "role", "school", "car", "phone", or "" for a value that does not say what it is."""
    words = re.findall(r"[a-z0-9]+", value.lower())
    if not words:
        return ""
    if SCHOOL_WORDS.intersection(words) or re.search(r"\b(?-i:High)\b", value):
        return "school"
    if words[0] in CAR_MAKES or (len(words) > 1 and words[0] in ("a", "an", "the") and words[1] in CAR_MAKES):
        return "car"
    if words[0] in PHONE_MAKES or (
        len(words) > 1 and words[0] in ("a", "an", "the") and words[1] in PHONE_MAKES
    ):
        return "phone"
    head = _head_noun(value)
    if head in OCCUPATIONS and head not in _NOT_OCCUPATION and head not in CRAFTS:
        return "role"
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


_FAN = re.compile(
    r"(?i)^(?:now\s+)?(?:an? |the )?(?:big |huge |lifelong |die-hard |massive )?(?:(?P<v>(?-i:[A-Z])[\w&' -]*?) "
    r"(?P<k>fan|supporter)s?|(?P<j>fan|supporter)s? of (?P<w>(?-i:[A-Z])[\w&' -]*?))(?:\s+(?:now|these days|nowadays|after|since|ever since|for)\b.*)?$"
)
_DIET = re.compile(
    r"(?i)^(?:now\s+)?(?:an? )?(?:strict |committed |lifelong |full )?(?P<d>vegetarian|veggie|vegan|pescatarian)\b.*$"
)


def _a_thing(value: str) -> list[Claim]:
    """What one is, when not a job: a diet ("vegetarian": one who eats no meat), a team's fan, one
    who does a thing ("a smoker"); else a role, a car, a school, as the value says."""
    diet = _DIET.match(value.strip())
    if diet:
        word = diet["d"].lower()
        return [Claim("diet", word)] + [Claim(HABIT, h, False) for h in habits.DIETS[word]]
    fan = _FAN.match(value.strip())
    if fan:
        # a supporter has one team; a fan may have many (bands, players), until a team is told
        kind = "team" if "supporter" in ((fan["k"] or "") + (fan["j"] or "")).lower() else FAN
        return _claim(kind, fan["v"] or fan["w"], work=True)
    agent = re.fullmatch(
        r"(?i)(?:now\s+)?(?:an? )?(?:heavy |regular |keen |avid |big |daily )?(?P<n>[a-z-]+)(?:\s+(?:now|these days|again))?",
        value.strip(),
    )
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


_PET_TAKEN = (
    r"(?:an? |the |two |three )?(?:new |little |rescue |young )?(?P<t>[a-z]+?)s?(?:,? (?:named|called) (?P<v>(?-i:[A-Z])[\w-]*))?"
    r"(?:\s+(?:now|too|from|last|this|in|at|recently)\b.*)?"
)
_PET_HAD = r"(?:an? |the )?(?:new )?(?P<t>dog|cat|puppy|kitten|pet|rabbit|parrot|horse|hamster)s?(?: (?:named|called) (?P<v>(?-i:[A-Z])[\w-]*))?(?:\s+(?:now|too|from|last|this|in|at|recently)\b.*)?"
_COUNTED = (
    r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|no) (?P<t>kids|children|dogs|cats|pets|sons|daughters"
    r"|grandchildren)(?:\s.*)?"
)


def _home(m: re.Match) -> list[Claim]:
    """ "bought a house in York and that's where he lives now": York."""
    return _claim("location", re.sub(r"\s+and\s.*$", "", m["v"]), place=True)


def _counted(m: re.Match) -> list[Claim]:
    return [Claim(f"number of {m['t']}", _COUNTS.get(m["n"].lower(), m["n"]))]


_HOME = r"(?:an? |the |our |my |his |her |their )?(?:new )?(?:flat|house|home|apartment|place|condo|cottage) in (?P<v>.+)"


# The frames: what each verb says, read after it (the verb's forms are lemmas()'s to find).
FRAMES: dict[str, Callable[[str], list[Claim]]] = {
    "live": _frame((r"(?:now\s+)?in (?P<v>.+)", _place)),
    "reside": _frame((r"in (?P<v>.+)", _place)),
    "settle": _frame((r"(?:down\s+)?in (?P<v>.+)", _place)),
    "base": _frame((r"(?:out of|in) (?P<v>.+)", _place)),
    "move": _frame(
        (r"(?:away\s+)?from (?P<old>.+?) to (?P<v>.+)", _place),
        (r"(?:back\s+|over\s+|away\s+|house\s+)?to (?P<v>.+)", _place),
        (
            r"(?:out of|away from) (?P<old>.+)",
            lambda m: _claim("location", m["old"], holds=False, place=True),
        ),
    ),
    "relocate": _frame((r"from (?P<old>.+?) to (?P<v>.+)", _place), (r"(?:back\s+)?to (?P<v>.+)", _place)),
    "call": _frame((r"(?P<v>.+?) (?:home|his home|her home|their home)(?:\s.*)?", _place)),
    "work": _frame(
        (r"(?:now\s+)?(?:at|for) (?P<v>.+)", _employer),
        (r"(?:now\s+)?as (?P<v>.+)", _role),
        (r"(?P<v>(?:[a-z]+ )?shifts?)\b.*", lambda m: _claim("shift", m["v"], work=True)),
    ),
    "employ": _frame((r"(?:by|at|with) (?P<v>.+)", _employer), (r"as (?P<v>.+)", _role)),
    "hire": _frame(
        (r"by (?P<v>.+?) as (?P<r>.+)", lambda m: _employer(m) + _claim("role", m["r"], role=True)),
        (r"(?:by|at) (?P<v>.+)", _employer),
        (r"as (?P<v>.+)", _role),
    ),
    "recruit": _frame((r"by (?P<v>.+)", _employer)),
    "join": _frame((r"(?P<v>(?-i:[A-Z]).+)", _employer)),
    "take": _frame(
        (rf"(?:up )?{_ART}(?:job|position|role|post) (?:at|with) (?P<v>.+)", _employer),
        (rf"(?:up )?{_ART}(?:job|position|role|post) as (?P<v>.+)", _role),
    ),
    "land": _frame(
        (rf"{_ART}(?:job|position|role) (?:at|with) (?P<v>.+)", _employer),
        (rf"{_ART}(?:job|position|role) as (?P<v>.+)", _role),
    ),
    "start": _frame(
        (
            r"(?:working|work|a job|a new job)? ?(?:at|for|with) (?P<v>.+)",
            lambda m: _by_kind(m["v"], fallback="employer"),
        ),
        (r"(?:working |work )?as (?P<v>.+)", _role),
        (r"(?:studying|classes|school) at (?P<v>.+)", _school),
        (r"(?P<g>[a-z]{3,}ing\b.*)", lambda m: _habit_of(m["g"], True)),  # "started eating fish again"
    ),
    "begin": _frame(
        (r"(?:working |work )?(?:at|for) (?P<v>.+)", _employer), (r"(?:working |work )?as (?P<v>.+)", _role)
    ),
    "retrain": _frame((r"as (?:an? )?(?P<v>.+)", _role)),
    "train": _frame((r"as (?P<v>.+)", _role)),
    "requalify": _frame((r"as (?P<v>.+)", _role)),
    "promote": _frame((r"to (?P<v>.+)", _role)),
    "become": _frame(
        (
            r"(?P<s>single|engaged|married|divorced|separated|widowed)" + _TO_NAME,
            lambda m: _status(m["s"].lower())(m),
        ),
        (r"(?P<v>.+)", lambda m: _a_thing(m["v"])),
    ),
    "turn": _frame((r"(?P<v>\d{1,3})(?:\s.*)?", lambda m: [Claim("age", m["v"])])),
    "date": _frame((_NAME + r"(?:\s.*)?", _status("dating"))),
    "see": _frame((_NAME + r"(?:\s.*)?", _status("dating"))),
    "marry": _frame((r"(?:to\s+)?" + _NAME + r"(?:\s.*)?", _status("married"))),
    "wed": _frame((_NAME + r"(?:\s.*)?", _status("married"))),
    "divorce": _frame((_NAME + r"?(?:\s.*)?", _status("divorced"))),
    "break": _frame((r"up(?: with " + _NAME + r")?" + _NO_OBJECT, _status("single"))),
    "split": _frame((r"up(?: with " + _NAME + r")?" + _NO_OBJECT, _status("single"))),
    "separate": _frame((r"(?:from " + _NAME + r")?(?:\s.*)?", _status("separated"))),
    "get": _frame(
        (r"(?P<s>married|engaged|divorced)" + _TO_NAME, lambda m: _status(m["s"].lower())(m)),
        (
            r"hired (?:by|at) (?P<v>.+?)(?: as (?P<r>.+))?",
            lambda m: _employer(m) + (_claim("role", m["r"], role=True) if m["r"] else []),
        ),
        (r"hired as (?P<v>.+)", _role),
        (r"promoted to (?P<v>.+)", _role),
        (r"(?:fired|laid off|let go) (?:from|by) (?P<old>.+)", lambda m: _ended(m["old"])),
        (r"rid of (?P<old>.+)", _end),
        (_PET_HAD, _pets),  # "got a puppy called Mochi"
        (
            r"(?:into|accepted (?:to|at|into)) (?P<v>.+)",
            lambda m: _school(m) if kind_of(m["v"]) == "school" else [],
        ),
        (rf"{_ART}(?:job|position|role) (?:at|with) (?P<v>.+)", _employer),
        (rf"{_ART}(?:job|position|role) as (?P<v>.+)", _role),
        (
            r"(?:an? |the )?new (?P<t>[a-z]+)(?:,|:| -)? (?:an? |the )?(?P<v>.+)",
            lambda m: _thing_claims(m["t"], m["v"], "is"),
        ),
        (r"(?:an? |the )?(?P<v>.+)", _kind_owned),
    ),
    "study": _frame((r"(?:now\s+)?at (?P<v>.+)", _school)),
    "attend": _frame((r"(?P<v>.+)", lambda m: _by_kind(m["v"]) if kind_of(m["v"]) == "school" else [])),
    "go": _frame((r"to (?P<v>.+)", lambda m: _school(m) if kind_of(m["v"]) == "school" else [])),
    "enroll": _frame((r"(?:at|in) (?P<v>.+)", _school)),
    "transfer": _frame(
        (
            r"to (?:the |our |their |a )?(?P<v>(?-i:[A-Z])[\w-]*(?: (?-i:[A-Z])[\w-]*)?) (?:office|branch|site|plant)\b.*",
            _place,
        ),
        (r"to (?P<v>.+)", lambda m: _school(m) if kind_of(m["v"]) == "school" else []),
    ),
    "graduate": _frame(
        (r"from (?P<old>.+)", lambda m: _claim("school", m["old"], holds=False, work=True)),
        (r".*", lambda m: [Claim("school", "", False)]),  # "graduated last summer": whichever school
    ),
    "drop": _frame((r"out of (?P<old>.+)", _end)),
    "leave": _frame(
        (
            r"(?:her|his|their|my) (?:[\w-]+ ){0,3}?job as (?P<v>.+)",
            lambda m: _claim("role", m["v"], holds=False, role=True),
        ),
        (r"(?:her|his|their|my) (?:[\w-]+ ){0,3}?job (?:at|with) (?P<old>.+)", _end),
        (r"(?P<old>(?:the )?(?-i:[A-Z]).+?) (?:for|to join|to) (?P<v>.+)", _end),
        (r"(?P<old>(?-i:[A-Z]).+)", _end),
    ),
    "quit": _frame(
        (r"(?P<old>(?:her|his|their|my) (?:job|position|role))(?:\s.*)?", _end),
        (r"being (?P<v>.+)", lambda m: _no_longer(m["v"])),
        (r"(?:(?:her|his|their|my) job (?:at|with) )?(?P<old>(?-i:[A-Z]).+)", _end),
        (r"(?:her|his|their|my) job as (?P<v>.+)", lambda m: _claim("role", m["v"], holds=False, role=True)),
        (r"(?P<old>[a-z].+)", _given_up),  # "quit smoking", "quit chess and took up golf"
    ),
    "lose": _frame(
        (r"(?:all )?interest in (?P<v>.+)", lambda m: _taste(m["v"], False)),
        (
            r"(?:her|his|their|my) (?:[\w-]+ ){0,3}?job as (?P<v>.+)",
            lambda m: _claim("role", m["v"], holds=False, role=True),
        ),
        (r"(?:her|his|their|my) (?:[\w-]+ ){0,3}?job (?:at|with) (?P<old>.+)", _end),
        (
            r"(?P<old>(?:her|his|their|my) (?:dog|cat|puppy|kitten|pet|rabbit|parrot|horse|hamster|car|phone|job))\b.*",
            _end,
        ),
    ),
    "sell": _frame((r"(?P<old>.+?) and (?:bought|got) (?:an? )?(?P<v>.+)", _end), (r"(?P<old>.+)", _end)),
    "trade": _frame((r"(?:in )?(?P<old>.+?) for (?:an? )?(?P<v>.+)", _end)),
    "swap": _frame((r"(?P<old>.+?) for (?:an? )?(?P<v>.+)", _end)),
    "replace": _frame((r"(?P<old>.+?) with (?:an? )?(?P<v>.+)", _end)),
    "switch": _frame(
        (r"(?:schools|colleges|universities)(?: and is now at| to) (?P<v>.+)", _school),
        (r"(?:jobs|companies|employers)(?: and is now at| to) (?P<v>.+)", _employer),
        (r"careers?(?: and is now| to) (?P<v>.+)", _role),
        (r"to supporting (?P<v>.+)", _team),
        (
            r"to (?P<v>.+?) as (?:her |his |their |my |the )?(?P<t>favou?rite [a-z]+)\b.*",
            lambda m: _thing_claims(m["t"], m["v"], "is"),
        ),
        (r"to (?:an? |the )?(?P<v>[a-z]+ shifts?)\b.*", lambda m: _claim("shift", m["v"], work=True)),
        (
            r"(?:over )?to (?:an? |the )?(?P<v>.+)",
            lambda m: (
                _kind(m)
                or (
                    _claim(CHOICE, m["v"], work=True)
                    if kind_of(m["v"]) == "" and _FAN.match(m["v"]) is None
                    else []
                )
            ),
        ),
        (r"from (?P<old>.+?) to (?:an? )?(?P<v>.+)", _end),
    ),
    "drive": _frame(
        (r"for (?P<v>(?-i:[A-Z]).+)", _employer),  # "drives for Uber": the work
        (r"(?P<v>.+)", lambda m: _claim("car", m["v"], work=True) if _a_car(m["v"]) else []),
    ),
    "own": _frame((_COUNTED, _counted), (r"(?:an? |the )?(?P<v>.+)", lambda m: _kind_owned(m))),
    "buy": _frame((_HOME, _home), (r"(?:an? |the )?(?P<v>.+)", lambda m: _kind_owned(m))),
    "adopt": _frame((_PET_TAKEN, _pets)),
    "rescue": _frame((_PET_TAKEN, _pets)),
    "support": _frame(  # "supports Everton"; not "supports Sam through hard times"
        (
            r"(?P<v>(?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*)*)(?:\s+(?:now|these days|nowadays|again|since\b.*))?",
            _team,
        ),
    ),
    "rent": _frame((_HOME, _home)),
    "report": _frame(
        (r"(?:directly )?to (?P<v>(?-i:[A-Z])[\w-]*)\b.*", lambda m: [Claim("manager", m["v"])])
    ),
    "prefer": _frame(
        (
            r"(?P<v>.+?) (?:over|to|rather than) (?P<o>.+)",  # (and not the other: a switch to it turns that over)
            lambda m: (
                _claim("preference", m["v"], work=True) + _claim(CHOICE, m["o"], holds=False, work=True)
            ),
        ),
    ),
    "stand": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"]))),  # "can't stand jazz" (denied: the end of it)
    "think": _frame((r"(?:that\s+)?(?P<v>(?-i:[A-Z]).+)", lambda m: _said(m["v"]))),
    "reckon": _frame((r"(?:that\s+)?(?P<v>(?-i:[A-Z]).+)", lambda m: _said(m["v"]))),
    "teach": _frame(
        (r"(?:[a-z]+ ){0,3}?at (?P<v>(?-i:[A-Z]).+)", lambda m: [Claim("role", "teacher")] + _employer(m)),
    ),
    "kick": _frame(
        (r"(?:the |her |his |their |my )?(?P<old>[a-z]+) habit\b.*", lambda m: _habit_of(m["old"], False))
    ),
    "use": _frame(
        (r"(?P<v>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)\b.*", lambda m: [Claim("email", m["v"])]),
        (r"(?:an? |the )?(?P<v>.+)", lambda m: _kind_owned(m) if kind_of(m["v"]) == "phone" else []),
    ),
    "say": _frame((r"(?:that\s+)?(?P<v>.+)", lambda m: _said(m["v"]))),
    "mention": _frame((r"(?:that\s+)?(?P<v>.+)", lambda m: _said(m["v"]))),
    "announce": _frame((r"(?:that\s+)?(?P<v>.+)", lambda m: _said(m["v"]))),
    "confirm": _frame((r"(?:that\s+)?(?P<v>.+)", lambda m: _said(m["v"]))),
    "tell": _frame((r"(?:me|us|everyone|them|him|her) (?:that\s+)?(?P<v>.+)", lambda m: _said(m["v"]))),
    "change": _frame(
        (
            r"(?:her|his|their|my) mind about (?:her|his|their|my|the) (?P<t>[^:,]+)[:,]? "
            r"(?:it['’]s|it is|now it['’]s|now|to) (?P<v>.+)",
            lambda m: _thing_claims(m["t"], m["v"], "is"),
        ),
        (r"(?:her|his|their|my) mind(?: about [^:,]+)?[:,]? (?P<v>.+)", lambda m: _said(m["v"])),
        (r"(?:careers?|jobs?) to (?P<v>.+)", lambda m: _by_kind(m["v"], fallback="employer")),
    ),
    "accept": _frame(
        (rf"{_ART}(?:job|position|role|offer) (?:at|with|from) (?P<v>.+)", _employer),
        (rf"{_ART}(?:job|position|role) as (?P<v>.+)", _role),
    ),
    "earn": _frame((r"(?:a |her |his |their |my )?living as (?P<v>.+)", _role)),
    "make": _frame((r"(?:a |her |his |their |my )?living as (?P<v>.+)", _role)),
    "serve": _frame((r"as (?P<v>.+)", _role)),
    "propose": _frame((r"to " + _NAME + r"(?:\s.*)?", _status("engaged"))),
    "tie": _frame((r"the knot(?: with " + _NAME + r")?(?:\s.*)?", _status("married"))),
    "end": _frame(
        (r"(?:things|it|(?:her|his|their) relationship) with " + _NAME + r"(?:\s.*)?", _status("single"))
    ),
    "upgrade": _frame((r"to (?:an? |the )?(?P<v>.+)", _kind)),
    "lease": _frame((r"(?:an? |the )?(?P<v>.+)", lambda m: _kind_owned(m))),
    "rename": _frame(
        (
            r"(?:her|his|their|my|the) (?P<t>dog|cat|puppy|kitten|pet|rabbit|parrot|horse|hamster) (?:to )?"
            + _NAME,
            lambda m: [Claim(f"{_pet(m['t'])}'s name", m["v"])],
        )
    ),
    "rehome": _frame((r"(?P<old>.+)", _end)),
    "like": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"]))),
    "love": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"]))),
    "enjoy": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"]))),
    "adore": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"]))),
    "hate": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"], False))),
    "dislike": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"], False))),
    "detest": _frame((r"(?P<v>.+)", lambda m: _taste(m["v"], False))),
    "celebrate": _frame(
        (r"turning (?P<v>\d{1,3})(?:\s.*)?", lambda m: [Claim("age", m["v"])]),
        (
            r"(?:her|his|their|my) (?P<v>\d{1,3})(?:st|nd|rd|th) birthday(?:\s.*)?",
            lambda m: [Claim("age", m["v"])],
        ),
    ),
    "retire": _frame(
        (r"from (?P<old>.+)", lambda m: _ended(m["old"])),
        (r".*", lambda m: [Claim("role", "", False), Claim("employer", "", False)]),
    ),
    "resign": _frame((r"from (?P<old>.+)", lambda m: _ended(m["old"]))),
    "fire": _frame((r"from (?P<old>.+)", lambda m: _ended(m["old"]))),
    "lay": _frame((r"off (?:from|by) (?P<old>.+)", lambda m: _ended(m["old"]))),
    "stop": _frame(
        (r"(?:working|being) as (?P<v>.+)", lambda m: _claim("role", m["v"], holds=False, role=True)),
        (r"(?:working|being) (?:at|for) (?P<old>.+)", lambda m: _ended(m["old"])),
        (r"being (?P<v>.+)", lambda m: _no_longer(m["v"])),
        (r"(?P<old>[a-z]{3,}ing\b.*)", _given_up),  # "stopped running for good"
    ),
    "give": _frame(
        (
            r"(?:away )?(?:her|his|their|my|the) (?P<t>dog|cat|puppy|kitten|pet)s?(?: away)?(?:\s.*)?",
            lambda m: [Claim(f"{_pet(m['t'])}'s name", "", False)],
        ),
        (r"up (?:on )?(?P<old>.+)", _given_up),  # "gave up smoking", "gave up tennis"
    ),
    "have": _frame(
        (
            r"(?:an? )?(?P<t>dog|cat|puppy|kitten|pet|rabbit|parrot|horse|hamster) (?:named|called) (?P<v>(?-i:[A-Z])[\w-]*)(?:\s.*)?",
            lambda m: [Claim(f"{_pet(m['t'])}'s name", m["v"]), Claim("number of pets", "1+")],
        ),
        (
            r"(?:an? |any )?(?P<t>dog|cat|puppy|kitten|pet|rabbit|parrot|horse|hamster)s?(?:\s+(?:any ?more|now|these days))?",
            lambda m: [Claim(f"{_pet(m['t'])}'s name", ""), Claim("number of pets", "1+")],
        ),  # a name only when denied: "no longer has a dog"
        (_COUNTED, _counted),
        (_HOME, _home),  # "has a flat in Leeds"
        (r"(?:a |an )?(?:new )?(?:job|position) (?:at|with) (?P<v>.+)", _employer),
        (r"(?:a |an )?(?:new )?(?:job|position|role) as (?P<v>.+)", _role),
        (r"worked as (?P<v>.+)", _role),
        (
            r"(?:an? )?(?:new )?(?P<t>girlfriend|boyfriend|partner|wife|husband|fiancee?)"
            r"(?:,? (?:named|called) " + _NAME + r")?(?:\s.*)?",
            lambda m: (
                [Claim("relationship", "married" if m["t"] in ("wife", "husband") else "dating")]
                + (_claim("partner", m["v"]) if m["v"] else [])
            ),
        ),
        (r"(?:an? |the )?(?P<v>.+)", _kind_owned),
    ),
    "be": _frame(
        (r"(?:now\s+)?(?P<v>\d{1,3})(?: years? old)?(?:\s.*)?", lambda m: [Claim("age", m["v"])]),
        (
            r"(?:now\s+)?fluent in (?P<v>(?-i:[A-Z])[a-z]+)\b.*",
            lambda m: [Claim(HABIT, habits.habit("speak", m["v"]))],  # "is fluent in German": speaks it
        ),
        (r"(?:now\s+)?(?:a )?(?:resident|citizen) of (?P<v>.+)", _place),
        (
            r"(?:now\s+)?(?:an? )?(?:\w+ )?(?:student|pupil|freshman|sophomore|undergraduate|undergrad|"
            r"postgraduate|graduate student|phd student|senior|junior) (?:at|of|in) (?P<v>.+)",
            _school,
        ),
        (r"(?:enrolled|studying) (?:at|in) (?P<v>.+)", _school),
        (
            r"(?:now\s+)?(?P<s>single|engaged|married|divorced|separated|widowed)" + _TO_NAME,
            lambda m: _status(m["s"].lower())(m),
        ),
        (r"(?:now\s+)?in a relationship(?: with " + _NAME + r")?(?:\s.*)?", _status("dating")),
        (r"(?:now\s+)?(?:based|living|settled) in (?P<v>.+)", _place),
        (r"(?:now\s+)?(?:employed|working) (?:at|by|for) (?P<v>.+)", _employer),
        (r"(?P<now>now\s+)?(?:at|with) (?P<v>(?-i:[A-Z]).+)", _at),
        (
            r"(?:now\s+)?(?P<v>(?:an?|the)\s.+)",
            lambda m: _a_thing(m["v"]) if kind_of(m["v"]) in ("role", "") else [],
        ),
        (
            r"(?P<v>.+)",
            lambda m: _a_thing(m["v"]) if kind_of(m["v"]) == "" else [],
        ),  # "is vegan", "is a non-smoker"
    ),
}
