"""The schemas themselves: draft 2020-12, a description on every property, unknown keys rejected.

Unknown keys are rejected wherever upstream's swarmkit-schema rejects them; the few objects it
keeps open (a model, a prompt, an executor, a trigger's config, checkpointing) are open here too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

SCHEMA_DIR = Path(__file__).parents[1] / "schema"
SCHEMAS = sorted(SCHEMA_DIR.glob("*.schema.json"))


OPEN_OBJECTS = {"ModelRef", "Prompt", "Executor", "TriggerConfig", "Checkpointing"}


def walk_objects(node, path=""):
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            yield path, node
        for key, value in node.items():
            yield from walk_objects(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk_objects(value, f"{path}/{i}")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path):
    schema = json.loads(path.read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_property_has_a_description_and_objects_are_closed(path):
    schema = json.loads(path.read_text())
    for where, obj in walk_objects(
        schema["$defs"] if "$defs" in schema and "properties" not in schema else schema
    ):
        if "/inputs" in where or "/outputs" in where:
            continue
        for name, prop in obj["properties"].items():
            assert prop.get("description"), f"{path.name}{where}/properties/{name} has no description"
        expected = obj.get("title") in OPEN_OBJECTS
        assert obj.get("additionalProperties") is expected, f"{path.name}{where}: additionalProperties"


def test_the_memory_block_constraints():
    common = json.loads((SCHEMA_DIR / "common.schema.json").read_text())["$defs"]
    reader = common["ReaderConfig"]["properties"]
    assert reader["max_results"]["minimum"] == 1
    assert (reader["similarity_threshold"]["minimum"], reader["similarity_threshold"]["maximum"]) == (0, 1)
    assert common["SearchScope"]["enum"] == ["user", "all", "both"]
    assert common["WriterConfig"]["properties"]["min_output_length"]["minimum"] == 0
    memory = json.loads((SCHEMA_DIR / "workspace.schema.json").read_text())["$defs"]["Memory"]
    assert set(memory["properties"]) == {"enabled", "reader", "writer"}
    assert memory["additionalProperties"] is False


def test_resolved_workspace_is_immutable():
    import dataclasses

    from swarmkit.resolver import resolve

    ws = resolve(Path(__file__).parent / "fixtures/valid/no-memory-block").workspace
    with pytest.raises(dataclasses.FrozenInstanceError):
        ws.id = "other"
    with pytest.raises(TypeError):
        ws.skills["x"] = None
    with pytest.raises(TypeError):
        ws.decision_skills[0].config["max_results"] = 1
    with pytest.raises(dataclasses.FrozenInstanceError):  # the reader's settings: a frozen dataclass
        ws.memory.reader.max_results = 1
