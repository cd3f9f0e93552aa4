"""The runs API: the run records `swarmkit run` writes to <workspace>/.swarmkit/runs/, the view's own only.

A server serves one person's view (`swarmkit serve --user NAME`; without it, the owner's): it lists
that person's runs, and another person's run id is a 404 like a missing one, so ids do not leak.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from swarmkit.runtime.records import RunRecord, list_runs, load_run
from swarmkit.server.context import server_config
from swarmkit.server.json_response import JSONResponse
from swarmkit.server.params import check_known, int_param


def records(request: Request) -> list[RunRecord]:
    """The readable run records of the view's person, newest first."""
    config = server_config(request)
    return list_runs(config.workspace, config.user)


def runs(request: Request) -> JSONResponse:
    check_known(request, ("limit",))
    limit = int_param(request, "limit", 100, 1, 10000)
    found = records(request)
    return JSONResponse({"total": len(found), "runs": [r.summary() for r in found[:limit]]})


def find_run(request: Request, run_id: str) -> RunRecord:
    """The record: an id that is no run id is a 400, a missing run or another person's a 404, an
    unreadable one a 409."""
    config = server_config(request)
    return load_run(config.workspace, run_id, config.user)


def run(request: Request) -> JSONResponse:
    check_known(request, ())
    return JSONResponse(find_run(request, request.path_params["run_id"]).to_json())


ROUTES = [
    Route("/runs", runs, methods=["GET"]),
    Route("/runs/{run_id}", run, methods=["GET"]),
]
