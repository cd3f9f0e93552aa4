"""Git for the memory folder, with none of the user's hooks, signing or GIT_* environment."""

from __future__ import annotations

import os
import re
import stat
import time
from pathlib import Path
from typing import TYPE_CHECKING

from swarmkit.errors import Conflict

# subprocess, shutil and shlex are imported where git is run: a run that recalls and writes
# nothing opens the folder without running git, and they are a tenth of its memory cost
if TYPE_CHECKING:
    import subprocess

AUTHOR_NAME = "swarmkit"
AUTHOR_EMAIL = "memory@swarmkit.invalid"
# `-c` wins over every config file, so a repository or global setting cannot bring these back.
_SAFE_CONFIG = (
    "core.hooksPath=/dev/null",
    "commit.gpgsign=false",
    "tag.gpgsign=false",
    "push.gpgsign=false",
    "core.fsmonitor=false",
    "core.autocrlf=false",
    "core.safecrlf=false",
    "core.quotepath=false",
    "core.editor=true",
    "log.showSignature=false",
    "init.defaultBranch=main",
    "rebase.autoStash=false",
    "pull.rebase=true",
    f"user.name={AUTHOR_NAME}",
    f"user.email={AUTHOR_EMAIL}",
)


class GitFailed(Conflict):
    """A git command the memory folder needed did not succeed."""


class GitBusy(Conflict):
    """The folder's git is in a state where a commit would be lost or would resolve something."""


class GitLocked(Conflict):
    """One of git's lock files is in the folder: a git command is running there, or one crashed."""


# git's own words when a lock file is in its way (the file is named; the last line, which the
# message used to quote, is "remove the file manually to continue" and does not name it)
_LOCK_IN_THE_WAY = re.compile(r"Unable to create '(?P<path>[^']+\.lock)': File exists")
LOCK_SETTLE = 1.0  # seconds a lock file gets to go away (a person's `git status` holds one briefly)
# The files git reads in a working tree and its git folder on every command: a FIFO or a device
# there (or a link to one) blocks git forever, or never ends (/dev/zero), so git is not run then.
_READ_BY_GIT = (".gitattributes", ".gitignore")
_GIT_FILES = ("config", "HEAD", "index", "packed-refs", "info/exclude", "info/attributes", "commondir")
GIT_TIMEOUT = 120.0  # seconds: a git command still running then is stuck (a file swapped in meanwhile)


def lock_hint(path: str) -> str:
    import shlex

    return (
        f"if no git command is running in that folder (one that crashed leaves its lock behind), "
        f"remove the lock: rm {shlex.quote(path)}; then retry"
    )


def lock_problem(path: str) -> str:
    return f"git's lock file {path} is there (a git command is running in the folder, or one crashed)"


# (marker in the git folder, what is going on, how to finish it) for every state a write must not touch
_STATES = (
    (
        "MERGE_HEAD",
        "a merge is in progress",
        "finish it (git merge --continue) or abort it (git merge --abort)",
    ),
    (
        "rebase-merge",
        "a rebase is in progress",
        "finish it (git rebase --continue) or abort it (git rebase --abort)",
    ),
    (
        "rebase-apply",
        "a rebase or `git am` is in progress",
        "finish it (git rebase --continue) or abort it (git rebase --abort / git am --abort)",
    ),
    (
        "CHERRY_PICK_HEAD",
        "a cherry-pick is in progress",
        "finish it (git cherry-pick --continue) or abort it (git cherry-pick --abort)",
    ),
    (
        "REVERT_HEAD",
        "a revert is in progress",
        "finish it (git revert --continue) or abort it (git revert --abort)",
    ),
    ("BISECT_LOG", "a bisect is in progress", "end it with git bisect reset"),
)


def git_available() -> bool:
    import shutil

    return shutil.which("git") is not None


def clean_env() -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        {
            "GIT_AUTHOR_NAME": AUTHOR_NAME,
            "GIT_AUTHOR_EMAIL": AUTHOR_EMAIL,
            "GIT_COMMITTER_NAME": AUTHOR_NAME,
            "GIT_COMMITTER_EMAIL": AUTHOR_EMAIL,
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_EDITOR": "true",
            "LC_ALL": "C",
        }
    )
    return env


