"""Whose facts a question asks about (recall/whose.py): the speaker's own first for a question about
the speaker, a relative's first for one that names them; a relative's fact is still recalled."""

from __future__ import annotations

import pytest

from swarmkit.memory.recall.hit import RecallHit
from swarmkit.memory.recall.whose import OTHERS, Preference, person, preference
from swarmkit.memory.store import MemoryStore


@pytest.fixture
def family(folder, monkeypatch):
    monkeypatch.setenv("SWARMKIT_EMBEDDING_MODEL", "off")  # by words: every allergy shares "allergic"
    store = MemoryStore(folder, "demo")
    store.remember("Is allergic to penicillin", kind="identity", subject="user.is.allergic_to_penicillin")
    store.remember("Wife is allergic to cats", kind="preference", subject="user.wife.allergic_to_cats")
    store.remember("Son is allergic to peanuts", kind="preference", subject="user.son.allergic_to_peanuts")
    store.remember(
        "Older sister lives in Porto", kind="preference", subject="user.older_sister.lives.in_porto"
    )
    store.remember("Lives in Bergen", kind="identity", subject="user.location")
    return store


def texts(store: MemoryStore, question: str) -> list[str]:
    return [hit.text for hit in store.recall(question)]


def test_a_question_about_oneself_recalls_ones_own_fact_first(family):
    # the newer facts, a son's and a wife's, came first by words alone
    assert texts(family, "Am I allergic to anything?") == [
        "Is allergic to penicillin",
        "Son is allergic to peanuts",
        "Wife is allergic to cats",
    ]
    assert texts(family, "Where do I live?")[0] == "Lives in Bergen"


def test_a_question_that_names_a_relative_recalls_theirs_first(family):
    assert texts(family, "Is my wife allergic to anything?")[0] == "Wife is allergic to cats"
    assert texts(family, "Are my kids allergic to anything?")[0] == "Son is allergic to peanuts"
    assert texts(family, "Where does my sister live?")[0] == "Older sister lives in Porto"


def test_whom_a_subject_is_about():
    assert person("user.location") == ""
    assert person("user.is.allergic_to_penicillin") == ""
    assert person("user.wife") == ""  # the speaker's partner named: the speaker's own fact
    assert person("user.wife.allergic_to_cats") == "wife"
    assert person("user.older_sister.lives.in_porto") == "sister"
    assert person("deploy_target") is None
    assert person("user.kid.5") == "kid"  # one the writer keeps facts of, though no question names "kid"


def test_the_preference_of_a_question():
    assert preference("Is penicillin safe?") is None  # in the first person about no one
    assert preference("Am I allergic to anything?").asked == frozenset()
    assert preference("Is my wife allergic to anything?").asked == frozenset({"wife"})
    assert preference("What should I get my wife for her birthday?") is None  # asks of both
    # "Do I have kids?" asks about the kids: their facts are left where they rank
    assert "user.son" in preference("Do I have any kids?").listed


def test_a_fact_about_someone_else_ranks_as_if_it_scored_less():
    def hit(text: str, score: float, subject: str | None) -> RecallHit:
        return RecallHit(text, score, f"me.md#{text}", "me.md", 1, "user", None, subject=subject)

    wife = hit("Wife is allergic to cats", 1.0, "user.wife.allergic_to_cats")
    own = hit("Is allergic to penicillin", 0.8, "user.is.allergic_to_penicillin")
    weak = hit("Is a nurse", 0.4, "user.role")
    about_me = Preference(frozenset(), ())
    assert about_me.order([wife, own, weak]) == [own, wife, weak]  # 1.0 × OTHERS = 0.5 > 0.4
    assert OTHERS == 0.5
    # a line without a subject is read for one
    assert about_me.weight(hit("Wife is allergic to cats", 1.0, None)) == OTHERS
    assert Preference(frozenset({"wife"}), ()).order([own, wife]) == [wife, own]


def test_a_question_naming_a_relative_puts_anothers_fact_after_theirs_whatever_its_purpose():
    # "How old is my daughter?" is a family question (user.son, user.brother …): a brother's fact is
    # still another's
    daughter = RecallHit("Daughter is 7", 0.5, "me.md#a", "me.md", 1, "user", None, subject="user.daughter.7")
    brother = RecallHit(
        "Brother is vegetarian", 0.5, "me.md#b", "me.md", 2, "user", None, subject="user.brother.vegetarian"
    )
    asked = preference("How old is my daughter?")
    assert asked.order([brother, daughter]) == [daughter, brother]
    # "What's my wife's name?" is answered by the speaker's own user.partner as well
    partner = RecallHit("Is married to Ana", 0.5, "me.md#c", "me.md", 3, "user", None, subject="user.partner")
    assert preference("What's my wife's name?").weight(partner) == 1.0
