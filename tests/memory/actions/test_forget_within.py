"""A forget asked for in words reaches the same fact stated inside a longer entry (actions/asked.py,
the writer's forget_within): the sentence goes, the rest of the entry and its metadata stay, in the
one commit of the forget; a pinned line is never changed, a changed entry refuses it all."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.actions import asked
from tests.support.git import commit_count, commits, git, head
from tests.support.memory_files import lines, ref_of

ASKED = "I drive a red Skoda Octavia"


def hand_written(store, folder, rel: str, entries: list[str]) -> None:
    """`entries` as the lines of `rel`, written by hand and committed (so a forget is one commit)."""
    store.ensure()
    path = folder / rel
    heading = path.read_text(encoding="utf-8").split("\n", 1)[0] if path.exists() else "# About me"
    if rel == "MEMORY.md":
        path.write_text(
            path.read_text(encoding="utf-8").replace("## Index", "\n".join(entries) + "\n\n## Index"),
            encoding="utf-8",
        )
    else:
        path.write_text("\n".join([heading, "", *entries]) + "\n", encoding="utf-8")
    git(folder, "add", "--", rel)
    git(folder, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-m", "by hand", "--", rel)


def test_only_a_longer_entry_holds_the_fact_so_its_cut_is_the_forget(store, folder):
    hand_written(
        store,
        folder,
        "me.md",
        [
            "- Lives in Lisbon",
            "- My wife is called Priya. I drive a red Skoda Octavia. [by: user; added: 2026-12-01]",
        ],
    )
    before = commit_count(folder)

    result = asked.forget(store.parts, ASKED)

    assert result.status == "forgotten" and result.entries == []
    assert result.answer() == (
        "Forgotten that you drive a red Skoda Octavia: taken out of “My wife is called Priya. I drive a "
        "red Skoda Octavia.” (me.md#56641865), which now reads “My wife is called Priya.” The memory "
        f"folder's history still holds it, commit {head(folder)[:10]}."
    )
    assert lines(folder, "me.md")[2:] == [
        "- Lives in Lisbon",
        "- My wife is called Priya. [by: user; added: 2026-12-01]",
    ]
    assert commit_count(folder) == before + 1
    assert commits(folder)[0] == "Forget: Drives a red Skoda Octavia (from 1 entry)"
    assert result.to_dict()["cuts"] == [
        {
            "ref": "me.md#56641865",
            "text": "My wife is called Priya. I drive a red Skoda Octavia.",
            "file": "me.md",
            "left": "My wife is called Priya.",
        }
    ]


def test_an_entry_that_states_only_the_fact_in_its_own_words_is_forgotten_whole_with_it(store, folder):
    hand_written(
        store,
        folder,
        "me.md",
        ["- Lives in Lisbon", "- Drives a red Skoda Octavia", "- I drive a red Skoda Octavia."],
    )

    result = asked.forget(store.parts, ASKED)

    assert result.answer() == (
        f"Forgotten: Drives a red Skoda Octavia ({ref_of('me.md', 'Drives a red Skoda Octavia')}); I drive a "
        f"red Skoda Octavia. ({ref_of('me.md', 'I drive a red Skoda Octavia.')}). The memory folder's history "
        f"still holds it, commit {head(folder)[:10]}."
    )
    assert lines(folder, "me.md")[2:] == ["- Lives in Lisbon"]
    assert commits(folder)[0] == "Forget: Drives a red Skoda Octavia (from 2 entries)"


def test_a_sentence_that_names_the_same_things_in_another_shape_is_untouched(store, folder):
    kept = ["- Sold my red Skoda Octavia last year.", "- Wants to drive a Skoda someday."]
    hand_written(
        store,
        folder,
        "me.md",
        ["- Drives a red Skoda Octavia", *kept, "- Wife is Priya. I drive a red Skoda Octavia."],
    )

    result = asked.forget(store.parts, ASKED)

    assert [cut.left for cut in result.cuts] == ["Wife is Priya."]
    assert lines(folder, "me.md")[2:] == [*kept, "- Wife is Priya."]


def test_a_pinned_line_that_states_the_fact_is_named_never_changed(store, folder):
    pinned = "Team car: I drive a red Skoda Octavia. Parking is in garage B."
    ref = ref_of("MEMORY.md", pinned)
    hand_written(store, folder, "MEMORY.md", [f"- {pinned}"])
    hand_written(store, folder, "me.md", ["- Lives in Lisbon. I drive a red Skoda Octavia."])
    memory_md = (folder / "MEMORY.md").read_text(encoding="utf-8")

    result = asked.forget(store.parts, ASKED)

    assert (folder / "MEMORY.md").read_text(encoding="utf-8") == memory_md
    assert lines(folder, "me.md")[2:] == ["- Lives in Lisbon."]
    assert result.answer().endswith(
        f" Team car: I drive a red Skoda Octavia. Parking is in garage B. ({ref}) is pinned in "
        "MEMORY.md, which every run of everyone is given, so I did not take it out of it. To change it: "
        f"swarmkit memory edit {ref} TEXT"
    )
    # only the pinned line states it: named as pinned, nothing changed
    (folder / "me.md").unlink()
    git(folder, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-q", "-am", "no me.md")
    before = commit_count(folder)
    alone = asked.forget(store.parts, ASKED)
    assert alone.status == "pinned"
    assert alone.answer() == (
        f"Team car: I drive a red Skoda Octavia. Parking is in garage B. ({ref}) is pinned in "
        "MEMORY.md, which every run of everyone is given, so I did not take it out of it. To change it: "
        f"swarmkit memory edit {ref} TEXT"
    )
    assert commit_count(folder) == before and (folder / "MEMORY.md").read_text(encoding="utf-8") == memory_md


def test_an_entry_edited_by_hand_between_the_read_and_the_write_refuses_it_all(store, folder, monkeypatch):
    longer = "- My wife is called Priya. I drive a red Skoda Octavia."
    hand_written(store, folder, "me.md", ["- Drives a red Skoda Octavia", longer])
    before = commit_count(folder)
    reached = asked._reached

    def then_edited(*args):
        found = reached(*args)  # read; then the person edits the longer entry before the write
        path = folder / "me.md"
        path.write_text(path.read_text(encoding="utf-8").replace("Priya", "Priya Shah"), encoding="utf-8")
        return found

    monkeypatch.setattr(asked, "_reached", then_edited)
    result = asked.forget(store.parts, ASKED)

    assert result.status == "refused"
    assert result.answer() == (
        "I could not forget “you drive a red Skoda Octavia”: me.md#56641865: no entry in me.md has this text "
        "any more: it changed or went since it was listed; nothing was changed"
    )
    assert lines(folder, "me.md")[2:] == [
        "- Drives a red Skoda Octavia",
        "- My wife is called Priya Shah. I drive a red Skoda Octavia.",
    ]
    assert commit_count(folder) == before


def test_a_forget_by_ref_forgets_that_one_entry_only(store, folder):
    longer = "- My wife is called Priya. I drive a red Skoda Octavia."
    hand_written(store, folder, "me.md", ["- Drives a red Skoda Octavia", longer])
    ref = store.entries("me.md")[0].ref

    result = asked.forget(store.parts, f"forget {ref}", ref=ref)

    assert result.answer().startswith("Forgotten: Drives a red Skoda Octavia (me.md#")
    assert lines(folder, "me.md")[2:] == [longer]


def test_a_pinned_line_that_states_only_the_fact_is_named_as_a_pinned_line_is(store, folder):
    hand_written(store, folder, "MEMORY.md", ["- I drive a red Skoda Octavia."])
    ref = ref_of("MEMORY.md", "I drive a red Skoda Octavia.")
    before = commit_count(folder)

    result = asked.forget(store.parts, ASKED)

    assert result.answer() == (
        f"I drive a red Skoda Octavia. ({ref}) is pinned in MEMORY.md, which every run of everyone is given, "
        f"so I did not forget it. To remove it: swarmkit memory forget {ref}"
    )
    assert (
        commit_count(folder) == before
        and "I drive a red Skoda Octavia." in (folder / "MEMORY.md").read_text()
    )


def test_a_text_left_that_would_read_as_metadata_is_refused_by_the_writer(store, folder):
    """A cut never changes who wrote a line: "Call me [by: agent]" left would make it the agent's."""
    hand_written(store, folder, "me.md", ["- Call me [by: agent]; I drive a red Skoda Octavia"])
    (entry,) = store.entries("me.md")
    before = commit_count(folder)

    with pytest.raises(SwarmkitError) as refused:
        store.parts.writer.forget_within([(entry, "Call me [by: agent]")], "Drives a red Skoda Octavia")

    assert refused.value.message == (
        f"{entry.ref} would not read as it should with “Call me [by: agent]” left; nothing was changed"
    )
    assert refused.value.hint == f"edit it by hand: swarmkit memory edit {entry.ref} TEXT"
    assert commit_count(folder) == before
    assert lines(folder, "me.md")[2:] == ["- Call me [by: agent]; I drive a red Skoda Octavia"]


def test_a_fact_kept_in_a_third_person_join_is_cut_out_of_it(store, folder):
    hand_written(
        store,
        folder,
        "me.md",
        [
            "- Lives in Lisbon and drives a red Skoda Octavia [by: agent; added: 2026-12-01]",
            "- Drives a red Skoda Octavia, works at Acme and is vegan",
            "- No longer drives a red Skoda Octavia and lives in Lisbon",
            "- Sold the red Skoda Octavia and bought a bike",
        ],
    )
    before = commit_count(folder)

    result = asked.forget(store.parts, ASKED)

    assert result.status == "forgotten"
    assert [cut.left for cut in result.cuts] == ["Lives in Lisbon", "Works at Acme and is vegan"]
    assert lines(folder, "me.md")[2:] == [
        "- Lives in Lisbon [by: agent; added: 2026-12-01]",
        "- Works at Acme and is vegan",
        "- No longer drives a red Skoda Octavia and lives in Lisbon",
        "- Sold the red Skoda Octavia and bought a bike",
    ]
    assert commit_count(folder) == before + 1
    assert commits(folder)[0] == "Forget: Drives a red Skoda Octavia (from 2 entries)"
