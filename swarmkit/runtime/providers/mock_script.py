"""Reading the mock provider's script (`run --script FILE`): a YAML or JSON list of steps, checked.

The file is read as every file swarmkit did not write is (swarmkit/safe_read.py: a regular file,
at most MAX_SCRIPT_BYTES), parsed with the workspace loader's guards (depth before parsing, alias
expansion after) and checked step by step, so a wrong file is one clear error naming the file,
the step and what to write, before anything runs.
"""

from __future__ import annotations

import json
from typing import Any

from swarmkit.runtime.providers.base import ProviderError

MAX_SCRIPT_BYTES = 1024 * 1024  # replies for tests and tutorials; parsing it stays well under 2 s
STEP_HINT = "write a list of {when: {agent, purpose, contains}, reply, tool_calls: [{name, arguments}]} steps"
_WHEN_KEYS = ("agent", "purpose", "contains")
_STEP_KEYS = ("when", "reply", "tool_calls")


def load_script(path: str) -> list[dict]:
    """The steps of the script at `path`; ProviderError (exit 1) saying what is wrong and where."""
    from swarmkit.safe_read import FileRefused, decode_text, read_regular

    try:
        raw = read_regular(path, MAX_SCRIPT_BYTES)
    except FileRefused as refused:
        raise ProviderError(
            f"cannot read the mock script {path}: {refused.problem}",
            f"pass a YAML or JSON file of at most {MAX_SCRIPT_BYTES // 1024} KB to --script",
        ) from None
    try:
        text = decode_text(raw)
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ProviderError(
            f"the mock script {path} is not valid UTF-8 (byte 0x{raw[exc.start]:02x} on line {line})",
            "save the file as UTF-8",
        ) from None
    steps = _parse(path, text)
    if not isinstance(steps, list):
        raise ProviderError(f"the mock script {path} is not a list of steps", STEP_HINT)
    for number, step in enumerate(steps, 1):
        problem = _step_problem(step)
        if problem:
            raise ProviderError(f"the mock script {path}: step {number} {problem}", STEP_HINT)
    return steps


def _parse(path: str, text: str) -> Any:
    from swarmkit.workspace.shape import HINTS, ShapeRefused, check_shape
    from swarmkit.workspace.yaml_text import YamlRefused, load_yaml_text

    try:
        if path.endswith((".yaml", ".yml")):
            data = load_yaml_text(text)
        else:
            data = json.loads(text)
        check_shape(data)
    except YamlRefused as exc:
        raise ProviderError(
            f"the mock script {path} cannot be parsed: {exc} (line {exc.line}, column {exc.column})",
            HINTS[exc.code],
        ) from None
    except RecursionError:  # json's own guard
        raise ProviderError(
            f"the mock script {path} cannot be parsed: it nests too deeply", HINTS["yaml.too-deep"]
        ) from None
    except ShapeRefused as refused:
        raise ProviderError(
            f"the mock script {path} cannot be parsed: {refused.message}", HINTS[refused.code]
        ) from None
    except Exception as exc:  # ruamel's and json's errors: their first line says where
        detail = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ProviderError(f"the mock script {path} cannot be parsed: {detail}", STEP_HINT) from None
    return data


def _step_problem(step: Any) -> str | None:
    if not isinstance(step, dict):
        return f"is {_kind(step)}, not a mapping"
    unknown = [str(k) for k in step if k not in _STEP_KEYS]
    if unknown:
        return f"has an unknown key {unknown[0]!r} (known: {', '.join(_STEP_KEYS)})"
    when = step.get("when")
    if when is not None:
        if not isinstance(when, dict):
            return f"`when` is {_kind(when)}, not a mapping"
        for key, value in when.items():
            if key not in _WHEN_KEYS:
                return f"`when` has an unknown key {str(key)!r} (known: {', '.join(_WHEN_KEYS)})"
            if not isinstance(value, str):
                return f"`when.{key}` is {_kind(value)}, not a string"
    reply = step.get("reply")
    if reply is not None and not isinstance(reply, (str, int, float)):
        return f"`reply` is {_kind(reply)}, not a string"
    calls = step.get("tool_calls")
    if calls is None:
        return None
    if not isinstance(calls, list):
        return f"`tool_calls` is {_kind(calls)}, not a list"
    for index, call in enumerate(calls):
        if not isinstance(call, dict):
            return f"`tool_calls[{index}]` is {_kind(call)}, not a mapping"
        if not isinstance(call.get("name"), str):
            found = _kind(call["name"]) if "name" in call else "missing"
            return f"`tool_calls[{index}].name` is {found}, not a string"
        arguments = call.get("arguments")
        if arguments is not None and not isinstance(arguments, dict):
            return f"`tool_calls[{index}].arguments` is {_kind(arguments)}, not a mapping"
    return None


def _kind(value: Any) -> str:
    from swarmkit.workspace.describe import describe_type

    return describe_type(value)
