"""Where the value of a fact said in plain speech ends: "Munich now, so please adjust the plans" → "Munich".

A value runs to the end of its clause, so it can carry a tail that is no part of it: a subordinate
clause or a request ("because …", ", which …", " if …", " please …"), a new subject after a
conjunction or a comma (", and we …", " but I …", ", I think"), an aside (", thanks", ", who …"),
words about when ("now", "since May", "as of June", "last week", "two years ago") and, after a
place, why or with whom ("for a new job", "with my family"). The value is read once, word by word, and cut before the first word that
starts such a tail: linear in its length, with no pattern that could backtrack.

What stays: the value's first word ("When Harry Met Sally"), a word written with a capital (a name or
a title: "Sam Then", "Me and You and Everyone We Know"), anything inside double quotes, and "and"/"or"
between things ("Bosnia and Herzegovina", "German and Portuguese", "Procter and Gamble").
"""

from __future__ import annotations

import re

from swarmkit.speech import rules

_WORDS = rules.load("values")["words"]
# A lower-case word that starts a subordinate clause, an aside or a request ("so", "because", "if" …).
TAIL_WORDS = rules.words(_WORDS["tail"])
TAIL_PAIRS = frozenset(tuple(pair.split()) for pair in _WORDS["tail_pairs"])  # ("as", "of") …
# After a comma, these start an aside about the value ("Greet, who joined in May").
AFTER_COMMA = rules.words(_WORDS["after_comma"])
# After a place, these say why or with whom, not where ("Tromsø for a new job").
PLACE_TAIL_WORDS = rules.words(_WORDS["place_tail"])
# A time relative to now: "last week", "next month", "this year", "two years ago", "a while ago".
_RELATIVE = rules.words(_WORDS["relative"])
_UNITS = rules.words(_WORDS["units"])
_COUNTS = rules.words(_WORDS["counts"])
COORDINATORS = rules.words(_WORDS["coordinators"])
# After a place and a comma, a region in capitals is the place's own ("Tulsa, OK", "Portland, OR").
REGIONS = rules.words(_WORDS["regions"])
# Who can start a clause of their own: after a conjunction or a comma, a new statement begins.
SUBJECTS = rules.words(_WORDS["subjects"])
# Said at the end, these say when, or that the fact is an addition: no part of the value.
TRAILING = tuple(tuple(phrase.split()) for phrase in _WORDS["trailing"])
# Said at the end after a comma, these speak to the assistant ("a Volvo, ok", "Max, for later").
AFTER_A_COMMA = tuple(tuple(phrase.split()) for phrase in _WORDS["trailing_after_comma"])
# Each phrase by its last word, with whether it needs a comma before it.
_ENDING_IN: dict[str, list[tuple[tuple[str, ...], bool]]] = {}
for _phrases, _comma in ((TRAILING, False), (AFTER_A_COMMA, True)):
    for _phrase in _phrases:
        _ENDING_IN.setdefault(_phrase[-1], []).append((_phrase, _comma))
for _ending in _ENDING_IN.values():  # the longest first: "I'm not kidding" whole, not "not kidding"
    _ending.sort(key=lambda item: -len(item[0]))
_STARTING = frozenset(phrase[0] for phrase in TRAILING + AFTER_A_COMMA)
_TOKEN = re.compile(r"[^\s,]+|,")
_SEPARATOR = re.compile(r"[\s,]")
_EDGE = "\"'“”‘’()[].!?;:"
_APOSTROPHES = ("'", "’")
_PAUSES = ",-–—"  # a comma, or a dash said as one ("a chef - seriously")


def _word(token: str) -> str:
    """A token as a word to compare: without quotes or punctuation at its edges."""
    return token.strip(_EDGE)


def _subject(token: str) -> bool:
    """A pronoun that starts a clause: "I", "I'm", "we", "they're"; a capitalised "You" is a title's."""
    word = _word(token)
    for mark in _APOSTROPHES:
        word = word.split(mark, 1)[0]
    return word == "I" or (word.islower() and word in SUBJECTS)


def _tail_word(word: str) -> bool:
    return word.islower() and word in TAIL_WORDS


def dangles(word: str) -> bool:
    """True for a word no value ends with: a conjunction ("and", "Or") or a lower-case tail word ("so")."""
    word = _word(word)
    return word.lower() in COORDINATORS or _tail_word(word)


def _quoted_after(token: str, quoted: bool) -> bool:
    """Whether a double quote is open after `token`, given whether one was open before it."""
    for ch in token:
        if ch == '"':
            quoted = not quoted
        elif ch in "“”":
            quoted = ch == "“"
    return quoted


def _says_when(words: list[tuple[int, str]], n: int) -> bool:
    """Word n starts a time relative to now: "last week", "next month", "two years ago"."""
    word = words[n][1]
    if not (word.islower() or word.isdigit()):  # "Last Week Tonight" is a title
        return False
    after = [w.lower() for _, w in words[n + 1 : n + 5]]
    if word in _RELATIVE:
        return bool(after) and after[0] in _UNITS
    if word in _COUNTS or word.isdigit():
        for later in after:  # "two years ago", "a couple of months ago": counts and units, then "ago"
            if later == "ago":
                return True
            if later not in _UNITS and later not in _COUNTS and not later.isdigit():
                return False
    return False


