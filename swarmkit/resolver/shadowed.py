"""The memory block's settings that an explicit binding shadows: a binding's own config key wins
over the block's for every agent it applies to, so the block's value is never used there. Upstream
says nothing (a strict warning, `memory.block-shadowed`: `validate --require` fails on it)."""

from __future__ import annotations

from swarmkit.memory_skills import SIDE_OF
from swarmkit.resolver import linking
from swarmkit.resolver.artifacts import Artifact
from swarmkit.resolver.bindings import DECISIONS, decision_list, is_enabled
from swarmkit.workspace.diagnostics import Diagnostic

CODE = "memory.block-shadowed"


def check_shadowed(workspace: Artifact, bindings_of: Artifact, out: list[Diagnostic]) -> None:
    """A warning at each key of workspace.yaml's memory.reader / memory.writer that an explicit
    memory binding of `bindings_of` (workspace.yaml itself, or a topology) sets in its config too,
    to another value."""
    block = workspace.data.get("memory") if isinstance(workspace.data, dict) else None
    if not isinstance(block, dict) or block.get("enabled") is False:
        return
    for position, raw in enumerate(decision_list(bindings_of.data)):
        if not isinstance(raw, dict) or raw.get("id") not in SIDE_OF or not is_enabled(raw):
            continue
        side = SIDE_OF[raw["id"]]
        settings, config = block.get(side), raw.get("config")
        if not isinstance(settings, dict) or not isinstance(config, dict):
            continue
        # the same value in both places loses nothing: only a value that is never used is told
        for key in (k for k in settings if k in config and settings[k] != config[k]):
            line = bindings_of.source.locate((*DECISIONS, position, "config", key), "key")[0]
            out.append(
                linking.diag(
                    workspace,
                    CODE,
                    f"memory.{side}.{key} ({_shown(settings[key])}) is never used where the {raw['id']} "
                    f"binding at {bindings_of.rel}:{line} applies: its config.{key} "
                    f"({_shown(config[key])}) wins",
                    ("memory", side, key),
                    f"set {key} in one place: remove it from the binding's config, or from memory.{side}",
                    at="key",
                    strict=True,
                )
            )


def _shown(value) -> str:
    return "true" if value is True else "false" if value is False else str(value)
