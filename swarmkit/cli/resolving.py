"""The commands that act on a workspace (run, runs, memory) resolve it the same way: or stop."""

from __future__ import annotations

from swarmkit.cli import output
from swarmkit.errors import SwarmkitError

MAX_DIAGNOSTICS = 5  # errors listed before "... and N more": `swarmkit validate` shows them all


def resolve_or_stop(path, doing: str):
    """The ResolvedWorkspace at `path`; else its first errors on stderr and a SwarmkitError.

    `doing` finishes the sentence "the workspace at PATH is not valid; ..." (what did not happen).
    """
    from swarmkit.cli.reporters import render_diagnostic
    from swarmkit.resolver import resolve

    resolution = resolve(path)
    if resolution.valid:
        return resolution.workspace
    errors = resolution.errors
    refuse_linked_state(path, errors)
    for diagnostic in errors[:MAX_DIAGNOSTICS]:
        output.result(render_diagnostic(diagnostic, str(path)).splitlines()[0], err=True)
    if len(errors) > MAX_DIAGNOSTICS:
        output.result(f"... and {len(errors) - MAX_DIAGNOSTICS} more", err=True)
    if any(d.code == "workspace.not-found" for d in errors):
        raise SwarmkitError(
            f"there is no workspace at {path}",
            "pass a folder with workspace.yaml, or create one with `swarmkit init PATH`",
        )
    raise SwarmkitError(
        f"the workspace at {path} is not valid; {doing}",
        f"run `swarmkit validate {path}` to see every problem",
    )


def refuse_linked_state(path, errors) -> None:
    """A state folder that is a link is no mistake in the YAML: say it as the error it is, with its
    hint, rather than "the workspace is not valid"."""
    import os
    from pathlib import Path

    from swarmkit.workspace.state_folders import StateFolderLinked, refusal

    for diagnostic in errors:
        if diagnostic.code == "state.linked-folder":
            link = Path(path) / diagnostic.file
            try:
                target = os.readlink(link)
            except OSError:
                target = "?"
            raise StateFolderLinked(*refusal(link, target))
