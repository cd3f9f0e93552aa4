"""FileClass: what a memory file is for, read from its path once; its label round-trips."""

import pytest

from swarmkit.memory.folder.file_class import KINDS, NO_FILE, FileClass, Kind

CASES = [
    ("MEMORY.md", Kind.MEMORY, "", "memory"),
    ("me.md", Kind.ME, "", "me"),
    ("lessons.md", Kind.LESSONS, "", "lessons"),
    ("inbox.md", Kind.INBOX, "", "inbox"),
    ("users/ana.md", Kind.USER, "ana", "user:ana"),
    ("workspaces/demo.md", Kind.WORKSPACE, "demo", "workspace:demo"),
    ("swarms/deploy-1/findings.md", Kind.SWARM, "deploy-1", "swarm:deploy-1"),
    ("notes/project.md", Kind.OTHER, "", "other"),
    ("users/a/b.md", Kind.OTHER, "", "other"),
]


@pytest.mark.parametrize("rel, kind, slug, label", CASES)
def test_a_path_has_one_class_and_its_label_names_it_again(rel, kind, slug, label):
    cls = FileClass.of(rel)
    assert (cls.kind, cls.slug, cls.label, str(cls)) == (kind, slug, label, label)
    assert FileClass.parse(label) == cls


@pytest.mark.parametrize("label", ["", "swarm", "me:x", "users:ana", "team:x", "all", "both", "user"])
def test_a_string_that_names_no_class_parses_to_none(label):
    assert FileClass.parse(label) is None


def test_every_kind_has_its_rules_and_only_personal_files_are_personal():
    assert set(KINDS) == set(Kind)
    assert {k for k, rules in KINDS.items() if rules.personal} == {Kind.ME, Kind.USER}
    assert {k for k, rules in KINDS.items() if not rules.searched} == {Kind.INBOX, Kind.SWARM}
    assert {k for k, rules in KINDS.items() if not rules.linked} == {Kind.MEMORY, Kind.INBOX, Kind.SWARM}


def test_the_own_class_of_someone_without_a_file_is_no_files_class():
    assert NO_FILE.label == "user:" and NO_FILE not in {FileClass.of(rel) for rel, *_ in CASES}
