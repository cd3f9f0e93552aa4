"""API errors: every failure is JSON `{"error": {"code", "message", "hint"?}}`, never a traceback.

Every error a user can fix is a SwarmkitError, which carries its HTTP status and stable code
(swarmkit/errors.py: not found 404, conflict 409, the rest 400 unless its kind says otherwise);
one handler (answers.py) turns it into the response, and one (validation.py) a request FastAPI's
validation refuses. A portal page that fails says so as a page, with the same status, message and
hint.
"""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request

from swarmkit.errors import SwarmkitError
from swarmkit.server.json_response import JSONResponse

# Stable codes (documented in docs/portal.md); the HTTP status says the class of problem.
_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}


class ApiError(SwarmkitError):
    """A request the server itself refuses (a bad parameter, say), with its status and stable code."""

    def __init__(self, status: int, code: str, message: str, hint: str = "") -> None:
        super().__init__(message, hint, code=code)
        self.http_status = status


def error_body(code: str, message: str, hint: str = "") -> dict:
    error = {"code": code, "message": message}
    if hint:
        error["hint"] = hint
    return {"error": error}


def error_response(status: int, code: str, message: str, hint: str = "", headers=None) -> JSONResponse:
    return JSONResponse(error_body(code, message, hint), status_code=status, headers=headers)


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
