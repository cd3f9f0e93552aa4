"""The portal's pages from Jinja2 templates (swarmkit/server/templates/), every value escaped.

Autoescaping is on for every template: entry texts, run inputs, search words and names from the
memory folder are shown as text, never as markup. Values are escaped with the standard library's
entities (`&quot;`, `&#x27;`), as the portal has always written them; markupsafe's (`&#34;`, `&#39;`)
would be as safe, and would change every page that shows a quote.

A template's line breaks and the indentation after them are layout, not content (the Compact
extension drops them): the pages' HTML is compact, as a phone needs it, where a table cell is an
inline block and a line break between two cells would show as a space. A space a template means
is written on its line, or as {{ " " }}.
"""

from __future__ import annotations

import html
import json
import re
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from jinja2.ext import Extension
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from swarmkit.errors import SwarmkitError

NAV = (
    ("memory", "Memory", "/portal/memory"),
    ("timeline", "Timeline", "/portal/timeline"),
    ("conversations", "Conversations", "/portal/conversations"),
    ("runs", "Runs", "/portal/runs"),
    ("api", "API", "/openapi.json"),
)

_LAYOUT = re.compile(r"\n[ \t]*")
_CODE_SPAN = re.compile(r"`([^`\n]+)`")


class Compact(Extension):
    """Drops each line break of a template's source with the indentation after it."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return _LAYOUT.sub("", source)


def escaped(value: Any) -> Markup:
    """What `{{ value }}` writes: markup as it is, anything else as escaped text (None as nothing)."""
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return Markup(html.escape("" if value is None else str(value), quote=True))


def prose(value: Any) -> Markup:
    """Text with its Markdown code spans (`swarmkit run`) as <code>: messages, hints and memory
    entries are written for a terminal or a markdown file, where backticks mean code."""
    return Markup(
        _CODE_SPAN.sub(r"<code>\1</code>", str(escaped(value)))
    )  # str: Markup.join would escape the tags


def time_text(value: object) -> str:
    """ISO timestamps shown to the second, in the zone they were written in."""
    text = str(value or "")
    return text.replace("T", " ")[:19] + (" UTC" if text.endswith(("Z", "+00:00")) else "") if text else ""


def text_value(value: object) -> str:
    """Strings as they are; anything else (a structured error, say) as indented JSON."""
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, indent=2, ensure_ascii=False)


def duration(ms: object) -> str:
    return f"{ms / 1000:.2f} s" if isinstance(ms, int | float) and not isinstance(ms, bool) else "—"


def entry_path(ref: str) -> str:
    """The API path of one entry: its ref with `#` (and every other reserved character) escaped."""
    from urllib.parse import quote

    return "/memory/entries/" + quote(ref, safe="")


def plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("swarmkit.server", "templates"),
        autoescape=True,
        finalize=escaped,
        undefined=StrictUndefined,
        extensions=[Compact],
    )
    env.filters.update(prose=prose, time_text=time_text, text_value=text_value, duration=duration)
    env.filters.update(entry_path=entry_path)
    from swarmkit.memory import MAX_TEXT
    from swarmkit.run_ids import is_run_id
    from swarmkit.server.api_models import TURN_TEXT_MAX

    env.globals.update(
        nav=NAV, plural=plural, is_run_id=is_run_id, max_text=MAX_TEXT, turn_text_max=TURN_TEXT_MAX
    )
    return env


def render(
    request: Request,
    template: str,
    title: str,
    active: str,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    """A whole page. The per-server token rides in a meta tag, for the page's own script only."""
    from swarmkit.server.context import server_config, workspace_label
    from swarmkit.surrogates import ERRORS

    page = (
        environment()
        .get_template(template)
        .render(
            token=server_config(request).token,
            title=title,
            workspace=workspace_label(request),
            active=active,
            **context,
        )
    )
    # encoded here: a lone surrogate (a name that was not UTF-8) would fail starlette's encoding
    return HTMLResponse(page.encode("utf-8", ERRORS), status_code=status_code)


def error_page(request: Request, error: SwarmkitError) -> HTMLResponse:
    """A page that failed, as a page: the error's status, message and hint (an invalid workspace's
    problems listed), with the way back its route names."""
    route = request.scope.get("route")
    title = str(getattr(route, "title", "Error")).format(**request.path_params)
    path = request.url.path
    active = next((key for key, _, href in NAV if path.startswith(href)), "")
    return render(
        request,
        "error.html",
        title,
        active,
        status_code=error.http_status,
        error=error,
        diagnostics=getattr(error, "diagnostics", None),
        back=getattr(route, "back", None),
    )
