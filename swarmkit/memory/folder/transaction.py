"""One write transaction: the files a write changes, checked against their limits and committed together.

Every writer of entries (folder/writer.py's remember, the inbox's keep and pin, a person's edit) does the same
steps inside MemoryFolder.writing(): it reads and edits its files, links a file it creates from
MEMORY.md's index, checks each file against its limit and applies them as one commit. Those steps
are here once; what a write does with a file that has no room (hold the entry in the inbox, or
refuse it) stays the writer's choice, and what it reports is its WriteResult.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder.layout import MEMORY_MD, index_link

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder


class Transaction:
    """The files one write changes (None deletes one), in the order the writer put them."""

    def __init__(self, folder: MemoryFolder):
        self.folder = folder
        self.files: dict[str, list[str] | None] = {}

    def put(self, rel: str, lines: list[str] | None) -> None:
        self.files[rel] = lines

    def link(self, rel: str) -> None:
        """`rel` is new: MEMORY.md's index links it (when its file class is linked from there)."""
        memory = (
            self.files[MEMORY_MD]
            if MEMORY_MD in self.files
            else self.folder.read_lines(MEMORY_MD, exact=True)
        )
        linked = index_link(rel, memory)
        if linked is not None:
            self.put(MEMORY_MD, linked)

    def no_room(self) -> tuple[str, str] | None:
        """(file, why) for the first file that would outgrow its limit, or None."""
        for rel, lines in self.files.items():
            problem = self.folder.size_problem(rel, lines) if lines is not None else None
            if problem:
                return rel, problem
        return None

    def check_room(self) -> None:
        """A person's write that does not fit is refused, with nothing changed."""
        full = self.no_room()
        if full is not None:
            rel, problem = full
            raise SwarmkitError(
                problem + "; nothing was changed", f"remove or merge entries in {rel}, then retry"
            )

    def apply(self, message: str, origin: str = "swarmkit", run_id: str | None = None) -> str | None:
        """Write the files and commit exactly them (MemoryFolder.apply); the commit, if versioned."""
        return self.folder.apply(self.files, message, origin, run_id)
