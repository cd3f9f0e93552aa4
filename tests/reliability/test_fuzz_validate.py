"""Fuzzing `swarmkit validate`: mutated, random and hostile workspaces end in exit 0 or 1, never 3.

Structured fuzzing starts from a valid workspace (seed.py) and renames keys, swaps value types,
removes ids and moves files between folders; unstructured fuzzing writes random bytes and random
YAML. Every input must give exit 0, or exit 1 with at least one error diagnostic, in under 2 s.
"""

from __future__ import annotations

import copy
import string
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from tests.reliability.harness import assert_handled, examples, validate
from tests.reliability.seed import SEED

FORMATS = ("text", "json", "github")
FOLDERS = ("", "topologies/", "archetypes/", "skills/", "skills/sub/", "topologies/a/b/", ".hidden/")
KNOWN_KEYS = sorted(
    {
        "apiVersion",
        "kind",
        "metadata",
        "id",
        "name",
        "version",
        "description",
        "governance",
        "decision_skills",
        "trigger",
        "scope",
        "required",
        "config",
        "enabled",
        "memory",
        "reader",
        "writer",
        "agents",
        "root",
        "role",
        "archetype",
        "children",
        "skills",
        "skills_additional",
        "model",
        "provider",
        "prompt",
        "system",
        "defaults",
        "category",
        "implementation",
        "type",
        "composes",
        "server",
        "tool",
        "provenance",
        "mcp_servers",
        "model_providers",
        "storage",
        "max_results",
        "similarity_threshold",
        "search_scope",
        "min_output_length",
        "inputs",
    }
)
# Values of every YAML type, including the awkward ones (huge, negative, non-ASCII, empty).
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.sampled_from(
        [
            "",
            "*",
            "root",
            "mock",
            "swarmkit/v1",
            "Workspace",
            "Topology",
            "Skill",
            "Archetype",
            "pre_input",
            "0.1.0",
            "lead",
            "summarize",
            "memory-reader",
            "x" * 5000,
            "é🙂\u202e",
            "~",
            "null",
            "{}",
            "[]",
        ]
    ),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


def _dump(data) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    stream = __import__("io").StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


def _paths(node, prefix=()):
    """Every (container path, key) in the tree, the root container included as ((), None)."""
    out = [(prefix, None)]
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((prefix, key))
            if isinstance(value, (dict, list)):
                out.extend(_paths(value, prefix + (key,)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.append((prefix, index))
            if isinstance(value, (dict, list)):
                out.extend(_paths(value, prefix + (index,)))
    return out


def _at(node, path):
    for key in path:
        node = node[key]
    return node


def _mutate(data, files: dict, draw) -> None:
    """Apply one drawn mutation to `files` (relative path → document) in place."""
    op = draw(
        st.sampled_from(
            [
                "rename",
                "swap",
                "remove",
                "remove-id",
                "insert",
                "move",
                "duplicate",
                "empty-file",
                "replace-doc",
            ]
        )
    )
    rel = draw(st.sampled_from(sorted(files)))
    doc = files[rel]
    if op == "move":
        name = rel.rsplit("/", 1)[-1]
        if draw(st.booleans()):
            name = name.rsplit(".", 1)[0] + draw(st.sampled_from([".yml", ".yaml", ".YAML", ".json", ""]))
        target = draw(st.sampled_from(FOLDERS)) + name
        files[target] = files.pop(rel)
        return
    if op == "duplicate":
        files[draw(st.sampled_from(FOLDERS[1:5])) + "copy-" + rel.rsplit("/", 1)[-1]] = copy.deepcopy(doc)
        return
    if op == "empty-file":
        files[rel] = None
        return
    if op == "replace-doc":
        files[rel] = draw(VALUES)
        return
    if not isinstance(doc, (dict, list)):
        return
    if op == "remove-id":
        targets = [(p, k) for p, k in _paths(doc) if k in ("id", "name", "metadata", "kind", "apiVersion")]
    else:
        targets = [(p, k) for p, k in _paths(doc) if k is not None] or [((), None)]
    path, key = draw(st.sampled_from(targets)) if targets else ((), None)
    container = _at(doc, path)
    if key is None:
        return
    if op == "rename" and isinstance(container, dict):
        new = draw(
            st.one_of(
                st.sampled_from(KNOWN_KEYS),
                st.text(max_size=12),
                st.just(str(key).upper()),
                st.just(f"{key} "),
            )
        )
        container[new] = container.pop(key)
    elif op == "swap":
        container[key] = draw(VALUES)
    elif op in ("remove", "remove-id"):
        del container[key]
    elif op == "insert":
        value = draw(VALUES)
        if isinstance(container, dict):
            container[draw(st.sampled_from(KNOWN_KEYS))] = value
        else:
            container.insert(draw(st.integers(0, len(container))), value)


def _write(root: Path, files: dict) -> None:
    for rel, doc in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("" if doc is None else _dump(doc), encoding="utf-8")


@settings(max_examples=examples(400))
@given(data=st.data(), fmt=st.sampled_from(FORMATS))
def test_mutated_workspaces_end_in_0_or_1(data, fmt):
    files = copy.deepcopy(SEED)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        _mutate(data, files, data.draw)
    with tempfile.TemporaryDirectory() as tmp:
        _write(Path(tmp), files)
        assert_handled(validate(Path(tmp), "--format", fmt, "--tree"), fmt)


RELS = st.sampled_from(
    [
        "workspace.yaml",
        "topologies/main.yaml",
        "archetypes/assistant.yaml",
        "skills/summarize.yaml",
        "skills/tools/read-note.yaml",
    ]
)


@settings(max_examples=examples(200))
@given(rel=RELS, content=st.binary(max_size=600), fmt=st.sampled_from(FORMATS))
def test_random_bytes_end_in_0_or_1(rel, content, fmt):
    with tempfile.TemporaryDirectory() as tmp:
        _write(Path(tmp), copy.deepcopy(SEED))
        (Path(tmp) / rel).write_bytes(content)
        assert_handled(validate(Path(tmp), "--format", fmt), fmt)


YAML_ALPHABET = (
    string.ascii_letters[:8] + string.digits[:3] + " \t\n\r:-?[]{},&*!|>'\"#%@`~=\\.\x00\x85\u2028\ufeff"
)


@settings(max_examples=examples(300))
@given(
    rel=RELS,
    text=st.one_of(st.text(YAML_ALPHABET, max_size=300), VALUES.map(_dump)),
    prefix=st.sampled_from(
        [
            "",
            "apiVersion: swarmkit/v1\n",
            "apiVersion: swarmkit/v1\nkind: Workspace\n",
            "%YAML 1.2\n---\n",
            "--- !!map\n",
            "&a [*a]\n",
        ]
    ),
    fmt=st.sampled_from(FORMATS),
)
def test_random_yaml_ends_in_0_or_1(rel, text, prefix, fmt):
    with tempfile.TemporaryDirectory() as tmp:
        _write(Path(tmp), copy.deepcopy(SEED))
        (Path(tmp) / rel).write_text(prefix + text, encoding="utf-8", errors="surrogatepass")
        assert_handled(validate(Path(tmp), "--format", fmt), fmt)
