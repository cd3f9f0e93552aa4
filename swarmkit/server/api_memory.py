"""The memory API: status, entries (listing, search, adding, editing and forgetting one, its history),
the inbox and its keep / pin / delete (and accept / keep-both for consolidation proposals), and
importing notes from a folder."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request

from swarmkit.errors import SwarmkitError
from swarmkit.memory import INBOX_MD, KEEP_TARGETS, check_ref
from swarmkit.server import api_models as M
from swarmkit.server import memory_view as view
from swarmkit.server.api_route import NOT_JSON, WORKSPACE_INVALID, ApiRoute, api, path_param, query
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
    body = await json_body(request, *M.body_fields(M.NewEntry))
    ctx = await run_in_threadpool(load, request)
    store = ctx.store
    result = await run_in_threadpool(
        store.add, body["text"], body.get("kind") or None, body.get("subject") or None, body.get("to") or None
    )
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


async def import_notes(request: Request) -> JSONResponse:
    """`{path}`: the notes of a folder on the server's machine into the inbox (memory import)."""
    body = await json_body(request, *M.body_fields(M.ImportRequest))
    ctx = await run_in_threadpool(load, request)
    store = ctx.store
    result = await run_in_threadpool(store.import_folder, body["path"])
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


def path_ref(request: Request) -> str:
    """The entry ref of the URL (`/memory/entries/me.md%233f9a1c2b`: its `#` sent as %23)."""
    ref = request.path_params["ref"]
    try:
        check_ref(ref)
    except SwarmkitError:
        raise ApiError(
            400,
            "invalid_ref",
            f"{ref!r} is not an entry ref",
            "refs look like me.md#3f9a1c2b (or a line, me.md#L3), with # sent as %23; "
            "GET /memory/entries lists them",
        ) from None
    return ref


async def edit_entry(request: Request) -> JSONResponse:
    """`{text}`: the entry's new text; it becomes the person's own, screened, one commit (memory edit)."""
    ref = path_ref(request)
    body = await json_body(request, *M.body_fields(M.EntryEdit))
    ctx = await run_in_threadpool(load, request)
    store = ctx.store
    result = await run_in_threadpool(store.edit, ref, body["text"])
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


async def forget_entry(request: Request) -> JSONResponse:
    """Remove the entry, in one commit (memory forget); `expect` (its digest or text) refuses a
    changed entry."""
    check_known(request, ("expect",))
    ref = path_ref(request)
    expect = request.query_params.get("expect") or None
    ctx = await run_in_threadpool(load, request)
    store = ctx.store
    result = await run_in_threadpool(store.forget, ref, expect)
    return JSONResponse(result.to_dict() | {"warnings": list(store.warnings)})


async def entry_history(request: Request) -> JSONResponse:
    """Every change to the entry, newest first, from the folder's git history (memory history)."""
    check_known(request, ())
    ref = path_ref(request)
    ctx = await run_in_threadpool(load, request)
    changes = await run_in_threadpool(ctx.store.history, ref)
    return JSONResponse({"entry": ref, "changes": changes})


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
    fields = M.body_fields(_INBOX_BODIES.get(action, M.InboxAction))

    async def endpoint(request: Request) -> JSONResponse:
        body = await json_body(request, *fields)
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
    endpoint.__qualname__ = endpoint.__name__
    return endpoint


_INBOX_BODIES: dict[str, type[M.InboxAction]] = {"keep": M.InboxKeep, "accept": M.InboxAccept}
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
_REF = path_param("ref", {"type": "string"}, "The entry's ref, its # sent as %23 (me.md%233f9a1c2b).")
_ENTRY_CHANGED = (
    "The entry changed or went since it was listed, or the workspace is not valid; nothing was changed."
)


def _inbox_route(action: str) -> ApiRoute:
    endpoint = inbox_action(action)
    return api(
        f"/memory/inbox/{action}",
        endpoint,
        "POST",
        M.EntryResult,
        _INBOX_SUMMARIES[action],
        _INBOX_ERRORS,
        done="Done, in one git commit.",
        body=_INBOX_BODIES.get(action, M.InboxAction),
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
        params=(
            query("q", {"type": "string"}, "Search words; without it, every entry is listed."),
            query(
                "scope",
                {"type": "string"},
                "Search only: user, all, both or swarm:<slug> (default: the reader's search_scope).",
            ),
            query(
                "limit",
                {"type": "integer", "minimum": 1},
                "At most this many entries (search default: the reader's max_results; listing: 1000).",
            ),
            query(
                "threshold",
                {"type": "number", "minimum": 0, "maximum": 1},
                "Search only: minimum score, kept strictly (default: the reader's similarity_threshold, "
                "with the closest entries when none clears it).",
            ),
            query("file", {"type": "string"}, "Listing only: one file, e.g. lessons.md."),
        ),
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
        body=M.NewEntry,
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
        params=(_REF,),
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
        body=M.EntryEdit,
        params=(_REF,),
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
        params=(
            _REF,
            query(
                "expect",
                {"type": "string"},
                "The digest (or text) the listing showed: a changed entry is refused.",
            ),
        ),
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
        body=M.ImportRequest,
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
