"""The server's routes: FastAPI routes whose parameters and bodies are the typed parameters and
models their endpoints' signatures name (api_models.py), validated by FastAPI and refused in the
server's error family (validation.py).

What a route adds to FastAPI's: it refuses a query parameter it does not declare (FastAPI ignores
one, so a typo such as `?limt=5` would silently give the default), takes an empty value as no value
(a form's empty field), and reads its JSON body strictly (request_body.py). An API route is in the
OpenAPI document with its reply's model, its errors and, for a write, the token it needs; a page
route is not, and a failure on it is answered as a page.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from fastapi import Security
from fastapi.dependencies.models import Dependant
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse
from fastapi.routing import APIRoute
from fastapi.security import APIKeyHeader
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from starlette.requests import Request
from starlette.responses import Response

from swarmkit.server.api_models import Error
from swarmkit.server.guard import TOKEN_HEADER
from swarmkit.server.request_body import JsonRequest, read_json

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


class TypedRoute(APIRoute):
    """A route whose request is checked as this module's docstring says before FastAPI takes it."""

    is_page = False
    refuses_unknown_parameters = True

    @property
    def body_model(self) -> type[BaseModel] | None:
        """The model of the JSON body the endpoint takes, if it takes one."""
        field = self.body_field
        if field is None:
            return None
        model = field.field_info.annotation
        return model if isinstance(model, type) and issubclass(model, BaseModel) else None

    @cached_property
    def _query(self) -> dict[str, FieldInfo]:
        return dict(_declared(self.dependant, "query_params"))

    @cached_property
    def _path(self) -> dict[str, FieldInfo]:
        return dict(_declared(self.dependant, "path_params"))

    @property
    def query_names(self) -> tuple[str, ...]:
        """The query parameters the route declares, in its signature's order."""
        return tuple(self._query)

    def parameter(self, name: str, where: str = "query") -> FieldInfo | None:
        """The declared query (or path) parameter `name`: its type and constraints."""
        return (self._query if where == "query" else self._path).get(name)

    def get_route_handler(self) -> Callable[[Request], Any]:
        handle = super().get_route_handler()
        takes_body = self.body_field is not None

        async def checked(request: Request) -> Response:
            params = request.query_params
            if self.refuses_unknown_parameters:
                unknown = [
                    (name, value) for name, value in params.multi_items() if name not in self.query_names
                ]
                if unknown:
                    raise RequestValidationError(
                        [
                            {
                                "type": "extra_forbidden",
                                "loc": ("query", name),
                                "msg": "unknown",
                                "input": value,
                            }
                            for name, value in unknown
                        ]
                    )
            scope = request.scope
            if any(value == "" for _, value in params.multi_items()):
                kept = urlencode([(name, value) for name, value in params.multi_items() if value != ""])
                scope = dict(scope, query_string=kept.encode("latin-1"))
            if takes_body:
                request = JsonRequest(scope, request.receive)
                await read_json(request)
            elif scope is not request.scope:
                request = Request(scope, request.receive)
            return await handle(request)

        return checked


def _declared(dependant: Dependant, kind: str) -> Iterator[tuple[str, FieldInfo]]:
    """(name, field) of each parameter of `kind` the endpoint and its dependencies declare, the
    fields of a parameter model (`Annotated[EntriesQuery, Query()]`) one by one."""
    for field in getattr(dependant, kind):
        model = field.field_info.annotation
        if isinstance(model, type) and issubclass(model, BaseModel):
            for name, info in model.model_fields.items():
                yield info.alias or name, info
        else:
            yield field.alias, field.field_info
    for sub in dependant.dependencies:
        yield from _declared(sub, kind)


class ApiRoute(TypedRoute):
    """An API route, in the OpenAPI document."""


class PageRoute(TypedRoute):
    """A portal page: HTML, outside the document, lenient about parameters it does not know (a link
    may carry more than the page reads), and answering its failures as a page titled `title`."""

    is_page = True
    refuses_unknown_parameters = False

    def __init__(
        self, path: str, endpoint: Callable[..., Any], title: str, back: tuple[str, str] | None = None
    ):
        super().__init__(
            path, endpoint, methods=["GET"], response_class=HTMLResponse, include_in_schema=False
        )
        self.methods = {"GET", "HEAD"}
        self.title = title  # formatted with the path's parameters: "Run {run_id}"
        self.back = back  # (label, href) of the link an error page offers


def api(
    path: str,
    endpoint: Callable[..., Any],
    method: str,
    reply: Any,
    summary: str,
    errors: dict[int, str],
    *,
    done: str = "Done.",
    operation_id: str | None = None,
) -> ApiRoute:
    """A route; a method other than GET needs the token (and documents it, with its 403)."""
    guarded = method != "GET"
    responses: dict[int | str, dict[str, Any]] = {
        status: {"model": Error, "description": text} for status, text in errors.items()
    }
    if guarded:
        responses[403] = {"model": Error, "description": GUARDED}
    route = ApiRoute(
        path,
        endpoint,
        methods=[method],
        response_model=reply,
        summary=summary,
        response_description=done,
        responses=dict(sorted(responses.items(), key=lambda item: str(item[0]))),
        operation_id=operation_id or endpoint.__name__,
        dependencies=[Security(TOKEN)] if guarded else None,
    )
    if method == "GET":
        route.methods = {"GET", "HEAD"}  # as a Starlette route has it (the document leaves it out)
    return route


def documented(route: ApiRoute) -> ApiRoute:
    """The route as the document describes it: a GET's HEAD is no operation of its own."""
    shown = copy.copy(route)
    shown.methods = set(route.methods or ()) - {"HEAD"}
    return shown
