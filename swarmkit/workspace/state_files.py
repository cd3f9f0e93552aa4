"""Reading the JSON files swarmkit keeps under `.swarmkit/` (run records, conversations): one file,
capped, or a folder of them. Run records and conversations read theirs through here.

What is read is what swarmkit wrote, or refused: the folder is refused if it is reached through a
symbolic link (state_folders.py), as writing it is; a file is read only if it is a regular file
(never a link, whatever it points at: /etc/shadow, a FIFO, /dev/zero) of at most `limit` bytes
(safe_read.py), and only if it is UTF-8 JSON. A listing skips any other file with a warning
(`warnings.warn`, which the CLI prints as `warning: …`) and says why in `skipped`.
"""

from __future__ import annotations

import json
import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swarmkit.safe_read import FileRefused, read_regular
from swarmkit.workspace.state_folders import check_state_folder

MAX_LISTED = 100_000  # files a listing looks at: a folder holding more was not filled by swarmkit


class StateWarning(UserWarning):
    """A file in a state folder that was skipped: not a regular file, too large, or not JSON."""


class NotJson(ValueError):
    """The file was read but holds no JSON (or not UTF-8, or nested past the parser's depth)."""


@dataclass
class Listing:
    """The files of a state folder that were read: (name without `.json`, JSON), and one sentence
    for each that was skipped (`r-1a2b3c4d.json is a FIFO (named pipe), not a regular file`)."""

    where: str = ""  # the folder as the workspace names it (.swarmkit/runs)
    files: list[tuple[str, Any]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)

    def skip(self, name: str, problem: str) -> None:
        """Say that `name` was skipped, and why (`it is a FIFO (named pipe), not a regular file`)."""
        message = f"{self.where}/{name} is skipped: {problem}" if name else f"{self.where} {problem}"
        self.skipped.append(message)
        warnings.warn(message, StateWarning, stacklevel=3)


def read_state_file(workspace_root: Path, folder: Path, name: str, limit: int) -> Any:
    """The JSON of `folder/name`. StateFolderLinked when the folder is reached through a link;
    FileRefused when the file is missing (reason MISSING), not a regular file, over `limit` or
    unreadable; NotJson when it holds no JSON."""
    check_state_folder(workspace_root, folder)
    return _json(read_regular(Path(folder) / name, limit, follow_links=False))


def _json(data: bytes) -> Any:
    try:
        return json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise NotJson(f"it is not UTF-8 (byte {exc.start})") from None
    except RecursionError:
        raise NotJson("it is nested too deeply") from None
    except ValueError as exc:
        raise NotJson(f"it is not valid JSON ({exc})") from None


def list_state_files(workspace_root: Path, folder: Path, names: re.Pattern[str], limit: int) -> Listing:
    """Every file of `folder` whose name matches `names`, read as read_state_file reads one (sorted
    by name); StateFolderLinked when the folder is reached through a link; a missing folder, or
    one that is no folder, lists nothing."""
    check_state_folder(workspace_root, folder)
    try:
        where = Path(folder).relative_to(workspace_root).as_posix()
    except ValueError:
        where = str(folder)
    listing = Listing(where)
    try:
        with os.scandir(folder) as entries:
            found = sorted(entry.name for _, entry in zip(range(MAX_LISTED), entries, strict=False))
    except (NotADirectoryError, FileNotFoundError):
        return listing
    except OSError as exc:
        listing.skip("", f"cannot be listed ({exc.strerror or exc})")
        return listing
    for name in found:
        if names.fullmatch(name) is None:
            continue
        try:
            data = _json(read_regular(Path(folder) / name, limit, follow_links=False))
        except FileRefused as refused:
            listing.skip(name, refused.problem)
            continue
        except NotJson as exc:
            listing.skip(name, str(exc))
            continue
        listing.files.append((name.removesuffix(".json"), data))
    return listing
