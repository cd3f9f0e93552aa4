"""Our schemas and upstream's swarmkit-schema give every document the same verdict.

Three corpora: upstream's own workspaces (when this machine has them), the project's documents
(examples, fixtures, init, bundled skills), and documents hypothesis makes by mutating a valid seed
of each kind. A verdict may differ only under one of the documented exceptions below, which
docs/compatibility.md lists with the same reasons, and then only in the documented direction.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import swarmkit_schema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from swarmkit.resolver.memory_defaults import BUNDLED_SKILLS_DIR
from swarmkit.schemas import KIND_SCHEMAS, load_schema, validator_for
from swarmkit.workspace.yaml_text import load_yaml_text
from tests.compat.corpus import REPO, needs_corpus
from tests.compat.seeds import SEEDS, VARIANTS
from tests.reliability.harness import examples

UPSTREAM = {
    kind: Draft202012Validator(swarmkit_schema.get_schema(name)) for kind, name in KIND_SCHEMAS.items()
}
SCOPE = re.compile(load_schema("common")["$defs"]["DecisionSkillBinding"]["properties"]["scope"]["pattern"])
_COMMON = load_schema("common")
_REGISTRY = Registry().with_resource(_COMMON["$id"], Resource.from_contents(_COMMON))
MEMORY_CONFIG = {
    binding: Draft202012Validator({"$ref": f"{_COMMON['$id']}#/$defs/{definition}"}, registry=_REGISTRY)
    for binding, definition in (("memory-reader", "ReaderConfig"), ("memory-writer", "WriterConfig"))
}


def _bindings(doc) -> list[dict]:
    governance = doc.get("governance") if isinstance(doc, dict) else None
    bindings = governance.get("decision_skills") if isinstance(governance, dict) else None
    return [b for b in bindings if isinstance(b, dict)] if isinstance(bindings, list) else []


@dataclass(frozen=True)
class Exception_:
    name: str
    reason: str
    ours_stricter: bool  # True: only we may refuse; False: only upstream may refuse
    applies: object  # (kind, doc) -> bool


EXCEPTIONS = [
    Exception_(
        "binding-scope",
        'a binding\'s scope is "*" or agent ids separated by commas; upstream takes any text '
        "and matches nothing with the rest",
        True,
        lambda kind, doc: any(
            isinstance(b.get("scope"), str) and not SCOPE.match(b["scope"]) for b in _bindings(doc)
        ),
    ),
    Exception_(
        "memory-binding-config",
        "the config of an explicit memory-reader or memory-writer binding has the "
        "memory block's keys and types; upstream passes any mapping on",
        True,
        lambda kind, doc: any(
            b.get("id") in MEMORY_CONFIG
            and isinstance(b.get("config"), dict)
            and not MEMORY_CONFIG[b["id"]].is_valid(b["config"])
            for b in _bindings(doc)
        ),
    ),
    Exception_(
        "storage.memory_folder",
        "swarmkit's memory folder setting; upstream has no memory folder",
        False,
        lambda kind, doc: (
            kind == "Workspace" and isinstance(doc.get("storage"), dict) and "memory_folder" in doc["storage"]
        ),
    ),
]
# Loading differs too (not a schema verdict): a duplicate key is an error here, upstream keeps the last.


def compare(kind: str, doc) -> str | None:
    """None when the verdicts agree (or differ as an exception allows); else what differs."""
    ours = validator_for(kind).is_valid(doc)
    theirs = UPSTREAM[kind].is_valid(doc)
    if ours == theirs:
        return None
    for exception in EXCEPTIONS:
        if exception.applies(kind, doc) and ours is not exception.ours_stricter:
            return None
    first = next(iter((validator_for(kind) if not ours else UPSTREAM[kind]).iter_errors(doc)))
    return (
        f"{kind}: ours {'accepts' if ours else 'refuses'}, upstream {'accepts' if theirs else 'refuses'} "
        f"({first.message[:120]} at /{'/'.join(map(str, first.absolute_path))})"
    )


def kind_of(path: Path, doc) -> str | None:
    if path.name in ("workspace.yaml", "workspace.yml"):
        return "Workspace"
    kind = doc.get("kind") if isinstance(doc, dict) else None
    return kind if kind in KIND_SCHEMAS else None


def documents(root: Path):
    for path in sorted(root.rglob("*.y*ml")):
        if ".swarmkit" in path.parts or path.name == "mock-script.yaml":
            continue
        doc = load_yaml_text(path.read_text(encoding="utf-8"))
        kind = kind_of(path, doc)
        if kind is not None:
            yield path, kind, doc


def differences(roots: list[Path]) -> tuple[int, list[str]]:
    """(documents compared, the ones whose verdicts differ beyond the exceptions). Each root must
    hold documents: a folder that moved would otherwise be compared as empty, and pass."""
    compared, out = 0, []
    for root in roots:
        assert any(documents(root)), f"no swarmkit documents under {root}"
        for path, kind, doc in documents(root):
            compared += 1
            problem = compare(kind, doc)
            if problem:
                out.append(f"{path}: {problem}")
    return compared, out


def test_the_upstream_corpus_gets_the_same_verdicts():
    compared, found = differences([needs_corpus()])
    assert compared >= 200
    assert found == []


def test_the_projects_documents_get_the_same_verdicts(tmp_path):
    from swarmkit.scaffold import create_workspace

    create_workspace(tmp_path / "init", "Init")
    compared, found = differences(
        [
            REPO / "examples",
            REPO / "tests" / "fixtures",
            BUNDLED_SKILLS_DIR,
            REPO / "reference",
            tmp_path / "init",
        ]
    )
    assert compared >= 50
    assert found == []


def test_everything_swarmkit_writes_is_valid_for_upstream(tmp_path):
    """init, every level and the bundled skills: upstream's schemas accept each document."""
    from swarmkit.scaffold import create_workspace

    create_workspace(tmp_path / "init", "Init")
    for root in (REPO / "examples" / "levels", BUNDLED_SKILLS_DIR, tmp_path / "init"):
        found = list(documents(root))
        assert found, f"no swarmkit documents under {root}"
        for path, kind, doc in found:
            assert UPSTREAM[kind].is_valid(doc), f"upstream refuses {path}"


