"""What upstream swarmkit acts on in a run and `swarmkit run` does not: recorded, never a crash.

Each item names the feature, where it is declared and what this run does instead. The run record
keeps the list; the summary line names the features (`skipped features: ...`).
"""

from __future__ import annotations

# Skill implementations a run does not call: no command runner, no agent calls. (mcp_tool skills are
# called, swarmkit/runtime/mcp, unless their server is not declared: _UNDECLARED.)
_UNDECLARED = ("mcp tools", "names an MCP server the workspace does not declare")
_NOT_CALLED = {
    "command": ("command packs", "runs local commands"),
    "agent": ("agent skills", "calls another agent"),
}

# Workspace declarations a run never starts or reads: what each entry says after the ids.
_NOT_STARTED = {
    "command_packs": "are not run: swarmkit run runs no local commands",
    "credentials": "are not read: no MCP server names them, and command packs do not run",
}
# What an mcp_servers entry may say that a run does not apply: it calls every tool an agent holds.
_MCP_UNAPPLIED = ("permission", "permission_overrides", "effects")
# Composed-skill strategies a run does not follow: its parts run one after another instead.
_IN_ORDER = "sequential"


def skipped_features(ws, topology) -> list[dict]:
    out: list[dict] = []

    def skip(feature: str, where: str, detail: str) -> None:
        out.append({"feature": feature, "where": where, "detail": detail})

    agents = list(topology.walk())
    for agent in agents:
        where = f"agent {agent.id}"
        unused = [key for key in ("options", "tool_provider", "tool_model") if key in (agent.model or {})]
        if unused:
            skip(
                "model options",
                where,
                f"model.{', model.'.join(unused)} are not sent; name and temperature are",
            )
        if agent.executor:
            skip(
                "executors",
                where,
                f"upstream runs it on the {agent.executor} harness; here its model answers",
            )
        if agent.funnel:
            skip("funnels", where, f"funnel {agent.funnel} does not gate its output here")
        if agent.depends_on:
            skip("depends_on", where, "children run one after another, in the order written")
        if agent.requires:
            skip("requires", where, "skill ordering is not enforced")
        if agent.output_schema:
            skip("output schemas", where, "the answer is not checked against its output schema")
        if agent.intent_monitoring:
            skip("intent monitoring", where, "intent_monitoring is not applied")
        if agent.other_scopes:
            skip(
                "iam scopes",
                where,
                f"iam.base_scope {', '.join(agent.other_scopes)} is not enforced; "
                "only swarm:read and swarm:write act",
            )
        if agent.elevated_scopes:
            skip(
                "iam scopes",
                where,
                f"iam.elevated_scopes {', '.join(agent.elevated_scopes)} are never granted; "
                "no step asks for approval",
            )
        for skill_id in agent.skills:
            not_called = _not_called(ws, skill_id)
            if not_called:
                skip(not_called[0], where, f"skill {skill_id} {not_called[1]} is not offered")
            _composed(ws, ws.skills.get(skill_id), where, skip)
    for binding in topology.decision_skills:
        skill = ws.skills.get(binding.id)
        if skill is None and not binding.builtin:
            skip(
                "decision skills",
                f"decision skill {binding.id}",
                "no skill of the workspace has this id; its verdict is recorded as skipped",
            )
        elif skill is not None and (kind := _uncalled_kind(skill)) is not None:
            feature, why = kind
            skip(
                feature,
                f"decision skill {binding.id}",
                f"{why}{_missing(skill)}; its verdict is recorded as skipped",
            )
        _composed(ws, skill, f"decision skill {binding.id}", skip)
    for binding_id in topology.ignored_bindings:
        skip(
            "memory bindings",
            f"decision skill {binding_id}",
            f"memory.enabled is false, so topology {topology.name}'s binding does nothing",
        )
    for key, value in topology.settings.items():
        if key == "runtime":
            for sub in value:
                skip(
                    "planning" if sub in ("planning", "synthesis") else "runtime settings",
                    f"topology {topology.name}",
                    f"runtime.{sub} is not applied",
                )
        else:
            skip(key.replace("_", " "), f"topology {topology.name}", f"{key} is not applied")
    for key, value in ws.settings.items():
        if key == "storage":
            for sub in value:
                if sub != "memory_folder":  # swarmkit's own key: the memory folder is where it says
                    skip("storage", "workspace.yaml", f"storage.{sub} is not applied")
        elif key == "mcp_servers":
            for item in value:
                permission = item.get("permission", "cautious")  # upstream's default checks writes
                unapplied = [f"permission {permission}"] if permission != "open" else []
                unapplied += [field for field in _MCP_UNAPPLIED[1:] if field in item]
                if unapplied:
                    skip(
                        "mcp permissions",
                        f"mcp server {item['id']}",
                        f"{', '.join(unapplied)} not applied: every tool an agent holds is called "
                        "unchecked, as permission open",
                    )
        elif key in _NOT_STARTED:
            ids = list(value) if isinstance(value, dict) else [item["id"] for item in value]
            if key == "credentials":
                from swarmkit.runtime.mcp.servers import credentials_used

                used = credentials_used(list(ws.settings.get("mcp_servers") or []))
                ids = [name for name in ids if name not in used]
            if ids:
                skip(key.replace("_", " "), "workspace.yaml", f"{key} {', '.join(ids)} {_NOT_STARTED[key]}")
        else:
            skip(
                "planning" if key in ("planning", "synthesis") else key.replace("_", " "),
                "workspace.yaml",
                f"{key} is not applied",
            )
    if ws.triggers:
        skip(
            "triggers",
            "triggers/",
            f"{len(ws.triggers)} trigger(s) ({', '.join(ws.triggers)}) do not fire; "
            "swarmkit run starts a topology only when asked",
        )
    return out


