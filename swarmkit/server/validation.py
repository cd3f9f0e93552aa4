"""The one answer to a request that fails validation: a 400 in the server's error family, in words a
person can act on, never FastAPI's 422 and its list of pydantic errors.

FastAPI validates a route's path, query and body parameters against the types and models its
signature names (api_models.py) and reports every problem; the answer names one, the one to fix
first: a body that is no JSON object, then an unknown field or parameter, then a missing one, then
a value. A check with words of its own (server/refusals.py) answers in those.
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from fastapi.exceptions import RequestValidationError
from starlette.requests import Request
from starlette.responses import Response

from swarmkit.server.answers import respond
from swarmkit.server.errors import ApiError
from swarmkit.server.refusals import MARK

_NOT_AN_OBJECT = {"model_attributes_type", "model_type", "dict_type", "missing"}
_NUMBER = {
    "int_parsing",
    "int_from_float",
    "int_type",
    "float_parsing",
    "float_type",
    "finite_number",
    "greater_than",
    "greater_than_equal",
    "less_than",
    "less_than_equal",
}


async def on_validation_error(request: Request, exc: RequestValidationError) -> Response:
    return respond(request, refusal_of(exc.errors(), request))


def refusal_of(errors: Sequence[Any], request: Request) -> ApiError:
    """The error to answer with, for the first problem to fix among `errors` (pydantic's dicts)."""
    if not errors:
        return ApiError(400, "invalid_request", "the request is not valid")
    error = min(enumerate(errors), key=lambda item: _rank(item[1], item[0]))[1]
    context = error.get("ctx") or {}
    if context.get(MARK):
        return ApiError(400, error["type"], context["message"], context["hint"])
    where, *rest = tuple(error.get("loc") or ("request",))
    name = str(rest[0]) if rest else ""
    if where == "body":
        return _body_error(error, name, request)
    if where in ("query", "path"):
        return _parameter_error(error, name, where, request)
    return ApiError(400, "invalid_request", f"the request is not valid: {error.get('msg')}")


_PLACES = {"path": 0, "query": 1, "body": 2}  # the path names what the rest applies to


def _rank(error: Any, index: int) -> tuple:
    loc = tuple(error.get("loc") or ())
    place = _PLACES.get(str(loc[0]) if loc else "", 3)
    if loc == ("body",) and error.get("type") in _NOT_AN_OBJECT:
        return (place, 0, "", index)
    if error.get("type") == "extra_forbidden":
        return (place, 1, str(loc[-1]), index)  # the first unknown name, alphabetically
    if error.get("type") == "missing":
        return (place, 2, "", index)
    return (place, 3, "", index)


def _body_error(error: Any, name: str, request: Request) -> ApiError:
    model = getattr(request.scope.get("route"), "body_model", None)
    fields = ", ".join(model.model_fields) if model is not None else ""
    hint = f"fields: {fields}" if fields else ""
    kind = error.get("type")
    if not name:
        if kind == "json_invalid":  # FastAPI's own parse (the route parses first: request_body.py)
            return ApiError(400, "invalid_json", "the body is not valid JSON")
        return ApiError(400, "invalid_request", "the body must be a JSON object", hint)
    if kind == "extra_forbidden":
        return ApiError(400, "invalid_request", f"unknown field {name!r}", hint)
    if kind == "missing":
        return ApiError(400, "invalid_request", f"the field {name!r} is required", hint)
    if kind == "string_type":
        return ApiError(400, "invalid_request", f"the field {name!r} must be a string")
    return ApiError(400, "invalid_request", f"the field {name!r}: {_lower(error.get('msg'))}", hint)


def _parameter_error(error: Any, name: str, where: str, request: Request) -> ApiError:
    route = request.scope.get("route")
    kind = str(error.get("type"))
    if kind == "extra_forbidden":
        takes = ", ".join(getattr(route, "query_names", ())) or "no parameters"
        return ApiError(
            400, "invalid_request", f"unknown query parameter {name!r}", f"this endpoint takes: {takes}"
        )
    params = request.query_params if where == "query" else request.path_params
    raw = params.get(name, error.get("input"))
    field = route.parameter(name, where) if route is not None and hasattr(route, "parameter") else None
    annotation = getattr(field, "annotation", None)
    if kind in _NUMBER:
        from swarmkit.server.api_models import out_of_range

        low, high = _bounds(field)
        whole = int in _kinds(annotation)
        if low is not None and high is not None:
            return ApiError(400, "invalid_request", out_of_range(name, low, high, raw, whole))
        return ApiError(
            400, "invalid_request", f"{name} must be {'a whole number' if whole else 'a number'}, not {raw!r}"
        )
    if kind in ("literal_error", "enum"):
        choices = [str(c.value if isinstance(c, Enum) else c) for c in _choices(annotation)]
        return ApiError(
            400,
            "invalid_request",
            f"{name} {raw!r} is not one of: {', '.join(choices)}",
            f"use {name}={choices[0]}, or leave it out" if choices else "",
        )
    if kind.startswith("date"):
        return ApiError(400, "invalid_request", f"{name} {raw!r} is not a date", f"use {name}=2026-11-30")
    return ApiError(400, "invalid_request", f"{name} {raw!r}: {_lower(error.get('msg'))}")


def _bounds(field: Any) -> tuple[float | None, float | None]:
    low = high = None
    for item in getattr(field, "metadata", ()):
        low = getattr(item, "ge", None) if getattr(item, "ge", None) is not None else low
        high = getattr(item, "le", None) if getattr(item, "le", None) is not None else high
    return low, high


def _kinds(annotation: Any) -> set:
    """The types a (possibly optional, possibly annotated) annotation allows."""
    if get_origin(annotation) in (Union, types.UnionType):
        return set().union(*(_kinds(arg) for arg in get_args(annotation)))
    return {annotation}


def _choices(annotation: Any) -> list:
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return list(annotation)
    if get_origin(annotation) in (Union, types.UnionType):
        return [choice for arg in get_args(annotation) for choice in _choices(arg)]
    return []


def _lower(message: object) -> str:
    text = str(message or "not valid")
    return text[:1].lower() + text[1:]
