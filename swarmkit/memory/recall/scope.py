"""Which files a search reads, and the parameters every search checks."""

from __future__ import annotations

from collections.abc import Callable

from swarmkit.errors import SwarmkitError

SCOPES = ("user", "all", "both")


def scope_predicate(store, search_scope: str, include_inbox: bool = False) -> Callable[[str], bool]:
    """Does a file class belong to the scope."""
    search_scope = str(getattr(search_scope, "value", search_scope))  # an enum from the reader config
    if search_scope.startswith("swarm:"):
        return lambda cls: cls == search_scope
    if search_scope not in SCOPES:
        raise SwarmkitError(
            f"unknown search scope {search_scope!r}",
            "use user (your file), all (every file but the inbox, swarms and other people's files) "
            "or both (your file plus the shared files)",
        )
    user = store.own_class
    if search_scope == "user":
        return lambda cls: cls == user or (include_inbox and cls == "inbox")
    if search_scope == "all":
        from swarmkit.memory.folder.privacy import visible  # never another person's file, whatever the scope

        return lambda cls: (
            (cls != "inbox" or include_inbox) and not cls.startswith("swarm:") and visible(cls, user)
        )

    def both(cls: str) -> bool:
        shared = cls in ("memory", "lessons", "other") or cls.startswith("workspace:")
        return shared or cls == user or (include_inbox and cls == "inbox")

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
