"""Across machines: pull (rebase, `*.md merge=union`) and push the memory folder's git remote."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.actions.sync_merge import merge_subjects
from swarmkit.urls import without_credentials

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader

UNION = "*.md merge=union"


def _need_git(store: MemoryFolder) -> None:
    if not store.git.available:
        raise SwarmkitError(
            "sync needs git, and git is not installed", "install git, then run the sync again"
        )


def _clone(store: MemoryFolder, remote: str) -> dict | None:
    """Clone the remote into the (new or empty) folder; None when the remote is empty, so that the
    folder is created here and pushed. A remote that is not a memory folder leaves nothing behind."""
    import shutil

    store.folder.parent.mkdir(parents=True, exist_ok=True)
    from swarmkit.memory.folder.gitops import Git

    Git(store.folder.parent).run("clone", "-q", "--", remote, str(store.folder))
    if not store.exists():
        # the remote's HEAD names a branch it does not have: check out its only branch, if it has one
        branches = store.git.run("branch", "-r", "--format=%(refname:short)", check=False).stdout.split()
        branches = [b for b in branches if b.startswith("origin/") and b != "origin/HEAD"]
        if len(branches) == 1:
            store.git.run(
                "checkout", "-q", "-b", branches[0].removeprefix("origin/"), branches[0], check=False
            )
    if not store.exists():
        empty = store.git.run("rev-parse", "--verify", "-q", "HEAD", check=False).returncode != 0
        empty = empty and not store.git.run("branch", "-r", check=False).stdout.strip()
        # the clone is ours and the remote still holds all it had: remove it, or every later write
        # would be refused for a folder that is not a memory folder
        shutil.rmtree(store.folder)
        if empty:
            return None
        raise SwarmkitError(
            f"{without_credentials(remote)} is not a memory folder (it has no MEMORY.md at its top); "
            "nothing was changed here",
            "check the remote's address: sync shares a memory folder through an empty repository or "
            "one another machine's sync created",
        )
    store._write_excludes()
    return {
        "remote": without_credentials(remote),
        "branch": store.git.branch(),
        "cloned": True,
        "pulled": _count(store, "HEAD"),
        "pushed": 0,
        "head": store.git.head(),
        "merged": [],
    }


def _count(store: MemoryFolder, spec: str) -> int:
    proc = store.git.run("rev-list", "--count", spec, check=False)
    return int(proc.stdout.strip() or 0) if proc.returncode == 0 else 0


def _ensure_union(store: MemoryFolder) -> None:
    path = store.path(".gitattributes")
    text = path.read_text() if path.exists() else ""
    if UNION not in text.splitlines():
        from swarmkit.memory.folder.atomic import atomic_write

        atomic_write(path, text + ("" if not text or text.endswith("\n") else "\n") + UNION + "\n")
        store.git.commit([".gitattributes"], "Merge memory files by union", {"Origin": "sync"})


def _rebase(store: MemoryFolder, upstream: str) -> None:
    proc = store.git.run("rebase", "-q", upstream, check=False)
    if proc.returncode != 0:
        store.git.run("rebase", "--abort", check=False)
        raise SwarmkitError(
            "sync stopped: your memory commits and the remote's conflict outside the markdown entries; "
            "nothing was pushed and your folder is as it was",
            f"resolve it by hand in {store.folder} (git pull --rebase), then run the sync again",
        )


def _remote_branch(store: MemoryFolder, url: str) -> str | None:
    """The branch to sync with: the one the remote's HEAD names, else its only branch; None when the
    remote has no branch yet. Several branches and no default is refused: guessing would split the
    machines onto two branches."""
    git = store.git
    for line in git.run("ls-remote", "--symref", "origin", "HEAD", check=False).stdout.splitlines():
        if line.startswith("ref: refs/heads/") and line.endswith("\tHEAD"):
            return line[len("ref: refs/heads/") : -len("\tHEAD")]
    heads = [
        line.split("\t", 1)[1].removeprefix("refs/heads/")
        for line in git.run("ls-remote", "--heads", "origin", check=False).stdout.splitlines()
        if "\t" in line
    ]
    if len(heads) > 1:
        raise SwarmkitError(
            f"{without_credentials(url)} has several branches ({', '.join(sorted(heads)[:5])}) and no default "
            "branch to follow; nothing was changed",
            "give the remote a default branch (in a bare repository: git symbolic-ref HEAD refs/heads/NAME), "
            "then run the sync again",
        )
    return heads[0] if heads else None


def _point_bare_head(url: str, branch: str) -> None:
    """After the first push to an empty local bare repository whose HEAD names a branch it does not
    have (`master`, say), make HEAD name the branch pushed, so that a clone checks it out."""
    from pathlib import Path

    from swarmkit.memory.folder.gitops import Git

    bare = Path(url)
    if not bare.is_dir() or not (bare / "HEAD").is_file():
        return
    remote = Git(bare)
    if remote.run("rev-parse", "--verify", "-q", "HEAD", check=False).returncode != 0:
        remote.run("symbolic-ref", "HEAD", f"refs/heads/{branch}", check=False)


def sync(store: MemoryReader, remote: str | None = None) -> dict:
    """Pull with rebase (entries merge by union), then push. With a remote and no folder yet, clone."""
    _need_git(store)
    if remote is not None and not remote.strip():
        raise SwarmkitError("--remote is empty", "give a git URL or the path of a bare repository")
    if remote and "://" not in remote and os.path.isdir(remote):
        # a path is where the command runs from: git, which runs in the memory folder, would read it
        # from there (and fail, or find another repository)
        remote = os.path.abspath(remote)
    if not store.exists():
        folder_empty = not store.folder.exists() or not [
            n for n in store.folder.iterdir() if n.name != ".index"
        ]
        if remote and folder_empty:
            cloned = _clone(store, remote)
            if cloned is not None:
                return cloned
            store.ensure()  # an empty remote: this machine's folder starts it
        if not remote:
            raise store.missing_error()
    with store.writing():
        git = store.git
        if remote:
            has = git.run("remote", "get-url", "origin", check=False).returncode == 0
            git.run("remote", "set-url" if has else "add", "origin", remote)
        url = git.run("remote", "get-url", "origin", check=False).stdout.strip()
        if not url:
            raise SwarmkitError(
                "the memory folder has no remote to sync with",
                "swarmkit memory sync --remote URL (a git URL or the path of a bare repository)",
            )
        fetched = git.run("fetch", "-q", "origin", check=False)
        if fetched.returncode != 0:
            detail = (fetched.stderr or "").strip().splitlines()
            raise SwarmkitError(
                f"could not fetch from {without_credentials(url)}: {detail[-1] if detail else 'git fetch failed'}",
                "check the remote's address and your access to it, then retry",
            )
        followed = _remote_branch(store, url)
        branch = followed or git.branch()  # an empty remote gets this folder's branch
        store.commit_hand_edits()  # a rebase needs them committed; they are screened first
        _ensure_union(store)
        upstream = f"refs/remotes/origin/{branch}"
        pulled = 0
        merged: list = []
        for _attempt in range(3):
            if git.run("rev-parse", "--verify", "-q", upstream, check=False).returncode == 0:
                if git.run("merge-base", "HEAD", upstream, check=False).returncode != 0:
                    raise SwarmkitError(
                        f"the memory folder and {without_credentials(url)} have unrelated histories; nothing was changed",
                        "sync a new, empty folder from the remote instead (it is cloned), or bring the "
                        "other notes in with `swarmkit memory import`",
                    )
                pulled += _count(store, f"HEAD..{upstream}")
                mine, theirs = git.head() or "HEAD", git.run("rev-parse", upstream).stdout.strip()
                _rebase(store, upstream)
                merged += merge_subjects(store, mine, theirs)  # one current line per subject again
                pushed = _count(store, f"{upstream}..HEAD")
            else:
                pushed = _count(store, "HEAD")
            if pushed == 0:
                break
            push = git.run("push", "-q", "origin", f"HEAD:refs/heads/{branch}", check=False)
            if push.returncode == 0:
                break
            detail = (push.stderr or "").strip()
            if "rejected" not in detail and "fetch first" not in detail and "non-fast-forward" not in detail:
                last = detail.splitlines()[-1] if detail else "git push failed"
                raise SwarmkitError(
                    f"could not push to {without_credentials(url)}: {last}",
                    "check your access to the remote, then run the sync again",
                )
            git.run("fetch", "-q", "origin")  # someone pushed in between: rebase on theirs and retry
        else:
            raise SwarmkitError(
                f"could not push to {without_credentials(url)}: it kept changing",
                "run the sync again in a moment",
            )
        if followed is None and pushed:
            _point_bare_head(url, branch)
        return {
            "remote": without_credentials(url),
            "branch": branch,
            "cloned": False,
            "pulled": pulled,
            "pushed": pushed,
            "head": git.head(),
            "merged": [m.to_dict() for m in merged],
        }
