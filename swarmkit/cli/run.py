"""`swarmkit run`: run a topology of a workspace and print its final answer."""

from __future__ import annotations

import sys

import click

from swarmkit.exit_status import ExitStatus


@click.command()
@click.argument("workspace", type=click.Path(exists=True, file_okay=False))
@click.argument("topology", required=False)
@click.option("--input", "-i", "text", required=True, help="The input for the root agent; - reads standard input.")
@click.option("--provider",
              help="Send every agent to this provider: mock (offline, deterministic), a built-in name (openai, "
                   "openrouter, groq, together, ollama, ...) or a model_providers id. Default: each agent's "
                   "model.provider.")
@click.option("--user", help="Whose memory: recall and personal facts use users/<user>.md instead of me.md.")
@click.option("--json", "as_json", is_flag=True, help="Print the whole run record as JSON.")
@click.option("--base-url", help="openai: the endpoint's base URL (default: $OPENAI_BASE_URL or OpenAI's).")
@click.option("--api-key", help="openai: the API key (default: $OPENAI_API_KEY).")
@click.option("--timeout", type=click.FloatRange(min=0.1), help="openai: seconds one request may take.")
@click.option("--script", type=click.Path(exists=True, dir_okay=False),
              help="mock: a YAML or JSON file of scripted replies and tool calls.")
def run(workspace: str, topology: str | None, text: str, provider: str | None, user: str | None, as_json: bool,
        base_url: str | None, api_key: str | None, timeout: float | None, script: str | None) -> int:
    """Run TOPOLOGY of WORKSPACE (it may be omitted when there is only one)."""
    import json

    from swarmkit.cli.resolving import resolve_or_stop
    from swarmkit.errors import UsageProblem
    from swarmkit.runtime.engine import Run
    from swarmkit.runtime.providers.registry import ProviderSet
    from swarmkit.runtime.records import save_run

    if user is not None:
        from swarmkit.memory.store import user_slug

        if not user_slug(user):  # the store would refuse it, silently costing the run its memory
            raise UsageProblem(f"user name {user!r} has no letters or digits", "pass --user NAME, e.g. --user ana")
    if text == "-":
        text = sys.stdin.read()
    if not text.strip():
        raise UsageProblem("the input is empty", "pass --input TEXT, or --input - and pipe the text in")
    ws = resolve_or_stop(workspace, "nothing was run")
    if not ws.topologies:
        raise UsageProblem("the workspace has no topology to run", "add one under topologies/ (swarmkit init writes one)")
    if topology is None and len(ws.topologies) != 1:
        names = ", ".join(ws.topologies) or "none"
        raise UsageProblem(f"the workspace has {len(ws.topologies)} topologies ({names}); name one",
                           f"swarmkit run {workspace} TOPOLOGY --input ...")
    if topology is not None and topology not in ws.topologies:
        from swarmkit.workspace.suggest import did_you_mean

        raise UsageProblem(f'no topology "{topology}" in the workspace',
                           did_you_mean(topology, ws.topologies, "topologies: " + ", ".join(ws.topologies)))
    chosen = ws.topology(topology)
    providers = ProviderSet(ws.model_providers, forced=provider, script=script, base_url=base_url,
                            api_key=api_key, timeout=timeout)
    # A provider this run cannot use fails here, before anything runs or is recorded.
    if provider is not None:
        providers.check(provider)
    else:
        for agent in chosen.walk():
            providers.for_agent(agent)
    the_run = Run(ws, chosen, providers, user=user)
    try:
        record = the_run.execute(text)
    finally:
        saved = save_run(ws.root, the_run.record)
    if as_json:
        click.echo(json.dumps(saved, indent=2, ensure_ascii=False))  # as it was kept: screened
    elif record["status"] == "ok":
        click.echo(record["output"])
    for warning in record["warnings"]:
        click.echo(f"warning: {warning}", err=True)
    if not as_json:
        click.echo(summary_line(record), err=True)
    if record["status"] != "ok":
        click.echo(f"error: run {record['id']} {record['status']}: {record['error']}", err=True)
        return ExitStatus.INVALID
    return ExitStatus.OK


def summary_line(record: dict) -> str:
    writes = [w for w in record["memory_writes"] if w.get("kind") not in ("finding", "ruled_out", "question",
                                                                           "answer", "curated")]
    wrote = sum(1 for w in writes if w["status"] in ("written", "replaced"))
    held = sum(1 for w in writes if w["status"] == "held")
    memory = "memory off" if not record["memory"]["enabled"] else (
        f"memory: recalled {len({r['ref'] for r in record['recalled']})}, wrote {wrote}"
    )
    if record["memory"]["enabled"] and wrote:
        memory += f", {held} held in the inbox" if held else ""
    elif record["memory"]["enabled"]:
        memory += "".join(f"; {note}" for note in record["memory"].get("writer") or [])
    calls = len(record["model_calls"])
    agents = len(record["agents"])
    from swarmkit.runtime.skipped import skipped_summary

    skipped = skipped_summary(record.get("skipped") or [])
    return (f"run {record['id']}: {agents} agent{'s' if agents != 1 else ''}, "
            f"{calls} model call{'s' if calls != 1 else ''}; {memory}" + (f"; skipped features: {skipped}" if skipped else ""))
