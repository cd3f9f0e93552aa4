"""MemoryCore: the memory folder as the actions and recall use it, typed.

The actions (actions/) and recall (recall/) are handed the store, yet may import only the rooms
below them, never store.py. What they call on it beyond MemoryFolder (whose files a person sees,
the entries, one screened write, the dedupe keys, recall) is declared here, with the store's exact
signatures; MemoryStore implements it, so mypy checks every call an action makes and every
override the store makes. An abstract class rather than a typing.Protocol: the actions use
MemoryFolder's own methods beside these, and a Protocol cannot extend a class.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Protocol

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.memory_folder import MemoryFolder
from swarmkit.memory.folder.results import WriteResult


class KeySet(Protocol):
    """The dedupe keys a writer checks and adds to (recall/dedupe.py's DedupeKeys)."""

    def __contains__(self, key: str) -> bool: ...

    def add(self, key: str) -> None: ...


class MemoryCore(MemoryFolder, ABC):
    """One memory folder as one person reads and writes it; store.py's MemoryStore is the one."""

    @abstractmethod
    def visible(self, rel: str) -> bool: ...

    @abstractmethod
    def check_visible(self, rel: str) -> None: ...

    @abstractmethod
    def entry_visible(self, entry: E.Entry) -> bool: ...

    @abstractmethod
    def entry_at(
        self, ref: str, expect_text: str | None = None, exact: bool = False
    ) -> tuple[E.Entry, list[str]]: ...

    @abstractmethod
    def entries(self, file: str | None = None) -> list[E.Entry]: ...

    @abstractmethod
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
    ) -> WriteResult: ...

    @staticmethod
    @abstractmethod
    def outranks(old: E.Entry, by: str, origin: str) -> str | None: ...

    @abstractmethod
    def forget(self, ref: str, expect_text: str | None = None) -> WriteResult: ...

    @abstractmethod
    def dedupe_keys(self) -> KeySet: ...

    @abstractmethod
    def recall(
        self,
        query: str,
        max_results: int | None = None,
        similarity_threshold: float | None = None,
        search_scope: str | None = None,
        include_inbox: bool = False,
        closest: bool = True,
    ) -> list[Any]:  # recall's RecallHit (recall/hit.py), which the folder may not import
        ...
