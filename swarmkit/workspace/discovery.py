"""Finding the workspace's YAML files by the layout, without reading them."""

from __future__ import annotations

import os
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from swarmkit.workspace.diagnostics import Diagnostic, Severity
from swarmkit.workspace.layout import FOLDER_KINDS, WORKSPACE_FILES, YAML_SUFFIXES, kind_at
from swarmkit.workspace.limits import MAX_FILES


@dataclass(frozen=True, slots=True)
class Found:
    """An artifact file found: where it is, its path as diagnostics print it, and its kind."""

    path: Path
    rel: str
    kind: str


def discover(root: Path, unsaved: Collection[Path] = ()) -> tuple[list[Found], list[Diagnostic]]:
    """Every artifact file under `root` in a stable order, and problems with the layout itself.

    `unsaved`: files an editor holds that are not on the disk yet (absolute paths); each is found
    where the layout puts it, as if it had been saved.
    """
    found: list[Found] = []
    problems: list[Diagnostic] = []
    new = _unsaved_places(root, unsaved)
    # anything but a folder by that name is the workspace file, to be told what is wrong with it (a
    # FIFO, a device, a dangling link): "no workspace.yaml" would send the user looking elsewhere
    present = [
        name
        for name in WORKSPACE_FILES
        if (os.path.lexists(root / name) and not (root / name).is_dir()) or name in new
    ]
    if not present:
        problems.append(
            Diagnostic(
                "workspace.not-found",
                f"no workspace.yaml in {root}",
                hint="run `swarmkit init PATH` to create a workspace, or point at the folder that holds workspace.yaml",
            )
        )
    elif len(present) > 1:
        problems.append(
            Diagnostic(
                "workspace.ambiguous",
                "both workspace.yaml and workspace.yml exist",
                present[1],
                1,
                1,
                hint="keep one of them",
            )
        )
    real_root = root.resolve()
    if present:
        _add(found, problems, real_root, root / present[0], present[0], "Workspace")
    for folder, kind in FOLDER_KINDS.items():
        base = root / folder
        walked = _walk(base, folder, problems) if base.is_dir() else []
        added = [rel for rel, at in new.items() if at == kind and rel.startswith(folder + "/")]
        if added:
            walked = sorted(walked + added, key=lambda rel: rel.split("/"))  # as _walk orders them
        for rel in walked:
            _add(found, problems, real_root, root / rel, rel, kind)
    artifacts = len(found) - (1 if present else 0)
    if artifacts > MAX_FILES:
        # Each file costs validation about a millisecond: 20,000 cost every command 15 s (memory
        # commands too, which validate the workspace to find its memory folder). Nothing past the
        # workspace file is read, so the refusal itself stays fast.
        problems.append(
            Diagnostic(
                "workspace.too-many-files",
                f"the workspace holds {artifacts:,} artifact files; swarmkit reads at most {MAX_FILES:,}",
                hint="remove the files that are not configuration, or split the workspace in several",
            )
        )
        found = found[:1] if present else []
    return found, problems


def _unsaved_places(root: Path, unsaved: Collection[Path]) -> dict[str, str]:
    """rel -> kind of each unsaved file the layout reads (the others are no part of the workspace)."""
    out = {}
    for path in unsaved:
        try:
            rel = path.relative_to(root).as_posix()
        except ValueError:
            continue
        kind = kind_at(rel)
        if kind is not None and not os.path.lexists(path):
            out[rel] = kind
    return out


def _walk(base: Path, folder: str, problems: list[Diagnostic]) -> list[str]:
    """YAML files directly in `base` or one sub-folder down; dotfiles are skipped."""
    out: list[str] = []
    for entry in _listing(base, folder, problems):
        if entry.name.startswith("."):
            continue
        rel = f"{folder}/{entry.name}"
        if _is_dir(entry):
            for sub in _listing(Path(entry.path), rel, problems):
                if sub.name.startswith("."):
                    continue
                sub_rel = f"{rel}/{sub.name}"
                if _is_dir(sub):
                    if _holds_yaml(Path(sub.path)):
                        problems.append(
                            Diagnostic(
                                "discovery.too-deep",
                                f"files in {sub_rel}/ are ignored: artifacts may sit at most one folder below {folder}/",
                                sub_rel,
                                severity=Severity.WARNING,
                                hint=f"move them up into {rel}/",
                            )
                        )
                elif sub.name.endswith(YAML_SUFFIXES):
                    out.append(sub_rel)
        elif entry.name.endswith(YAML_SUFFIXES):
            out.append(rel)
    return out


def _listing(path: Path, rel: str, problems: list[Diagnostic]) -> list[os.DirEntry]:
    """A folder's entries by name; a folder that cannot be read is a diagnostic, not a traceback."""
    try:
        with os.scandir(path) as entries:
            return sorted(entries, key=lambda e: e.name)
    except OSError as exc:
        problems.append(
            Diagnostic(
                "file.unreadable",
                f"cannot read the folder: {exc.strerror or exc}",
                rel,
                hint="check that the folder exists and that you may read it",
            )
        )
        return []


def _is_dir(entry: os.DirEntry) -> bool:
    # a link loop (ELOOP) or a vanished entry is not a folder; loading then reports the file
    try:
        return entry.is_dir()
    except OSError:
        return False


def _holds_yaml(folder: Path) -> bool:
    """Whether a too-deep folder holds YAML, looking a few levels down at most (it is only a warning)."""
    level = [folder]
    for _ in range(4):
        nxt = []
        for path in level:
            try:
                with os.scandir(path) as entries:
                    for entry in entries:
                        if entry.name.startswith("."):
                            continue
                        if entry.name.endswith(YAML_SUFFIXES) and entry.is_file():
                            return True
                        if _is_dir(entry) and not entry.is_symlink():
                            nxt.append(Path(entry.path))
            except OSError:
                continue
        level = nxt
    return False


def _add(found, problems, real_root: Path, path: Path, rel: str, kind: str) -> None:
    # A link (to the file or to a folder above it) may point anywhere; only the workspace is read.
    try:
        target = path.resolve()
    except (OSError, RuntimeError):  # a link loop: loading reports it as unreadable
        found.append(Found(path, rel, kind))
        return
    if not target.is_relative_to(real_root):
        problems.append(
            Diagnostic(
                "file.outside-workspace",
                f"the file is a link to {target}, outside the workspace",
                rel,
                1,
                1,
                hint="copy the file into the workspace instead of linking to it",
            )
        )
        return
    found.append(Found(path, rel, kind))