def _composed(ws, skill, where: str, skip, seen: frozenset = frozenset()) -> None:
    """A composed skill's strategy other than sequential and its parts a run does not call."""
    if skill is None or skill.implementation["type"] != "composed" or skill.id in seen:
        return
    strategy = skill.implementation.get("strategy", _IN_ORDER)
    if strategy != _IN_ORDER:
        skip(
            "composed strategies",
            where,
            f"skill {skill.id}'s strategy {strategy} is not applied; its parts run in order",
        )
    for part_id in skill.composes:
        not_called = _not_called(ws, part_id)
        if not_called:
            skip(not_called[0], where, f"skill {skill.id}'s part {part_id} {not_called[1]} is not run")
        _composed(ws, ws.skills.get(part_id), where, skip, seen | {skill.id})


def _not_called(ws, skill_id: str) -> tuple[str, str] | None:
    """(feature, why) for a skill a run does not call: made up by upstream, or not a prompt."""
    skill = ws.skills.get(skill_id)
    if skill is None:
        what = ws.synthesized_skills.get(skill_id)
        if what is None:  # a bundled memory skill: memory runs it
            return None
        return ("command packs" if what.startswith("command") else "agent skills"), f"({what})"
    kind = _uncalled_kind(skill)
    if kind is not None:
        return kind[0], f"{kind[1]}{_missing(skill)} and"
    return None


def _uncalled_kind(skill) -> tuple[str, str] | None:
    if skill.implementation["type"] == "mcp_tool":
        return _UNDECLARED if skill.missing else None
    return _NOT_CALLED.get(skill.implementation["type"])


def _missing(skill) -> str:
    """What the skill names that the workspace lacks (validate warned about it), if anything."""
    return f" ({skill.missing})" if skill.missing else ""


def skipped_summary(items: list[dict]) -> str:
    """The features, once each, in the order met: for the run's summary line."""
    features = list(dict.fromkeys(item["feature"] for item in items))
    return ", ".join(features)
