"""What a kind's JSON Schema says at a path: the description, the keys a mapping may hold and the
values a value may take (enums, consts, booleans). Read from the same schemas validate checks with.

A path may meet several schemas at once (allOf, the branches of oneOf and anyOf, if/then): what they
say is gathered from all of them, as an editor should offer every key that could be right.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Schema = tuple[str, Any]  # (the schema document it belongs to, the schema)


@dataclass
class Help:
    description: str = ""
    keys: dict[str, str] = field(default_factory=dict)  # key -> its description
    values: list = field(default_factory=list)  # enum and const values, booleans
    types: set[str] = field(default_factory=set)


def help_at(kind: str, path: tuple, own_description: bool = True) -> Help:
    """What the schema of `kind` says of the value at `path`."""
    from swarmkit.schemas import KIND_SCHEMAS, load_schema

    name = KIND_SCHEMAS.get(kind)
    if name is None:
        return Help()
    schemas = _expand([(name, load_schema(name))])
    described = ""
    for part in path:
        described = ""
        children: list[Schema] = []
        for doc, schema in schemas:
            if isinstance(part, int) or part == "#":
                if isinstance(schema.get("items"), dict):
                    children.append((doc, schema["items"]))
                continue
            props = schema.get("properties") or {}
            if part in props:
                children.append((doc, props[part]))
                described = described or _text(props[part].get("description"))
            elif isinstance(schema.get("additionalProperties"), dict):
                children.append((doc, schema["additionalProperties"]))
        schemas = _expand(children)
    out = Help(description=described if own_description else "")
    for _, schema in schemas:
        out.description = out.description or _text(schema.get("description"))
        for key, sub in (schema.get("properties") or {}).items():
            if key not in out.keys or not out.keys[key]:
                out.keys[key] = _text(sub.get("description")) if isinstance(sub, dict) else ""
        for value in [*(schema.get("enum") or []), *([schema["const"]] if "const" in schema else [])]:
            if value not in out.values:
                out.values.append(value)
        types = schema.get("type")
        out.types.update([types] if isinstance(types, str) else types or [])
    if "boolean" in out.types:
        out.values += [value for value in (True, False) if value not in out.values]
    return out


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _expand(schemas: list[Schema], depth: int = 0) -> list[Schema]:
    """Each schema with the ones it stands for: its $ref's target, allOf, anyOf, oneOf, then, else."""
    from swarmkit.schemas import load_schema

    out: list[Schema] = []
    for doc, schema in schemas:
        if not isinstance(schema, dict):
            continue
        out.append((doc, schema))
        if depth > 12:  # a recursive definition (an agent's children) is walked by the path, not here
            continue
        more: list[Schema] = []
        ref = schema.get("$ref")
        if isinstance(ref, str) and "#/$defs/" in ref:
            target, _, fragment = ref.partition("#/$defs/")
            target_doc = target.removesuffix(".schema.json") if target else doc
            definition = (load_schema(target_doc).get("$defs") or {}).get(fragment)
            if definition is not None:
                more.append((target_doc, definition))
        for key in ("allOf", "anyOf", "oneOf"):
            more += [(doc, sub) for sub in schema.get(key) or []]
        more += [(doc, schema[key]) for key in ("then", "else") if isinstance(schema.get(key), dict)]
        out += _expand(more, depth + 1)
    return out
