"""One API route as FastAPI documents it: the models of its body and reply (server/api_models.py),
its errors, and whether it needs the token. The route's function reads the request itself
(params.py: strict, in the server's error family), so FastAPI parses nothing and never answers with
its own 422; what it adds is the OpenAPI document, generated from these models."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from fastapi import Security
from fastapi.routing import APIRoute
from fastapi.security import APIKeyHeader
from pydantic import BaseModel

from swarmkit.server.api_models import Error
from swarmkit.server.guard import TOKEN_HEADER

# Documents the header; the Guard middleware checks it before any route runs (auto_error=False:
# this never refuses, so a refusal is always the guard's 403 in the server's error family).
TOKEN = APIKeyHeader(
    name=TOKEN_HEADER,
    scheme_name="token",
    auto_error=False,
)
GUARDED = "Refused: missing or wrong token, a cross-origin request, or an unknown Host; nothing was written."
WORKSPACE_INVALID = "The workspace is not valid (code workspace_invalid)."
NOT_JSON = "The body is not JSON."


class ApiRoute(APIRoute):
    """An APIRoute that remembers its body's model, so the document can describe it."""

    body_model: type[BaseModel] | None = None


def query(name: str, schema: dict, description: str) -> dict:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


def path_param(name: str, schema: dict, description: str = "") -> dict:
    return {"name": name, "in": "path", "required": True, "schema": schema} | (
        {"description": description} if description else {}
    )


def api(
    path: str,
    endpoint: Callable[..., Any],
    method: str,
    reply: Any,
    summary: str,
    errors: dict[int, str],
    *,
    done: str = "Done.",
    body: type[BaseModel] | None = None,
    params: tuple[dict, ...] = (),
    operation_id: str | None = None,
) -> ApiRoute:
    """A route; a method other than GET needs the token (and documents it, with its 403)."""
    guarded = method != "GET"
    responses: dict[int | str, dict[str, Any]] = {
        status: {"model": Error, "description": text} for status, text in errors.items()
    }
    if guarded:
        responses[403] = {"model": Error, "description": GUARDED}
    extra: dict[str, Any] = {}
    if params:
        extra["parameters"] = list(params)
    if body is not None:
        schema = {"$ref": f"#/components/schemas/{body.__name__}"}
        extra["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema}}}
    route = ApiRoute(
        path,
        endpoint,
        methods=[method],
        response_model=reply,
        summary=summary,
        response_description=done,
        responses=dict(sorted(responses.items(), key=lambda item: str(item[0]))),
        operation_id=operation_id or endpoint.__name__,
        openapi_extra=extra or None,
        dependencies=[Security(TOKEN)] if guarded else None,
    )
    route.body_model = body
    if method == "GET":
        route.methods = {"GET", "HEAD"}  # as a Starlette route has it (the document leaves it out)
    return route


def documented(route: ApiRoute) -> ApiRoute:
    """The route as the document describes it: a GET's HEAD is no operation of its own."""
    shown = copy.copy(route)
    shown.methods = set(route.methods or ()) - {"HEAD"}
    return shown
