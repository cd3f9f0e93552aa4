"""The error family for problems a user can fix; each says what to do next."""

from __future__ import annotations

from swarmkit.exit_status import ExitStatus


class SwarmkitError(Exception):
    """A user-facing failure: a message, a hint, and the exit status it maps to."""

    exit_status = ExitStatus.INVALID

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint


class UsageProblem(SwarmkitError):
    exit_status = ExitStatus.USAGE
