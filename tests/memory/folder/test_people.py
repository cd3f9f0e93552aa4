"""One person, one file: ids that differ only in punctuation, case, width or font are different people
(files, recall, listing, runs); the same id in NFC and NFD is one; files written by the old slug
mapping go to the person their heading names, read in place until that person's first write."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swarmkit.errors import Conflict, SwarmkitError
from swarmkit.memory.folder import people
from swarmkit.memory.folder.privacy import NotYours
from swarmkit.memory.store import MemoryStore
from tests.support.git import commits, git
from tests.support.memory_files import another_memory_folder, ref_of

# every one a different person; the old mapping sent them all to users/ana-smith.md
ANAS = (
    "ana.smith",
    "ana_smith",
    "Ana Smith",
    "ANA.SMITH",
    "ana.smith!",
    "ａｎａ.ｓｍｉｔｈ",  # fullwidth
    "𝐚𝐧𝐚.𝐬𝐦𝐢𝐭𝐡",  # mathematical bold
    "ana-smith",
)
LONG = "a" * 64  # two ids the old mapping cut to the same first 64 slug characters
LONGS = (LONG + "-one", LONG + "-two")
WINDOWS_FORBIDDEN = set('<>:"/\\|?*')


def test_the_old_mapping_merged_them_all():
    assert {people.legacy_slug(name) for name in ANAS} == {"ana-smith"}
    assert {people.legacy_slug(name) for name in LONGS} == {LONG}


def test_each_id_has_its_own_file_even_on_a_case_insensitive_filesystem():
    files = [people.person_file(name) for name in ANAS + LONGS]
    assert len(set(files)) == len(files)
    assert len({f.casefold() for f in files}) == len(files)  # macOS and Windows compare names so
    assert (
        files[:5] + files[-3:]
        == [
            "users/ana.smith.md",
            "users/ana_smith.md",
            "users/ana-smith--fmeoinht346utfsn.md",
            "users/ana-smith--lgfpw2eo5zbxbese.md",
            "users/ana-smith--xbhq4qjqotwsbjsi.md",
            "users/ana-smith.md",
            "users/" + LONG[:48] + "--kudmq3ofqvid6ns7.md",  # over 64 characters: not a plain name
            "users/" + LONG[:48] + "--s6sz5gszi7xixrzl.md",
        ]
    )
    assert people.person_file("con") == "users/con--cfb5uk6fjrevys7d.md"  # a Windows device name
    assert people.person_file("a" * 70).startswith("users/" + "a" * 48 + "--")


def test_nfc_and_nfd_are_one_person():
    nfc, nfd = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")
    assert nfc != nfd and people.person_file(nfc) == people.person_file(nfd)
    assert people.person_file("zoë") != people.person_file("Zoë")  # case is part of the id


names = st.text(min_size=1, max_size=80).filter(lambda s: people.id_problem(s) is None)


@settings(max_examples=400, deadline=None)
@given(names, names)
def test_two_ids_never_share_a_file(a, b):
    """Property: different ids (after NFC) → different names, compared as a case-insensitive
    filesystem compares them; every name is safe on every filesystem."""
    fa, fb = people.person_file(a), people.person_file(b)
    if people.person_id(a) == people.person_id(b):
        assert fa == fb
    else:
        assert fa.casefold() != fb.casefold()
    for name in (fa, fb):
        stem = name[len("users/") : -len(".md")]
        assert stem and "/" not in stem and not WINDOWS_FORBIDDEN & set(stem)
        assert stem.isprintable() and stem == stem.strip(". ") and not stem.startswith("-")
        assert not re.fullmatch(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])", stem.split(".")[0], re.I)
        assert len(f".{stem}.md.tmp-4194304-0123abcd".encode()) <= 255  # the atomic write's temp name too


@pytest.mark.parametrize(
    "name, message",
    [
        ("!!!", "user name '!!!' has no letters or digits"),
        (
            "ana\nbob",
            "user name 'ana\\nbob' holds a character that is not printable text (a control character, "
            "a separator other than a space, or bytes that are not UTF-8)",
        ),
        (
            "ana\udcff",
            "user name 'ana\\udcff' holds a character that is not printable text (a control character, "
            "a separator other than a space, or bytes that are not UTF-8)",
        ),
        (" ana", "user name ' ana' starts or ends with a space"),
        ("x" * 257, f"user name {'x' * 24!r}… is longer than 256 characters"),
    ],
)
def test_an_id_that_cannot_be_recorded_is_refused(folder, name, message):
    with pytest.raises(SwarmkitError) as error:
        MemoryStore(folder, "demo", user=name)
    assert (error.value.message, error.value.hint) == (message, "use a name such as --user alice")


@pytest.fixture
def anas(folder):
    """Each of the ANAS ids with a private fact, and the owner with one."""
    stores = {name: MemoryStore(folder, "demo", user=name) for name in ANAS + LONGS}
    for n, store in enumerate(stores.values()):
        assert store.remember(f"Locker code word is mango{n}", "identity", by="user").status == "written"
    MemoryStore(folder, "demo").remember("Locker code word is owner", "identity", by="user")
    return stores


def test_ids_that_differ_in_punctuation_or_case_see_nothing_of_each_other(anas, folder):
    for n, (name, store) in enumerate(anas.items()):
        own = f"Locker code word is mango{n}"
        assert store.user_file == people.person_file(name)
        assert [e.text for e in store.entries() if e.file.startswith("users/")] == [own]
        for scope in ("user", "all", "both"):
            assert [h.text for h in store.recall("locker code word", 50, 0, scope)] == [own], (name, scope)
        info = store.status()
        assert [f for f in info["files"] if f.startswith("users/")] == [store.user_file]
        assert info["others"] == len(anas)  # everyone else's file, and the owner's me.md
        assert (folder / store.user_file).read_text().splitlines()[0] == f"# About {name}"
    ana_smith, spaced = anas["ana-smith"], anas["Ana Smith"]
    with pytest.raises(NotYours) as error:
        ana_smith.entry_at(f"{spaced.user_file}#L3")
    assert (error.value.message, error.value.hint) == (
        "users/ana-smith--fmeoinht346utfsn.md is another person's personal file, and this view is "
        "ana-smith's; nothing was shown or changed",
        "a person's facts are only shown to them: open the memory with --user and that person's id",
    )
    with pytest.raises(NotYours) as error:
        spaced.forget("users/ana-smith.md#L3")
    assert error.value.message == (
        "users/ana-smith.md is ana-smith's personal file, and this view is Ana Smith's; nothing was "
        "shown or changed"
    )


def test_the_same_id_in_nfd_is_the_same_person(folder):
    nfc = MemoryStore(folder, "demo", user=unicodedata.normalize("NFC", "Zoë"))
    nfc.remember("Physio is on Mondays", "identity", by="user")
    nfd = MemoryStore(folder, "demo", user=unicodedata.normalize("NFD", "Zoë"))
    assert nfd.user == nfc.user and nfd.user_file == nfc.user_file
    assert [h.text for h in nfd.recall("physio", 5, 0, "user")] == ["Physio is on Mondays"]
    assert [h.text for h in MemoryStore(folder, "demo", user="zoë").recall("physio", 5, 0, "all")] == []


# ---- files written by the old mapping ------------------------------------------------------------


def old_file(folder: Path, rel: str, heading: str | None, *facts: str) -> None:
    """A person's file as the old mapping wrote it (its heading, its MEMORY.md link), committed."""
    MemoryStore(folder, "demo").remember("Deploys go through staging", "rule")  # the folder exists
    path = folder / rel
    path.parent.mkdir(exist_ok=True)
    body = [heading] if heading is not None else []
    body += [""] + [f"- {fact} [by: user; kind: identity; added: 2026-11-30]" for fact in facts]
    path.write_text("\n".join(body) + "\n")
    memory = folder / "MEMORY.md"
    memory.write_text(memory.read_text() + f"- [[{rel[:-3]}]]\n")
    git(folder, "add", "--", rel, "MEMORY.md")
    git(folder, "commit", "-q", "-m", f"Remember: {facts[0]}", "--", rel, "MEMORY.md")


