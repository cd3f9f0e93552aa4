"""Parsing YAML text: ruamel's safe loader, C-accelerated, with the pure parser where the C one refuses."""

from __future__ import annotations

from typing import Any

from swarmkit.workspace.limits import MAX_DEPTH, MAX_EXPANDED_NODES, MAX_INT_DIGITS, MAX_PURE_PARSE_BYTES

_loaders: dict[object, object] = {}


class YamlRefused(ValueError):
    """Text refused before or while it is built, at a place: `code` is its diagnostic code, line and
    column are 1-based. Callers report every kind alike (str(exc) is the message)."""

    code = ""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.line, self.column = line, column


class YamlTooDeep(YamlRefused):
    """The text nests collections deeper than MAX_DEPTH; the place of the first too deep."""

    code = "yaml.too-deep"

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"the YAML nests more than {MAX_DEPTH} levels deep", line, column)


class YamlNumberTooLong(YamlRefused):
    """An integer with more than MAX_INT_DIGITS digits; the place where it starts."""

    code = "yaml.number-too-long"

    def __init__(self, digits: int, line: int, column: int) -> None:
        super().__init__(
            f"a number of {digits:,} digits (swarmkit reads numbers of at most {MAX_INT_DIGITS:,})",
            line,
            column,
        )


def _bounded_int_constructor():
    """ruamel's safe constructor whose integers are refused above MAX_INT_DIGITS digits, with the
    place they start: Python refuses to convert more than 4,300 digits and says so with a bare
    ValueError that carries no position (and converting is quadratic below that limit)."""
    from ruamel.yaml.constructor import SafeConstructor

    class BoundedIntConstructor(SafeConstructor):
        def construct_yaml_int(self, node):
            digits = sum(ch.isdigit() for ch in node.value) if len(node.value) > MAX_INT_DIGITS else 0
            if digits > MAX_INT_DIGITS:
                mark = node.start_mark
                raise YamlNumberTooLong(digits, mark.line + 1, mark.column + 1)
            return super().construct_yaml_int(node)

    BoundedIntConstructor.add_constructor("tag:yaml.org,2002:int", BoundedIntConstructor.construct_yaml_int)
    return BoundedIntConstructor


def safe_yaml(pure: bool = False):
    """ruamel's safe loader: C-accelerated (pure Python when ruamel.yaml.clib is missing), or pure."""
    if pure not in _loaders:
        from ruamel.yaml import YAML

        loader = YAML(typ="safe", pure=pure)
        loader.Constructor = _bounded_int_constructor()
        _loaders[pure] = loader
    return _loaders[pure]


class YamlAliasBomb(YamlRefused):
    """Aliases (merge keys `<<:` included) would expand the text to more than MAX_EXPANDED_NODES
    values; the place of the alias that passes the bound."""

    code = "yaml.alias-bomb"

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"aliases expand to more than {MAX_EXPANDED_NODES:,} values", line, column)


def check_depth(text: str) -> None:
    """Raise YamlTooDeep where the text's collections nest deeper than MAX_DEPTH, and YamlAliasBomb
    where its aliases would expand it past MAX_EXPANDED_NODES values, before anything builds them:
    the C composer recurses in C (200,000 levels crash the process), the scanner's work per token
    grows with the depth, and a chain of merge keys (`m1: &m1 {<<: *m0, ...}`, each copying the one
    before) costs the constructor time quadratic in its length (5,000 links: 20 s) though the text is
    small. The parser's events come from a loop with its own stack, so this costs a fraction of a
    load (0.08 s for a 390 KB file whose load takes 0.55 s) and stops at the first problem. Each
    anchor's size is counted once and an alias adds that size, as building would. A syntax error
    ends the check: the load reports it."""
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent

    if "events" not in _loaders:
        from ruamel.yaml import YAML

        _loaders["events"] = YAML(typ="safe")  # its own: an abandoned parse leaves no state behind
    events = _loaders["events"].parse(text)  # type: ignore[attr-defined]
    sizes: dict[str, int] = {}  # anchor -> the number of values it expands to
    frames: list[list] = [[None, 0]]  # per open collection: [its anchor, values inside so far]
    total = 0
    try:
        for event in events:
            if isinstance(event, ScalarEvent):
                frames[-1][1] += 1
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            elif isinstance(event, AliasEvent):
                size = sizes.get(event.anchor, 1)
                frames[-1][1] += size
                total += size
                if total > MAX_EXPANDED_NODES:
                    mark = event.start_mark
                    raise YamlAliasBomb(mark.line + 1, mark.column + 1)
            elif isinstance(event, CollectionStartEvent):
                frames.append([event.anchor, 1])
                total += 1
                if len(frames) - 1 > MAX_DEPTH:
                    mark = event.start_mark
                    raise YamlTooDeep(mark.line + 1, mark.column + 1)
            elif isinstance(event, CollectionEndEvent):
                anchor, size = frames.pop()
                frames[-1][1] += size
                if anchor is not None:
                    sizes[anchor] = size
    except YAMLError:
        return
    finally:
        events.close()


def load_yaml_text(text: str) -> Any:
    """The document in `text`, read by the C parser and, only where it refuses, by the pure one.

    The C parser refuses valid YAML 1.2 the pure parser reads, such as a plain scalar holding ':'
    inside a flow collection (`[knowledge:read]`). A text both refuse raises the pure parser's
    error, whose marks are the precise ones. Above MAX_PURE_PARSE_BYTES the C parser's verdict
    stands: the pure parser would take seconds. Text nested deeper than MAX_DEPTH raises
    YamlTooDeep, and aliases that expand it too far YamlAliasBomb, before either builds anything; an
    integer too long to convert raises YamlNumberTooLong.
    """
    from ruamel.yaml.composer import ComposerError
    from ruamel.yaml.constructor import ConstructorError
    from ruamel.yaml.error import MarkedYAMLError

    check_depth(text)
    try:
        return safe_yaml().load(text)
    except (ComposerError, ConstructorError):
        raise  # duplicate keys, several documents: the same verdict from either parser
    except MarkedYAMLError:
        if len(text) > MAX_PURE_PARSE_BYTES:  # characters, at least as many bytes: a cheap bound
            raise
        return safe_yaml(pure=True).load(text)
