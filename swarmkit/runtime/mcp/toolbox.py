"""What the runtime asks of MCP: an agent's tools, a tool call, a decision skill's verdict.

Servers start when an agent that holds one of their skills first answers (or a decision skill of
theirs first judges), and stop when the run ends. A server that cannot start or answer costs only
what needs it: the agent answers without that tool, the decision says `error`; the run record's
`mcp_servers` and `warnings` say what happened, and every call is in `tool_calls`.

What a tool returns is content nobody reviewed: it is screened and cut before the model or the
record sees it, and the agent that read it is marked tainted, so its memory writes wait in the inbox.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from swarmkit.runtime.mcp import results

if TYPE_CHECKING:
    from swarmkit.runtime.mcp.connections import Connections
    from swarmkit.runtime.mcp.servers import ServerSpec

DEFAULT_START_TIMEOUT = 30.0
DEFAULT_CALL_TIMEOUT = 60.0
DEFAULT_MAX_MESSAGE = 8 * 1024 * 1024  # bytes of one message from a server; a bigger one is dropped
TEXT_ARGUMENTS = ("text", "content", "output", "input", "document", "value")


@dataclass(frozen=True)
class McpSettings:
    start_timeout: float = DEFAULT_START_TIMEOUT
    call_timeout: float = DEFAULT_CALL_TIMEOUT
    max_message: int = DEFAULT_MAX_MESSAGE

    @classmethod
    def from_env(cls) -> McpSettings:
        """SWARMKIT_MCP_START_TIMEOUT and SWARMKIT_MCP_CALL_TIMEOUT (seconds); a bad value is the default."""
        return cls(
            start_timeout=_seconds("SWARMKIT_MCP_START_TIMEOUT", DEFAULT_START_TIMEOUT),
            call_timeout=_seconds("SWARMKIT_MCP_CALL_TIMEOUT", DEFAULT_CALL_TIMEOUT),
        )


def _seconds(name: str, default: float) -> float:
    try:
        value = float(os.environ.get(name, ""))
    except ValueError:
        return default
    return value if value > 0 else default


@dataclass(frozen=True)
class OfferedTool:
    name: str  # what the model calls
    skill: str
    server: str
    tool: str  # the server's name for it


def mcp_skills(ws, skill_ids) -> list:
    """The mcp_tool skills among `skill_ids`, composed skills' parts included, once each, in order."""
    out, seen = [], set()

    def visit(skill_id: str, depth: int) -> None:
        skill = ws.skills.get(skill_id)
        if skill is None or skill_id in seen or depth > 8:
            return
        seen.add(skill_id)
        if skill.implementation["type"] == "mcp_tool":
            out.append(skill)
        for part in skill.composes:
            visit(part, depth + 1)

    for skill_id in skill_ids:
        visit(skill_id, 0)
    return out


