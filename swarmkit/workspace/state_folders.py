"""The folders swarmkit keeps its state in (`.swarmkit/` and under it: the memory folder, run
records, conversations): real folders inside the workspace, never reached through a link.

A `.swarmkit` that is a symbolic link (to a folder elsewhere, to `/`, to a file, to /dev/zero,
dangling, a loop), or a `.swarmkit/runs` or `.swarmkit/memory` that is one, would have memory
written and runs read wherever the link points: a cloned repository could point them at a
folder of the user's. Every command that reads or writes state refuses it (the resolver's
`state.linked-folder`, and the readers and writers here for what they touch themselves); the
user removes the link, or points `storage.memory_folder` at another folder on purpose.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from swarmkit.errors import Conflict
from swarmkit.workspace.layout import STATE_FOLDER

# The folders under .swarmkit/ that swarmkit writes; the memory folder is wherever storage says.
STATE_SUBFOLDERS = ("memory", "runs", "conversations")


class StateFolderRefused(OSError):
    """The folder is a link or leads outside the workspace; `strerror` says which, in words."""


class StateFolderLinked(Conflict):
    """A state folder (or a folder above it, inside the workspace) is a symbolic link: refused."""

    code = "state_folder_linked"


def linked_part(workspace_root: Path, folder: Path) -> tuple[Path, str] | None:
    """The first folder from `workspace_root` (not included) down to `folder` (included) that is a
    symbolic link, with where it points; None when none is, or `folder` is not under the workspace
    (a memory folder configured elsewhere is the user's choice). One lstat per level."""
    root = Path(workspace_root)
    try:
        relative = Path(os.path.normpath(folder)).relative_to(os.path.normpath(root))
    except ValueError:
        return None
    current = root
    for part in relative.parts:
        if part == "..":
            return None
        current = current / part
        try:
            status = os.lstat(current)
        except (OSError, ValueError):  # missing, a file above it, no permission: not a link
            return None
        if stat.S_ISLNK(status.st_mode):
            try:
                target = os.readlink(current)
            except OSError:
                target = "?"
            return current, target
    return None


def linked_state(workspace_root: Path, memory_folder: Path | None = None) -> list[tuple[Path, str]]:
    """Each link among `.swarmkit`, the folders under it and the memory folder's path inside the
    workspace: (the link, where it points), the first of each path only."""
    root = Path(workspace_root)
    paths = [root / STATE_FOLDER / name for name in STATE_SUBFOLDERS]
    if memory_folder is not None:
        paths.append(Path(memory_folder) if Path(memory_folder).is_absolute() else root / memory_folder)
    found: dict[Path, str] = {}
    for path in paths:
        link = linked_part(root, path)
        if link is not None:
            found.setdefault(*link)
    return list(found.items())


def refusal(link: Path, target: str) -> tuple[str, str]:
    """(message, hint) for a state folder that is a link."""
    return (
        f"{link} is a symbolic link (to {target}): swarmkit keeps its state (memory, runs, "
        "conversations) only in real folders inside the workspace, so nothing was read or written",
        f"remove the link (rm {link}): swarmkit makes a real folder on its next write; to keep "
        "memory in another folder, set storage.memory_folder in workspace.yaml to it",
    )


def check_state_folder(workspace_root: Path, folder: Path) -> None:
    """StateFolderLinked when `folder`, or a folder between the workspace and it, is a link."""
    link = linked_part(workspace_root, folder)
    if link is not None:
        raise StateFolderLinked(*refusal(*link))


def ensure_state_folder(workspace_root: Path, folder: Path, mode: int = 0o700) -> Path:
    """Make `folder` (under `workspace_root`) if it is missing and return it; StateFolderRefused
    when it, or a folder between it and the workspace, is a symbolic link or resolves outside the
    workspace. Other OSErrors (a file in its place, no permission) are the caller's to word."""
    root = Path(workspace_root)
    link = linked_part(root, folder)
    if link is not None:
        raise StateFolderRefused(
            0, f"{link[0]} is a symbolic link (to {link[1]}): swarmkit writes only inside the workspace"
        )
    target = Path(folder)
    if not target.is_dir():
        target.mkdir(parents=True, mode=mode, exist_ok=True)
    if not target.resolve().is_relative_to(root.resolve()):
        raise StateFolderRefused(
            0, f"{target} resolves outside the workspace: swarmkit writes only inside it"
        )
    return target
