"""The API's JSON response: starlette's, with lone surrogates written as `\\uXXXX` escapes.

A workspace named `"\\ud800"`, or a run whose input was not UTF-8, would otherwise make starlette's
UTF-8 encoding fail and the route answer 500 (see swarmkit/surrogates.py).
"""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse as _StarletteJSON

from swarmkit.surrogates import json_dumps


class JSONResponse(_StarletteJSON):
    def render(self, content: Any) -> bytes:
        return json_dumps(content, allow_nan=False, indent=None, separators=(",", ":")).encode("utf-8")
