"""Running one topology: the root gets the input, delegates depth-first, and answers.

Each agent: pre_input decision skills (memory-reader recalls; checks may reject), its children in
order (checkpoint after each, pre_synthesis before answering), its answer (with tools), then
post_output decision skills (checks may ask for a bounded number of revisions; memory-writer keeps
facts). Everything that happens goes into the run record.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

from swarmkit.memory_skills import READER_ID, WRITER_ID
from swarmkit.run_ids import new_run_id
from swarmkit.runtime import memory_talk, prompts, tools
from swarmkit.runtime.mcp.toolbox import McpSettings, McpToolbox
from swarmkit.runtime.memory_hooks import MemoryHooks, redacted
from swarmkit.runtime.providers.base import ChatReply, ChatRequest, Provider, ProviderError
from swarmkit.runtime.providers.registry import ProviderSet
from swarmkit.runtime.records import RunRecord
from swarmkit.runtime.skipped import skipped_features
from swarmkit.runtime.verdicts import parse_verdict

MAX_REVISIONS = 2  # a required post_output check gets this many revisions before the run fails
MAX_TOOL_ROUNDS = 4  # model ↔ tool round trips per answer
DEFAULT_MODEL = "swarmkit-mock"


class RunStopped(Exception):
    """A required decision skill stopped the run: `status` is rejected or failed."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Run:
    def __init__(
        self,
        workspace,
        topology,
        provider: Provider | ProviderSet,
        user: str | None = None,
        run_id: str | None = None,
        history: list[dict] | None = None,
        mcp: McpSettings | None = None,
    ) -> None:
        self.ws = workspace
        self.topology = topology
        self.providers = provider if isinstance(provider, ProviderSet) else ProviderSet.single(provider)
        self.user = user
        self.id = run_id or new_run_id()
        self.record = RunRecord(
            id=self.id,
            workspace=workspace.id,
            topology=topology.ref,
            started_at=_now(),
            provider=self.providers.label,
            user=user,
            memory={"enabled": workspace.memory.enabled, "sentence": workspace.memory.sentence()},
            skipped=skipped_features(workspace, topology),
        )
        # secrets the input holds that only the conversation before it tells (conversations.py)
        self.carried_secrets: tuple[str, ...] = ()
        self.memory = MemoryHooks(self)
        self.mcp = McpToolbox(self, mcp)  # servers start when an agent first needs them
        self.user_input = ""
        # a chat's earlier turns (user and assistant messages): the root agent reads them before the input
        self.history = list(history or [])
        self.mcp_failed: set[str] = set()  # decision skills whose MCP server failed: no revision helps

    # ---- the run --------------------------------------------------------------------------
    def execute(self, user_input: str) -> RunRecord:
        started = time.perf_counter()
        self.user_input = user_input
        self.record.input = user_input
        try:
            output = self._agent(self.topology.root, user_input)
            self.record.output = output
            self.record.status = "ok"
            if not output.strip():  # printed, it would be a blank line that looks like nothing happened
                root = self.topology.agents[self.topology.root]
                self.record.warnings.append(
                    f"the answer is empty: {root.id}'s model ({self.model_name(root)}) replied with no text"
                )
        except RunStopped as stop:
            self.record.status = stop.status
            self.record.error = stop.message
        except Exception as exc:  # a provider failure: the record still says what happened
            self.record.status = "failed"
            self.record.error = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            raise
        except KeyboardInterrupt:  # Ctrl-C: the record says how far the run got
            self.record.status = "interrupted"
            self.record.error = "interrupted (Ctrl-C)"
            raise
        finally:
            self.mcp.close()  # every server the run started stops with it
            used = sorted({call["provider"] for call in self.record.model_calls})
            if self.providers.forced is None and used:
                self.record.provider = ", ".join(used)  # per agent: name the ones that answered
            self.record.finished_at = _now()
            self.record.duration_ms = round((time.perf_counter() - started) * 1000, 1)
        return self.record

    def _agent(self, agent_id: str, task: str, asked: str | None = None) -> str:
        """`asked`: what the person asked, which a child's task wraps ("lead asks for your part of this
        request: …"); memory is recalled by it, so that the wrapping's words find nothing and the
        question's meaning is embedded once a run, not once an agent."""
        agent = self.topology.agents[agent_id]
        bindings = agent.decision_skills
        blocks: list[str] = []
        asked = task if asked is None else asked
        for binding in (b for b in bindings if b.trigger == "pre_input"):
            if binding.id == READER_ID:
                block = self.memory.recall(agent, binding, asked)
                if block:
                    blocks.append(block)
            elif binding.id != WRITER_ID:
                self._check(binding, agent, "input", task, blocking_status="rejected")
        reports: list[tuple[str, str]] = []
        for child in agent.children:
            reports.append((child, self._agent(child, self._child_task(agent, task), asked)))
            if child in self.memory.tainted:  # its report may carry what it read
                self.memory.taint(agent.id, f"the report of {child}, who read untrusted content")
            for binding in (b for b in bindings if b.trigger == "checkpoint" and not b.builtin):
                self._check(binding, agent, f"report from {child}", reports[-1][1], blocking_status=None)
        if reports:
            for binding in (b for b in bindings if b.trigger == "pre_synthesis" and not b.builtin):
                summary = "\n".join(f"{child}: {text}" for child, text in reports)
                self._check(binding, agent, "team reports", summary, blocking_status=None)

        swarm_block = self.memory.swarm_block(agent)  # read just before the step: children may have written
        if swarm_block:
            blocks.append(swarm_block)
        skills = [self.ws.skills[sid] for sid in agent.skills if sid in self.ws.skills]
        messages = [
            {"role": "system", "content": prompts.agent_system(agent.system_prompt, skills, blocks)},
            *(self.history if agent.id == self.topology.root else ()),
            {"role": "user", "content": prompts.agent_task(task, reports)},
        ]
        output = self._answer(agent, messages, "answer")
        output = self._post_output(agent, messages, output)
        output = self._memory_requests_left_undone(agent, output)
        for binding in (b for b in bindings if b.id == WRITER_ID):
            if binding.trigger == "post_output" and self._outermost_in_scope(agent, binding):
                self.memory.write(agent, binding, task, output)
        self.record.agents.append(
            {
                "id": agent.id,
                "role": agent.role,
                "parent": agent.parent,
                "output": output,
                # what it was sent for its answer (system prompt with recalled memory, history, task)
                "prompt": [{"role": m["role"], "content": m.get("content")} for m in messages],
            }
        )
        return output

    def _memory_requests_left_undone(self, agent, output: str) -> str:
        """What the person asked of memory in their own words ("forget that …", "what do you know
        about me?") and the model did not call a tool for: done here, its answer added below the
        model's (runtime/memory_talk.py's left_undone)."""
        called = {c["name"] for c in self.record.tool_calls if c["agent"] == agent.id}
        answers = []
        for name, arguments in self.memory.talk.left_undone(agent, called):
            result = self.memory.talk_call(agent, name, arguments)
            self.record.tool_calls.append(
                {
                    "agent": agent.id,
                    "name": name,
                    "arguments": redacted(arguments),
                    "result": result,
                    "by": "swarmkit: the person asked in their own words and the model did not call it",
                }
            )
            answers.append(str(result.get("answer") or f"Memory could not answer: {result.get('error')}"))
        return "\n\n".join([output.rstrip(), *answers] if output.strip() else answers) if answers else output

    def _child_task(self, parent, task: str) -> str:
        return f"{parent.id} asks for your part of this request: {task}"

    def _outermost_in_scope(self, agent, binding) -> bool:
        """memory-writer extracts once, at the outermost agents it reaches: one call per run."""
        parent = agent.parent
        while parent is not None:
            if binding.applies_to(parent):
                return False
            parent = self.topology.agents[parent].parent
        return True

    def _post_output(self, agent, messages: list[dict], output: str) -> str:
        checks = [b for b in agent.decision_skills if b.trigger == "post_output" and not b.builtin]
        for binding in checks:
            revisions = 0
            while True:
                verdict, reason = self._check(binding, agent, "output", output, blocking_status=None)
                if verdict in ("pass", "skipped") or not binding.required:
                    break
                if binding.id in self.mcp_failed:
                    raise RunStopped("failed", f"{binding.id} could not judge {agent.id}'s answer: {reason}")
                if revisions >= MAX_REVISIONS:
                    raise RunStopped(
                        "failed",
                        f"{binding.id} still says {verdict} for {agent.id}'s answer after {MAX_REVISIONS} "
                        f"revisions: {reason}",
                    )
                revisions += 1
                output = self._answer(
                    agent, prompts.revision_messages(messages, output, binding.id, reason), "revise"
                )
        return output

    # ---- decision skills ------------------------------------------------------------------
    def _check(self, binding, agent, what: str, text: str, blocking_status: str | None) -> tuple[str, str]:
        """Evaluate one decision skill; a required one that does not pass at pre_input rejects."""
        skill = self.ws.skills.get(binding.id)
        parts = [(binding.id, skill)] if skill is not None and not skill.composes else []
        for part in skill.composes if skill is not None else ():
            parts.append((part, self.ws.skills.get(part)))  # None: a skill upstream makes up, not run
        verdict, reason = (
            "skipped",
            "no skill of the workspace has this id"
            if skill is None
            else f"its implementation ({skill.implementation['type']}) is not one swarmkit run calls",
        )
        for name, part_skill in parts:
            if part_skill is None or part_skill.implementation["type"] not in ("llm_prompt", "mcp_tool"):
                continue
            if part_skill.implementation["type"] == "mcp_tool":
                verdict, reason, server_failed = self.mcp.decide(agent, binding, part_skill, what, text)
                if server_failed:
                    self.mcp_failed.add(binding.id)
            else:
                prompt = part_skill.implementation["prompt"]
                reply = self.call_model(
                    agent, "decide", prompts.decision_messages(prompt, what, agent.id, text)
                )
                verdict, reason = parse_verdict(reply.content)
            if verdict != "pass":
                if name != binding.id:
                    reason = f"{name}: {reason}"
                break
        self.record_decision(agent, binding, verdict, reason)
        if blocking_status and binding.required and verdict not in ("pass", "skipped"):
            raise RunStopped(
                blocking_status, f"{binding.id} says {verdict} for {agent.id}'s {what}: {reason}"
            )
        return verdict, reason

    def record_decision(self, agent, binding, verdict: str, detail: str) -> None:
        """A decision skill's verdict on an agent's step, in the run record."""
        self.record.decisions.append(
            {
                "agent": agent.id,
                "skill": binding.id,
                "trigger": binding.trigger,
                "origin": binding.origin,
                "required": binding.required,
                "verdict": verdict,
                "detail": detail,
            }
        )

    # ---- model calls ----------------------------------------------------------------------
    def call_model(
        self,
        agent,
        purpose: str,
        messages: list[dict],
        tool_specs: list | None = None,
        *,
        max_tokens: int | None = None,
        timeout: float | None = None,
        retries: int | None = None,
        reply_schema: dict | None = None,
    ) -> ChatReply:
        """One model call for `agent` through its provider, recorded in the run record. The keywords
        are one call's own limits (the memory-writer's), over the agent's model block and the
        provider's settings."""
        model = dict(agent.model) if agent.model else {}
        request = ChatRequest(
            model=self.model_name(agent),
            messages=messages,
            purpose=purpose,
            agent=agent.id,
            tools=tool_specs or [],
            temperature=model.get("temperature"),
            max_tokens=max_tokens if max_tokens is not None else model.get("max_tokens"),
            timeout=timeout,
            retries=retries,
            reply_schema=reply_schema,
        )
        provider = self.providers.for_agent(agent)
        started = time.perf_counter()
        reply = None
        failure = None
        try:
            reply = provider.complete(request)
            return reply
        except ProviderError as error:
            failure = error.message
            raise
        finally:
            call = {
                "agent": agent.id,
                "purpose": purpose,
                "provider": provider.name,
                "model": request.model,
                "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            }
            if max_tokens is not None:
                call["max_tokens"] = max_tokens
            if reply is not None and reply.usage:  # where the provider reports them
                call["tokens"] = dict(reply.usage)
            if reply is not None and reply.structured:
                call["structured"] = reply.structured
            if failure is not None:
                call["error"] = failure
            self.record.model_calls.append(call)

    def model_name(self, agent) -> str:
        """The model name sent for `agent`: --model, else its model.name, else the mock's."""
        return self.providers.model or str((agent.model or {}).get("name") or DEFAULT_MODEL)

    def _answer(self, agent, messages: list[dict], purpose: str) -> str:
        """One answer, running the tool calls the model makes (bounded rounds)."""
        specs = self._tools_for(agent)
        messages = list(messages)
        reply = self.call_model(agent, purpose, messages, specs)
        for _ in range(MAX_TOOL_ROUNDS):
            if not reply.tool_calls:
                break
            messages.append(
                {
                    "role": "assistant",
                    "content": reply.content or None,
                    "tool_calls": [
                        {
                            "id": c.id,
                            "type": "function",
                            "function": {"name": c.name, "arguments": json.dumps(c.arguments)},
                        }
                        for c in reply.tool_calls
                    ],
                }
            )
            for call in reply.tool_calls:
                result, extra = self._run_tool(agent, call)
                self.record.tool_calls.append(
                    {
                        "agent": agent.id,
                        "name": call.name,
                        "arguments": redacted(call.arguments),
                        "result": result,
                        **extra,
                    }
                )
                messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps(result)})
            reply = self.call_model(agent, purpose, messages, specs)
        return reply.content

    def _tools_for(self, agent) -> list[dict]:
        specs: list[dict] = []
        if self.memory.can_search(agent):
            specs.append(tools.MEMORY_SEARCH)
        if self.memory.can_write_swarm(agent):
            specs.append(tools.SWARM_NOTE)
        if self.memory.can_propose(agent):
            specs.append(tools.REMEMBER_FACT)
        specs += self.memory.talk.specs(agent)  # memory_known, memory_forget: the root's
        specs += self.mcp.specs(agent, {spec["function"]["name"] for spec in specs})
        return specs

    def _run_tool(self, agent, call) -> tuple[dict, dict]:
        """(the result for the model, what the record adds to the call)."""
        offered = {spec["function"]["name"]: spec for spec in self._tools_for(agent)}
        if call.name not in offered:
            return {"error": f"{agent.id} has no tool {call.name}"}, {}
        if self.mcp.offers(agent, call.name):
            return self.mcp.call(agent, call.name, call.arguments)
        missing = tools.missing_arguments(offered[call.name], call.arguments)
        if missing:
            return {"error": f"missing arguments: {', '.join(missing)}"}, {}
        if call.name == "memory_search":
            return self.memory.search(agent, call.arguments), {}
        if call.name == "swarm_note":
            return self.memory.swarm_note(agent, call.arguments), {}
        if call.name in memory_talk.NAMES:
            return self.memory.talk_call(agent, call.name, call.arguments), {}
        return self.memory.propose(agent, call.arguments), {}

    def reconcile(self, agent, known: str, proposed: str, subject: str, attribute: str) -> dict | None:
        """The memory-reconcile skill, through the provider, for a changed curated value."""
        from swarmkit.runtime.verdicts import parse_reconcile

        skill = self.ws.skills.get("memory-reconcile")
        if skill is None or skill.implementation["type"] != "llm_prompt":
            return None
        messages = prompts.reconcile_messages(
            skill.implementation["prompt"],
            subject,
            attribute,
            known,
            proposed,
            f"proposed by {agent.id} in run {self.id}",
        )
        return parse_reconcile(self.call_model(agent, "reconcile", messages).content)
