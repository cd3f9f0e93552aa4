"""The memory folder's primitives: paths and refs, reading files, the write lock and `apply`.

Everything that writes the folder goes through MemoryFolder.writing() and apply(): one lock, one
commit, hand edits screened and committed first. The features (privacy, recall, inbox, import,
swarm notes, sync, feedback, facts, curated facts) are built on this module and import it; it
imports none of them. store.py puts them together as MemoryStore.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from swarmkit.errors import Conflict, NotFound, SwarmkitError
from swarmkit.memory import entries as E
from swarmkit.memory.atomic import atomic_delete, atomic_write, sweep_temp_files
from swarmkit.memory.entries import shown, text_digest
from swarmkit.memory.gitops import Git, GitFailed
from swarmkit.memory.locking import DEFAULT_TIMEOUT, FolderLock
from swarmkit.memory.screening import redact

MEMORY_MD = "MEMORY.md"
ME_MD = "me.md"
LESSONS_MD = "lessons.md"
INBOX_MD = "inbox.md"
INDEX_DIR = ".index"  # derived files (recall index, lock): never committed
MEMORY_LIMIT = 4 * 1024
FILE_LIMIT = 64 * 1024
HAND_EDITED_FILE_LIMIT = 512 * 1024  # bytes: a hand-edited file larger than this is not committed
HAND_EDITS_PER_WRITE = 512 * 1024  # bytes of hand-edited files one write screens and commits
TARGETS = ("auto", "me", "lessons", "workspace", "inbox")
INDEX_HEADING = "## Index"
_HEADINGS = {MEMORY_MD: "# Memory", ME_MD: "# About me", LESSONS_MD: "# Lessons", INBOX_MD: "# Inbox"}
_MEMORY_INTRO = 'Always loaded. Pinned entries go above "## Index"; every memory file is linked below it.\n'
_EXCLUDES = (f"/{INDEX_DIR}/", ".*.tmp-*")


class MemoryWarning(UserWarning):
    """Something the user should know that did not stop the write (e.g. git is missing)."""


@dataclass(frozen=True, slots=True)
class WriteResult:
    status: str  # written | replaced | reinforced | outranked | refused (| forgotten, kept, pinned, deleted, edited)
    ref: str | None = None
    reason: str | None = None
    commit: str | None = None
    text: str | None = None  # the entry's text as it is now (or as it was, when it went)
    old: str | None = None  # the text it replaced, for replaced and edited
    stable_ref: str | None = None  # file#digest: names the entry however lines above it move

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "ref": self.ref,
            "reason": self.reason,
            "commit": self.commit,
            "text": self.text,
            "old": self.old,
            "stable_ref": self.stable_ref,
        }


def slug(text: str, limit: int = 64) -> str:
    out = re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")[:limit].strip("-")
    return out


def user_slug(name: str, limit: int = 64) -> str:
    """A user's file name: letters and digits of any script kept (`李` → 李, `Zoë` → zoë, not `zo`),
    NFKC-normalised and lowercased; every other run becomes `-`."""
    import unicodedata

    text = unicodedata.normalize("NFKC", str(name)).lower()
    out = "".join(ch if ch.isalnum() and ch.isprintable() else "-" for ch in text)
    return re.sub(r"-+", "-", out).strip("-")[:limit].strip("-")


def file_class(rel: str) -> str:
    """What a memory file is for: memory, me, user:<slug>, lessons, workspace:<id>, inbox, swarm:<slug>, other."""
    parts = rel.split("/")
    if rel == MEMORY_MD:
        return "memory"
    if rel == ME_MD:
        return "me"
    if rel == LESSONS_MD:
        return "lessons"
    if rel == INBOX_MD:
        return "inbox"
    if len(parts) == 2 and parts[0] == "users":
        return "user:" + parts[1][:-3]
    if len(parts) == 2 and parts[0] == "workspaces":
        return "workspace:" + parts[1][:-3]
    if len(parts) >= 3 and parts[0] == "swarms":
        return "swarm:" + parts[1]
    return "other"


MAX_DEPTH = 4  # folders deep, counting the file: me.md is 1, notes/a/b/c.md is 4


def is_memory_file(rel: str) -> bool:
    """A markdown file swarmkit reads, lists and commits: `.md`, a name a ref can hold, no hidden part
    (dot files, editor swap and backup files are never memory), at most four levels deep."""
    parts = rel.split("/")
    return (
        rel.endswith(".md")
        and len(parts) <= MAX_DEPTH
        and E.parse_ref(f"{rel}#L1") is not None
        and all(part and not part.startswith((".", "#")) and part == part.strip() for part in parts)
    )


def holds_entries(rel: str) -> bool:
    """A swarm folder's README.md describes the swarm (goal, members, rules): its bullets are not entries."""
    parts = rel.split("/")
    return not (len(parts) == 3 and parts[0] == "swarms" and parts[2] == "README.md")


