"""The swarmkit/v1 JSON Schemas shipped with the package (copied from schema/ by `make codegen`)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

SCHEMA_DIR = Path(__file__).parent / "models" / "schema"
# Every artifact kind a workspace folder holds, with its schema file (the order `swarmkit schema` lists).
KIND_SCHEMAS = {
    "Workspace": "workspace",
    "Topology": "topology",
    "Archetype": "archetype",
    "Skill": "skill",
    "Trigger": "trigger",
    "ExecutorAdapter": "executor-adapter",
    "Funnel": "funnel",
    "RoleRegistry": "role-registry",
    "Contract": "contract",
}
SHARED = "common"


def schema_names() -> list[str]:
    return list(KIND_SCHEMAS.values())


@cache
def load_schema(name: str) -> dict:
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


@cache
def validator_for(kind: str):
    """A draft 2020-12 validator for one artifact kind.

    It checks a copy of the schema with every `$ref` written out in place (a recursive one, the
    agent tree, stays a reference): resolving thousands of references is most of what validating
    a large workspace would otherwise cost. The verdicts and errors are those of the schema as
    written.
    """
    from jsonschema import Draft202012Validator

    return Draft202012Validator(inlined(KIND_SCHEMAS[kind]))


_ANNOTATIONS = {"description", "default", "title", "$comment"}
_SHARED_REF = f"{SHARED}.schema.json#/$defs/"


def inlined(name: str) -> dict:
    """Schema `name` with each reference (local or to the shared file) replaced by what it names.

    A reference back into a definition being written out is kept, pointing at a copy under the
    result's own $defs.
    """
    docs = {
        name: load_schema(name)["$defs"] if "$defs" in load_schema(name) else {},
        SHARED: load_schema(SHARED)["$defs"],
    }
    kept: dict[str, tuple[str, str]] = {}  # local name in the result -> (document, definition)

    def expand(node, doc: str, stack: frozenset):
        if isinstance(node, list):
            return [expand(value, doc, stack) for value in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(("#/$defs/", _SHARED_REF)):
            target_doc = doc if ref.startswith("#") else SHARED
            definition = ref.rsplit("/", 1)[-1]
            key = (target_doc, definition)
            target = docs[target_doc].get(definition)
            siblings = set(node) - {"$ref"} - _ANNOTATIONS
            if target is not None and key not in stack and not siblings & set(target):
                merged = expand(target, target_doc, stack | {key})
                merged.update({k: expand(v, doc, stack) for k, v in node.items() if k != "$ref"})
                return merged
            local = definition if target_doc == name else f"{SHARED}-{definition}"
            kept[local] = key
            return {
                **{k: expand(v, doc, stack) for k, v in node.items() if k != "$ref"},
                "$ref": f"#/$defs/{local}",
            }
        return {key: expand(value, doc, stack) for key, value in node.items()}

    top = load_schema(name)
    out = expand({key: value for key, value in top.items() if key != "$defs"}, name, frozenset())
    written: dict = {}
    while set(kept) - set(written):  # only the definitions a kept reference still names
        local = min(set(kept) - set(written))
        doc, definition = kept[local]
        written[local] = expand(docs[doc][definition], doc, frozenset({(doc, definition)}))
    out["$defs"] = written
    return out


def bundled_schema(name: str) -> dict:
    """A self-contained copy of one schema: the shared definitions it uses are inlined under $defs.

    Editors load a schema from a local file, where a reference to a sibling file by URL would fail.
    """
    schema = copy.deepcopy(load_schema(name))
    shared = copy.deepcopy(load_schema(SHARED)["$defs"])
    prefix = f"{SHARED}.schema.json#/$defs/"
    needed: set[str] = set()

    def need(def_name: str) -> None:
        # A shared definition may refer to others (#/$defs/...): pull those in too.
        if def_name not in needed:
            needed.add(def_name)
            rewrite(shared[def_name], in_shared=True)

    def rewrite(node, in_shared: bool) -> None:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(prefix):
                node["$ref"] = "#/$defs/" + ref[len(prefix) :]
                need(ref[len(prefix) :])
            elif in_shared and isinstance(ref, str) and ref.startswith("#/$defs/"):
                need(ref[len("#/$defs/") :])
            for value in node.values():
                rewrite(value, in_shared)
        elif isinstance(node, list):
            for value in node:
                rewrite(value, in_shared)

    rewrite(schema, in_shared=False)
    defs = schema.setdefault("$defs", {})
    for def_name in sorted(needed):
        defs.setdefault(def_name, shared[def_name])
    return schema


def schema_text(name: str) -> str:
    return json.dumps(bundled_schema(name), indent=2, ensure_ascii=False) + "\n"
