"""Which runs a view may link to: its own only. Another person's run is "no run" to it (a 404), so a
page or a document that names one would send the viewer nowhere and tell them it exists."""

from __future__ import annotations

from pathlib import Path


def openable(root: Path, user: str | None, run_ids: set[str]) -> set[str]:
    """The run ids among `run_ids` whose record this view (None: the owner) may open."""
    from swarmkit.errors import SwarmkitError
    from swarmkit.runtime.records import load_run

    out = set()
    for run_id in run_ids:
        try:
            load_run(root, run_id, user)
        except SwarmkitError:
            continue
        out.add(run_id)
    return out


def only_openable_runs(events: list[dict], root: Path, user: str | None) -> list[dict]:
    """The events with `run` None where the view may not open that run (its origin still says who)."""
    mine = openable(root, user, {e["run"] for e in events if e.get("run")})
    return [e if not e.get("run") or e["run"] in mine else {**e, "run": None} for e in events]
