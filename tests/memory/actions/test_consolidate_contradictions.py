"""Contradictions told in the wordings people use: a later entry that gives another value for the
same single-valued thing about the same person, or ends it, supersedes the earlier one; compatible
facts, and facts about other people, never do (issue 23: every contradiction, on sets never seen)."""

from __future__ import annotations

import pytest

from swarmkit.memory.actions.consolidate.findings import find
from swarmkit.memory.folder import entries as E

# (earlier, later): the later one replaces the earlier
CHANGES = [
    ("Tim lives in Leeds.", "Tim now calls Osaka home."),
    ("Tim's home is in Leeds.", "Tim has relocated to Osaka."),
    ("Tim lives in Leeds.", "Tim moved house to Osaka."),
    ("Tim lives in Leeds.", "Tim is now based out of Osaka."),
    ("Tim lives in Leeds.", "Tim has settled down in Osaka."),
    ("Tim lives in Leeds.", "Tim no longer lives in Leeds."),
    ("Tim lives in Leeds.", "Tim left Leeds last year."),
    ("Tim lives in Leeds.", "Tim moved away from Leeds."),
    ("Tim lives in Leeds.", "Tim's new address is in Osaka."),
    ("Tim lives in Leeds.", "Tim now resides in Osaka."),
    ("Tim lives in Leeds.", "Tim and his family moved to Osaka."),
    ("Tim lives in Leeds.", "Tim, who used to live in Leeds, now lives in Osaka."),
    ("Tim lives in Leeds.", "In 2024 Tim moved to Osaka."),
    ("Tim lives in Leeds.", "After the divorce, Tim moved to Osaka to be closer to family."),
    ("Tim lives in Leeds.", "I think Tim lives in Osaka now."),
    ("Tim lives in Leeds.", "Tim said he moved to Osaka."),
    ("Tim lives in Leeds.", "Tim told me he lives in Osaka these days."),
    ("Tim lives in Leeds.", "Tim (my neighbour) moved to Osaka."),
    ("Tim works at Acme.", "Tim got hired at Globex."),
    ("Tim works at Acme.", "Tim is now employed by Globex."),
    ("Tim works at Acme.", "Tim's new company is Globex."),
    ("Tim works at Acme.", "Tim was laid off from Acme."),
    ("Tim works at Acme.", "Tim got fired from Acme."),
    ("Tim works at Acme.", "Tim resigned from Acme."),
    ("Tim works at Acme.", "Tim retired from Acme."),
    ("Tim works at Acme.", "Tim is now at Globex."),
    ("Tim works at Acme.", "Tim's been at Globex for a year."),
    ("Tim works at Acme.", "Tim switched from Acme to Globex."),
    ("Tim works at Acme.", "Tim is with Globex these days."),
    ("Tim works at Acme.", "Tim stopped working at Acme."),
    ("Tim works at Acme.", "Tim mentioned that he's been working for Globex since May."),
    ("Tim is a pilot.", "Tim is now a nurse."),
    ("Tim works as a pilot.", "Tim got promoted to captain."),
    ("Tim is a pilot.", "Tim has become a nurse."),
    ("Tim is a pilot.", "Tim trained as a nurse and now works in a hospital."),
    ("Tim is a pilot.", "Tim retired."),
    ("Tim is a pilot.", "Tim is no longer a pilot."),
    ("Tim is a pilot.", "Tim quit his job as a pilot."),
    ("Tim is a pilot.", "Tim stopped working as a pilot."),
    ("Tim's job title is pilot.", "Tim's title is now captain."),
    ("Tim's occupation: pilot.", "Tim is a nurse these days."),
    ("Tim is a pilot.", "Tim was hired as a nurse at the clinic."),
    ("Tim is single.", "Tim has a girlfriend now."),
    ("Tim is married.", "Tim is separated."),
    ("Tim is engaged to Sam.", "Tim married Alex."),
    ("Tim is in a relationship.", "Tim is single now."),
    ("Tim is dating Sam.", "Tim and Sam broke up."),
    ("Tim's favourite food is sushi.", "Tim's new favourite food is tacos."),
    ("Tim's favourite food is sushi.", "Tim says tacos are his favourite food now."),
    ("Tim's favourite band: Queen.", "Tim's favorite band is Muse these days."),
    ("Tim's favourite colour is blue.", "Tim changed his mind about his favourite colour: it's green now."),
    ("Tim is 34.", "Tim celebrated his 35th birthday."),
    ("Tim is 34.", "Tim's age is 35."),
    ("Tim has a cat named Tom.", "Tim's cat is called Felix."),
    ("Tim has a dog named Rex.", "Tim's dog Rex died."),
    ("Tim has a dog named Rex.", "Tim gave his dog away."),
    ("Tim has two cats.", "Tim has three cats now."),
    ("Tim drives a Honda.", "Tim bought a Tesla."),
    ("Tim's car is a Honda.", "Tim now drives an electric car."),
    ("Tim uses an iPhone.", "Tim switched to Android."),
    ("Tim has an iPhone.", "Tim's new phone is a Pixel."),
    ("Tim goes to Riverside High.", "Tim transferred to Hillcrest Academy."),
    ("Tim is studying at MIT.", "Tim graduated from MIT."),
    ("Tim is a freshman at Riverside College.", "Tim switched schools to Northgate University."),
    ("I'm a teacher.", "I'm now a nurse."),
    ("I live in Leeds.", "We moved to Osaka."),
    ("My home is in Leeds.", "My new place is in Osaka."),
    ("My favourite colour is blue.", "Green is my favourite colour now."),
    ("Lives in Lisbon.", "I moved to Porto."),
    ("Tim plays guitar.", "Tim doesn't play guitar anymore."),
    ("Tim plays guitar.", "Tim quit playing guitar."),
    ("Tim is vegetarian.", "Tim is not vegetarian anymore."),
    ("Tim lives in Leeds.", "Tim lives in Osaka (moved from Leeds)."),
    ("Tim works at Acme.", "Tim left Acme to join Globex."),
    ("Tim works for Acme.", "Tim has been with Globex since March."),
    ("Tim is an accountant.", "Tim now teaches yoga for a living."),
    ("Tim lives in Leeds.", "Tim was transferred to the Osaka office and lives there now."),
    ("Tim lives in Leeds.", "Tim is now a resident of Osaka."),
    ("Tim lives in Leeds.", "Tim lives in Osaka now, not Leeds."),
    ("Tim lives in Leeds.", "Tim currently resides in Osaka."),
    ("Tim works at Acme.", "Tim accepted a job at Globex."),
    ("Tim works at Acme.", "Tim got a new job at Globex."),
    ("Tim works at Acme.", "Tim started a new job at Globex."),
    ("Tim works at Acme.", "Tim changed jobs; he now works at Globex."),
    ("Tim works at Acme.", "Tim quit his job."),
    ("Tim is a pilot.", "Tim has a new job as a nurse."),
    ("Tim is a pilot.", "Tim now earns a living as a nurse."),
    ("Tim is a pilot.", "Tim took up a position as a nurse."),
    ("Tim is a pilot.", "Tim serves as a nurse at the clinic."),
    ("Tim is a pilot.", "Tim became a full-time nurse."),
    ("Tim is single.", "Tim proposed to Sam."),
    ("Tim is single.", "Tim and Sam are now married."),
    ("Tim is married.", "Tim is no longer married."),
    ("Tim is dating Sam.", "Tim ended things with Sam."),
    ("Tim is single.", "Tim tied the knot with Sam."),
    ("Tim's favourite food is sushi.", "Tacos are now Tim's favourite food."),
    ("Tim is 34.", "Tim is now 35."),
    ("Tim is 34.", "Tim celebrated turning 35."),
    ("Tim has a dog named Rex.", "Tim renamed his dog Buddy."),
    ("Tim has a dog named Rex.", "Tim lost his dog."),
    ("Tim has a dog named Rex.", "Tim no longer has any pets."),
    ("Tim has a cat named Tom.", "Tim's cat ran away."),
    ("Tim drives a Honda.", "Tim upgraded to a Tesla."),
    ("Tim drives a Honda.", "Tim sold his car."),
    ("Tim drives a Honda.", "Tim doesn't own a car anymore."),
    ("Tim uses an iPhone.", "Tim switched from iPhone to Android."),
    ("Tim uses an iPhone.", "Tim is using a Pixel now."),
    ("Tim studies at Riverside College.", "Tim got into Northgate University."),
    ("Tim studies at Riverside College.", "Tim is now attending Northgate University."),
    ("Tim loves jazz.", "Tim hates jazz now."),
    ("Tim likes hiking.", "Tim has lost interest in hiking."),
    ("Lives in Leeds.", "Now lives in Osaka."),
    ("Tim lives in Leeds.", "According to Sam, Tim moved to Osaka."),
    ("Tim lives in Leeds.", "Tim supposedly moved to Osaka."),
    ("Tim lives in Leeds.", "Quick update: Tim moved to Osaka."),
    ("Tim lives in Leeds.", "Tim moved to Osaka, I think."),
    ("Tim works at Acme.", "Tim left Acme; she's now at Globex."),
    # habits and states that end or turn over (a habit is its verb's stem and its object)
    ("Tim smokes.", "Tim kicked the smoking habit."),
    ("Tim is a heavy smoker.", "Tim stopped smoking in May."),
    ("Tim rows every Sunday.", "Tim gave up rowing."),
    ("Tim plays golf on weekends.", "Tim quit golf and took up archery."),
    ("Tim doesn't speak Dutch.", "Tim is fluent in Dutch now."),
    ("Tim doesn't eat fish.", "Tim eats fish again."),
    ("Tim is a vegan.", "Tim started eating cheese again."),
    ("Tim is vegetarian.", "Tim is no longer vegetarian."),
    ("Tim has no pets.", "Tim adopted a tabby named Mo."),
    ("Tim doesn't have any pets.", "Tim has a cat now."),
    ("Tim owns three cats.", "Tim gave his cats away."),
    ("Tim is a student at MIT.", "Tim graduated in June."),
    ("Tim works at Acme.", "Tim retired in the spring."),
    ("Tim is the CFO of Initech.", "Tim left Initech to travel."),
    ("Tim is a cook at Nando's.", "Tim quit the kitchen and now drives for Lyft."),
    ("Tim's wife is Sam.", "Tim is single again."),
    ("I'm engaged to Sam.", "Sam and I broke up."),
    ("Tim's favourite city is Rome.", "Tim says Oslo is the finest city in the world."),
    ("Tim's favourite band is Blur.", "Tim now reckons Muse is the best band ever."),
    ("Tim's favourite drink is tea.", "Nothing beats cola for Tim these days."),
    ("Tim prefers trains to planes.", "Tim switched to planes."),
    ("Tim loves opera.", "Tim can't stand opera any more."),
    ("Tim supports Everton.", "Tim is a big Wolves fan now."),
    ("Tim is an Everton supporter.", "Tim supports Wolves these days."),
    ("Tim's boss is Paula.", "Tim reports to Ian since May."),
    ("Tim works early shifts.", "Tim switched to late shifts."),
    ("My email is tim@old.example.", "Use tim@new.example from now on."),
    ("Tim rents a flat in Leeds.", "Tim bought a house in York and lives there now."),
    ("Tim is a Leeds fan.", "Tim switched to supporting Derby."),
]
# (earlier, later): both hold
COMPATIBLE = [
    ("Tim works at Acme.", "Tim works as a nurse."),
    ("Tim likes tea.", "Tim likes coffee."),
    ("Tim lives in Leeds.", "Sam lives in Osaka."),
    ("Tim lives in Leeds.", "Tim's sister lives in Osaka."),
    ("Tim lives in Leeds.", "Tim visited Osaka last summer."),
    ("Tim lives in Leeds.", "Tim is thinking about moving to Osaka."),
    ("Tim lives in Leeds.", "Tim might move to Osaka next year."),
    ("Tim lives in Leeds.", "Tim grew up in Osaka."),
    ("Tim lives in Leeds.", "Tim is from Osaka."),
    ("Tim has a dog named Rex.", "Tim has a cat too."),
    ("Tim drives a Honda.", "Tim drives to work every day."),
    ("Tim drives a Honda.", "Tim's friend drives a Tesla."),
    ("Tim is a pilot.", "Tim is a father of two."),
    ("Tim is a pilot.", "Tim is a big fan of jazz."),
    ("Tim is a pilot.", "Tim wants to become a nurse."),
    ("Tim works at Acme.", "Tim's brother works at Globex."),
    ("Tim works at Acme.", "Tim joined a book club."),
    ("Tim works at Acme.", "Tim works at Acme Corp in the sales team."),
    ("Tim lives in Leeds.", "Tim lives in Leeds with his wife."),
    ("Tim's favourite food is sushi.", "Tim likes tacos."),
    ("Tim is 34.", "Tim is 34 years old."),
    ("Tim used to live in Leeds.", "Tim lives in Osaka."),
    ("Tim is dating Sam.", "Tim is dating Sam and is very happy."),
    ("Tim is a pilot.", "Tim is a writer."),
    ("Tim has a dog named Rex.", "Tim walked his dog in the park."),
    ("Tim uses an iPhone.", "Tim uses Vim."),
    ("Tim lives in Leeds.", "Tim is at the gym."),
    ("Tim works at Acme.", "Tim is at Disneyland this week."),
    ("Tim lives in Leeds.", "Tim went to Osaka for a conference."),
    ("Tim works at Acme.", "Tim left his keys at home."),
    ("Tim studies at MIT.", "Tim studies physics."),
    ("Gina is single.", "Gina sees Jon as someone to root for."),
    ("Tim is dating Sam.", "Tim breaks up his studying into smaller parts."),
    ("Tim has a dog named Rex.", "Tim had a dog named Tilly back in Leeds."),
    ("Tim is a pilot.", "Tim's one-year-old son is named Kyle."),
    ("Tim lives in Leeds.", "Tim is moving to Osaka next month."),
    ("Tim likes tea.", "Tim loves coffee."),
    ("Tim loves jazz.", "Tim hates rap."),
    ("Tim drives a Honda.", "Tim drives his kids to school."),
    ("Tim has a dog named Rex.", "Tim's friend lost his dog."),
    ("Tim is 34.", "Tim's son is 5."),
    ("Tim works at Acme.", "Tim quit smoking."),
    ("Tim is married to Sam.", "Tim's sister got divorced."),
    ("Tim studies at MIT.", "Tim's daughter got into Harvard University."),
    ("Tim lives in Leeds.", "Tim lives in Leeds, in a small flat."),
    ("Tim smokes.", "Tim is trying to cut down."),
    ("Tim smokes.", "Tim might quit smoking next year."),
    ("Tim smokes.", "Tim's husband stopped smoking."),
    ("Tim speaks Spanish.", "Tim is learning Dutch."),
    ("Tim plays golf.", "Tim also plays squash."),
    ("Tim's boss is Paula.", "Tim mentors Ian."),
    ("Tim's boss is Paula.", "Tim's boss is on holiday."),
    ("Tim supports Everton.", "Tim supports Sam through hard times."),
    ("Tim has a dog named Rex.", "Tim had a cat named Tilly as a child."),
    ("Tim is vegetarian.", "Tim's brother eats meat."),
    ("Tim works night shifts.", "Tim's wife works day shifts."),
    ("Tim prefers tea over coffee.", "Tim switched to a standing desk."),
    ("Tim switched to oat milk.", "Tim switched to a standing desk."),
    ("Tim is a Blur fan.", "Tim is a big Oasis fan too."),
]


