"""The Timeline: how memory grew and changed, from the folder's git history, as the API's
`GET /memory/timeline` and as a page (templates/timeline.html: an inline SVG chart, no script, no
library, works offline, with the changes themselves listed below it)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from starlette.requests import Request

from swarmkit.memory import CHANGE_KINDS, changes_by_day, timeline_events
from swarmkit.server import api_models as M
from swarmkit.server.api_route import WORKSPACE_INVALID, PageRoute, api
from swarmkit.server.context import load
from swarmkit.server.json_response import JSONResponse
from swarmkit.server.render import render

COLOURS = {"added": "#1f7a3d", "replaced": "#2456c9", "forgotten": "#b42318"}
WIDTH, HEIGHT, BAR_MAX = 720, 180, 28  # the chart's box; no bar wider than BAR_MAX
LISTED = 200  # changes the page lists (the API gives them all)

File = Annotated[str | None, Query(description="One file's changes, e.g. me.md.")]


def chart(days: list[dict]) -> dict | None:
    """A stacked bar per day (added, replaced, forgotten), scaled to the busiest day."""
    if not days:
        return None
    top = max(sum(d[k] for k in CHANGE_KINDS) for d in days) or 1
    slot = WIDTH / len(days)
    bar = min(BAR_MAX, max(2.0, slot * 0.7))
    bars = []
    for i, day in enumerate(days):
        x = i * slot + (slot - bar) / 2
        y = float(HEIGHT)
        for kind in CHANGE_KINDS:
            if not day[kind]:
                continue
            h = day[kind] / top * (HEIGHT - 20)
            y -= h
            bars.append(
                {
                    "x": f"{x:.1f}",
                    "y": f"{y:.1f}",
                    "width": f"{bar:.1f}",
                    "height": f"{h:.1f}",
                    "fill": COLOURS[kind],
                    "kind": kind,
                    "day": day["day"],
                    "count": day[kind],
                }
            )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "bars": bars,
        "top": top,
        # the labels are the page's text, not the drawing's: an SVG's text shrinks with it (to 5 px
        # on a 390-px phone), a paragraph keeps its size at any width
        "span": days[0]["day"] if len(days) == 1 else f"{days[0]['day']} to {days[-1]['day']}",
    }


def timeline_data(request: Request, wanted: str | None) -> tuple[list[dict], list[str]]:
    """(the changes, of `wanted` only if given; every file that changed)."""
    ctx = load(request)
    if wanted is not None:
        from swarmkit.memory import check_ref

        check_ref(f"{wanted}#L1")  # a memory file's name, never a path out of the folder (400)
        ctx.store.check_visible(wanted)  # another person's file (403)
    everything = timeline_events(ctx.store)  # one read of the history
    from swarmkit.server.run_links import only_openable_runs

    # another person's run is no run to this view: never linked, never named
    everything = only_openable_runs(everything, ctx.workspace.root, ctx.store.user)
    found = [e for e in everything if wanted is None or e["file"] == wanted]
    return found, sorted({e["file"] for e in everything})


def timeline_api(request: Request, file: File = None) -> JSONResponse:
    found, _ = timeline_data(request, file)
    return JSONResponse({"file": file, "days": changes_by_day(found), "events": found})


def timeline_page(request: Request, file: File = None):
    found, files = timeline_data(request, file)
    return render(
        request,
        "timeline.html",
        "Memory timeline",
        "timeline",
        files=files,
        wanted=file,
        chart=chart(changes_by_day(found)),
        kinds=CHANGE_KINDS,
        events=found[:LISTED],
        total=len(found),
    )


API_ROUTES = [
    api(
        "/memory/timeline",
        timeline_api,
        "GET",
        M.Timeline,
        "Entries added, replaced and forgotten over time, from the folder's git history",
        {
            400: "A bad parameter, or file= that names no memory file.",
            403: "Another person's file (code not_yours).",
            409: WORKSPACE_INVALID,
        },
        done="Changes per day (oldest first) and each change (newest first).",
        operation_id="memory_timeline",
    )
]
ROUTES = [
    PageRoute("/portal/timeline", timeline_page, "Memory timeline", back=("Every file", "/portal/timeline"))
]
