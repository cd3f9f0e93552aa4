"""A workspace with memory in every place the portal shows, written through the real store API."""

from __future__ import annotations

from pathlib import Path

from swarmkit.memory.store import MemoryStore
from swarmkit.resolver import resolve
from swarmkit.runtime.records import RunRecord, save_run
from swarmkit.scaffold import create_workspace

RUN_ID = "r-1a2b3c4d"
OLD_RUN_ID = "r-00000001"
TOKEN = "test-token-0123456789"
HOSTILE = '<script>alert("x")</script> Staging mirrors production'


def store_for(root: Path) -> MemoryStore:
    resolution = resolve(root)
    assert resolution.valid, resolution.diagnostics
    ws = resolution.workspace
    return MemoryStore(ws.memory.folder, ws.id)


def record(run_id: str, started: str, **extra) -> RunRecord:
    base = {
        "id": run_id,
        "workspace": "demo",
        "topology": "main",
        "started_at": started,
        "finished_at": started,
        "duration_ms": 143.5,
        "provider": "mock",
        "user": None,
        "input": "Where do we deploy?",
        "output": "eu-west-1, through staging first.",
        "status": "ok",
        "agents": [
            {"id": "lead", "role": "root", "parent": None, "output": "eu-west-1"},
            {"id": "researcher", "role": "worker", "parent": "lead", "output": "measured latency"},
        ],
        "decisions": [
            {
                "agent": "lead",
                "skill": "memory-reader",
                "trigger": "pre_input",
                "origin": "auto",
                "required": False,
                "verdict": "pass",
                "detail": "recalled 1",
            }
        ],
        "recalled": [
            {
                "agent": "lead",
                "ref": "lessons.md#L3",
                "score": 0.5,
                "text": "Deploys go through staging first",
            }
        ],
        "memory_writes": [
            {
                "agent": "lead",
                "status": "written",
                "ref": "lessons.md#L3",
                "text": "Deploys go through staging first",
                "reason": None,
            }
        ],
        "model_calls": [{"agent": "lead", "purpose": "answer", "model": "swarmkit-mock", "duration_ms": 0.1}],
        "swarm": None,
        "memory": {
            "enabled": True,
            "sentence": "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars",
        },
        "error": None,
    }
    return RunRecord.from_json(base | extra)


def seed(root: Path, name: str = "Demo") -> dict:
    """Create the workspace at `root`, its memory folder and two run records; returns the refs."""
    create_workspace(root, name)
    store = store_for(root)
    refs = {
        "me": store.remember("Prefers concise answers with bullet points", "preference", by="user").ref,
        "lesson": store.remember("Deploys go through staging first", "rule", run_id=RUN_ID).ref,
        "fact": store.remember(
            "Deploy target is eu-west-1",
            "project_fact",
            subject="deploy_target",
            target="workspace",
            run_id=RUN_ID,
        ).ref,
        "inbox": store.remember(
            "Our release train leaves every Tuesday",
            target="inbox",
            source="import",
            extra={"import": "folder:notes"},
        ).ref,
        "hostile": store.remember(HOSTILE, target="inbox", source="import").ref,
    }
    swarm = store.swarm("research", RUN_ID, goal="Find the deploy region", members=["lead", "researcher"])
    refs["finding"] = swarm.note("finding", "eu-west-1 has the lowest latency", author="researcher").ref
    refs["swarm"] = swarm.slug
    save_run(root, record(RUN_ID, "2026-11-30T10:00:00Z", swarm=swarm.slug))
    save_run(
        root,
        record(
            OLD_RUN_ID,
            "2026-11-29T09:00:00Z",
            status="failed",
            input="x" * 300,
            error={"code": "provider", "message": "timed out"},
        ),
    )
    return refs
