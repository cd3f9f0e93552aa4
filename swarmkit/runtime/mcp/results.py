"""MCP tools as the model sees them, and MCP results as the model and the run record keep them."""

from __future__ import annotations

import json
import re
from typing import Any

MAX_RESULT_CHARS = 16_000  # of a tool result, for the model and the record: the rest is cut
MAX_DESCRIPTION = 1_000
_NOT_NAME = re.compile(r"[^A-Za-z0-9_-]")


def function_name(name: str, taken: set[str], server: str) -> str:
    """The name the model calls a tool by: its own (OpenAI's pattern: letters, digits, _ and -, at most
    64), or server_tool when another tool of the agent already has it."""
    clean = _NOT_NAME.sub("_", name)[:64] or "tool"
    if clean in taken:
        clean = _NOT_NAME.sub("_", f"{server}_{name}")[:64]
    n = 2
    base = clean
    while clean in taken:
        clean = f"{base[:60]}_{n}"
        n += 1
    return clean


def tool_spec(name: str, tool, skill) -> dict:
    """A function-calling spec from the server's tools/list entry (its description and input schema)."""
    schema = tool.input_schema if isinstance(getattr(tool, "input_schema", None), dict) else {}
    schema = dict(schema) or {"type": "object", "properties": {}}
    schema.setdefault("type", "object")
    description = (tool.description or "").strip() or skill.description
    if skill.description and skill.description not in description:
        description = f"{skill.description} {description}".strip()
    return {
        "type": "function",
        "function": {"name": name, "description": description[:MAX_DESCRIPTION], "parameters": schema},
    }


def result_text(result) -> str:
    """The text of a CallToolResult: its text blocks, a note per other block, else its structured
    content as JSON."""
    parts: list[str] = []
    for block in result.content or []:
        kind = getattr(block, "type", "")
        if kind == "text":
            parts.append(block.text)
        elif kind == "resource":
            inner = block.resource
            parts.append(getattr(inner, "text", None) or f"[resource {getattr(inner, 'uri', '')}]")
        elif kind == "resource_link":
            parts.append(f"[resource {block.uri}]")
        else:  # image, audio: what it is, not its bytes
            parts.append(f"[{kind} {getattr(block, 'mime_type', '') or ''}]".replace(" ]", "]"))
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False, default=str))
    return "\n".join(parts)


def capped(text: str, limit: int = MAX_RESULT_CHARS) -> tuple[str, int | None]:
    """(the text cut to `limit` characters, its full length when it was cut)."""
    if len(text) <= limit:
        return text, None
    return text[:limit] + f"\n[… cut: {len(text)} characters, the first {limit} kept]", len(text)


def structured(result) -> Any:
    """Structured content small enough to keep as it is, else None."""
    value = result.structured_content
    if value is None:
        return None
    try:
        size = len(json.dumps(value, default=str))
    except (TypeError, ValueError, RecursionError):
        return None
    return value if size <= MAX_RESULT_CHARS else None
