"""Whether a document passes its kind's JSON Schema: the verdict alone, without jsonschema.

check_document asks this first and hands a document to jsonschema only when it fails, for the
diagnostics. Hand-written because it is measurably faster: importing jsonschema (referencing,
attrs, its metaschemas) was 40% of a one-shot `validate` of a valid workspace, and its per-value
machinery most of checking a large one; a schema compiled here into plain closures checks a file
in a few microseconds. Its verdict must be jsonschema's (Draft 2020-12, no format assertions) on
every document: tests/workspace/test_schema_verdict.py compares the two on fixtures, the upstream
corpus and generated mutations. A schema keyword it does not know makes `passes` return None for
that kind, which then goes to jsonschema whole.
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

Check = Callable[[Any], bool]

# Keywords that assert nothing (format too: the validator is built without a format checker).
_ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$defs",
        "$comment",
        "title",
        "description",
        "default",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "format",
    }
)
# Handled together with `properties`, in one pass over an object's keys.
_OBJECT_KEYWORDS = ("properties", "patternProperties", "additionalProperties")


class Unsupported(Exception):
    """The schema uses a keyword this module does not check."""


def passes(kind: str, data: Any) -> bool | None:
    """True or False as jsonschema would judge `data` against `kind`'s schema; None: ask jsonschema."""
    try:
        return _compiled(kind)(data)
    except Unsupported:  # met where a document first reached it
        return None


@cache
def _compiled(kind: str, eager: bool = False) -> Check:
    """`kind`'s check. Each part of the schema is compiled when a document first reaches it (a
    workspace file uses a few of the dozens of blocks its schema allows); `eager` compiles it all
    at once, raising Unsupported for a keyword anywhere."""
    from swarmkit.schemas import KIND_SCHEMAS, load_schema

    name = KIND_SCHEMAS[kind]
    return _Compiler(load_schema, eager).compile(load_schema(name), name)


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


def _is_array(value: Any) -> bool:
    return isinstance(value, list)


def _is_string(value: Any) -> bool:
    return isinstance(value, str)


def _is_number(value: Any) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, bool)


def _is_integer(value: Any) -> bool:
    # JSON Schema since draft 6: 1.0 is an integer; a bool never is.
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


_TYPES: dict[str, Check] = {
    "object": _is_object,
    "array": _is_array,
    "string": _is_string,
    "number": _is_number,
    "integer": _is_integer,
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
}

_TRUE = object()
_FALSE = object()


def _apart_from_numbers(value: Any) -> Any:
    """True and False as values of their own: JSON has no 1 == true."""
    if value is True:
        return _TRUE
    if value is False:
        return _FALSE
    return value


