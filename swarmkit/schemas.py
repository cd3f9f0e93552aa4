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
    """A draft 2020-12 validator for one artifact kind, with the shared definitions resolvable."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    # Schemas refer only to the shared file, so a kind needs just the two: validate stays lean.
    resources = [
        (load_schema(name)["$id"], Resource.from_contents(load_schema(name)))
        for name in (SHARED, KIND_SCHEMAS[kind])
    ]
    registry = Registry().with_resources(resources)
    return Draft202012Validator(load_schema(KIND_SCHEMAS[kind]), registry=registry)


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
                node["$ref"] = "#/$defs/" + ref[len(prefix):]
                need(ref[len(prefix):])
            elif in_shared and isinstance(ref, str) and ref.startswith("#/$defs/"):
                need(ref[len("#/$defs/"):])
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
