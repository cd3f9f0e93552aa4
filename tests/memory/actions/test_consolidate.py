"""`memory consolidate`: what it finds and proposes, accept and keep both, each one commit; the
exact text of the command and of its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.actions.consolidate import consolidate
from swarmkit.memory.actions.consolidate.findings import find
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import text_digest
from tests.support.git import commit_count, commits, git
from tests.support.memory_files import lines


def parsed(*texts: str, file: str = "me.md") -> list[E.Entry]:
    return E.parse_lines([f"- {t}" for t in texts], file)


def summary(findings) -> list[tuple[str, str, list[str], str | None]]:
    return [
        (f.action, f.reason, [e.text for e in f.entries], f.keep.text if f.keep else None) for f in findings
    ]


def test_the_same_fact_in_other_words_is_one_merge():
    found = find(
        parsed(
            "Prefers dark mode in every editor [by: agent]", "Prefers dark mode in all editors [by: agent]"
        )
    )
    assert summary(found) == [
        (
            "merge",
            "duplicate",
            ["Prefers dark mode in every editor", "Prefers dark mode in all editors"],
            "Prefers dark mode in every editor",
        )
    ]
    assert found[0].evidence == "the same fact in other words (similarity 0.78: dark, editor, mode, prefers)"


def test_alike_texts_that_say_other_things_are_no_duplicates():
    # other people named, other numbers: alike words, other facts
    texts = (
        "Jon lost his job at Door Dash",
        "Gina lost her job at Door Dash",
        "Gina told Jon about the job",
        "Ran 5 km on Monday",
        "Ran 10 km on Monday",
    )
    assert [f for f in find(parsed(*texts)) if f.reason == "duplicate"] == []


@pytest.mark.parametrize(
    ("first", "second", "evidence"),
    [
        ("Is married to Sam", "Sam is my husband", "both give the partner 'Sam'"),
        ("Grew up in Manchester", "Spent her childhood in Manchester", "both give the hometown 'Manchester'"),
        ("Is originally from Leeds", "Was brought up in Leeds", "both give the hometown 'Leeds'"),
        ("Is a vegetarian", "Doesn't eat meat or fish", "both give the diet 'vegetarian'"),
        ("Is vegan", "Eats no animal products", "both give the diet 'vegan'"),
        ("Is teetotal", "Never drinks alcohol", "both give the diet 'teetotal'"),
    ],
)
def test_texts_read_as_one_thing_with_one_value_are_one_fact_by_words_alone(first, second, evidence):
    """The plain-speech reader reads both as the same single-valued thing of the same person with
    the same value (a denial included: "doesn't eat meat or fish" is the diet it describes): one
    fact, however few words they share, with no embedding model."""
    found = find(parsed(f"{first} [by: agent]", f"{second} [by: agent]", "Plays the piano [by: agent]"))
    assert [(f.action, f.reason, sorted(e.text for e in f.entries)) for f in found] == [
        ("merge", "duplicate", sorted([first, second]))
    ]
    assert found[0].evidence.startswith("the same fact in other words (similarity ")
    assert found[0].evidence.endswith(f": {evidence})")


def test_the_same_value_of_another_thing_or_another_value_is_no_merge():
    texts = (
        "Is married to Sam",
        "Sam is my brother",  # a relative: no partner
        "Grew up in Manchester",
        "Lives in Manchester now",  # where one lives, not where one is from
        "Has a dog",
        "Has a cat",  # one pet or more, of each: a count that names too little
        "Doesn't eat meat",  # no diet named: a vegan doesn't either
        "Is vegan",
        "Works as a dentist",
        "Works as a pharmacist",
    )
    assert [f for f in find(parsed(*texts)) if f.reason == "duplicate"] == []


def test_an_opening_word_before_a_preposition_and_a_plural_day_are_no_other_names():
    """ "Born in Lagos": born is no person's name (a name is followed by its verb); "Saturdays" and
    "Saturday" are one name. Each pair was kept apart as about other people or things."""
    from swarmkit.memory.recall.restatement import Names, same_fact

    texts = ["Born in Lagos", "Lagos is my birthplace", "Volunteers at the food bank on Saturdays"]
    texts += ["Volunteers at the food bank every Saturday", "Gina lost her job", "Tina lost her job"]
    names = Names(texts)
    assert names.of(texts[0]) == names.of(texts[1]) == {"lago"}
    assert names.of(texts[2]) == names.of(texts[3]) == {"saturday"}
    assert not names.in_text(texts[0])("Born") and names.in_text(texts[0])("Lagos")
    assert names.in_text("Gina lost her job")("Gina")  # before its verb, a name as ever
    assert not same_fact(texts[4], texts[5], names.of(texts[4]), names.of(texts[5]))
    assert summary(f for f in find(parsed(*texts[2:4])) if f.reason == "duplicate") == [
        ("merge", "duplicate", texts[2:4], "Volunteers at the food bank every Saturday")
    ]


def test_the_same_words_about_two_people_are_two_facts():
    # each is the other's fact: whoever the text is about (the first name that opens some text as
    # its subject, after a hedge too) differs, so no merge; a restatement about the same person merges
    texts = (
        "Maria offered to help John with the move",
        "John offered to help Maria with the move",
        "Tim appreciates John's support during the season",
        "Apparently, John appreciates Tim's support during the season",
        "Nate bakes sourdough bread every weekend",
        "Reportedly, Nate bakes sourdough bread every single weekend",
    )
    assert summary(f for f in find(parsed(*texts)) if f.reason == "duplicate") == [
        (
            "merge",
            "duplicate",
            [
                "Nate bakes sourdough bread every weekend",
                "Reportedly, Nate bakes sourdough bread every single weekend",
            ],
            "Reportedly, Nate bakes sourdough bread every single weekend",
        )
    ]


OTHER_FACTS = (
    "Drinks coffee every morning",
    "Uses a standing desk",
    "Plays chess on Sundays",
    "Drives a Volvo",
    "Speaks Portuguese",
    "Runs marathons",
)


@pytest.fixture(params=["lexical", "semantic"])
def kind(request, monkeypatch, tmp_path):
    """Each similarity: by words, and by words and meaning with the packaged model in force."""
    if request.param == "lexical":
        yield "lexical"
        return
    from tests.support.semantic import packaged_model

    for _ in packaged_model(monkeypatch, tmp_path / "cache"):
        yield "semantic"


@pytest.mark.parametrize(
    "first, second",
    [
        # a relative's fact beside the speaker's (an attack review found each merged)
        ("My sister lives in Paris", "Lives in Paris"),
        ("Mother lives in Paris", "Lives in Paris"),
        ("My son plays piano", "Plays piano"),
        ("My daughter is allergic to nuts", "Is allergic to nuts"),
        # opposite leanings toward one thing
        ("Is allergic to cats", "Loves cats"),
        ("Afraid of dogs", "Loves dogs"),
        ("Likes spicy food", "Can't handle spicy food"),
        ("Likes horror movies", "Is scared of horror movies"),
        # a wish or another time beside what is now
        ("Plans to move to Oslo", "Lives in Oslo"),
        ("Visited Oslo last year", "Lives in Oslo"),
        ("Lived in Oslo as a child", "Lives in Oslo"),
        # the same words, compared the other way
        ("Prefers cats to dogs", "Prefers dogs to cats"),
        # a word where the other has its opposite
        ("Is left-handed", "Is right-handed"),
        ("Is a morning person", "Is a night owl"),
    ],
)
def test_facts_of_two_people_two_leanings_or_two_times_are_never_one(first, second, kind):
    from swarmkit.memory.recall.similarity import similarity

    found = find(parsed(*OTHER_FACTS, first, second), similarity=similarity(kind))
    assert [
        f for f in found if f.reason == "duplicate" and {first, second} & {e.text for e in f.entries}
    ] == []


def test_what_makes_facts_of_two_people_two_leanings_or_two_times_is_read_as_meant():
    from swarmkit.memory.recall import stance
    from swarmkit.memory.recall.restatement import Names, same_fact

    assert [
        stance.leaning(t)
        for t in (
            "Loves cats",
            "Is allergic to cats",
            "Doesn't like jazz",
            "Can't stand jazz",
            "Drives a Volvo",
        )
    ] == [1, -1, -1, -1, 0]
    assert stance.apart("Wants to become a nurse", "Is a nurse")
    assert not stance.apart("Jon paid a visit to Paris", "Jon visited Paris")
    # restatements stay one: the same leaning, the relative named in both, a name said in both
    for a, b in (
        ("Hates cilantro", "Can't stand coriander"),
        ("My sister is a nurse", "Sister works as a nurse"),
        ("Has a sister called Ana", "Ana is my sister"),
        ("Drinks coffee and tea", "Drinks tea and coffee"),
    ):
        names = Names([a, b])
        assert same_fact(a, b, names.of(a), names.of(b), names.actor(a), names.actor(b)), (a, b)


def test_a_place_and_its_initials_or_one_word_more_are_no_contradiction():
    """ "Lives in New York City" / "Lives in NYC" (or "... in New York") name one place: never a
    change of where one lives ("Lives in Lisbon" / "Lives in Porto" is)."""
    for later in ("Lives in NYC", "Lives in New York"):
        found = find(parsed("Lives in New York City [by: agent]", f"{later} [by: agent]"))
        assert [f for f in found if f.reason == "contradiction"] == [], later
    found = find(parsed("Lives in Lisbon [by: agent]", "Lives in Porto [by: agent]"))
    assert [(f.reason, [e.text for e in f.entries]) for f in found] == [
        ("contradiction", ["Lives in Lisbon", "Lives in Porto"])
    ]


def test_a_later_entry_that_denies_an_earlier_one_supersedes_it():
    found = find(
        parsed(
            "Drinks coffee every morning [added: 2026-01-02]",
            "No longer drinks coffee every morning [added: 2026-03-01]",
        )
    )
    assert summary(found) == [
        (
            "supersede",
            "contradiction",
            ["Drinks coffee every morning", "No longer drinks coffee every morning"],
            "No longer drinks coffee every morning",
        )
    ]
    assert found[0].evidence == (
        "the later entry denies what the earlier one says (similarity 1.00: coffee, drinks, every, morning)"
    )


def test_a_later_preference_replaces_one_only_between_the_same_things():
    """ "Prefers winter over summer" leaves "Prefers Vim to Emacs" alone (an attack review found it
    proposed in its place); "Prefers coffee to tea" replaces "Prefers tea over coffee"."""
    unrelated = (
        "Prefers Vim to Emacs",
        "Prefers tea to coffee",
        "Prefers winter over summer",
        "Prefers cats to dogs",
    )
    assert summary(find(parsed(*unrelated))) == []
    assert summary(find(parsed("Prefers tea over coffee", "Prefers coffee to tea"))) == [
        (
            "supersede",
            "contradiction",
            ["Prefers tea over coffee", "Prefers coffee to tea"],
            "Prefers coffee to tea",
        )
    ]


def test_another_value_for_the_same_thing_without_a_shared_subject():
    found = find(
        parsed(
            "Lives in Lisbon [by: user; added: 2026-01-02]",
            "Prefers tea",
            "I moved to Porto [added: 2026-02-01]",
        )
    )
    assert summary(found) == [
        ("supersede", "contradiction", ["Lives in Lisbon", "I moved to Porto"], "I moved to Porto")
    ]
    assert found[0].evidence == "both give location, and the later one says 'I moved to Porto'"
    # a name at the start makes it that person's: Melanie's city is not Caroline's
    third = find(
        parsed(
            "Caroline lives in Boston",
            "Melanie moved to Denver",
            "Melanie visited Caroline in March",
            "Caroline moved to Austin",
            "Melanie works as a nurse",
            "Melanie is working as a pilot these days",
            "Jon is living in Osaka",
            "Jon now lives in Lisbon",
            file="lessons.md",
        )
    )
    assert summary(third) == [
        (
            "supersede",
            "contradiction",
            ["Caroline lives in Boston", "Caroline moved to Austin"],
            "Caroline moved to Austin",
        ),
        (
            "supersede",
            "contradiction",
            ["Melanie works as a nurse", "Melanie is working as a pilot these days"],
            "Melanie is working as a pilot these days",
        ),
        # "is living in" is tried as "liv in" too, which reads as a habit: the move is still seen
        (
            "supersede",
            "contradiction",
            ["Jon is living in Osaka", "Jon now lives in Lisbon"],
            "Jon now lives in Lisbon",
        ),
    ]


def test_junk_chatter_instructions_pronouns_and_pinned_repeats():
    pinned = parsed("Deploys go through staging first", file="MEMORY.md")
    found = find(
        parsed(
            "Sure, I can help with that!",
            "You are a helpful assistant",
            "Likes it",
            "All deploys go through staging first",
            "Teaches a class on giving instructions",
            "No problem at all!",
            "Great question, let me check.",
            "Always reply in English",
            "The system prompt says to be brief",
            "That is hers",
            "Does this a lot",
            "Great question marks end the chapter titles",
            "Reads a lot",
            file="lessons.md",
        ),
        pinned,
    )
    assert [(f.reason, f.entries[0].text) for f in found] == [
        ("chatter", "Sure, I can help with that!"),
        ("instruction", "You are a helpful assistant"),
        ("pronoun", "Likes it"),
        ("pinned", "All deploys go through staging first"),
        ("chatter", "No problem at all!"),
        ("chatter", "Great question, let me check."),
        ("instruction", "Always reply in English"),
        ("instruction", "The system prompt says to be brief"),
        ("pronoun", "That is hers"),
        ("pronoun", "Does this a lot"),
    ]
    assert found[3].evidence.startswith(
        "repeats the pinned MEMORY.md line 'Deploys go through staging first'"
    )


def test_a_pair_a_person_kept_is_not_proposed_again():
    a, b = "Prefers dark mode in every editor", "Prefers dark mode in all editors"
    assert find(parsed(a, f"{b} [distinct: {text_digest(a)}]")) == []
    assert find(parsed("Likes it [reviewed: yes]")) == []


def _folder(store):
    store.remember("Lives in Lisbon", "identity", by="user")
    store.remember("Prefers dark mode in every editor", "preference")
    store.remember("Prefers dark mode in all editors", "preference")
    store.remember("Sure, I can help with that!")
    store.remember("I moved to Porto", "identity")


def test_a_pass_proposes_in_the_inbox_in_one_commit_and_changes_no_entry(store, folder):
    _folder(store)
    before = {rel: (folder / rel).read_text() for rel in ("me.md", "lessons.md")}
    count = commit_count(folder)
    dry = consolidate(store, dry_run=True)
    assert commit_count(folder) == count and dry.proposed == [] and len(dry.findings) == 3
    result = consolidate(store)
    assert commit_count(folder) == count + 1
    assert commits(folder)[0] == "Consolidate: propose 3 changes for review in the inbox"
    assert {rel: (folder / rel).read_text() for rel in before} == before
    inbox = lines(folder, "inbox.md")[3:]
    assert [line.split(" [")[0] for line in inbox] == [
        "- Merge 2 entries into: Prefers dark mode in every editor",
        "- Drop 'Lives in Lisbon': superseded by 'I moved to Porto'",
        "- Drop 'Sure, I can help with that!': an assistant's chatter, not a fact",
    ]
    merge = E.parse_line(inbox[0])
    assert (
        merge.meta["entries"]
        == f"me.md#{text_digest('Prefers dark mode in every editor')}, me.md#{text_digest('Prefers dark mode in all editors')}"
    )
    assert merge.meta["for"] == "me.md" and merge.meta["marker"] == "proposal"
    assert result.proposed == [f"inbox.md#{text_digest(E.parse_line(line).text)}" for line in inbox]
    # a second pass proposes nothing again, and never recalls a proposal as a fact
    assert consolidate(store).proposed == [] and commit_count(folder) == count + 1
    assert all(h.file != "inbox.md" for h in store.recall("dark mode editor", include_inbox=True))


def test_accepting_a_merge_is_one_commit_that_says_what_it_merged(store, folder):
    _folder(store)
    ref = consolidate(store).proposed[0]
    count = commit_count(folder)
    result = store.accept(ref)
    kept, gone = "Prefers dark mode in every editor", "Prefers dark mode in all editors"
    assert (result.status, result.ref, result.text, result.old) == (
        "accepted",
        f"me.md#{text_digest(kept)}",
        kept,
        gone,
    )
    assert commit_count(folder) == count + 1
    body = git(folder, "log", "-1", "--format=%B")
    assert body.splitlines()[:3] == [
        f"Consolidate: merge 2 entries into me.md#{text_digest(kept)}: {kept}",
        "",
        f"Merged: me.md#{text_digest(gone)} {gone}",
    ]
    assert sorted(git(folder, "show", "--name-only", "--format=", "HEAD").split()) == ["inbox.md", "me.md"]
    texts = [e.text for e in store.entries("me.md")]
    assert kept in texts and gone not in texts
    assert len(store.inbox_list()) == 2
    # history follows the merged entry to the text it became
    changes = store.history(gone)
    assert [(c["change"], c["text"]) for c in changes[:2]] == [("merged", kept), ("added", gone)]


def test_accept_with_the_persons_own_text_makes_it_theirs(store, folder):
    _folder(store)
    ref = consolidate(store).proposed[0]
    result = store.accept(ref, text="Dark mode everywhere, in every editor")
    assert result.text == "Dark mode everywhere, in every editor"
    line = next(x for x in lines(folder, "me.md") if x.startswith("- Dark mode everywhere"))
    assert "by: user" in line


def test_accepting_a_supersede_and_a_drop(store, folder):
    _folder(store)
    proposed = consolidate(store).proposed
    store.accept(proposed[1])
    assert "Lives in Lisbon" not in [e.text for e in store.entries("me.md")]
    assert commits(folder)[0].startswith(
        f"Consolidate: drop me.md#{text_digest('Lives in Lisbon')} 'Lives in Lisbon', superseded by me.md#"
    )
    store.accept(proposed[2])
    assert [e.text for e in store.entries("lessons.md")] == []
    assert (
        commits(folder)[0]
        == f"Consolidate: drop lessons.md#{text_digest('Sure, I can help with that!')} 'Sure, I can help with that!' (chatter)"
    )


def test_keep_both_marks_the_entries_and_they_are_not_proposed_again(store, folder):
    _folder(store)
    ref = consolidate(store).proposed[0]
    count = commit_count(folder)
    result = store.keep_both(ref)
    assert result.status == "kept" and commit_count(folder) == count + 1
    texts = [e.text for e in store.entries("me.md")]
    assert "Prefers dark mode in every editor" in texts and "Prefers dark mode in all editors" in texts
    store.forget(store.inbox_list()[0].ref)
    store.forget(store.inbox_list()[0].ref)
    assert [f.reason for f in consolidate(store, dry_run=True).findings] == ["contradiction", "chatter"]


def test_a_proposal_whose_entry_changed_is_refused_and_nothing_changes(store, folder):
    _folder(store)
    ref = consolidate(store).proposed[0]
    store.edit(
        next(e.ref for e in store.entries("me.md") if e.text.endswith("all editors")), "Prefers light mode"
    )
    count = commit_count(folder)
    with pytest.raises(SwarmkitError) as info:
        store.accept(ref)
    gone = f"me.md#{text_digest('Prefers dark mode in all editors')}"
    assert str(info.value) == f"{gone} changed or went since {ref} proposed it; nothing was changed"
    assert info.value.hint == f"delete the proposal ({ref}) and run `swarmkit memory consolidate` again"
    assert commit_count(folder) == count


def test_accept_refuses_an_inbox_entry_that_is_no_proposal(store):
    store.remember("Imported note", target="inbox")
    with pytest.raises(SwarmkitError) as info:
        store.accept("inbox.md#L4")
    assert str(info.value) == "inbox.md#L4 is not a consolidation proposal; nothing was changed"
    assert info.value.hint == "keep, pin or delete an inbox entry; accept and keep-both answer proposals"


def test_a_proposal_about_a_persons_file_is_theirs_only(folder):
    from swarmkit.memory.store import MemoryStore

    ana = MemoryStore(folder, "demo", user="ana")
    ana.remember("Prefers dark mode in every editor", "preference")
    ana.remember("Prefers dark mode in all editors", "preference")
    assert len(consolidate(ana).proposed) == 1
    owner = MemoryStore(folder, "demo")
    assert owner.inbox_list() == [] and consolidate(owner, dry_run=True).findings == []
    assert [e.meta["for"] for e in ana.inbox_list()] == ["users/ana.md"]


# ---- the command -------------------------------------------------------------------------------


@pytest.fixture
def ws(workspace):
    return workspace()


def mem(cli, ws, *args):
    return cli("memory", "--workspace", str(ws), *args)


def test_the_command_dry_run_text_and_json(cli, ws):
    folder = Path(ws).resolve() / ".swarmkit" / "memory"
    mem(cli, ws, "add", "Prefers dark mode in every editor")
    mem(cli, ws, "add", "Prefers dark mode in all my editors")
    mem(cli, ws, "add", "Sure, I can help with that!", "--to", "lessons")
    a, b = (
        text_digest("Prefers dark mode in every editor"),
        text_digest("Prefers dark mode in all my editors"),
    )
    c = text_digest("Sure, I can help with that!")
    code, out, err = mem(cli, ws, "consolidate", "--dry-run")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Found 2 in 3 entries (lexical similarity): 1 chatter, 1 duplicate",
        f"merge duplicate: me.md#{a} 'Prefers dark mode in every editor' + me.md#{b} 'Prefers dark mode in all my "
        f"editors' → keep me.md#{a}",
        "  the same fact in other words (similarity 0.80: dark, editor, mode, prefers)",
        f"drop chatter: lessons.md#{c} 'Sure, I can help with that!'",
        "  an assistant's chatter, not a fact",
        "Dry run: nothing was proposed or changed.",
    ]
    assert not (folder / "inbox.md").read_text().count("proposal")
    code, out, _ = mem(cli, ws, "consolidate", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["found"] == {"chatter": 1, "duplicate": 1} and len(data["proposed"]) == 2
    assert data["proposals"][0]["keep"] == f"me.md#{a}" and data["proposals"][0]["action"] == "merge"
    code, out, _ = mem(cli, ws, "inbox")
    assert out.splitlines()[:2] == [
        f"{data['proposed'][0]:<18} [proposal] Merge 2 entries into: Prefers dark mode in every editor",
        f"{'':<18}   the same fact in other words (similarity 0.80: dark, editor, mode, prefers): me.md#{a}, me.md#{b}",
    ]
    code, out, _ = mem(cli, ws, "accept", data["proposed"][0])
    assert code == 0 and out.startswith(
        f"accepted me.md#{a}: Prefers dark mode in all my editors → Prefers dark mode in every editor (commit "
    )
    code, out, _ = mem(cli, ws, "keep-both", data["proposed"][1])
    assert code == 0 and out.startswith(f"kept {data['proposed'][1]}: Drop 'Sure, I can help with that!'")
    code, out, _ = mem(cli, ws, "consolidate")
    assert (code, out) == (0, "Nothing to consolidate in 2 entries.\n")


def test_the_command_on_hand_written_lines_contradictions_and_junk(cli, ws):
    mem(cli, ws, "add", "Prefers tabs")  # creates the folder
    folder = Path(ws).resolve() / ".swarmkit" / "memory"
    (folder / "me.md").write_text(
        "# About me\n\n- Lives in Lisbon\n- Drinks coffee every morning\n- I moved to Porto\n"
        "- No longer drinks coffee every morning\n- Likes it\n"
    )
    d = text_digest
    code, out, err = mem(cli, ws, "consolidate", "--dry-run")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Found 3 in 5 entries (lexical similarity): 2 contradictions, 1 pronoun-only value",
        f"supersede contradiction: drop me.md#{d('Lives in Lisbon')} 'Lives in Lisbon', keep "
        f"me.md#{d('I moved to Porto')} 'I moved to Porto'",
        "  both give location, and the later one says 'I moved to Porto'",
        f"supersede contradiction: drop me.md#{d('Drinks coffee every morning')} 'Drinks coffee every morning', "
        f"keep me.md#{d('No longer drinks coffee every morning')} 'No longer drinks coffee every morning'",
        "  the later entry denies what the earlier one says (similarity 1.00: coffee, drinks, every, morning)",
        f"drop pronoun: me.md#{d('Likes it')} 'Likes it'",
        "  a value that only points elsewhere (it, there, that), saying nothing alone",
        "Dry run: nothing was proposed or changed.",
    ]
    # the hand-written lines are untouched until a proposal is accepted
    assert (folder / "me.md").read_text().count("\n- ") == 5


def test_a_proposal_is_never_kept_or_pinned_as_a_fact(store, folder):
    _folder(store)
    ref = consolidate(store).proposed[0]
    count = commit_count(folder)
    for action in (lambda: store.inbox_keep(ref), lambda: store.inbox_pin(ref)):
        with pytest.raises(SwarmkitError) as info:
            action()
        assert (
            str(info.value) == f"{ref} is a consolidation proposal, not an entry to keep; nothing was changed"
        )
        assert (
            info.value.hint
            == f"answer it with `swarmkit memory accept {ref}` or `swarmkit memory keep-both {ref}`"
        )
    assert commit_count(folder) == count
    store.inbox_delete(ref)  # deleting one is fine: a later pass may propose it again
    assert len(store.inbox_list()) == 2


def _copies_folder(cli, ws) -> Path:
    """me.md holding one text twice, word for word (a hand edit, a merge of branches)."""
    mem(cli, ws, "add", "Prefers tabs")  # creates the folder
    folder = Path(ws).resolve() / ".swarmkit" / "memory"
    (folder / "me.md").write_text(
        "# About me\n\n- Drives a Volvo [by: agent]\n- Likes jazz [by: agent]\n- Drives a Volvo [by: agent; added: 2026-01-02]\n"
    )
    git(folder, "add", "-A")
    git(folder, "commit", "-qm", "hand edit")
    return folder


def test_an_exact_copy_is_one_drop_of_the_copy_never_a_merge_of_one_ref_with_itself():
    entries = parsed("Drives a Volvo", "Likes jazz", "Drives a Volvo", "Drives a Volvo")
    findings = find(entries)
    assert summary(findings) == [("drop", "copy", ["Drives a Volvo", "Drives a Volvo"], None)]
    assert [e.line for e in findings[0].entries] == [3, 4]
    assert (
        findings[0].evidence == "copies of line 1 (me.md#L1), the same text word for word: they add nothing"
    )
    # the same text in two files is two entries (two refs): a merge, as before
    two = parsed("Drives a Volvo") + parsed("Drives a Volvo", file="notes.md")
    assert [f.action for f in find(two)] == ["merge"]


def test_the_command_drops_a_copy_and_keep_both_marks_only_the_copy(cli, ws):
    folder = _copies_folder(cli, ws)
    volvo = text_digest("Drives a Volvo")
    code, out, err = mem(cli, ws, "consolidate", "--dry-run")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Found 1 in 3 entries (lexical similarity): 1 exact copy",
        "drop copy: me.md#L5 'Drives a Volvo'",
        "  a copy of line 3 (me.md#L3), the same text word for word: it adds nothing",
        "Dry run: nothing was proposed or changed.",
    ]
    code, out, _ = mem(cli, ws, "consolidate", "--format", "json")
    ref = json.loads(out)["proposed"][0]
    # accepting it drops the copy (line 5, its own metadata), never the first line
    code, out, err = mem(cli, ws, "accept", ref)
    assert code == 0, err
    assert lines(folder, "me.md")[2:] == ["- Drives a Volvo [by: agent]", "- Likes jazz [by: agent]"]
    assert commits(folder)[0] == f"Consolidate: drop me.md#{volvo} 'Drives a Volvo' (copy)"
    # Keep both on a copy marks the copy reviewed (no `distinct:` of itself), and it is not proposed again
    (folder / "me.md").write_text(
        "# About me\n\n- Drives a Volvo [by: agent]\n- Likes jazz [by: agent]\n- Drives a Volvo [by: agent]\n"
    )
    code, out, _ = mem(cli, ws, "consolidate", "--format", "json")
    code, out, err = mem(cli, ws, "keep-both", json.loads(out)["proposed"][0])
    assert code == 0, err
    assert lines(folder, "me.md")[2:] == [
        "- Drives a Volvo [by: agent]",
        "- Likes jazz [by: agent]",
        "- Drives a Volvo [by: agent; reviewed: yes]",
    ]
    assert "distinct" not in (folder / "me.md").read_text()
    code, out, _ = mem(cli, ws, "consolidate", "--dry-run")
    assert (code, out) == (0, "Nothing to consolidate in 3 entries.\n")


def test_accepting_a_copy_when_none_is_left_is_refused(cli, ws):
    folder = _copies_folder(cli, ws)
    code, out, _ = mem(cli, ws, "consolidate", "--format", "json")
    ref = json.loads(out)["proposed"][0]
    (folder / "me.md").write_text("# About me\n\n- Drives a Volvo [by: agent]\n- Likes jazz [by: agent]\n")
    code, out, err = mem(cli, ws, "accept", ref)
    assert code != 0
    assert f"me.md#{text_digest('Drives a Volvo')} has no copy left since {ref} proposed to drop one" in err
    assert lines(folder, "me.md")[2:] == ["- Drives a Volvo [by: agent]", "- Likes jazz [by: agent]"]
