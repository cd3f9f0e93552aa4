"""What a person tells memory directly: add an entry, or edit one. Theirs (`by: user`), one commit each.

Unlike an agent's write, which is cut to fit or quietly refused, a person's bad input is an error
that says what is wrong, and nothing is written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref
from swarmkit.memory.folder.file_class import FileClass, Kind
from swarmkit.memory.folder.targets import target_file
from swarmkit.memory.folder.transaction import Transaction
from swarmkit.screening.screen import NO_MEMORY, ScreenedText, screen, screen_block

if TYPE_CHECKING:
    from swarmkit.memory.actions.parts import MemoryParts
    from swarmkit.memory.folder.reader import MemoryReader

ADD_TARGETS = ("me", "lessons", "workspace")


class BadEntry(SwarmkitError):
    """The text or target a person gave cannot be written as it is; nothing was written."""

    code = "invalid_entry"


_DROP_ON_EDIT = ("tainted",)  # a person wrote this text: nobody else's content is in it any more


def too_long(length: int, verb: str = "written") -> BadEntry:
    """A text of `length` characters, over what an entry holds (the API's body models say it too)."""
    return BadEntry(
        f"the text is {length} characters, and an entry holds at most {E.MAX_TEXT}; nothing was {verb}",
        "shorten it, or split it into several entries",
    )


def checked_text(text: str | None, verb: str = "written") -> str:
    """The text to write, screened (secrets redacted); an error for empty, over-long, secret-only
    or not-a-fact text."""
    one_line = re.sub(r"\s+", " ", str(text or "")).strip()
    if not one_line:
        raise BadEntry(
            f"the text is empty; nothing was {verb}",
            'say what to remember, e.g. swarmkit memory add "Prefers tabs over spaces"',
        )
    if len(one_line) > E.MAX_TEXT:
        raise too_long(len(one_line), verb)
    # a message of several lines is screened as written, then as the one line it is kept as: a list
    # of codes a line under the line that names them is read as that list
    screened = screen_block(str(text)) if "\n" in str(text) else screen(one_line)
    if screened.ok:
        clean = E.clean_text(screened.text)
        # the store's write screens it no more when it is the text screening gave (issue 31); what
        # cleaning changed (a control sequence taken out of a word) is a new text, screened there again
        return ScreenedText(clean, screened.found) if clean == screened.text else clean
    if screened.refused == "nothing left but secrets":
        raise BadEntry(
            f"the text is nothing but a secret, and memory never keeps secrets; nothing was {verb}",
            "write down where the secret is kept (a vault, an environment variable), not the secret",
        )
    if NO_MEMORY in one_line.lower():
        raise BadEntry(
            f"the text says {NO_MEMORY}, which asks not to be remembered; nothing was {verb}",
            f"remove {NO_MEMORY} to keep it",
        )
    raise BadEntry(
        f"the text is not a fact to keep: {screened.refused}; nothing was {verb}",
        "write a sentence, e.g. 'Prefers tabs over spaces'",
    )


def _target_file(
    store: MemoryReader, to: str | None, kind: str | None, subject: str | None, text: str
) -> str:
    from swarmkit.memory.folder.layout import INBOX_MD, LESSONS_MD, MEMORY_MD
    from swarmkit.memory.folder.refs import check_ref
    from swarmkit.speech.facts import in_first_person

    if to is None:
        # A personal statement never defaults into a shared file, whatever its shape or kind.
        about_user = (subject or "").startswith("user.") or kind in E.USER_KINDS or in_first_person(text)
        return store.person_file if about_user else LESSONS_MD
    if to in ADD_TARGETS:
        return target_file(to, kind, store.person_file, store.workspace_file)
    if to in ("inbox", INBOX_MD):
        raise BadEntry(
            "entries you add are yours, not for review: the inbox holds entries that wait for you",
            "leave out --to, or use --to me | lessons | workspace",
        )
    if not to.endswith(".md"):
        raise BadEntry(
            f"cannot add an entry to {to!r}",
            f"use --to {' | '.join(ADD_TARGETS)}, or a .md file in the memory folder",
        )
    try:
        rel, _ = check_ref(f"{to}#L1")  # the same path rules as a ref
    except SwarmkitError:
        raise BadEntry(
            f"{to!r} is not a file in the memory folder",
            "name it relative to the folder, like notes/project.md",
        ) from None
    if rel == MEMORY_MD:
        raise BadEntry(
            "MEMORY.md holds pinned entries and the index, not added ones",
            'add it to a file, or pin it by writing it above "## Index" in MEMORY.md',
        )
    if FileClass.of(rel).kind is Kind.SWARM:
        raise BadEntry(
            f"{rel} is a swarm folder's file: only the agents of its run write there",
            "leave out --to, or use --to me | lessons | workspace",
        )
    store.check_visible(rel)
    return rel


def add(
    parts: MemoryParts, text: str, kind: str | None = None, subject: str | None = None, to: str | None = None
):
    """Add a person's entry: screened, deduped, one commit. Without --kind / --subject, a sentence about
    themselves ("I live in Munich", "Prefers tabs") gives its own (identity, user.location), so it
    replaces the old value; without --to, it and any text in the first person go to their file."""
    from swarmkit.speech.facts import read_own_words

    clean = checked_text(text)
    if kind is not None and kind not in E.KINDS:
        raise BadEntry(f"unknown memory kind {kind!r}", f"use one of: {', '.join(E.KINDS)}")
    if subject is not None and not E.normalise_subject(subject).strip("_.:-"):
        raise BadEntry(f"{subject!r} is not a subject", "for example --subject user.location")
    if kind is None or subject is None:
        fact = read_own_words(clean)
        if fact is not None:
            kind = kind or fact.kind
            subject = subject or fact.subject
    rel = _target_file(parts.reader, to, kind, subject, clean)
    result = parts.writer.remember(clean, kind, "user", subject, file=rel, origin="user")
    if result.status == "refused":
        raise SwarmkitError(
            f"{result.reason}; nothing was written", f"remove or merge entries in {rel}, then retry"
        )
    return result


def edit(store: MemoryReader, ref: str, text: str):
    """Replace an entry's text, keeping its metadata; the entry becomes the person's. One commit."""
    from swarmkit.memory.folder.results import WriteResult

    clean = checked_text(text, "changed")
    if not store.exists():
        raise store.missing_error()
    store.entry_at(ref)  # a bad ref is refused before anything is locked or committed
    with store.writing():
        entry, lines = store.entry_at(ref, exact=True)  # bytes that are not UTF-8 elsewhere stay as they are
        if entry.text == clean:
            return WriteResult(
                "unchanged",
                entry.ref,
                "the entry already says this",
                None,
                entry.text,
                stable_ref=entry.ref,
            )
        twin = next(
            (
                e
                for e in E.parse_lines(lines, entry.file)
                if e.line != entry.line and E.dedupe_key(e.text) == E.dedupe_key(clean)
            ),
            None,
        )
        if twin is not None:
            raise BadEntry(
                f"{entry.file} already holds this text at {twin.ref}; nothing was changed",
                f"forget one of the two instead: swarmkit memory forget {entry.ref}",
            )
        meta = {k: v for k, v in entry.meta.items() if k not in _DROP_ON_EDIT} | {"by": "user"}
        lines = list(lines)
        lines[entry.line - 1] = E.render(clean, meta)
        write = Transaction(store)
        write.put(entry.file, lines)
        write.check_room()
        title = f"Edit: {E.cut_text(entry.text, 36)} → {E.cut_text(clean, 36)}"
        commit = write.apply(title, "user")
        ref = digest_ref(entry.file, clean)
        return WriteResult("edited", ref, None, commit, clean, entry.text, ref)
