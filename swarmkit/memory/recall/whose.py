"""Whose facts a question asks about, and recall's order by it.

A question in the first person asks about the speaker ("Am I allergic to anything?"); one that names
one of the speaker's people asks about that person ("Is my wife allergic to anything?"). A fact's
subject says whom it is about: user.wife.allergic_to_cats is the wife's, user.is.allergic_to_penicillin
the speaker's own. By words the two facts answer "Am I allergic to anything?" equally (both share
"allergic"), and the newer came first, so a relative's fact could stand where the speaker's should.
Here a fact about someone the question does not ask about ranks as if it scored OTHERS of its score:
still recalled (a family's allergies may matter), but after the facts of whom it asks about, unless
it answers much better. A fact the question's purpose names ("Do I have kids?" asks about user.son.*,
speech/data/questions.toml) and a fact whose subject says no person are left where they rank; for
a question that names a person, only that person's facts and the speaker's own that its purpose
names are ("How old is my daughter?" is a family question, but a brother's fact is another's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from swarmkit.memory.recall.hit import RecallHit
from swarmkit.speech import questions

OTHERS = 0.5  # a fact about someone else ranks as if it scored half: after a fact as good of whom it asks
WIDER = 5  # hits read past k, so that a fact just below k can rise above one about someone else


def person(subject: str) -> str | None:
    """Whom a fact's subject is about: "" for the speaker (user.location, user.is.vegan, user.wife: the
    speaker's partner named), a person's word for one of theirs (user.older_sister.lives_in_porto:
    "sister"), None when it says neither (a project's subject)."""
    parts = subject.split(".")
    if parts[0] != "user" or len(parts) < 2:
        return None
    word = parts[1].rsplit("_", 1)[-1]  # "older_sister" → "sister"
    return word if len(parts) > 2 and questions.a_person(word) else ""


@dataclass(frozen=True, slots=True)
class Preference:
    asked: frozenset[str]  # the people the question names; none: the speaker
    listed: tuple[str, ...]  # the subjects its purpose names, left where they rank

    def weight(self, hit: RecallHit) -> float:
        """1 for a fact about whom the question asks (or that names no one), OTHERS for another's."""
        subject = hit.subject or _subject_of(hit.text)
        who = None if subject is None else person(subject)
        if subject is None or who is None:
            return 1.0
        listed = any(subject == s or subject.startswith(s + ".") for s in self.listed)
        if who:  # one of the speaker's people: theirs when asked of them, or of the speaker by purpose
            asked = any(questions.kin(name, who) for name in self.asked) if self.asked else listed
            return 1.0 if asked else OTHERS
        # the speaker's own: theirs when asked of the speaker, or its subject answers the purpose
        # ("What's my wife's name?" is answered by user.partner too)
        return 1.0 if not self.asked or listed else OTHERS

    def order(self, hits: Sequence[RecallHit]) -> list[RecallHit]:
        """The hits by their score as weighed here, best first (equal: as they came)."""
        return sorted(hits, key=lambda hit: -hit.score * self.weight(hit))


def preference(question: str) -> Preference | None:
    """How `question` weighs whose facts, or None when it asks about no one in the first person."""
    asked = questions.asked_of(question)
    if asked is None:
        return None
    found = questions.purpose(question) or questions.cued(question)
    return Preference(asked, found.subjects if found is not None else ())


def _subject_of(text: str) -> str | None:
    """The subject of a line written without one, read from its words ("Wife is allergic to cats")."""
    from swarmkit.speech.facts import subject_of

    return subject_of(text)
