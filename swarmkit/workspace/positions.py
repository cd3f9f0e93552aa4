"""Line and column of any value in a YAML text, from ruamel.yaml's round-trip parse."""

from __future__ import annotations

from typing import Any


class PositionIndex:
    def __init__(self, text: str) -> None:
        from ruamel.yaml import YAML

        try:
            self._root: Any = YAML(typ="rt").load(text)
        except Exception:  # the fast loader accepted the text; a failure here only costs precision
            self._root = None

    def locate(self, path: tuple, at: str = "value") -> tuple[int, int]:
        """1-based (line, column) of the key or value at `path`, else of its nearest ancestor.

        A mapping or list value is located at its key: "metadata:" reads better than the line of
        its first child for a missing field or a wrong type.
        """
        node = self._root
        line, col = 0, 0
        for part in path:
            lc = getattr(node, "lc", None)
            if lc is None:
                break
            if isinstance(node, dict) and part in node:
                child = node[part]
                use_key = at == "key" or isinstance(child, (dict, list))
                line, col = lc.key(part) if use_key else lc.value(part)
            elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
                child = node[part]
                line, col = lc.item(part)
            else:
                break
            node = child
        return (line + 1, col + 1)
