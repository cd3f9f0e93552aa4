"""One log line per request (`GET /portal/memory 200 3.1 ms`), which `swarmkit serve -v` shows.

The path only, never the query string or a header: a search's words and the token stay out of logs.
"""

from __future__ import annotations

import logging
import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_log = logging.getLogger(__name__)


class AccessLog:
    """ASGI middleware, outside the guard, so refused requests are logged too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _log.isEnabledFor(logging.INFO):
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # what the client gets when the app fails before it answers

        async def recording_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        finally:
            took = (time.perf_counter() - started) * 1000
            _log.info("%s %s %d %.1f ms", scope["method"], scope["path"], status, took)
