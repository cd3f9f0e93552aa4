"""The ASGI app of `swarmkit serve`: API routes, portal pages, static files, one guard in front.

FastAPI (Starlette underneath) validates each route's typed parameters and body against the models
its endpoint names (api_models.py) and writes the OpenAPI document from them, served at
/openapi.json. Every refusal is the server's own error family (errors.py, validation.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from swarmkit import __version__
from swarmkit.errors import SwarmkitError
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
from swarmkit.server.answers import on_swarmkit_error
from swarmkit.server.api_route import ApiRoute, documented
from swarmkit.server.config import LOOPBACK_NAMES, ServerConfig, new_token
from swarmkit.server.errors import on_http_error, on_internal_error
from swarmkit.server.guard import TOKEN_HEADER, Guard
from swarmkit.server.validation import on_validation_error
from swarmkit.server.workspace_cache import WorkspaceCache

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
HANDLERS: dict[Any, Any] = {
    SwarmkitError: on_swarmkit_error,
    RequestValidationError: on_validation_error,  # a 400 in the error family, never FastAPI's 422
    HTTPException: on_http_error,
    Exception: on_internal_error,
}


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
    app.state.workspaces = WorkspaceCache(config.workspace)
    app.openapi = lambda: openapi_document(app)  # type: ignore[method-assign]
    return app


def openapi_document(app: FastAPI) -> dict:
    """FastAPI's document of the API routes. It gives every route with parameters a 422 answer in
    its own shape, which this server never sends (validation.py answers 400 in the error family,
    and each route documents its 400): those answers and their schemas are left out."""
    if app.openapi_schema is None:
        routes = [documented(route) for route in app.routes if isinstance(route, ApiRoute)]
        document = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=routes
        )
        for operations in document["paths"].values():
            for operation in operations.values():
                operation.get("responses", {}).pop("422", None)
        schemas = document.get("components", {}).get("schemas", {})
        for name in ("HTTPValidationError", "ValidationError"):
            schemas.pop(name, None)
        app.openapi_schema = document
    return app.openapi_schema