def _found(old: str, new: str) -> list[tuple[str, str, list[str], str | None]]:
    entries = E.parse_lines([f"- {old} [added: 2026-01-01]", f"- {new} [added: 2026-03-01]"], "lessons.md")
    return [
        (f.action, f.reason, [e.text for e in f.entries], f.keep.text if f.keep else None)
        for f in find(entries)
    ]


@pytest.mark.parametrize(("old", "new"), CHANGES)
def test_a_later_value_or_its_end_supersedes_the_earlier_entry(old, new):
    assert _found(old, new) == [("supersede", "contradiction", [old, new], new)]


@pytest.mark.parametrize(("old", "new"), COMPATIBLE)
def test_compatible_facts_and_other_peoples_are_no_contradiction(old, new):
    assert [f for f in _found(old, new) if f[1] == "contradiction"] == []


def test_the_evidence_names_the_thing_and_what_ended():
    entries = E.parse_lines(
        [
            "- Tim works at Acme [added: 2026-01-01]",
            "- Tim is a pilot [added: 2026-01-01]",
            "- Tim quit Acme and joined Globex [added: 2026-03-01]",
            "- Tim became a nurse [added: 2026-03-01]",
        ],
        "lessons.md",
    )
    assert [(f.entries[0].text, f.evidence) for f in find(entries)] == [
        ("Tim works at Acme", "the later one ends Tim's employer 'Acme': 'Tim quit Acme and joined Globex'"),
        ("Tim is a pilot", "both give Tim's role, and the later one says 'Tim became a nurse'"),
    ]


