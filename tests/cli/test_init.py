"""`swarmkit init` and `swarmkit schema`: the files a new user starts from."""

from __future__ import annotations

import json

from swarmkit.resolver import resolve
from tests.support.workspaces import snapshot_tree

YAML_FILES = ["workspace.yaml", "topologies/main.yaml", "archetypes/assistant.yaml", "skills/summarize.yaml"]


def test_init_writes_a_complete_commented_workspace(snapshot, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, out, err = cli("init", "team", "--name", "Research team")
    assert (status, err) == (0, "")
    assert out == snapshot(name="stdout")
    files = snapshot_tree(tmp_path / "team")
    assert {k: v for k, v in files.items() if not k.startswith(".schema/")} == snapshot(name="files")
    assert sorted(k for k in files if k.startswith(".schema/")) == [
        ".schema/archetype.schema.json",
        ".schema/skill.schema.json",
        ".schema/topology.schema.json",
        ".schema/workspace.schema.json",
    ]


def test_init_workspace_is_valid_with_memory_and_no_memory_wiring(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("init", "team")
    text = "".join((tmp_path / "team" / f).read_text() for f in YAML_FILES)
    uncommented = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert "memory" not in uncommented and "decision_skills" not in uncommented
    resolution = resolve(tmp_path / "team")
    assert resolution.valid and resolution.reach == ()
    ws = resolution.workspace
    assert ws.id == "team" and ws.name == "team"
    assert ws.memory.sentence() == "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars"
    topology = ws.topology("main")
    assert [(a.id, a.role) for a in topology.walk()] == [("lead", "root"), ("researcher", "worker")]


def test_init_yaml_files_point_editors_at_the_schemas(tmp_path, cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("init", "team")
    root = tmp_path / "team"
    for rel in YAML_FILES:
        first = (root / rel).read_text().splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), rel
        schema_path = (root / rel).parent / first.split("=", 1)[1]
        schema = json.loads(schema_path.read_text())
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        assert "common.schema.json" not in schema_path.read_text()  # self-contained for editors


def test_init_refuses_to_overwrite_a_workspace(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cli("init", "team")
    (tmp_path / "team" / "workspace.yaml").write_text("# mine\n")
    status, out, err = cli("init", "team")
    assert status == 1 and out == ""
    assert err == (
        "error: team already holds a workspace (workspace.yaml, topologies/main.yaml, archetypes/assistant.yaml, "
        "skills/summarize.yaml, .gitignore); nothing was written\n"
        "  hint: choose an empty or new folder, or edit the existing workspace\n"
    )
    assert (tmp_path / "team" / "workspace.yaml").read_text() == "# mine\n"


def test_init_refuses_a_folder_holding_one_file_it_would_write(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "team" / "skills").mkdir(parents=True)
    (tmp_path / "team" / "skills" / "summarize.yaml").write_text("# mine\n")
    status, _, err = cli("init", "team")
    assert status == 1
    assert err.startswith("error: team already holds files init would write (skills/summarize.yaml)")
    assert not (tmp_path / "team" / "workspace.yaml").exists()


def test_init_into_an_existing_folder_with_other_files(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "team").mkdir()
    (tmp_path / "team" / "notes.md").write_text("keep me\n")
    assert cli("init", "team")[0] == 0
    assert (tmp_path / "team" / "notes.md").read_text() == "keep me\n"


def test_init_names_that_need_quoting_stay_valid_yaml(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for i, name in enumerate(["yes", "R&D: ops #1", "42", "Équipe"]):
        status, _, _ = cli("init", f"ws{i}", "--name", name)
        assert status == 0
        ws = resolve(tmp_path / f"ws{i}").workspace
        assert ws is not None and ws.name == name, name
    assert resolve(tmp_path / "ws1").workspace.id == "r-d-ops-1"
    assert resolve(tmp_path / "ws2").workspace.id == "ws-42"


def test_init_rejects_an_empty_name(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = cli("init", "team", "--name", "  ")
    assert status == 1 and err.startswith("error: --name is empty")


def test_schema_prints_a_self_contained_schema(cli):
    status, out, _ = cli("schema", "workspace")
    schema = json.loads(out)
    assert status == 0 and schema["title"] == "Workspace"
    assert schema["$defs"]["ReaderConfig"]["properties"]["search_scope"]["$ref"] == "#/$defs/SearchScope"
    assert "common.schema.json" not in out


def test_schema_out_writes_every_schema(cli, tmp_path):
    status, out, _ = cli("schema", "--out", str(tmp_path / "s"))
    assert status == 0
    assert sorted(p.name for p in (tmp_path / "s").iterdir()) == [
        "archetype.schema.json",
        "contract.schema.json",
        "executor-adapter.schema.json",
        "funnel.schema.json",
        "role-registry.schema.json",
        "skill.schema.json",
        "topology.schema.json",
        "trigger.schema.json",
        "workspace.schema.json",
    ]
    assert out.count("wrote ") == 9


def test_schema_without_a_name_or_out_is_a_usage_error(cli):
    status, _, err = cli("schema")
    assert (
        status == 2
        and (
            "name a schema to print (workspace, topology, archetype, skill, trigger, executor-adapter, funnel, "
            "role-registry, contract), or use --out DIR"
        )
        in err
    )


def test_bundled_schemas_validate_what_the_resolver_accepts(tmp_path, cli, monkeypatch):
    """The editor schemas (bundled) agree with the resolver's (multi-file) ones on the init files."""
    from jsonschema import Draft202012Validator
    from ruamel.yaml import YAML

    monkeypatch.chdir(tmp_path)
    cli("init", "team")
    for rel, name in zip(YAML_FILES, ["workspace", "topology", "archetype", "skill"], strict=True):
        schema = json.loads((tmp_path / "team" / ".schema" / f"{name}.schema.json").read_text())
        data = YAML(typ="safe").load((tmp_path / "team" / rel).read_text())
        assert list(Draft202012Validator(schema).iter_errors(data)) == []
        data["unexpected"] = 1
        assert [e.validator for e in Draft202012Validator(schema).iter_errors(data)] == [
            "additionalProperties"
        ]
