"""Where in a YAML document a position is: the path of keys to it, whether it is a key or a value,
and the scalar there. Positions are 0-based (line, character), as ruamel's marks are.

A document being typed is often not YAML yet (`  mem` on a line of its own): the line is then read
as the key it is becoming (`  mem:`), or as blank, and the document composed again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

Position = tuple[int, int]


@dataclass(frozen=True)
class Spot:
    path: tuple  # to the value (for a key: the path of its value)
    at: str  # "key" or "value"
    word: str  # the scalar's text ("" where nothing is written yet)
    start: Position
    end: Position
    siblings: frozenset[str] = frozenset()  # a key's mapping: the keys already written


def compose(text: str) -> Any | None:
    """The document's node tree (None when it is not YAML, or more than swarmkit reads: too large,
    too deep for the C composer's recursion, or aliases that would expand past the limit)."""
    from swarmkit.workspace.limits import MAX_FILE_BYTES
    from swarmkit.workspace.yaml_text import YamlRefused, check_depth, safe_yaml

    if len(text) > MAX_FILE_BYTES:
        return None
    try:
        check_depth(text)
    except YamlRefused:
        return None
    for pure in (False, True):
        try:
            return safe_yaml(pure).compose(text)
        except Exception:  # not YAML (yet): the callers fall back
            continue
    return None


def spot_at(text: str, position: Position) -> Spot | None:
    """What is at `position`, reading a line being typed as what it is becoming."""
    root = compose(text)
    if root is not None:
        found = _blank_line_key(root, text, position) or _in_node(root, (), position, text)
        if found is not None:
            return found
    lines = text.split("\n")
    line = position[0]
    if line >= len(lines):
        return None
    current = lines[line]
    if ":" not in current and current.strip() and not current.lstrip().startswith(("-", "#")):
        patched = "\n".join([*lines[:line], current.rstrip() + ":", *lines[line + 1 :]])
        root = compose(patched)
        if root is not None:
            found = _in_node(root, (), (line, min(position[1], len(current.rstrip()))), patched)
            if found is not None and found.at == "key":
                return found
    blanked = "\n".join([*lines[:line], "", *lines[line + 1 :]])
    root = compose(blanked)
    if root is None:
        return None
    indent = len(current) - len(current.lstrip(" "))
    found = _blank_line_key(root, blanked, (line, indent), force=True)
    if found is None:
        return None
    word = current.strip().rstrip(":")
    return Spot(found.path, "key", word, (line, indent), (line, indent + len(word)), found.siblings)


def node_at(root: Any, path: tuple) -> Any | None:
    """The node of the value at `path` (None when there is none)."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    node = root
    for part in path:
        if isinstance(node, MappingNode):
            node = next((value for key, value in node.value if key.value == str(part)), None)
        elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
            node = node.value[part]
        else:
            return None
        if node is None:
            return None
    return node


def key_node(root: Any, path: tuple) -> Any | None:
    """The key node of the value at `path` (None for a list item or the document)."""
    from ruamel.yaml.nodes import MappingNode

    parent = node_at(root, path[:-1]) if path else None
    if not isinstance(parent, MappingNode):
        return None
    return next((key for key, _ in parent.value if key.value == str(path[-1])), None)


def _pos(mark) -> Position:
    return (mark.line, mark.column)


def _inside(node, position: Position, closed: bool) -> bool:
    start, end = _pos(node.start_mark), _pos(node.end_mark)
    return start <= position <= end if closed else start <= position < end


def _in_node(node, path: tuple, position: Position, text: str) -> Spot | None:
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    if isinstance(node, ScalarNode):
        if _inside(node, position, closed=True):
            return Spot(path, "value", str(node.value), _pos(node.start_mark), _pos(node.end_mark))
        return None
    if isinstance(node, MappingNode):
        keys = frozenset(str(key.value) for key, _ in node.value)
        for key, value in node.value:
            if isinstance(key, ScalarNode) and _inside(key, position, closed=True):
                return Spot(
                    path + (key.value,), "key", str(key.value), _pos(key.start_mark), _pos(key.end_mark), keys
                )
            if _empty(value) and _after_colon(key, value, position, text):
                return Spot(path + (key.value,), "value", "", position, position)
            if not _empty(value) and _inside(value, position, closed=isinstance(value, ScalarNode)):
                return _in_node(value, path + (key.value,), position, text)
        return None
    if isinstance(node, SequenceNode):
        for index, item in enumerate(node.value):
            if _empty(item) and _pos(item.start_mark) == position:
                return Spot(path + (index,), "value", "", position, position)
            if _inside(item, position, closed=isinstance(item, ScalarNode)):
                return _in_node(item, path + (index,), position, text)
        if _inside(node, position, closed=False) or _dash_line(text, position):
            return Spot(path + (len(node.value),), "value", "", position, position)
    return None


def _empty(node) -> bool:
    from ruamel.yaml.nodes import ScalarNode

    return isinstance(node, ScalarNode) and node.value == "" and not node.style  # not a quoted ""


def _after_colon(key, value, position: Position, text: str) -> bool:
    """`key:` with nothing after it, the position on its line after the colon."""
    line = key.end_mark.line
    if position[0] != line:
        return False
    rest = text.split("\n")[line][key.end_mark.column : position[1]]
    return rest.startswith(":") and not rest[1:].strip()


def _dash_line(text: str, position: Position) -> bool:
    lines = text.split("\n")
    return position[0] < len(lines) and lines[position[0]][: position[1]].strip() == "-"


_BLANK = re.compile(r"[ ]*$")


def _blank_line_key(root, text: str, position: Position, force: bool = False) -> Spot | None:
    """A key being started on an empty line: its mapping is the innermost block mapping whose keys
    sit at the line's indentation and that spans the line (below the key that holds it)."""
    from ruamel.yaml.nodes import MappingNode, SequenceNode

    lines = text.split("\n")
    line, column = position
    if line >= len(lines) or not (force or _BLANK.match(lines[line])):
        return None
    best: tuple[int, tuple, Any] | None = None  # (the line of the key holding it, path, mapping)
    stack: list[tuple[tuple, Any, int]] = [((), root, -1)]
    while stack:
        path, node, owner = stack.pop()
        if isinstance(node, MappingNode) and node.value and node.flow_style is not True:
            first = node.value[0][0]
            spans = owner < line <= node.end_mark.line
            if first.start_mark.column == column and spans and (best is None or owner >= best[0]):
                best = (owner, path, node)
            stack.extend((path + (key.value,), value, key.start_mark.line) for key, value in node.value)
        elif isinstance(node, SequenceNode):
            stack.extend(
                (path + (index,), item, item.start_mark.line - 1) for index, item in enumerate(node.value)
            )
    if best is None:
        return None
    _, path, node = best
    keys = frozenset(str(key.value) for key, _ in node.value)
    return Spot(path + ("",), "key", "", position, position, keys)
