"""MemoryReader: the memory folder as one person reads it (whose files they see, the entries).

The actions (actions/) and recall (recall/) are handed a reader; what they write goes through the
writer they are handed beside it (folder/writer.py), and recall through the recall index
(recall/recaller.py). Nothing here writes an entry or asks recall: the store composes the three
(store.py) and no room calls back up into it.
"""

from __future__ import annotations

from swarmkit.errors import Conflict, NotFound
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import shown, text_digest
from swarmkit.memory.folder.file_class import FileClass, Kind
from swarmkit.memory.folder.layout import INDEX_HEADING, MEMORY_MD, holds_entries
from swarmkit.memory.folder.memory_folder import MemoryFolder
from swarmkit.memory.folder.refs import check_ref


class MemoryReader(MemoryFolder):
    """One memory folder as one person (the owner, or `user`) reads it."""

    # ---- whose files ---------------------------------------------------------------------------
    def visible(self, rel: str) -> bool:
        """A person's file, and a swarm folder of a person's run, is shown to that person only
        (folder/privacy.py)."""
        return self.class_visible(FileClass.of(rel))

    def check_visible(self, rel: str) -> None:
        if not self.visible(rel):
            from swarmkit.memory.folder.privacy import not_your_swarm, not_yours, person

            cls = FileClass.of(rel)
            if cls.kind is Kind.SWARM:
                raise not_your_swarm(rel, self.user if self.user is not None else person(self.own_class))
            raise not_yours(rel, cls, self.own_class, self.user)

    def entry_visible(self, entry: E.Entry) -> bool:
        """An inbox entry held back from a person's file (`for: users/ana.md`) is that person's too."""
        held_for = entry.meta.get("for")
        return self.visible(entry.file) and (not held_for or self.visible(held_for))

    # ---- entries ---------------------------------------------------------------------------------
    def entry_at(
        self, ref: str, expect_text: str | None = None, exact: bool = False
    ) -> tuple[E.Entry, list[str]]:
        """The entry a ref names and its file's lines, if this person may see it; with `expect_text`
        (its digest or text as listed), an entry that changed since is refused."""
        rel, _ = check_ref(ref)
        if self.moved_path(rel) != rel:  # listed before this person's first write moved their file
            ref = self.moved_path(rel) + ref.strip()[len(rel) :]
            rel = self.moved_path(rel)
        self.check_visible(rel)
        entry, lines = self.line_entry(ref, exact)
        if not self.entry_visible(entry):
            self.check_visible(entry.meta["for"])
        if (
            expect_text is not None
            and expect_text != text_digest(lines[entry.line - 1])
            and E.dedupe_key(shown(entry.text)) != E.dedupe_key(expect_text)
        ):
            raise Conflict(
                f"{ref} changed since it was listed; nothing was changed",
                "list the entries again and retry with the ref shown now",
            )
        return entry, lines

    def entries(self, file: str | None = None) -> list[E.Entry]:
        """Every entry in the folder (or in one file), in file and line order."""
        if file:
            check_ref(f"{file}#L1")  # the same path rules as a ref
            self.check_visible(file)
        files = (
            [file] if file else [rel for rel in self.md_files() if holds_entries(rel) and self.visible(rel)]
        )
        out: list[E.Entry] = []
        for rel in files:
            lines = self.read_lines(rel, refuse=bool(file))  # asked for by name: why it is not read
            if lines is None:
                if file:
                    raise NotFound(
                        f"{rel} is not in the memory folder {self.folder}",
                        "`swarmkit memory status` lists the files",
                    )
                continue
            out.extend(e for e in E.parse_lines(lines, rel) if self.entry_visible(e))
        return out

    def pinned(self) -> list[str]:
        """The texts of the entries above "## Index" in MEMORY.md (always loaded)."""
        out = []
        for number, line in enumerate(self.read_lines(MEMORY_MD) or [], 1):
            if line.strip() == INDEX_HEADING:
                break
            entry = E.parse_line(line, MEMORY_MD, number)
            if entry is not None:
                out.append(entry.text)
        return out
