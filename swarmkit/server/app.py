"""The ASGI app of `swarmkit serve`: API routes, portal pages, static files, one guard in front.

FastAPI (Starlette underneath) for one thing Starlette lacks: the OpenAPI document, generated from
the models the API routes name (server/api_route.py), served at /openapi.json.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import TypeAdapter
from starlette.middleware import Middleware
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from swarmkit import __version__
from swarmkit.server import (
    api_conversations,
    api_memory,
    api_runs,
    page_conversations,
    page_memory,
    page_runs,
    page_timeline,
)
from swarmkit.server.access_log import AccessLog
from swarmkit.server.api_route import ApiRoute, documented
from swarmkit.server.config import LOOPBACK_NAMES, ServerConfig, new_token
from swarmkit.server.errors import HANDLERS
from swarmkit.server.guard import TOKEN_HEADER, Guard

DESCRIPTION = (
    "The memory and runs of one swarmkit workspace. Every request must use a loopback Host (or the host "
    "the server was bound to). Every write (POST, PUT, DELETE) must carry the per-server token in the "
    f"{TOKEN_HEADER} header and, when sent by a browser, come from the server's own origin. Errors are "
    '{"error": {"code", "message", "hint"?}}.'
)

API_ROUTES = [
    *api_memory.ROUTES,
    *page_timeline.API_ROUTES,
    *api_runs.ROUTES,
    *api_conversations.ROUTES,
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
) -> FastAPI:
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
    app = FastAPI(
        routes=routes,
        middleware=[Middleware(AccessLog), Middleware(Guard, config=config)],
        exception_handlers=HANDLERS,
        title="swarmkit serve",
        version=__version__,
        description=DESCRIPTION,
        openapi_url="/openapi.json",
        docs_url=None,
        redoc_url=None,
    )
    app.state.config = config
    app.openapi = lambda: openapi_document(app)  # type: ignore[method-assign]
    return app


def openapi_document(app: FastAPI) -> dict:
    """FastAPI's document of the API routes, with the models of the bodies they read (a route reads
    its body itself, strictly, so FastAPI does not see it as a parameter)."""
    if app.openapi_schema is None:
        routes = [documented(route) for route in app.routes if isinstance(route, ApiRoute)]
        document = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=routes
        )
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        for route in routes:
            model = route.body_model
            if model is not None:
                schema = TypeAdapter(model).json_schema(ref_template="#/components/schemas/{model}")
                schemas.update(schema.pop("$defs", {}))
                schemas[model.__name__] = schema
        app.openapi_schema = document
    return app.openapi_schema
