"""The memory API: status, entries (listing, search, adding, editing and forgetting one, its history),
the inbox and its keep / pin / delete (and accept / keep-both for consolidation proposals), and
importing notes from a folder."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import Query
from starlette.requests import Request

from swarmkit.memory import INBOX_MD
from swarmkit.server import api_models as M
from swarmkit.server import memory_view as view
from swarmkit.server.api_models import LIST_LIMIT, SEARCH_LIMIT_MAX, out_of_range
from swarmkit.server.api_route import NOT_JSON, WORKSPACE_INVALID, ApiRoute, api
from swarmkit.server.context import load
from swarmkit.server.errors import ApiError
from swarmkit.server.json_response import JSONResponse


def written(store, result) -> JSONResponse:
    """A write's result with the warnings the store gave while making it."""
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


def memory_status(request: Request) -> JSONResponse:
    ctx = load(request)
    return JSONResponse(view.status(ctx.workspace, ctx.store))


def memory_config(request: Request) -> JSONResponse:
    """Upstream swarmkit's `GET /memory/config`, in its shape: the memory block over the defaults,
    which memory bindings workspace.yaml wrote itself, and whether the governed store exists."""
    return JSONResponse(view.upstream_config(load(request).workspace))


def search_defaults(settings) -> tuple[int, float, str]:
    """The memory-reader's own settings (the memory block's when it is off), so a search shows what
    an agent would recall."""
    reader = settings.search_reader
    return reader.max_results, reader.similarity_threshold, str(reader.search_scope)


def memory_entries(request: Request, query: Annotated[M.EntriesQuery, Query()]) -> JSONResponse:
    ctx = load(request)
    if query.searching:
        max_results, threshold, scope = search_defaults(ctx.settings)
        limit = query.limit or max_results
        high = max(SEARCH_LIMIT_MAX, max_results)  # the reader's own max_results is never refused
        if limit > high:
            raise ApiError(
                400, "invalid_request", out_of_range("limit", 1, high, request.query_params["limit"])
            )
        threshold = query.threshold if query.threshold is not None else threshold
        scope = query.scope or scope
        entries = view.search(
            ctx.store, query.q.strip(), scope, limit, threshold, closest=query.threshold is None
        )
        return JSONResponse(
            {
                "query": query.q.strip(),
                "scope": scope,
                "threshold": threshold,
                "limit": limit,
                "total": len(entries),
                "truncated": False,
                "entries": entries,
            }
        )
    limit = query.limit or LIST_LIMIT
    entries = view.all_entries(ctx.store, query.file)
    return JSONResponse(
        {
            "query": None,
            "scope": None,
            "threshold": None,
            "limit": limit,
            "total": len(entries),
            "truncated": len(entries) > limit,
            "entries": entries[:limit],
        }
    )


def add_entry(request: Request, body: M.NewEntry) -> JSONResponse:
    """`{text, kind?, subject?, to?}`: a person's entry, screened, deduped, one commit (memory add)."""
    store = load(request).store
    return written(store, store.add(body.text, body.kind or None, body.subject or None, body.to or None))


def import_notes(request: Request, body: M.ImportRequest) -> JSONResponse:
    """`{path}`: the notes of a folder on the server's machine into the inbox (memory import)."""
    store = load(request).store
    return written(store, store.import_folder(body.path))


def edit_entry(request: Request, ref: M.EntryRef, body: M.EntryEdit) -> JSONResponse:
    """`{text}`: the entry's new text; it becomes the person's own, screened, one commit (memory edit)."""
    store = load(request).store
    return written(store, store.edit(ref, body.text))


Expect = Annotated[
    str | None, Query(description="The digest (or text) the listing showed: a changed entry is refused.")
]


def forget_entry(request: Request, ref: M.EntryRef, expect: Expect = None) -> JSONResponse:
    """Remove the entry, in one commit (memory forget); `expect` (its digest or text) refuses a
    changed entry."""
    store = load(request).store
    return written(store, store.forget(ref, expect))


def entry_history(request: Request, ref: M.EntryRef) -> JSONResponse:
    """Every change to the entry, newest first, from the folder's git history (memory history)."""
    return JSONResponse({"entry": ref, "changes": load(request).store.history(ref)})


def memory_inbox(request: Request) -> JSONResponse:
    ctx = load(request)
    return JSONResponse({"entries": view.file_entries(ctx.store, INBOX_MD)})


def inbox_keep(request: Request, body: M.InboxKeep) -> JSONResponse:
    store = load(request).store
    return written(store, store.inbox_keep(body.ref, body.to, body.expect))


def inbox_pin(request: Request, body: M.InboxAction) -> JSONResponse:
    store = load(request).store
    return written(store, store.inbox_pin(body.ref, body.expect))


def inbox_delete(request: Request, body: M.InboxAction) -> JSONResponse:
    store = load(request).store
    return written(store, store.inbox_delete(body.ref, body.expect))


def inbox_accept(request: Request, body: M.InboxAccept) -> JSONResponse:
    """A consolidation proposal: merge or drop, as it says (`text`: a merge in the person's words)."""
    store = load(request).store
    return written(store, store.accept(body.ref, body.text, body.expect))


