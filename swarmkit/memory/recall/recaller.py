"""Recaller: the recall index of one person's reader, built on first need, and what asks it.

recall() answers as memory-reader does, dedupe_keys() answers an import's duplicate check, and the
index's upkeep after a write (embedding what it added, forgetting a redacted hand edit) and on
`memory reindex` happens here. The store builds one Recaller and hands it to the actions that
recall (a swarm's notes, an import); they never call the store for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmkit.errors import Conflict
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.layout import INBOX_MD, INDEX_DIR
from swarmkit.memory.folder.reader import MemoryReader
from swarmkit.memory.recall.hit import RecallHit

if TYPE_CHECKING:
    from swarmkit.memory.recall import RecallIndex
    from swarmkit.memory.recall.dedupe import DedupeKeys


class Recaller:
    """Recall over what one reader may see; the index is made on first use (the index module, its
    sqlite and the embedding model are not loaded by a write that never recalls)."""

    def __init__(self, reader: MemoryReader):
        self.reader = reader
        self.index: RecallIndex | None = None

    def _index(self) -> RecallIndex:
        from swarmkit.memory.recall import RecallIndex

        self.index = self.index or RecallIndex(self.reader)
        return self.index

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
        from swarmkit.memory.recall.diverse import diverse
        from swarmkit.memory.recall.scope import reader_parameters
        from swarmkit.memory.recall.whose import WIDER, preference

        index = self._index()
        k = reader_parameters(max_results, similarity_threshold, search_scope)[0]

        def search(n: int) -> list[RecallHit]:
            return index.search(query, n, similarity_threshold, search_scope, include_inbox, closest=closest)

        prefer = preference(query)
        if prefer is not None:  # whose facts it asks about come first (recall/whose.py)
            plain = search

            def search(n: int) -> list[RecallHit]:
                return prefer.order(plain(n + WIDER))[:n]

        # a restatement of a higher hit is folded into it (recall/diverse.py)
        hits = diverse(search, k)
        if include_inbox and any(hit.unreviewed for hit in hits):
            reader = self.reader
            inbox = {e.line: e for e in E.parse_lines(reader.read_lines(INBOX_MD) or [], INBOX_MD)}
            hits = [
                h
                for h in hits
                if not h.unreviewed or (h.line in inbox and reader.entry_visible(inbox[h.line]))
            ]
        return hits

    def dedupe_keys(self) -> DedupeKeys:
        """The dedupe keys of the entries this person may read (`key in keys`, `keys.add(key)`),
        looked up through the recall index; markers are not indexed, nothing is deduped against them."""
        from swarmkit.memory.recall.dedupe import DedupeKeys

        index = self._index()
        with index._lock:
            index.refresh()
        return DedupeKeys(index)

    def after_commit(self, redacted: bool) -> None:
        """Recall by meaning: embed what the write added, now that its commit is done and the lock
        released (at most EMBED_ON_WRITE entries, newest first; the rest on the next reads). Only
        where the model is already in use: loaded in this process (a run's reader loaded it), or
        this folder has vectors of it. The first write to a new folder never loads the model for
        that (a first `run` costs what it did); the next read embeds what is missing either way.
        `redacted`: a hand edit's secret was redacted in its file, which the index forgets first."""
        if redacted:
            self._forget_redacted()
        from swarmkit.memory.recall import semantic

        model = semantic.choice()
        if not isinstance(model, semantic.Model):
            return
        from swarmkit.memory.recall.vectors import vectors_path

        if (
            not semantic.loaded(model)
            and not vectors_path(self.reader.folder / INDEX_DIR, model.id).is_file()
        ):
            return
        import sqlite3

        from swarmkit.memory.recall.fusion import EMBED_ON_WRITE

        index = self._index()
        try:
            index.embed_new(EMBED_ON_WRITE)
        except (OSError, sqlite3.Error):
            pass  # vectors are derived data: the write is committed, the next read embeds it

    def _forget_redacted(self) -> None:
        """A hand edit's secret was redacted in its file: the recall index, which may have read the
        line before (its terms name the secret), keeps nothing of it (RecallIndex.scrub)."""
        import sqlite3

        from swarmkit.memory.recall.storage import index_path

        if self.index is None and not index_path(self.reader.folder).is_file():
            return  # no index on disk: nothing read the secret into it
        index = self._index()
        try:
            index.scrub()
        except (OSError, sqlite3.Error):
            pass  # derived data: the next read rebuilds what it cannot trust

    def reindex(self) -> int:
        import sqlite3

        from swarmkit.memory.recall import RecallIndex

        folder = self.reader.folder
        index = self.index = RecallIndex(self.reader)
        try:
            count = index.rebuild()
            # the index answered from memory only: it could not be stored, which is what reindex is for
            reason = None if index.persistent else "it cannot be written there"
        except (OSError, sqlite3.Error) as exc:
            self.index = None
            reason = getattr(exc, "strerror", None) or str(exc)
        if reason is not None:
            raise Conflict(
                f"could not rebuild the recall index in {folder / INDEX_DIR}: {reason}",
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
        index = self._index()
        index.semantic_side()
        if index._semantic is not None:
            index._semantic.vectors.clear()  # reindex embeds everything again
        try:
            return index.embed_all(progress=True), None
        except semantic.EndpointFailed as exc:
            return 0, f"the embeddings endpoint failed: {exc}; recall stays by words only"
