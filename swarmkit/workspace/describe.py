"""Plain words for YAML values in messages."""

from __future__ import annotations

import datetime
from typing import Any


def describe_type(value: Any) -> str:
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return "a date"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def show_value(value: Any, limit: int = 60) -> str:
    """A short rendering of a value as the user would have typed it."""
    if isinstance(value, str):
        text = '"' + value + '"'
    elif value is None:
        text = "null"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, (dict, list)):
        return describe_type(value)
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


SCHEMA_TYPE_WORDS = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean (true or false)",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}
