"""The token check of `swarmkit mcp --http`: every request (an MCP client's POSTs and its GET
stream alike, since both carry memory), plus `swarmkit serve`'s Host and browser-origin checks."""

from __future__ import annotations

import hmac

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from swarmkit.server.config import ServerConfig
from swarmkit.server.guard import TOKEN_HEADER, host_problem, origin_problem


def token_problem(headers: Headers, token: str) -> tuple[str, str, str] | None:
    """The token, as `Authorization: Bearer TOKEN` (what MCP clients send) or X-Swarmkit-Token."""
    given = headers.get(TOKEN_HEADER.lower()) or ""
    auth = headers.get("authorization", "")
    if not given and auth.lower().startswith("bearer "):
        given = auth[7:].strip()
    hint = (
        f"send Authorization: Bearer TOKEN (or {TOKEN_HEADER}) with the token `swarmkit mcp --http` printed"
    )
    if not given:
        return "token_required", "every request needs the token", hint
    if not hmac.compare_digest(given.encode("utf-8"), token.encode("utf-8")):
        return "token_invalid", "the token does not match this server's", hint
    return None


class McpGuard:
    def __init__(self, app, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        problem = (
            host_problem(headers, self.config)
            or origin_problem(scope, headers)
            or token_problem(headers, self.config.token)
        )
        if problem is not None:
            code, message, hint = problem
            response = JSONResponse(
                {"error": {"code": code, "message": message, "hint": hint}}, status_code=403
            )
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
