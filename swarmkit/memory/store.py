"""MemoryStore: the memory folder as the CLI, the runtime and the server use it.

It puts the rooms together over the folder core (folder/memory_folder.py): whose files a person
sees (folder/privacy.py), remembering and forgetting an entry, recall (recall/), and the actions
(actions/). The rooms import the core, never this module.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.errors import Conflict, NotFound, SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.core import MemoryCore
from swarmkit.memory.folder.entries import digest_ref, shown, text_digest
from swarmkit.memory.folder.file_class import FileClass, Kind
from swarmkit.memory.folder.layout import (
    INBOX_MD,
    INDEX_DIR,
    INDEX_HEADING,
    MEMORY_MD,
    holds_entries,
)
from swarmkit.memory.folder.locking import DEFAULT_TIMEOUT
from swarmkit.memory.folder.refs import check_ref
from swarmkit.memory.folder.results import WriteResult
from swarmkit.memory.folder.targets import target_file
from swarmkit.memory.folder.transaction import Transaction
from swarmkit.memory.recall.hit import RecallHit

if TYPE_CHECKING:
    from swarmkit.memory.recall import RecallIndex
    from swarmkit.memory.recall.dedupe import DedupeKeys
from swarmkit.run_ids import run_source
from swarmkit.screening.screen import (
    ScreenedText,
    names_nothing,
    redact_key,
    salience_problem,
    screen_entry,
    without_found,
)


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


class MemoryStore(MemoryCore):
    """One memory folder, as one person (the owner, or `user`) reads and writes it."""

    def __init__(
        self,
        folder: Path | str,
        workspace_id: str,
        user: str | None = None,
        lock_timeout: float = DEFAULT_TIMEOUT,
    ):
        super().__init__(folder, workspace_id, user, lock_timeout)
        self._index: RecallIndex | None = None

    # ---- whose files ---------------------------------------------------------------------------
    def visible(self, rel: str) -> bool:
        """A person's file, and a swarm folder of a person's run, is shown to that person only
        (folder/privacy.py)."""
        return self.class_visible(FileClass.of(rel))

    def check_visible(self, rel: str) -> None:
        if not self.visible(rel):
            from swarmkit.memory.folder.privacy import not_your_swarm, not_yours, person

            cls = FileClass.of(rel)
            if cls.kind is Kind.SWARM:
                raise not_your_swarm(rel, self.user if self.user is not None else person(self.own_class))
            raise not_yours(rel, cls, self.own_class, self.user)

    def entry_visible(self, entry: E.Entry) -> bool:
        """An inbox entry held back from a person's file (`for: users/ana.md`) is that person's too."""
        held_for = entry.meta.get("for")
        return self.visible(entry.file) and (not held_for or self.visible(held_for))

    def entry_at(
        self, ref: str, expect_text: str | None = None, exact: bool = False
    ) -> tuple[E.Entry, list[str]]:
        """The entry a ref names and its file's lines, if this person may see it; with `expect_text`
        (its digest or text as listed), an entry that changed since is refused."""
        rel, _ = check_ref(ref)
        if self.moved_path(rel) != rel:  # listed before this person's first write moved their file
            ref = self.moved_path(rel) + ref.strip()[len(rel) :]
            rel = self.moved_path(rel)
        self.check_visible(rel)
        entry, lines = self.line_entry(ref, exact)
        if not self.entry_visible(entry):
            self.check_visible(entry.meta["for"])
        if (
            expect_text is not None
            and expect_text != text_digest(lines[entry.line - 1])
            and E.dedupe_key(shown(entry.text)) != E.dedupe_key(expect_text)
        ):
            raise Conflict(
                f"{ref} changed since it was listed; nothing was changed",
                "list the entries again and retry with the ref shown now",
            )
        return entry, lines

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
        rel = file or target_file(target, kind, self.person_file, self.workspace_file)
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
        with self.writing():
            rel = self.moved_path(rel)
            lines = self.read_lines(rel, exact=True)
            key = E.dedupe_key(clean)
            norm_subject = E.normalise_subject(subject) if subject else None
            existing = E.parse_text("\n".join(lines), rel) if lines is not None else []
            # an inbox entry held for another person is theirs: never this write's twin or old value
            existing = [entry for entry in existing if self.entry_visible(entry)]
            for entry in existing:
                if E.dedupe_key(entry.text) == key:
                    return WriteResult("reinforced", entry.ref, text=entry.text, stable_ref=entry.ref)
            write = Transaction(self)
            old = self.same_subject(existing, norm_subject, rel) if norm_subject else None
            replaced = None
            if old is not None:
                if subject_must_be_new:  # checked under the lock: another writer got there first
                    return WriteResult("exists", old.ref, f"{old.ref} already holds {norm_subject}")
                outranked = self.outranks(old, by, origin)
                if outranked:
                    return WriteResult("outranked", old.ref, outranked, text=old.text, stable_ref=old.ref)
                new_lines = list(lines or [])
                new_lines[old.line - 1] = line
                status, number, verb, replaced = "replaced", old.line, "Replace", old.text
            else:
                new_lines, number = self.append_entry(rel, lines, line)
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
                    from swarmkit.memory.actions.inbox import hold_full

                    return hold_full(
                        self, rel, clean, meta, problem, origin, run_id
                    )  # never lost, never silent
                return WriteResult("refused", reason=problem)
            title = (
                f"{verb}: {E.cut_text(replaced, 36)} → {E.cut_text(clean, 36)}"
                if replaced
                else f"{verb}: {E.cut_text(clean, 72)}"
            )
            commit = write.apply(title, origin, run_id)
            from swarmkit.memory.actions.consolidate.auto import after_write
            from swarmkit.memory.actions.consolidate.budgets import size_of

            after_write(self, rel, size_of(lines) if lines is not None else 0, size_of(new_lines))
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
        from swarmkit.speech.facts import subject_of

        for entry in existing:
            if entry.subject is None and subject_of(entry.text) == subject:
                return entry
        return None

    @staticmethod
    def outranks(old: E.Entry, by: str, origin: str) -> str | None:
        """Why `old` may not be replaced by this write, or None: an agent never replaces a line the
        user wrote, and an extraction replaces only an extraction (never a curated fact)."""
        if old.by == "user" and by == "agent":
            return f"{old.ref} was written by the user"
        if origin == "memory-writer" and old.by == "agent" and old.meta.get("origin") != "memory-writer":
            return f"{old.ref} is a curated fact; a change to it goes through memory-reconcile"
        return None

    def forget(self, ref: str, expect_text: str | None = None) -> WriteResult:
        """Remove one entry; one commit."""
        if not self.exists():
            raise self.missing_error()
        self.entry_at(ref, expect_text)  # a bad ref is refused before anything is locked or committed
        with self.writing():
            entry, lines = self.entry_at(ref, expect_text, exact=True)
            del lines[entry.line - 1]
            commit = self.apply({entry.file: lines}, f"Forget: {E.cut_text(shown(entry.text), 72)}", "user")
            return WriteResult("forgotten", entry.ref, None, commit, shown(entry.text), None, entry.ref)

    def entries(self, file: str | None = None) -> list[E.Entry]:
        """Every entry in the folder (or in one file), in file and line order."""
        if file:
            check_ref(f"{file}#L1")  # the same path rules as a ref
            self.check_visible(file)
        files = (
            [file] if file else [rel for rel in self.md_files() if holds_entries(rel) and self.visible(rel)]
        )
        out: list[E.Entry] = []
        for rel in files:
            lines = self.read_lines(rel, refuse=bool(file))  # asked for by name: why it is not read
            if lines is None:
                if file:
                    raise NotFound(
                        f"{rel} is not in the memory folder {self.folder}",
                        "`swarmkit memory status` lists the files",
                    )
                continue
            out.extend(e for e in E.parse_lines(lines, rel) if self.entry_visible(e))
        return out

    def dedupe_keys(self) -> DedupeKeys:
        """The dedupe keys of the entries this person may read (`key in keys`, `keys.add(key)`),
        looked up through the recall index; markers are not indexed, nothing is deduped against them."""
        from swarmkit.memory.recall import RecallIndex
        from swarmkit.memory.recall.dedupe import DedupeKeys

        index = self._index = self._index or RecallIndex(self)
        with index._lock:
            index.refresh()
        return DedupeKeys(index)

    def pinned(self) -> list[str]:
        """The texts of the entries above "## Index" in MEMORY.md (always loaded)."""
        out = []
        for number, line in enumerate(self.read_lines(MEMORY_MD) or [], 1):
            if line.strip() == INDEX_HEADING:
                break
            entry = E.parse_line(line, MEMORY_MD, number)
            if entry is not None:
                out.append(entry.text)
        return out

    def recall(
        self,
        query: str,
        max_results: int | None = None,
        similarity_threshold: float | None = None,
        search_scope: str | None = None,
        include_inbox: bool = False,
        closest: bool = True,
    ) -> list[RecallHit]:
        """Recall as memory-reader does; a parameter not given is the reader's schema default. When
        nothing clears the threshold, the closest entries sharing a word come back (closest=False: none)."""
        from swarmkit.memory.recall import RecallIndex
        from swarmkit.memory.recall.diverse import diverse
        from swarmkit.memory.recall.scope import reader_parameters

        index = self._index = self._index or RecallIndex(self)
        k = reader_parameters(max_results, similarity_threshold, search_scope)[0]
        hits = diverse(  # a restatement of a higher hit is folded into it (recall/diverse.py)
            lambda n: index.search(
                query, n, similarity_threshold, search_scope, include_inbox, closest=closest
            ),
            k,
        )
        if include_inbox and any(hit.unreviewed for hit in hits):
            inbox = {e.line: e for e in E.parse_lines(self.read_lines(INBOX_MD) or [], INBOX_MD)}
            hits = [
                h for h in hits if not h.unreviewed or (h.line in inbox and self.entry_visible(inbox[h.line]))
            ]
        return hits

    def after_commit(self) -> None:
        """Recall by meaning: embed what the write added, now that its commit is done and the lock
        released (at most EMBED_ON_WRITE entries, newest first; the rest on the next reads). Only
        where the model is already in use: loaded in this process (a run's reader loaded it), or
        this folder has vectors of it. The first write to a new folder never loads the model for
        that (a first `run` costs what it did); the next read embeds what is missing either way."""
        if self.redacted:
            self.redacted = False
            self._forget_redacted()
        from swarmkit.memory.recall import semantic

        model = semantic.choice()
        if not isinstance(model, semantic.Model):
            return
        from swarmkit.memory.recall.vectors import vectors_path

        if not semantic.loaded(model) and not vectors_path(self.folder / INDEX_DIR, model.id).is_file():
            return
        import sqlite3

        from swarmkit.memory.recall import RecallIndex
        from swarmkit.memory.recall.fusion import EMBED_ON_WRITE

        index = self._index = self._index or RecallIndex(self)
        try:
            index.embed_new(EMBED_ON_WRITE)
        except (OSError, sqlite3.Error):
            pass  # vectors are derived data: the write is committed, the next read embeds it

    def _forget_redacted(self) -> None:
        """A hand edit's secret was redacted in its file: the recall index, which may have read the
        line before (its terms name the secret), keeps nothing of it (RecallIndex.scrub)."""
        import sqlite3

        from swarmkit.memory.recall import RecallIndex
        from swarmkit.memory.recall.storage import index_path

        if self._index is None and not index_path(self.folder).is_file():
            return  # no index on disk: nothing read the secret into it
        index = self._index = self._index or RecallIndex(self)
        try:
            index.scrub()
        except (OSError, sqlite3.Error):
            pass  # derived data: the next read rebuilds what it cannot trust

    def reindex(self) -> int:
        import sqlite3

        from swarmkit.memory.recall import RecallIndex

        index = self._index = RecallIndex(self)
        try:
            count = index.rebuild()
            # the index answered from memory only: it could not be stored, which is what reindex is for
            reason = None if index.persistent else "it cannot be written there"
        except (OSError, sqlite3.Error) as exc:
            self._index = None
            reason = getattr(exc, "strerror", None) or str(exc)
        if reason is not None:
            raise Conflict(
                f"could not rebuild the recall index in {self.folder / INDEX_DIR}: {reason}",
                "the folder and its .index/ must be writable folders (remove a file named .index); "
                "recall still works without the stored index, reading the files",
            )
        return count

    def reembed(self, say) -> tuple[int, str | None]:
        """After reindex: every entry's vector for recall by meaning, fetching the default model
        now when it is not in the cache (recall/download.py; a remembered failure is tried again).
        (entries embedded, a notice)."""
        from swarmkit.memory.recall import semantic

        found = semantic.choice()
        if isinstance(found, semantic.Lexical) and found.fetchable:
            failed = semantic.fetch_default(say, wait=True)
            if failed is not None:
                return 0, f"{failed}; recall stays by words only (run `swarmkit memory reindex` again online)"
            found = semantic.choice()
        if not isinstance(found, semantic.Model):
            return 0, None
        from swarmkit.memory.recall import RecallIndex

        index = self._index = self._index or RecallIndex(self)
        index.semantic_side()
        if index._semantic is not None:
            index._semantic.vectors.clear()  # reindex embeds everything again
        try:
            return index.embed_all(progress=True), None
        except semantic.EndpointFailed as exc:
            return 0, f"the embeddings endpoint failed: {exc}; recall stays by words only"

    def status(self) -> dict:
        exists = self.exists()
        files = {}
        swarms = set()
        hidden_swarms = set()
        inbox = 0
        others = 0
        for rel in self.md_files() if exists else []:
            if not self.visible(rel):
                # another person's file, or a swarm folder of their run: not even its name is shown
                cls = FileClass.of(rel)
                if cls.kind is Kind.SWARM:
                    hidden_swarms.add(cls.slug)
                else:
                    others += 1
                continue
            count = len(self.entries(rel)) if holds_entries(rel) else 0
            files[rel] = count
            cls = FileClass.of(rel)
            if cls.kind is Kind.INBOX:
                inbox = count
            elif cls.kind is Kind.SWARM:
                swarms.add(cls.slug)
        from swarmkit.memory.actions.consolidate.budgets import budget

        budgets = {rel: budget(self, rel) for rel in files}
        git = exists and self.git.available and self.git.is_own_repo()
        remote = busy = None
        if git:
            proc = self.git.run("remote", "get-url", "origin", check=False)
            remote = proc.stdout.strip() or None
            busy = self.git.busy_state()
            locks = self.git.lock_files() if busy is None else []
            if locks:
                from swarmkit.memory.folder.gitops import lock_problem

                busy = (lock_problem(str(locks[0])), "")
        return {
            "folder": str(self.folder),
            "exists": exists,
            "workspace": self.workspace_id,
            "user_file": self.user_file,
            "files": files,
            "others": others,
            "entries": sum(files.values()),
            "inbox": inbox,
            "swarms": sorted(swarms),
            "other_swarms": len(hidden_swarms),  # of other people's runs: that they exist, no more
            "git": bool(git),
            "head": self.git.head() if git else None,
            "dirty": bool(self.hand_edits()) if git else False,
            "remote": remote,
            "git_state": busy[0] if busy else None,  # why writes are refused right now, if they are
            "budgets": {rel: b.to_dict() for rel, b in budgets.items()},  # each file's size against its limit
            "budget_warnings": [b.warning for b in budgets.values() if b.warning],
        }

    # ---- features in their own modules -------------------------------------------------------
    def propose(
        self,
        subject: str,
        attribute: str,
        value: str,
        type: str,
        by: str = "agent",
        source: str | None = None,
        run_id: str | None = None,
        reconcile: Callable | None = None,
        target: str = "auto",
    ):
        from swarmkit.memory.actions.curated import propose

        return propose(
            self,
            subject,
            attribute,
            value,
            type,
            by=by,
            source=source,
            run_id=run_id,
            reconcile=reconcile,
            target=target,
        )

    def history(self, what: str) -> list[dict]:
        from swarmkit.memory.actions.history import history

        return history(self, what)

    def add(self, text: str, kind: str | None = None, subject: str | None = None, to: str | None = None):
        from swarmkit.memory.actions.direct import add

        return add(self, text, kind, subject, to)

    def edit(self, ref: str, text: str) -> WriteResult:
        from swarmkit.memory.actions.direct import edit

        return edit(self, ref, text)

    def import_folder(self, path: Path | str, progress: Callable | None = None):
        from swarmkit.memory.actions.importer import import_folder

        return import_folder(self, path, progress)

    def inbox_list(self) -> list[E.Entry]:
        from swarmkit.memory.actions.inbox import inbox_list

        return inbox_list(self)

    def inbox_keep(self, ref: str, to: str = "me", expect_text: str | None = None) -> WriteResult:
        from swarmkit.memory.actions.inbox import inbox_keep

        return inbox_keep(self, ref, to, expect_text)

    def inbox_pin(self, ref: str, expect_text: str | None = None) -> WriteResult:
        from swarmkit.memory.actions.inbox import inbox_pin

        return inbox_pin(self, ref, expect_text)

    def inbox_delete(self, ref: str, expect_text: str | None = None) -> WriteResult:
        from swarmkit.memory.actions.inbox import inbox_delete

        return inbox_delete(self, ref, expect_text)

    def consolidate(self, dry_run: bool = False, similarity: str | None = None):
        from swarmkit.memory.actions.consolidate import consolidate

        return consolidate(self, dry_run, similarity)

    def accept(self, ref: str, text: str | None = None, expect_text: str | None = None) -> WriteResult:
        from swarmkit.memory.actions.consolidate.proposals import accept

        return accept(self, ref, text, expect_text)

    def keep_both(self, ref: str, expect_text: str | None = None) -> WriteResult:
        from swarmkit.memory.actions.consolidate.proposals import keep_both

        return keep_both(self, ref, expect_text)

    def swarm(self, slug_source: str, run_id: str, goal: str | None = None, members=None):
        from swarmkit.memory.actions.swarm import Swarm

        return Swarm(self, slug_source, run_id, goal=goal, members=members)

    def remove_run(self, run_id: str) -> WriteResult:
        from swarmkit.memory.actions.swarm import remove_run

        return remove_run(self, run_id)

    def feedback(self, run_id: str, reason: str) -> WriteResult:
        from swarmkit.memory.actions.feedback import feedback

        return feedback(self, run_id, reason)

    def sync(self, remote: str | None = None) -> dict:
        from swarmkit.memory.actions.sync import sync

        return sync(self, remote)
