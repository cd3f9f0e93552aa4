"""The request guard: Host check on every request, token and same-origin check on every write.

Writes need both: the token proves the client was given the page (or the server's output), and
the origin check stops another site's page from posting even if the token leaked into it.
"""

from __future__ import annotations

import hmac

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from swarmkit.server.config import ServerConfig, host_name
from swarmkit.server.errors import error_response

TOKEN_HEADER = "X-Swarmkit-Token"
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

# The portal loads only its own script and stylesheet; nothing may frame it.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def host_problem(headers: Headers, config: ServerConfig) -> tuple[str, str, str] | None:
    if config.allowed_hosts is None:
        return None
    name = host_name(headers.get("host", ""))
    if name in config.allowed_hosts:
        return None
    return (
        "bad_host",
        f"this server does not answer for host {name or '(none)'!r}",
        "open the address `swarmkit serve` printed (http://127.0.0.1:PORT/)",
    )


def origin_problem(scope: Scope, headers: Headers) -> tuple[str, str, str] | None:
    """A browser says where a request comes from; a request it marks as another site's is refused.

    A client that sends neither Origin nor Sec-Fetch-Site is not a browser page (curl, a script),
    so no other site can be behind it; the token alone guards it.
    """
    hint = "post from the portal page itself, or from a client that is not a browser"
    site = headers.get("sec-fetch-site")
    if site is not None and site != "same-origin":
        return "cross_origin", f"writes must come from this server's own pages (Sec-Fetch-Site: {site})", hint
    origin = headers.get("origin")
    if origin is not None:
        expected = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}".lower()
        if origin.lower().rstrip("/") != expected:
            return "cross_origin", f"writes must come from this server's own pages, not from {origin}", hint
    return None


def token_problem(headers: Headers, config: ServerConfig) -> tuple[str, str, str] | None:
    given = headers.get(TOKEN_HEADER.lower())
    hint = (
        f"send the {TOKEN_HEADER} header with the token `swarmkit serve` printed (the portal page sends it)"
    )
    if not given:
        return "token_required", f"writes need the {TOKEN_HEADER} header", hint
    if not hmac.compare_digest(given.encode("utf-8"), config.token.encode("utf-8")):
        return "token_invalid", f"the {TOKEN_HEADER} header does not match this server's token", hint
    return None


class Guard:
    """ASGI middleware: refuses before routing, so a refused write never reaches the store."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        headers = Headers(scope=scope)
        problem = host_problem(headers, self.config)
        if problem is None and scope["method"] not in READ_METHODS:
            problem = origin_problem(scope, headers) or token_problem(headers, self.config)
        if problem is not None:
            await error_response(403, *problem)(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)
