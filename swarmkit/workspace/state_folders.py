"""The folders under `.swarmkit/` that swarmkit writes (run records, conversations): only inside
the workspace. A folder that is a symbolic link (`.swarmkit/runs -> /etc`), or under one, would
have a run's record written wherever the link points; it is refused before anything is written."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class StateFolderRefused(OSError):
    """The folder is a link or leads outside the workspace; `strerror` says which, in words."""


def ensure_state_folder(workspace_root: Path, folder: Path, mode: int = 0o700) -> Path:
    """Make `folder` (under `workspace_root`) if it is missing and return it; StateFolderRefused
    when it, or a folder between it and the workspace, is a symbolic link or resolves outside the
    workspace. Other OSErrors (a file in its place, no permission) are the caller's to word."""
    root = Path(workspace_root)
    relative = Path(folder).relative_to(root)
    current = root
    for part in relative.parts:
        current = current / part
        try:
            status = os.lstat(current)
        except FileNotFoundError:
            break
        if stat.S_ISLNK(status.st_mode):
            link = os.readlink(current)
            raise StateFolderRefused(
                0, f"{current} is a symbolic link (to {link}): swarmkit writes only inside the workspace"
            )
    target = root / relative
    if not target.is_dir():
        target.mkdir(parents=True, mode=mode, exist_ok=True)
    if not target.resolve().is_relative_to(root.resolve()):
        raise StateFolderRefused(
            0, f"{target} resolves outside the workspace: swarmkit writes only inside it"
        )
    return target