def personal_texts(store: MemoryStore) -> list[str]:
    return [e.text for e in store.entries() if e.file.startswith("users/")]


def test_an_old_file_is_its_headings_person_read_in_place_then_moved_on_their_first_write(folder):
    old_file(folder, "users/ana-smith.md", "# About Ana Smith", "Therapist is Dr. Weiss")
    spaced = MemoryStore(folder, "demo", user="Ana Smith")
    assert spaced.user_file == "users/ana-smith.md"  # read in place until her first write
    assert personal_texts(spaced) == ["Therapist is Dr. Weiss"]
    assert [h.text for h in spaced.recall("therapist", 5, 0, "user")] == ["Therapist is Dr. Weiss"]
    for other in ("ana-smith", "ana.smith", "ANA.SMITH", "ana smith"):  # the name's plain id too
        store = MemoryStore(folder, "demo", user=other)
        assert personal_texts(store) == [] and store.recall("therapist", 5, 0, "all") == [], other
        with pytest.raises(NotYours):
            store.entries("users/ana-smith.md")
    before = len(commits(folder))

    new = "users/ana-smith--fmeoinht346utfsn.md"
    assert spaced.remember("Dentist is Dr. Okafor", "identity", by="user").ref == ref_of(
        new, "Dentist is Dr. Okafor"
    )
    assert commits(folder)[:2] == [
        "Remember: Dentist is Dr. Okafor",
        f"Move users/ana-smith.md to {new}: Ana Smith's file, named one to one",
    ]
    assert len(commits(folder)) == before + 2
    assert git(folder, "show", "--format=", "-M", "--name-status", "HEAD~1").split() == [
        "M",
        "MEMORY.md",
        "R100",
        "users/ana-smith.md",
        new,
    ]
    assert git(folder, "log", "--follow", "--format=%s", "--", new).splitlines()[-1] == (
        "Remember: Therapist is Dr. Weiss"  # history kept
    )
    memory = (folder / "MEMORY.md").read_text()
    assert f"- [[{new[:-3]}]]" in memory and "[[users/ana-smith]]" not in memory
    assert not (folder / "users/ana-smith.md").exists()
    assert personal_texts(spaced) == ["Therapist is Dr. Weiss", "Dentist is Dr. Okafor"]
    plain = MemoryStore(folder, "demo", user="ana-smith")
    plain.remember("Cat is called Miso", "identity", by="user")
    assert (folder / "users/ana-smith.md").read_text().splitlines()[0] == "# About ana-smith"
    assert personal_texts(plain) == ["Cat is called Miso"]
    assert personal_texts(MemoryStore(folder, "demo", user="Ana Smith"))[-1] == "Dentist is Dr. Okafor"


