"""Whether two alike texts may state one fact: they name the same people and things and hold the
same numbers, and are about the same person. Recall folds a restatement into a higher hit by it (diverse.py), and consolidation
proposes a merge by it (actions/consolidate/findings.py)."""

from __future__ import annotations

import re
from functools import cache

from swarmkit.memory.recall.negation import NEGATIONS, numbers
from swarmkit.memory.recall.words import STOP_WORDS, stem

_WORDS = re.compile(r"[\w]+")
_NAME = re.compile(r"[A-Z][\w'’-]*")
# Words that follow an opening word that is no name: "Born in Lagos", "Allergic to shellfish",
# "Afraid of heights", "Married to Jordan" (a name is followed by its verb: "Gina lost her job").
_WITH_ME = re.compile(r"^\W*(?:[A-Z][\w'’-]*\s+(?:and|&)\s+(?:I|me)|(?:I|me)\s+(?:and|&)\s+[A-Z][\w'’-]*)\b")
_NOT_AFTER_A_NAME = frozenset("in to of at on with for from by a an the about since".split())


def _a_verb_form(word: str) -> bool:
    """A verb's form no ending rule finds ("grew", "spent"), as the plain-speech reader lists them."""
    from swarmkit.speech.attributes import IRREGULAR

    return word.lower() in IRREGULAR


def _before_a_verb(words: list[str]) -> bool:
    """Does a text start with a subject and its verb ("Melanie works", "Jon's dog is"): the first
    word is then a name if nothing writes it in lowercase ("Prefers tabs" starts with the verb)."""
    if len(words) < 2 or not words[1].islower():
        return words[0].endswith(("'s", "’s")) and len(words) > 1
    verb = words[1]
    return verb in ("is", "was", "has", "had", "will", "can", "and") or (
        len(verb) > 3 and verb.endswith(("s", "ed")) and not verb.endswith(("ss", "us", "is"))
    )


class Names:
    """Which capitalised words name someone or something: those the collection writes capitalised
    inside a sentence and never in lowercase ("Caroline", "Door Dash"). A text's first word is
    capitalised anyway, so "Prefers" in "Prefers tabs" is no name unless it is one elsewhere."""

    def __init__(self, texts: list[str]):
        self.lower: set[str] = set()
        inner: set[str] = set()
        leading: set[str] = set()
        inside: set[str] = set()
        from swarmkit.speech.attributes import opens_with_own_thing

        for text in texts:
            words = re.findall(r"[\w'’-]+", text)
            # "Age is 34", "Birth year is 1988": the person's own age, no one called Age
            own = opens_with_own_thing(text)
            if (
                words
                and words[0][:1].isupper()
                and _before_a_verb(words)
                and not _WITH_ME.search(text)
                and not own
            ):
                leading.add(re.sub(r"['’]s$", "", words[0]).lower())
            for at, word in enumerate(words):
                if word.islower():
                    self.lower.add(word)
                elif word[:1].isupper() and (at or (_before_a_verb(words) and not own)):
                    inner.add(re.sub(r"['’]s$", "", word).lower())
                    if at:
                        inside.add(re.sub(r"['’]s$", "", word).lower())
        self.names = inner - self.lower - STOP_WORDS - NEGATIONS - {"i", "i'm", "i’m"}
        # names that somewhere open a text as its subject ("Maria expressed …"): people and things
        # that do something, whose facts are theirs
        self.subjects = leading & self.names
        # of those, the ones written capitalised inside some sentence too: a name for sure, where an
        # opening "Uses contacts" or "Usually falls asleep" may be a verb or an adverb
        self.named = self.subjects & inside

    def is_name(self, word: str) -> bool:
        """A name: written capitalised inside some sentence, or a word the collection never writes
        lowercase that no stemmer would shorten ("Gina", not "Prefers" or "Moved")."""
        base = re.sub(r"['’]s$", "", word).lower()
        if base in self.names:
            return True
        return (
            word[:1].isupper()
            and base not in self.lower
            and base not in STOP_WORDS
            and base not in NEGATIONS
            and base not in ("i", "i'm", "i’m")
            and stem(base) == base
        )

    def in_text(self, text: str):
        """is_name for the words of `text`: its opening word is no name by the fallback when a
        preposition or an article follows it ("Born in Lagos": born, not a person called Born), or
        when it is a verb's irregular form ("Grew up in Leeds", "Spent her childhood in Leeds")."""
        words = re.findall(r"[\w'’-]+", text)
        opens_with_a_verb = len(words) > 1 and words[0][:1].isupper() and _a_verb_form(words[0])
        if opens_with_a_verb or (len(words) > 1 and words[1] in _NOT_AFTER_A_NAME and words[0][:1].isupper()):
            first, base = words[0], re.sub(r"['’]s$", "", words[0]).lower()
            if base not in self.names:
                return lambda word: word != first and self.is_name(word)
        return self.is_name

    def actor(self, text: str) -> str:
        """Whose fact the text is: the first name in it that opens some text as its subject ("Maria"
        in "Apparently, Maria offered to help John"), or "" when it names none. A name said with
        the speaker ("Sam and I live together") makes no one else's fact: it is the speaker's too."""
        if _WITH_ME.search(text):
            return ""
        relation = _relation(text)
        if relation:
            return relation
        for word in _NAME.findall(text):
            base = re.sub(r"['’]s$", "", word).lower()
            if base in self.subjects:
                return base
        return ""

    def of(self, text: str) -> frozenset[str]:
        """The names a text holds, by stem: "Saturdays" and "Saturday" are one."""
        is_name = self.in_text(text)
        return frozenset(
            stem(re.sub(r"['’]s$", "", word).lower()) for word in _NAME.findall(text) if is_name(word)
        )