def equal(one: Any, two: Any) -> bool:
    """JSON equality: booleans differ from numbers at every depth; 1 equals 1.0."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return one == two
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(
            key in two and equal(value, two[key]) for key, value in one.items()
        )
    return _apart_from_numbers(one) == _apart_from_numbers(two)


def _unique(items: list) -> bool:
    seen: list = []
    for item in items:
        item = _apart_from_numbers(item)
        if any(equal(other, item) for other in seen):
            return False
        seen.append(item)
    return True


def _all(checks: list[Check]) -> Check:
    if not checks:
        return lambda value: True
    if len(checks) == 1:
        return checks[0]

    def check(value: Any) -> bool:
        for each in checks:
            if not each(value):
                return False
        return True

    return check


class _Compiler:
    """Turns one schema (and the definitions it refers to) into a Check."""

    def __init__(self, load: Callable[[str], dict], eager: bool = False) -> None:
        self._load = load
        self._eager = eager
        # (document, definition) -> its Check, filled once compiled; the list is the indirection a
        # recursive definition (an agent's children are agents) calls through
        self._refs: dict[tuple[str, str], list[Check]] = {}

    def later(self, schema: Any, doc: str) -> Check:
        """`schema`'s check, compiled on its first call (at once when eager)."""
        if self._eager or isinstance(schema, bool):
            return self.compile(schema, doc)
        cell: list[Check] = []

        def check(value: Any) -> bool:
            if not cell:
                cell.append(self.compile(schema, doc))
            return cell[0](value)

        return check

    def compile(self, schema: Any, doc: str) -> Check:
        if schema is True:
            return lambda value: True
        if schema is False:
            return lambda value: False
        if not isinstance(schema, dict):
            raise Unsupported(f"a schema that is {type(schema).__name__}")
        checks: list[Check] = []
        if any(key in schema for key in _OBJECT_KEYWORDS):
            checks.append(self._object(schema, doc))
        for key, value in schema.items():
            if key in _ANNOTATIONS or key in _OBJECT_KEYWORDS or key in ("then", "else"):
                continue
            build = getattr(self, "_" + key.lstrip("$"), None)
            if build is None:
                raise Unsupported(key)
            checks.append(build(value, schema, doc))
        return _all(checks)

    # --- objects -----------------------------------------------------------------------------

    def _object(self, schema: dict, doc: str) -> Check:
        properties = {key: self.later(sub, doc) for key, sub in (schema.get("properties") or {}).items()}
        patterns = [
            (pattern, self.later(sub, doc))
            for pattern, sub in (schema.get("patternProperties") or {}).items()
        ]
        extra = schema.get("additionalProperties")
        extra_check = self.later(extra, doc) if isinstance(extra, dict) else None
        refuse_extra = extra is not None and not isinstance(extra, dict) and not extra

        def check(value: Any) -> bool:
            if not isinstance(value, dict):
                return True
            for key, sub in properties.items():
                if key in value and not sub(value[key]):
                    return False
            for pattern, sub in patterns:
                for key, item in value.items():
                    if re.search(pattern, key) and not sub(item):
                        return False
            if extra_check is None and not refuse_extra:
                return True
            for key, item in value.items():
                if key in properties or any(re.search(pattern, key) for pattern, _ in patterns):
                    continue
                if refuse_extra or (extra_check is not None and not extra_check(item)):
                    return False
            return True

        return check

    def _required(self, keys: list, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, dict) or all(key in value for key in keys)

    def _minProperties(self, bound: int, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, dict) or len(value) >= bound

    def _maxProperties(self, bound: int, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, dict) or len(value) <= bound

    def _propertyNames(self, sub: Any, schema: dict, doc: str) -> Check:
        names = self.compile(sub, doc)
        return lambda value: not isinstance(value, dict) or all(names(key) for key in value)

    # --- arrays ------------------------------------------------------------------------------

    def _items(self, sub: Any, schema: dict, doc: str) -> Check:
        if "prefixItems" in schema:
            raise Unsupported("prefixItems")
        each = self.later(sub, doc)
        return lambda value: not isinstance(value, list) or all(each(item) for item in value)

    def _minItems(self, bound: int, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, list) or len(value) >= bound

    def _maxItems(self, bound: int, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, list) or len(value) <= bound

    def _uniqueItems(self, wanted: bool, schema: dict, doc: str) -> Check:
        if not wanted:
            return lambda value: True
        return lambda value: not isinstance(value, list) or _unique(value)

    # --- any value ---------------------------------------------------------------------------

    def _type(self, names: str | list, schema: dict, doc: str) -> Check:
        if isinstance(names, str):
            return _TYPES[names]
        checks = [_TYPES[name] for name in names]
        return lambda value: any(check(value) for check in checks)

    def _enum(self, options: list, schema: dict, doc: str) -> Check:
        return lambda value: any(equal(option, value) for option in options)

    def _const(self, expected: Any, schema: dict, doc: str) -> Check:
        return lambda value: equal(value, expected)

    # --- numbers and strings -----------------------------------------------------------------

    def _minimum(self, bound: Any, schema: dict, doc: str) -> Check:
        return lambda value: not _is_number(value) or not value < bound

    def _maximum(self, bound: Any, schema: dict, doc: str) -> Check:
        return lambda value: not _is_number(value) or not value > bound

    def _exclusiveMinimum(self, bound: Any, schema: dict, doc: str) -> Check:
        return lambda value: not _is_number(value) or not value <= bound

    def _exclusiveMaximum(self, bound: Any, schema: dict, doc: str) -> Check:
        return lambda value: not _is_number(value) or not value >= bound

    def _minLength(self, bound: int, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, str) or len(value) >= bound

    def _maxLength(self, bound: int, schema: dict, doc: str) -> Check:
        return lambda value: not isinstance(value, str) or len(value) <= bound

    def _pattern(self, pattern: str, schema: dict, doc: str) -> Check:
        # re.search compiles on first use and caches: a pattern no value reaches costs nothing
        return lambda value: not isinstance(value, str) or re.search(pattern, value) is not None

    # --- combinations ------------------------------------------------------------------------

    def _allOf(self, subs: list, schema: dict, doc: str) -> Check:
        return _all([self.compile(sub, doc) for sub in subs])

    def _anyOf(self, subs: list, schema: dict, doc: str) -> Check:
        checks = [self.compile(sub, doc) for sub in subs]
        return lambda value: any(check(value) for check in checks)

    def _oneOf(self, subs: list, schema: dict, doc: str) -> Check:
        checks = [self.compile(sub, doc) for sub in subs]
        return lambda value: sum(1 for check in checks if check(value)) == 1

    def _not(self, sub: Any, schema: dict, doc: str) -> Check:
        check = self.compile(sub, doc)
        return lambda value: not check(value)

    def _if(self, sub: Any, schema: dict, doc: str) -> Check:
        condition = self.compile(sub, doc)
        then = self.compile(schema["then"], doc) if "then" in schema else None
        otherwise = self.compile(schema["else"], doc) if "else" in schema else None

        def check(value: Any) -> bool:
            branch = then if condition(value) else otherwise
            return branch is None or branch(value)

        return check

    def _ref(self, ref: str, schema: dict, doc: str) -> Check:
        target, _, fragment = ref.partition("#")
        if not fragment.startswith("/$defs/") or "/" in fragment[len("/$defs/") :]:
            raise Unsupported(f"$ref {ref}")
        target_doc = target.removesuffix(".schema.json") if target else doc
        key = (target_doc, fragment[len("/$defs/") :])
        if key not in self._refs:
            cell: list[Check] = []
            self._refs[key] = cell
            definitions = self._load(target_doc).get("$defs") or {}
            if key[1] not in definitions:
                raise Unsupported(f"$ref {ref}")
            cell.append(self.later(definitions[key[1]], target_doc))
        cell = self._refs[key]
        return lambda value: cell[0](value)
