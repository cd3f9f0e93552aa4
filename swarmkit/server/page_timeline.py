"""The Timeline page: how memory grew and changed, drawn from the folder's git history as an inline
SVG chart (no script, no library, works offline), with the changes themselves listed below it."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from swarmkit.memory import CHANGE_KINDS, changes_by_day, timeline_events
from swarmkit.server import api_models as M
from swarmkit.server.api_route import WORKSPACE_INVALID, api, query
from swarmkit.server.context import load
from swarmkit.server.html import Safe, join, tag
from swarmkit.server.layout import empty, page, time_text
from swarmkit.server.page_runs import table
from swarmkit.server.params import check_known

COLOURS = {"added": "#1f7a3d", "replaced": "#2456c9", "forgotten": "#b42318"}
WIDTH, HEIGHT, BAR_MAX = 720, 180, 28  # the chart's box; no bar wider than BAR_MAX
LISTED = 200  # changes the page lists (the API gives them all)


def chart(days: list[dict]) -> Safe:
    """A stacked bar per day (added, replaced, forgotten), scaled to the busiest day."""
    if not days:
        return empty("No changes yet.")
    top = max(sum(d[k] for k in CHANGE_KINDS) for d in days) or 1
    slot = WIDTH / len(days)
    bar = min(BAR_MAX, max(2.0, slot * 0.7))
    shapes: list[Safe] = []
    for i, day in enumerate(days):
        x = i * slot + (slot - bar) / 2
        y = float(HEIGHT)
        for kind in CHANGE_KINDS:
            if not day[kind]:
                continue
            h = day[kind] / top * (HEIGHT - 20)
            y -= h
            shapes.append(
                tag(
                    "rect",
                    tag("title", f"{day['day']}: {day[kind]} {kind}"),
                    x=f"{x:.1f}",
                    y=f"{y:.1f}",
                    width=f"{bar:.1f}",
                    height=f"{h:.1f}",
                    fill=COLOURS[kind],
                    class_=f"bar {kind}",
                    data_day=day["day"],
                    data_count=str(day[kind]),
                )
            )
    labels = [
        tag("text", days[0]["day"], x="0", y=str(HEIGHT + 14), class_="axis"),
        tag("text", days[-1]["day"], x=str(WIDTH), y=str(HEIGHT + 14), text_anchor="end", class_="axis"),
        tag("text", f"{top} on the busiest day", x="0", y="12", class_="axis"),
    ]
    legend = tag(
        "p",
        [join([tag("span", "■", style=None, class_=f"key {k}"), f" {k} "]) for k in CHANGE_KINDS],
        class_="legend",
    )
    svg = tag(
        "svg",
        shapes,
        labels,
        viewBox=f"0 0 {WIDTH} {HEIGHT + 20}",
        role="img",
        aria_label="Entries added, replaced and forgotten per day",
        class_="timeline",
        xmlns="http://www.w3.org/2000/svg",
    )
    return join([svg, legend])


async def timeline_data(request: Request) -> tuple[list[dict], list[str], str | None]:
    """(the changes, of `?file=` only if given; every file that changed; the file asked for)."""
    ctx = await run_in_threadpool(load, request)
    wanted = request.query_params.get("file") or None
    if wanted is not None:
        from swarmkit.memory import check_ref

        check_ref(f"{wanted}#L1")  # a memory file's name, never a path out of the folder (400)
        ctx.store.check_visible(wanted)  # another person's file (403)
    everything = await run_in_threadpool(timeline_events, ctx.store)  # one read of the history
    found = [e for e in everything if wanted is None or e["file"] == wanted]
    return found, sorted({e["file"] for e in everything}), wanted


async def timeline_api(request: Request) -> JSONResponse:
    check_known(request, ("file",))
    found, _, wanted = await timeline_data(request)
    return JSONResponse({"file": wanted, "days": changes_by_day(found), "events": found})


async def timeline_page(request: Request):
    found, files, wanted = await timeline_data(request)
    options = [tag("option", "every file", value="")] + [
        tag("option", f, value=f, selected=f == wanted) for f in files
    ]
    picker = tag(
        "form",
        tag("select", options, name="file", aria_label="File"),
        tag("button", "Show", type="submit"),
        method="get",
        action="/portal/timeline",
        class_="search",
        id="timeline-file",
    )
    rows: list[list[object]] = [
        [
            time_text(e["date"]),
            tag("span", e["change"], class_=f"change {e['change']}"),
            tag("code", e["file"]),
            tag(
                "span", join([tag("s", e["old"]), " → ", e["text"]]) if e["old"] else e["text"], class_="text"
            ),
            tag("a", e["run"], href=f"/portal/runs/{e['run']}") if e["run"] else (e["origin"] or "—"),
        ]
        for e in found[:LISTED]
    ]
    listing = (
        table(["When", "Change", "File", "Entry", "Run or origin"], rows, "runs changes")
        if rows
        else empty("Nothing has changed in memory yet.")
    )
    more = (
        tag(
            "p",
            f"The newest {LISTED} of {len(found)} changes; GET /memory/timeline has them all.",
            class_="muted",
        )
        if len(found) > LISTED
        else None
    )
    body = join(
        [
            picker,
            tag("section", tag("h2", "Changes per day"), chart(changes_by_day(found)), id="chart"),
            tag("section", tag("h2", "Changes"), listing, more, id="changes"),
        ]
    )
    return page(request, "Memory timeline", body, "timeline")


API_ROUTES = [
    api(
        "/memory/timeline",
        timeline_api,
        "GET",
        M.Timeline,
        "Entries added, replaced and forgotten over time, from the folder's git history",
        {409: WORKSPACE_INVALID},
        done="Changes per day (oldest first) and each change (newest first).",
        params=(query("file", {"type": "string"}, "One file's changes, e.g. me.md."),),
        operation_id="memory_timeline",
    )
]
ROUTES = [Route("/portal/timeline", timeline_page, methods=["GET"])]