def entry_digest(line: str) -> str:
    """A short digest of an entry's whole line: listings show it so actions can check nothing changed.
    (Bytes that are not UTF-8 count as U+FFFD, as listings show them.)"""
    import hashlib

    return hashlib.sha256(shown(line).strip().encode("utf-8")).hexdigest()[:8]


def stable_ref(entry: E.Entry) -> str:
    """`file#digest`: names the entry by its text, so it does not shift when lines above it go
    (what Entry.ref is)."""
    return entry.ref


def _digest_ref(ref: str) -> tuple[str, str] | None:
    """`path#3f9a1c2b` → (path, digest); the path follows the rules of a line ref (spaces allowed)."""
    path, sep, digest = ref.strip().rpartition("#")
    if not sep or len(digest) != 8 or any(c not in "0123456789abcdef" for c in digest):
        return None
    return (path, digest) if E.parse_ref(f"{path}#L1") is not None else None


def check_ref(ref: str) -> tuple[str, int | str]:
    """(file, line number) of a line ref (me.md#L3), or (file, digest) of a stable one (me.md#3f9a1c2b)."""
    parsed: tuple[str, int | str] | None = E.parse_ref(ref) if isinstance(ref, str) else None
    if parsed is None and isinstance(ref, str):
        parsed = _digest_ref(ref)
    # never outside the folder, never into .git/ or .index/
    if (
        parsed is None
        or parsed[0].startswith("/")
        or any(part in ("", "..") or part.startswith(".") for part in parsed[0].split("/"))
    ):
        raise SwarmkitError(
            f"{ref!r} is not a memory ref",
            "a ref names a file in the memory folder and an entry, like me.md#3f9a1c2b (its digest) or "
            "me.md#L3 (its line); `swarmkit memory list` shows every entry with its ref",
        )
    return parsed


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
        self.folder = Path(folder).absolute()
        self.workspace_id = workspace_id
        self.user = user
        self.user_slug = user_slug(user) if user else None
        if user is not None and not self.user_slug:
            raise SwarmkitError(
                f"user name {user!r} has no letters or digits", "use a name such as --user alice"
            )
        self.git = Git(self.folder)
        self.lock = FolderLock(self.folder / INDEX_DIR / "write.lock", timeout=lock_timeout)
        self.warnings: list[str] = []
        self._excludes_checked = False
        self._hand_edits: list[str] | None = None

    # ---- paths -------------------------------------------------------------------------------
    @property
    def user_file(self) -> str:
        return f"users/{self.user_slug}.md" if self.user_slug else ME_MD

    @property
    def workspace_file(self) -> str:
        return f"workspaces/{self.workspace_id}.md"

    def path(self, rel: str) -> Path:
        return self.folder / rel

    def exists(self) -> bool:
        return (self.folder / MEMORY_MD).is_file()

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
                # a symlinked file could pull anything on the disk into recall
                if is_memory_file(rel) and not os.path.islink(os.path.join(root, name)):
                    out.append(rel)
        return out

    def read_lines(self, rel: str, exact: bool = False) -> list[str] | None:
        """The file's lines (split at `\\n` only); None when it is absent, or a link, or reached
        through a linked folder: a link could show any file on the disk as memory.

        exact=True is for writing the file back: bytes that are not UTF-8 are kept as they are
        (surrogate escapes), where reading to show them turns them into U+FFFD."""
        path = self.path(rel)
        try:
            if path.is_symlink():
                return None
            real = os.path.realpath(path)
            folder = os.path.realpath(self.folder)
            if not real.startswith(folder + os.sep):
                return None
            data = path.read_bytes()
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError):
            return None  # ValueError: a NUL byte in the name
        return E.split_lines(data.decode("utf-8", "surrogateescape" if exact else "replace"))

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
            raise Conflict(
                f"the memory folder {folder} is a file, not a folder",
                "point storage.memory_folder at a folder, or move the file away",
            )
        # hidden entries (.git, .index, another writer's temp files mid-create) do not make it "not empty"
        names = [n for n in os.listdir(folder) if not n.startswith(".")]
        if not names:
            return "empty"
        if (folder / MEMORY_MD).is_file():
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
            self.screen_files(files)
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
            MEMORY_MD: f"{_HEADINGS[MEMORY_MD]}\n\n{_MEMORY_INTRO}\n{INDEX_HEADING}\n- [[me]]\n- [[lessons]]\n",
            ME_MD: f"{_HEADINGS[ME_MD]}\n",
            LESSONS_MD: f"{_HEADINGS[LESSONS_MD]}\n",
            INBOX_MD: f"{_HEADINGS[INBOX_MD]}\n\nUnreviewed entries (imports, contradictions, tainted notes): "
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
        current = exclude.read_text() if exclude.exists() else ""
        missing = [line for line in _EXCLUDES if line not in current.splitlines()]
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
            self._hand_edits = None

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
        yield

    def hand_edits(self) -> list[str]:
        """Memory files changed, added or deleted by hand since the last commit. Anything else in the
        folder (dot files, editor swap and backup files, other files, links) is never committed.
        They are screened before they are committed, so one write takes at most HAND_EDITS_PER_WRITE
        bytes of them (the next write takes the rest), and a file over HAND_EDITED_FILE_LIMIT is
        left out with a warning: screening stays bounded whatever is pasted into the folder."""
        out: list[str] = []
        budget = HAND_EDITS_PER_WRITE
        for rel in self.git.changed_paths():
            rel = rel.rstrip("/")
            if rel.startswith(INDEX_DIR + "/") or not is_memory_file(rel):
                continue
            path = self.path(rel)
            if os.path.islink(path) or not self._inside(rel):
                continue  # a link (dangling or not) is never committed, and never blocks a write
            size = path.stat().st_size if path.is_file() else 0
            if size > HAND_EDITED_FILE_LIMIT:
                self._warn(
                    f"{rel} is over {HAND_EDITED_FILE_LIMIT // 1024} KB, too large to be a memory file: "
                    "it is not committed (split it, or move it out of the memory folder)"
                )
                continue
            if size > budget and out:
                continue  # the next write takes it
            budget -= size
            out.append(rel)
        return out

    def _inside(self, rel: str) -> bool:
        folder, parent = os.path.realpath(self.folder), os.path.realpath(self.path(rel).parent)
        return parent == folder or parent.startswith(folder + os.sep)

    def commit_hand_edits(self) -> str | None:
        """Commit the pending hand edits, each file screened first (a secret typed into a memory
        file by hand is redacted in it); call inside writing()."""
        rels, self._hand_edits = self._hand_edits or [], []
        if not rels:
            return None
        redacted = self.screen_files(rels)
        if redacted:
            self._warn(
                f"redacted {redacted} secret{'s' if redacted != 1 else ''} in hand edits of "
                f"{', '.join(rels)} before committing them"
            )
        return self.git.commit(rels, "Hand edits", {"Origin": "hand-edit"})

    def screen_files(self, rels: list[str]) -> int:
        """Redact secrets in these files in place (bytes that are not UTF-8 kept); the count."""

        total = 0
        for rel in rels:
            path = self.path(rel)
            if not path.is_file() or path.is_symlink():
                continue
            text = path.read_bytes().decode("utf-8", "surrogateescape")
            clean, count = redact(text)
            if count:
                atomic_write(path, clean)
                total += count
        return total

    def size_problem(self, rel: str, lines: list[str]) -> str | None:
        limit = MEMORY_LIMIT if rel == MEMORY_MD else FILE_LIMIT
        size = len(("\n".join(lines) + "\n").encode("utf-8", "surrogateescape"))
        if size <= limit:
            return None
        old = self.path(rel).stat().st_size if self.path(rel).exists() else 0
        if size <= old:
            return None  # a write that does not grow an over-full (hand-edited) file is fine
        return f"{rel} is full ({limit // 1024} KB): consolidate it first"

    def apply(
        self,
        files: dict[str, list[str] | None],
        message: str,
        origin: str = "swarmkit",
        run_id: str | None = None,
    ) -> str | None:
        """Write (or delete) the files atomically and commit exactly them; call inside writing().
        Pending hand edits are committed first, as their own commit."""
        for rel in files:
            self._check_inside(rel)
        edited = set(self._hand_edits or ())
        if edited and self.git.available and self.git.is_own_repo():
            self.commit_hand_edits()
        if edited:
            from swarmkit.memory.screening import redact

            # a hand-edited file this write rewrites was read before it was screened: screen it again
            files = {
                rel: (
                    E.split_lines(redact("\n".join(lines))[0])
                    if rel in edited and lines is not None
                    else lines
                )
                for rel, lines in files.items()
            }
        versioned = self.git.available and self.git.is_own_repo()
        before = self._snapshot(list(files)) if versioned else {}
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
            return None
        try:
            return self.git.commit(list(files), message, {"Origin": origin, "Run": run_id or ""})
        except GitFailed as exc:
            # A write that is on disk but not committed would be taken for a hand edit by the next
            # write (committed as "Hand edits", its origin lost) and would make a retry report
            # "reinforced": put the files back as they were, so that the failure is the whole story.
            self._restore(before, list(files))
            raise GitFailed(
                f"{exc.message}; nothing was written (the memory files are as they were)", exc.hint
            ) from None

    def _snapshot(self, rels: list[str]) -> dict[str, bytes | None]:
        """The bytes of these files (every file under a folder), None for one that is absent."""
        out: dict[str, bytes | None] = {}
        for rel in rels:
            path = self.path(rel)
            if path.is_dir() and not path.is_symlink():
                for root, _dirs, names in os.walk(path):
                    for name in names:
                        inner = Path(root) / name
                        if not inner.is_symlink():
                            out[inner.relative_to(self.folder).as_posix()] = inner.read_bytes()
            elif path.is_file() and not path.is_symlink():
                out[rel] = path.read_bytes()
            else:
                out[rel] = None
        return out

    def _restore(self, before: dict[str, bytes | None], rels: list[str]) -> None:
        """Put the files a failed write touched back as `_snapshot` saw them, and their index entries
        back to the last commit (git add may have staged them before the commit failed)."""
        for rel, data in before.items():
            path = self.path(rel)
            if data is None:
                if path.is_file() or path.is_symlink():
                    atomic_delete(path)
            else:
                atomic_write(path, data.decode("utf-8", "surrogateescape"))
        self.git.run("reset", "-q", "--", *rels, check=False)

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
        if rel in _HEADINGS:
            return [_HEADINGS[rel]]
        cls = file_class(rel)
        if cls.startswith("swarm:"):
            return [f"# {Path(rel).stem.capitalize()}"]
        if cls.startswith("user:"):
            return [f"# About {self.user or cls[5:]}"]
        if cls.startswith("workspace:"):
            ws = cls.split(":", 1)[1]
            marker = E.render(
                f"Facts about workspace {ws}",
                {"by": "agent", "workspace": ws, "added": E.today(), "marker": "workspace"},
            )
            return [f"# Workspace {ws}", "", marker]
        return [f"# {Path(rel).stem}"]

    def new_file(self, rel: str) -> list[str]:
        return self.heading_for(rel) + [""]

    def index_link(self, rel: str, memory_lines: list[str] | None) -> list[str] | None:
        """MEMORY.md with a `- [[link]]` for a new file, or None when it needs none."""
        cls = file_class(rel)
        if rel == MEMORY_MD or cls == "inbox" or cls.startswith("swarm:"):
            return None
        link = f"- [[{rel[:-3]}]]"
        lines = list(memory_lines or [_HEADINGS[MEMORY_MD], ""])
        if link in (line.strip() for line in lines):
            return None
        if INDEX_HEADING not in (line.strip() for line in lines):
            lines += ["", INDEX_HEADING]
        while lines and not lines[-1].strip():
            lines.pop()
        lines.append(link)
        return lines

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

    # ---- the API -----------------------------------------------------------------------------
    def target_file(self, target: str, kind: str | None) -> str:
        if target not in TARGETS:
            raise SwarmkitError(f"unknown memory target {target!r}", f"use one of: {', '.join(TARGETS)}")
        if target == "auto":
            return self.user_file if kind in E.USER_KINDS else LESSONS_MD
        return {
            "me": self.user_file,
            "lessons": LESSONS_MD,
            "workspace": self.workspace_file,
            "inbox": INBOX_MD,
        }[target]

    def missing_error(self) -> NotFound:
        return NotFound(
            f"there is no memory folder at {self.folder} yet",
            "it is created on the first write (a run that remembers something, or "
            "`swarmkit memory import PATH`)",
        )
