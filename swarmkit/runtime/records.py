"""Run records: one JSON file per run in <workspace>/.swarmkit/runs/<id>.json.

A record holds what a person needs to debug a run: input, output, the agents called, every
decision-skill outcome, the recalled memory refs, the memory writes and every model call.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from swarmkit.errors import SwarmkitError
from swarmkit.workspace.layout import STATE_FOLDER

RUNS_DIR = Path(STATE_FOLDER) / "runs"
RUN_ID = re.compile(r"^r-[0-9a-f]{8}$")


def new_run_id() -> str:
    return "r-" + os.urandom(4).hex()


def runs_dir(workspace_root: Path) -> Path:
    return Path(workspace_root) / RUNS_DIR


def save_run(workspace_root: Path, record: dict) -> Path:
    """Write the record atomically (a reader never sees half a file)."""
    from swarmkit.memory.atomic import atomic_write

    target = runs_dir(workspace_root) / f"{record['id']}.json"
    atomic_write(target, json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    return target


def check_run_id(run_id: str) -> str:
    if not RUN_ID.match(run_id or ""):
        raise SwarmkitError(
            f'"{run_id}" is not a run id',
            "run ids look like r-1a2b3c4d; `swarmkit runs` lists them",
        )
    return run_id


def load_run(workspace_root: Path, run_id: str) -> dict:
    path = runs_dir(workspace_root) / f"{check_run_id(run_id)}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SwarmkitError(f"no run {run_id} in this workspace", "`swarmkit runs` lists the runs") from None
    except (OSError, ValueError, RecursionError) as exc:
        raise SwarmkitError(f"the record of run {run_id} cannot be read: {exc}", f"delete {path}") from None
    if not isinstance(record, dict):
        raise SwarmkitError(f"the record of run {run_id} is not a JSON object", f"delete {path}")
    return record


def list_runs(workspace_root: Path) -> list[dict]:
    """Every readable record, newest first; unreadable files are skipped."""
    folder = runs_dir(workspace_root)
    records = []
    for path in folder.glob("r-*.json") if folder.is_dir() else []:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            continue
        if isinstance(record, dict):  # a file that is JSON but not an object is not a record
            records.append(record)
    records.sort(key=lambda r: (str(r.get("started_at") or ""), str(r.get("id") or "")), reverse=True)
    return records


def remove_run_record(workspace_root: Path, run_id: str) -> bool:
    path = runs_dir(workspace_root) / f"{check_run_id(run_id)}.json"
    try:
        path.unlink()
        return True
    except FileNotFoundError:
        return False