class Git:
    """Runs git in one folder; `available` is False when git is not installed."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.available = git_available()
        self._env = clean_env()

    def blocking_file(self) -> tuple[Path, str] | None:
        """(the file, what it is) of a file git reads on every command that is no regular file (a
        FIFO, a device, a link to one); None when git may run. One stat per name."""
        from swarmkit.safe_read import FileRefused, kind_of, read_regular

        git_dir = self.git_dir()
        paths = [self.folder / name for name in _READ_BY_GIT] + [git_dir / name for name in _GIT_FILES]
        try:  # the branch HEAD names: git reads its ref file too (a link to /dev/zero never ends)
            head = read_regular(git_dir / "HEAD", 4096).decode("utf-8", "replace").strip()
        except FileRefused:
            head = ""
        if head.startswith("ref: refs/") and ".." not in head:
            paths.append(git_dir / head[5:])
        for path in paths:
            try:
                mode = os.stat(path).st_mode
            except (OSError, ValueError):  # missing (git does without), a loop, a NUL: git says so itself
                continue
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                return path, kind_of(mode)
        return None

    def run(self, *args: str, check: bool = True, input: str | None = None) -> subprocess.CompletedProcess:
        import subprocess

        blocking = self.blocking_file()
        if blocking is not None:
            path, kind = blocking
            command = next((a for a in args if not a.startswith("-")), "")
            raise GitFailed(
                f"git {command} was not run in the memory folder {self.folder}: {path} is {kind}, not a "
                "regular file, and git would wait on it forever; nothing was written",
                f"remove {path} (git makes its own files again; `git init` in that folder restores a "
                "missing config)",
            )
        cmd = ["git"]
        for item in _SAFE_CONFIG:
            cmd += ["-c", item]
        cmd += list(args)
        try:
            proc = subprocess.run(
                cmd,
                cwd=self.folder,
                env=self._env,
                input=input,
                capture_output=True,
                text=True,
                encoding="utf-8",
                errors="replace",
                timeout=GIT_TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            raise GitFailed(
                f"git {args[0]} did not finish within {GIT_TIMEOUT:g} s in the memory folder {self.folder}",
                "run `git status` in that folder to see what is wrong; the memory files themselves were kept",
            ) from None
        if check and proc.returncode != 0:
            raise self.failure(args[0], proc)
        return proc

    def failure(self, command: str, proc: subprocess.CompletedProcess) -> GitFailed:
        """The error for a git command that failed: a lock file in its way is named, with how to
        remove it safely; otherwise git's last line of output."""
        output = (proc.stderr or proc.stdout or "").strip()
        locked = _LOCK_IN_THE_WAY.search(output)
        if locked:
            path = locked.group("path")
            return GitFailed(
                f"git {command} failed in the memory folder {self.folder}: {lock_problem(path)}",
                lock_hint(path),
            )
        detail = output.splitlines()
        return GitFailed(
            f"git {command} failed in the memory folder {self.folder}: {detail[-1] if detail else proc.returncode}",
            "run `git status` in that folder to see what is wrong; the memory files themselves were kept",
        )

    def is_own_repo(self) -> bool:
        """True when the folder is the top level of its own repository (not inside another one)."""
        return (self.folder / ".git").exists()

    def git_dir(self) -> Path:
        """The repository's git folder: `.git`, or where a `.git` file (a worktree) points."""
        from swarmkit.safe_read import FileRefused, read_regular

        dot = self.folder / ".git"
        if dot.is_file():
            try:  # a `.git` file is one line; anything else (huge, swapped for a FIFO) is not read
                line = read_regular(dot, 4096).decode("utf-8", "replace").strip()
            except FileRefused:
                return dot
            if line.startswith("gitdir:"):
                target = Path(line[7:].strip())
                return target if target.is_absolute() else (self.folder / target)
        return dot

    def busy_state(self) -> tuple[str, str] | None:
        """(what is going on, how to finish it) when a commit now would be lost or would meddle with
        a person's unfinished work: HEAD on no branch, or a merge, rebase, cherry-pick, revert or
        bisect in progress. Read from git's own files, so nothing (not even the index) is touched."""
        git_dir = self.git_dir()
        for marker, what, hint in _STATES:
            if (git_dir / marker).exists():
                return what, hint
        from swarmkit.safe_read import FileRefused, read_regular

        try:  # a FIFO in HEAD's place would block this read: only a small regular file is read
            head = read_regular(git_dir / "HEAD", 4096).decode("utf-8", "replace").strip()
        except FileRefused:
            return None
        if head and not head.startswith("ref: "):
            return (
                f"HEAD is not on a branch (detached at {head[:10]})",
                "check out the branch first (git switch main), then retry: a commit here would be lost",
            )
        return None

    def check_writable(self) -> None:
        """Refuse a write clearly while the repository is busy (see busy_state)."""
        busy = self.busy_state()
        if busy is not None:
            what, hint = busy
            raise GitBusy(
                f"the memory folder {self.folder} cannot be written: {what}; nothing was written",
                f"in that folder, {hint}",
            )

    def lock_files(self) -> list[Path]:
        """git's lock files in the repository (index.lock, HEAD.lock, ref locks): while one is there,
        a commit fails."""
        git_dir = self.git_dir()
        return sorted(p for p in (*git_dir.glob("*.lock"), *git_dir.glob("refs/**/*.lock")) if p.is_file())

    def check_unlocked(self, settle: float = LOCK_SETTLE) -> None:
        """Refuse a write while one of git's lock files is in the folder, before anything is written
        (a write would be left uncommitted). A lock gets `settle` seconds to go away: a person's git
        holds one for a moment. Swarmkit never removes it here: it cannot tell a crashed git from a
        person's git still running (`git commit` waiting for its editor holds index.lock)."""
        deadline = time.monotonic() + settle
        while True:
            locks = self.lock_files()
            if not locks:
                return
            if time.monotonic() >= deadline:
                break
            time.sleep(0.05)
        path = str(locks[0])
        raise GitLocked(
            f"the memory folder {self.folder} cannot be written: {lock_problem(path)}; nothing was written",
            lock_hint(path),
        )

    def clear_stale_locks(self, settle: float = 1.0) -> list[str]:
        """Remove the lock files (index.lock, ref locks) of a git killed mid-command.

        Call only under the folder lock after taking it over from a dead writer: then no other
        swarmkit git runs here. A lock touched in the last `settle` seconds may belong to that
        writer's git still finishing as an orphan, so it gets that long to go away by itself.
        """
        git_dir = self.folder / ".git"
        deadline = time.monotonic() + settle
        while True:
            locks = [p for p in (*git_dir.glob("*.lock"), *git_dir.glob("refs/**/*.lock")) if p.is_file()]
            if not locks:
                return []
            try:
                newest = max(p.stat().st_mtime for p in locks)
            except FileNotFoundError:
                continue
            if time.time() - newest >= settle or time.monotonic() >= deadline:
                break
            time.sleep(0.02)
        removed = []
        for lock in locks:
            try:
                lock.unlink()
                removed.append(lock.relative_to(self.folder).as_posix())
            except FileNotFoundError:
                pass
        return removed

    def init(self) -> None:
        self.run("init", "-q", "-b", "main")

    def head(self) -> str | None:
        fast = self._head_from_files()
        if fast:
            return fast
        proc = self.run("rev-parse", "--verify", "-q", "HEAD", check=False)
        return proc.stdout.strip() or None if proc.returncode == 0 else None

    def _head_from_files(self) -> str | None:
        """HEAD without a process: .git/HEAD → a loose ref (the common case after a commit)."""
        from swarmkit.safe_read import FileRefused, read_regular

        git_dir = self.folder / ".git"
        try:  # small regular files only: a FIFO or /dev/zero there would block or never end
            head = read_regular(git_dir / "HEAD", 4096).decode("utf-8", "replace").strip()
            if head.startswith("ref: "):
                value = read_regular(git_dir / head[5:], 4096).decode("utf-8", "replace").strip()
            else:
                value = head
        except (FileRefused, ValueError):
            return None
        return value if len(value) in (40, 64) and all(c in "0123456789abcdef" for c in value) else None

    def branch(self) -> str:
        proc = self.run("symbolic-ref", "--short", "-q", "HEAD", check=False)
        return proc.stdout.strip() or "main"

    def changed_paths(self) -> list[str]:
        """Paths with changes not yet committed (modified, new, deleted), relative to the folder.
        (--no-optional-locks: looking never rewrites git's index.)"""
        proc = self.run(
            "--no-optional-locks", "status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"
        )
        out = []
        for item in proc.stdout.split("\0"):
            if len(item) > 3:
                out.append(item[3:])
        return out

    def commit(self, paths: list[str], message: str, trailers: dict[str, str] | None = None) -> str | None:
        """Commit exactly these paths (added, changed or deleted); None when nothing changed.

        The message is screened like an entry: it quotes entry texts and names folders."""
        from swarmkit.screening.screen import redact

        message = redact(message)[0]
        present = [p for p in paths if os.path.lexists(self.folder / p)]
        gone = [p for p in paths if not os.path.lexists(self.folder / p)]
        if present:
            self.run("add", "--", *present)
        if gone:
            self.run("rm", "-q", "--cached", "--ignore-unmatch", "-r", "--", *gone)
        body = message
        if trailers:
            body += "\n\n" + "\n".join(f"{k}: {v}" for k, v in trailers.items() if v)
        proc = self.run(
            "commit",
            "-q",
            "--no-verify",
            "--no-gpg-sign",
            "-F",
            "-",
            "--",
            *paths,
            input=body + "\n",
            check=False,
        )
        if proc.returncode != 0:
            if self.run("diff", "--cached", "--quiet", "--", *paths, check=False).returncode == 0:
                return None  # nothing to commit: the files already matched the last commit
            raise self.failure("commit", proc)
        return self.head()