def test_an_old_file_under_another_ids_name_moves_to_its_person_when_that_id_first_writes(folder):
    """users/ana-smith.md was Ana Smith's; ana-smith's file now has that name: her file moves to
    her own name before ana-smith's first fact is written, never into his file."""
    old_file(folder, "users/ana-smith.md", "# About Ana Smith", "Therapist is Dr. Weiss")
    inbox = folder / "inbox.md"
    inbox.write_text(
        inbox.read_text()
        + "- Lives in Faro [by: agent; kind: identity; subject: user.location; added: 2026-11-30; "
        "contradicts: users/ana-smith.md#L3; for: users/ana-smith.md]\n"
    )
    git(folder, "commit", "-q", "-am", "Hold for Ana Smith")
    plain = MemoryStore(folder, "demo", user="ana-smith")
    assert plain.user_file == "users/ana-smith.md" and personal_texts(plain) == []
    assert [e.text for e in plain.inbox_list()] == []
    plain.remember("Cat is called Miso", "identity", by="user")
    new = "users/ana-smith--fmeoinht346utfsn.md"
    assert commits(folder)[1] == f"Move users/ana-smith.md to {new}: Ana Smith's file, named one to one"
    assert (folder / new).read_text().splitlines()[0] == "# About Ana Smith"
    assert personal_texts(plain) == ["Cat is called Miso"] and plain.inbox_list() == []
    spaced = MemoryStore(folder, "demo", user="Ana Smith")
    assert spaced.user_file == new and personal_texts(spaced) == ["Therapist is Dr. Weiss"]
    held = spaced.inbox_list()
    assert [(e.text, e.meta["for"], e.meta["contradicts"]) for e in held] == [
        ("Lives in Faro", new, f"{new}#L3")
    ]


