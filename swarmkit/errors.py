"""The one error family for problems a user can fix; each says what to do next.

An error carries how it is reported: the CLI exits with its `exit_status`, the server answers with
its `http_status` and stable `code`. The root is a request that cannot be done as given (exit 1,
HTTP 400); the kinds below say otherwise.
"""

from __future__ import annotations

from swarmkit.exit_status import ExitStatus


class SwarmkitError(Exception):
    """A user-facing failure: a message, a hint, and the exit and HTTP statuses it maps to."""

    exit_status: int = ExitStatus.INVALID
    http_status: int = 400
    code: str = "invalid_request"
    http_hint: str = ""  # what a client of the server should do, where it differs from the CLI's hint

    def __init__(self, message: str, hint: str = "", *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        if code is not None:
            self.code = code


class NotFound(SwarmkitError):
    """What was asked for is not there: a run, a memory file, an entry, the memory folder."""

    http_status = 404
    code = "not_found"


class Conflict(SwarmkitError):
    """The request is well formed, but the state of things refuses it now: an entry changed since it
    was listed, a full file, git in the middle of a merge, another writer holding the lock."""

    http_status = 409
    code = "conflict"


class UsageProblem(SwarmkitError):
    """A bad command line."""

    exit_status = ExitStatus.USAGE
