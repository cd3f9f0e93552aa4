"""A valid workspace that touches every artifact kind and most of the format: the fuzzers' seed."""

from __future__ import annotations

SEED: dict[str, dict] = {
    "workspace.yaml": {
        "apiVersion": "swarmkit/v1",
        "kind": "Workspace",
        "metadata": {"id": "fuzz-seed", "name": "Fuzz seed", "description": "Every kind of artifact."},
        "governance": {
            "provider": "mock",
            "decision_skills": [
                {"id": "on-topic", "trigger": "pre_input", "scope": "*", "required": True},
                {
                    "id": "memory-writer",
                    "trigger": "post_output",
                    "scope": "lead,researcher",
                    "required": False,
                    "config": {"min_output_length": 120},
                },
            ],
        },
        "memory": {
            "enabled": True,
            "reader": {"max_results": 3, "similarity_threshold": 0.2, "search_scope": "both"},
            "writer": {"min_output_length": 120},
        },
        "mcp_servers": [
            {"id": "files", "transport": "stdio", "command": ["npx", "-y", "server-filesystem", "./notes"]},
            {"id": "tracker", "transport": "http", "endpoint": "http://127.0.0.1:8765/mcp"},
        ],
    },
    "topologies/main.yaml": {
        "apiVersion": "swarmkit/v1",
        "kind": "Topology",
        "metadata": {"name": "main", "version": "0.1.0", "description": "A lead and a researcher."},
        "agents": {
            "root": {
                "id": "lead",
                "role": "root",
                "archetype": "assistant",
                "prompt": {"system": "You lead a small team."},
                "children": [
                    {
                        "id": "researcher",
                        "role": "worker",
                        "archetype": "assistant",
                        "skills_additional": ["summarize", "read-note"],
                        "prompt": {"system": "You find facts."},
                    },
                    {
                        "id": "checker",
                        "role": "worker",
                        "model": {"provider": "mock", "name": "swarmkit-mock"},
                        "skills": ["on-topic"],
                    },
                ],
            }
        },
        "governance": {
            "decision_skills": [
                {"id": "on-topic", "trigger": "pre_input", "required": False},
            ]
        },
    },
    "archetypes/assistant.yaml": {
        "apiVersion": "swarmkit/v1",
        "kind": "Archetype",
        "metadata": {"id": "assistant", "name": "Assistant", "description": "A careful assistant."},
        "role": "worker",
        "defaults": {
            "model": {"provider": "mock", "name": "swarmkit-mock"},
            "prompt": {"system": "Be concise."},
            "skills": [],
        },
        "provenance": {"authored_by": "human", "version": "0.1.0"},
    },
    "skills/summarize.yaml": {
        "apiVersion": "swarmkit/v1",
        "kind": "Skill",
        "metadata": {"id": "summarize", "name": "Summarize", "description": "Summarises notes."},
        "category": "capability",
        "implementation": {"type": "llm_prompt", "prompt": "Summarise in five bullets."},
        "provenance": {"authored_by": "human", "version": "0.1.0"},
    },
    "skills/tools/read-note.yaml": {
        "apiVersion": "swarmkit/v1",
        "kind": "Skill",
        "metadata": {"id": "read-note", "name": "Read note", "description": "Reads one note."},
        "category": "capability",
        "implementation": {"type": "mcp_tool", "server": "files", "tool": "read_file"},
        "inputs": {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}},
        "provenance": {"authored_by": "human", "version": "1.0.0"},
    },
    "skills/on-topic.yaml": {
        "apiVersion": "swarmkit/v1",
        "kind": "Skill",
        "metadata": {"id": "on-topic", "name": "On topic", "description": "Keeps to the subject."},
        "category": "decision",
        "implementation": {"type": "composed", "composes": ["summarize"]},
        "outputs": {
            "type": "object",
            "properties": {"verdict": {"type": "string"}, "reasoning": {"type": "string"}},
        },
        "provenance": {"authored_by": "human", "version": "0.1.0"},
    },
}
