"""Tools the runtime offers agents through the provider's tool-call protocol."""

from __future__ import annotations

from swarmkit.memory import KINDS, SWARM_KINDS

MEMORY_SEARCH = {
    "type": "function",
    "function": {
        "name": "memory_search",
        "description": (
            "Search long-term memory mid-task (read-only): the saved facts and notes that best match the "
            "query, as the memory you were given before the task was recalled."
        ),
        "parameters": {
            "type": "object",
            "additionalProperties": False,
            "required": ["query"],
            "properties": {
                "query": {"type": "string", "description": "What to look for, in a few words."},
                "max_results": {"type": "integer", "minimum": 1, "maximum": 20},
            },
        },
    },
}

SWARM_NOTE = {
    "type": "function",
    "function": {
        "name": "swarm_note",
        "description": (
            "Write a note for the other agents of this run: a finding (what you measured, with sources), "
            "a ruled_out path, a question for another agent, or an answer to one."
        ),
        "parameters": {
            "type": "object",
            "additionalProperties": False,
            "required": ["kind", "text"],
            "properties": {
                "kind": {"enum": list(SWARM_KINDS)},
                "text": {"type": "string", "description": "One line, at most 500 characters."},
                "sources": {"type": "array", "items": {"type": "string"}},
            },
        },
    },
}

REMEMBER_FACT = {
    "type": "function",
    "function": {
        "name": "remember_fact",
        "description": (
            "Propose a curated fact for long-term memory (governed-memory). You propose; the store decides "
            "whether it is new, reinforces, updates or contradicts what is known."
        ),
        "parameters": {
            "type": "object",
            "additionalProperties": False,
            "required": ["subject", "attribute", "value", "type"],
            "properties": {
                "subject": {"type": "string"},
                "attribute": {"type": "string"},
                "value": {"type": "string"},
                "type": {"enum": list(KINDS)},
            },
        },
    },
}


def missing_arguments(spec: dict, arguments: dict) -> list[str]:
    required = spec["function"]["parameters"]["required"]
    return [
        name for name in required if not isinstance(arguments.get(name), str) or not arguments[name].strip()
    ]
