"""Terms: the units recall matches on, the same for an entry and a query.

Text is lowercased; dates become date terms (`@2023-06-16`, `@2023-06`, `@2023`, `@m06`); stop
words are dropped; every other word goes through the Snowball English stemmer (deploys, deployed,
deploying → deploy; Caroline's → carolin).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

import Stemmer

STEMMER_VERSION = f"pystemmer {Stemmer.version()} english"

STOP_WORDS = frozenset(
    """
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself no nor not now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there these they this those
through to too under until up very was we were what when where which while who whom why will with
would you your yours yourself yourselves
aren't can't couldn't didn't doesn't don't hadn't hasn't haven't he'd he'll he's here's how's i'd
i'll i'm i've isn't it's let's mustn't shan't she'd she'll she's shouldn't that's there's they'd
they'll they're they've wasn't we'd we'll we're we've weren't what's when's where's who's why's
won't wouldn't you'd you'll you're you've
""".split()
)

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

_MONTHS = {
    name: number
    for number, name in enumerate(
        "january february march april may june july august september october november december".split(), 1
    )
}
_MONTHS.update({name[:3]: number for name, number in list(_MONTHS.items())})
_MONTHS["sept"] = 9
_MONTH = r"(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d\d)"
# Most specific first: each match is replaced by a space, so a later pattern never sees it again.
# A month alone counts only after a preposition ("in June"): "may" is also a verb.
# Each pattern with what it needs: a year-like number, a month's name (patterns that cannot match
# are not run: most texts have neither).
_DATES = (
    (True, False, re.compile(rf"\b{_YEAR}-(\d\d)-(\d\d)\b"), lambda g: (g[0], int(g[1]), int(g[2]))),
    (
        True,
        True,
        re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b"),
        lambda g: (g[2], _MONTHS[g[1]], int(g[0])),
    ),
    (
        True,
        True,
        re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b"),
        lambda g: (g[2], _MONTHS[g[0]], int(g[1])),
    ),
    (True, True, re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b"), lambda g: (g[1], _MONTHS[g[0]], None)),
    (True, False, re.compile(rf"\b{_YEAR}\b"), lambda g: (g[0], None, None)),
    (
        False,
        True,
        re.compile(rf"\b(?:in|during|since|until|till|by|of|early|late|mid)\s+{_MONTH}(?![\w'])"),
        lambda g: (None, _MONTHS[g[0]], None),
    ),
)
_YEAR_LIKE = re.compile(r"(?:19|20)\d\d")
_MONTH_WORDS = frozenset(_MONTHS)


class _Stems(dict):
    """word → term ("" for a stop word); each distinct word is stemmed once per process."""

    _stemmer = Stemmer.Stemmer("english")
    limit = 200_000

    def __missing__(self, word: str) -> str:
        if len(self) >= self.limit:
            self.clear()  # a bound on memory for processes that index huge vocabularies
        if word in STOP_WORDS:
            value = ""
        else:
            value = self._stemmer.stemWord(word)
            if value in STOP_WORDS:
                value = ""
        self[word] = value
        return value


_STEMS = _Stems()


def stem(word: str) -> str:
    """The Snowball English stem of a lowercase word."""
    return _Stems._stemmer.stemWord(word)


def date_terms(year: str | None, month: int | None, day: int | None, entry: bool) -> list[str]:
    """The terms of one date. An entry's date also carries its year and month on their own, so a
    query naming only a month or a year meets it; a query's carries what it names."""
    if month is not None and not 1 <= month <= 12:
        return []
    if year and month and day:
        try:
            date(int(year), month, day)
        except ValueError:
            return []
        out = [f"@{year}-{month:02d}-{day:02d}", f"@{year}-{month:02d}"]
        return out + [f"@{year}", f"@m{month:02d}"] if entry else out
    if year and month:
        return [f"@{year}-{month:02d}", f"@{year}", f"@m{month:02d}"] if entry else [f"@{year}-{month:02d}"]
    if year:
        return [f"@{year}"]
    return [f"@m{month:02d}"]


def _split_dates(text: str, entry: bool, year: bool, month: bool) -> tuple[list[str], str]:
    """(date terms, the text with its date expressions blanked out)."""
    found: list[str] = []

    def replacer(read: Callable[[tuple], tuple]) -> Callable[[re.Match], str]:
        def replace(match: re.Match) -> str:
            year, month, day = read(match.groups())
            found.extend(date_terms(year, month, day, entry))
            return " "

        return replace

    for needs_year, needs_month, pattern, read in _DATES:
        if (year or not needs_year) and (month or not needs_month):
            text = pattern.sub(replacer(read), text)
    return found, text


def terms(text: str, entry: bool = False) -> list[str]:
    """The terms of a text in order (repeats kept)."""
    lowered = text.lower().replace("’", "'")
    words = _WORD.findall(lowered)
    dates = None
    year = _YEAR_LIKE.search(lowered) is not None
    month = not _MONTH_WORDS.isdisjoint(words)
    if year or month:
        dates, rest = _split_dates(lowered, entry, year, month)
        words = _WORD.findall(rest)
    found = list(filter(None, map(_STEMS.__getitem__, words)))
    return found + dates if dates else found


class _AddedTerms(dict):
    """`added` value → its date terms; entries share few distinct dates."""

    def __missing__(self, added: str) -> list[str]:
        if len(self) >= 10_000:
            self.clear()
        match = re.fullmatch(r"\s*((?:19|20)\d\d)-(\d\d)-(\d\d)\s*", added)
        value = self[added] = (
            date_terms(match.group(1), int(match.group(2)), int(match.group(3)), entry=True) if match else []
        )
        return value


_ADDED = _AddedTerms()


def query_terms(query: str) -> list[str]:
    """A query's terms, without repeats. A question asked by its purpose ("What do I do for a living?",
    "How old am I?": speech/questions.py) is asked by the words of the subjects that answer it (role,
    employer; age, birth date), as an entry's subject gives its terms, in place of the words that asked;
    one that only gives its purpose away by a cue word ("Where do I live now?") by those and its own."""
    from swarmkit.speech import questions

    asked = questions.purpose(query) or questions.cued(query)
    if asked is None:
        return list(dict.fromkeys(terms(query)))
    subjects = " ".join(_SUBJECT_SEPARATORS.sub(" ", s.removeprefix("user.")) for s in asked.subjects)
    return list(dict.fromkeys(terms(asked.rest) + terms(subjects, entry=True)))


_SUBJECT_SEPARATORS = re.compile(r"[_:.-]+")


def entry_terms(text: str, meta: dict) -> list[str]:
    """An entry's terms: its text, its subject (deploy_target → deploy target) and its `added` date."""
    out = terms(text, entry=True)
    subject = meta.get("subject")
    if subject:
        out += terms(_SUBJECT_SEPARATORS.sub(" ", subject), entry=True)
    added = meta.get("added")
    if added:
        out += _ADDED[added]
    return out