def _cut_at(tokens: list[re.Match], place: bool = False) -> int:
    """How many tokens belong to the value: the index of the first token of its tail, or all."""
    words = [(i, _word(t[0])) for i, t in enumerate(tokens) if t[0] != ","]
    quoted = False
    for n, (i, word) in enumerate(words):
        token, opened = tokens[i][0], quoted
        quoted = _quoted_after(token, quoted)
        if n == 0 or opened or token[:1] in '"“':  # the first word, and a quotation, are the value's own
            continue
        start = i - 1 if tokens[i - 1][0] == "," else i  # the tail takes its comma along
        after = words[n + 1][1] if n + 1 < len(words) else ""
        if _tail_word(word) or (word.lower(), after.lower()) in TAIL_PAIRS or _says_when(words, n):
            return start
        if word in (PLACE_TAIL_WORDS if place else ()) or (start < i and word in AFTER_COMMA):
            return start
        if word.lower() in COORDINATORS and _new_clause(words, n + 1):
            return start
        if start < i and _new_clause(words, n):
            return start
    return len(tokens)


def _new_clause(words: list[tuple[int, str]], n: int) -> bool:
    """Word n is a subject with something said after it ("we have two kids", not "you and me")."""
    if n + 1 >= len(words) or not _subject(words[n][1]):
        return False
    follower = words[n + 1][1].lower()
    return follower not in COORDINATORS and follower not in _STARTING


def _named(word: str) -> bool:
    """A word written as a name's: a capital, then lower case ("Future", "Later"; not "FYI", "I",
    "I'm")."""
    return word[:1].isupper() and not word.isupper() and _subject(word) is False


def _trailing_phrase(tokens: list[re.Match], end: int, keep: int) -> int:
    """How many tokens before `end` are a phrase said after the value (with the comma before it, when
    it needs one), leaving at least `keep` tokens; 0 when they are none."""
    for phrase, comma in _ENDING_IN.get(_word(tokens[end - 1][0]).lower(), ()):
        before = end - len(phrase)  # the tokens before it
        if before < keep or (
            comma and before and (before - 1 < keep or tokens[before - 1][0] not in _PAUSES)
        ):
            continue  # (a phrase that is the whole text needs no comma: "remember: for later")
        words = [_word(t[0]) for t in tokens[before:end]]
        if tuple(word.lower() for word in words) == phrase and not any(_named(word) for word in words):
            return len(phrase)
    return 0


def _a_region(tokens: list[re.Match], end: int) -> bool:
    """Whether the token before `end` is a region after a name and a comma ("Tulsa, OK"): written in
    capitals, as a region's code is, and not as ", ok" to the assistant is."""
    return (
        end >= 3
        and _word(tokens[end - 1][0]) in REGIONS
        and tokens[end - 2][0] == ","
        and _word(tokens[end - 3][0])[:1].isupper()
    )


def region_follows(before: str, after: str) -> bool:
    """Whether `after`, said after a comma, opens with the region of the name `before` ends with
    ("Tulsa" and "OK, and I work at Acme"): the place goes on, no new clause starts there."""
    first = _TOKEN.match(after.lstrip())
    last = before.rstrip().rsplit(None, 1)[-1:] or [""]
    return first is not None and _word(first[0]) in REGIONS and _word(last[0])[:1].isupper()


def _trim(tokens: list[re.Match], end: int, place: bool = False) -> int:
    """`end` without the words at the end that say when ("now", "these days"), speak to the assistant
    ("for next time", ", ok") or dangle ("and"); a `place` keeps its region ("Tulsa, OK")."""
    while True:
        while end and not _word(tokens[end - 1][0]).strip(_PAUSES):  # a comma, a dash or a lone mark
            end -= 1
        if not end or (place and _a_region(tokens, end)):
            return end
        said_after = _trailing_phrase(tokens, end, 1)
        if said_after:
            end -= said_after
        elif dangles(tokens[end - 1][0]):
            end -= 1
        else:
            return end


def without_asides(text: str) -> str:
    """`text` without the words said after it to the assistant or about the conversation ("the spare
    key is with Ana, for next time"); "" when it is nothing else ("for next time")."""
    tokens = list(_TOKEN.finditer(text))
    end = len(tokens)
    while end:
        while end and not _word(tokens[end - 1][0]).strip(_PAUSES):
            end -= 1
        said_after = _trailing_phrase(tokens, end, 0) if end else 0
        if not said_after:
            break
        end -= said_after
    return text[: tokens[end - 1].end()] if end else ""


def cut(value: str, place: bool = False, region: bool | None = None) -> tuple[str, str]:
    """(the value, its tail): `value` cut before its tail and without the words that say when at its
    end ("Munich now, so please …" → "Munich", ", so please …"); the value is "" when nothing is left.
    A `place` also ends before "for" and "with" ("Tromsø for a new job" → "Tromsø"), and keeps a region
    after its comma ("Tulsa, OK"), as does a value that names where one is from (`region`: "from a town
    with a castle" is no place to end at "with")."""
    if _SEPARATOR.search(value) is None:  # one word ("Porto"): only a dangling word or a lone mark goes
        return ("" if dangles(value) or not _word(value) else value), ""
    tokens = list(_TOKEN.finditer(value))
    at = _cut_at(tokens, place)
    tail = value[tokens[at].start() :] if at < len(tokens) else ""
    end = _trim(tokens, at, place if region is None else region)
    return (value[: tokens[end - 1].end()] if end else ""), tail