class McpToolbox:
    def __init__(self, run, settings: McpSettings | None = None) -> None:
        self.run = run
        self.settings = settings or McpSettings.from_env()
        self._specs: dict[str, ServerSpec] | None = None
        self._connections: Connections | None = None
        self._offered: dict[str, dict[str, OfferedTool]] = {}  # agent id -> name -> tool
        self._tool_specs: dict[str, list[dict]] = {}

    # ---- servers -----------------------------------------------------------------------------
    def _server(self, server_id: str):
        from swarmkit.runtime.mcp.connections import Connections, Server
        from swarmkit.runtime.mcp.servers import ServerSpec, server_specs

        if self._specs is None:
            ws = self.run.ws
            self._specs = server_specs(
                list(ws.settings.get("mcp_servers") or []), ws.settings.get("credentials") or {}, ws.root
            )
        spec = self._specs.get(server_id) or ServerSpec(
            server_id, "stdio", problem="it is not declared under mcp_servers in workspace.yaml"
        )
        if self._connections is None:
            self._connections = Connections(
                self.settings.start_timeout, self.settings.call_timeout, self.settings.max_message
            )
        if server_id in self._connections.servers:
            return self._connections.servers[server_id]
        if spec.problem is None:
            from swarmkit.extras import install_command, missing_modules

            if missing_modules("mcp"):
                spec = ServerSpec(
                    server_id,
                    spec.transport,
                    problem=f"MCP servers need the `mcp` extra, which is not installed "
                    f"(install it: {install_command('mcp')})",
                )
        server: Server = self._connections.start(spec)
        self.run.record.mcp_servers.append(
            {
                "id": server_id,
                "transport": spec.transport,
                "status": "failed" if server.failure else "started",
                "start_ms": server.start_ms,
                "tools": [tool.name for tool in server.tools],
                "detail": server.failure,
            }
        )
        if server.failure:
            self.run.record.warnings.append(f"mcp: server {server_id} could not start: {server.failure}")
        return server

    def close(self) -> None:
        if self._connections is not None:
            self._connections.close()
            self._connections = None

    # ---- tools of an agent -------------------------------------------------------------------
    def specs(self, agent, taken: set[str]) -> list[dict]:
        """The agent's MCP tools as function specs (its servers started on first use)."""
        if agent.id in self._tool_specs:
            return self._tool_specs[agent.id]
        offered: dict[str, OfferedTool] = {}
        specs: list[dict] = []
        for skill in mcp_skills(self.run.ws, agent.skills):
            if skill.missing:  # an undeclared server: skipped, as the record's skipped list says
                continue
            server_id, tool_name = skill.implementation["server"], skill.implementation["tool"]
            server = self._server(server_id)
            if server.failure:
                self.run.record.warnings.append(
                    f"mcp: agent {agent.id} answered without skill {skill.id}: server {server_id} is not running"
                )
                continue
            tool = next((t for t in server.tools if t.name == tool_name), None)
            if tool is None:
                names = ", ".join(t.name for t in server.tools) or "none"
                self.run.record.warnings.append(
                    f"mcp: agent {agent.id} answered without skill {skill.id}: server {server_id} "
                    f"has no tool {tool_name} (its tools: {names})"
                )
                continue
            name = results.function_name(tool_name, taken | set(offered), server_id)
            offered[name] = OfferedTool(name, skill.id, server_id, tool_name)
            specs.append(results.tool_spec(name, tool, skill))
        self._offered[agent.id] = offered
        self._tool_specs[agent.id] = specs
        return specs

    def offers(self, agent, name: str) -> bool:
        return name in self._offered.get(agent.id, {})

    def call(self, agent, name: str, arguments: dict) -> tuple[dict, dict]:
        """(the result for the model, what the record adds to the call)."""
        offered = self._offered[agent.id][name]
        result, extra = self._call(offered.server, offered.tool, arguments)
        extra = {"skill": offered.skill, **extra}
        self.run.memory.taint(agent.id, f"the result of MCP tool {offered.tool} of server {offered.server}")
        return result, extra

    def _call(self, server_id: str, tool: str, arguments: dict) -> tuple[dict, dict]:
        from swarmkit.runtime.mcp.connections import McpFailure
        from swarmkit.runtime.memory_hooks import redacted

        server = self._server(server_id)
        started = time.perf_counter()
        extra: dict = {"server": server_id, "tool": tool}
        try:
            assert self._connections is not None  # _server opened them
            outcome = self._connections.call(server, tool, arguments)
        except McpFailure as failure:
            extra |= {"status": "failed", "duration_ms": _ms(started)}
            return {"error": f"MCP server {server_id} failed: {failure.message}"}, extra
        text, full = results.capped(results.result_text(outcome))
        result: dict[str, Any] = {"content": redacted(text)}
        if outcome.is_error:
            result["is_error"] = True
        data = results.structured(outcome)
        if data is not None:
            result["structured"] = redacted(data)
        extra |= {"status": "error" if outcome.is_error else "ok", "duration_ms": _ms(started)}
        if full is not None:
            extra["cut_from"] = full
        return result, extra

    # ---- decision skills ---------------------------------------------------------------------
    def decide(self, agent, binding, skill, what: str, text: str) -> tuple[str, str, bool]:
        """(verdict, reason, whether the server failed) from the skill's tool, given the binding's
        config as arguments and the judged text under the argument the tool's schema names for it."""
        from swarmkit.runtime.verdicts import json_object, parse_verdict

        server_id, tool_name = skill.implementation["server"], skill.implementation["tool"]
        if skill.missing:  # validate warned (ref.unknown-mcp-server); the record's skipped list says so
            return "skipped", f"MCP server {server_id} is not declared under mcp_servers", False
        server = self._server(server_id)
        if server.failure:
            return "error", f"MCP server {server_id} could not start: {server.failure}", True
        tool = next((t for t in server.tools if t.name == tool_name), None)
        if tool is None:
            return "error", f"MCP server {server_id} has no tool {tool_name}", True
        arguments = decision_arguments(tool, dict(binding.config), text)
        result, extra = self._call(server_id, tool_name, arguments)
        self.run.record.tool_calls.append(
            {
                "agent": agent.id,
                "name": tool_name,
                "arguments": _screened(arguments),
                "result": result,
                "decision": binding.id,
                **extra,
            }
        )
        if "error" in result:
            return "error", result["error"], True
        data = result.get("structured")
        if isinstance(data, dict) and str(data.get("verdict", "")).lower() in (
            "pass",
            "fail",
            "needs-revision",
        ):
            return (
                str(data["verdict"]).lower(),
                str(data.get("reason") or data.get("reasoning") or ""),
                False,
            )
        verdict, reason = parse_verdict(result["content"])
        if result.get("is_error") and verdict == "error":
            return "error", f"tool {tool_name} failed: {result['content'][:200]}", False
        if verdict == "error" and json_object(result["content"]) is None:
            reason = f"tool {tool_name} gave no verdict: {result['content'][:120]!r}"
        return verdict, reason, False


def decision_arguments(tool, config: dict, text: str) -> dict:
    """The binding's config, and the judged text under the tool's argument for it: the first of
    TEXT_ARGUMENTS it takes, else its first required string argument the config does not give."""
    raw = getattr(tool, "input_schema", None)
    schema: dict = raw if isinstance(raw, dict) else {}
    found = schema.get("properties")
    properties: dict = found if isinstance(found, dict) else {}
    arguments = dict(config)
    target = next((name for name in TEXT_ARGUMENTS if name in properties and name not in config), None)
    if target is None:
        required = [name for name in schema.get("required") or [] if name not in config]
        target = next(
            (name for name in required if (properties.get(name) or {}).get("type", "string") == "string"),
            None,
        )
    if target is not None:
        arguments[target] = text
    return arguments


def _screened(value):
    from swarmkit.runtime.memory_hooks import redacted

    return redacted(value)


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 1)
