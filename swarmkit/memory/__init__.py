"""Memory: the memory folder (markdown under git), in rooms whose names say what they hold.

folder/     the format and its safety: layout and limits, refs, entries, people and privacy, git,
            the write lock, atomic writes, hand edits and apply (MemoryFolder), the one write
            transaction every entry writer uses (transaction.py), the folder as one person reads
            it (reader.py) and the one writer of entries (writer.py), which screens each text
            once at its door with swarmkit.screening, the ground-floor text engine beside
            swarmkit.speech
recall/     ranked entries for a query, by words and by meaning; reads the folder (recaller.py:
            the index of one reader, made on first need)
actions/    what users and runs do: inbox, direct add and edit, curated facts, history, timeline,
            import, swarm notes, feedback, sync, consolidate/; each uses only the rooms above, and
            is handed the reader, the writer and the recall index (parts.py), never the store
store.py    MemoryStore, the documented Python API: it only composes the rooms (builds the
            writer and the recall index over its reader and delegates to the actions), and
            nothing imports it but the CLI, the runtime and the server

The memory configuration and its defaults are the resolver's (resolver/memory_config.py,
resolver/memory_defaults.py); nothing here imports the runtime. tests/test_architecture.py checks
which room may import which.

This module is memory's one door: code outside memory/ imports what it uses from here (the store,
its value types, the names of files and kinds), never a room's module; tests/test_architecture.py
fails on a deep import. Each name is loaded on first use, so naming one (a kind, a ref check) does
not load the store, git or the recall index.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from swarmkit.memory.actions.consolidate.budgets import Budget
    from swarmkit.memory.actions.consolidate.proposals import is_proposal, refs_of
    from swarmkit.memory.actions.direct import ADD_TARGETS, too_long
    from swarmkit.memory.actions.entry_views import (
        entry_views,
        file_views,
        hit_views,
        inbox_views,
        line_views,
        view_at,
        with_lines,
    )
    from swarmkit.memory.actions.inbox import KEEP_TARGETS, hold_for_review
    from swarmkit.memory.actions.swarm import LATEST_FINDINGS, read_readme
    from swarmkit.memory.actions.timeline import KINDS as CHANGE_KINDS
    from swarmkit.memory.actions.timeline import by_day as changes_by_day
    from swarmkit.memory.actions.timeline import events as timeline_events
    from swarmkit.memory.folder.atomic import atomic_write, sweep_temp_files
    from swarmkit.memory.folder.entries import (
        KINDS,
        MAX_TEXT,
        SWARM_KINDS,
        USER_KINDS,
        Entry,
        cut_text,
        dedupe_key,
        digest_ref,
        normalise_subject,
        parse_line,
        shown,
    )
    from swarmkit.memory.folder.entry_model import EntryView, MemoryWrite, SearchHit
    from swarmkit.memory.folder.file_class import FileClass, Kind
    from swarmkit.memory.folder.layout import INBOX_MD, MEMORY_MD, holds_entries
    from swarmkit.memory.folder.locking import FolderLock, LockBusy
    from swarmkit.memory.folder.people import id_problem, person_file, person_id
    from swarmkit.memory.folder.refs import check_ref
    from swarmkit.memory.folder.results import MemoryWarning, WriteResult
    from swarmkit.memory.recall.fusion import SEMANTIC_WEIGHT, semantic_part
    from swarmkit.memory.recall.progress import Progress, show_progress
    from swarmkit.memory.recall.scope import SCOPES, swarm_scope
    from swarmkit.memory.recall.semantic import (
        describe as describe_recall_model,
    )
    from swarmkit.memory.recall.semantic import (
        to_dict as recall_model_dict,
    )
    from swarmkit.memory.recall.words import terms
    from swarmkit.memory.store import MemoryStore

# name -> (its module under swarmkit.memory, its name there)
_EXPORTS: dict[str, tuple[str, str]] = {
    "terms": ("recall.words", "terms"),
    "too_long": ("actions.direct", "too_long"),
    "shown": ("folder.entries", "shown"),
    "dedupe_key": ("folder.entries", "dedupe_key"),
    "MAX_TEXT": ("folder.entries", "MAX_TEXT"),
    "MemoryStore": ("store", "MemoryStore"),
    "KINDS": ("folder.entries", "KINDS"),
    "SWARM_KINDS": ("folder.entries", "SWARM_KINDS"),
    "USER_KINDS": ("folder.entries", "USER_KINDS"),
    "Entry": ("folder.entries", "Entry"),
    "cut_text": ("folder.entries", "cut_text"),
    "digest_ref": ("folder.entries", "digest_ref"),
    "normalise_subject": ("folder.entries", "normalise_subject"),
    "parse_line": ("folder.entries", "parse_line"),
    "EntryView": ("folder.entry_model", "EntryView"),
    "MemoryWrite": ("folder.entry_model", "MemoryWrite"),
    "SearchHit": ("folder.entry_model", "SearchHit"),
    "MemoryWarning": ("folder.results", "MemoryWarning"),
    "WriteResult": ("folder.results", "WriteResult"),
    "check_ref": ("folder.refs", "check_ref"),
    "INBOX_MD": ("folder.layout", "INBOX_MD"),
    "MEMORY_MD": ("folder.layout", "MEMORY_MD"),
    "holds_entries": ("folder.layout", "holds_entries"),
    "FileClass": ("folder.file_class", "FileClass"),
    "Kind": ("folder.file_class", "Kind"),
    "id_problem": ("folder.people", "id_problem"),
    "person_file": ("folder.people", "person_file"),
    "person_id": ("folder.people", "person_id"),
    "atomic_write": ("folder.atomic", "atomic_write"),
    "sweep_temp_files": ("folder.atomic", "sweep_temp_files"),
    "FolderLock": ("folder.locking", "FolderLock"),
    "LockBusy": ("folder.locking", "LockBusy"),
    "ADD_TARGETS": ("actions.direct", "ADD_TARGETS"),
    "KEEP_TARGETS": ("actions.inbox", "KEEP_TARGETS"),
    "hold_for_review": ("actions.inbox", "hold_for_review"),
    "LATEST_FINDINGS": ("actions.swarm", "LATEST_FINDINGS"),
    "read_readme": ("actions.swarm", "read_readme"),
    "entry_views": ("actions.entry_views", "entry_views"),
    "file_views": ("actions.entry_views", "file_views"),
    "hit_views": ("actions.entry_views", "hit_views"),
    "inbox_views": ("actions.entry_views", "inbox_views"),
    "line_views": ("actions.entry_views", "line_views"),
    "view_at": ("actions.entry_views", "view_at"),
    "with_lines": ("actions.entry_views", "with_lines"),
    "Budget": ("actions.consolidate.budgets", "Budget"),
    "is_proposal": ("actions.consolidate.proposals", "is_proposal"),
    "refs_of": ("actions.consolidate.proposals", "refs_of"),
    "CHANGE_KINDS": ("actions.timeline", "KINDS"),
    "changes_by_day": ("actions.timeline", "by_day"),
    "timeline_events": ("actions.timeline", "events"),
    "SCOPES": ("recall.scope", "SCOPES"),
    "swarm_scope": ("recall.scope", "swarm_scope"),
    "SEMANTIC_WEIGHT": ("recall.fusion", "SEMANTIC_WEIGHT"),
    "semantic_part": ("recall.fusion", "semantic_part"),
    "Progress": ("recall.progress", "Progress"),
    "show_progress": ("recall.progress", "show_progress"),
    "describe_recall_model": ("recall.semantic", "describe"),
    "recall_model_dict": ("recall.semantic", "to_dict"),
}


def __getattr__(name: str):
    if name in _EXPORTS:
        module, attribute = _EXPORTS[name]
        value = getattr(import_module(f"swarmkit.memory.{module}"), attribute)
        globals()[name] = value  # the next use is a plain attribute
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "terms",
    "too_long",
    "shown",
    "dedupe_key",
    "MAX_TEXT",
    "ADD_TARGETS",
    "Budget",
    "CHANGE_KINDS",
    "Entry",
    "EntryView",
    "FileClass",
    "FolderLock",
    "INBOX_MD",
    "MEMORY_MD",
    "KEEP_TARGETS",
    "KINDS",
    "Kind",
    "LATEST_FINDINGS",
    "LockBusy",
    "MemoryStore",
    "MemoryWarning",
    "MemoryWrite",
    "Progress",
    "SCOPES",
    "SEMANTIC_WEIGHT",
    "SWARM_KINDS",
    "SearchHit",
    "USER_KINDS",
    "WriteResult",
    "atomic_write",
    "changes_by_day",
    "check_ref",
    "cut_text",
    "describe_recall_model",
    "digest_ref",
    "entry_views",
    "file_views",
    "hit_views",
    "hold_for_review",
    "holds_entries",
    "id_problem",
    "inbox_views",
    "is_proposal",
    "line_views",
    "normalise_subject",
    "parse_line",
    "person_file",
    "person_id",
    "read_readme",
    "recall_model_dict",
    "refs_of",
    "semantic_part",
    "show_progress",
    "swarm_scope",
    "timeline_events",
    "sweep_temp_files",
    "view_at",
    "with_lines",
]
