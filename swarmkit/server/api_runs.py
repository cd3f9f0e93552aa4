"""The runs API: the run records `swarmkit run` writes to <workspace>/.swarmkit/runs/, the view's own only.

A server serves one person's view (`swarmkit serve --user NAME`; without it, the owner's): it lists
that person's runs, and another person's run id is a 404 like a missing one, so ids do not leak.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Query
from starlette.requests import Request

from swarmkit.runtime.records import RunRecord, list_runs, load_run
from swarmkit.server import api_models as M
from swarmkit.server.api_route import api
from swarmkit.server.context import server_config
from swarmkit.server.json_response import JSONResponse

EVERYONE = "*"  # `person=*`: every person's runs, in the owner's view only

Person = Annotated[
    str | None,
    Query(
        description="The owner's view only: another person's runs (their id), or every person's (*); "
        "a person's view is refused it (403)."
    ),
]


def records(request: Request, person: str | None, skipped: list[str] | None = None) -> list[RunRecord]:
    """The readable run records of the view's person, newest first. The owner's view (serve without
    --user) may ask for another person's (`person=NAME`) or everyone's (`person=*`), as
    `swarmkit runs --user NAME` and `--all-users` do; a person's view sees only its own."""
    from swarmkit.runtime.records import ANYONE
    from swarmkit.server.errors import ApiError

    config = server_config(request)
    if person is None or (config.user is not None and person == config.user):
        return list_runs(config.workspace, config.user, skipped)
    if config.user is not None:
        raise ApiError(
            403,
            "not_yours",
            "this view shows its own person's runs only",
            "leave out person=; the owner's view (swarmkit serve without --user) lists other people's",
        )
    return list_runs(config.workspace, ANYONE if person == EVERYONE else person, skipped)


def _words(text: str) -> set[str]:
    """Whole words, case folded: `q=7` finds run 7, not 17; `zebr` finds no "zebras"."""
    return set(re.findall(r"[^\W_]+", str(text).casefold()))


def matching(filters: M.RunFilters, found: list[RunRecord]) -> list[RunRecord]:
    """The runs the filters keep: `q` (words of the input or the output), `status`, and `since` /
    `until` (days, inclusive, on when the run started)."""
    words = _words(filters.q or "")
    since = filters.since.isoformat() if filters.since else ""
    until = filters.until.isoformat() if filters.until else ""

    def keep(record: RunRecord) -> bool:
        day = str(record.started_at or "")[:10]
        return (
            (filters.status is None or record.status == filters.status)
            and (not since or day >= since)
            and (not until or day <= until)
            and words <= _words(f"{record.input or ''} {record.output or ''}")
        )

    return [record for record in found if keep(record)]


def runs(request: Request, query: Annotated[M.RunsQuery, Query()]) -> JSONResponse:
    skipped: list[str] = []
    found = matching(query, records(request, query.person, skipped))
    page = found[query.offset : query.offset + query.limit]
    return JSONResponse({"total": len(found), "runs": [r.summary() for r in page], "warnings": skipped})


def find_run(request: Request, run_id: str, person: str | None = None) -> RunRecord:
    """The record: an id that is no run id is a 400, a missing run or another person's a 404, an
    unreadable one a 409."""
    from swarmkit.runtime.records import ANYONE

    config = server_config(request)
    if config.user is None and person is not None:  # the owner's view, opening a listed person's run
        return load_run(config.workspace, run_id, ANYONE if person == EVERYONE else person)
    return load_run(config.workspace, run_id, config.user)


def run(request: Request, run_id: M.RunId, person: Person = None) -> JSONResponse:
    return JSONResponse(find_run(request, run_id, person).to_json())


def delete_run(request: Request, run_id: M.RunId, person: Person = None) -> JSONResponse:
    """Remove one of the view's runs and its swarm folder, as `swarmkit runs rm` does (token-guarded)."""
    from swarmkit.memory import MemoryStore
    from swarmkit.runtime.records import remove_run_record
    from swarmkit.server.context import load

    record = find_run(request, run_id, person)
    removed_swarm = None
    if record.swarm:
        ws = load(request).workspace
        result = MemoryStore(ws.memory.folder, ws.id).remove_run(record.id)
        removed_swarm = result.ref or f"swarms/{record.swarm}"
    remove_run_record(server_config(request).workspace, record.id)
    return JSONResponse({"status": "deleted", "id": record.id, "swarm": removed_swarm})


ROUTES = [
    api(
        "/runs",
        runs,
        "GET",
        M.RunList,
        "The runs of this view's person (serve --user; default: the owner's), newest first",
        {400: "A bad parameter."},
        done="The matching runs (total: how many match).",
    ),
    api(
        "/runs/{run_id}",
        run,
        "GET",
        M.Run,
        "One run's record, if it is this view's person's",
        {
            400: "Not a run id (code invalid_run_id).",
            404: "No such run, or another person's (code run_not_found).",
            409: "The record cannot be read (code run_unreadable).",
        },
        done="The record.",
    ),
    api(
        "/runs/{run_id}",
        delete_run,
        "DELETE",
        M.RunDeleted,
        "Remove one of this view's runs and its swarm folder (swarmkit runs rm)",
        {
            400: "Not a run id (code invalid_run_id).",
            404: "No such run, or another person's (code run_not_found).",
        },
        done="Removed.",
        operation_id="run_delete",
    ),
]