def test_a_restated_entry_is_no_merge_when_it_replaces_or_is_someone_elses():
    # the same words, but the later one ends the value, or the two are about two people
    for old, new in (
        ("Jon is a student at Riverside College", "Jon dropped out of Riverside College"),
        ("I live in Osaka", "Nate has been living in Osaka for years"),
        ("I work at Vandelay Industries", "Caroline's brother works at Vandelay Industries"),
        ("Lina works night shifts", "Lina's husband works day shifts"),  # a relative is another person
    ):
        assert [f[1] for f in _found(old, new) if f[1] == "duplicate"] == []


def test_a_habit_ended_says_which_habit():
    entries = E.parse_lines(
        ["- Kai smokes a pack a day [added: 2026-01-01]", "- Kai gave up smoking [added: 2026-03-01]"],
        "lessons.md",
    )
    assert [f.evidence for f in find(entries)] == [
        "the later one ends Kai's habit told in 'Kai smokes a pack a day': 'Kai gave up smoking'"
    ]


def test_a_favourite_of_no_stated_kind_replaces_only_a_lone_favourite():
    # "nothing beats Abba" says no kind: with two favourites told, it replaces neither
    lines = [
        "- Tim's favourite band is Blur [added: 2026-01-01]",
        "- Nothing beats Abba for Tim [added: 2026-03-01]",
    ]
    assert [f.reason for f in find(E.parse_lines(lines, "lessons.md"))] == ["contradiction"]
    lines.insert(1, "- Tim's favourite food is sushi [added: 2026-01-01]")
    assert [f.reason for f in find(E.parse_lines(lines, "lessons.md"))] == []
