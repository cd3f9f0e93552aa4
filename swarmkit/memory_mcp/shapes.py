"""What each tool returns: the documents `swarmkit memory ... --format json` prints, so a client of
the MCP server and a script reading the CLI see one shape of entry."""

from __future__ import annotations

from swarmkit.errors import SwarmkitError
from swarmkit.memory import entry_views, hit_views, inbox_views, line_views, view_at


def recall(store, reader, query: str, max_results: int | None, scope: str | None) -> dict:
    """As `memory search`: the reader's scoring, its defaults, the person's view."""
    hits = store.recall(
        query,
        max_results if max_results is not None else reader.max_results,
        reader.similarity_threshold,
        scope or reader.search_scope,
    )
    return {"query": query, "results": [hit.to_dict() for hit in hit_views(store, hits)]}


def entries(store, file: str | None) -> dict:
    require_folder(store)
    return {"entries": [view.to_dict() for view in entry_views(store, file)]}


def show(store, ref: str) -> dict:
    require_folder(store)
    if "#" not in ref and ref.endswith(".md"):
        from swarmkit.memory import check_ref

        check_ref(f"{ref}#L1")
        store.check_visible(ref)
        lines = store.read_lines(ref)
        if lines is None:
            raise SwarmkitError(f"{ref} is not in the memory folder", "the list tool names the files")
        return {
            "file": ref,
            "text": "\n".join(lines) + "\n",
            "entries": [view.to_dict() for view in line_views(store, ref, lines)],
        }
    return view_at(store, ref).to_dict()


def history(store, entry: str) -> dict:
    return {"entry": entry, "changes": store.history(entry)}


def inbox(store) -> dict:
    require_folder(store)
    return {"entries": [view.to_dict() for view in inbox_views(store)]}


def require_folder(store) -> None:
    if not store.exists():
        raise store.missing_error()
