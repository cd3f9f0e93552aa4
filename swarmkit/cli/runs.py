"""`swarmkit runs`: list, show and remove run records."""

from __future__ import annotations

import click

from swarmkit.cli.main import Group
from swarmkit.cli.options import common_options, format_options, json_document, output_format


def _workspace_root():
    """The workspace whose runs these are (found upward); a folder that is not one is an error."""
    from pathlib import Path

    from swarmkit.cli.options import workspace_folder
    from swarmkit.errors import SwarmkitError
    from swarmkit.workspace.layout import WORKSPACE_FILES

    path = workspace_folder()
    if not any((Path(path) / name).is_file() for name in WORKSPACE_FILES):
        raise SwarmkitError(
            f"there is no workspace at {path} (no workspace.yaml)",
            "pass a workspace folder with -w PATH, or create one with `swarmkit init PATH`",
        )
    return Path(path)


@click.group(cls=Group, invoke_without_command=True)
@format_options("text", "json")
@common_options
@click.pass_context
def runs(ctx: click.Context) -> int:
    """List the runs of a workspace, newest first (or show / rm one)."""
    if ctx.invoked_subcommand is not None:
        return 0
    from swarmkit.runtime.records import list_runs

    records = list_runs(_workspace_root())
    if output_format() == "json":
        click.echo(json_document({"runs": [_summary(r) for r in records]}))
        return 0
    if not records:
        click.echo("No runs yet. Start one with: swarmkit run --input TEXT")
        return 0
    for r in records:
        s = _summary(r)
        # str(): a hand-edited record may hold null or a list where a name should be
        click.echo(
            f"{s['id']}  {s['started_at']}  {str(s['topology']):<12} {str(s['status']):<8} {s['input']}"
        )
    return 0


def _summary(record: dict) -> dict:
    text = " ".join(str(record.get("input") or "").split())
    return {
        "id": record.get("id"),
        "started_at": record.get("started_at"),
        "topology": record.get("topology"),
        "status": record.get("status"),
        "input": text if len(text) <= 60 else text[:59] + "…",
    }


@runs.command()
@click.argument("run_id")
@format_options("text", "json")
@common_options
def show(run_id: str) -> int:
    """Show one run: agents, decisions, recalled memory, memory writes, model calls."""
    from swarmkit.runtime.records import load_run

    record = load_run(_workspace_root(), run_id)
    if output_format() == "json":
        click.echo(json_document(record))
        return 0
    try:
        lines = _render(record)
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        from swarmkit.errors import SwarmkitError

        raise SwarmkitError(
            f"the record of run {run_id} is not in the form swarmkit writes ({type(exc).__name__}: {exc})",
            f"`swarmkit runs show {run_id} --json` prints it as it is",
        ) from None
    for line in lines:
        click.echo(line)
    return 0


def _render(record: dict) -> list[str]:
    """The lines `swarmkit runs show` prints (KeyError or TypeError for a record of another shape)."""
    lines: list[str] = []
    lines.append(
        f"run {record['id']} ({record['status']}) of topology {record['topology']}, "
        f"provider {record['provider']}, {record['duration_ms']} ms"
    )
    lines.append(
        f"started {record['started_at']}" + (f", user {record['user']}" if record.get("user") else "")
    )
    lines.append(f"input: {record['input']}")
    lines.append(
        f"output: {record['output']}" if record["output"] is not None else f"error: {record['error']}"
    )
    lines.append(record["memory"]["sentence"])
    lines.append("agents:")
    for agent in record["agents"]:
        lines.append(f"  {agent['id']} ({agent['role']}): {agent['output']}")
    lines.append("decision skills:")
    for d in record["decisions"]:
        flag = "required" if d["required"] else "advisory"
        lines.append(
            f"  {d['agent']} {d['trigger']} {d['skill']} [{d['origin']}, {flag}]: {d['verdict']} — {d['detail']}"
        )
    lines.append("recalled:" + ("" if record["recalled"] else " nothing"))
    for r in record["recalled"]:
        lines.append(f"  {r['agent']} {r['ref']} ({r['score']}): {r['text']}")
    lines.append("memory writes:" + ("" if record["memory_writes"] else " none"))
    for w in record["memory_writes"]:
        where = w["ref"] or w.get("reason") or ""
        lines.append(f"  {w['agent']} {w['status']} {where}: {w['text']}")
    for agent, why in (record.get("tainted") or {}).items():
        lines.append(f"tainted: {agent} {why}")
    for t in record.get("tool_calls", []):
        outcome = t["result"].get("error") or t["result"].get("status", "")
        lines.append(f"  tool {t['agent']} {t['name']}: {outcome}")
    lines.append(f"model calls: {len(record['model_calls'])}")
    for c in record["model_calls"]:
        lines.append(f"  {c['agent']} {c['purpose']} {c['model']} {c['duration_ms']} ms")
    for warning in record.get("warnings", []):
        lines.append(f"warning: {warning}")
    if record.get("swarm"):
        lines.append(f"swarm folder: swarms/{record['swarm']}/")
    return lines


@runs.command()
@click.argument("run_id")
@common_options
def rm(run_id: str) -> int:
    """Remove a run's record and its swarm folder."""
    from swarmkit.runtime.records import check_run_id, load_run, remove_run_record

    root = _workspace_root()
    check_run_id(run_id)
    record = load_run(root, run_id)
    removed_swarm = None
    if record.get("swarm"):
        from swarmkit.cli.resolving import resolve_or_stop
        from swarmkit.memory.store import MemoryStore

        ws = resolve_or_stop(root, "its memory folder is unknown, so nothing was removed")
        result = MemoryStore(ws.memory.folder, ws.id).remove_run(run_id)
        removed_swarm = result.ref or f"swarms/{record['swarm']}"
    remove_run_record(root, run_id)
    click.echo(f"removed run {run_id}" + (f" and its swarm folder {removed_swarm}" if removed_swarm else ""))
    return 0
