"""Reading query parameters and JSON bodies strictly: a typo is a 400 that says so, not a silent default."""

from __future__ import annotations

import json

from starlette.requests import Request

from swarmkit.server.errors import ApiError

MAX_BODY = 64 * 1024


def check_known(request: Request, allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(request.query_params) - set(allowed))
    if unknown:
        raise ApiError(
            400,
            "invalid_request",
            f"unknown query parameter {unknown[0]!r}",
            f"this endpoint takes: {', '.join(allowed) or 'no parameters'}",
        )


def int_param(request: Request, name: str, default: int, low: int, high: int) -> int:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ApiError(
            400, "invalid_request", f"{name} must be a whole number from {low} to {high}, not {raw!r}"
        )
    return value


def float_param(request: Request, name: str, default: float, low: float, high: float) -> float:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ApiError(
            400, "invalid_request", f"{name} must be a number from {low:g} to {high:g}, not {raw!r}"
        )
    return value


async def _read_body(request: Request) -> bytes:
    """The body, read only up to the limit: a body without a length (chunked) cannot make the
    server hold more than MAX_BODY bytes of it."""
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise ApiError(413, "too_large", f"the body is over {MAX_BODY // 1024} KB")
    return bytes(raw)


async def json_body(request: Request, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    """The request's JSON object with exactly these string fields (required ones present)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise ApiError(
            415, "unsupported_media_type", "the body must be JSON", "send Content-Type: application/json"
        )
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise ApiError(413, "too_large", f"the body is over {MAX_BODY // 1024} KB")
    raw = await _read_body(request)
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ApiError(400, "invalid_json", f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise ApiError(400, "invalid_json", "the body is not valid JSON: it nests too deeply") from None
    fields = ", ".join(required + optional)
    if not isinstance(data, dict):
        raise ApiError(400, "invalid_request", "the body must be a JSON object", f"fields: {fields}")
    unknown = sorted(set(data) - set(required) - set(optional))
    if unknown:
        raise ApiError(400, "invalid_request", f"unknown field {unknown[0]!r}", f"fields: {fields}")
    for name in required:
        if name not in data:
            raise ApiError(400, "invalid_request", f"the field {name!r} is required", f"fields: {fields}")
    for name, value in data.items():
        if not isinstance(value, str):
            raise ApiError(400, "invalid_request", f"the field {name!r} must be a string")
    from swarmkit.surrogates import valid_unicode

    return valid_unicode(data)  # a lone "\ud800" escape is no character any file can hold: U+FFFD