# ---- documents made by hypothesis ---------------------------------------------------------------

STRINGS = [
    "",
    " ",
    "x",
    "main",
    "alpha",
    "Bad Id",
    "1.0.0",
    "1.0",
    "v1.0.0",
    "swarmkit/v1",
    "Workspace",
    "Skill",
    "pre_input",
    "checkpoint",
    "capability",
    "decision",
    "root",
    "leader",
    "worker",
    "stdio",
    "http",
    "mock",
    "all",
    "user",
    "*",
    "lead, researcher",
    "lead researcher",
    "a:b",
    "design:approve",
    "repo:*",
    ">=1.2.3",
    "pack:tools",
    "server:files",
    "pack:",
    "https://x.example",
    "memory-reader",
    "memory-writer",
    "llm_prompt",
    "mcp_tool",
    "composed",
    "command",
    "agent",
    "cron",
    "webhook",
    "plugin",
    "manual",
    "harness",
    "model",
    "jsonl",
    "json",
    "relay",
    "deny",
    "off",
    "columnar",
    "api_key",
    "jwt",
    "per-user",
    "oauth",
    "env",
    "sqlite",
    "postgres",
    "human",
    "swarmkit",
    "{credential.x}",
    "status_map",
    "all",
    "A description that is long enough.",
]
KEYS = [
    "id",
    "name",
    "description",
    "type",
    "kind",
    "scope",
    "config",
    "enabled",
    "required",
    "trigger",
    "provider",
    "version",
    "memory_folder",
    "read_only",
    "url",
    "endpoint",
    "command",
    "extra",
    "x",
    "tool_map",
    "event_map",
    "abstract",
    "category",
    "capability",
    "k-of",
    "roles",
    "quorum",
    "rules",
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-2, 200_000)
    | st.floats(-1, 3, allow_nan=False, width=32)
    | st.sampled_from(STRINGS)
    | st.text(max_size=6)
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3),
    max_leaves=6,
)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, prefix + (index,))


def _get(doc, path):
    for part in path:
        doc = doc[part]
    return doc


def _nudge(value):
    if isinstance(value, str):
        return st.sampled_from(
            [
                value.upper(),
                value + ":x",
                value + " ",
                "",
                value.replace("-", "_"),
                value[:-1],
                value + ".0",
                "1." + value,
            ]
        )
    if isinstance(value, bool):
        return st.sampled_from([not value, "yes", 1])
    if isinstance(value, (int, float)):
        return st.sampled_from([-value - 1, value + 0.5, 0, str(value), 10**6])
    return VALUES


@st.composite
def mutated(draw):
    kind = draw(st.sampled_from(sorted(SEEDS)))
    doc = copy.deepcopy(SEEDS[kind])
    if kind == "Skill" and draw(st.booleans()):
        doc["implementation"] = copy.deepcopy(draw(st.sampled_from(VARIANTS[("implementation",)])))
        doc["category"] = draw(st.sampled_from(["capability", "decision"]))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(_paths(doc))))
        op = draw(st.sampled_from(["delete", "replace", "add", "nudge"]))
        if op == "delete" and path:
            parent = _get(doc, path[:-1])
            del parent[path[-1]]
        elif op == "add" and isinstance(_get(doc, path), dict):
            _get(doc, path)[draw(st.sampled_from(KEYS) | st.text(min_size=1, max_size=5))] = draw(VALUES)
        elif op in ("replace", "nudge") and path:
            value = draw(VALUES if op == "replace" else _nudge(_get(doc, path)))
            _get(doc, path[:-1])[path[-1]] = value
    return kind, doc


@settings(max_examples=examples(800), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_documents_get_the_same_verdicts(case):
    kind, doc = case
    assert compare(kind, doc) is None


@pytest.mark.parametrize("exception", EXCEPTIONS, ids=lambda e: e.name)
def test_every_exception_is_documented(exception):
    page = (REPO / "docs" / "compatibility.md").read_text(encoding="utf-8")
    assert f"`{exception.name}`" in page
