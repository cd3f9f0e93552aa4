"""Whose memory a file is: me.md is the owner's, users/<name>.md a named person's, the rest shared.

A person's file is recalled for, and shown to, that person only, whatever the search scope: an
agent running for ana never reads bob's facts or the owner's. Scopes choose among the rest.
"""

from __future__ import annotations

from swarmkit.errors import SwarmkitError

OWNER_FILE = "me.md"


def is_personal(cls: str) -> bool:
    """Is this file class (store.file_class) one person's: `me` or `user:<slug>`."""
    return cls == "me" or cls.startswith("user:")


def visible(cls: str, own: str) -> bool:
    """May the person whose own file class is `own` read a file of class `cls`."""
    return cls == own or not is_personal(cls)


def person(cls: str) -> str:
    """Whose a personal file is, in words: "the owner" or the person's name (a hashed file name,
    folder/people.py, names nobody a reader could pass to --user: "another person")."""
    if cls == "me":
        return "the owner"
    stem = cls.split(":", 1)[1]
    return "another person" if "--" in stem or not stem else stem


class NotYours(SwarmkitError):
    """Another person's file was asked for: nothing is shown or changed."""

    http_status = 403
    code = "not_yours"
    # A person's file is shown only to a server serving that person's view.
    http_hint = "a person's facts are only shown to them: serve their view with swarmkit serve --user NAME"


def not_yours(rel: str, cls: str, own: str, viewer: str | None = None) -> NotYours:
    """The error for reading or changing another person's file (nothing is shown or written);
    `viewer` is the id of the person whose view it is (None: the owner, or as `own` names them)."""
    who = person(cls)
    viewer_name = viewer if viewer is not None else person(own)
    whose = "the owner's" if cls == "me" else f"{who}'s"
    how = (
        "without --user"
        if cls == "me"
        else "with --user and that person's id"
        if who == "another person"
        else f"with --user {who}"
    )
    return NotYours(
        f"{rel} is {whose} personal file, and this view is {viewer_name}'s; nothing was shown or changed",
        f"a person's facts are only shown to them: open the memory {how}",
    )
