"""Quotations and links, the words a fact keeps as written (speech/literals.py): the same spans the
one regular expression they were found by gave, in one pass instead of one per character."""

from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from swarmkit.speech import literals
from tests.reliability.harness import examples

# The pattern the scanner replaces (quadratic on a long run without "/", "@" or "a.b"): the reference.
PATTERN = re.compile(r""""[^"]*"|“[^”]*”|(?<!\w)'[^']*'(?!\w)|‘[^’]*’|\S*(?:/|@|\w\.\w)\S*""")
# Characters that open, close or mark a literal, and some that sit around them.
ALPHABET = list("\"“”'‘’/@.aZ_é1李 \n\t\u00a0-,")


@settings(max_examples=examples(400))
@given(st.lists(st.sampled_from(ALPHABET) | st.text(max_size=2), max_size=30).map("".join))
@example("Loves 'Call Me Maybe' and “my way”")
@example("see https://example.com/my-page, myblog.com/my or me@x.org")
@example("it's Bob's 'thing'")  # an apostrophe inside a word opens nothing
@example('"a b"c/d and “open ‘never closed')
@example("a.b.c a. .b")
def test_the_spans_are_the_patterns(text):
    assert list(literals.spans(text)) == [m.span() for m in PATTERN.finditer(text)]


def test_blanked_and_outside():
    text = "My 'my way' at my.site/my and my “my”"
    assert literals.blanked(text) == "My   at   and my  "
    assert literals.outside(text, str.upper) == "MY 'my way' AT my.site/my AND MY “my”"
