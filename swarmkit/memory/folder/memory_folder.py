"""MemoryFolder: one memory folder's files, lock and git, and the only way to write it.

Everything that writes the folder goes through MemoryFolder.writing() and apply(): one lock, one
commit, hand edits screened and committed first. Its parts are beside it in folder/: the layout and
limits (layout.py), refs (refs.py), hand edits (hand_edits.py), what a failed commit puts back
(rollback.py), target choice (targets.py) and what a write reports (results.py). The actions are
built on this room and import it; it imports none of them. store.py puts them together as
MemoryStore.
"""

from __future__ import annotations

import os
import re
import stat
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from swarmkit.errors import Conflict, NotFound, SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.atomic import atomic_delete, atomic_write, sweep_temp_files
from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.folder.file_class import NO_FILE, FileClass, Kind
from swarmkit.memory.folder.gitops import Git, GitFailed
from swarmkit.memory.folder.hand_edits import hand_edited, inside, screen_edited, screen_files
from swarmkit.memory.folder.layout import (
    EXCLUDES,
    FILE_LIMIT,
    HAND_EDITED_FILE_LIMIT,
    HEADINGS,
    INBOX_MD,
    INDEX_DIR,
    INDEX_HEADING,
    LESSONS_MD,
    MAX_DEPTH,
    ME_MD,
    MEMORY_INTRO,
    MEMORY_LIMIT,
    MEMORY_MD,
    is_memory_file,
)
from swarmkit.memory.folder.locking import DEFAULT_TIMEOUT, FolderLock
from swarmkit.memory.folder.refs import check_ref
from swarmkit.memory.folder.results import MemoryWarning
from swarmkit.memory.folder.rollback import restore, snapshot
from swarmkit.safe_read import (
    MISSING,
    NOT_REGULAR,
    TOO_LARGE,
    FileRefused,
    check_regular,
    decode_text,
    read_regular,
)
from swarmkit.surrogates import ERRORS as SURROGATES


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What changes when a file is written, replaced or removed (None: not there)."""
    try:
        info = os.lstat(path)
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino, info.st_ctime_ns)


def _held_for(line: str, old: str, new: str) -> str:
    """An inbox line with `for: old` / `contradicts: old#…` pointing at `new` instead (only those
    values change: the rest of the line stays byte for byte)."""
    if old not in line or E.parse_line(line, INBOX_MD, 1) is None:
        return line
    line = re.sub(r"(\bfor:\s*)" + re.escape(old) + r"(?=\s*[;\]])", lambda m: m.group(1) + new, line)
    return re.sub(r"(\bcontradicts:\s*)" + re.escape(old) + "#", lambda m: m.group(1) + new + "#", line)


class MemoryFolder:
    """One memory folder's files, lock and git. Opening never writes; the folder is created on the
    first write."""

    def __init__(
        self,
        folder: Path | str,
        workspace_id: str,
        user: str | None = None,
        lock_timeout: float = DEFAULT_TIMEOUT,
    ):
        from swarmkit.memory.folder.people import id_problem, person_id

        self.folder = Path(folder).absolute()
        self.workspace_id = workspace_id
        problem = id_problem(user) if user is not None else None
        if problem:
            raise SwarmkitError(problem, "use a name such as --user alice")
        self.user = person_id(user) if user is not None else None  # NFC: one person however typed
        self._owners: dict[str, tuple[tuple[int, ...], str | None]] = {}  # rel → (stat, its first 4 KB)
        self._moved: dict[str, str] = {}  # a person's file moved by this store: old path → new
        # (their file by the mapping, the one the old mapping named); None for the owner
        self._names: tuple[str, str | None] | None = None
        if self.user is not None:
            from swarmkit.memory.folder.people import legacy_file, person_file

            self._names = (person_file(self.user), legacy_file(self.user))
        self._own_cache: tuple[tuple, tuple[str, FileClass]] | None = None
        self.git = Git(self.folder)
        self.lock = FolderLock(self.folder / INDEX_DIR / "write.lock", timeout=lock_timeout)
        self.warnings: list[str] = []
        self._excludes_checked = False
        self._hand_edits: list[str] | None = None
        self._wrote = False  # apply() wrote files during the current writing()
        self.redacted = False  # a hand edit's secret was redacted in its file: the index must forget it
        self._writing_depth = 0
        # called once a write has committed and released the lock, with whether a hand edit's
        # secret was redacted since: the store hands in its recall index's upkeep (recall/recaller.py)
        self.after_commit: Callable[[bool], None] | None = None

    # ---- paths -------------------------------------------------------------------------------
    @property
    def person_file(self) -> str:
        """Where this person's facts are written: me.md for the owner, else users/<name>.md by the
        one-to-one mapping (folder/people.py); a file of theirs written before moves there on
        their first write."""
        return self._names[0] if self._names else ME_MD

    @property
    def user_file(self) -> str:
        """Where this person's facts are now: their file, or until their first write a file of
        theirs that the old mapping named (read in place)."""
        return self._own()[0]

    @property
    def own_class(self) -> FileClass:
        """The file class of this person's own file; none at all while their file's name holds
        someone else's file (written before, not moved yet): they see no personal file."""
        return self._own()[1]

    def _own(self) -> tuple[str, FileClass]:
        """(user_file, own_class), worked out again only when one of the two names changed on disk
        (every listed file and entry asks whether it is visible: one lstat per name, not a read)."""
        if not self._names:
            return ME_MD, FileClass(Kind.ME)
        own, legacy = self._names
        stamp = tuple(_stamp(self.path(rel)) if rel else None for rel in self._names)
        if self._own_cache is not None and self._own_cache[0] == stamp:
            return self._own_cache[1]
        rel = own
        if not (self._first_line(own) is not None and self._is_mine(own)):
            if legacy is not None and legacy != own and self._owner_of(legacy) == self.user:
                rel = legacy
        mine = self._first_line(rel) is None or self._is_mine(rel)
        result = (rel, FileClass.of(rel) if mine else NO_FILE)
        self._own_cache = (stamp, result)
        return result

    def _first_line(self, rel: str) -> str | None:
        """The first line of a regular file inside the folder (None otherwise), kept per stat."""
        head = self._head(rel)
        return None if head is None else head.split("\n", 1)[0]

    def _head(self, rel: str) -> str | None:
        """The first 4 KB of a regular file inside the folder (None otherwise), kept per stat."""
        path = self.path(rel)
        try:
            info = os.lstat(path)
        except (OSError, ValueError):
            return None
        key = (info.st_mtime_ns, info.st_size, info.st_ino, info.st_ctime_ns)
        cached = self._owners.get(rel)
        if cached is not None and cached[0] == key:
            return cached[1]
        head = None
        if stat.S_ISREG(info.st_mode) and inside(self.folder, rel):
            try:  # never blocks: O_NONBLOCK, and a regular file (a FIFO swapped in is refused)
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
            except OSError:
                fd = None
            if fd is not None:
                try:
                    if stat.S_ISREG(os.fstat(fd).st_mode):
                        head = os.read(fd, 4096).decode("utf-8", "replace")
                finally:
                    os.close(fd)
        self._owners[rel] = (key, head)
        return head

    def swarm_person(self, slug: str) -> str:
        """Whose run a swarm folder is: the person's file its README names (privacy.swarm_person)."""
        from swarmkit.memory.folder.privacy import swarm_person

        return swarm_person(self._head(f"swarms/{slug}/README.md") or "")

    def class_visible(self, cls: FileClass) -> bool:
        """May this person read a file of class `cls`: a person's file is theirs alone, a swarm
        folder its run's person's, the rest everyone's (folder/privacy.py)."""
        from swarmkit.memory.folder.privacy import visible

        if cls.kind is Kind.SWARM:
            return visible(FileClass.of(self.swarm_person(cls.slug)), self.own_class)
        return visible(cls, self.own_class)

    def _owner_of(self, rel: str) -> str | None:
        from swarmkit.memory.folder.people import recorded_owner

        line = self._first_line(rel)
        return recorded_owner(rel, line) if line is not None else None

    def _is_mine(self, rel: str) -> bool:
        """Is `rel`, if it exists, this person's file (for the owner: me.md)."""
        if self.user is None:
            return rel == ME_MD
        from swarmkit.memory.folder.people import is_theirs

        line = self._first_line(rel)
        return line is None or is_theirs(self.user, rel, line)

    def moved_path(self, rel: str) -> str:
        """`rel`, or where this store moved it (a person's old file, on their first write)."""
        return self._moved.get(rel, rel)

    @property
    def workspace_file(self) -> str:
        return f"workspaces/{self.workspace_id}.md"

    def path(self, rel: str) -> Path:
        return self.folder / rel

    def exists(self) -> bool:
        """Whether the folder is a memory folder (MEMORY.md at its top). A MEMORY.md that is a
        folder, FIFO or link is a Conflict naming it: "no memory folder yet" would send the user
        elsewhere, and a run would silently recall nothing."""
        path = self.folder / MEMORY_MD
        if path.is_file():
            return True  # a link to a file is refused where it is read, as in every memory file's place
        if os.path.lexists(path) and not path.is_symlink():
            self._refuse_memory_md(path)
        return False

    def _refuse_memory_md(self, path: Path) -> None:
        from swarmkit.safe_read import kind_of

        kind = kind_of(os.lstat(path).st_mode)
        raise Conflict(
            f"{path} is {kind}, not a regular file: the memory folder cannot be read, and nothing was written",
            f"remove it and restore the file (`git -C {self.folder} checkout -- {MEMORY_MD}` brings back "
            "the committed one)",
        )

    def md_files(self) -> list[str]:
        """Every memory file in the folder (sorted, relative, `/`-separated; see is_memory_file)."""
        out: list[str] = []
        if not self.folder.is_dir():
            return out
        for root, dirs, files in os.walk(self.folder):
            base = os.path.relpath(root, self.folder).replace(os.sep, "/")
            depth = 0 if base == "." else base.count("/") + 1
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "#")) and depth + 1 < MAX_DEPTH)
            for name in sorted(files):
                rel = name if base == "." else f"{base}/{name}"
                if not is_memory_file(rel):
                    continue
                try:
                    # a symlinked file could pull anything on the disk into recall
                    check_regular(os.path.join(root, name), HAND_EDITED_FILE_LIMIT, follow_links=False)
                except FileRefused as refused:
                    if refused.reason != MISSING:  # a link too: `me.md -> /dev/zero` is said, not hidden
                        self._warn_skipped(rel, refused)
                    continue
                out.append(rel)
        return out

    @staticmethod
    def skipped(rel: str, refused: FileRefused, what: str = "skipped") -> tuple[str, str]:
        """(message, hint) for a memory file that is not read: not a regular file, or too large."""
        if refused.reason == TOO_LARGE:
            return (
                f"{rel} is over {HAND_EDITED_FILE_LIMIT // 1024} KB, too large to be a memory file: it is {what}",
                "split it, or move it out of the memory folder",
            )
        if refused.reason == NOT_REGULAR:
            return (
                f"{rel} is {refused.kind}, not a regular file: it is {what}",
                "remove it, or put a markdown file in its place",
            )
        return f"{rel} cannot be read ({refused.problem}): it is {what}", "check that you may read it"

    def _warn_skipped(self, rel: str, refused: FileRefused, what: str = "skipped") -> None:
        message, hint = self.skipped(rel, refused, what)
        self._warn(f"{message} ({hint})")

    def read_lines(self, rel: str, exact: bool = False, refuse: bool = False) -> list[str] | None:
        """The file's lines (split at `\\n` only); None when it is absent or reached through a linked
        folder. A link in its place is not read (it could show any file on the disk as memory)
        and is refused as a FIFO is: a warning when showing, a Conflict when writing (writing would
        replace the link, and with it the entries it stood for, by one new line).

        Only a regular file of at most HAND_EDITED_FILE_LIMIT bytes is read (safe_read.py): a FIFO
        would block, a device never end, a pasted 12 MB file cost seconds per command. Reading to
        show skips such a file with a warning, refuse=True makes it a Conflict (the file was asked
        for by name), and so does exact=True, for writing the file back: writing would replace what
        was not read. exact=True also keeps bytes that are not UTF-8 as they are (surrogate escapes),
        where reading to show them turns them into U+FFFD. A UTF-8 byte-order mark is dropped."""
        path = self.path(rel)
        try:
            if path.is_symlink():  # a link in a memory file's place is refused as a FIFO is
                kind = "a symbolic link"
                raise FileRefused(path, NOT_REGULAR, f"it is {kind}, not a regular file", kind=kind)
            real = os.path.realpath(path)
            folder = os.path.realpath(self.folder)
            if not real.startswith(folder + os.sep):
                return None
            data = read_regular(path, HAND_EDITED_FILE_LIMIT, follow_links=False)
        except ValueError:  # a NUL byte in the name
            return None
        except FileRefused as refused:
            if refused.reason == MISSING:
                return None
            if exact or refuse:
                raise Conflict(
                    *self.skipped(rel, refused, "not read, so nothing was written" if exact else "not read")
                ) from None
            self._warn_skipped(rel, refused)
            return None
        return E.split_lines(decode_text(data, "surrogateescape" if exact else "replace"))

    # ---- warnings ----------------------------------------------------------------------------
    def _warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)
            warnings.warn(message, MemoryWarning, stacklevel=3)

    def _git_on(self) -> bool:
        if not self.git.available:
            self._warn(
                "git is not installed: memory files are written, but nothing is versioned "
                "(install git to keep a history)"
            )
            return False
        return self.git.is_own_repo()

    # ---- creation ----------------------------------------------------------------------------
    def _state(self) -> str:
        folder = self.folder
        if not folder.exists():
            return "missing"
        if not folder.is_dir():
            from swarmkit.safe_read import kind_of

            kind = kind_of(folder.stat().st_mode)
            raise Conflict(
                f"the memory folder {folder} is {kind}, not a folder",
                "point storage.memory_folder at a folder"
                + (", or move the file away" if kind == "a file" else ""),
            )
        # hidden entries (.git, .index, another writer's temp files mid-create) do not make it "not empty"
        names = [n for n in os.listdir(folder) if not n.startswith(".")]
        if not names:
            return "empty"
        if self.exists():
            return "ready"
        raise Conflict(
            f"{folder} is not empty and is not a memory folder (it has no MEMORY.md); nothing was written",
            "point storage.memory_folder at a new or empty folder, or at an Agent Memory Repo "
            "(a git repository with MEMORY.md at its top)",
        )

    def ensure(self) -> str:
        """Create the folder (git init and the standard files) or adopt an existing memory folder."""
        state = self._state()
        self.folder.mkdir(parents=True, exist_ok=True)
        with self.lock:
            state = self._state()
            if state == "ready":
                self._adopt()
                return "adopted"
            self._create()
            return "created"

    def _adopt(self) -> None:
        if not self.git.available:
            self._git_on()  # warns
        elif not self.git.is_own_repo():
            # A folder written while git was missing: start versioning it now (its files screened:
            # some may have been edited by hand).
            self.git.init()
            self._write_excludes()
            files = self.md_files()
            self.redacted = screen_files(self.folder, files) > 0 or self.redacted
            self.git.commit(
                files + self._existing([".gitattributes"]),
                "Start versioning the memory folder",
                {"Origin": "swarmkit"},
            )
        else:
            self._write_excludes()

    def _existing(self, rels: list[str]) -> list[str]:
        return [r for r in rels if self.path(r).exists()]

    def _create(self) -> None:
        files = {
            MEMORY_MD: f"{HEADINGS[MEMORY_MD]}\n\n{MEMORY_INTRO}\n{INDEX_HEADING}\n- [[me]]\n- [[lessons]]\n",
            ME_MD: f"{HEADINGS[ME_MD]}\n",
            LESSONS_MD: f"{HEADINGS[LESSONS_MD]}\n",
            INBOX_MD: f"{HEADINGS[INBOX_MD]}\n\nUnreviewed entries (imports, contradictions, tainted notes): "
            "keep, pin or delete each one.\n",
            ".gitattributes": "*.md merge=union\n",
        }
        for rel, text in files.items():
            atomic_write(self.path(rel), text)
        if not self.git.available:
            self._git_on()  # warns
            return
        if not self.git.is_own_repo():
            self.git.init()
        self._write_excludes()
        self.git.commit(list(files), "Create memory folder", {"Origin": "swarmkit"})

    def _write_excludes(self) -> None:
        exclude = self.folder / ".git" / "info" / "exclude"
        if not (self.folder / ".git").is_dir():
            return
        try:
            current = decode_text(read_regular(exclude, FILE_LIMIT), "surrogateescape")
        except FileRefused as refused:
            if refused.reason != MISSING:
                return  # not a file git wrote: left as it is
            current = ""
        missing = [line for line in EXCLUDES if line not in current.splitlines()]
        if missing:
            exclude.parent.mkdir(parents=True, exist_ok=True)
            atomic_write(
                exclude,
                current + ("" if not current or current.endswith("\n") else "\n") + "\n".join(missing) + "\n",
            )

    # ---- the write transaction ---------------------------------------------------------------
    @contextmanager
    def writing(self) -> Iterator[None]:
        """Create or adopt the folder, take the lock, check git's state; then the caller writes.

        Hand edits found now are committed (screened) by the first apply(), just before the
        caller's own commit: a refused action commits nothing at all."""
        outermost = self._writing_depth == 0
        if outermost:
            self._wrote = False
        self._writing_depth += 1
        try:
            if self._state() != "ready" or (self.git.available and not self.git.is_own_repo()):
                self.ensure()
            with self.lock:
                yield from self._locked_write()
        except OSError as exc:
            raise Conflict(
                f"could not write to the memory folder {self.folder}: {exc.strerror or exc}"
                + (f" ({exc.filename})" if exc.filename else ""),
                "check that the folder and its .index/ subfolder are writable folders; nothing was committed",
            ) from None
        finally:
            self._writing_depth -= 1
            self._hand_edits = None
        if outermost and (self._wrote or self.redacted) and self.after_commit is not None:
            redacted, self.redacted = self.redacted, False
            self.after_commit(redacted)  # the lock is released: the commit never waits on what follows

    def _locked_write(self) -> Iterator[None]:
        if self._git_on():
            # a merge, rebase, bisect or detached HEAD: refuse before touching anything, index included
            self.git.check_writable()
            if not self._excludes_checked:
                self._write_excludes()  # an adopted repo learns to ignore .index/ before anything
                self._excludes_checked = True
            if self.lock.took_over:  # the last writer died: so may have its git, holding git's locks
                self.lock.took_over = False
                self.git.clear_stale_locks()
                sweep_temp_files(self.folder)
            self.git.check_unlocked()  # a git lock would leave this write uncommitted: refuse first
            self._hand_edits = self.hand_edits()
        self._claim_person_file()
        yield

    def _claim_person_file(self) -> None:
        """On a person's write: the file their name now maps to becomes theirs. A file of someone
        else's there (written by the old mapping) first moves to that person's own name; a file of
        theirs that the old mapping named moves here. One commit each, as a rename (history kept)."""
        from swarmkit.memory.folder.people import legacy_file, person_file

        user = self.user
        if user is None:
            return
        own = self.person_file
        if self._first_line(own) is not None and not self._is_mine(own):
            other = self._owner_of(own) or ""  # recorded: a file that records nobody is the name's
            there = person_file(other)
            if there == own or self._first_line(there) is not None:
                raise Conflict(
                    f"{own} is {other}'s file (its first line says so), and it is where "
                    f"{self.user}'s facts go"
                    + ("" if there == own else f"; it cannot move to {there}, which exists too")
                    + "; nothing was written",
                    f"move {own} away by hand (or merge it into {there}), then retry",
                )
            self._move_person_file(own, there, other)
        legacy = legacy_file(user)
        if legacy is None or legacy == own or self._owner_of(legacy) != user:
            return
        if self._first_line(own) is not None:
            self._warn(
                f"{legacy} and {own} are both {self.user}'s (the first written before ids mapped one to "
                f"one): {legacy} is not read; move its entries into {own} by hand"
            )
            return
        self._move_person_file(legacy, own, user)

    def _move_person_file(self, old: str, new: str, whose: str) -> None:
        """Move a person's file from `old` to `new`, with its MEMORY.md link and the inbox entries
        held for it (`for:`, `contradicts:`); one commit."""
        edited = set(self._hand_edits or ())
        if edited & {old, MEMORY_MD, INBOX_MD} and self.git.available and self.git.is_own_repo():
            self.commit_hand_edits()  # screened and committed before their lines are read
        lines = self.read_lines(old, exact=True)
        if lines is None:
            return
        files: dict[str, list[str] | None] = {old: None, new: lines}
        memory = self.read_lines(MEMORY_MD, exact=True)
        link, moved_link = f"[[{old[:-3]}]]", f"[[{new[:-3]}]]"
        if memory is not None and any(line.strip() == f"- {link}" for line in memory):
            files[MEMORY_MD] = [
                moved_link.join(line.split(link)) if line.strip() == f"- {link}" else line for line in memory
            ]
        inbox = self.read_lines(INBOX_MD, exact=True)
        if inbox is not None:
            held = [_held_for(line, old, new) for line in inbox]
            if held != inbox:
                files[INBOX_MD] = held
        self.apply(files, f"Move {old} to {new}: {whose}'s file, named one to one", "swarmkit")
        if whose == self.user:  # refs to their old file now name this one (another's never does)
            self._moved[old] = new

    def hand_edits(self) -> list[str]:
        """Memory files changed, added or deleted by hand since the last commit (hand_edits.py)."""
        return hand_edited(self.folder, self.git.changed_paths(), self._warn_skipped)

    def commit_hand_edits(self) -> str | None:
        """Commit the pending hand edits, each file screened first (a secret typed into a memory
        file by hand is redacted in it); call inside writing()."""
        rels, self._hand_edits = self._hand_edits or [], []
        if not rels:
            return None
        redacted = screen_files(self.folder, rels)
        if redacted:
            self.redacted = True
            self._warn(
                f"redacted {redacted} secret{'s' if redacted != 1 else ''} in hand edits of "
                f"{', '.join(rels)} before committing them"
            )
        return self.git.commit(rels, "Hand edits", {"Origin": "hand-edit"})

    def size_problem(self, rel: str, lines: list[str]) -> str | None:
        limit = MEMORY_LIMIT if rel == MEMORY_MD else FILE_LIMIT
        size = len(("\n".join(lines) + "\n").encode("utf-8", SURROGATES))
        if size <= limit:
            return None
        old = self.path(rel).stat().st_size if self.path(rel).exists() else 0
        if size <= old:
            return None  # a write that does not grow an over-full (hand-edited) file is fine
        return f"{rel} is full ({limit // 1024} KB): consolidate it first"

    def apply(
        self,
        files: Mapping[str, list[str] | None],
        message: str,
        origin: str = "swarmkit",
        run_id: str | None = None,
    ) -> str | None:
        """Write (or delete) the files atomically and commit exactly them; call inside writing().
        Pending hand edits are committed first, as their own commit."""
        for rel in files:
            self._check_inside(rel)
        edited = set(self._hand_edits or ())
        # a hand-edited file this write rewrites was read before it was screened: its lines as typed
        typed = {rel: set(self.read_lines(rel, exact=True) or ()) for rel in files if rel in edited}
        if edited and self.git.available and self.git.is_own_repo():
            self.commit_hand_edits()
        if typed:
            files = {
                rel: screen_edited(lines, typed[rel]) if rel in typed and lines is not None else lines
                for rel, lines in files.items()
            }
        versioned = self.git.available and self.git.is_own_repo()
        before = snapshot(self.folder, list(files)) if versioned else {}
        for rel, lines in files.items():
            if lines is None:
                target = self.path(rel)
                if target.is_dir():
                    import shutil

                    shutil.rmtree(target)
                else:
                    atomic_delete(target)
            else:
                atomic_write(self.path(rel), "\n".join(lines) + "\n")
        if not versioned:
            self._wrote = True
            return None
        try:
            commit = self.git.commit(list(files), message, {"Origin": origin, "Run": run_id or ""})
            self._wrote = True
            return commit
        except GitFailed as exc:
            # A write that is on disk but not committed would be taken for a hand edit by the next
            # write (committed as "Hand edits", its origin lost) and would make a retry report
            # "reinforced": put the files back as they were, so that the failure is the whole story.
            restore(self.folder, before)
            self.git.run("reset", "-q", "--", *files, check=False)  # git add may have staged them
            raise GitFailed(
                f"{exc.message}; nothing was written (the memory files are as they were)", exc.hint
            ) from None

    def _check_inside(self, rel: str) -> None:
        """A folder in the path that is a symlink (say, synced from a hostile remote) could send a
        write anywhere: every write must land inside the memory folder."""
        folder = self.folder.resolve()
        parent = self.path(rel).parent.resolve()
        if parent != folder and folder not in parent.parents:
            raise Conflict(
                f"{rel} points outside the memory folder (to {parent}); nothing was written",
                "memory files and folders must be real files and folders inside it: remove the symlink",
            )

    # ---- file helpers ------------------------------------------------------------------------
    def heading_for(self, rel: str) -> list[str]:
        if rel in HEADINGS:
            return [HEADINGS[rel]]
        cls = FileClass.of(rel)
        if cls.kind is Kind.SWARM:
            return [f"# {Path(rel).stem.capitalize()}"]
        if cls.kind is Kind.USER:
            return [f"# About {self.user or cls.slug}"]
        if cls.kind is Kind.WORKSPACE:
            ws = cls.slug
            marker = E.render(
                f"Facts about workspace {ws}",
                {"by": "agent", "workspace": ws, "added": E.today(), "marker": "workspace"},
            )
            return [f"# Workspace {ws}", "", marker]
        return [f"# {Path(rel).stem}"]

    def new_file(self, rel: str) -> list[str]:
        return self.heading_for(rel) + [""]

    def append_entry(self, rel: str, lines: list[str] | None, line: str) -> tuple[list[str], int]:
        """The file with `line` appended after its last non-blank line; returns (lines, line number)."""
        lines = list(lines) if lines is not None else self.new_file(rel)
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) == 1 and lines[0].startswith("#"):
            lines.append("")
        lines.append(line)
        return lines, len(lines)

    def line_entry(self, ref: str, exact: bool = False) -> tuple[E.Entry, list[str]]:
        """The entry a ref names and its file's lines (exact=True: to write them back, see
        read_lines), whoever's file it is; a stable ref whose text changed is refused."""
        rel, number = check_ref(ref)
        lines = self.read_lines(rel, exact)
        if lines is None:
            raise NotFound(
                f"{rel} is not in the memory folder {self.folder}",
                "`swarmkit memory list` shows every entry with its ref",
            )
        if isinstance(number, str):
            found = [e for e in E.parse_lines(lines, rel) if text_digest(e.text) == number]
            if not found:
                raise Conflict(
                    f"{ref}: no entry in {rel} has this text any more: it changed or went since it was "
                    "listed; nothing was changed",
                    "`swarmkit memory list` shows every entry with its current ref",
                )
            if len(found) > 1:  # the same text on several lines: the digest cannot tell which one
                line_refs = ", ".join(f"{rel}#L{e.line}" for e in found)
                raise SwarmkitError(
                    f"{ref} is ambiguous: {len(found)} entries in {rel} have this text ({line_refs}); "
                    "nothing was changed",
                    f"name one by its line ref, such as {rel}#L{found[0].line}",
                    code="ambiguous_ref",
                )
            number = found[0].line
        if number > len(lines):
            raise Conflict(
                f"{ref}: {rel} has only {len(lines)} line{'s' if len(lines) != 1 else ''}",
                "`swarmkit memory list` shows every entry with its ref",
            )
        entry = E.parse_line(lines[number - 1], rel, number)
        if entry is None:
            raise Conflict(
                f"{ref} is not an entry (line {number} of {rel} is a heading, prose or blank)",
                "`swarmkit memory list` shows every entry with its ref",
            )
        return entry, lines

    def _not_a_folder_in_the_way(self) -> tuple[Path, str] | None:
        """(path, what it is) of the nearest of the memory folder and the folders above it that
        exists and is no folder (a file named `.swarmkit`), else None."""
        import stat

        from swarmkit.safe_read import kind_of

        for path in (self.folder, *self.folder.parents):
            try:
                mode = os.stat(path).st_mode
            except (OSError, ValueError):
                continue
            if stat.S_ISDIR(mode):
                return None
            return path, "a file" if stat.S_ISREG(mode) else kind_of(mode)
        return None

    def can_be_created(self) -> bool:
        """Whether a first write can create the folder: nothing that is no folder in its way."""
        return self._not_a_folder_in_the_way() is None

    def missing_error(self) -> NotFound:
        blocking = self._not_a_folder_in_the_way()
        if blocking is not None:  # `.swarmkit` or `.swarmkit/memory` is a file: no write makes one
            path, what = blocking
            return NotFound(
                f"there is no memory folder at {self.folder}: {path} is {what}, not a folder",
                f"move {path} away; the memory folder is then created on the first write",
            )
        return NotFound(
            f"there is no memory folder at {self.folder} yet",
            "it is created on the first write (a run that remembers something, or "
            "`swarmkit memory import PATH`)",
        )
