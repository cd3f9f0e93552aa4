"""API errors: every failure is JSON `{"error": {"code", "message", "hint"?}}`, never a traceback."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse

from swarmkit.errors import SwarmkitError
from swarmkit.memory.direct import BadEntry
from swarmkit.memory.privacy import NotYours

# Stable codes (documented in docs/portal.md); the HTTP status says the class of problem.
_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}


class ApiError(Exception):
    """A request the server refuses, with the status, stable code and message the client sees."""

    def __init__(self, status: int, code: str, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.hint = hint


def error_body(code: str, message: str, hint: str = "") -> dict:
    error = {"code": code, "message": message}
    if hint:
        error["hint"] = hint
    return {"error": error}


def error_response(status: int, code: str, message: str, hint: str = "", headers=None) -> JSONResponse:
    return JSONResponse(error_body(code, message, hint), status_code=status, headers=headers)


async def on_api_error(request: Request, exc: ApiError) -> JSONResponse:
    return error_response(exc.status, exc.code, exc.message, exc.hint)


async def on_swarmkit_error(request: Request, exc: SwarmkitError) -> JSONResponse:
    # The store refused because of the folder's state (an entry changed since it was listed, a
    # full file, no folder yet): the request was well-formed, the state does not allow it.
    return error_response(409, "conflict", exc.message, exc.hint)


async def on_not_yours(request: Request, exc: SwarmkitError) -> JSONResponse:
    # A person's file is shown only to a server serving that person's view.
    hint = "a person's facts are only shown to them: serve their view with swarmkit serve --user NAME"
    return error_response(403, "not_yours", exc.message, hint)


async def on_bad_entry(request: Request, exc: SwarmkitError) -> JSONResponse:
    # The text or target sent cannot be written as it is: the request is at fault, not the folder.
    return error_response(400, "invalid_entry", exc.message, exc.hint)


async def on_http_error(request: Request, exc: HTTPException) -> JSONResponse:
    code = _HTTP_CODES.get(exc.status_code, "http_error")
    message = {
        "not_found": f"nothing at {request.url.path}",
        "method_not_allowed": f"{request.method} is not allowed on {request.url.path}",
    }.get(code, str(exc.detail))
    hint = "GET /openapi.json lists every endpoint" if code in ("not_found", "method_not_allowed") else ""
    return error_response(exc.status_code, code, message, hint, headers=getattr(exc, "headers", None))


async def on_internal_error(request: Request, exc: Exception) -> JSONResponse:
    # A bug in swarmkit. Starlette re-raises after this reply, so the server's log gets the
    # traceback once; the client only gets a short JSON error.
    return error_response(
        500,
        "internal",
        f"internal error ({type(exc).__name__}); this is a bug in swarmkit",
        "the server's log has the details; please report it",
    )


HANDLERS = {
    ApiError: on_api_error,
    NotYours: on_not_yours,  # Starlette picks the handler of the exception's most specific class
    BadEntry: on_bad_entry,
    SwarmkitError: on_swarmkit_error,
    HTTPException: on_http_error,
    Exception: on_internal_error,
}
