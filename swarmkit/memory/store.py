"""MemoryStore: the memory folder as the CLI, the runtime and the server use it.

It only composes the rooms: the folder as one person reads it (folder/reader.py, which it is), the
one writer every entry goes through (folder/writer.py), the recall index (recall/recaller.py), and
the actions (actions/), which it hands the reader, the writer and the recall index (MemoryParts)
and which never call back into it. The rooms import one another downwards, never this module.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.memory.actions.parts import MemoryParts
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.file_class import FileClass, Kind
from swarmkit.memory.folder.layout import holds_entries
from swarmkit.memory.folder.locking import DEFAULT_TIMEOUT
from swarmkit.memory.folder.reader import MemoryReader
from swarmkit.memory.folder.results import WriteResult
from swarmkit.memory.folder.writer import MemoryWriter
from swarmkit.memory.recall.hit import RecallHit
from swarmkit.memory.recall.recaller import Recaller

if TYPE_CHECKING:
    from swarmkit.memory.recall import RecallIndex
    from swarmkit.memory.recall.dedupe import DedupeKeys


# What a write sets off above the folder, handed to the writer (each imported on first need: a
# write that never fills its file nor calls for a consolidation pass loads neither action)
def _hold_full(
    reader: MemoryReader, rel: str, text: str, meta: dict, problem: str, origin: str, run_id: str | None
) -> WriteResult:
    from swarmkit.memory.actions.inbox import hold_full

    return hold_full(reader, rel, text, meta, problem, origin, run_id)


def _after_write(reader: MemoryReader, rel: str, before: list[str] | None, after: list[str]) -> None:
    from swarmkit.memory.actions.consolidate.auto import after_write
    from swarmkit.memory.actions.consolidate.budgets import size_of

    after_write(reader, rel, size_of(before) if before is not None else 0, size_of(after))


def _subject_of(text: str) -> str | None:
    from swarmkit.speech.facts import subject_of

    return subject_of(text)


class MemoryStore(MemoryReader):
    """One memory folder, as one person (the owner, or `user`) reads and writes it."""

    def __init__(
        self,
        folder: Path | str,
        workspace_id: str,
        user: str | None = None,
        lock_timeout: float = DEFAULT_TIMEOUT,
    ):
        super().__init__(folder, workspace_id, user, lock_timeout)
        self.writer = MemoryWriter(
            self, hold_full=_hold_full, after_write=_after_write, subject_of=_subject_of
        )
        self.recaller = Recaller(self)
        self.parts = MemoryParts(self, self.writer, self.recaller)
        # once a write committed: the index embeds what it added and forgets a redacted hand edit
        self.after_commit = self.recaller.after_commit

    @property
    def _index(self) -> RecallIndex | None:
        """The recall index once made (the recaller's; tests and benches reach it here)."""
        return self.recaller.index

    @_index.setter
    def _index(self, index: RecallIndex | None) -> None:
        self.recaller.index = index

    # ---- the writer ------------------------------------------------------------------------------
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
        """Screen, dedupe and write one entry; one commit (folder/writer.py)."""
        return self.writer.remember(
            text, kind, by, subject, target, source, run_id, origin, extra, file, also, subject_must_be_new
        )

    def forget(self, ref: str, expect_text: str | None = None) -> WriteResult:
        """Remove one entry; one commit."""
        return self.writer.forget(ref, expect_text)

    # ---- recall ----------------------------------------------------------------------------------
    def recall(
        self,
        query: str,
        max_results: int | None = None,
        similarity_threshold: float | None = None,
        search_scope: str | None = None,
        include_inbox: bool = False,
        closest: bool = True,
    ) -> list[RecallHit]:
        """Recall as memory-reader does (recall/recaller.py)."""
        return self.recaller.recall(
            query, max_results, similarity_threshold, search_scope, include_inbox, closest
        )

    def dedupe_keys(self) -> DedupeKeys:
        """The dedupe keys of the entries this person may read, through the recall index."""
        return self.recaller.dedupe_keys()

    def reindex(self) -> int:
        return self.recaller.reindex()

    def reembed(self, say) -> tuple[int, str | None]:
        """After reindex: every entry's vector for recall by meaning (recall/recaller.py)."""
        return self.recaller.reembed(say)

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
            self.parts,
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

        return add(self.parts, text, kind, subject, to)

    def edit(self, ref: str, text: str) -> WriteResult:
        from swarmkit.memory.actions.direct import edit

        return edit(self, ref, text)

    def import_folder(self, path: Path | str, progress: Callable | None = None):
        from swarmkit.memory.actions.importer import import_folder

        return import_folder(self.parts, path, progress)

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

        return Swarm(self.parts, slug_source, run_id, goal=goal, members=members)

    def remove_run(self, run_id: str) -> WriteResult:
        from swarmkit.memory.actions.swarm import remove_run

        return remove_run(self, run_id)

    def feedback(self, run_id: str, reason: str) -> WriteResult:
        from swarmkit.memory.actions.feedback import feedback

        return feedback(self.parts, run_id, reason)

    def sync(self, remote: str | None = None) -> dict:
        from swarmkit.memory.actions.sync import sync

        return sync(self, remote)
