"""What each tool returns: the documents `swarmkit memory ... --format json` prints, so a client of
the MCP server and a script reading the CLI see one shape of entry."""

from __future__ import annotations

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.folder.layout import INBOX_MD
from swarmkit.memory.folder.refs import entry_digest, stable_ref


def recall(store, reader, query: str, max_results: int | None, scope: str | None) -> dict:
    """As `memory search`: the reader's scoring, its defaults, the person's view."""
    hits = store.recall(
        query,
        max_results if max_results is not None else reader.max_results,
        reader.similarity_threshold,
        scope or reader.search_scope,
    )
    return {
        "query": query,
        "results": [h.to_dict() | {"stable_ref": f"{h.file}#{text_digest(h.text)}"} for h in hits],
    }


def entries(store, file: str | None) -> dict:
    require_folder(store)
    return {"entries": [e.to_dict() | {"stable_ref": stable_ref(e)} for e in store.entries(file)]}


def show(store, ref: str) -> dict:
    require_folder(store)
    if "#" not in ref and ref.endswith(".md"):
        from swarmkit.memory.folder.refs import check_ref

        check_ref(f"{ref}#L1")
        store.check_visible(ref)
        lines = store.read_lines(ref)
        if lines is None:
            raise SwarmkitError(f"{ref} is not in the memory folder", "the list tool names the files")
        return {
            "file": ref,
            "text": "\n".join(lines) + "\n",
            "entries": [e.to_dict() for e in store.entries(ref)],
        }
    entry, lines = store.entry_at(ref)
    return entry.to_dict() | {"stable_ref": stable_ref(entry), "digest": entry_digest(lines[entry.line - 1])}


def history(store, entry: str) -> dict:
    return {"entry": entry, "changes": store.history(entry)}


def inbox(store) -> dict:
    require_folder(store)
    lines = store.read_lines(INBOX_MD) or []
    return {
        "entries": [
            e.to_dict() | {"stable_ref": stable_ref(e), "digest": entry_digest(lines[e.line - 1])}
            for e in store.inbox_list()
        ]
    }


def require_folder(store) -> None:
    if not store.exists():
        raise store.missing_error()
