"""User mistakes from a hold-out set, each pinned by the exact text `swarmkit validate` prints."""

from __future__ import annotations

ISSUES_SKILL = (
    "apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {id: issues, name: Issues, description: Lists the open issues.}\n"
    "category: capability\nimplementation: {type: mcp_tool, server: github, tool: list_issues}\n"
    "provenance: {authored_by: human, version: 1.0.0}\n"
)


def validate(cli, root) -> tuple[int, str]:
    status, out, err = cli("validate", str(root))
    assert err == ""
    return status, out


def test_a_reference_to_a_file_dropped_for_its_own_error_is_not_also_unknown(workspace, cli):
    """summarize.yaml and assistant.yaml do not load; the agents naming them get no second error."""
    root = workspace(
        {
            "skills/summarize.yaml": 'apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {id: summarize, name: "Summarize\n',
            "archetypes/assistant.yaml": "apiVersion: swarmkit/v1\nkind: Archetype\nmetadata:\n\tid: assistant\n",
        }
    )
    status, out = validate(cli, root)
    assert status == 1
    assert out == (
        "ws/archetypes/assistant.yaml:4:1: error[yaml.syntax] YAML syntax error: a tab character here; "
        "YAML indents with spaces, never tabs\n"
        "  hint: replace the tab with spaces\n"
        "ws/skills/summarize.yaml:3:33: error[yaml.syntax] YAML syntax error: the quote that opens here is never closed\n"
        "  hint: add the matching closing quote at the end of the value\n"
        "2 errors in 2 files: the workspace is not valid\n"
    )


def test_a_file_not_named_after_its_id_is_known_by_the_id_its_text_declares(workspace, cli):
    """Files need not be named after their ids: a broken one's id is read from a plain line."""
    root = workspace(
        {
            "skills/text-tools.yaml": 'apiVersion: swarmkit/v1\nkind: Skill\nmetadata: {id: summarize, name: "Summarize\n',
            "archetypes/helpers.yaml": (
                "apiVersion: swarmkit/v1\nkind: Archetype\nmetadata:\n  id: assistant\n  name: 'Assistant\n"
            ),
        }
    )
    (root / "skills/summarize.yaml").unlink()
    (root / "archetypes/assistant.yaml").unlink()
    status, out = validate(cli, root)
    assert status == 1
    assert "unknown" not in out and out.endswith("2 errors in 2 files: the workspace is not valid\n")
    assert [line.split(": error[")[0] for line in out.splitlines() if "error[" in line] == [
        "ws/archetypes/helpers.yaml:5:9",
        "ws/skills/text-tools.yaml:3:33",
    ]


def test_a_reference_to_a_declaration_with_errors_is_not_also_unknown(workspace, cli):
    """The github server has a misspelt key; the skill calling it is not told to declare it."""
    root = workspace({"skills/issues.yaml": ISSUES_SKILL})
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("mcp_servers:\n  - id: github\n    transport: stdio\n    comand: [gh-mcp]\n")
    status, out = validate(cli, root)
    assert status == 1
    assert "unknown MCP server" not in out and "declare it" not in out
    assert out.endswith(
        'ws/workspace.yaml:36:5: error[schema.unknown-field] unknown field "comand" in mcp_servers[0]\n'
        '  hint: did you mean "command"?\n'
        "2 errors in 1 file: the workspace is not valid\n"
    )


def test_an_unreadable_workspace_yaml_leaves_its_declarations_unknown_not_missing(workspace, cli):
    root = workspace(
        {"skills/issues.yaml": ISSUES_SKILL, "workspace.yaml": "apiVersion: swarmkit/v1\nkind: [Workspace\n"}
    )
    status, out = validate(cli, root)
    assert status == 1
    assert out == (
        "ws/workspace.yaml:3:1: error[yaml.syntax] YAML syntax error: expected ',' or ']', but got the end of the file "
        "(while parsing a flow sequence)\n"
        "  hint: check the indentation, quotes and brackets around this position\n"
        "1 error in 1 file: the workspace is not valid\n"
    )


def test_an_unclosed_quote_is_placed_where_it_opens(workspace, cli):
    root = workspace()
    text = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        text.replace(
            "  description: A lead that answers with the help of one researcher.",
            '  description: "A lead that answers with the help of one researcher.',
        )
    )
    status, out = validate(cli, root)
    assert status == 1
    assert out.startswith(
        "ws/topologies/main.yaml:9:16: error[yaml.syntax] YAML syntax error: the quote that opens here is never closed\n"
        "  hint: add the matching closing quote at the end of the value\n"
    )


def test_version_1_0_gets_a_hint_that_says_1_0_0(workspace, cli):
    root = workspace()
    text = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(text.replace("  version: 0.1.0", "  version: 1.0"))
    status, out = validate(cli, root)
    assert status == 1
    assert out == (
        "ws/topologies/main.yaml:8:12: error[schema.type] metadata.version must be a string, not a number\n"
        "  hint: write 1.0.0 (a version has three numbers)\n"
        "1 error in 1 file: the workspace is not valid\n"
    )
    (root / "topologies/main.yaml").write_text(text.replace("  version: 0.1.0", '  version: "2.1"'))
    status, out = validate(cli, root)
    assert 'metadata.version is "2.1", which is not allowed here\n  hint: use 2.1.0\n' in out


def test_a_tab_is_named_as_a_tab(workspace, cli):
    root = workspace()
    text = (root / "workspace.yaml").read_text()
    (root / "workspace.yaml").write_text(text.replace("  name: Demo", "\tname: Demo"))
    status, out = validate(cli, root)
    assert status == 1
    assert out == (
        "ws/workspace.yaml:8:1: error[yaml.syntax] YAML syntax error: a tab character here; YAML indents with spaces, "
        "never tabs\n"
        "  hint: replace the tab with spaces\n"
        "1 error in 1 file: the workspace is not valid\n"
    )


def test_a_newline_inside_a_value_is_escaped_in_text_output(workspace, cli):
    root = workspace()
    text = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(text.replace("[summarize]", '[summarize, "sum\\nmarize"]'))
    status, out = validate(cli, root)
    assert status == 1
    assert out == (
        "ws/topologies/main.yaml:24:40: error[schema.pattern] agents.root.children[0].skills_additional[1] is "
        '"sum\\nmarize", which is not allowed here\n'
        "  hint: use a skill id, or server:<id> or pack:<id> (lowercase letters, digits and dashes)\n"
        "1 error in 1 file: the workspace is not valid\n"
    )
    assert len(out.splitlines()) == 3  # one line per part, as the json and github formats keep it


def test_a_tab_inside_a_value_is_escaped_in_text_output(workspace, cli):
    root = workspace()
    text = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(text.replace("[summarize]", '[summarize, "sum\\tmarize"]'))
    status, out = validate(cli, root)
    assert status == 1
    assert 'skills_additional[1] is "sum\\tmarize", which is not allowed here\n' in out and "\t" not in out


def test_keys_of_the_earlier_format_say_how_they_are_written_now(workspace, cli):
    root = workspace()
    topology = (root / "topologies/main.yaml").read_text()
    (root / "topologies/main.yaml").write_text(
        topology.replace(
            "        skills_additional: [summarize]",
            "        skills_additional: [summarize]\n        read_only: true",
        )
    )
    status, out = validate(cli, root)
    assert status == 1
    assert out.startswith(
        'ws/topologies/main.yaml:25:9: error[schema.unknown-field] unknown field "read_only" in agents.root.children[0]\n'
        "  hint: a read-only swarm member is written iam: {base_scope: [swarm:read]}\n"
    )
