"""`swarmkit run`: run a topology of a workspace and print its final answer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from swarmkit.cli import output
from swarmkit.cli.options import common_options, format_options
from swarmkit.cli.user_text import read_stdin, valid_text
from swarmkit.exit_status import ExitStatus
from swarmkit.runtime.providers.catalog import runnable_names

if TYPE_CHECKING:
    from swarmkit.runtime.records import RunRecord


def provider_options(f):
    """--provider and the options of the providers it names: what `run` and `chat` both take."""
    for option in reversed(
        [
            click.option(
                "--provider",
                help="Send every agent to this provider: mock (offline, deterministic), a built-in name "
                f"({', '.join(runnable_names()[1:6])}, ...) or a model_providers id. Default: each agent's "
                "model.provider.",
            ),
            click.option(
                "--model",
                help="The model name sent for every agent (llama3.1, gpt-4o-mini, ...). Default: each "
                "agent's model.name.",
            ),
            click.option(
                "--base-url", help="openai: the endpoint's base URL (default: $OPENAI_BASE_URL or OpenAI's)."
            ),
            click.option("--api-key", help="openai: the API key (default: $OPENAI_API_KEY)."),
            click.option(
                "--timeout", type=click.FloatRange(min=0.1), help="openai: seconds one request may take."
            ),
            click.option(
                "--script",
                type=click.Path(exists=True, dir_okay=False),
                help="mock: a YAML or JSON file of scripted replies and tool calls.",
            ),
        ]
    ):
        f = option(f)
    return f


@click.command()
@click.argument("workspace", required=False)
@click.argument("topology", required=False)
@click.option(
    "--input", "-i", "text", required=True, help="The input for the root agent; - reads standard input."
)
@click.option("--user", help="Whose memory: recall and personal facts use that person's own file, not me.md.")
@format_options("text", "json", help="text prints the final answer; json the whole run record.")
@provider_options
@common_options
def run(
    workspace: str | None,
    topology: str | None,
    text: str,
    provider: str | None,
    user: str | None,
    model: str | None,
    base_url: str | None,
    api_key: str | None,
    timeout: float | None,
    script: str | None,
) -> int:
    """Run TOPOLOGY (a name, or name@version for one of several versions) of WORKSPACE: the workspace
    defaults to the nearest one, here or above, and the topology may be omitted when there is only
    one (swarmkit run --input TEXT)."""
    from swarmkit.cli.options import json_document, output_format
    from swarmkit.errors import SwarmkitError, UsageProblem
    from swarmkit.runtime.engine import Run
    from swarmkit.runtime.records import save_run

    user = checked_user(user)
    if text == "-":
        text = read_stdin("pass a shorter input; a run's input is a request, not a file to process")
    else:
        text = valid_text(text, "--input")
    if not text.strip():
        raise UsageProblem("the input is empty", "pass --input TEXT, or --input - and pipe the text in")
    ws, chosen, providers = prepare_run(
        workspace,
        topology,
        provider,
        user,
        script,
        base_url,
        api_key,
        timeout,
        "nothing was run",
        model=model,
    )
    output.progress_bars()  # recall may build its index
    from swarmkit.cli.meaning import fetch_model_on_first_need

    fetch_model_on_first_need(ws.memory.enabled)
    the_run = Run(ws, chosen, providers, user=user)
    saved = None
    try:
        try:
            the_run.execute(text)
        finally:
            saved = save_run(ws.root, the_run.record)
    except SwarmkitError as exc:  # a provider failed: the run was recorded, so say which one it is
        shown = saved.error if saved is not None and saved.error else exc.message  # as kept: screened
        exc.message = f"run {the_run.record.id} failed: {shown}"
        exc.hint = "; ".join(
            filter(None, [exc.hint, f"`swarmkit runs show {the_run.record.id}` shows what happened"])
        )
        raise
    record = saved  # what is printed is what was kept: screened as the record is (the answer too)
    as_json = output_format() == "json"
    if as_json:
        output.result(json_document(saved.to_json()))  # as it was kept: screened
    elif record.status == "ok" and record.output.strip():  # an empty answer: its warning says so
        output.result(record.output)
    for warning in record.warnings:
        output.warning(warning)
    if not as_json:
        output.note(summary_line(record))
        for line in step_lines(record):
            output.detail(line)
    if record.status != "ok":
        output.error(
            f"run {record.id} {record.status}: {record.error}",
            f"`swarmkit runs show {record.id}` shows what happened",
        )
        return ExitStatus.INVALID
    return ExitStatus.OK


def checked_user(user: str | None) -> str | None:
    """The person a run (or a chat) is for, as the record keeps it (the exact id, NFC), or a usage
    error for an id that names nobody: the store would refuse it, silently costing the run its memory."""
    if user is None:
        return None
    from swarmkit.errors import UsageProblem
    from swarmkit.memory import id_problem, person_id

    problem = id_problem(user)
    if problem:
        raise UsageProblem(problem, "pass --user NAME, e.g. --user ana")
    return person_id(user)


def prepare_run(
    workspace: str | None,
    topology: str | None,
    provider: str | None,
    user: str | None,
    script: str | None,
    base_url: str | None,
    api_key: str | None,
    timeout: float | None,
    nothing: str,
    command: str = "run",
    model: str | None = None,
):
    """The workspace, the topology and the providers a run (or a chat) uses, each checked before
    anything runs: (ResolvedWorkspace, topology, ProviderSet). `nothing` ends the refusals."""
    from swarmkit.cli.resolving import resolve_or_stop
    from swarmkit.errors import UsageProblem
    from swarmkit.runtime.providers.registry import ProviderSet

    workspace, topology = _workspace_and_topology(workspace, topology)
    ws = resolve_or_stop(workspace, nothing)
    if not ws.topologies:
        raise UsageProblem(
            "the workspace has no topology to run", "add one under topologies/ (swarmkit init writes one)"
        )
    # Several versions of one topology and nothing else: the bare name (its primary) is meant.
    if topology is None and len({t.name for t in ws.topologies.values()}) != 1:
        names = ", ".join(ws.topologies) or "none"
        raise UsageProblem(
            f"the workspace has {len(ws.topologies)} topologies ({names}); name one",
            f"swarmkit {command} {workspace + ' ' if workspace != '.' else ''}TOPOLOGY"
            + (" --input ..." if command == "run" else ""),
        )
    if topology is not None and ws.find_topology(topology) is None:
        from swarmkit.workspace.suggest import did_you_mean

        raise UsageProblem(
            f'no topology "{topology}" in the workspace',
            did_you_mean(topology, _references(ws), "topologies: " + ", ".join(ws.topologies)),
        )
    chosen = ws.topology(topology)
    providers = ProviderSet(
        ws.model_providers,
        forced=provider,
        script=script,
        base_url=base_url,
        api_key=api_key,
        timeout=timeout,
        model=model,
    )
    # A provider this run cannot use (an extra not installed, say) fails here, before anything runs
    # or is recorded.
    if provider is not None:
        providers.check(provider)
    else:
        for agent in chosen.walk():
            providers.for_agent(agent)
    return ws, chosen, providers


def _workspace_and_topology(first: str | None, second: str | None) -> tuple[str, str | None]:
    """`run [WORKSPACE] [TOPOLOGY]`: one argument is the workspace when it is a folder (and -w is not
    given), else the topology of the workspace found from here upward."""
    import os

    from swarmkit.cli.options import workspace_folder

    if second is not None:
        return workspace_folder(first), second
    if first is None or output.settings.workspace is not None:
        return workspace_folder(), first
    if os.path.isdir(first):
        return workspace_folder(first), None
    from swarmkit.cli.options import find_upward
    from swarmkit.errors import UsageProblem

    if find_upward(Path.cwd()) is None:  # neither a folder nor a topology of a workspace here
        raise UsageProblem(
            f"there is no folder {first}, and no workspace here or above to run a topology {first} of",
            "pass the workspace folder: swarmkit run WORKSPACE [TOPOLOGY] --input ...",
        )
    return workspace_folder(), first


def _references(ws) -> list[str]:
    """What `run` accepts as TOPOLOGY: each name, and name@version for each version of it."""
    refs = list(dict.fromkeys(t.name for t in ws.topologies.values()))
    refs += [f"{t.name}@{t.version}" for t in ws.topologies.values()]
    return refs


def step_lines(record: RunRecord) -> list[str]:
    """What --verbose shows after a run: each agent's answer and each model call."""
    lines = [f"  agent {a['id']} ({a['role']}): {a['output']}" for a in record.agents]
    lines += [
        f"  model call {c['agent']} {c['purpose']} {c['model']}: {c['duration_ms']} ms"
        + (f", failed: {c['error']}" if c.get("error") else "")
        for c in record.model_calls
    ]
    return lines


def summary_line(record: RunRecord) -> str:
    """The line after a run: agents, model calls, and what memory recalled and kept (or why not)."""
    writes = record.kept_facts
    wrote = sum(1 for w in writes if w["status"] in ("written", "replaced"))
    held = sum(1 for w in writes if w["status"] == "held")
    enabled = record.memory.get("enabled")
    forgot = sum(1 for w in writes if w["status"] == "forgotten")  # asked for in the person's words
    memory = (
        "memory off"
        if not enabled
        else f"memory: recalled {len({r['ref'] for r in record.recalled})}, wrote {wrote}"
        + (f", forgot {forgot}" if forgot else "")
    )
    if enabled and wrote:
        memory += f", {held} held in the inbox" if held else ""
    elif enabled:
        memory += "".join(f"; {note}" for note in record.memory.get("writer") or [])
    calls = len(record.model_calls)
    agents = len(record.agents)
    from swarmkit.runtime.skipped import skipped_summary

    skipped = skipped_summary(record.skipped)
    return (
        f"run {record.id}: {agents} agent{'s' if agents != 1 else ''}, "
        f"{calls} model call{'s' if calls != 1 else ''}; {memory}"
        + (f"; skipped features: {skipped}" if skipped else "")
    )
