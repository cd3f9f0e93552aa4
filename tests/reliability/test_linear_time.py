"""Linear time on any line: reading an entry (its metadata groups, links), writing one (cleaning,
dedupe) and screening it take time proportional to its length, whatever its shape.

Measured as CPU time of the thread doing the work (time.thread_time, the best of three), never
wall-clock: a loaded machine slows every run alike, so the ratio between a line and one four times
as long stays near 4 for linear work and near 16 for quadratic work. Not the process's CPU time: it
counts every thread of the test worker, and a fresh-clone run once read 2.31 s for a line that
takes 0.14 s here (the same case passed when Hypothesis ran it again).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarmkit.memory.folder import entries as E
from swarmkit.screening.screen import redact, screen_entry
from swarmkit.screening.secrets import forget_screened
from swarmkit.speech import fact_values, facts, literals, memory_requests
from tests.reliability.harness import examples
from tests.reliability.hostile_lines import SHAPES, line

SMALL, LARGE = 8_000, 32_000
FLOOR = 0.004  # seconds: below this the clock's granularity and noise dominate
MAX_RATIO = 10.0  # 4x the text: linear is ~4, quadratic ~16
MAX_LARGE_CPU = 1.0  # seconds for 32,000 characters (about 60 ms is typical)

# Pieces that mean something to a parser or a screening pattern, for building adversarial units.
PIECES = [
    "[",
    "]",
    ";",
    ":",
    " ",
    "\t",
    "-",
    "_",
    ".",
    "=",
    "@",
    "/",
    "//",
    "://",
    "'",
    '"',
    "\\",
    "<",
    ">",
    "|",
    "#",
    "*",
    "a",
    "A",
    "0",
    "9",
    "é",
    "李",
    "eyJ",
    "ghp_",
    "sk-",
    "password",
    "pin",
    "key",
    "token",
    "is",
    "for the",
    "Bearer",
    "Basic",
    "Authorization",
    "mysql",
    "-p",
    "4111",
    "DE89",
    "123-45-",
    "[[",
    "]]",
    "by: agent",
    "secret",
    "cookie",
    "\u2028",
    "\x0c",
    ", ",
    " and ",
    "I live in",
    "my editor is",
    "also",
    " since ",
    ", now",
    " so ",
    ", which ",
    " and we ",
    ", I ",
    " please",
    "“",
    " now",
    # issue 18's families: session cookies, 2FA seeds, recovery-code lists, BIP-39 phrases, passwords
    # in other languages, sign-in instructions, query strings, card security codes
    "connect.sid=",
    "sessionid is ",
    "s%3A",
    "2FA ",
    "JBSW ",
    "backup codes: ",
    "1234-5678",
    "abandon ",
    "zoo",
    "パスワードは",
    "密码",
    "kata sandi ",
    "şifre",
    " ay ",
    "use ",
    " to log in",
    "log in with ",
    "?",
    "&api_key=",
    "CVV ",
    "CID card ",
]
# What a fact's value and its tail are made of (speech/fact_values.py cuts one from the other).
TAIL_PIECES = [
    " ",
    ",",
    ", ",
    '"',
    "“",
    "”",
    "Munich",
    "and",
    "And",
    "or",
    "I",
    "I'm",
    "we",
    "there",
    "so",
    "which",
    "please",
    "as",
    "of",
    "now",
    "too",
    "these",
    "days",
    "by the way",
    "Then",
    # reported speech, hypotheticals and relative time (speech/reported.py, fact_values.py)
    "said",
    "said:",
    ": ",
    "told me,",
    "think",
    "if",
    "I",
    "last",
    "week",
    "two",
    "years",
    "ago",
    "for",
    "with",
    ", who",
    "it",
]


def _work(text: str) -> None:
    """What happens to a line on its way in and out of the memory folder (and to a user's words on
    their way to the mock's extraction)."""
    E.parse_text(text + "\n")
    E.clean_text(text)
    E.dedupe_key(text)
    redact(text)
    screen_entry(text)
    facts.extract(text)
    facts.subject_of(text)
    fact_values.cut(text)


def _cut_and_extract(text: str) -> None:
    """A value cut from its tail, whatever its length, and the facts of a long message."""
    fact_values.cut(text)
    facts.extract(text)


def _cpu(text: str, work: Callable[[str], None]) -> float:
    best = float("inf")
    for _ in range(3):
        forget_screened()  # each try reads the text afresh: a remembered text would cost nothing
        started = time.thread_time()
        work(text)
        best = min(best, time.thread_time() - started)
    return best


def _assert_linear(
    unit: str,
    prefix: str = "- ",
    suffix: str = "",
    work: Callable[[str], None] = _work,
    large_size: int = LARGE,
    max_ratio: float = MAX_RATIO,
) -> None:
    small = prefix + unit * (SMALL // len(unit)) + suffix
    large = prefix + unit * (large_size // len(unit)) + suffix
    work(small)  # warm up (pattern compilation, caches)
    t_small, t_large = _cpu(small, work), _cpu(large, work)
    ratio = t_large / max(t_small, FLOOR)
    assert ratio <= max_ratio, f"{unit!r}: {t_small * 1000:.1f} ms -> {t_large * 1000:.1f} ms (x{ratio:.1f})"
    assert t_large <= MAX_LARGE_CPU, f"{unit!r}: {t_large:.2f} s of CPU for {len(large)} characters"


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_each_hostile_shape_is_linear(name):
    unit, prefix, suffix = SHAPES[name]
    _assert_linear(unit, "- " + prefix, suffix)
    assert line(name, 100).startswith("- ")


@settings(max_examples=examples(40))
@given(
    st.lists(st.sampled_from(PIECES) | st.text(min_size=1, max_size=2), min_size=1, max_size=6).map("".join)
)
@example("a;")  # issue 9: a [...] group of semicolons
@example("a-")  # issue 9: hyphenated words before "token"
@example("a- token ")
@example("[a: b;")
@example(". ")
def test_time_grows_linearly_on_adversarial_lines(unit):
    _assert_linear(unit, "- x [a: ", "]")


@settings(max_examples=examples(40))
@given(st.lists(st.sampled_from(TAIL_PIECES), min_size=1, max_size=8).map(" ".join))
@example(", and we")  # a conjunction and a subject, over and over
@example('" so')  # a quotation opened and never closed
@example("and")  # a value of dangling words, trimmed one by one
@example("now")
@example('said: "I')  # a speech verb, a colon and a quotation never closed
@example("a few years")  # counts and units with no "ago" after them
@example("if I")
def test_a_value_is_cut_from_its_tail_in_linear_time(unit):
    _assert_linear(unit, "I live in ", "", _cut_and_extract)


# Units that make one of issue 18's screening patterns do the most work per character: a name or a
# keyword over and over (each opens a bounded window), a run of wordlist words, a list of codes.
ISSUE_18_UNITS = [
    "connect.sid=",
    "a.",
    "sessionid is ",
    "x_session: s%3A",
    "2FA ",
    "2fa JBSW Y3DP ",
    "otp",
    "backup codes: 1234-5678, ",
    "recovery codes ",
    "1234-5678 ",
    "abandon ",
    "abandon, ",
    "1. abandon ",
    "Abandon\n",
    "seed abandon ",
    "パスワード a1 ",
    "パスワードは",
    "密码",
    "kata sandi ",
    "şifre ",
    "password ay ",
    "mật khẩu ",
    "use a1! ",
    "log in with ",
    "log in a ",
    "sign in with a/",
    "the login is ",
    "?a=",
    "&api_key=",
    "&x=Q9wE7rT5yU3iO1pA8sD6",
    "CVV ",
    "cvv 123 ",
    "CID card ",
    "card security code ",
    '{"name": "connect.sid", "value": "s%3Aa1b2c3d4e5f6g7h8", ',
    '"name": "sid", ',
    "## backup codes\n- 1234-5678\n",
    "JSESSIONID ",
    "To log in, use ",
    "the login for the router is a/",
    "4111 1111 1111 1111 12/27 123 ",
    "Legal Winner ",
    'recovery_codes: ["1234-5678", ',
    "session_cookie: s%3A",
    # the second round's readers: a cookie's value after the word, a seed after a word before its
    # groups, a list told before its name, halves of a phrase, a password near words of logging in
    "cookie a1b2c3d4e5f6g7h8i9 ",
    "the otp secret ABCD ",
    "Zwei-Faktor QBMU ",
    "backup codes 7e0e7747fd18161f and ",
    "1. 4b2w3-ic9dl ",
    "a1b2c-3d4e5 are my recovery codes ",
    "crisp and then ",
    "1:abandon, ",
    "password I ",
    "Kx72!mq9 log in ",
    "admin/Kx72!mq9 ",
    "$6$abcdefgh$",
    "WIFI:P:x;",
    "Tresor Code 1 ",
    "ccccbcgujhingjrd",
    "the alarm panel code ",
    # the third round's readers: an aside after a key, a cookie set "to" its value, a headed list of
    # codes of letters, instructions in other languages, a Wi-Fi key, private feeds, unannounced
    # tokens, placeholders already in the text
    "API token (a): ",
    "set JSESSIONID to ",
    "backup codes: zrclgnux ",
    "utilisez a1! ",
    "use try ",
    "enter 7319 ",
    "Wi-Fi key a1b2c3 ",
    "https://x.example/ical/private-",
    "/calendar/Xk29fLq81ZpR4mWc",
    "Xk29fLq81ZpR4mWc7TbN",
    "[REDACTED_SECRET] ",
    "[REDACTED_SECRET]Xk29fLq81ZpR4mWc7TbN ",
    "用a1!",
    "a1!を使って",
]


@pytest.mark.parametrize("unit", ISSUE_18_UNITS)
def test_issue_18_patterns_stay_linear(unit):
    _assert_linear(unit, work=redact)


@pytest.mark.parametrize("unit", [".", "!?", "a.", "Dr. ", ". ", "J. "])
def test_sentence_splitting_stays_linear_on_runs_of_marks(unit):
    # A run of dots with no space after it once made the end-of-sentence pattern rescan the run
    # from every position (x16 for 4x the text); hypothesis only sometimes drew that shape.
    from swarmkit.speech import sentences

    _assert_linear(unit, work=sentences.split)
    _assert_linear(unit, work=facts.extract)


# A message of many short sentences: the offline reader first reads what it asks of memory
# (speech/memory_requests.py), which once handed each sentence a copy of all the sentences after it.
# That copy is cheap next to the reading itself, so it only shows on a longer text: 8x the text is
# ~8x the time when linear, and it was x21 (200 KB of ". " took 8.5 s of CPU, 2 s now).
SHORT_SENTENCES = [". ", ",;", "a;", "! "]


@pytest.mark.parametrize("unit", SHORT_SENTENCES)
def test_reading_requests_to_memory_stays_linear_on_many_short_sentences(unit):
    _assert_linear(unit, work=memory_requests.stated, large_size=8 * SMALL, max_ratio=14.0)


# Quotations and links, which a fact keeps as written (speech/literals.py): a long run without "/",
# "@" or "a.b" (a bot token, a hash), quotation marks never closed, apostrophes. The one pattern that
# found them rescanned such a run from each of its characters: 16 s of CPU for 32,000 characters.
LITERAL_UNITS = ["123456789:AAHdq-", "‘", "“a ", "'a", "a'"]
# and the runs the scanner itself takes a shortcut on: marks closed at once, links, runs of dots
LITERAL_UNITS += ['"', "a/b ", "x@", "a.b", "a. "]


@pytest.mark.parametrize("unit", LITERAL_UNITS)
def test_quotations_and_links_are_found_in_linear_time(unit):
    _assert_linear(unit, work=literals.blanked)
    _assert_linear(unit, work=lambda text: literals.outside(text, str.upper))


# Facts as kept, joined in the third person: a forget cuts the fact out of such an entry
# (speech/within.py), which reads what stands before and after each join as a fact of its own.
THIRD_PERSON_JOINS = [
    "Lives in Lisbon and drives a red Skoda Octavia, ",
    "Is vegan, ",
    ", and ",
    "Is vegan. ",
]


@pytest.mark.parametrize("unit", THIRD_PERSON_JOINS)
def test_a_fact_is_cut_out_of_third_person_joins_in_linear_time(unit):
    from swarmkit.speech.within import without

    _assert_linear(unit, work=lambda text: without(text, lambda fact: fact == "Drives a red Skoda Octavia"))
