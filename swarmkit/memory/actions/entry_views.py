"""Entries as a person's view shows them, in the one entry shape (memory/folder/entry_model.py): what the
CLI's JSON, the API and the MCP server's tools list, show and find."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entry_model import EntryView, SearchHit

if TYPE_CHECKING:
    from swarmkit.memory.recall.hit import RecallHit


class EntrySource(Protocol):
    """What the views read of a person's memory (MemoryStore has it)."""

    def entries(self, file: str | None = None) -> list[E.Entry]: ...
    def inbox_list(self) -> list[E.Entry]: ...
    def entry_at(self, ref: str) -> tuple[E.Entry, list[str]]: ...
    def read_lines(self, rel: str) -> list[str] | None: ...
    def visible(self, rel: str) -> bool: ...
    def entry_visible(self, entry: E.Entry) -> bool: ...


def line_views(store: EntrySource, rel: str, lines: list[str]) -> list[EntryView]:
    """The entries of one file's lines this person may see (an inbox entry held for another is not)."""
    return [EntryView.of(e, lines[e.line - 1]) for e in E.parse_lines(lines, rel) if store.entry_visible(e)]


def file_views(store: EntrySource, rel: str) -> list[EntryView]:
    """One file's entries, or none when it is not this person's to see or cannot be read."""
    lines = store.read_lines(rel) if store.visible(rel) else None
    return [] if lines is None else line_views(store, rel, lines)


def entry_views(store: EntrySource, file: str | None = None) -> list[EntryView]:
    """Every entry (or FILE's), in file and line order, as `store.entries` finds them (its errors for
    a file that is not there or not this person's)."""
    return with_lines(store, store.entries(file))


def inbox_views(store: EntrySource) -> list[EntryView]:
    """The inbox's entries this person may see (none when there is no inbox yet)."""
    return with_lines(store, store.inbox_list())


def with_lines(store: EntrySource, entries: list[E.Entry]) -> list[EntryView]:
    """Views of entries read before, each with its line's digest (read again, once per file)."""
    lines: dict[str, list[str] | None] = {}
    out = []
    for entry in entries:
        if entry.file not in lines:
            lines[entry.file] = store.read_lines(entry.file)
        at = lines[entry.file]
        raw = at[entry.line - 1] if at is not None and entry.line <= len(at) else None
        # a file changed between the two reads: no digest rather than another line's
        same = raw is not None and E.parse_line(raw, entry.file, entry.line) == entry
        out.append(EntryView.of(entry, raw if same else None))
    return out


def view_at(store: EntrySource, ref: str) -> EntryView:
    """The entry a ref names (me.md#3f9a1c2b or me.md#L3), if this person may see it."""
    entry, lines = store.entry_at(ref)
    return EntryView.of(entry, lines[entry.line - 1])


def hit_views(store: EntrySource, hits: list[RecallHit]) -> list[SearchHit]:
    """Recall's hits, each with its entry's view (found by place: two entries may share a text)."""
    views: dict[tuple[str, int], EntryView] = {}
    for rel in {hit.file for hit in hits}:
        views.update(((v.file, v.line), v) for v in file_views(store, rel))
    out = []
    for hit in hits:
        view = views.get((hit.file, hit.line))
        out.append(SearchHit.found(hit, view if view is not None and view.ref == hit.ref else None))
    return out
