"""Every diagnostic code, triggered by a real broken workspace, with the exact text a user sees."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from swarmkit.workspace.codes import CODES
from tests.support.workspaces import write_overlay

DOCS = Path(__file__).parents[2] / "docs" / "errors.md"

WS = """apiVersion: swarmkit/v1
kind: Workspace
metadata:
  id: demo
  name: Demo
"""

TOPOLOGY = """apiVersion: swarmkit/v1
kind: Topology
metadata:
  name: main
  version: 0.1.0
agents:
  root:
    id: lead
    role: root
    archetype: assistant
    children:
      - id: researcher
        role: worker
        archetype: assistant
        skills_additional: [summarize]
"""

SKILL = """apiVersion: swarmkit/v1
kind: Skill
metadata:
  id: {id}
  name: A skill
  description: Does a thing.
category: {category}
implementation:
{implementation}
{outputs}provenance: {{authored_by: human, version: 1.0.0}}
"""
DECISION_OUTPUTS = "outputs: {type: object, properties: {reasoning: {type: string}}}\n"


def skill(
    id: str, category: str = "capability", implementation: str = "  type: llm_prompt\n  prompt: Do it."
) -> str:
    outputs = DECISION_OUTPUTS if category == "decision" else ""
    return SKILL.format(id=id, category=category, implementation=implementation, outputs=outputs)


def link_to_missing(root: Path) -> None:
    root = root.resolve()
    (root / "skills" / "gone.yaml").symlink_to(root / "skills" / "missing.yaml")


def link_outside(root: Path) -> None:
    root = root.resolve()
    outside = root.parent / "outside.yaml"
    outside.write_text(skill("outside"))
    (root / "skills" / "outside.yaml").symlink_to(outside)


def link_state_folder(root: Path) -> None:
    (root.parent / "elsewhere").mkdir()
    (root / ".swarmkit").symlink_to("../elsewhere", target_is_directory=True)


ARCHETYPE = (
    "apiVersion: swarmkit/v1\nkind: Archetype\nmetadata: {{id: assistant, name: Assistant, description: A careful assistant.}}\n"
    "role: worker\n{extra}defaults:\n  model: {{provider: mock, name: swarmkit-mock}}\n  skills: {skills}\n"
    "provenance: {{authored_by: human, version: 1.0.0}}\n"
)
TRIGGER = (
    "apiVersion: swarmkit/v1\nkind: Trigger\nmetadata: {id: nightly, name: Nightly}\ntype: cron\ntargets: [mian]\n"
    "config: {expression: '0 2 * * *'}\n"
)


def topology_with(old: str, new: str) -> str:
    return TOPOLOGY.replace(old, new)


BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(8)
)

# code -> (overlay, extra args, the exact first line; its hint line follows in the output)
CASES: dict[str, tuple[dict, tuple[str, ...], str, str]] = {
    "file.too-large": (
        {"skills/big.yaml": "a: " + "x" * (1 << 19) + "\n"},
        (),
        "ws/skills/big.yaml:1:1: error[file.too-large] the file is 524,292 bytes; workspace files may be at most 524,288 bytes",
        "split it into several files, or remove what is not configuration",
    ),
    "file.encoding": (
        {"skills/bad.yaml": b"apiVersion: swarmkit/v1\nkind: Skill\nname: caf\xe9\n"},
        (),
        "ws/skills/bad.yaml:3:10: error[file.encoding] the file is not valid UTF-8 (byte 0xe9 at offset 45)",
        "save the file as UTF-8",
    ),
    "file.empty": (
        {"skills/empty.yaml": "# nothing here yet\n"},
        (),
        "ws/skills/empty.yaml:1:1: error[file.empty] the file is empty",
        "write a Skill document, or delete the file",
    ),
    "file.unreadable": (
        {"skills/gone.yaml": link_to_missing},
        (),
        "ws/skills/gone.yaml:1:1: error[file.unreadable] cannot read the file: No such file or directory",
        "check that the file exists and that you may read it",
    ),
    "file.outside-workspace": (
        {"skills/outside.yaml": link_outside},
        (),
        "ws/skills/outside.yaml:1:1: error[file.outside-workspace] the file is a link to {tmp}/outside.yaml, outside the workspace",
        "copy the file into the workspace instead of linking to it",
    ),
    "yaml.syntax": (
        {"skills/syn.yaml": "apiVersion: swarmkit/v1\nkind: [Skill\n"},
        (),
        "ws/skills/syn.yaml:3:1: error[yaml.syntax] YAML syntax error: expected ',' or ']', but got the end of the file (while parsing a flow sequence)",
        "check the indentation, quotes and brackets around this position",
    ),
    "yaml.duplicate-key": (
        {"skills/dup.yaml": "apiVersion: swarmkit/v1\nkind: Skill\nkind: Skill\n"},
        (),
        'ws/skills/dup.yaml:3:1: error[yaml.duplicate-key] duplicate key "kind" (first at line 2)',
        "a key may appear once per mapping; delete or merge one of them",
    ),
    "yaml.multiple-documents": (
        {"skills/two.yaml": skill("one") + "---\n" + skill("two")},
        (),
        "ws/skills/two.yaml:12:1: error[yaml.multiple-documents] the file holds more than one YAML document",
        "put each artifact in a file of its own (remove the `---` separator)",
    ),
    "yaml.not-mapping": (
        {"skills/list.yaml": "- summarize\n- research\n"},
        (),
        "ws/skills/list.yaml:1:1: error[yaml.not-mapping] the document is a list, but a Skill must be a mapping",
        "start the file with `apiVersion: swarmkit/v1` and `kind: ...` keys",
    ),
    "yaml.alias-bomb": (
        {"skills/bomb.yaml": BOMB},
        (),
        "ws/skills/bomb.yaml:6:12: error[yaml.alias-bomb] aliases expand to more than 200,000 values",
        "expand the aliases by hand, or use fewer of them",
    ),
    "yaml.too-deep": (
        {"skills/deep.yaml": "a: " + "[" * 150 + "]" * 150 + "\n"},
        (),
        "ws/skills/deep.yaml:1:103: error[yaml.too-deep] the YAML nests more than 100 levels deep",
        "flatten the structure; no swarmkit file needs that much nesting",
    ),
    "yaml.number-too-long": (
        {"skills/long.yaml": skill("long") + "x_count: " + "7" * 5000 + "\n"},
        (),
        "ws/skills/long.yaml:12:10: error[yaml.number-too-long] a number of 5,000 digits "
        "(swarmkit reads numbers of at most 4,300)",
        'put the value in quotes to keep it as text, as in "12345..."',
    ),
    "yaml.non-string-key": (
        {"skills/key.yaml": "apiVersion: swarmkit/v1\n42: answer\n"},
        (),
        "ws/skills/key.yaml:2:1: error[yaml.non-string-key] the key 42 is not a string",
        "write keys as plain words, for example `name:`",
    ),
    "workspace.too-many-files": (
        {f"skills/s{i}.yaml": "apiVersion: swarmkit/v1\n" for i in range(10_001)},
        (),
        "ws: error[workspace.too-many-files] the workspace holds 10,004 artifact files; swarmkit reads at most 10,000",
        "remove the files that are not configuration, or split the workspace in several",
    ),
    "workspace.not-found": (
        {"workspace.yaml": None},
        (),
        "ws: error[workspace.not-found] no workspace.yaml in ws",
        "run `swarmkit init PATH` to create a workspace, or point at the folder that holds workspace.yaml",
    ),
    "workspace.ambiguous": (
        {"workspace.yml": WS},
        (),
        "ws/workspace.yml:1:1: error[workspace.ambiguous] both workspace.yaml and workspace.yml exist",
        "keep one of them",
    ),
    "discovery.too-deep": (
        {"skills/team/extra/deep.yaml": skill("deep")},
        (),
        "ws/skills/team/extra: warning[discovery.too-deep] files in skills/team/extra/ are ignored: artifacts may sit at most one folder below skills/",
        "move them up into skills/team/",
    ),
    "kind.mismatch": (
        {"skills/flow.yaml": TOPOLOGY},
        (),
        "ws/skills/flow.yaml:2:7: error[kind.mismatch] kind is Topology, but files in skills/ must have kind Skill",
        "move the file to topologies/, or change kind to Skill",
    ),
    "schema.unknown-field": (
        {"workspace.yaml": WS + "memory:\n  reader:\n    serch_scope: user\n"},
        (),
        'ws/workspace.yaml:8:5: error[schema.unknown-field] unknown field "serch_scope" in memory.reader',
        'did you mean "search_scope"?',
    ),
    "schema.required": (
        {"skills/summarize.yaml": skill("summarize").replace("  description: Does a thing.\n", "")},
        (),
        'ws/skills/summarize.yaml:3:1: error[schema.required] metadata is missing the required field "description"',
        'add "description:"',
    ),
    "schema.type": (
        {"workspace.yaml": WS + "memory:\n  enabled: sometimes\n"},
        (),
        "ws/workspace.yaml:7:12: error[schema.type] memory.enabled must be a boolean (true or false), not a string",
        "write true or false",
    ),
    "schema.enum": (
        {"workspace.yaml": WS + "memory:\n  reader:\n    search_scope: everything\n"},
        (),
        'ws/workspace.yaml:8:19: error[schema.enum] memory.reader.search_scope is "everything", which is not one of: user, all, both',
        "use one of: user, all, both",
    ),
    "schema.const": (
        {"workspace.yaml": WS.replace("swarmkit/v1", "swarmkit/v2")},
        (),
        'ws/workspace.yaml:1:13: error[schema.const] apiVersion must be "swarmkit/v1", not "swarmkit/v2"',
        "write apiVersion: swarmkit/v1",
    ),
    "schema.range": (
        {"workspace.yaml": WS + "memory:\n  reader:\n    similarity_threshold: 1.5\n"},
        (),
        "ws/workspace.yaml:8:27: error[schema.range] memory.reader.similarity_threshold is 1.5, but it must be at most 1",
        "use a value from 0 to 1",
    ),
    "schema.pattern": (
        {"workspace.yaml": WS.replace("id: demo", "id: Demo_WS")},
        (),
        'ws/workspace.yaml:4:7: error[schema.pattern] metadata.id is "Demo_WS", which is not allowed here',
        "use lowercase letters, digits and dashes, starting with a letter (for example my-agent)",
    ),
    "schema.length": (
        {"workspace.yaml": WS.replace("name: Demo", 'name: ""')},
        (),
        "ws/workspace.yaml:5:9: error[schema.length] metadata.name must not be empty",
        "give it a value",
    ),
    "schema.too-many-errors": (
        {
            "skills/many.yaml": "apiVersion: swarmkit/v1\nkind: Skill\n"
            + "".join(f"extra{i}: 1\n" for i in range(150))
        },
        (),
        "ws/skills/many.yaml:1:1: error[schema.too-many-errors] more than 100 problems in this file; the rest are not listed",
        "fix these first, then validate again",
    ),
    "id.duplicate": (
        {"skills/summary.yaml": skill("summarize")},
        (),
        'ws/skills/summary.yaml:4:7: error[id.duplicate] skill id "summarize" is already defined in skills/summarize.yaml'
        "\n  note: first defined at ws/skills/summarize.yaml:6:7",
        "rename one of the two skills",
    ),
    "ref.unknown-archetype": (
        {
            "topologies/main.yaml": TOPOLOGY.replace(
                "archetype: assistant\n    children", "archetype: asistant\n    children"
            )
        },
        (),
        'ws/topologies/main.yaml:10:16: error[ref.unknown-archetype] unknown archetype "asistant"',
        'did you mean "assistant"?',
    ),
    "ref.unknown-skill": (
        {"topologies/main.yaml": TOPOLOGY.replace("[summarize]", "[sumarize]")},
        (),
        'ws/topologies/main.yaml:15:29: error[ref.unknown-skill] unknown skill "sumarize"',
        'did you mean "summarize"?',
    ),
    "ref.unknown-decision-skill": (
        {
            "workspace.yaml": WS
            + "governance:\n  provider: mock\n  decision_skills:\n    - id: memory-reder\n      trigger: pre_input\n"
        },
        (),
        'ws/workspace.yaml:9:11: warning[ref.unknown-decision-skill] unknown decision skill "memory-reder"',
        'did you mean "memory-reader"?',
    ),
    "ref.unknown-provider": (
        {
            "topologies/main.yaml": TOPOLOGY.replace(
                "    role: root\n", "    role: root\n    model: {provider: olama, name: llama3.1}\n"
            )
        },
        (),
        'ws/topologies/main.yaml:10:23: warning[ref.unknown-provider] model provider "olama" is neither built in nor declared',
        'did you mean "ollama"?',
    ),
    "ref.unknown-mcp-server": (
        {
            "skills/issues.yaml": skill(
                "issues", implementation="  type: mcp_tool\n  server: github\n  tool: list_issues"
            ),
            "topologies/main.yaml": TOPOLOGY.replace("[summarize]", "[summarize, issues]"),
        },
        (),
        'ws/skills/issues.yaml:10:11: warning[ref.unknown-mcp-server] unknown MCP server "github"',
        "declare it in workspace.yaml under mcp_servers",
    ),
    "ref.unknown-funnel": (
        {
            "topologies/main.yaml": topology_with(
                "    role: root\n", "    role: root\n    funnel: review-gate\n"
            )
        },
        (),
        'ws/topologies/main.yaml:10:13: error[ref.unknown-funnel] unknown funnel "review-gate"',
        "add a file for it under funnels/, or remove funnel:",
    ),
    "ref.unknown-topology": (
        {"triggers/nightly.yaml": TRIGGER},
        (),
        'ws/triggers/nightly.yaml:5:11: error[ref.unknown-topology] trigger "nightly" targets unknown topology "mian"',
        'did you mean "main"?',
    ),
    "ref.unknown-executor": (
        {
            "archetypes/assistant.yaml": ARCHETYPE.format(
                extra="executor: {kind: harness, ref: claude-cod}\n", skills="[]"
            )
        },
        (),
        'ws/archetypes/assistant.yaml:5:32: error[ref.unknown-executor] unknown harness adapter "claude-cod"',
        'did you mean "claude-code"?',
    ),
    "ref.unknown-command": (
        {
            "skills/lint.yaml": skill(
                "lint", implementation="  type: command\n  pack: tools\n  command: lint"
            ),
            "topologies/main.yaml": TOPOLOGY.replace("[summarize]", "[summarize, lint]"),
        },
        (),
        'ws/skills/lint.yaml:10:9: warning[ref.unknown-command] unknown command pack "tools"',
        "declare it in workspace.yaml under command_packs",
    ),
    "ref.unknown-grant": (
        {"topologies/main.yaml": TOPOLOGY.replace("[summarize]", "[summarize, 'server:github']")},
        (),
        'ws/topologies/main.yaml:15:40: error[ref.unknown-grant] "server:github" grants nothing: no skill calls MCP server "github"',
        "a skill calls it with implementation {type: mcp_tool, server: github}",
    ),
    "ref.unknown-agent": (
        {
            "topologies/main.yaml": topology_with(
                "        skills_additional", "        depends_on: [lead-writer]\n        skills_additional"
            )
        },
        (),
        'ws/topologies/main.yaml:15:22: error[ref.unknown-agent] depends_on names "lead-writer", which is no agent of this topology',
        "use the id of an agent of this topology",
    ),
    "ref.output-schema": (
        {
            "topologies/main.yaml": topology_with(
                "    role: root\n", "    role: root\n    output_schema: schemas/answer.json\n"
            )
        },
        (),
        'ws/topologies/main.yaml:10:20: error[ref.output-schema] output_schema "schemas/answer.json" does not exist (looked for topologies/schemas/answer.json)',
        "point output_schema at a JSON Schema file in the workspace, write one inline, or use null",
    ),
    "skill.abstract-no-match": (
        {
            "archetypes/assistant.yaml": ARCHETYPE.format(
                extra="", skills="[{abstract: {category: capability, capability: search}}]"
            )
        },
        (),
        'ws/archetypes/assistant.yaml:7:13: error[skill.abstract-no-match] no skill matches the abstract skill (category capability whose id contains "search")',
        "add a skill of that category whose id contains the capability, or name a skill by its id",
    ),
    "skill.abstract-ambiguous": (
        {
            "archetypes/assistant.yaml": ARCHETYPE.format(
                extra="", skills="[{abstract: {category: capability, capability: summ}}]"
            ),
            "skills/summarize-short.yaml": skill("summarize-short"),
        },
        (),
        'ws/archetypes/assistant.yaml:7:13: error[skill.abstract-ambiguous] the abstract skill (category capability whose id contains "summ") matches 2 skills: summarize, summarize-short',
        "name the skill by its id, or make capability specific to one skill",
    ),
    "agent.depends-on-cycle": (
        {
            "topologies/main.yaml": topology_with(
                "    role: root\n", "    role: root\n    depends_on: [researcher]\n"
            ).replace("        skills_additional", "        depends_on: [lead]\n        skills_additional")
        },
        (),
        "ws/topologies/main.yaml:10:5: error[agent.depends-on-cycle] depends_on forms a cycle: lead → researcher → lead",
        "an agent cannot wait for itself, directly or through others",
    ),
    "agent.requires-not-held": (
        {
            "topologies/main.yaml": topology_with(
                "        skills_additional: [summarize]\n",
                "        skills_additional: [summarize]\n        requires: {summarize: [research]}\n",
            )
        },
        (),
        'ws/topologies/main.yaml:16:20: error[agent.requires-not-held] requires names "research", which is not one of researcher\'s skills',
        "grant it in skills or skills_additional, or drop the rule",
    ),
    "agent.requires-cycle": (
        {
            "topologies/main.yaml": topology_with(
                "        skills_additional: [summarize]\n",
                "        skills_additional: [summarize, outline]\n        requires: {summarize: [outline], outline: [summarize]}\n",
            ),
            "skills/outline.yaml": skill("outline"),
        },
        (),
        "ws/topologies/main.yaml:16:20: error[agent.requires-cycle] requires forms a cycle: summarize → outline → summarize",
        "one of these skills must be callable without the others",
    ),
    "binding.duplicate": (
        {
            "skills/check.yaml": skill("check", "decision"),
            "workspace.yaml": WS
            + "governance:\n  provider: mock\n  decision_skills:\n    - {id: check, trigger: pre_input}\n    - {id: check, trigger: post_output}\n",
        },
        (),
        'ws/workspace.yaml:10:12: warning[binding.duplicate] "check" is bound twice in this list (first at item 1)',
        "keep one binding per skill in a list; the later one applies, as upstream",
    ),
    "binding.not-decision": (
        {
            "workspace.yaml": WS
            + "governance:\n  provider: mock\n  decision_skills:\n    - {id: summarize, trigger: post_output}\n"
        },
        (),
        'ws/workspace.yaml:9:12: warning[binding.not-decision] "summarize" is a capability skill, not a decision skill',
        "set its category to decision, or bind a decision skill",
    ),
    "skill.cycle": (
        {
            "skills/a.yaml": skill("plan", implementation="  type: composed\n  composes: [review]"),
            "skills/b.yaml": skill("review", implementation="  type: composed\n  composes: [plan]"),
            "topologies/main.yaml": TOPOLOGY.replace("[summarize]", "[summarize, plan]"),
        },
        (),
        "ws/skills/b.yaml:10:14: error[skill.cycle] composed skills form a cycle: plan → review → plan",
        "a composed skill may not include itself, directly or through others",
    ),
    "topology.root-role": (
        {"topologies/main.yaml": TOPOLOGY.replace("    role: root\n", "    role: leader\n")},
        (),
        'ws/topologies/main.yaml:9:11: error[topology.root-role] the root agent "lead" has role leader; it must be root',
        "write role: root for agents.root",
    ),
    "memory.disabled-but-bound": (
        {
            "workspace.yaml": WS
            + "memory:\n  enabled: false\ngovernance:\n  provider: mock\n  decision_skills:\n    - id: memory-reader\n      trigger: pre_input\n"
        },
        (),
        "ws/workspace.yaml:11:7: error[memory.disabled-but-bound] memory-reader is bound here, but memory.enabled is false",
        "remove this binding, or set memory.enabled: true",
    ),
    "memory.block-shadowed": (
        {
            "workspace.yaml": WS
            + "memory:\n  reader:\n    max_results: 3\ngovernance:\n  provider: mock\n  decision_skills:\n"
            + "    - id: memory-reader\n      trigger: pre_input\n      config: {max_results: 10}\n"
        },
        (),
        "ws/workspace.yaml:8:5: warning[memory.block-shadowed] memory.reader.max_results (3) is never used where "
        "the memory-reader binding at workspace.yaml:14 applies: its config.max_results (10) wins",
        "set max_results in one place: remove it from the binding's config, or from memory.reader",
    ),
    "storage.memory-folder": (
        {"workspace.yaml": WS + "storage:\n  memory_folder: notes/" + "m" * 300 + "\n"},
        (),
        "ws/workspace.yaml:7:18: error[storage.memory-folder] storage.memory_folder cannot be a folder: its part "
        '"mmmmmmmmmmmmmmmmmmmmmmmm..." is 300 bytes long; a file name holds at most 255',
        "point storage.memory_folder at a folder path, such as .swarmkit/memory, or remove it",
    ),
    "state.linked-folder": (
        {".swarmkit": link_state_folder},
        (),
        "ws/.swarmkit: error[state.linked-folder] .swarmkit is a symbolic link (to ../elsewhere): swarmkit keeps "
        "its state (memory, runs, conversations) only in real folders inside the workspace, so nothing was read "
        "or written",
        "remove the link (rm .swarmkit): swarmkit makes a real folder on its next write; to keep memory in "
        "another folder, set storage.memory_folder in workspace.yaml to it",
    ),
    "reach.unused-skill": (
        {"skills/spare.yaml": skill("spare")},
        ("--require",),
        'ws/skills/spare.yaml:4:7: error[reach.unused-skill] skill "spare" is used by no agent, binding or composed skill',
        "add it to an agent's skills or skills_additional, or delete the file",
    ),
    "reach.unused-archetype": (
        {
            "archetypes/critic.yaml": "apiVersion: swarmkit/v1\nkind: Archetype\nmetadata: {id: critic, name: Critic, description: Finds flaws in drafts.}\n"
            "role: worker\ndefaults: {}\nprovenance: {authored_by: human, version: 1.0.0}\n"
        },
        ("--require",),
        'ws/archetypes/critic.yaml:3:16: error[reach.unused-archetype] archetype "critic" is used by no agent',
        "set it as an agent's archetype, or delete the file",
    ),
    "reach.binding-unreached": (
        {
            "skills/check.yaml": skill("check", "decision"),
            "workspace.yaml": WS
            + "governance:\n  provider: mock\n  decision_skills:\n    - {id: check, trigger: pre_input, scope: reviewer}\n",
        },
        ("--require",),
        'ws/workspace.yaml:9:46: error[reach.binding-unreached] "check" reaches no agent: its scope names none that exist',
        "fix the agent ids in scope, or remove the binding",
    ),
    "reach.unknown-scope-agent": (
        {
            "skills/check.yaml": skill("check", "decision"),
            "workspace.yaml": WS
            + 'governance:\n  provider: mock\n  decision_skills:\n    - {id: check, trigger: pre_input, scope: "lead, reseacher"}\n',
        },
        ("--require",),
        'ws/workspace.yaml:9:46: error[reach.unknown-scope-agent] scope names "reseacher", which is no agent of any topology',
        'did you mean "researcher"?',
    ),
}


def _apply_callables(root: Path, overlay: dict) -> dict:
    plain = {}
    for rel, content in overlay.items():
        if callable(content):
            content(root)
        else:
            plain[rel] = content
    return plain


@pytest.mark.parametrize("code", sorted(CASES))
def test_code_exact_text(code, workspace, cli, tmp_path):
    overlay, args, first_line, hint = CASES[code]
    root = workspace({"topologies/main.yaml": TOPOLOGY})
    write_overlay(root, _apply_callables(root, overlay))
    status, out, err = cli("validate", str(root), *args)
    expected = first_line.replace("{tmp}", str(tmp_path.resolve())) + "\n  hint: " + hint
    assert expected in out, out
    warning_only = "warning[" in first_line
    assert status == (0 if warning_only else 1)
    assert err == ""


def test_schema_invalid_is_the_fallback_for_other_violations(tmp_path):
    """No shipped schema keyword maps to schema.invalid today; a keyword without its own code does."""
    from jsonschema import Draft202012Validator

    from swarmkit.workspace.schema_check import _to_diagnostics
    from swarmkit.workspace.source import SourceFile

    path = tmp_path / "x.yaml"
    path.write_text("tags: {}\n")
    source = SourceFile(path, "x.yaml", "Skill", text=path.read_text(), data={"tags": {}})
    schema = {"properties": {"tags": {"minProperties": 1}}}
    (error,) = Draft202012Validator(schema).iter_errors(source.data)
    (diagnostic,) = _to_diagnostics(error, source, schema)
    assert (diagnostic.code, diagnostic.message, diagnostic.line, diagnostic.column) == (
        "schema.invalid",
        "tags: {} should be non-empty",
        1,
        1,
    )
    assert diagnostic.hint == "see the schema: swarmkit schema"


def test_every_code_has_an_exact_text_test():
    assert sorted(set(CODES) - {"schema.invalid"}) == sorted(CASES)


def test_every_code_is_documented():
    documented = set(re.findall(r"^### `([a-z.-]+)`", DOCS.read_text(encoding="utf-8"), flags=re.M))
    assert documented == set(CODES)


def test_an_unreadable_folder_is_a_diagnostic(workspace, cli, monkeypatch):
    """As root a chmod cannot make a folder unreadable, so the failing scandir is simulated."""
    import os

    from swarmkit.workspace import discovery

    root = workspace({"topologies/main.yaml": TOPOLOGY, "skills/team/extra.yaml": skill("extra")})
    real_scandir = os.scandir

    def scandir(path):
        if str(path).endswith("skills/team"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(discovery.os, "scandir", scandir)
    status, out, _ = cli("validate", str(root))
    assert status == 1
    assert "ws/skills/team: error[file.unreadable] cannot read the folder: Permission denied\n" in out


def test_a_memory_setting_set_alike_in_the_block_and_a_binding_is_not_shadowed(workspace, cli):
    # the block's value equals the binding's: nothing is lost, so nothing is told
    root = workspace({"topologies/main.yaml": TOPOLOGY})
    write_overlay(
        root,
        {
            "workspace.yaml": WS
            + "memory:\n  reader:\n    max_results: 10\ngovernance:\n  provider: mock\n  decision_skills:\n"
            + "    - id: memory-reader\n      trigger: pre_input\n      config: {max_results: 10}\n"
        },
    )
    status, out, err = cli("validate", str(root))
    assert (status, err) == (0, "")
    assert "is valid" in out and "block-shadowed" not in out, out
