"""A parameter or body field refused in words of its own, where the validation handler's general
words would say less.

The check that words a refusal (a run id's, the store's for an over-long entry) raises a
SwarmkitError, as it does for the CLI; `words_of(check)` runs it as the field's validator, and its
refusal travels inside pydantic's validation error (type: the error's code; context: its message and
hint) to the one validation handler (server/validation.py), which answers with it. The field's own
constraints stay declared (and in the OpenAPI document): a value they refuse gets the check's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ValidationError, ValidatorFunctionWrapHandler, WrapValidator
from pydantic_core import PydanticCustomError

from swarmkit.errors import SwarmkitError

MARK = "swarmkit"  # in the error's context: the message and hint are the server's own


def refusal(error: SwarmkitError) -> PydanticCustomError:
    context = {MARK: True, "message": error.message, "hint": error.http_hint or error.hint}
    return PydanticCustomError(error.code, "{message}", context)


def words_of(check: Callable[[Any], object]) -> WrapValidator:
    """A validator that lets `check` say why a value is refused (before and after the field's own
    constraints: whichever refuses it, the words are the check's when it refuses too)."""

    def validate(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        try:
            checked = handler(value)
        except ValidationError:
            _check(check, value)
            raise
        _check(check, value)
        return checked

    return WrapValidator(validate)


def _check(check: Callable[[Any], object], value: Any) -> None:
    try:
        check(value)
    except SwarmkitError as error:
        raise refusal(error) from None
