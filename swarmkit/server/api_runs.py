"""The runs API: the run records `swarmkit run` writes to <workspace>/.swarmkit/runs/, the view's own only.

A server serves one person's view (`swarmkit serve --user NAME`; without it, the owner's): it lists
that person's runs, and another person's run id is a 404 like a missing one, so ids do not leak.
"""

from __future__ import annotations

import re

from starlette.requests import Request

from swarmkit.runtime.records import RunRecord, list_runs, load_run
from swarmkit.server import api_models as M
from swarmkit.server.api_route import api, path_param, query
from swarmkit.server.context import server_config
from swarmkit.server.json_response import JSONResponse
from swarmkit.server.params import check_known, int_param

EVERYONE = "*"  # `person=*`: every person's runs, in the owner's view only


def records(request: Request, skipped: list[str] | None = None) -> list[RunRecord]:
    """The readable run records of the view's person, newest first. The owner's view (serve without
    --user) may ask for another person's (`person=NAME`) or everyone's (`person=*`), as
    `swarmkit runs --user NAME` and `--all-users` do; a person's view sees only its own."""
    from swarmkit.runtime.records import ANYONE
    from swarmkit.server.errors import ApiError

    config = server_config(request)
    person = request.query_params.get("person") or None
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


STATUSES = ("ok", "failed", "rejected", "interrupted")


def _words(text: str) -> set[str]:
    """Whole words, case folded: `q=7` finds run 7, not 17; `zebr` finds no "zebras"."""
    return set(re.findall(r"[^\W_]+", str(text).casefold()))


def matching(request: Request, found: list[RunRecord]) -> list[RunRecord]:
    """The runs the filters keep: `q` (words of the input or the output), `status`, and `since` /
    `until` (dates, YYYY-MM-DD, inclusive, on when the run started)."""
    from swarmkit.server.errors import ApiError

    params = request.query_params
    status = params.get("status") or None
    if status is not None and status not in STATUSES:
        raise ApiError(
            400,
            "invalid_request",
            f"status {status!r} is not one of: {', '.join(STATUSES)}",
            f"use status={STATUSES[0]}, or leave it out",
        )
    days = {}
    for name in ("since", "until"):
        value = params.get(name) or ""
        if value and (len(value) != 10 or not value[:4].isdigit() or value[4] != "-" or value[7] != "-"):
            raise ApiError(
                400, "invalid_request", f"{name} {value!r} is not a date", f"use {name}=2026-11-30"
            )
        days[name] = value
    words = _words(params.get("q") or "")

    def keep(record: RunRecord) -> bool:
        day = str(record.started_at or "")[:10]
        return (
            (status is None or record.status == status)
            and (not days["since"] or day >= days["since"])
            and (not days["until"] or day <= days["until"])
            and words <= _words(f"{record.input or ''} {record.output or ''}")
        )

    return [record for record in found if keep(record)]


def runs(request: Request) -> JSONResponse:
    check_known(request, ("limit", "offset", "q", "status", "since", "until", "person"))
    limit = int_param(request, "limit", 100, 1, 10000)
    offset = int_param(request, "offset", 0, 0, 10**9)
    skipped: list[str] = []
    found = matching(request, records(request, skipped))
    return JSONResponse(
        {
            "total": len(found),
            "runs": [r.summary() for r in found[offset : offset + limit]],
            "warnings": skipped,
        }
    )


def find_run(request: Request, run_id: str) -> RunRecord:
    """The record: an id that is no run id is a 400, a missing run or another person's a 404, an
    unreadable one a 409."""
    from swarmkit.runtime.records import ANYONE

    config = server_config(request)
    person = request.query_params.get("person") or None
    if config.user is None and person is not None:  # the owner's view, opening a listed person's run
        return load_run(config.workspace, run_id, ANYONE if person == EVERYONE else person)
    return load_run(config.workspace, run_id, config.user)


def run(request: Request) -> JSONResponse:
    check_known(request, ("person",))
    return JSONResponse(find_run(request, request.path_params["run_id"]).to_json())


def delete_run(request: Request) -> JSONResponse:
    """Remove one of the view's runs and its swarm folder, as `swarmkit runs rm` does (token-guarded)."""
    from swarmkit.memory import MemoryStore
    from swarmkit.runtime.records import remove_run_record
    from swarmkit.server.context import load

    check_known(request, ("person",))
    record = find_run(request, request.path_params["run_id"])
    removed_swarm = None
    if record.swarm:
        ws = load(request).workspace
        result = MemoryStore(ws.memory.folder, ws.id).remove_run(record.id)
        removed_swarm = result.ref or f"swarms/{record.swarm}"
    remove_run_record(server_config(request).workspace, record.id)
    return JSONResponse({"status": "deleted", "id": record.id, "swarm": removed_swarm})


_PERSON = query(
    "person",
    {"type": "string"},
    "The owner's view only: another person's runs (their id), or every person's (*); "
    "a person's view is refused it (403).",
)
_RUN_ID = path_param("run_id", {"type": "string", "pattern": M.RUN_ID})

ROUTES = [
    api(
        "/runs",
        runs,
        "GET",
        M.RunList,
        "The runs of this view's person (serve --user; default: the owner's), newest first",
        {400: "A bad parameter."},
        done="The matching runs (total: how many match).",
        params=(
            query("limit", {"type": "integer", "minimum": 1}, "At most this many (default 100)."),
            query("offset", {"type": "integer", "minimum": 0}, "Skip this many of the matching runs."),
            query("q", {"type": "string"}, "Words the input or the output holds, all of them."),
            query(
                "status",
                {"type": "string", "enum": ["ok", "failed", "rejected", "interrupted"]},
                "Only runs that ended so.",
            ),
            query("since", {"type": "string", "format": "date"}, "Runs started on or after this day."),
            query("until", {"type": "string", "format": "date"}, "Runs started on or before this day."),
            _PERSON,
        ),
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
        params=(_RUN_ID, _PERSON),
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
        params=(_RUN_ID, _PERSON),
        operation_id="run_delete",
    ),
]
