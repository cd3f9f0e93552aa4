"""The runs API: the run records `swarmkit run` writes to <workspace>/.swarmkit/runs/."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from swarmkit.errors import SwarmkitError
from swarmkit.run_ids import RUN_ID
from swarmkit.runtime.records import list_runs, load_run, runs_dir
from swarmkit.server.context import server_config
from swarmkit.server.errors import ApiError
from swarmkit.server.params import check_known, int_param

INPUT_PREVIEW = 200


def run_summary(record: dict) -> dict:
    """One line of the runs list: enough to pick a run, not its whole transcript."""
    text = str(record.get("input") or "")
    agents = record.get("agents")
    return {
        "id": record.get("id"),
        "workspace": record.get("workspace"),
        "topology": record.get("topology"),
        "status": record.get("status"),
        "started_at": record.get("started_at"),
        "finished_at": record.get("finished_at"),
        "duration_ms": record.get("duration_ms"),
        "provider": record.get("provider"),
        "user": record.get("user"),
        "input": text if len(text) <= INPUT_PREVIEW else text[: INPUT_PREVIEW - 1] + "…",
        "agents": len(agents) if isinstance(agents, list) else 0,
        "swarm": record.get("swarm"),
        "error": record.get("error"),
    }


def records(workspace) -> list[dict]:
    """The readable run records, newest first (a file that is JSON but not a record is left out)."""
    return [r for r in list_runs(workspace) if isinstance(r, dict) and isinstance(r.get("id"), str)]


def runs(request: Request) -> JSONResponse:
    check_known(request, ("limit",))
    limit = int_param(request, "limit", 100, 1, 10000)
    records_ = records(server_config(request).workspace)
    return JSONResponse({"total": len(records_), "runs": [run_summary(r) for r in records_[:limit]]})


def find_run(workspace, run_id: str) -> dict:
    if not RUN_ID.match(run_id):
        raise ApiError(400, "invalid_run_id", f"{run_id!r} is not a run id", "run ids look like r-1a2b3c4d")
    if not (runs_dir(workspace) / f"{run_id}.json").is_file():
        raise ApiError(404, "run_not_found", f"no run {run_id} in this workspace", "GET /runs lists the runs")
    try:
        record = load_run(workspace, run_id)
    except SwarmkitError as exc:
        raise ApiError(409, "run_unreadable", exc.message, exc.hint) from None
    if not isinstance(record, dict):
        raise ApiError(
            409,
            "run_unreadable",
            f"the record of run {run_id} is not a JSON object",
            f"delete {runs_dir(workspace) / (run_id + '.json')}",
        )
    return record


def run(request: Request) -> JSONResponse:
    check_known(request, ())
    return JSONResponse(find_run(server_config(request).workspace, request.path_params["run_id"]))


ROUTES = [
    Route("/runs", runs, methods=["GET"]),
    Route("/runs/{run_id}", run, methods=["GET"]),
]
