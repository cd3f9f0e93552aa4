"""Options people try on a command that has none of that name, and what to do instead."""

from __future__ import annotations

_SCHEMA_IS_JSON = "the schemas are JSON only: `swarmkit schema NAME` prints one, --out DIR writes them"

# (command path, option) -> what is right; looked up before guessing a close option name
NOT_AN_OPTION = {
    ("swarmkit schema", "--format"): _SCHEMA_IS_JSON,
    ("swarmkit schema", "--json"): _SCHEMA_IS_JSON,
}
