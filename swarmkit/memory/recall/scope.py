"""Which files a search reads, and the parameters every search checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.file_class import FileClass, Kind

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder

SCOPES = ("user", "all", "both")


def swarm_scope(search_scope: str) -> FileClass | None:
    """The swarm a scope names (`swarm:<slug>`), else None."""
    named = FileClass.parse(search_scope)
    return named if named is not None and named.kind is Kind.SWARM else None


def scope_predicate(
    store: MemoryFolder, search_scope: str, include_inbox: bool = False
) -> Callable[[FileClass], bool]:
    """Does a file class belong to the scope."""
    search_scope = str(getattr(search_scope, "value", search_scope))  # an enum from the reader config
    swarm = swarm_scope(search_scope)
    if swarm is not None:  # a swarm of another person's run is none of this person's
        shown = store.class_visible(swarm)
        return lambda cls: shown and cls == swarm
    if search_scope not in SCOPES:
        raise SwarmkitError(
            f"unknown search scope {search_scope!r}",
            "use user (your file), all (every file but the inbox, swarms and other people's files) "
            "or both (your file plus the shared files)",
        )
    user = store.own_class

    def inbox(cls: FileClass) -> bool:
        return include_inbox and cls.kind is Kind.INBOX

    if search_scope == "user":
        return lambda cls: cls == user or inbox(cls)
    if search_scope == "all":
        from swarmkit.memory.folder.privacy import visible  # never another person's file, whatever the scope

        return lambda cls: (cls.rules.searched or inbox(cls)) and visible(cls, user)

    def both(cls: FileClass) -> bool:
        return cls.rules.shared or cls == user or inbox(cls)

    return both


def reader_parameters(max_results, threshold, search_scope) -> tuple[int, float, str]:
    """A search's parameters, checked; one not given (None) is the memory-reader's schema default."""
    from swarmkit.memory_skills import reader_defaults

    defaults = reader_defaults()
    max_results = defaults["max_results"] if max_results is None else max_results
    threshold = defaults["similarity_threshold"] if threshold is None else threshold
    search_scope = defaults["search_scope"] if search_scope is None else search_scope
    check_parameters(max_results, threshold)
    return max_results, float(threshold), str(getattr(search_scope, "value", search_scope))


def check_parameters(max_results, threshold) -> None:
    from swarmkit.memory_skills import reader_defaults

    example = reader_defaults()
    if isinstance(max_results, bool) or not isinstance(max_results, int) or max_results < 1:
        raise SwarmkitError(
            f"max_results must be a whole number of at least 1, not {max_results!r}",
            f"for example --max {example['max_results']}",
        )
    if not 0 <= float(threshold) <= 1:
        raise SwarmkitError(
            f"similarity_threshold must be between 0 and 1, not {threshold!r}",
            f"for example --threshold {example['similarity_threshold']:g} (the share of the query's weight matched)",
        )
