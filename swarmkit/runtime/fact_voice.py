"""The writer's model facts in the voice they were asked for: a first-person fact is read again.

The extraction prompt asks for facts in short third-person sentences. A small model (SmolLM2-135M)
gives the person's sentences back as they were ("I live in Lisbon."), or its own answer ("I'm ready
to proceed, I live in Lisbon, …"): in the person's words "I" is the person, in the answer it is the
assistant, and a reply does not say which. So each first-person fact is read by the offline reader
(swarmkit/speech, as the person's own words are), and:

- a fact that reading gives is kept only when the offline reader reads the very same fact (same
  dedupe key) from the person's message. Not "its words are all in the message": a model that
  drops a word of context ("I'm moving to Tokyo" out of "I might move to Tokyo, not sure yet")
  keeps every word it gives, and only the reading of the whole message knows the move is undecided.
  What the person told plainly is then kept as the person's fact, never as the model's copy;
- a first-person fact the offline reader reads nothing from is kept as the model gave it only when
  it is the person's own words (a run of words of their message): the assistant's voice ("I'm happy
  to help with that") is not;
- a fact kept twice is kept once: a recast one is left out when another fact has its subject or
  its words (as told_plainly_besides leaves out what the model gave already).

A third-person fact is kept as the model gave it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# Words, compared folded: "I’m" in a message is "I'm" in a reply.
_WORD = re.compile(r"[\w'’]+")


def _words(text: str) -> str:
    """The text's words, lowercase, with one kind of apostrophe, one space apart."""
    return " ".join(word.replace("’", "'") for word in _WORD.findall(text.lower()))


def in_their_words(text: str, message: str) -> bool:
    """Whether `text` is a run of whole words of `message` (case, punctuation and spacing aside)."""
    return _run_of(text, f" {_words(message)} ")


def _run_of(text: str, spaced: str) -> bool:
    """Whether `text`'s words are a run of `spaced`, words read by _words with a space each side."""
    words = _words(text)
    return bool(words) and f" {words} " in spaced


def in_the_asked_voice(
    facts: list[dict], task: str, plainly: list[dict], read_offline: Callable[[str], list[dict]]
) -> tuple[list[dict], dict[str, int]]:
    """`facts` (a model's extraction) with each first-person fact replaced by what the person said
    of it (see the module's docstring), given `plainly`, what the offline reader reads from `task`,
    and `read_offline`, that reader (extraction.offline_facts, handed in: extraction calls this
    module, which never imports it back), and the counts of what was done, for the run record:
    recast_first_person (facts replaced by the person's), first_person_kept_as_said (the person's
    own words the offline reader cannot read) and dropped_not_said; a count of 0 is left out."""
    from swarmkit.memory import dedupe_key, normalise_subject
    from swarmkit.speech.facts import MAX_CLAUSE, in_the_speakers_voice

    voiced = [in_the_speakers_voice(fact["text"]) for fact in facts]
    if not any(voiced):
        return facts, {}
    told = {dedupe_key(fact["text"]): fact for fact in plainly}
    spaced = f" {_words(task)} "  # read once, however many facts are compared with it
    plain = [fact for fact, first_person in zip(facts, voiced, strict=True) if not first_person]
    # what is kept already: a recast fact is not kept again beside it, nor beside a later one
    subjects = {normalise_subject(fact["subject"]) for fact in plain if fact["subject"]}
    texts = {dedupe_key(fact["text"]) for fact in plain}
    counts = {"recast_first_person": 0, "first_person_kept_as_said": 0, "dropped_not_said": 0}
    kept: list[dict] = []
    for fact, first_person in zip(facts, voiced, strict=True):
        if not first_person:
            kept.append(fact)
            continue
        # longer than any clause the reader reads, it is no one fact: only the person's own words
        # keep it (and a hostile reply of such "facts" costs no reading)
        read = read_offline(fact["text"]) if len(fact["text"]) <= MAX_CLAUSE else []
        if not read:
            if not _run_of(fact["text"], spaced):
                counts["dropped_not_said"] += 1
            elif dedupe_key(fact["text"]) not in texts:
                counts["first_person_kept_as_said"] += 1
                texts.add(dedupe_key(fact["text"]))
                kept.append(fact)
            continue
        said = [told[dedupe_key(one["text"])] for one in read if dedupe_key(one["text"]) in told]
        counts["dropped_not_said"] += len(read) - len(said)
        counts["recast_first_person"] += bool(said)
        for one in said:
            subject = normalise_subject(one["subject"])
            if subject not in subjects and dedupe_key(one["text"]) not in texts:
                subjects.add(subject)
                texts.add(dedupe_key(one["text"]))
                kept.append(one)
    return kept, {name: count for name, count in counts.items() if count}
