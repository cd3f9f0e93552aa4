"""The memory API: status, entries (listing, search, adding one), the inbox and its keep / pin / delete
(and accept / keep-both for consolidation proposals), and importing notes from a folder."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.routing import Route

from swarmkit.errors import SwarmkitError
from swarmkit.memory.actions.inbox import KEEP_TARGETS
from swarmkit.memory.folder.layout import INBOX_MD
from swarmkit.memory.folder.refs import check_ref
from swarmkit.server import memory_view as view
from swarmkit.server.context import load
from swarmkit.server.errors import ApiError
from swarmkit.server.json_response import JSONResponse
from swarmkit.server.params import check_known, float_param, int_param, json_body

LIST_LIMIT = 1000
LIST_LIMIT_MAX = 10000
SEARCH_LIMIT_MAX = 100


def memory_status(request: Request) -> JSONResponse:
    check_known(request, ())
    ctx = load(request)
    return JSONResponse(view.status(ctx.workspace, ctx.store))


def memory_config(request: Request) -> JSONResponse:
    """Upstream swarmkit's `GET /memory/config`, in its shape: the memory block over the defaults,
    which memory bindings workspace.yaml wrote itself, and whether the governed store exists."""
    check_known(request, ())
    return JSONResponse(view.upstream_config(load(request).workspace))


def search_defaults(settings) -> tuple[int, float, str]:
    """The memory-reader's own settings (the memory block's when it is off), so a search shows what
    an agent would recall."""
    reader = settings.search_reader
    return reader.max_results, reader.similarity_threshold, str(reader.search_scope)


def memory_entries(request: Request) -> JSONResponse:
    check_known(request, ("q", "scope", "limit", "threshold", "file"))
    params = request.query_params
    query = params.get("q", "").strip()
    ctx = load(request)
    if query:
        if params.get("file"):
            raise ApiError(
                400,
                "invalid_request",
                "file applies to listing; a search uses scope",
                "drop file=, or drop q= to list one file",
            )
        max_results, threshold, scope = search_defaults(ctx.settings)
        # the reader's own max_results is never refused, however large the schema lets it be
        limit = int_param(request, "limit", max_results, 1, max(SEARCH_LIMIT_MAX, max_results))
        threshold = float_param(request, "threshold", threshold, 0.0, 1.0)
        scope = params.get("scope") or scope
        entries = view.search(ctx.store, query, scope, limit, threshold, closest="threshold" not in params)
        return JSONResponse(
            {
                "query": query,
                "scope": scope,
                "threshold": threshold,
                "limit": limit,
                "total": len(entries),
                "truncated": False,
                "entries": entries,
            }
        )
    for name in ("scope", "threshold"):
        if params.get(name):
            raise ApiError(
                400,
                "invalid_request",
                f"{name} applies to a search",
                "add q=WORDS to search, or drop it to list entries",
            )
    limit = int_param(request, "limit", LIST_LIMIT, 1, LIST_LIMIT_MAX)
    entries = view.all_entries(ctx.store, params.get("file") or None)
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


async def add_entry(request: Request) -> JSONResponse:
    """`{text, kind?, subject?, to?}`: a person's entry, screened, deduped, one commit (memory add)."""
    body = await json_body(request, ("text",), ("kind", "subject", "to"))
    ctx = await run_in_threadpool(load, request)
    store = ctx.store
    result = await run_in_threadpool(
        store.add, body["text"], body.get("kind") or None, body.get("subject") or None, body.get("to") or None
    )
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


async def import_notes(request: Request) -> JSONResponse:
    """`{path}`: the notes of a folder on the server's machine into the inbox (memory import)."""
    body = await json_body(request, ("path",))
    ctx = await run_in_threadpool(load, request)
    store = ctx.store
    result = await run_in_threadpool(store.import_folder, body["path"])
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


def memory_inbox(request: Request) -> JSONResponse:
    check_known(request, ())
    ctx = load(request)
    return JSONResponse({"entries": view.file_entries(ctx.store, INBOX_MD)})


def check_inbox_ref(ref: str) -> None:
    try:
        rel, _ = check_ref(ref)
    except SwarmkitError:
        rel = None
    if rel != INBOX_MD:
        raise ApiError(
            400,
            "invalid_ref",
            f"{ref!r} is not an inbox ref",
            "inbox refs look like inbox.md#3f9a1c2b (or a line, inbox.md#L5); GET /memory/inbox lists them",
        )


def inbox_action(action: str):
    """The POST endpoint for one inbox action; `expect` is the digest the listing showed."""
    optional = {"keep": ("to",), "accept": ("text",)}.get(action, ())

    async def endpoint(request: Request) -> JSONResponse:
        body = await json_body(request, ("ref", "expect"), optional)
        check_inbox_ref(body["ref"])
        if action == "keep" and body.get("to", "me") not in KEEP_TARGETS:
            raise ApiError(
                400,
                "invalid_request",
                f"cannot keep an entry in {body['to']!r}",
                f"to is one of: {', '.join(KEEP_TARGETS)}",
            )
        ctx = await run_in_threadpool(load, request)
        store = ctx.store
        if action == "keep":
            result = await run_in_threadpool(
                store.inbox_keep, body["ref"], body.get("to", "me"), body["expect"]
            )
        elif action == "pin":
            result = await run_in_threadpool(store.inbox_pin, body["ref"], body["expect"])
        elif action == "accept":  # a consolidation proposal: merge or drop, as it says
            result = await run_in_threadpool(store.accept, body["ref"], body.get("text"), body["expect"])
        elif action == "keep-both":
            result = await run_in_threadpool(store.keep_both, body["ref"], body["expect"])
        else:
            result = await run_in_threadpool(store.inbox_delete, body["ref"], body["expect"])
        return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})

    endpoint.__name__ = f"inbox_{action.replace('-', '_')}"
    return endpoint


ROUTES = [
    Route("/memory/status", memory_status, methods=["GET"]),
    Route("/memory/config", memory_config, methods=["GET"]),
    Route("/memory/entries", memory_entries, methods=["GET"]),
    Route("/memory/entries", add_entry, methods=["POST"]),
    Route("/memory/import", import_notes, methods=["POST"]),
    Route("/memory/inbox", memory_inbox, methods=["GET"]),
    Route("/memory/inbox/keep", inbox_action("keep"), methods=["POST"]),
    Route("/memory/inbox/pin", inbox_action("pin"), methods=["POST"]),
    Route("/memory/inbox/delete", inbox_action("delete"), methods=["POST"]),
    Route("/memory/inbox/accept", inbox_action("accept"), methods=["POST"]),
    Route("/memory/inbox/keep-both", inbox_action("keep-both"), methods=["POST"]),
]
