"""How a refused request is answered: JSON in the error family for the API, a page for a portal
page (the same status, message and hint). Apart from errors.py, which the page's renderer needs
itself (a page's context can refuse a request), so that nothing imports itself through others.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from swarmkit.errors import SwarmkitError
from swarmkit.server.errors import error_response


def respond(request: Request, error: SwarmkitError) -> Response:
    """The error as JSON, or as a page when the route that failed is a portal page."""
    if getattr(request.scope.get("route"), "is_page", False):
        from swarmkit.server.render import error_page

        return error_page(request, error)
    return error_response(error.http_status, error.code, error.message, error.http_hint or error.hint)


async def on_swarmkit_error(request: Request, exc: SwarmkitError) -> Response:
    return respond(request, exc)
