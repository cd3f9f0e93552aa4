"""The schema verdict (schema_verdict.py) agrees with jsonschema's on every document it is shown.

check_document asks jsonschema for errors only when the verdict says a document fails, so a
document the verdict passed and jsonschema would fail would lose its diagnostics. The documents:
every workspace file in the repository (fixtures, examples, the init template, the reference
skills), upstream's corpus where this machine has it, each against every kind's schema, and
thousands of seeded mutations of them (values swapped for schema enums and other types, keys
removed or added, list items repeated), near-valid documents that reach the schemas' branches.
"""

from __future__ import annotations

import copy
import datetime
import math
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from swarmkit.schemas import KIND_SCHEMAS, inlined, load_schema
from swarmkit.workspace.schema_verdict import Unsupported, _compiled, equal, passes
from swarmkit.workspace.yaml_text import load_yaml_text
from tests.compat.corpus import corpus_root

REPO = Path(__file__).parents[2]
SOURCES = ["tests/fixtures", "examples", "swarmkit/templates", "reference/skills", "swarmkit/resolver/skills"]


def _documents() -> list[tuple[str, dict]]:
    roots = [REPO / folder for folder in SOURCES]
    corpus = corpus_root()
    if corpus is not None:
        roots.append(corpus)
    out = []
    for root in roots:
        for path in sorted(root.rglob("*.y*ml")):
            try:
                data = load_yaml_text(path.read_text(encoding="utf-8"))
            except Exception:  # broken on purpose (fixtures of YAML errors): nothing to check
                continue
            if isinstance(data, dict):
                out.append((str(path.relative_to(root.parent)), data))
    return out


DOCUMENTS = _documents()
VALIDATORS = {kind: Draft202012Validator(inlined(name)) for kind, name in KIND_SCHEMAS.items()}


def _schema_words() -> tuple[list, list[str]]:
    """Every enum and const value of the schemas, and every property name."""
    values: list = []
    keys: set[str] = set()

    def walk(node):
        if isinstance(node, dict):
            values.extend(node.get("enum") or [])
            if "const" in node:
                values.append(node["const"])
            keys.update(node.get("properties") or {})
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for name in [*KIND_SCHEMAS.values(), "common"]:
        walk(load_schema(name))
    return values, sorted(keys)


ENUMS, KEYS = _schema_words()
OTHERS = [
    "",
    "x",
    "Not-An-Id",
    "a-b",
    "1.0.0",
    "1.0",
    ">=1.0.0",
    "https://example.com",
    "knowledge:read",
    "pack:tools",
    "server:git",
    "*",
    0,
    1,
    -1,
    2,
    1.0,
    1.5,
    0.15,
    1e9,
    True,
    False,
    None,
    math.nan,
    math.inf,
    [],
    [""],
    ["a", "a"],
    ["a", "b"],
    [1, True],
    {},
    {"x": 1},
    {"id": "a"},
    datetime.date(2024, 1, 2),
]


def _paths(node, path=()):
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, path + (index,))


def _mutate(data: dict, rng: random.Random) -> dict:
    doc = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        paths = list(_paths(doc))
        path, node = rng.choice(paths)
        pool = ENUMS if rng.random() < 0.5 else OTHERS
        op = rng.random()
        if isinstance(node, dict) and op < 0.3 and node:
            del node[rng.choice(list(node))]
        elif isinstance(node, dict) and op < 0.5:
            node[rng.choice(KEYS) if rng.random() < 0.8 else "zzz"] = copy.deepcopy(rng.choice(pool))
        elif isinstance(node, list) and op < 0.3 and node:
            node.append(copy.deepcopy(rng.choice(node)))
        elif isinstance(node, list) and op < 0.45 and node:
            node.pop(rng.randrange(len(node)))
        elif path:
            parent = doc
            for part in path[:-1]:
                parent = parent[part]
            parent[path[-1]] = copy.deepcopy(rng.choice(pool))
    return doc


def test_every_kind_compiles():
    """A keyword the verdict does not know would send a whole kind to jsonschema: none does."""
    unknown = []
    for kind in KIND_SCHEMAS:
        try:
            _compiled(kind, eager=True)
        except Unsupported as error:  # a keyword it does not know, anywhere in the kind's schema
            unknown.append(f"{kind}: {error}")
    assert unknown == []


def test_the_documents_hold_valid_ones_of_the_main_kinds():
    """The mutations start from them; the mutation test sees both verdicts often."""
    valid = {
        data["kind"]
        for _, data in DOCUMENTS
        if data.get("kind") in VALIDATORS and VALIDATORS[data["kind"]].is_valid(data)
    }
    assert {"Workspace", "Topology", "Archetype", "Skill", "Trigger"} <= valid


@pytest.mark.parametrize("kind", sorted(KIND_SCHEMAS))
def test_the_verdict_is_jsonschemas_on_every_document(kind):
    validator = VALIDATORS[kind]
    disagree = [name for name, data in DOCUMENTS if passes(kind, data) != validator.is_valid(data)]
    assert disagree == []


@pytest.mark.parametrize("kind", ["Workspace", "Topology", "Archetype", "Skill", "Trigger"])
def test_the_verdict_is_jsonschemas_on_mutated_documents(kind):
    rng = random.Random(f"verdict-{kind}")  # seeded: a failure is the same on every run
    own = [data for _, data in DOCUMENTS if data.get("kind") == kind]
    assert own, kind
    validator = VALIDATORS[kind]
    seen = {True: 0, False: 0}
    for _ in range(1500):
        doc = _mutate(rng.choice(own), rng)
        expected = validator.is_valid(doc)
        assert passes(kind, doc) == expected, doc
        seen[expected] += 1
    assert min(seen.values()) > 50, seen  # both verdicts were reached often


def test_json_equality_keeps_booleans_apart_from_numbers():
    assert equal(1, 1.0) and equal([1, {"a": 2}], [1.0, {"a": 2.0}])
    assert not equal(True, 1) and not equal([False], [0]) and not equal({"a": True}, {"a": 1})
    assert not equal("1", 1) and not equal(math.nan, float("nan"))
