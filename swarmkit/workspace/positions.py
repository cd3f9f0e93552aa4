"""Line and column of any value in a YAML text, from the parser's node marks."""

from __future__ import annotations

from typing import Any


class PositionIndex:
    def __init__(self, text: str) -> None:
        from swarmkit.workspace.yaml_text import safe_yaml

        self._root: Any = None
        # compose() stops at nodes: with the C parser it costs a fraction of a round-trip load.
        # The pure parser takes over only for text the C one refuses, as when loading.
        for pure in (False, True):
            try:
                self._root = safe_yaml(pure).compose(text)
                return
            except Exception:  # the loader accepted the text; a failure here only costs precision
                continue

    def locate(self, path: tuple, at: str = "value") -> tuple[int, int]:
        """1-based (line, column) of the key or value at `path`, else of its nearest ancestor.

        A mapping or list value is located at its key: "metadata:" reads better than the line of
        its first child for a missing field or a wrong type.
        """
        from ruamel.yaml.nodes import MappingNode, SequenceNode

        node = self._root
        mark = None
        for part in path:
            if isinstance(node, MappingNode):
                pair = next((p for p in node.value if p[0].value == str(part)), None)
                if pair is None:
                    break
                key, child = pair
                use_key = at == "key" or isinstance(child, (MappingNode, SequenceNode))
                mark = key.start_mark if use_key else child.start_mark
            elif isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                child = node.value[part]
                mark = child.start_mark
            else:
                break
            node = child
        if mark is None:
            return (1, 1)
        return (mark.line + 1, mark.column + 1)
