"""The runs API: the run records `swarmkit run` writes to <workspace>/.swarmkit/runs/."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from swarmkit.runtime.records import RunRecord, list_runs, load_run
from swarmkit.server.context import server_config
from swarmkit.server.params import check_known, int_param


def records(workspace) -> list[RunRecord]:
    """The readable run records, newest first."""
    return list_runs(workspace)


def runs(request: Request) -> JSONResponse:
    check_known(request, ("limit",))
    limit = int_param(request, "limit", 100, 1, 10000)
    found = records(server_config(request).workspace)
    return JSONResponse({"total": len(found), "runs": [r.summary() for r in found[:limit]]})


def find_run(workspace, run_id: str) -> RunRecord:
    """The record: an id that is no run id is a 400, a missing run a 404, an unreadable one a 409."""
    return load_run(workspace, run_id)


def run(request: Request) -> JSONResponse:
    check_known(request, ())
    return JSONResponse(find_run(server_config(request).workspace, request.path_params["run_id"]).to_json())


ROUTES = [
    Route("/runs", runs, methods=["GET"]),
    Route("/runs/{run_id}", run, methods=["GET"]),
]
