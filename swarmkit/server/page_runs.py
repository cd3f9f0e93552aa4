"""The Runs pages: the view's runs newest first, and one run with what its agents did and remembered.
What they show is gathered here; templates/runs.html and run.html lay it out."""

from __future__ import annotations

from typing import Annotated, get_args
from urllib.parse import urlencode

from fastapi import Query
from starlette.requests import Request

from swarmkit.server.api_models import RunsPageQuery, RunStatus
from swarmkit.server.api_route import PageRoute
from swarmkit.server.api_runs import find_run, matching, records
from swarmkit.server.context import server_config
from swarmkit.server.render import render, text_value

HEADS = {"duration_ms": "time (ms)"}  # a column's name where the record's key reads badly
PAGE_SIZE = 50  # runs a page of the list shows
TABLES = (
    ("Agents", "agents", ["id", "role", "parent", "output"]),
    ("Decisions", "decisions", ["agent", "skill", "trigger", "origin", "required", "verdict", "detail"]),
    ("Recalled memory", "recalled", ["agent", "ref", "score", "text"]),
    ("Memory writes", "memory_writes", ["agent", "status", "ref", "text", "reason"]),
    ("Tool calls", "tool_calls", ["agent", "name", "arguments", "result"]),
    ("Model calls", "model_calls", ["agent", "purpose", "model", "duration_ms", "tokens"]),
)


def people(request: Request) -> list[str] | None:
    """Whose runs the owner's view may list (None in a person's view, which lists its own only)."""
    if server_config(request).user is not None:
        return None
    from swarmkit.runtime.records import ANYONE, list_runs

    return sorted({r.user for r in list_runs(server_config(request).workspace, ANYONE) if r.user})


def page_link(request: Request, offset: int) -> str:
    return f"/portal/runs?{urlencode(dict(request.query_params) | {'offset': str(offset)})}"


def runs_page(request: Request, filters: Annotated[RunsPageQuery, Query()]):
    found = matching(filters, records(request, filters.person))
    offset = filters.offset
    shown = [record.summary() for record in found[offset : offset + PAGE_SIZE]]
    for run in shown:
        run["href"] = f"/portal/runs/{run['id']}" + (
            f"?{urlencode({'person': run['user']})}" if run["user"] else ""
        )
    pages = []
    if offset > 0:
        pages.append(("Newer runs", page_link(request, max(0, offset - PAGE_SIZE)), "prev"))
    if offset + PAGE_SIZE < len(found):
        pages.append(("Older runs", page_link(request, offset + PAGE_SIZE), "next"))
    counted = f"{len(found)} run{'s' if len(found) != 1 else ''}" + (
        f", {offset + 1}–{offset + len(shown)} shown" if len(found) > len(shown) else ""
    )
    return render(
        request,
        "runs.html",
        "Runs",
        "runs",
        filters=filters,
        statuses=get_args(RunStatus),
        people=people(request),
        runs=shown,
        total=len(found),
        counted=counted,
        user=server_config(request).user,
        pages=pages,
    )


def _prompt_lines(content: str, recalled: set[str]) -> list[tuple[str, bool]]:
    """A message's lines, each recalled memory line of its saved-memory block (`- text (ref)`) marked."""
    from swarmkit.runtime.prompts import MEMORY_TAG

    lines = []
    inside = False
    for line in content.split("\n"):
        inside = (inside or line.strip() == f"<{MEMORY_TAG}>") and line.strip() != f"</{MEMORY_TAG}>"
        ref = (
            line[line.rfind("(") + 1 : -1] if inside and line.startswith("- ") and line.endswith(")") else ""
        )
        lines.append((line, ref in recalled))
    return lines


def prompts(record) -> list[dict]:
    """Each agent's prompt for its answer, as it was sent (screened), recalled entries marked; none
    for a record from before prompts were kept."""
    out = []
    for agent in record.agents:
        if not isinstance(agent, dict) or not isinstance(agent.get("prompt"), list):
            continue
        recalled = {
            str(hit.get("ref"))
            for hit in record.recalled
            if isinstance(hit, dict) and hit.get("agent") == agent.get("id")
        }
        messages = [
            (str(m.get("role")), _prompt_lines(text_value(m.get("content")), recalled))
            for m in agent["prompt"]
            if isinstance(m, dict)
        ]
        who = {"id": str(agent.get("id")), "role": str(agent.get("role"))}
        out.append(who | {"messages": messages, "recalled": len(recalled)})
    return out


def _cell(field: str, value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if field == "tokens" and isinstance(value, dict):  # as the provider counted them
        return ", ".join(f"{n} {k.removesuffix('_tokens')}" for k, n in value.items())
    return text_value(value)


def tables(record) -> list[tuple[str, str, list[str], list[list[str]]]]:
    out = []
    for title, key, fields in TABLES:
        rows = [
            [_cell(f, item.get(f)) for f in fields] for item in getattr(record, key) if isinstance(item, dict)
        ]
        out.append((title, key.replace("_", "-"), [HEADS.get(f, f) for f in fields], rows))
    return out


def run_page(request: Request, run_id: str, person: Annotated[str | None, Query()] = None):
    record = find_run(request, run_id, person)
    return render(
        request,
        "run.html",
        f"Run {record.id}",
        "runs",
        record=record,
        chat=record.conversation,
        prompts=prompts(record),
        tables=tables(record),
    )


ROUTES = [
    PageRoute("/portal/runs", runs_page, "Runs", back=("All runs", "/portal/runs")),
    PageRoute("/portal/runs/{run_id}", run_page, "Run {run_id}", back=("All runs", "/portal/runs")),
]