def test_an_old_file_that_records_nobody_is_the_plain_ids_whose_name_it_has(folder):
    old_file(folder, "users/ana-smith.md", None, "Therapist is Dr. Weiss")
    assert personal_texts(MemoryStore(folder, "demo", user="ana-smith")) == ["Therapist is Dr. Weiss"]
    for other in ("Ana Smith", "ana.smith"):
        assert personal_texts(MemoryStore(folder, "demo", user=other)) == []
    old_file(folder, "users/straße.md", "# Notes", "Likes rye bread")  # no id records it: nobody's
    for name in ("straße", "Straße"):
        assert "Likes rye bread" not in personal_texts(MemoryStore(folder, "demo", user=name))


def test_an_old_file_whose_heading_is_nfd_is_its_nfc_persons(folder):
    old_file(folder, "users/zoë.md", "# About " + unicodedata.normalize("NFD", "Zoë"), "Physio on Mondays")
    assert personal_texts(MemoryStore(folder, "demo", user="Zoë")) == ["Physio on Mondays"]
    assert personal_texts(MemoryStore(folder, "demo", user="zoë")) == []


def test_two_ids_the_old_mapping_cut_to_one_name_are_told_apart_by_the_heading(folder):
    old_file(folder, f"users/{LONG}.md", f"# About {LONGS[0]}", "Badge number is 4471")
    first, second = (MemoryStore(folder, "demo", user=name) for name in LONGS)
    assert personal_texts(first) == ["Badge number is 4471"] and personal_texts(second) == []
    second.remember("Badge number is 9902", "identity", by="user")
    assert personal_texts(second) == ["Badge number is 9902"]
    assert personal_texts(first) == ["Badge number is 4471"]


def test_a_ref_listed_before_the_move_still_names_the_entry(folder):
    old_file(folder, "users/ana-smith.md", "# About Ana Smith", "Therapist is Dr. Weiss")
    spaced = MemoryStore(folder, "demo", user="Ana Smith")
    listed = spaced.entries("users/ana-smith.md")[0]
    assert (listed.ref, listed.line_ref) == (
        ref_of("users/ana-smith.md", "Therapist is Dr. Weiss"),
        "users/ana-smith.md#L3",
    )
    edited = spaced.edit(listed.ref, "Therapist is Dr. Weiss on Fridays")  # the edit is her first write
    new = "users/ana-smith--fmeoinht346utfsn.md"
    assert (edited.status, edited.ref) == ("edited", ref_of(new, "Therapist is Dr. Weiss on Fridays"))
    assert personal_texts(spaced) == ["Therapist is Dr. Weiss on Fridays"]
    again = spaced.edit(listed.line_ref, "Therapist is Dr. Weiss on Mondays")  # a line ref, listed before
    assert (again.status, again.text) == ("edited", "Therapist is Dr. Weiss on Mondays")


def test_a_file_that_cannot_move_is_refused_and_nothing_is_written(folder):
    old_file(folder, "users/ana-smith.md", "# About Ana Smith", "Therapist is Dr. Weiss")
    new = "users/ana-smith--fmeoinht346utfsn.md"
    (folder / new).write_text("# About Ana Smith\n\n- Dentist is Dr. Okafor\n")  # synced from elsewhere
    git(folder, "add", new)
    git(folder, "commit", "-q", "-m", "synced")
    before = commits(folder)
    with pytest.raises(Conflict) as error:
        MemoryStore(folder, "demo", user="ana-smith").remember("Cat is called Miso", "identity", by="user")
    assert (error.value.message, error.value.hint) == (
        f"users/ana-smith.md is Ana Smith's file (its first line says so), and it is where ana-smith's "
        f"facts go; it cannot move to {new}, which exists too; nothing was written",
        f"move users/ana-smith.md away by hand (or merge it into {new}), then retry",
    )
    assert commits(folder) == before and "Miso" not in (folder / "users/ana-smith.md").read_text()


