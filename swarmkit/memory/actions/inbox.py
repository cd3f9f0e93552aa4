"""Inbox actions: keep an entry (as the user's), pin it to MEMORY.md, or delete it; one commit each.

And the one hold policy, what waits in the inbox for a person: a write its file has no room for
(the writer's remember, folder/writer.py), and an agent's fact a person decides on (the run's memory hooks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref
from swarmkit.memory.folder.targets import target_file
from swarmkit.memory.folder.transaction import Transaction

if TYPE_CHECKING:
    from swarmkit.memory.actions.parts import MemoryParts
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader
    from swarmkit.memory.folder.results import WriteResult

KEEP_TARGETS = ("me", "lessons", "workspace")
_DROP_ON_KEEP = ("contradicts", "tainted", "for", "held")  # a person kept it: reviewed, theirs


def inbox_list(store: MemoryReader) -> list[E.Entry]:
    from swarmkit.memory.folder.layout import INBOX_MD

    if not store.path(INBOX_MD).exists():
        return []
    return store.entries(INBOX_MD)


def _precheck(store: MemoryFolder, ref: str) -> None:
    """Refuse a ref outside the inbox, or a missing folder, before anything is created or locked."""
    from swarmkit.memory.folder.layout import INBOX_MD
    from swarmkit.memory.folder.refs import check_ref

    rel, _ = check_ref(ref)
    if rel != INBOX_MD:
        raise SwarmkitError(
            f"{ref} is not in the inbox", "inbox actions take refs from `swarmkit memory inbox`"
        )
    if not store.exists():
        raise store.missing_error()


def _inbox_entry(store: MemoryReader, ref: str, expect_text: str | None, moving: bool = False):
    entry, lines = store.entry_at(ref, expect_text, exact=True)
    if moving and entry.meta.get("marker") == "proposal":  # its text is a proposal, not a fact
        raise SwarmkitError(
            f"{ref} is a consolidation proposal, not an entry to keep; nothing was changed",
            f"answer it with `swarmkit memory accept {ref}` or `swarmkit memory keep-both {ref}`",
            code="is_a_proposal",
        )
    return entry, lines


def _as_users(entry: E.Entry) -> dict:
    meta = {k: v for k, v in entry.meta.items() if k not in _DROP_ON_KEEP}
    meta["by"] = "user"
    return meta


def inbox_keep(store: MemoryReader, ref: str, to: str = "me", expect_text: str | None = None):
    """Move an inbox entry to me.md (or your user file), lessons.md or the workspace file, as yours."""
    from swarmkit.memory.folder.layout import INBOX_MD
    from swarmkit.memory.folder.results import WriteResult

    if to not in KEEP_TARGETS:
        raise SwarmkitError(f"cannot keep an entry in {to!r}", f"use --to {' | '.join(KEEP_TARGETS)}")
    _precheck(store, ref)
    with store.writing():
        entry, inbox = _inbox_entry(store, ref, expect_text, moving=True)
        rel = target_file(to, entry.kind, store.person_file, store.workspace_file)
        target = store.read_lines(rel, exact=True)
        del inbox[entry.line - 1]
        write = Transaction(store)
        write.put(INBOX_MD, inbox)
        line = E.render(entry.text, _as_users(entry))
        existing = E.parse_text("\n".join(target), rel) if target is not None else []
        same_text = next((e for e in existing if E.dedupe_key(e.text) == E.dedupe_key(entry.text)), None)
        same_subject = next((e for e in existing if entry.subject and e.subject == entry.subject), None)
        ref = digest_ref(rel, entry.text)
        if same_text is not None:
            ref = same_text.ref  # already there: the inbox copy just goes
        elif same_subject is not None:
            target = list(target or [])  # a same-subject entry was read from it: never None
            target[same_subject.line - 1] = line  # the person chose this value
            write.put(rel, target)
        else:
            write.put(rel, store.append_entry(rel, target, line)[0])
            if target is None:
                write.link(rel)
        write.check_room()
        commit = write.apply(f"Keep in {rel}: {E.cut_text(entry.text, 60)}", "inbox")
        return WriteResult("kept", ref, None, commit, entry.text, stable_ref=ref)


def inbox_pin(store: MemoryReader, ref: str, expect_text: str | None = None):
    """Move an inbox entry above "## Index" in MEMORY.md (always loaded), as yours."""
    from swarmkit.memory.folder.layout import INBOX_MD, INDEX_HEADING, MEMORY_MD
    from swarmkit.memory.folder.results import WriteResult

    _precheck(store, ref)
    with store.writing():
        entry, inbox = _inbox_entry(store, ref, expect_text, moving=True)
        del inbox[entry.line - 1]
        memory = store.read_lines(MEMORY_MD, exact=True) or ["# Memory", "", INDEX_HEADING]
        stripped = [line.strip() for line in memory]
        at = stripped.index(INDEX_HEADING) if INDEX_HEADING in stripped else len(memory)
        if at == len(memory):
            memory += ["", INDEX_HEADING]
        # after the last non-blank line above the heading, keeping a blank line before it
        insert = at
        while insert > 0 and not memory[insert - 1].strip():
            insert -= 1
        memory.insert(insert, E.render(entry.text, _as_users(entry)))
        if memory[insert + 1].strip():
            memory.insert(insert + 1, "")
        write = Transaction(store)
        write.put(INBOX_MD, inbox)
        write.put(MEMORY_MD, memory)
        write.check_room()
        commit = write.apply(f"Pin: {E.cut_text(entry.text, 60)}", "inbox")
        ref = digest_ref(MEMORY_MD, entry.text)
        return WriteResult("pinned", ref, None, commit, entry.text, stable_ref=ref)


def inbox_delete(store: MemoryReader, ref: str, expect_text: str | None = None):
    from swarmkit.memory.folder.layout import INBOX_MD
    from swarmkit.memory.folder.results import WriteResult

    _precheck(store, ref)
    with store.writing():
        entry, inbox = _inbox_entry(store, ref, expect_text)
        del inbox[entry.line - 1]
        commit = store.apply({INBOX_MD: inbox}, f"Delete from inbox: {E.cut_text(entry.text, 60)}", "inbox")
        return WriteResult("deleted", entry.ref, None, commit, entry.text, stable_ref=entry.ref)


# ---- what waits in the inbox: the one hold policy ----------------------------------------------
def hold_for_review(
    parts: MemoryParts,
    text: str,
    kind: str | None,
    subject: str | None,
    personal: bool,
    extra: dict,
    why: str | None,
    run_id: str | None,
) -> WriteResult:
    """An agent's fact a person decides on (it read untrusted content, or would replace a line it
    may not): written to the inbox (status `held`); a person's fact is shown only to that person."""
    from swarmkit.memory.folder.results import WriteResult

    if personal:
        extra = extra | {"for": parts.reader.person_file}
    result = parts.writer.remember(
        text,
        kind=kind,
        by="agent",
        subject=subject,
        target="inbox",
        run_id=run_id,
        origin="memory-writer",
        extra=extra,
    )
    if result.status in ("written", "replaced", "reinforced"):  # reinforced: it was waiting there already
        return WriteResult("held", result.ref, why, result.commit, result.text, None, result.stable_ref)
    return result


