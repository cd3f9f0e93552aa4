"""Every diagnostic code swarmkit emits, with a one-line summary (docs/errors.md explains each).

Codes are stable: tools match on them. A new code goes here, in docs/errors.md, and in the
exact-message tests (tests/workspace/test_diagnostic_codes.py), which check all three agree.
"""

CODES: dict[str, str] = {
    # reading files
    "file.too-large": "a workspace file is bigger than 512 KiB",
    "file.encoding": "a file is not valid UTF-8",
    "file.empty": "a file holds no YAML document",
    "file.unreadable": "a file cannot be read",
    "file.outside-workspace": "a file is a link to something outside the workspace",
    # parsing YAML
    "yaml.syntax": "YAML that cannot be parsed",
    "yaml.duplicate-key": "a key appears twice in one mapping",
    "yaml.multiple-documents": "a file holds more than one YAML document",
    "yaml.not-mapping": "a document is a list or a scalar instead of a mapping",
    "yaml.alias-bomb": "aliases that expand to too many values, or refer to themselves",
    "yaml.too-deep": "nesting deeper than 100 levels",
    "yaml.number-too-long": "an integer of more than 4,300 digits",
    "yaml.non-string-key": "a mapping key that is a number, list or other non-string",
    # the layout
    "workspace.not-found": "the folder has no workspace.yaml",
    "workspace.ambiguous": "both workspace.yaml and workspace.yml exist",
    "workspace.too-many-files": "a workspace holds more than 10,000 artifact files",
    "discovery.too-deep": "YAML files nested more than one folder deep are ignored (warning)",
    "kind.mismatch": "a file's kind does not match its folder",
    # the schema
    "schema.unknown-field": "a key the schema does not know (often a misspelling)",
    "schema.required": "a required key is missing",
    "schema.type": "a value of the wrong type",
    "schema.enum": "a value that is not one of the allowed choices",
    "schema.const": "a value that must be exactly one thing (apiVersion)",
    "schema.range": "a number outside its allowed range",
    "schema.pattern": "a string in the wrong form (ids, versions, URLs, scopes)",
    "schema.length": "a string or list that is too short or too long",
    "schema.invalid": "any other schema violation",
    "schema.too-many-errors": "more than 100 schema problems in one file: the rest are not listed",
    # links between artifacts
    "id.duplicate": "two artifacts (or two agents of a topology) share an id",
    "ref.unknown-archetype": "an agent names an archetype that does not exist",
    "ref.unknown-skill": "a skill list names a skill that does not exist",
    "ref.unknown-decision-skill": "a binding names neither a built-in nor a workspace skill (strict warning)",
    "ref.unknown-provider": "a model names a provider that is neither declared nor built in (warning)",
    "ref.unknown-mcp-server": "an mcp_tool skill names an undeclared MCP server (strict warning)",
    "ref.unknown-command": "a command skill names an undeclared pack, or a command the pack lacks (strict warning)",
    "ref.unknown-grant": "a bulk grant (server:<id>, pack:<id>) that grants no skill",
    "ref.unknown-funnel": "an agent names a funnel that does not exist",
    "ref.unknown-topology": "a trigger targets a topology that does not exist (an agent skill: strict warning)",
    "ref.unknown-executor": "an archetype's executor names no known kind or harness adapter",
    "ref.unknown-agent": "depends_on names an agent that is not in the topology",
    "ref.output-schema": "an output_schema file that is missing, outside the workspace or no JSON Schema",
    "skill.abstract-no-match": "an abstract skill entry that no skill matches",
    "skill.abstract-ambiguous": "an abstract skill entry that several skills match",
    "agent.depends-on-cycle": "agents that wait for each other through depends_on",
    "agent.requires-not-held": "requires names a skill the agent does not hold",
    "agent.requires-cycle": "requires rules that form a cycle",
    "binding.duplicate": "the same skill is bound twice in one list (strict warning)",
    "binding.not-decision": "a bound skill is not in the decision category (warning)",
    "skill.cycle": "composed skills that include themselves",
    "topology.root-role": "agents.root is not role root, or another agent is",
    "storage.memory-folder": "storage.memory_folder cannot name a folder (a NUL, a name or path too long)",
    "state.linked-folder": "`.swarmkit`, a folder under it or the memory folder is a symbolic link",
    "memory.disabled-but-bound": "memory is off but a memory binding is written explicitly (a topology's: strict warning)",
    "memory.block-shadowed": "a memory.reader / memory.writer setting that an explicit binding's config sets too (strict warning)",
    # reachability: warnings, errors under `validate --require` (as strict warnings are)
    "reach.unused-skill": "a workspace skill no agent, binding or composed skill uses",
    "reach.unused-archetype": "an archetype no agent uses",
    "reach.binding-unreached": "a binding whose scope reaches no agent",
    "reach.unknown-scope-agent": "a scope names an id that is no agent",
}
