"""The password-near-a-login-word reader gives the same spans when a text with many
password-shaped tokens is searched whole once as when every token's window is searched."""

from __future__ import annotations

import random
import re._parser as sre_parser  # the width of a pattern: what the reader's gap relies on

from swarmkit.screening.secrets import nearby


def _window_by_window(text: str) -> list[tuple[int, int]]:
    """The reader as it was before: each shaped token's whole window searched."""
    P = nearby.P
    out = []
    for run in P.token.finditer(text):
        if P.candidate.search(text, run.start(), run.end()) is None:
            continue
        for start, end in nearby._parts(text, run.start(), run.end()):
            if nearby._password_shaped(text[start:end]):
                near = text[max(0, start - nearby._BEFORE) : start] + " " + text[end : end + nearby._AFTER]
                if P.context.search(near) is not None:
                    out.append((start, end))
    return out


def test_a_word_about_getting_in_fits_the_gap_the_reader_looks_at():
    low, high = sre_parser.parse(nearby.P.context.pattern, nearby.P.context.flags).getwidth()
    assert high - 1 <= nearby._GAP


def test_many_tokens_give_the_spans_each_window_gives():
    rng = random.Random(29)
    tokens = ["Kx72!mq9zz", "AAHdq-123456789", "123456789:AAHdq", "Tr0ub4dor&3", "Pa55_w0rd!x"]
    words = ["login", "log", "in", "password", "the", "unlock", "пароль", "密码", "ok"]
    differences = 0
    # no whole word about getting in, but halves of one that meet across the gap a token leaves
    # ("लॉग" + token + "इन" reads "लॉग इन", log in, in the window)
    halves = ["ok", "the", "log", "in", "लॉग", "इन", "تسجيل", "الدخول"]
    for n in range(400):
        pieces = [rng.choice(tokens + (words if n % 2 else halves)) for _ in range(rng.randrange(20, 120))]
        joiners = [rng.choice([" ", "", "", "\n", ": "]) for _ in pieces]
        text = "".join(p + j for p, j in zip(pieces, joiners, strict=True))
        differences += list(nearby.find(text, text.lower())) != _window_by_window(text)
    assert differences == 0


def test_a_long_line_of_ids_is_read_once_per_distinct_window(monkeypatch):
    text = "- " + "123456789:AAHdq-" * 1000  # 2,000 password-shaped tokens, no word about getting in
    context, searches = nearby.P.context, []

    class Counting:
        def search(self, *args):
            searches.append(args)
            return context.search(*args)

    monkeypatch.setitem(vars(nearby.P), "context", Counting())
    assert list(nearby.find(text, text.lower())) == []
    assert len(searches) < 100
