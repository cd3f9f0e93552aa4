"""Whose memory a file is: me.md is the owner's, users/<name>.md a named person's, a swarm folder
the person's whose run wrote it, the rest shared.

A person's file is recalled for, and shown to, that person only, whatever the search scope: an
agent running for ana never reads bob's facts or the owner's. Scopes choose among the rest. A swarm
folder holds a run's goal (the person's input), its notes and its run id: its README names the
person's file (`For: users/ana.md`), and only that person sees what is in it; others see that it
exists (a count), never its name, which holds the run id.
"""

from __future__ import annotations

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.file_class import FileClass, Kind

OWNER_FILE = "me.md"
SWARM_PERSON = "For: "  # the swarm README's line naming the person's file the run was for


def is_personal(cls: FileClass) -> bool:
    """Is this file class one person's: `me` or `user:<slug>`."""
    return cls.personal


def visible(cls: FileClass, own: FileClass) -> bool:
    """May the person whose own file class is `own` read a file of class `cls`."""
    return cls == own or not is_personal(cls)


def swarm_person(readme_head: str) -> str:
    """The person's file a swarm README names on its `For:` line; the owner's (me.md) when it
    names none, or no person's file: a folder written before swarm folders were kept apart."""
    for line in readme_head.split("\n")[:16]:
        if line.startswith(SWARM_PERSON):
            named = line[len(SWARM_PERSON) :].strip()
            return named if FileClass.of(named).personal else OWNER_FILE
    return OWNER_FILE


def person(cls: FileClass) -> str:
    """Whose a personal file is, in words: "the owner" or the person's name (a hashed file name,
    folder/people.py, names nobody a reader could pass to --user: "another person")."""
    if cls.kind is Kind.ME:
        return "the owner"
    return "another person" if "--" in cls.slug or not cls.slug else cls.slug


class NotYours(SwarmkitError):
    """Another person's file was asked for: nothing is shown or changed."""

    http_status = 403
    code = "not_yours"
    # A person's file is shown only to a server serving that person's view.
    http_hint = "a person's facts are only shown to them: serve their view with swarmkit serve --user NAME"


def not_yours(rel: str, cls: FileClass, own: FileClass, viewer: str | None = None) -> NotYours:
    """The error for reading or changing another person's file (nothing is shown or written);
    `viewer` is the id of the person whose view it is (None: the owner, or as `own` names them)."""
    who = person(cls)
    viewer_name = viewer if viewer is not None else person(own)
    whose = "the owner's" if cls.kind is Kind.ME else f"{who}'s"
    how = (
        "without --user"
        if cls.kind is Kind.ME
        else "with --user and that person's id"
        if who == "another person"
        else f"with --user {who}"
    )
    return NotYours(
        f"{rel} is {whose} personal file, and this view is {viewer_name}'s; nothing was shown or changed",
        f"a person's facts are only shown to them: open the memory {how}",
    )


def not_your_swarm(rel: str, viewer: str) -> NotYours:
    """The error for reading another person's swarm folder (its goal, notes and run id)."""
    return NotYours(
        f"{rel} is in the swarm folder of another person's run, and this view is {viewer}'s; "
        "nothing was shown or changed",
        "a run's swarm notes are shown only to the person it ran for: open the memory as that person",
    )
