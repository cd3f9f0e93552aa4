"""MemoryWriter: the one write transaction of an entry, from screening at its door to the commit.

Every entry a person, an agent, a swarm member or an import keeps comes through remember(): the
text is screened once here (a text screened before is marked so, ScreenedText, and not read
again), checked for salience, deduped against the file under the write lock, rendered, written
atomically with whatever rides along (a swarm's README), and committed. forget() is the one
removal of an entry; forget_within() takes one fact out of several entries at once (the entries
that state it whole go, those that state it in one of their sentences keep the rest), in one commit,
so a forget is never half done. The actions are handed this writer (store.py builds it); they never call the store.

What a write sets off above the folder is handed in when the writer is built, so the folder never
imports an action or plain-speech reading: where a fact with no room goes (the inbox,
actions/inbox.py's hold_full), the bounded consolidation pass a write may call for
(actions/consolidate/auto.py), and what a line without a subject reads as (speech's subject_of).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from swarmkit.errors import Conflict, SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref, shown
from swarmkit.memory.folder.file_class import FileClass
from swarmkit.memory.folder.layout import INBOX_MD
from swarmkit.memory.folder.reader import MemoryReader
from swarmkit.memory.folder.results import WriteResult
from swarmkit.memory.folder.targets import target_file
from swarmkit.memory.folder.transaction import Transaction
from swarmkit.run_ids import run_source
from swarmkit.screening.screen import (
    ScreenedText,
    names_nothing,
    redact_key,
    salience_problem,
    screen_entry,
    without_found,
)


class HoldFull(Protocol):
    """Where an entry its file has no room for goes instead (called under the write lock)."""

    def __call__(
        self,
        reader: MemoryReader,
        rel: str,
        text: str,
        meta: dict,
        problem: str,
        origin: str,
        run_id: str | None,
    ) -> WriteResult: ...


# After a write's commit, under its lock: (reader, file, its lines before or None, its lines now).
AfterWrite = Callable[[MemoryReader, str, "list[str] | None", "list[str]"], object]


def _screened_subject(subject: str, found: tuple[str, ...]) -> str:
    """The subject with its secrets replaced as a key (redact_key: what the text's screening found,
    then what it holds read as words, once more over what the first reading left). A reading that
    changed nothing needs no second, and marks the subject screened: entries.render, which reads
    the subject as written once more, reads it no more when it is already in its normal form."""
    once = redact_key(subject, found)
    if once == subject:
        return ScreenedText(subject)
    twice = redact_key(once)
    return ScreenedText(twice) if twice == once else twice


def outranks(old: E.Entry, by: str, origin: str) -> str | None:
    """Why `old` may not be replaced by this write, or None: an agent never replaces a line the
    user wrote, and an extraction replaces only an extraction (never a curated fact)."""
    if old.by == "user" and by == "agent":
        return f"{old.ref} was written by the user"
    if origin == "memory-writer" and old.by == "agent" and old.meta.get("origin") != "memory-writer":
        return f"{old.ref} is a curated fact; a change to it goes through memory-reconcile"
    return None


class MemoryWriter:
    """The writes of one person's reader: remember (screen, dedupe, write, commit) and forget."""

    def __init__(
        self,
        reader: MemoryReader,
        *,
        hold_full: HoldFull,
        after_write: AfterWrite,
        subject_of: Callable[[str], str | None],
    ):
        self.reader = reader
        self._hold_full = hold_full
        self._after_write = after_write
        self._subject_of = subject_of

    outranks = staticmethod(outranks)

    def remember(
        self,
        text: str,
        kind: str | None = None,
        by: str = "agent",
        subject: str | None = None,
        target: str = "auto",
        source: str | None = None,
        run_id: str | None = None,
        origin: str = "swarmkit",
        extra: dict | None = None,
        file: str | None = None,
        also: Callable[[], dict] | None = None,
        subject_must_be_new: bool = False,
    ) -> WriteResult:
        """Screen, dedupe and write one entry; one commit. See the design for each status."""
        reader = self.reader
        allowed = E.KINDS + E.SWARM_KINDS if file and file.startswith("swarms/") else E.KINDS
        if kind is not None and kind not in allowed:
            raise SwarmkitError(f"unknown memory kind {kind!r}", f"use one of: {', '.join(allowed)}")
        if by not in ("user", "agent"):
            raise SwarmkitError(f"by must be 'user' or 'agent', not {by!r}", "agents write as 'agent'")
        screened = screen_entry(text)
        if not screened.ok:
            return WriteResult("refused", reason=screened.refused)
        clean = E.clean_text(screened.text)
        problem = salience_problem(clean)
        if problem:
            return WriteResult("refused", reason=problem)
        rel = file or target_file(target, kind, reader.person_file, reader.workspace_file)
        if source is None and run_id:
            source = run_source(run_id)
        # metadata is written too: a subject, sources or a URL a model chose can hold secrets, and a
        # subject made from the unscreened sentence (a slug of it) holds what the text's screen took out
        subject = _screened_subject(subject, screened.found) if subject else subject
        if subject and names_nothing(subject):
            subject = None  # `user.redacted` would make every such fact replace the last one
        added = E.today()
        meta = {"by": by, "kind": kind, "subject": subject, "source": source, "added": added}
        if origin and origin not in ("swarmkit", "user"):  # `by: user` already says a person wrote it
            meta["origin"] = origin
        meta.update(extra or {})
        # by and kind were checked against their fixed words above, and added is today's date: no
        # secret is in them (a test reads each), so only the echo of the text's secrets is looked for
        vocabulary = {("by", by), ("kind", kind), ("added", added)}
        meta = {
            k: v
            if k == "subject" or not isinstance(v, str)
            else without_found(v, screened.found, screen_it=(k, v) not in vocabulary)
            for k, v in meta.items()
        }
        line = E.render(clean, meta)
        with reader.writing():
            rel = reader.moved_path(rel)
            lines = reader.read_lines(rel, exact=True)
            key = E.dedupe_key(clean)
            norm_subject = E.normalise_subject(subject) if subject else None
            existing = E.parse_text("\n".join(lines), rel) if lines is not None else []
            # an inbox entry held for another person is theirs: never this write's twin or old value
            existing = [entry for entry in existing if reader.entry_visible(entry)]
            for entry in existing:
                if E.dedupe_key(entry.text) == key:
                    return WriteResult("reinforced", entry.ref, text=entry.text, stable_ref=entry.ref)
            write = Transaction(reader)
            old = self.same_subject(existing, norm_subject, rel) if norm_subject else None
            replaced = None
            if old is not None:
                if subject_must_be_new:  # checked under the lock: another writer got there first
                    return WriteResult("exists", old.ref, f"{old.ref} already holds {norm_subject}")
                outranked = outranks(old, by, origin)
                if outranked:
                    return WriteResult("outranked", old.ref, outranked, text=old.text, stable_ref=old.ref)
                new_lines = list(lines or [])
                new_lines[old.line - 1] = line
                status, number, verb, replaced = "replaced", old.line, "Replace", old.text
            else:
                new_lines, number = reader.append_entry(rel, lines, line)
                status, verb = "written", "Remember"
                if lines is None:
                    write.link(rel)
            write.put(rel, new_lines)
            for path, content in (also() if also is not None else {}).items():
                write.put(path, content)
            full = write.no_room()
            if full is not None:
                path, problem = full
                if path == rel and rel != INBOX_MD:
                    # never lost, never silent
                    return self._hold_full(reader, rel, clean, meta, problem, origin, run_id)
                return WriteResult("refused", reason=problem)
            title = (
                f"{verb}: {E.cut_text(replaced, 36)} → {E.cut_text(clean, 36)}"
                if replaced
                else f"{verb}: {E.cut_text(clean, 72)}"
            )
            commit = write.apply(title, origin, run_id)
            self._after_write(reader, rel, lines, new_lines)
            ref = digest_ref(rel, clean)  # the entry's identity, not its line (see Entry.ref)
            return WriteResult(status, ref, None, commit, clean, replaced, ref)

    def same_subject(self, existing: list[E.Entry], subject: str, rel: str) -> E.Entry | None:
        """The entry about the same thing: the same subject or, in a person's file, a line without
        one whose text reads as that subject ("Lives in Berlin" is user.location)."""
        for entry in existing:
            if entry.subject == subject:
                return entry
        from swarmkit.memory.folder.privacy import is_personal

        if not is_personal(FileClass.of(rel)):
            return None
        for entry in existing:
            if entry.subject is None and self._subject_of(entry.text) == subject:
                return entry
        return None

    def forget(self, ref: str, expect_text: str | None = None) -> WriteResult:
        """Remove one entry; one commit."""
        reader = self.reader
        if not reader.exists():
            raise reader.missing_error()
        reader.entry_at(ref, expect_text)  # a bad ref is refused before anything is locked or committed
        with reader.writing():
            entry, lines = reader.entry_at(ref, expect_text, exact=True)
            del lines[entry.line - 1]
            commit = reader.apply({entry.file: lines}, f"Forget: {E.cut_text(shown(entry.text), 72)}", "user")
            return WriteResult("forgotten", entry.ref, None, commit, shown(entry.text), None, entry.ref)

    def forget_within(self, changes: Sequence[tuple[E.Entry, str | None]], what: str) -> WriteResult:
        """Take the fact `what` out of entries, one commit: each (entry, text left) is removed (None)
        or keeps the text left, its bullet and metadata as they are. Each entry must still hold the
        text it was read with, checked under the lock: one that changed refuses them all."""
        reader = self.reader
        if not reader.exists():
            raise reader.missing_error()
        for entry, _ in changes:  # a changed entry is refused before anything is locked or committed
            reader.entry_at(entry.ref, entry.text)
        with reader.writing():
            files: dict[str, list[str]] = {}
            edits: dict[str, dict[int, str | None]] = {}
            for entry, left in changes:
                now, lines = reader.entry_at(entry.ref, entry.text, exact=True)
                files.setdefault(now.file, lines)
                edits.setdefault(now.file, {})[now.line] = (
                    None if left is None else _with_text(files[now.file][now.line - 1], now, left)
                )
            for rel, by_line in edits.items():
                for number in sorted(by_line, reverse=True):  # from the bottom: the lines above stay put
                    line = by_line[number]
                    if line is None:
                        del files[rel][number - 1]
                    else:
                        files[rel][number - 1] = line
            count = len(changes)
            title = f"Forget: {E.cut_text(shown(what), 60)} (from {count} entr{'y' if count == 1 else 'ies'})"
            commit = reader.apply(files, title, "user")
            return WriteResult("forgotten", None, None, commit, shown(what))


def _with_text(line: str, entry: E.Entry, left: str) -> str:
    """The entry's line with its text replaced by `left`, all else kept byte for byte. A text left
    that the line would read otherwise (ending in what reads as a metadata group: "Call me [by:
    agent]") is refused: a cut must never change who wrote a line or what its metadata says."""
    at = line.find(entry.text)
    changed = line[:at] + left + line[at + len(entry.text) :]
    read = E.parse_line(changed, entry.file, entry.line)
    if at < 0 or read is None or read.text != left or read.meta != entry.meta:
        raise Conflict(
            f"{entry.ref} would not read as it should with “{shown(left)}” left; nothing was changed",
            f"edit it by hand: swarmkit memory edit {entry.ref} TEXT",
        )
    return changed