def inbox_keep_both(request: Request, body: M.InboxAction) -> JSONResponse:
    store = load(request).store
    return written(store, store.keep_both(body.ref, body.expect))


_INBOX_ENDPOINTS: dict[str, Callable[..., Any]] = {
    "keep": inbox_keep,
    "pin": inbox_pin,
    "delete": inbox_delete,
    "accept": inbox_accept,
    "keep-both": inbox_keep_both,
}
_INBOX_SUMMARIES = {
    "keep": "Move an inbox entry to me.md, lessons.md or the workspace file, as the user's",
    "pin": "Move an inbox entry above ## Index in MEMORY.md (always loaded), as the user's",
    "delete": "Delete an inbox entry",
    "accept": "Do what a consolidation proposal says: merge or drop, in one commit",
    "keep-both": "Keep the entries a consolidation proposal names as they are",
}
_INBOX_ERRORS = {
    400: "Bad body or a ref outside the inbox.",
    409: "The entry changed since it was listed, the folder is missing or full, "
    "or the workspace is not valid; nothing was changed.",
    415: NOT_JSON,
}
_ENTRY_CHANGED = (
    "The entry changed or went since it was listed, or the workspace is not valid; nothing was changed."
)


def _inbox_route(action: str) -> ApiRoute:
    return api(
        f"/memory/inbox/{action}",
        _INBOX_ENDPOINTS[action],
        "POST",
        M.EntryResult,
        _INBOX_SUMMARIES[action],
        _INBOX_ERRORS,
        done="Done, in one git commit.",
    )


ROUTES = [
    api(
        "/memory/status",
        memory_status,
        "GET",
        M.Status,
        "The effective memory configuration and the memory folder's state",
        {409: WORKSPACE_INVALID},
        done="Status.",
    ),
    api(
        "/memory/config",
        memory_config,
        "GET",
        M.UpstreamConfig,
        "The effective memory block in upstream swarmkit's shape (read-only)",
        {409: WORKSPACE_INVALID},
        done="Upstream's memory config.",
    ),
    api(
        "/memory/entries",
        memory_entries,
        "GET",
        M.EntryList,
        "List entries, or search them as the memory-reader recalls (when q is given)",
        {
            400: "A bad parameter.",
            403: "Another person's file (code not_yours): shown only to their view.",
            404: "No such file (code file_not_found).",
            409: WORKSPACE_INVALID,
        },
        done="Entries in file and line order, or hits best first.",
    ),
    api(
        "/memory/entries",
        add_entry,
        "POST",
        M.EntryResult,
        "Add an entry as the person's own: screened, deduped, one git commit",
        {
            400: "Empty, over-long, secret-only or not-a-fact text, an unknown kind, a target that takes "
            "no added entries (code invalid_entry), or a bad body; nothing was written.",
            409: "The target file is full, or the workspace is not valid; nothing was written.",
            415: NOT_JSON,
        },
        done="Written (or already there).",
        operation_id="memory_add",
    ),
    api(
        "/memory/entries/{ref:path}/history",
        entry_history,
        "GET",
        M.History,
        "Every change to an entry, newest first, from the folder's git history",
        {
            400: "Not a ref (code invalid_ref).",
            403: "Another person's file (code not_yours).",
            409: "No entry has this ref now, or the workspace is not valid.",
        },
        done="Its changes (older texts included).",
        operation_id="memory_history",
    ),
    api(
        "/memory/entries/{ref:path}",
        edit_entry,
        "PUT",
        M.EntryResult,
        "Replace an entry's text; it becomes the person's own (one git commit)",
        {
            400: "Not a ref (code invalid_ref), a bad body, or text that cannot be written "
            "(code invalid_entry); nothing was changed.",
            409: _ENTRY_CHANGED,
            415: NOT_JSON,
        },
        done="Edited (status edited; old is the text it had).",
        operation_id="memory_edit",
    ),
    api(
        "/memory/entries/{ref:path}",
        forget_entry,
        "DELETE",
        M.EntryResult,
        "Forget an entry (one git commit)",
        {400: "Not a ref (code invalid_ref) or a bad parameter.", 409: _ENTRY_CHANGED},
        done="Forgotten (status forgotten; text is what went).",
        operation_id="memory_forget",
    ),
    api(
        "/memory/import",
        import_notes,
        "POST",
        M.ImportResult,
        "Import the notes (.md bullets) of a folder into the inbox, in one git commit",
        {
            400: "The path is not an absolute, existing, importable folder (code invalid_import); "
            "nothing was written.",
            409: "The workspace is not valid.",
            415: NOT_JSON,
        },
        done="Imported (the counts say how many, and what was skipped).",
        operation_id="memory_import",
    ),
    api(
        "/memory/inbox",
        memory_inbox,
        "GET",
        M.Inbox,
        "Unreviewed entries, each with the digest that keep / pin / delete send back",
        {409: WORKSPACE_INVALID},
        done="The inbox.",
    ),
    *(_inbox_route(action) for action in ("keep", "pin", "delete", "accept", "keep-both")),
]