@cache
def _relations() -> re.Pattern[str]:
    """A text that opens with someone of the speaker's family or circle ("My sister is a nurse",
    "Sister lives in Porto", "Wife's name is Ana"): the words are questions.toml's `people`."""
    from swarmkit.speech import rules

    people = sorted(rules.words(rules.load("questions")["people"]), key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in people if not w.endswith("'s"))
    return re.compile(rf"^\W*(?:(?:my|our)\s+)?(?P<who>{alternatives})(?:['’]s)?\b", re.IGNORECASE)


def _relation(text: str) -> str:
    """Whose fact a text that opens with a relative is ("sister"), or ""."""
    found = _relations().match(text)
    return found.group("who").lower() if found else ""


_COMPARING = frozenset("to over than instead rather".split())


def _reordered_comparison(a: str, b: str) -> bool:
    """The same words in another order around a word that compares ("Prefers cats to dogs" /
    "Prefers dogs to cats"); "Drinks coffee and tea" / "Drinks tea and coffee" compare nothing."""
    wa, wb = [w.lower() for w in _WORDS.findall(a)], [w.lower() for w in _WORDS.findall(b)]
    return wa != wb and sorted(wa) == sorted(wb) and not _COMPARING.isdisjoint(wa)


def same_fact(
    a: str, b: str, names_a: frozenset[str], names_b: frozenset[str], actor_a: str = "", actor_b: str = ""
) -> bool:
    """Whether alike texts may be one fact: not when they name other people or things, hold other
    numbers, or are about two people ("Maria offered to help John" / "John offered to help Maria":
    the same words, each the other's fact)."""
    if not (names_a <= names_b or names_b <= names_a):
        return False
    if actor_a and actor_b and actor_a != actor_b:
        return False
    for actor, other in ((_relation(a), b), (_relation(b), a)):
        # one is a relative's fact, the other the speaker's ("Sister lives in Paris" / "Lives in
        # Paris"), unless the other names that relative too ("My sister is a nurse" / "Has a sister
        # who nurses"); a name's actor is not read this way: an opening verb ("Uses contacts") may
        # pass for one
        if actor and _relation(other) != actor and actor not in {w.lower() for w in _WORDS.findall(other)}:
            return False
    if _reordered_comparison(a, b):
        return False  # "Prefers cats to dogs" / "Prefers dogs to cats": the same words, the other way
    from swarmkit.memory.recall import stance

    if stance.apart(a, b):
        return False  # "Is allergic to cats" / "Loves cats", "Plans to move to Oslo" / "Lives in Oslo"
    na, nb = numbers(a), numbers(b)
    return not (na and nb and na != nb)
