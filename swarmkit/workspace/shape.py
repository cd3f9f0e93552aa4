"""The shape of parsed YAML or JSON: refusing alias bombs, self-referencing aliases and deep nesting.

Aliases share one Python object, so the walk memoises by identity: counting the expanded size of a
billion-laughs document costs only its distinct nodes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from swarmkit.workspace.limits import MAX_DEPTH, MAX_EXPANDED_NODES

HINTS = {
    "yaml.alias-bomb": "expand the aliases by hand, or use fewer of them",
    "yaml.too-deep": "flatten the structure; no swarmkit file needs that much nesting",
    "yaml.number-too-long": 'put the value in quotes to keep it as text, as in "12345..."',
}


class ShapeRefused(Exception):
    """`code` (yaml.alias-bomb or yaml.too-deep), a message, and the path of keys to where it is."""

    def __init__(self, code: str, message: str, path: tuple) -> None:
        super().__init__(message)
        self.code, self.message, self.path = code, message, path


def check_shape(data: Any, on_odd_key: Callable[[Any, tuple], None] | None = None) -> None:
    """Raise ShapeRefused when `data` nests deeper than MAX_DEPTH or expands to more than
    MAX_EXPANDED_NODES values; a key that is not a string goes to `on_odd_key` (else it is walked)."""
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size_of(node: Any, path: tuple) -> int:
        if not isinstance(node, (dict, list)):
            return 1
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise ShapeRefused("yaml.alias-bomb", "an alias refers to itself", path)
        if len(path) > MAX_DEPTH:
            raise ShapeRefused("yaml.too-deep", f"the YAML nests more than {MAX_DEPTH} levels deep", path)
        active.add(key)
        total = 1
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if isinstance(node, dict) and not isinstance(k, str) and on_odd_key is not None:
                on_odd_key(k, path + (k,))
                continue
            total += size_of(v, path + (k,))
            if total > MAX_EXPANDED_NODES:
                raise ShapeRefused(
                    "yaml.alias-bomb", f"aliases expand to more than {MAX_EXPANDED_NODES:,} values", path
                )
        active.discard(key)
        sizes[key] = total
        return total

    size_of(data, ())
