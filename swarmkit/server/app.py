"""The ASGI app of `swarmkit serve`: API routes, portal pages, static files, one guard in front."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from swarmkit.server import (
    api_conversations,
    api_memory,
    api_runs,
    openapi,
    page_conversations,
    page_memory,
    page_runs,
    page_timeline,
)
from swarmkit.server.access_log import AccessLog
from swarmkit.server.config import LOOPBACK_NAMES, ServerConfig, new_token
from swarmkit.server.errors import HANDLERS
from swarmkit.server.guard import Guard

API_ROUTES = [
    *api_memory.ROUTES,
    *page_timeline.API_ROUTES,
    *api_runs.ROUTES,
    *api_conversations.ROUTES,
    *openapi.ROUTES,
]
PAGE_ROUTES = [*page_memory.ROUTES, *page_runs.ROUTES, *page_conversations.ROUTES, *page_timeline.ROUTES]


def home(request) -> RedirectResponse:
    return RedirectResponse("/portal/memory", status_code=307)


def no_icon(request) -> Response:
    # Browsers ask for it on every page; an empty answer keeps the server log and console quiet.
    return Response(status_code=204)


def create_app(
    workspace_path: Path | str,
    *,
    token: str | None = None,
    allowed_hosts: frozenset[str] | None = LOOPBACK_NAMES,
    user: str | None = None,
) -> Starlette:
    """The app for one workspace, as one person's view (the owner's unless `user` names someone).
    A new token per app: the pages it serves are the only holders."""
    config = ServerConfig(Path(workspace_path).resolve(), token or new_token(), allowed_hosts, user)
    routes = [
        Route("/", home, methods=["GET"]),
        Route("/favicon.ico", no_icon, methods=["GET"]),
        *API_ROUTES,
        *PAGE_ROUTES,
        Mount("/static", StaticFiles(packages=[("swarmkit.server", "static")]), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(AccessLog), Middleware(Guard, config=config)],
        exception_handlers=HANDLERS,
    )
    app.state.config = config
    return app
