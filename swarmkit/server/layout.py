"""The page shell every portal page shares: head (token, stylesheet, script), navigation, main."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse

from swarmkit.server.context import server_config
from swarmkit.server.html import Safe, prose, tag

NAV = (
    ("memory", "Memory", "/portal/memory"),
    ("timeline", "Timeline", "/portal/timeline"),
    ("conversations", "Conversations", "/portal/conversations"),
    ("runs", "Runs", "/portal/runs"),
    ("api", "API", "/openapi.json"),
)


def page(
    request: Request,
    title: str,
    body: Safe,
    active: str,
    workspace: str | None = None,
    status_code: int = 200,
) -> HTMLResponse:
    """A whole HTML page. The per-server token rides in a meta tag, for the page's own script only."""
    config = server_config(request)
    workspace = workspace or workspace_label(config.workspace)
    nav = tag(
        "nav",
        [
            tag("a", label, href=href, aria_current="page" if key == active else None)
            for key, label, href in NAV
        ],
    )
    brand = tag("span", "swarmkit", class_="brand")
    heading = tag("span", workspace, class_="workspace")
    head = tag(
        "head",
        tag("meta", charset="utf-8"),
        tag("meta", name="viewport", content="width=device-width, initial-scale=1"),
        tag("meta", name="swarmkit-token", content=config.token),
        tag("title", f"{title} · {workspace} · swarmkit"),
        tag("link", rel="stylesheet", href="/static/portal.css"),
        tag("script", src="/static/portal.js", defer=True),
    )
    document = tag(
        "html",
        head,
        tag("body", tag("header", brand, heading, nav), tag("main", tag("h1", title), body)),
        lang="en",
    )
    from swarmkit.surrogates import ERRORS

    # encoded here: a lone surrogate (a name that was not UTF-8) would fail starlette's encoding
    page = ("<!doctype html>\n" + document).encode("utf-8", ERRORS)
    return HTMLResponse(page, status_code=status_code)


def workspace_label(root) -> str:
    """`Name (id)` for the header; the folder's name while the workspace does not resolve."""
    from swarmkit.resolver import resolve

    workspace = resolve(root).workspace
    if workspace is None:
        return root.name
    return f"{workspace.name} ({workspace.id})"


def diagnostics_panel(error) -> Safe:
    """What the workspace's problems are, where they are, and how to see them all."""
    items = [
        tag(
            "li",
            tag("code", f"{d.file}:{d.line}:{d.column}" if d.line else d.file or "workspace"),
            " ",
            tag("span", f"[{d.code}]", class_="code"),
            " ",
            prose(d.message),
            tag("div", prose(d.hint), class_="hint") if d.hint else None,
        )
        for d in error.diagnostics
    ]
    return tag(
        "section",
        tag("p", prose(error.message), class_="error"),
        tag("ul", items),
        tag("p", prose(error.hint)),
        id="workspace-invalid",
        class_="panel",
    )


def empty(text: str) -> Safe:
    return tag("p", text, class_="empty")


def time_text(value: object) -> str:
    """ISO timestamps shown to the second, in the zone they were written in."""
    text = str(value or "")
    return text.replace("T", " ")[:19] + (" UTC" if text.endswith(("Z", "+00:00")) else "") if text else ""


__all__ = ["page", "diagnostics_panel", "empty", "time_text", "workspace_label"]
