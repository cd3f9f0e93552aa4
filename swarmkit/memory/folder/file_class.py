"""What a memory file is for: its FileClass, read from its path (or from a label) once.

    me.md                → me            the owner's own file
    users/<stem>.md      → user:<stem>   one named person's file (folder/people.py names it)
    MEMORY.md            → memory        pinned entries and the index, always loaded
    lessons.md           → lessons
    workspaces/<id>.md   → workspace:<id>
    inbox.md             → inbox         unreviewed entries
    swarms/<slug>/…      → swarm:<slug>  one swarm's shared notes
    anything else        → other

Everything that depends on a file's class asks its Kind: whose it is (privacy), which searches read
it (recall's scopes), whether MEMORY.md links it, how a new file of it starts, and how the portal
names it. A new class is a new Kind, a row in KINDS and a rule in FileClass.of. The label
(`swarm:deploy`) is what the recall index stores and what a search scope names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    MEMORY = "memory"
    ME = "me"
    USER = "user"
    LESSONS = "lessons"
    WORKSPACE = "workspace"
    INBOX = "inbox"
    SWARM = "swarm"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Rules:
    """What a kind of file is, for everything that treats kinds differently."""

    personal: bool = False  # one person's: shown to, and recalled for, that person only
    shared: bool = False  # read by the `both` scope beside a person's own file
    searched: bool = True  # read by the `all` scope (the inbox and swarm notes are not)
    linked: bool = True  # a new file of it gets a `- [[link]]` in MEMORY.md's index
    label: str = ""  # what the portal's Memory page calls it ("" : no label)
    order: int = 9  # where the portal lists it


KINDS: dict[Kind, Rules] = {
    Kind.MEMORY: Rules(shared=True, linked=False, label="pinned: always loaded", order=0),
    Kind.ME: Rules(personal=True, label="about you", order=1),
    Kind.USER: Rules(personal=True, label="about a named user", order=2),
    Kind.LESSONS: Rules(shared=True, label="lessons", order=3),
    Kind.WORKSPACE: Rules(shared=True, label="this workspace's facts", order=4),
    Kind.OTHER: Rules(shared=True, label="other notes", order=5),
    Kind.INBOX: Rules(searched=False, linked=False),
    Kind.SWARM: Rules(searched=False, linked=False),
}
# The classes with a slug: `kind:slug` in a label.
_SLUGGED = {Kind.USER, Kind.WORKSPACE, Kind.SWARM}
_STANDARD = {"MEMORY.md": Kind.MEMORY, "me.md": Kind.ME, "lessons.md": Kind.LESSONS, "inbox.md": Kind.INBOX}


@dataclass(frozen=True, slots=True)
class FileClass:
    kind: Kind
    slug: str = ""  # the person's file stem, the workspace id or the swarm's slug

    @classmethod
    def of(cls, rel: str) -> FileClass:
        """The class of the memory file at `rel` (relative to the folder, `/`-separated)."""
        if rel in _STANDARD:
            return cls(_STANDARD[rel])
        parts = rel.split("/")
        if len(parts) == 2 and parts[0] == "users":
            return cls(Kind.USER, parts[1][:-3])
        if len(parts) == 2 and parts[0] == "workspaces":
            return cls(Kind.WORKSPACE, parts[1][:-3])
        if len(parts) >= 3 and parts[0] == "swarms":
            return cls(Kind.SWARM, parts[1])
        return cls(Kind.OTHER)

    @classmethod
    def parse(cls, label: str) -> FileClass | None:
        """The class a label names (`me`, `swarm:deploy`), None for a string that names none."""
        name, sep, slug = str(label).partition(":")
        kind = next((k for k in Kind if k.value == name), None)
        if kind is None or bool(sep) != (kind in _SLUGGED):
            return None
        return cls(kind, slug)

    @property
    def label(self) -> str:
        """`me`, `user:ana`, `swarm:deploy`: the class as the index stores it and a scope names it."""
        return f"{self.kind.value}:{self.slug}" if self.kind in _SLUGGED else self.kind.value

    def __str__(self) -> str:
        return self.label

    @property
    def rules(self) -> Rules:
        return KINDS[self.kind]

    @property
    def personal(self) -> bool:
        return self.rules.personal


# The own class of a person whose file's name holds someone else's file (not moved yet): no file
# has it, so they see no personal file.
NO_FILE = FileClass(Kind.USER, "")
