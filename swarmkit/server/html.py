"""Building HTML where every value is escaped unless it is already markup (`Safe`)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable


class Safe(str):
    """Markup built here: escaping it again would show tags as text."""


def esc(value: object) -> Safe:
    """`value` as HTML text: escaped, unless it is markup already."""
    if isinstance(value, Safe):
        return value
    return Safe(html.escape("" if value is None else str(value), quote=True))


_CODE_SPAN = re.compile(r"`([^`\n]+)`")


def prose(value: object) -> Safe:
    """Text as HTML with its Markdown code spans (`swarmkit run`) as <code>: messages, hints and
    memory entries are written for a terminal or a markdown file, where backticks mean code."""
    return Safe(_CODE_SPAN.sub(r"<code>\1</code>", esc(value)))


def join(parts: Iterable[object]) -> Safe:
    return Safe("".join(esc(part) for part in parts if part is not None))


def _attrs(attrs: dict[str, object]) -> str:
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        # Python keywords and dashes: class_="x" -> class, data_ref="x" -> data-ref.
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


_VOID = {"meta", "link", "input", "br", "hr", "img"}


def tag(element: str, /, *children: object, **attrs: object) -> Safe:
    """`<element attrs>children</element>`; children that are lists are flattened."""
    if element in _VOID:
        return Safe(f"<{element}{_attrs(attrs)}>")
    flat: list[object] = []
    for child in children:
        if isinstance(child, list | tuple):
            flat.extend(child)
        else:
            flat.append(child)
    return Safe(f"<{element}{_attrs(attrs)}>{join(flat)}</{element}>")
