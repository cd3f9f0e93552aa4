"""Parsing YAML text: ruamel's safe loader, C-accelerated, with the pure parser where the C one refuses."""

from __future__ import annotations

from typing import Any

from swarmkit.workspace.limits import MAX_PURE_PARSE_BYTES

_loaders: dict[bool, object] = {}


def safe_yaml(pure: bool = False):
    """ruamel's safe loader: C-accelerated (pure Python when ruamel.yaml.clib is missing), or pure."""
    if pure not in _loaders:
        from ruamel.yaml import YAML

        _loaders[pure] = YAML(typ="safe", pure=pure)
    return _loaders[pure]


def load_yaml_text(text: str) -> Any:
    """The document in `text`, read by the C parser and, only where it refuses, by the pure one.

    The C parser refuses valid YAML 1.2 the pure parser reads, such as a plain scalar holding ':'
    inside a flow collection (`[knowledge:read]`). A text both refuse raises the pure parser's
    error, whose marks are the precise ones. Above MAX_PURE_PARSE_BYTES the C parser's verdict
    stands: the pure parser would take seconds.
    """
    from ruamel.yaml.composer import ComposerError
    from ruamel.yaml.constructor import ConstructorError
    from ruamel.yaml.error import MarkedYAMLError

    try:
        return safe_yaml().load(text)
    except (ComposerError, ConstructorError):
        raise  # duplicate keys, several documents: the same verdict from either parser
    except MarkedYAMLError:
        if len(text) > MAX_PURE_PARSE_BYTES:  # characters, at least as many bytes: a cheap bound
            raise
        return safe_yaml(pure=True).load(text)
