"""The token check of `swarmkit mcp --http`: every request (an MCP client's POSTs and its GET
stream alike, since both carry memory), plus `swarmkit serve`'s Host and browser-origin checks;
then the JSON-RPC gate (wire.answer): a POSTed request the SDK would take for a notification (an id
that is a float or null) or refuse without its id is answered with its JSON-RPC error here."""

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
        if scope.get("method") == "POST":
            body, whole = await _body(receive)
            if whole:
                from swarmkit.memory_mcp.wire import answer

                error = answer(body.decode("utf-8", "replace"))
                if error is not None:
                    await JSONResponse(error, status_code=400)(scope, receive, send)
                    return
            receive = _replay(body, whole, receive)
        await self.app(scope, receive, send)


MAX_BODY = 4 * 1024 * 1024  # the SDK's own cap on a request body: a larger one is its to refuse


async def _body(receive) -> tuple[bytes, bool]:
    """The request's body as read, and whether it is whole (it is not past MAX_BODY: the rest is
    left to the SDK, which refuses it)."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), True
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body"):
            return b"".join(chunks), True
        if size > MAX_BODY:
            return b"".join(chunks), False


def _replay(body: bytes, whole: bool, receive):
    """A `receive` that gives the body read already, then what the connection says next."""
    sent = False

    async def again():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": not whole}
        return await receive()

    return again
