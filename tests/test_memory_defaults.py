"""The seed's test plan for memory by default, at the resolver: what the runtime will read."""

from __future__ import annotations

from pathlib import Path

from swarmkit.memory_skills import reader_defaults, writer_defaults
from swarmkit.resolver import resolve
from swarmkit.resolver.memory_defaults import BUNDLED_SKILLS_DIR, apply_memory_defaults

FIXTURES = Path(__file__).parent / "fixtures"
REFERENCE = Path(__file__).parents[1] / "reference" / "skills"


def resolved(name: str):
    resolution = resolve(FIXTURES / name)
    assert resolution.valid, [d.message for d in resolution.diagnostics]
    return resolution.workspace


def bindings(workspace) -> dict:
    return {b.id: b for b in workspace.decision_skills}


def test_valid_fixture_with_the_block_resolves_to_its_values():
    ws = resolved("valid/memory-block")
    assert ws.memory.enabled
    assert (
        ws.memory.reader.max_results,
        ws.memory.reader.similarity_threshold,
        ws.memory.reader.search_scope,
    ) == (
        3,
        0.3,
        "both",
    )
    assert ws.memory.writer.min_output_length == 250
    # the block's values over the schema's defaults (whatever other options the schema gains)
    assert dict(bindings(ws)["memory-reader"].config) == {
        **reader_defaults(),
        "max_results": 3,
        "similarity_threshold": 0.3,
        "search_scope": "both",
    }
    assert dict(bindings(ws)["memory-writer"].config) == {**writer_defaults(), "min_output_length": 250}


def test_invalid_search_scope_is_an_exact_error_at_its_line():
    resolution = resolve(FIXTURES / "invalid/search-scope-everything")
    assert not resolution.valid
    (d,) = resolution.diagnostics
    assert (d.code, d.file, d.line, d.column, d.pointer) == (
        "schema.enum",
        "workspace.yaml",
        11,
        19,
        "/memory/reader/search_scope",
    )
    assert d.message == 'memory.reader.search_scope is "everything", which is not one of: user, all, both'


def test_no_memory_block_gives_both_bindings_and_both_bundled_skills():
    ws = resolved("valid/no-memory-block")
    reader, writer = bindings(ws)["memory-reader"], bindings(ws)["memory-writer"]
    assert (reader.trigger, reader.scope, reader.required, reader.origin) == ("pre_input", "*", False, "auto")
    assert (writer.trigger, writer.scope, writer.required, writer.origin) == (
        "post_output",
        "*",
        False,
        "auto",
    )
    assert dict(reader.config) == reader_defaults()
    assert dict(writer.config) == writer_defaults()
    documented = ("max_results", "similarity_threshold", "search_scope", "min_output_length")
    config = {**reader.config, **writer.config}
    assert [config[key] for key in documented] == [5, 0.15, "all", 100]
    assert {s.id: s.origin for s in ws.skills.values()} == {
        "governed-memory": "bundled",
        "memory-reconcile": "bundled",
    }
    assert ws.memory.explicit == () and ws.memory.auto == ("memory-reader", "memory-writer")
    for agent in ws.topology().walk():
        assert [b.id for b in agent.decision_skills] == ["memory-reader", "memory-writer"]


def test_explicit_reader_binding_is_kept_verbatim_and_only_the_writer_added():
    ws = resolved("valid/explicit-reader")
    reader = bindings(ws)["memory-reader"]
    assert (reader.trigger, reader.scope, reader.agents, reader.required, reader.origin) == (
        "checkpoint",
        "lead",
        ("lead",),
        True,
        "explicit",
    )
    assert dict(reader.config) == {"max_results": 2}  # as written: no defaults merged into the binding
    assert [b.id for b in ws.decision_skills] == ["memory-reader", "memory-writer"]
    assert bindings(ws)["memory-writer"].origin == "auto"
    assert ws.memory.explicit == ("memory-reader",) and ws.memory.auto == ("memory-writer",)
    # The explicit reader reaches only its scope.
    assert [b.id for b in ws.topology().agents["researcher"].decision_skills] == ["memory-writer"]


def test_memory_off_gives_no_binding_and_no_bundled_skill():
    ws = resolved("valid/memory-off")
    assert ws.decision_skills == ()
    assert dict(ws.skills) == {}
    assert ws.memory.sentence() == "Memory: off (memory.enabled: false)"
    assert ws.memory.reader is None and ws.memory.writer is None


def test_memory_off_still_resolves_an_explicitly_copied_governed_memory():
    ws = resolved("valid/memory-off-copied-governed-memory")
    assert ws.skills["governed-memory"].origin == "workspace"
    assert "memory-reconcile" not in ws.skills
    assert "governed-memory" in ws.topology().agents["researcher"].skills


