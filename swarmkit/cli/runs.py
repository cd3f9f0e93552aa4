"""`swarmkit runs`: list, show and remove run records: the owner's, or one person's with --user NAME.

A run is the person's it ran for (`swarmkit run --user NAME`), as their memory file is: each view
lists and shows its own runs only, and another person's run is "no run" to it, as on the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from swarmkit.cli import output
from swarmkit.cli.options import (
    common_options,
    format_options,
    json_document,
    output_format,
    remember_given,
)
from swarmkit.cli.workspace_args import WorkspaceGroup

if TYPE_CHECKING:
    from swarmkit.runtime.records import RunRecord

LIST_INPUT = 60  # characters of a run's input the list shows


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


def _view() -> str | None:
    """Whose runs: the --user given (to the group or the subcommand), None for the owner."""
    user = output.settings.given.get("user")
    if user is not None:
        from swarmkit.errors import UsageProblem
        from swarmkit.memory import id_problem, person_id

        problem = id_problem(user)
        if problem:
            raise UsageProblem(problem, "pass --user NAME, e.g. --user ana")
        return person_id(user)
    return user


def user_option(f):
    return click.option(
        "--user",
        expose_value=False,
        callback=remember_given,
        help="A person's runs (made with swarmkit run --user NAME); default: the owner's.",
    )(f)


@click.group(cls=WorkspaceGroup, invoke_without_command=True)
@click.option("--all-users", is_flag=True, help="List every person's runs, with whose each is.")
@user_option
@format_options("text", "json")
@common_options
@click.pass_context
def runs(ctx: click.Context, all_users: bool) -> int:
    """List the owner's runs of a workspace, newest first (or one person's, --user NAME; or show / rm one)."""
    if ctx.invoked_subcommand is not None:
        return 0
    from swarmkit.runtime.records import list_runs

    user = _view()
    if all_users and user is not None:
        from swarmkit.errors import UsageProblem

        raise UsageProblem("--all-users and --user contradict each other", "pass one of them")
    everyone = list_runs(_workspace_root())
    records = everyone if all_users else [r for r in everyone if r.is_for(user)]
    if output_format() == "json":
        output.result(json_document({"runs": [r.summary() for r in records]}))
        return 0
    if not records:
        start = "swarmkit run --input TEXT" if user is None else f"swarmkit run --user {user} --input TEXT"
        output.result(f"No runs{'' if user is None else ' for ' + user} yet. Start one with: {start}")
        if everyone:
            output.say("Other people's runs are listed with --user NAME, or all of them with --all-users.")
        return 0
    for r in records:
        s = r.summary()
        text = s["input"] if len(s["input"]) <= LIST_INPUT else s["input"][: LIST_INPUT - 1] + "…"
        whose = f"{str(s['user'] or '(owner)'):<12} " if all_users else ""
        # str(): a hand-edited record may hold null where a name should be
        output.result(
            f"{s['id']}  {s['started_at']}  {whose}{str(s['topology']):<12} {str(s['status']):<8} {text}"
        )
    return 0


@runs.command()
@click.argument("run_id")
@user_option
@format_options("text", "json")
@common_options
def show(run_id: str) -> int:
    """Show one run (the owner's, or --user NAME's): agents, decisions, recalled memory, memory writes, model calls."""
    from swarmkit.cli.workspace_args import misplaced
    from swarmkit.runtime.records import load_run

    misplaced(run_id, "runs show")
    record = load_run(_workspace_root(), run_id, _view())
    if output_format() == "json":
        output.result(json_document(record.to_json()))
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
        output.result(line)
    return 0


def _render(record: RunRecord) -> list[str]:
    """The lines `swarmkit runs show` prints (KeyError or TypeError for items of another shape)."""
    r = record
    lines: list[str] = []
    lines.append(
        f"run {r.id} ({r.status}) of topology {r.topology}, provider {r.provider}, {r.duration_ms} ms"
    )
    lines.append(f"started {r.started_at}" + (f", user {r.user}" if r.user else ""))
    if r.conversation.get("id"):
        c = r.conversation
        cut = f", {c.get('cut_turns')} earlier turns cut" if c.get("cut_turns") else ""
        lines.append(
            f"conversation {c['id']} turn {c.get('turn')} (given {c.get('history_turns')} earlier turns{cut})"
        )
    lines.append(f"input: {r.input}")
    lines.append(f"output: {r.output}" if r.output is not None else f"error: {r.error}")
    lines.append(str(r.memory.get("sentence", "")))
    lines.append("agents:")
    for agent in r.agents:
        lines.append(f"  {agent['id']} ({agent['role']}): {agent['output']}")
    lines.append("decision skills:")
    for d in r.decisions:
        flag = "required" if d["required"] else "advisory"
        lines.append(
            f"  {d['agent']} {d['trigger']} {d['skill']} [{d['origin']}, {flag}]: {d['verdict']} — {d['detail']}"
        )
    lines.append("recalled:" + ("" if r.recalled else " nothing"))
    for hit in r.recalled:
        lines.append(f"  {hit['agent']} {hit['ref']} ({hit['score']}): {hit['text']}")
    lines.append("memory writes:" + ("" if r.memory_writes else " none"))
    for w in r.memory_writes:
        where = w["ref"] or w.get("reason") or ""
        lines.append(f"  {w['agent']} {w['status']} {where}: {w['text']}")
    for agent, why in r.tainted.items():
        lines.append(f"tainted: {agent} {why}")
    for t in r.tool_calls:
        outcome = t["result"].get("error") or t["result"].get("status", "")
        lines.append(f"  tool {t['agent']} {t['name']}: {outcome}")
    lines.append(f"model calls: {len(r.model_calls)}")
    for c in r.model_calls:
        lines.append(f"  {c['agent']} {c['purpose']} {c['model']} {c['duration_ms']} ms")
    for warning in r.warnings:
        lines.append(f"warning: {warning}")
    if r.swarm:
        lines.append(f"swarm folder: swarms/{r.swarm}/")
    return lines


@runs.command()
@click.argument("run_id")
@user_option
@common_options
def rm(run_id: str) -> int:
    """Remove a run's record and its swarm folder (the owner's run, or --user NAME's)."""
    from swarmkit.cli.workspace_args import misplaced
    from swarmkit.runtime.records import check_run_id, load_run, remove_run_record

    misplaced(run_id, "runs rm")
    root = _workspace_root()
    check_run_id(run_id)
    record = load_run(root, run_id, _view())
    removed_swarm = None
    if record.swarm:
        from swarmkit.cli.resolving import resolve_or_stop
        from swarmkit.memory import MemoryStore

        ws = resolve_or_stop(root, "its memory folder is unknown, so nothing was removed")
        result = MemoryStore(ws.memory.folder, ws.id).remove_run(run_id)
        removed_swarm = result.ref or f"swarms/{record.swarm}"
    remove_run_record(root, run_id)
    output.result(
        f"removed run {run_id}" + (f" and its swarm folder {removed_swarm}" if removed_swarm else "")
    )
    return 0
