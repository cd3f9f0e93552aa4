"""Tokens an issuer recognises by their shape: a prefix and a body of bounded length, and private
key blocks.

The shapes are facts from the issuers' documentation and the published rule sets of gitleaks and
detect-secrets, and they are data: rules/tokens.toml, a [[token]] record for each (its family, the
triggers it cannot match without, its pattern, whether its body must look random). Each pattern may
start only where a run of token characters starts (the look-behind), and its body has an upper
bound, so a pattern never rescans a long run: the work is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from swarmkit.screening.ruleset import joined, ruleset, split_words
from swarmkit.screening.secrets.shape import holds_any, looks_random

RULES = ruleset("tokens")
P = RULES.patterns


@dataclass(slots=True)
class TokenRule:
    """One issuer's token, read from its [[token]] record; its pattern is compiled the first time a
    text holds one of its triggers. (Slots: the triggers of some forty rules are read for every
    text.)"""

    family: str
    triggers: tuple[str, ...]  # lowercase literals; the pattern runs only on a text holding one
    random: bool  # the body must look random (keeps hyphenated prose like `sk-learn-...` out)
    source: str
    where: str
    compiled: re.Pattern[str] | None = None

    @classmethod
    def read(cls, record: dict, index: int) -> TokenRule:
        where = f"tokens.toml [[token]] #{index + 1}"
        triggers = split_words(record["triggers"], where)
        return cls(
            record["family"], triggers, record.get("random", False), joined(record["pattern"], where), where
        )

    @property
    def pattern(self) -> re.Pattern[str]:
        if self.compiled is None:
            self.compiled = RULES.compile(self.source, self.where)
        return self.compiled


TOKENS = tuple(TokenRule.read(record, index) for index, record in enumerate(RULES.records("token")))


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    """Spans of every issuer-shaped token (and private-key block) in the text."""
    for rule in TOKENS:
        if not holds_any(low, rule.triggers):
            continue
        for match in rule.pattern.finditer(text):
            if rule.random and not looks_random(match.group(0), 16):
                continue
            yield match.span()
            if rule.family == "aws access key id":
                secret = P.aws_secret.search(text, match.end(), match.end() + 120)
                if secret is not None and looks_random(secret.group(0), 40):
                    yield secret.span()
    if "-----begin" in low:
        yield from _private_keys(text)


def _private_keys(text: str) -> Iterator[tuple[int, int]]:
    """From `-----BEGIN ... PRIVATE KEY-----` to its END line, or to the end of the text when the
    block was cut off: each part of the text is searched once."""
    at = 0
    while True:
        begin = P.private_key.search(text, at)
        if begin is None:
            return
        end = P.private_key_end.search(text, begin.end())
        stop = end.end() if end is not None else len(text)
        yield begin.start(), stop
        if end is None:
            return
        at = stop
