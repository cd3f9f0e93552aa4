"""A route's JSON body, read before FastAPI validates it against the route's model: JSON only (415),
at most MAX_BODY bytes (413), and JSON that parses (400 invalid_json), each in the server's error
family.

FastAPI reads a body whole, however long, parses one sent without a Content-Type, and answers a
body it cannot parse with its own 400 ("There was an error parsing the body", a JSON nested too
deep for the parser among them). Its `max_body_size` (0.164) answers with Starlette's plain-text
413, also for a refusal the guard sends before the body is read. So the route reads the body here,
and FastAPI gets it parsed (JsonRequest: the request class FastAPI's documentation shows for a body
read in a way of one's own).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from swarmkit.server.errors import ApiError

MAX_BODY = 64 * 1024


class JsonRequest(Request):
    """A request whose body is read up to MAX_BODY and whose JSON is parsed strictly."""

    async def body(self) -> bytes:
        if not hasattr(self, "_body"):
            self._body = await _read_limited(self)
        return self._body

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = _parse(await self.body())
        return self._json


async def read_json(request: JsonRequest) -> Any:
    """Check the media type and the length, then read and parse the body (kept on the request)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise ApiError(
            415, "unsupported_media_type", "the body must be JSON", "send Content-Type: application/json"
        )
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY:
        raise _too_large()
    return await request.json()


async def _read_limited(request: Request) -> bytes:
    """The body, read only up to the limit: a body without a length (chunked) cannot make the
    server hold more than MAX_BODY bytes of it."""
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise _too_large()
    return bytes(raw)


def _parse(raw: bytes) -> Any:
    from swarmkit.surrogates import valid_unicode

    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ApiError(400, "invalid_json", f"the body is not valid JSON: {exc}") from None
    except RecursionError:
        raise ApiError(400, "invalid_json", "the body is not valid JSON: it nests too deeply") from None
    return valid_unicode(data)  # a lone "\ud800" escape is no character any file can hold: U+FFFD


def _too_large() -> ApiError:
    return ApiError(413, "too_large", f"the body is over {MAX_BODY // 1024} KB")