# ---- import ------------------------------------------------------------------------------------


@pytest.fixture
def other_memory(tmp_path) -> Path:
    return another_memory_folder(tmp_path / "other")


def test_an_import_never_reads_another_folders_personal_files(folder, other_memory):
    result = MemoryStore(folder, "demo").import_folder(other_memory)
    assert (result.imported, result.files_read) == (1, 2)
    assert result.skipped_files == [
        ("me.md", "a personal file of another memory folder"),
        ("users/carol.md", "a personal file of another memory folder"),
    ]
    inbox = (folder / "inbox.md").read_text()
    assert "Release trains" in inbox and "PIN" not in inbox and "Weiss" not in inbox


def test_an_import_from_a_persons_view_lands_in_their_inbox_only(folder, other_memory):
    ana, owner, ana_upper = (MemoryStore(folder, "demo", user=u) for u in ("ana", None, "Ana"))
    result = ana.import_folder(other_memory)
    assert result.imported == 1
    assert [(e.text, e.meta["for"]) for e in ana.inbox_list()] == [
        ("Release trains leave on Tuesdays", "users/ana.md")
    ]
    assert owner.inbox_list() == [] and ana_upper.inbox_list() == []
    assert owner.recall("release trains", 5, 0, "all", include_inbox=True) == []
    kept = ana.inbox_keep(ana.inbox_list()[0].ref, "me")
    assert kept.ref == ref_of("users/ana.md", "Release trains leave on Tuesdays") and personal_texts(ana) == [
        "Release trains leave on Tuesdays"
    ]


# ---- runs and feedback ---------------------------------------------------------------------------


def a_run(root: Path, run_id: str, user: str | None) -> str:
    from swarmkit.runtime.records import RunRecord, save_run

    save_run(root, RunRecord(run_id, status="ok", user=user, input=f"for {user}", started_at="2026-12-01"))
    return run_id


def test_runs_are_matched_by_the_exact_id(tmp_path):
    from swarmkit.runtime.records import list_runs

    for n, name in enumerate(ANAS):
        a_run(tmp_path, f"r-0000000{n}", name)
    a_run(tmp_path, "r-000000aa", unicodedata.normalize("NFD", "Zoë"))
    for n, name in enumerate(ANAS):
        assert [r.id for r in list_runs(tmp_path, name)] == [f"r-0000000{n}"], name
    assert [r.id for r in list_runs(tmp_path, "Zoë")] == ["r-000000aa"]
    assert list_runs(tmp_path, "zoë") == [] and list_runs(tmp_path, None) == []


def test_feedback_is_only_on_ones_own_runs(cli, workspace):
    ws = workspace()
    root = Path(ws)
    anas_run, others_run, owners_run = (
        a_run(root, "r-000000a1", "ana"),
        a_run(root, "r-000000b1", "Ana"),
        a_run(root, "r-000000c1", None),
    )

    def feedback(run_id, *user):
        return cli("memory", "--workspace", str(ws), *user, "feedback", run_id, "--reason", "It was wrong")

    for run_id in (others_run, owners_run):
        assert feedback(run_id, "--user", "ana") == (
            1,
            "",
            f"error: no run {run_id} among ana's runs in this workspace\n"
            "  hint: `swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's\n",
        )
    assert feedback(anas_run) == (
        1,
        "",
        f"error: no run {anas_run} among the owner's runs in this workspace\n"
        "  hint: `swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's\n",
    )
    assert not (root / ".swarmkit" / "memory").exists()  # nothing was written for any of them
    # a person's feedback is theirs (their file); the owner's goes to the workspace file (issue 33)
    code, out, _ = feedback(anas_run, "--user", "ana")
    assert code == 0 and out.startswith("written users/ana.md#")
    code, out, _ = feedback(owners_run)
    assert code == 0 and out.startswith("written workspaces/demo.md#")
    code, out, _ = cli("memory", "--workspace", str(ws), "--user", "ana", "list", "--json")
    sources = {e["file"]: e["metadata"].get("source") for e in json.loads(out)["entries"]}
    assert sources["users/ana.md"] == f"swarmkit://runs/{anas_run}"
    code, out, _ = cli("memory", "--workspace", str(ws), "list", "--json")
    owners = {e["metadata"].get("source") for e in json.loads(out)["entries"]}
    assert f"swarmkit://runs/{owners_run}" in owners and f"swarmkit://runs/{anas_run}" not in owners


