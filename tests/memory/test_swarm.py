"""Swarm folders: slug, README, findings and questions, the pinned block, read-only members, removal."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.actions.swarm import HEADER, swarm_slug
from swarmkit.memory.folder.entries import text_digest
from tests.memory.conftest import commit_count, commits, files_in_last_commit, lines

MEMBERS = ["root", {"id": "researcher"}, {"id": "verifier", "read_only": True}]


def test_slug():
    assert swarm_slug("Research Team: Q3 pricing!", "r-1a2b3c4d") == "research-team-q3-pricing-1a2b3c4d"
    assert len(swarm_slug("x" * 100, "abcdef123456").rsplit("-", 1)[0]) == 48
    assert swarm_slug("", "abcdef123456") == "swarm-abcdef12"
    with pytest.raises(SwarmkitError, match="run id '--' has no letters or digits"):
        swarm_slug("x", "--")


def test_first_note_writes_readme_in_the_same_commit(store, folder):
    swarm = store.swarm("Pricing research", "r-1a2b3c4d5e", goal="Find why Q3\nprices rose", members=MEMBERS)
    result = swarm.note(
        "finding", "Supplier costs rose 12% in July", "researcher", sources=["https://x.example/a"]
    )
    assert result.status == "written"
    assert result.ref == f"swarms/{swarm.slug}/findings.md#{text_digest('Supplier costs rose 12% in July')}"
    assert files_in_last_commit(folder) == [
        f"swarms/{swarm.slug}/README.md",
        f"swarms/{swarm.slug}/findings.md",
    ]
    readme = lines(folder, f"swarms/{swarm.slug}/README.md")
    assert "Goal: Find why Q3 prices rose" in readme
    assert readme[readme.index("## Members") + 1 : readme.index("## Members") + 4] == [
        "- root",
        "- researcher",
        "- verifier (read-only)",
    ]
    assert "## Rules" in readme
    line = lines(folder, f"swarms/{swarm.slug}/findings.md")[2]
    assert line.startswith(
        "- Supplier costs rose 12% in July [by: agent; kind: finding; "
        "source: swarmkit://runs/r-1a2b3c4d5e; added: "
    )
    assert "author: researcher" in line and "sources: https://x.example/a" in line and "tainted" not in line
    assert "Run: r-1a2b3c4d5e" in __import__("tests.memory.conftest", fromlist=["last_body"]).last_body(
        folder
    )
    assert not any("swarms" in l for l in lines(folder, "MEMORY.md"))


def test_notes_are_screened_and_tainted_marked(store, folder):
    swarm = store.swarm("t", "r-1a2b3c4d5e", goal="g", members=MEMBERS)
    assert swarm.note("finding", "token=abc123def456", "root").status == "refused"
    result = swarm.note("ruled_out", "Not the CDN: cache hit rate is 99%", "researcher", tainted=True)
    (line,) = [line for line in lines(folder, result.ref.split("#")[0]) if "Not the CDN" in line]
    assert "tainted: yes" in line


def test_read_only_members_do_not_write(store, folder):
    swarm = store.swarm("t", "r-1a2b3c4d5e", goal="g", members=MEMBERS)
    swarm.note("finding", "First finding here", "root")
    count = commit_count(folder)
    later = store.swarm("t", "r-1a2b3c4d5e")  # another member, README says who is read-only
    with pytest.raises(SwarmkitError) as info:
        later.note("finding", "Verifier writes", "verifier")
    assert info.value.message == (
        f"agent verifier is read-only in swarm {swarm.slug}: it reads the swarm notes but does not write them"
    )
    assert commit_count(folder) == count


def test_unknown_kind(store):
    with pytest.raises(SwarmkitError, match="unknown swarm note kind 'idea'"):
        store.swarm("t", "r-1").note("idea", "x y z", "root")


def test_pinned_block(store):
    swarm = store.swarm("Pricing", "r-1a2b3c4d5e", goal="Explain Q3 prices", members=MEMBERS)
    for n in range(12):
        swarm.note("finding", f"Finding number {n} measured", "researcher")
    swarm.note("ruled_out", "Not currency effects", "root")
    q1 = swarm.note("question", "Which supplier raised prices first?", "root")
    swarm.note("question", "Is the July data complete?", "researcher")
    swarm.note("answer", "Yes, July data is complete", "root")  # answers the latest open question
    block = swarm.pinned_block()
    text = block.splitlines()
    assert text[0] == f'<swarm_notes swarm="{swarm.slug}">' and text[-1] == "</swarm_notes>"
    assert HEADER in text and "never instructions" in HEADER
    assert "Goal: Explain Q3 prices" in text
    assert "Members: root, researcher, verifier (read-only)" in text
    findings = [l for l in text if l.startswith("- [")]
    assert len(findings) == 10 and findings[-1] == "- [ruled out] Not currency effects (root)"
    assert "Finding number 2 measured" not in block and "Finding number 3 measured" in block
    open_part = text[text.index("Open questions:") + 1 : -1]
    assert open_part == [f"- Which supplier raised prices first? (root; {q1.ref})"]
    swarm.note("answer", "Supplier B, in June", "researcher", reply_to=q1.ref)
    assert swarm.pinned_block().splitlines()[-2] == "- (none)"
    swarm.note("question", "Did supplier C follow?", "root")
    q2 = swarm.open_questions()[-1]
    swarm.note("answer", "Yes, in August", "researcher", reply_to=q2.line_ref)  # a line ref works too
    assert swarm.open_questions() == []


def test_notes_stay_and_removing_the_run_removes_the_folder(store, folder):
    swarm = store.swarm("t", "r-1a2b3c4d5e", goal="g", members=MEMBERS)
    swarm.note("finding", "Something measured", "root")
    other = store.swarm("u", "r-99999999", goal="g", members=MEMBERS)
    other.note("finding", "Kept elsewhere", "root")
    result = store.remove_run("r-1a2b3c4d5e")
    assert result.status == "removed" and commits(folder)[0] == f"Remove swarm {swarm.slug}"
    assert not (folder / "swarms" / swarm.slug).exists() and (folder / "swarms" / other.slug).exists()
    assert store.remove_run("r-1a2b3c4d5e").status == "absent"
    assert other.remove().status == "removed" and not (folder / "swarms" / other.slug).exists()


def test_a_swarm_readme_holds_no_entries(tmp_path):
    """Its goal, members and rules are bullets, but they describe the swarm: not listed, counted or recalled."""
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(tmp_path / "mem", "ws")
    swarm = store.swarm("release", "r-1a2b3c4d", goal="Pick a region", members=["lead", "scout"])
    swarm.note("finding", "eu-west-1 answers in 38 ms", author="scout")
    listed = [(e.file.rsplit("/", 1)[-1], e.text) for e in store.entries()]
    assert listed == [("findings.md", "eu-west-1 answers in 38 ms")]
    assert store.status()["files"][f"swarms/{swarm.slug}/README.md"] == 0
    hits = store.recall("scout answers", search_scope=f"swarm:{swarm.slug}", similarity_threshold=0.01)
    assert [h.file.rsplit("/", 1)[-1] for h in hits] == ["findings.md"]
