"""Secrets told in prose with no key to read them by: security answers and memorable words ("my
first school was Hillcrest Primary", "the memorable word for the bank is lighthouse"), a lock's
code told with what opens it ("the garage keypad opens with 4 0 2 1 3", "the key safe takes
7391"), and a PIN or password announced, then given in the next sentence or line ("My PIN? I'll
tell you in the next sentence. It's 4417.", "The bank PIN is below.\\n9921").

Each starts from a phrase (a security question, a lock, a word for a PIN) and reads a bounded
window after it, so the work is linear in the text. A number after a lock is no code when it
measures, costs or counts something ("the gate is 1200 mm wide", "the safe is 300 euros"). The
phrases and shapes are data: rules/answers.toml.
"""

from __future__ import annotations

from collections.abc import Iterator

from swarmkit.screening.ruleset import ruleset
from swarmkit.screening.secrets.shape import holds_any, is_prose, is_reference, looks_like_password

RULES = ruleset("answers")
P = RULES.patterns
_LOCK_WINDOW = 64
_ANNOUNCE_WINDOW = 120
_DROP_DIGITS = str.maketrans("", "", "0123456789")


_QUESTION_HINTS = RULES.lists.question_hints
_LOCK_HINTS = RULES.lists.lock_hints
_ANNOUNCE_HINTS = RULES.lists.announce_hints


def find(text: str, low: str) -> Iterator[tuple[int, int]]:
    plain = text.isascii()
    if not plain or holds_any(low, _QUESTION_HINTS):
        yield from _answers(text)
    if len(text) - len(text.translate(_DROP_DIGITS)) >= 3 and (not plain or holds_any(low, _LOCK_HINTS)):
        yield from _lock_codes(text)
    if not plain or holds_any(low, _ANNOUNCE_HINTS):
        yield from _announced(text)


def _answers(text: str) -> Iterator[tuple[int, int]]:
    for strong, questions in ((True, P.strong_question), (False, P.soft_question)):
        for question in questions.finditer(text):
            link = P.link.match(text, question.end())
            if link is None:
                continue
            answer = P.answer.match(text, link.end())
            if answer is None:
                continue
            value = answer.group("value").strip()
            if not value or is_reference(value) or (is_prose(value) and " " not in value):
                continue
            quoted = text[answer.start() : answer.start() + 1] in "\"'“‘«"
            if not strong and not quoted and not value[0].isupper():
                continue  # "my first job was at a bakery": a fact, not a bank's answer
            start = answer.start("value")
            yield start, start + len(value)
    if "(" in text:
        for after in P.answer_after.finditer(text):
            before = text[max(0, after.start() - 48) : after.start()]
            clause = before.split(":")[-1].split(".")[-1].strip()
            if clause and not is_prose(clause):
                start = after.start() - len(before.rstrip()) + len(before.rstrip()) - len(clause)
                start = text.rfind(clause, 0, after.start())
                yield start, start + len(clause)


def _lock_codes(text: str) -> Iterator[tuple[int, int]]:
    for lock in P.lock.finditer(text):
        end = min(len(text), lock.end() + _LOCK_WINDOW)
        for opens in P.opens.finditer(text, lock.end(), end):
            code = P.code.match(text, opens.end())
            if code is None or code.start() - lock.end() > _LOCK_WINDOW:
                continue
            between = text[lock.end() : opens.start()]
            if "\n" in between or len(between.split()) > 6 or any(c in between for c in ".!?"):
                break
            if P.not_code_after.match(text, code.end()) or P.not_code_before.search(
                text, max(0, code.start() - 12), code.start()
            ):
                continue
            sentence = max(
                text.rfind(".", 0, lock.start()), text.rfind("\n", 0, lock.start()), lock.start() - 48
            )
            if P.not_a_lock_code.search(text, max(0, sentence), code.start()):
                break  # "the error code for the alarm is 5566"
            value = code.group(0).rstrip(" #*\t")
            if len(value) == 4 and value[:2] in ("19", "20") and value.isdigit():
                continue  # a year ("the gate is 2019")
            yield code.start(), code.start() + len(value)
            break


def _announced(text: str) -> Iterator[tuple[int, int]]:
    if "\n" not in text and "." not in text and "?" not in text:
        return
    for word in P.announce.finditer(text):
        window = text[word.end() : word.end() + _ANNOUNCE_WINDOW]
        if P.next_words.search(window) is None:
            continue
        given = P.given.search(text, word.end(), word.end() + _ANNOUNCE_WINDOW + 40)
        if given is None:
            continue
        value = given.group("value")
        digits = value.replace(" ", "").replace("-", "")
        if not (digits.isdigit() or looks_like_password(value)) or is_reference(value):
            continue
        yield given.span("value")
