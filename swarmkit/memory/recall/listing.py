"""The stamp (mtime, size, inode) of every markdown file in a memory folder, cheaply repeated."""

from __future__ import annotations

import os
from pathlib import Path


class FileStamps:
    """Hidden entries and links are skipped. A folder's listing is re-read only when the folder's
    own mtime changed (a file was created, deleted or renamed in it); each known file is still
    stat'ed on every call, so an edit in place is seen."""

    def __init__(self, folder: Path):
        self.folder = str(folder)
        self._listings: dict[str, tuple] = {}  # folder → (mtime, [(path, rel)], [(path, rel)])

    def current(self) -> dict[str, tuple[int, int, int]]:
        """Relative path (`/`-separated) → (mtime_ns, size, inode)."""
        out: dict[str, tuple[int, int, int]] = {}
        listings = self._listings
        stat = os.stat

        def visit(path: str, prefix: str) -> None:
            try:
                mtime = stat(path).st_mtime_ns
            except OSError:
                return
            cached = listings.get(path)
            if cached is None or cached[0] != mtime:
                files, folders = [], []
                try:
                    with os.scandir(path) as items:
                        for item in items:
                            name = item.name
                            if name[0] == ".":
                                continue
                            if item.is_dir(follow_symlinks=False):
                                folders.append((item.path, prefix + name + "/"))
                            elif name.endswith(".md") and not item.is_symlink():
                                files.append((item.path, prefix + name))
                except OSError:
                    return
                cached = listings[path] = (mtime, files, folders)
            for full, rel in cached[1]:
                try:
                    st = stat(full, follow_symlinks=False)
                except OSError:
                    continue
                out[rel] = (st.st_mtime_ns, st.st_size, st.st_ino)
            for full, rel in cached[2]:
                visit(full, rel)

        visit(self.folder, "")
        return out
