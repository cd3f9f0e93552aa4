"""One valid document of every swarmkit/v1 kind, touching most of each schema: the mutation seeds."""

from __future__ import annotations

PROVENANCE = {"authored_by": "human", "version": "1.0.0"}
META = {"id": "alpha", "name": "Alpha", "description": "An artifact for the tests."}
BINDINGS = [
    {"id": "on-topic", "trigger": "pre_input", "scope": "*", "required": True},
    {
        "id": "memory-reader",
        "trigger": "pre_input",
        "scope": "lead, researcher",
        "required": False,
        "config": {"max_results": 3, "similarity_threshold": 0.2, "search_scope": "both"},
    },
    {"id": "memory-writer", "trigger": "post_output", "enabled": False, "config": {"min_output_length": 50}},
]

SEEDS: dict[str, dict] = {
    "Workspace": {
        "apiVersion": "swarmkit/v1",
        "kind": "Workspace",
        "metadata": {
            "id": "seed",
            "name": "Seed",
            "description": "Every block.",
            "annotations": {"team": "core"},
        },
        "organisation": {"id": "acme", "name": "Acme"},
        "team": {"id": "platform"},
        "governance": {
            "provider": "mock",
            "policy_language": "yaml",
            "config": {"x": 1},
            "limits": {"max_steps_per_agent": 5, "max_steps_per_run": 50, "max_cost_per_run_usd": 1.5},
            "decision_skills": BINDINGS,
        },
        "authoring": {"expose": False},
        "memory": {
            "enabled": True,
            "reader": {"max_results": 5, "similarity_threshold": 0.15, "search_scope": "all"},
            "writer": {"min_output_length": 100},
        },
        "identity": {"provider": "oidc", "config": {"issuer": "https://id.example"}},
        "model_providers": [
            {
                "class": "openai-compatible",
                "provider_id": "local",
                "config": {"base_url": "http://127.0.0.1:11434/v1", "api_key_env": "LOCAL_KEY"},
            }
        ],
        "credentials": {
            "gh": {"source": "env", "config": {"env": "GITHUB_TOKEN"}},
            "vault": {"source": "plugin", "provider_id": "vaulty", "config": {}},
            "me": {"source": "oauth", "identity": "per-user", "config": {"server": "x"}},
        },
        "mcp_servers": [
            {
                "id": "files",
                "transport": "stdio",
                "command": ["npx", "server-filesystem"],
                "env": {"A": "b"},
                "cwd": "./notes",
                "permission": "readonly",
                "permission_overrides": {"write_file": "strict"},
                "effects": {"read_file": "read"},
                "sandboxed": False,
                "sandbox_image": "node:22-slim",
            },
            {
                "id": "tracker",
                "transport": "http",
                "endpoint": "http://127.0.0.1:8765/mcp",
                "headers": {"X-Key": "k"},
                "credentials_ref": "gh",
            },
        ],
        "command_packs": [
            {
                "id": "tools",
                "description": "Local tools.",
                "commands": [
                    {
                        "id": "lint",
                        "argv": ["ruff", "check", "{path}"],
                        "effects": "read",
                        "output": {"parse": "lines"},
                    }
                ],
                "requires": [{"binary": "ruff", "version": ">=0.4"}],
                "permission": "cautious",
                "permission_overrides": {"lint": "open"},
                "timeout_seconds": 30,
                "timeout_overrides": {"lint": 10},
                "max_output_bytes": 1000,
                "cwd": ".",
                "env": {"T": "{credential.gh}"},
                "credentials_ref": "gh",
            }
        ],
        "events": [
            {
                "sink": "webhook",
                "url": "https://hooks.example/x",
                "credentials_ref": "gh",
                "types": ["run.done"],
            },
            {"sink": "stdout"},
        ],
        "gates": {"auto_resume": True},
        "storage": {
            "checkpoints": {"backend": "sqlite", "path": "./.swarmkit/state"},
            "audit": {"backend": "postgres", "retention_days": 30, "url": "postgres://db"},
            "artifacts": {"backend": "s3", "bucket": "b", "prefix": "p"},
            "runtime": {"backend": "sqlite"},
            "knowledge_bases": {"default_backend": "sqlite"},
        },
        "context_compression": {
            "backend": "plugin",
            "backend_class": "pkg.C",
            "min_bytes": 100,
            "overrides": [{"match": "get-*", "backend": "headtail"}, {"match_server": "logs-*"}],
        },
        "planning": {
            "scope_required": True,
            "two_phase": False,
            "synthesis_roles": ["self"],
            "synthesizer_role": "s",
        },
        "synthesis": {"provider": "openrouter", "model": "google/gemini-2.5-flash", "prompt": "Write it."},
        "server": {
            "jobs": {"max_concurrent": 2, "timeout_seconds": 60},
            "mcp": {"enabled": True},
            "a2a": {"enabled": True, "identity": {"name": "Seed", "url": "https://a2a.example"}},
            "canary": {
                "routes": [
                    {
                        "topology": "main",
                        "versions": [
                            {"version": "1.0.0", "weight": 90},
                            {
                                "version": "1.1.0",
                                "weight": 10,
                                "promote_when": {"min_runs": 5, "error_rate_below": 0.1},
                            },
                        ],
                    }
                ]
            },
            "auth": {
                "provider": "api_key",
                "config": {"keys": [{"key_ref": "env:K", "client_id": "ci", "tier": "run"}]},
            },
        },
    },
    "Topology": {
        "apiVersion": "swarmkit/v1",
        "kind": "Topology",
        "metadata": {"name": "main", "version": "1.0.0", "description": "A lead and two workers."},
        "runtime": {
            "mode": "one-shot",
            "max_concurrent_tasks": 2,
            "task_timeout_seconds": 60,
            "planning": {"two_phase": True},
            "synthesis": {"provider": "mock"},
            "checkpointing": {"storage": "sqlite", "every": 3},
        },
        "agents": {
            "root": {
                "id": "lead",
                "role": "root",
                "archetype": "assistant",
                "model": {
                    "provider": "openrouter",
                    "name": "x/y",
                    "temperature": 0.2,
                    "max_tokens": 100,
                    "tool_provider": "mock",
                    "tool_model": "m",
                    "options": {"top_p": 0.9},
                    "extra": True,
                },
                "prompt": {"system": "Lead.", "persona": "calm", "style": "short"},
                "skills": ["summarize", "server:files", "pack:tools"],
                "skills_additional": ["outline"],
                "requires": {"outline": ["summarize"]},
                "iam": {"base_scope": ["swarm:read", "repo:read"], "elevated_scopes": ["repo:write"]},
                "output_schema": {"type": "object"},
                "intent_monitoring": {"enabled": True, "threshold": 0.75, "on_drift": "warn"},
                "funnel": "review",
                "children": [
                    {
                        "id": "researcher",
                        "role": "leader",
                        "output_schema": "schemas/out.json",
                        "depends_on": ["writer"],
                        "children": [{"id": "digger", "role": "worker", "output_schema": None}],
                    },
                    {"id": "writer", "role": "worker"},
                ],
            }
        },
        "artifacts": {
            "knowledge_bases": [{"id": "kb"}],
            "review_queues": [{}],
            "audit": {"level": "standard", "storage": "sqlite", "retention_days": 7},
            "skill_gap_logging": {"enabled": True, "surface_threshold": 3},
        },
        "intent_monitoring": {"enabled": False},
        "governance": {"decision_skills": BINDINGS},
        "input_schema": {"type": "string"},
    },
    "Archetype": {
        "apiVersion": "swarmkit/v1",
        "kind": "Archetype",
        "metadata": META,
        "role": "worker",
        "defaults": {
            "model": {"provider": "mock", "name": "m"},
            "prompt": {"system": "Be brief."},
            "skills": [
                "summarize",
                "pack:tools",
                {"abstract": {"category": "capability", "capability": "sum"}},
            ],
            "iam": {"base_scope": ["kb:read"]},
            "output_schema": "schemas/a.json",
        },
        "executor": {
            "kind": "harness",
            "ref": "claude-code",
            "version_constraint": ">=1",
            "config": {"x": 1},
            "extra": 2,
        },
        "provenance": {
            "authored_by": "derived_from_template",
            "authored_date": "2026-01-02",
            "version": "1.0.0",
            "registry": "r",
            "vendor": "v",
        },
    },
    "Skill": {
        "apiVersion": "swarmkit/v1",
        "kind": "Skill",
        "metadata": META,
        "category": "decision",
        "inputs": {"type": "object"},
        "outputs": {
            "type": "object",
            "properties": {"verdict": {"type": "string"}, "reasoning": {"type": "string"}},
        },
        "implementation": {"type": "llm_prompt", "prompt": "Judge it.", "model": {"name": "m"}},
        "iam": {"required_scopes": ["repo:read", "mcp_servers:*"]},
        "constraints": {
            "max_latency_ms": 100,
            "timeout_seconds": 10,
            "retry": {"attempts": 2, "backoff": "linear"},
            "on_failure": "fail",
        },
        "audit": {"log_inputs": "full", "log_outputs": "summary", "redact": ["$.password"]},
        "requires_credentials": ["gh"],
        "provenance": {**PROVENANCE, "requires_runtime": ">=1.2.3"},
    },
    "Trigger": {
        "apiVersion": "swarmkit/v1",
        "kind": "Trigger",
        "metadata": {"id": "nightly", "name": "Nightly"},
        "type": "webhook",
        "enabled": True,
        "targets": ["main", {"pipeline": "ci", "emit": "build.ready", "correlation_id": "$.id"}],
        "config": {
            "auth": {"method": "hmac", "credentials_ref": "secret", "header": "X-Sig"},
            "path": "/hook",
        },
    },
    "ExecutorAdapter": {
        "apiVersion": "swarmkit/v1",
        "kind": "ExecutorAdapter",
        "metadata": META,
        "spec": {
            "launch": {
                "command": ["agent", "--print", "{task.statement}"],
                "optional_args": [
                    {"when": "budget.max_turns", "args": ["--max-turns", "{budget.max_turns}"]}
                ],
                "env": {"KEY": "{credential.model_provider}"},
                "mcp_tool_name": "mcp__{gateway}__{tool}",
            },
            "auth": {
                "default": "api_key",
                "modes": {
                    "api_key": {"env": {"K": "{credential.model_provider}"}},
                    "subscription": {"credential_paths": ["~/.agent"]},
                },
            },
            "stream": {"format": "jsonl", "retain_raw": True},
            "event_map": [
                {
                    "when": {"type": "result"},
                    "set": {"session_id": "$.session"},
                    "emit": [
                        {
                            "event": "result",
                            "with": {
                                "status": {"from": "$.subtype", "map": "status_map"},
                                "text": "$.result",
                                "n": 1,
                            },
                        }
                    ],
                },
                {"for_each": "$.items", "emit": [{"when": {"kind": "tool"}, "event": "tool_call"}]},
            ],
            "report": {"format": "json", "event_map": [{"emit": [{"event": "usage"}]}]},
            "status_map": {"success": "success", "_default": "failure"},
            "tool_map": {"ok": "success"},
            "resume": {"arg": ["--resume", "{resume.token}"], "prompt": "Continue."},
            "grant": {"arg": ["--allow", "{grant.capabilities}"], "separator": ","},
            "success_when": {"exit_code": 0},
            "on_unanswerable": "relay",
            "interaction": {"driver": "park-resume", "max_approval_wait_seconds": 60},
            "sandbox": {
                "kind": "container",
                "build": {"base": "node:22-slim", "install": ["npm i -g agent"]},
                "mounts": [{"source": "./src", "target": "/src", "mode": "ro"}],
                "network": "allowlist",
                "allow": ["api.example.com"],
                "resources": {"cpus": "2", "memory": "2g", "pids": 100},
            },
            "telemetry_grade": "normalized",
            "artifacts": {"profile": "files"},
        },
        "provenance": PROVENANCE,
    },
    "Funnel": {
        "apiVersion": "swarmkit/v1",
        "kind": "Funnel",
        "metadata": META,
        "validate": {
            "schema": "schemas/x.json",
            "autocorrect": True,
            "slice_budget": {"max_diff_lines": 400, "max_files": 10},
            "cited_change": False,
        },
        "judge": {"skill": "artifact-judge", "rubric": "rubrics/r.md", "threshold": 0.8, "max_retries": 2},
        "review": {"archetype": "reviewer", "read_scope": ["repo:read"], "route_back_at": "high"},
        "approve": {
            "rules": [
                {"scope": "design:approve", "roles": ["lead"], "quorum": "all"},
                {"scope": "release:approve", "roles": ["cio", "cto"], "quorum": {"k-of": 1}},
            ],
            "exclude_author": True,
            "on_revision": "reset_all",
            "min_distinct_approvers": 2,
        },
        "provenance": PROVENANCE,
    },
    "RoleRegistry": {
        "apiVersion": "swarmkit/v1",
        "kind": "RoleRegistry",
        "metadata": {"id": "roles", "name": "Roles"},
        "roles": [
            {"id": "lead", "members": ["alice"], "scopes": ["design:approve"]},
            {"id": "cio", "members": [], "scopes": ["release:approve", "budget:approve"]},
        ],
    },
    "Contract": {
        "apiVersion": "swarmkit/v1",
        "kind": "Contract",
        "metadata": META,
        "parties": ["oms", "web"],
        "interface": "openapi/orders.yaml",
        "provenance": PROVENANCE,
    },
}

# Other shapes of the unions, swapped in by the mutator.
VARIANTS: dict[tuple[str, ...], list] = {
    ("implementation",): [
        {"type": "mcp_tool", "server": "files", "tool": "read_file", "arguments": {"a": 1}},
        {"type": "composed", "composes": ["a", "b"], "strategy": "sequential"},
        {"type": "command", "pack": "tools", "command": "lint"},
        {"type": "agent", "topology": "main", "timeout_s": 60, "on_unanswerable": "relay"},
        {
            "type": "agent",
            "card_url": "https://agent.example/card.json",
            "skill_id": "s",
            "permission": "readonly",
            "effects": "read",
            "max_agent_answers": 0,
        },
    ],
}
