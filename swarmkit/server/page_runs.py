"""The Runs pages: the view's runs newest first, and one run with what its agents did and remembered."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.routing import Route

from swarmkit.errors import SwarmkitError
from swarmkit.server.api_runs import STATUSES, find_run, matching, records
from swarmkit.server.context import server_config
from swarmkit.server.html import Safe, join, prose, tag
from swarmkit.server.layout import empty, page, time_text
from swarmkit.server.params import int_param


def table(heads: list[str], rows: list[list[object]], class_: str = "") -> Safe:
    return tag(
        "table",
        tag("thead", tag("tr", [tag("th", h) for h in heads])),
        # each cell names its column: on a phone a row is a block of "column: value" lines
        tag(
            "tbody",
            [
                tag("tr", [tag("td", cell, data_label=h) for h, cell in zip(heads, row, strict=True)])
                for row in rows
            ],
        ),
        class_=class_ or None,
    )


def status_badge(status: object) -> Safe:
    return tag("span", status or "unknown", class_=f"status status-{status or 'unknown'}")


def duration(ms: object) -> str:
    return f"{ms / 1000:.2f} s" if isinstance(ms, int | float) else "—"


def text_value(value: object) -> str:
    """Strings as they are; anything else (a structured error, say) as indented JSON."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False)


HEADS = {"duration_ms": "time (ms)"}  # a column's name where the record's key reads badly
PAGE_SIZE = 50  # runs a page of the list shows


def filters_form(request: Request) -> Safe:
    """Search and filter the runs (a plain GET form: the filters are the page's address)."""
    params = request.query_params
    status = params.get("status") or ""
    options = [tag("option", "any status", value="")] + [
        tag("option", s, value=s, selected=s == status) for s in STATUSES
    ]
    person = params.get("person") or ""
    people = None
    if server_config(request).user is None:  # the owner's view may list other people's runs
        from swarmkit.runtime.records import ANYONE, list_runs

        names = sorted({r.user for r in list_runs(server_config(request).workspace, ANYONE) if r.user})
        people = tag(
            "select",
            [
                tag("option", "the owner's runs", value=""),
                tag("option", "everyone's", value="*", selected=person == "*"),
            ]
            + [tag("option", name, value=name, selected=person == name) for name in names],
            name="person",
            aria_label="Whose runs",
        )
    return tag(
        "form",
        tag(
            "input",
            type="search",
            name="q",
            value=params.get("q") or None,
            aria_label="Words of the input or output",
            placeholder="Words of the input or output",
        ),
        tag("select", options, name="status", aria_label="Status"),
        people,
        tag("label", "from ", tag("input", type="date", name="since", value=params.get("since") or None)),
        tag("label", "to ", tag("input", type="date", name="until", value=params.get("until") or None)),
        tag("button", "Filter", type="submit"),
        method="get",
        action="/portal/runs",
        class_="search",
        id="run-filters",
    )


def _page_link(request: Request, offset: int, label: str) -> Safe:
    query = dict(request.query_params) | {"offset": str(offset)}

    return tag(
        "a", label, href=f"/portal/runs?{urlencode(query)}", rel="next" if "Older" in label else "prev"
    )


def runs_page(request: Request):
    from swarmkit.server.errors import ApiError

    try:
        found = matching(request, records(request))
        offset = int_param(request, "offset", 0, 0, 10**9)
    except ApiError as error:
        return page(
            request,
            "Runs",
            join([filters_form(request), tag("p", error.message, class_="error")]),
            "runs",
            status_code=400,
        )
    shown = found[offset : offset + PAGE_SIZE]
    rows = [
        [
            tag(
                "a",
                s["id"],
                href=f"/portal/runs/{s['id']}"
                + (f"?{urlencode({'person': s['user']})}" if s["user"] else ""),
            ),
            time_text(s["started_at"]),
            s["user"] or "(owner)",
            s["topology"] or "—",
            status_badge(s["status"]),
            duration(s["duration_ms"]),
            tag(
                "button",
                "Delete",
                type="button",
                class_="danger",
                data_action="delete-run",
                data_run=s["id"],
                data_person=s["user"] or None,
                aria_label=f"Delete run {s['id']}",
            ),
            tag("span", s["input"], class_="text"),
        ]
        for s in (r.summary() for r in shown)
    ]
    user = server_config(request).user
    filtered = any(request.query_params.get(k) for k in ("q", "status", "since", "until", "person"))
    if rows:
        listing = table(
            ["Run", "Started", "Person", "Topology", "Status", "Duration", "", "Input"], rows, "runs"
        )
    elif filtered:
        listing = empty("No run matches these filters.")
    else:
        listing = empty(
            prose(
                "No runs yet: `swarmkit run` records each run here."
                if user is None
                else f"No runs for {user} yet: `swarmkit run --user {user}` records each of their runs here."
            )
        )
    pages = []
    if offset > 0:
        pages.append(_page_link(request, max(0, offset - PAGE_SIZE), "Newer runs"))
    if offset + PAGE_SIZE < len(found):
        pages.append(_page_link(request, offset + PAGE_SIZE, "Older runs"))
    counted = f"{len(found)} run{'s' if len(found) != 1 else ''}" + (
        f", {offset + 1}–{offset + len(shown)} shown" if len(found) > len(shown) else ""
    )
    body = join(
        [
            filters_form(request),
            tag("p", "", id="notice", role="status"),
            tag("p", counted, class_="muted", id="run-count") if found else None,
            listing,
            tag("nav", pages, class_="pages") if pages else None,
        ]
    )
    return page(request, "Runs", body, "runs")


