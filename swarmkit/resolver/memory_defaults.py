"""Memory on by default: the bindings and bundled skills a workspace gets without asking.

Pure functions over raw workspace data, called by the resolver before any model is built, so every
consumer (validate --require, the runtime, the portal) sees one list of bindings.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path

from swarmkit.memory_skills import BUILTIN_MEMORY_SKILLS, READER_ID, WRITER_ID
from swarmkit.resolver.memory_config import memory_block
from swarmkit.workspace.layout import STATE_FOLDER

BUNDLED_SKILL_IDS = ("governed-memory", "memory-reconcile")
BUNDLED_SKILLS_DIR = Path(__file__).parent / "skills"
DEFAULT_FOLDER = f"{STATE_FOLDER}/memory"

_TRIGGERS = {READER_ID: "pre_input", WRITER_ID: "post_output"}


def explicit_memory_bindings(raw_workspace: dict) -> list[tuple[int, dict]]:
    """(index, binding) of each memory-reader/-writer binding workspace.yaml writes itself."""
    bindings = (raw_workspace.get("governance") or {}).get("decision_skills") or []
    return [
        (i, b) for i, b in enumerate(bindings) if isinstance(b, dict) and b.get("id") in BUILTIN_MEMORY_SKILLS
    ]


def apply_memory_defaults(raw_workspace: dict, block: dict | None = None) -> dict:
    """A copy of the workspace with the missing memory-reader/-writer bindings appended.

    Reader on pre_input, writer on post_output, scope "*", required false, config from the block
    over the defaults. An explicit binding for an id wins: nothing is added for it. Memory off
    adds nothing.
    """
    result = copy.deepcopy(raw_workspace)
    block = block if block is not None else memory_block(raw_workspace)
    if not block["enabled"]:
        return result
    present = {b.get("id") for _, b in explicit_memory_bindings(raw_workspace)}
    governance = result.get("governance")
    if not isinstance(governance, dict):
        governance = result["governance"] = {}
    bindings = governance.get("decision_skills")
    if not isinstance(bindings, list):
        bindings = governance["decision_skills"] = []
    configs = {READER_ID: block["reader"], WRITER_ID: block["writer"]}
    for skill_id in BUILTIN_MEMORY_SKILLS:
        if skill_id in present:
            continue
        bindings.append(
            {
                "id": skill_id,
                "trigger": _TRIGGERS[skill_id],
                "scope": "*",
                "required": False,
                "config": dict(configs[skill_id]),
            }
        )
    return result


@cache
def bundled_memory_skills():
    """The governed-memory and memory-reconcile skill artifacts shipped in swarmkit/resolver/skills/.

    Read once per process: the resolver only reads their data (the returned list is a tuple). As
    parsed before, they are read back from the user's cache (parsed_cache.py says why)."""
    from swarmkit.resolver import parsed_cache
    from swarmkit.workspace.source import SourceFile

    paths = [BUNDLED_SKILLS_DIR / f"{skill_id}.yaml" for skill_id in BUNDLED_SKILL_IDS]
    rels = [f"<bundled>/{skill_id}.yaml" for skill_id in BUNDLED_SKILL_IDS]
    key = parsed_cache.stamp(paths)
    held = None
    if key is not None:
        try:  # the cache holds a file's text as read when it was parsed: used only while it is the same
            texts = [path.read_text(encoding="utf-8") for path in paths]
        except (OSError, UnicodeDecodeError):
            texts = None
        held = None if texts is None else parsed_cache.read(key, texts)
    if held is not None and len(held) == len(paths):
        return tuple(
            SourceFile(path=path, rel=rel, expected_kind="Skill", text=text, data=data)
            for path, rel, (text, data) in zip(paths, rels, held, strict=True)
        )
    from swarmkit.workspace.loading import load_source

    out = []
    for path, rel in zip(paths, rels, strict=True):
        source, problems = load_source(path, rel, "Skill")
        if problems:  # a broken bundled file is our bug, never the user's
            raise RuntimeError(f"bundled skill {path} does not load: {problems[0].message}")
        out.append(source)
    if key is not None:
        parsed_cache.write(key, [(source.text, source.data) for source in out])
    return tuple(out)
