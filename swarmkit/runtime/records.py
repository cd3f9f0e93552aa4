"""Run records: one JSON file per run in <workspace>/.swarmkit/runs/<id>.json.

A record holds what a person needs to debug a run: input, output, the agents called, every
decision-skill outcome, the recalled memory refs, the memory writes and every model call. It is
screened as memory is (every text redacted; a value is screened together with its key, so that
`{"password": "…"}` from a model's tool call is caught) and readable by its owner only (0600).
A record written before screening existed (no `screened` mark) is screened whenever it is read.
"""

from __future__ import annotations

import json
from pathlib import Path

from swarmkit.errors import Conflict, NotFound
from swarmkit.run_ids import check_run_id
from swarmkit.workspace.layout import STATE_FOLDER

RUNS_DIR = Path(STATE_FOLDER) / "runs"
SCREENED = 1  # the `screened` mark of a record whose texts went through screening


def screened(value, key: str = ""):
    """The value with every secret redacted: strings, and the keys and values of dicts and lists."""
    from swarmkit.memory.screening import redact

    if isinstance(value, str):
        if key:
            # "password": "hunter2" is a secret only next to its key: screen them together
            prefix = f"{key}: "
            joined, count = redact(prefix + value)
            if count and joined.startswith(prefix):
                return joined[len(prefix) :]
        return redact(value)[0]
    if isinstance(value, dict):
        return {
            redact(k)[0] if isinstance(k, str) else k: screened(v, k if isinstance(k, str) else "")
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [screened(item, key) for item in value]
    return value


def screened_record(record: dict) -> dict:
    """The record as it may be kept and shown (see `screened`), marked as screened."""
    if record.get("screened") == SCREENED:
        return record
    out = screened(record)
    out["screened"] = SCREENED
    return out


def runs_dir(workspace_root: Path) -> Path:
    return Path(workspace_root) / RUNS_DIR


def save_run(workspace_root: Path, record: dict) -> dict:
    """Screen the record and write it atomically, readable by its owner only; return what was saved."""
    from swarmkit.memory.atomic import atomic_write, sweep_temp_files

    folder = runs_dir(workspace_root)
    if not folder.is_dir():
        folder.mkdir(parents=True, mode=0o700, exist_ok=True)
    saved = screened_record(dict(record, screened=None))
    atomic_write(
        folder / f"{record['id']}.json", json.dumps(saved, indent=2, ensure_ascii=False) + "\n", mode=0o600
    )
    sweep_temp_files(folder, depth=0)  # a run killed while saving leaves its temp file
    return saved


def load_run(workspace_root: Path, run_id: str) -> dict:
    path = runs_dir(workspace_root) / f"{check_run_id(run_id)}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise NotFound(
            f"no run {run_id} in this workspace", "`swarmkit runs` lists the runs", code="run_not_found"
        ) from None
    except (OSError, ValueError, RecursionError) as exc:
        raise Conflict(
            f"the record of run {run_id} cannot be read: {exc}", f"delete {path}", code="run_unreadable"
        ) from None
    if not isinstance(record, dict):
        raise Conflict(
            f"the record of run {run_id} is not a JSON object", f"delete {path}", code="run_unreadable"
        )
    return screened_record(record)


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
            records.append(screened_record(record))
    records.sort(key=lambda r: (str(r.get("started_at") or ""), str(r.get("id") or "")), reverse=True)
    return records


def remove_run_record(workspace_root: Path, run_id: str) -> bool:
    path = runs_dir(workspace_root) / f"{check_run_id(run_id)}.json"
    try:
        path.unlink()
        return True
    except FileNotFoundError:
        return False
