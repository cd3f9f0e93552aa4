"""Read-only views of a memory folder, shared by the API and the Memory page."""

from __future__ import annotations

from swarmkit.errors import SwarmkitError
from swarmkit.memory import (
    INBOX_MD,
    Entry,
    FileClass,
    Kind,
    MemoryStore,
    check_ref,
    file_views,
    hit_views,
    holds_entries,
    read_readme,
    swarm_scope,
)
from swarmkit.memory import SCOPES as SEARCH_SCOPES
from swarmkit.server.errors import ApiError
from swarmkit.urls import without_credentials


def file_entries(store: MemoryStore, rel: str) -> list[dict]:
    """The entries of one file this view may see (an inbox entry held for another person is not)."""
    return [view.to_dict() for view in file_views(store, rel)]


def all_entries(store: MemoryStore, file: str | None = None) -> list[dict]:
    """Every entry (or one file's), in file and line order, with digests."""
    if file is not None:
        check_file(store, file)
        return file_entries(store, file)
    out: list[dict] = []
    for rel in store.md_files():
        if holds_entries(rel) and store.visible(rel):
            out.extend(file_entries(store, rel))
    return out


def check_file(store: MemoryStore, rel: str) -> None:
    try:
        check_ref(f"{rel}#L1")
    except SwarmkitError:
        raise ApiError(
            400,
            "invalid_request",
            f"{rel!r} is not a memory file name",
            "use a path relative to the memory folder, like lessons.md",
        ) from None
    store.check_visible(rel)  # another person's file: 403 not_yours
    if store.read_lines(rel, refuse=True) is None:  # a FIFO or a pasted 12 MB file: 409, why
        raise ApiError(
            404, "file_not_found", f"{rel} is not in the memory folder", "GET /memory/status lists the files"
        )


def search(
    store: MemoryStore, query: str, scope: str, limit: int, threshold: float, closest: bool = True
) -> list[dict]:
    """Recall as the memory-reader does it, each hit with its score and the entry's metadata; with
    closest=False (a threshold the caller chose) nothing under the threshold comes back."""
    if scope not in SEARCH_SCOPES and swarm_scope(scope) is None:
        raise ApiError(
            400, "invalid_request", f"unknown scope {scope!r}", "use user, all, both or swarm:<slug>"
        )
    hits = store.recall(query, limit, threshold, scope, closest=closest)
    return [hit.to_dict() for hit in hit_views(store, hits)]


def status(workspace, store: MemoryStore) -> dict:
    info = store.status()
    return {
        "workspace": {"id": workspace.id, "name": workspace.name, "root": str(workspace.root)},
        **workspace.memory.to_dict(),
        "exists": info["exists"],
        "user": store.user,
        "user_file": info["user_file"],
        "counts": {
            "files": info["files"],
            "others": info["others"],
            "entries": info["entries"],
            "inbox": info["inbox"],
            "swarms": len(info["swarms"]),
            "other_swarms": info["other_swarms"],
        },
        "swarms": info["swarms"],
        "git": {
            "versioned": info["git"],
            "head": info["head"],
            "dirty": info["dirty"],
            "remote": without_credentials(info["remote"]),
            "state": info["git_state"],
        },
        "budgets": info["budgets"],
        "warnings": list(store.warnings) + info["budget_warnings"],
    } | _recall()


def _recall() -> dict:
    """Which recall is in force (nothing with SWARMKIT_EMBEDDING_MODEL=off: the status is as it was)."""
    from swarmkit.memory import describe_recall_model as describe
    from swarmkit.memory import recall_model_dict as to_dict

    return {"recall": to_dict()} if describe() is not None else {}


def upstream_config(workspace) -> dict:
    """The effective memory block as upstream's `GET /memory/config` gives it (its keys and values):
    `enabled`, `reader` and `writer` (the block over the defaults, whatever the bindings), `explicit`
    (the memory bindings workspace.yaml wrote) and `governed_store` (a governed-memory skill exists)."""
    memory = workspace.memory
    return {
        "enabled": memory.enabled,
        "reader": dict(memory.block["reader"]),
        "writer": dict(memory.block["writer"]),
        "explicit": list(memory.explicit),
        "governed_store": "governed-memory" in workspace.skills,
    }


def swarm_folders(store: MemoryStore, slugs: list[str]) -> list[dict]:
    """Each swarm folder: goal, run and members from README.md, then its findings and questions."""
    out = []
    for slug in slugs:
        rel = f"swarms/{slug}"
        info = read_readme(store.read_lines(f"{rel}/README.md") or [])
        goal, run = info["goal"], info["run"]
        members = [f"{name} (read-only)" if read_only else name for name, read_only in info["members"]]
        files = {name: file_entries(store, f"{rel}/{name}") for name in ("findings.md", "questions.md")}
        out.append({"slug": slug, "goal": goal, "run": run, "members": members, "files": files})
    return out


def is_swarm_file(rel: str) -> bool:
    return FileClass.of(rel).kind is Kind.SWARM


def is_inbox(rel: str) -> bool:
    return rel == INBOX_MD


def proposal_view(store: MemoryStore, entry: dict) -> dict | None:
    """A consolidation proposal in the inbox with the entries it names, side by side (each as it is
    now, or missing when it changed or went since), or None for any other inbox entry."""
    from swarmkit.memory import is_proposal, refs_of

    parsed = Entry(entry["text"], entry["metadata"], entry["file"], entry["line"])
    if not is_proposal(parsed):
        return None
    named = []
    files: dict[str, dict[str, dict]] = {}
    for ref in refs_of(parsed):
        rel = ref.rsplit("#", 1)[0]
        if rel not in files:
            files[rel] = {v["stable_ref"]: v for v in file_entries(store, rel)} if store.visible(rel) else {}
        found = files[rel].get(ref)
        named.append({"stable_ref": ref, "entry": found, "keep": ref == parsed.meta.get("keep")})
    return {
        "action": parsed.meta["proposal"],
        "reason": parsed.meta.get("reason"),
        "evidence": parsed.meta.get("evidence"),
        "entries": named,
    }