def hold_full(
    store: MemoryFolder, rel: str, text: str, meta: dict, problem: str, origin: str, run_id: str | None
) -> WriteResult:
    """A write `rel` has no room for goes to the inbox instead, saying why (`held:`), never lost and
    never silent; call inside store.writing(). Refused only when the inbox is full too."""
    from swarmkit.memory.folder.file_class import FileClass
    from swarmkit.memory.folder.layout import INBOX_MD
    from swarmkit.memory.folder.privacy import is_personal
    from swarmkit.memory.folder.results import WriteResult

    reason = (
        f"{problem.removesuffix(': consolidate it first')}: held in the inbox; run `swarmkit memory consolidate` "
        f"to make room in {rel}, then keep it"
    )
    held = dict(meta) | {"held": f"{rel} is full"}
    if is_personal(FileClass.of(rel)):
        held["for"] = rel  # a person's fact stays theirs in the inbox
    inbox = store.read_lines(INBOX_MD, exact=True)
    existing = E.parse_lines(inbox or [], INBOX_MD)
    for entry in existing:
        if E.dedupe_key(entry.text) == E.dedupe_key(text):
            return WriteResult("held", entry.ref, reason, None, entry.text, None, entry.ref)
    write = Transaction(store)
    write.put(INBOX_MD, store.append_entry(INBOX_MD, inbox, E.render(text, held))[0])
    full = write.no_room()
    if full is not None:
        return WriteResult("refused", reason=f"{problem}, and {full[1]}")
    commit = write.apply(f"Hold in the inbox ({rel} is full): {E.cut_text(text, 60)}", origin, run_id)
    ref = digest_ref(INBOX_MD, text)  # the entry's identity, not its line (see Entry.ref)
    return WriteResult("held", ref, reason, commit, text, None, ref)