def test_memory_off_with_an_explicit_binding_is_a_resolution_error_at_the_binding():
    resolution = resolve(FIXTURES / "invalid/disabled-but-bound")
    assert resolution.workspace is None
    (d,) = resolution.diagnostics
    assert (d.code, d.file, d.line, d.column) == ("memory.disabled-but-bound", "workspace.yaml", 11, 7)
    assert d.message == "memory-writer is bound here, but memory.enabled is false"


def test_a_workspace_copy_of_governed_memory_wins_over_the_bundled_one():
    ws = resolved("valid/workspace-copy-wins")
    skill = ws.skills["governed-memory"]
    assert (skill.origin, skill.file) == ("workspace", "skills/governed-memory.yaml")
    assert skill.model.metadata.name == "Governed memory (team copy)"
    assert ws.skills["memory-reconcile"].origin == "bundled"


def test_bundled_skill_files_are_byte_identical_to_the_references():
    bundled = sorted(p.name for p in BUNDLED_SKILLS_DIR.glob("*.yaml"))
    assert bundled == ["governed-memory.yaml", "memory-reconcile.yaml"]
    for name in bundled:
        assert (BUNDLED_SKILLS_DIR / name).read_bytes() == (REFERENCE / name).read_bytes(), name


def test_reference_skills_say_what_the_issue_asks():
    ws = resolved("valid/no-memory-block")
    governed = ws.skills["governed-memory"].model
    reconcile = ws.skills["memory-reconcile"].model
    assert governed.category == "persistence"
    fact = governed.inputs["$defs"]["fact"]
    assert fact["required"] == ["subject", "attribute", "value", "type"]
    assert "never overwrite" in governed.implementation.prompt
    assert reconcile.category == "decision"
    out = reconcile.outputs["properties"]
    assert out["verdict"]["enum"] == ["pass", "fail", "needs-revision"]
    assert out["op"]["enum"] == ["update", "refine", "contradict"]
    assert (out["confidence"]["minimum"], out["confidence"]["maximum"]) == (0, 1)
    assert set(reconcile.outputs["required"]) == {"verdict", "op", "merged_value", "confidence", "reasoning"}


def test_apply_memory_defaults_is_pure():
    raw = {"metadata": {"id": "x"}, "memory": {"writer": {"min_output_length": 7}}}
    before = repr(raw)
    result = apply_memory_defaults(raw)
    assert repr(raw) == before
    assert [b["id"] for b in result["governance"]["decision_skills"]] == ["memory-reader", "memory-writer"]
    assert result["governance"]["decision_skills"][1]["config"] == {"min_output_length": 7}


def test_generated_models_are_frozen_and_enums_compare_equal_to_strings():
    import pydantic
    import pytest

    ws = resolved("valid/memory-block")
    model = ws.model
    assert model.memory.reader.search_scope == "both"
    assert model.governance.decision_skills[0].trigger == "pre_input"
    with pytest.raises(pydantic.ValidationError):
        model.metadata.name = "changed"


def test_topology_decision_skills_override_extend_and_disable(tmp_path):
    from tests.helpers import write_overlay

    root = tmp_path / "ws"
    check = (
        "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {{id: {id}, name: N, description: Judges the output.}}\n"
        "category: decision\nimplementation: {{type: llm_prompt, prompt: Judge it.}}\n"
        "outputs: {{type: object, properties: {{reasoning: {{type: string}}}}}}\n"
        "provenance: {{authored_by: human, version: 1.0.0}}\n"
    )
    write_overlay(
        root,
        {
            "workspace.yaml": (FIXTURES / "valid/no-memory-block/workspace.yaml").read_text()
            + "governance:\n  provider: mock\n  decision_skills:\n    - {id: tone, trigger: post_output}\n"
            "    - {id: facts, trigger: post_output}\n",
            "skills/tone.yaml": check.format(id="tone"),
            "skills/facts.yaml": check.format(id="facts"),
            "skills/safety.yaml": check.format(id="safety"),
            "topologies/main.yaml": (FIXTURES / "valid/no-memory-block/topologies/main.yaml").read_text()
            + "governance:\n  decision_skills:\n"
            "    - {id: tone, trigger: pre_input, required: false}\n"
            "    - {id: memory-writer, trigger: post_output, enabled: false}\n"
            "    - {id: safety, trigger: pre_input, scope: lead}\n",
        },
    )
    resolution = resolve(root)
    assert resolution.valid, resolution.diagnostics
    topology = resolution.workspace.topology("main")
    assert [(b.id, b.trigger, b.origin) for b in topology.decision_skills] == [
        ("tone", "pre_input", "explicit"),
        ("facts", "post_output", "explicit"),
        ("memory-reader", "pre_input", "auto"),
        ("safety", "pre_input", "explicit"),
    ]
    assert topology.decision_skills[0].declared_in == "topology:main"
    assert [b.id for b in topology.agents["researcher"].decision_skills] == ["tone", "facts", "memory-reader"]
