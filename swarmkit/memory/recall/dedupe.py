"""Import's duplicate check, answered through the recall index instead of reading every entry."""

from __future__ import annotations

from swarmkit.memory.folder import entries as E
from swarmkit.memory.recall.index import RecallIndex, parse_entry
from swarmkit.memory.recall.words import terms


class DedupeKeys:
    """The dedupe keys of the entries this person may read, looked up through the index rather than
    read whole: a key's terms narrow the entries to those holding every one of them, whose lines
    are compared."""

    MAX_CANDIDATES = 1000  # beyond this many entries to compare, every key is read once instead

    def __init__(self, index: RecallIndex):
        self.index = index
        self.added: set[str] = set()
        self._every: set[str] | None = None
        self._lines: dict[str, list[str] | None] = {}

    def add(self, key: str) -> None:
        self.added.add(key)

    def __contains__(self, key: str) -> bool:
        if key in self.added or (self._every is not None and key in self._every):
            return True
        if self._every is not None:
            return False
        index = self.index
        with index._lock:
            ids = index.reading(self._holding, list(dict.fromkeys(terms(key))))
            if ids is None:
                self._every = {E.dedupe_key(e.text) for e in index.store.entries()}
                return key in self._every
            return any(self._key_of(doc_id) == key for doc_id in ids)

    def _holding(self, wanted: list[str]) -> set[int] | None:
        """The entries holding every term (None: too many to compare, or no term to go by)."""
        postings = sorted((self.index._posting(t) for t in wanted), key=len)
        if not postings or len(postings[0]) > 50 * self.MAX_CANDIDATES:
            return None
        ids = postings[0].intersection(*postings[1:])
        return ids if len(ids) <= self.MAX_CANDIDATES else None

    def _key_of(self, doc_id: int) -> str | None:
        located = self.index._locate(doc_id)
        if located is None:
            return None
        rel, file = located
        rows = self.index._entry_rows(file)
        if rows is None:
            return None
        if rel not in self._lines:
            self._lines[rel] = self.index.store.read_lines(rel)
        lines = self._lines[rel]
        number = rows[0][doc_id - file.first]
        fields = parse_entry(lines[number - 1]) if lines and number <= len(lines) else None
        if not fields or not self.index.store.entry_visible(E.Entry(*fields, rel, number)):
            return None  # another person's entry: never a duplicate of this one's import
        return E.dedupe_key(fields[0])