def section(title: str, content: object, **attrs: object) -> Safe:
    return tag("section", tag("h2", title), content, **attrs)


def _marked(content: str, recalled: set[str]) -> Safe:
    """A message's text, each recalled memory line of its saved-memory block (`- text (ref)`) marked."""
    from swarmkit.runtime.prompts import MEMORY_TAG

    pieces: list[object] = []
    inside = False
    for line in content.split("\n"):
        inside = (inside or line.strip() == f"<{MEMORY_TAG}>") and line.strip() != f"</{MEMORY_TAG}>"
        ref = (
            line[line.rfind("(") + 1 : -1] if inside and line.startswith("- ") and line.endswith(")") else ""
        )
        pieces += [tag("mark", line, class_="recalled") if ref in recalled else line, "\n"]
    return tag("pre", join(pieces[:-1]), class_="prompt")


def prompts_of(record) -> Safe:
    """Each agent's prompt for its answer, as it was sent (screened), recalled entries marked; a
    record from before prompts were kept says so."""
    agents = [a for a in record.agents if isinstance(a, dict) and isinstance(a.get("prompt"), list)]
    if not agents:
        return empty("This run's record does not keep what its agents were sent.")
    out = []
    for agent in agents:
        recalled = {
            str(hit.get("ref"))
            for hit in record.recalled
            if isinstance(hit, dict) and hit.get("agent") == agent.get("id")
        }
        messages = [
            join([tag("h4", str(m.get("role"))), _marked(text_value(m.get("content")), recalled)])
            for m in agent["prompt"]
            if isinstance(m, dict)
        ]
        summary = f"{agent.get('id')} ({agent.get('role')}): {len(messages)} messages" + (
            f", {len(recalled)} recalled" if recalled else ""
        )
        out.append(tag("details", tag("summary", summary), messages, class_="prompt"))
    return join(out)


def run_page(request: Request):
    run_id = request.path_params["run_id"]
    try:
        record = find_run(request, run_id)
    except SwarmkitError as error:
        return page(
            request,
            f"Run {run_id}",
            join(
                [
                    tag("p", prose(error.message), class_="error"),
                    tag("p", tag("a", "All runs", href="/portal/runs")),
                ]
            ),
            "runs",
            status_code=error.http_status,
        )
    memory = record.memory
    facts = [
        ("Status", status_badge(record.status)),
        ("Topology", record.topology or "—"),
        ("Started", time_text(record.started_at)),
        ("Duration", duration(record.duration_ms)),
        ("Provider", record.provider or "—"),
        ("User", record.user or "—"),
        ("Memory", memory.get("sentence") or "—"),
    ]
    chat = record.conversation
    if chat.get("id"):
        cut = f", {chat.get('cut_turns')} earlier turns cut" if chat.get("cut_turns") else ""
        facts.append(
            (
                "Conversation",
                join(
                    [
                        tag(
                            "a",
                            chat["id"],
                            href=f"/portal/conversations/{chat['id']}#turn-{chat.get('turn')}",
                        ),
                        f" turn {chat.get('turn')} (given {chat.get('history_turns')} earlier turns{cut})",
                    ]
                ),
            )
        )
    if record.swarm:
        facts.append(
            ("Swarm", tag("a", f"swarms/{record.swarm}/", href=f"/portal/memory#swarm-{record.swarm}"))
        )
    parts = [tag("dl", [join([tag("dt", k), tag("dd", v)]) for k, v in facts], class_="facts")]
    parts.append(section("Input", tag("pre", text_value(record.input))))
    parts.append(section("Output", tag("pre", text_value(record.output))))
    if record.error:
        parts.append(section("Error", tag("pre", text_value(record.error), class_="error")))

    def cell(field: str, value: object) -> object:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if field == "tokens" and isinstance(value, dict):  # as the provider counted them
            return ", ".join(f"{n} {k.removesuffix('_tokens')}" for k, n in value.items())
        return text_value(value)

    def rows(key: str, fields: list[str]) -> list[list[object]]:
        return [
            [cell(f, item.get(f)) for f in fields] for item in getattr(record, key) if isinstance(item, dict)
        ]

    parts.append(section("What each agent was sent", prompts_of(record), id="prompts"))
    tables = [
        ("Agents", "agents", ["id", "role", "parent", "output"]),
        ("Decisions", "decisions", ["agent", "skill", "trigger", "origin", "required", "verdict", "detail"]),
        ("Recalled memory", "recalled", ["agent", "ref", "score", "text"]),
        ("Memory writes", "memory_writes", ["agent", "status", "ref", "text", "reason"]),
        ("Tool calls", "tool_calls", ["agent", "name", "arguments", "result"]),
        ("Model calls", "model_calls", ["agent", "purpose", "model", "duration_ms", "tokens"]),
    ]
    for title, key, fields in tables:
        found = rows(key, fields)
        names = [HEADS.get(f, f) for f in fields]
        parts.append(
            section(
                title, table(names, found, "detail") if found else empty("None."), id=key.replace("_", "-")
            )
        )
    return page(request, f"Run {record.id}", join(parts), "runs")


ROUTES = [
    Route("/portal/runs", runs_page, methods=["GET"]),
    Route("/portal/runs/{run_id}", run_page, methods=["GET"]),
]