def test_the_commands_refuse_an_id_they_cannot_record(cli, workspace):
    ws = workspace()
    for command in (["runs", "--workspace", str(ws)], ["run", str(ws), "--input", "hi"]):
        assert cli(*command, "--user", "ana\t") == (
            2,
            "",
            "error: user name 'ana\\t' holds a character that is not printable text (a control character, "
            "a separator other than a space, or bytes that are not UTF-8)\n"
            "  hint: pass --user NAME, e.g. --user ana\n",
        )
    assert cli("memory", "--workspace", str(ws), "--user", "ana ", "status") == (
        1,
        "",
        "error: user name 'ana ' starts or ends with a space\n  hint: use a name such as --user alice\n",
    )


def test_a_run_is_its_exact_ids_and_nobody_elses(cli, workspace):
    ws = workspace()
    code, out, err = cli("run", str(ws), "--user", unicodedata.normalize("NFD", "Zoë Smith"), "--input", "Hi")
    assert code == 0, err
    run_id = json.loads(cli("runs", "--workspace", str(ws), "--all-users", "--json")[1])["runs"][0]["id"]
    for name in ("zoë smith", "Zoe Smith", "Zoë_Smith", "ZOË SMITH"):
        listed = json.loads(cli("runs", "--workspace", str(ws), "--user", name, "--json")[1])["runs"]
        assert listed == [], name
    listed = json.loads(cli("runs", "--workspace", str(ws), "--user", "Zoë Smith", "--json")[1])["runs"]
    assert [(r["id"], r["user"]) for r in listed] == [(run_id, "Zoë Smith")]  # recorded in NFC


def test_history_shows_a_file_as_whose_it_was_then(folder):
    """users/ana-smith.md was Ana Smith's, then moved; it is ana-smith's file now: his history never
    shows what her file held under that name, hers shows it all."""
    old_file(folder, "users/ana-smith.md", "# About Ana Smith", "Therapist is Dr. Weiss")
    plain = MemoryStore(folder, "demo", user="ana-smith")
    plain.remember("Therapist is Dr. Brandt", "identity", by="user")
    spaced = MemoryStore(folder, "demo", user="Ana Smith")
    assert [(e["change"], e["text"]) for e in plain.history("Therapist")] == [
        ("added", "Therapist is Dr. Brandt")
    ]
    assert plain.history("Therapist is Dr. Weiss") == []
    # (the move is a rename: git shows no line of it changing)
    assert [(e["change"], e["file"], e["text"]) for e in spaced.history("Therapist")] == [
        ("added", "users/ana-smith.md", "Therapist is Dr. Weiss"),
    ]
    assert MemoryStore(folder, "demo").history("Therapist") == []  # the owner's view: neither


def test_an_entry_held_for_one_person_is_never_another_persons_old_value_or_twin(folder):
    """Two people's held contradictions about the same subject wait side by side in the inbox: one
    never replaces the other (which would show its text to the wrong person) or reinforces it."""
    ana, bob = MemoryStore(folder, "demo", user="ana"), MemoryStore(folder, "demo", user="Ana")

    def hold(store, text, subject="user.location"):
        return store.remember(
            text,
            "identity",
            subject=subject,
            target="inbox",
            origin="memory-writer",
            extra={"for": store.person_file},
        )

    assert hold(ana, "Lives in Faro").status == "written"
    held = hold(bob, "Lives in Braga")
    assert (held.status, held.old) == ("written", None)
    assert hold(bob, "Lives in Faro", None).status == "written"  # not ana's line reinforced
    assert [e.text for e in ana.inbox_list()] == ["Lives in Faro"]
    assert [e.text for e in bob.inbox_list()] == ["Lives in Braga", "Lives in Faro"]
