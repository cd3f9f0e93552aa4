"""`memory history`: every change to one entry, followed through the folder's git history.

An entry is named by a ref (me.md#3f9a1c2b or me.md#L3), a subject (user.location; `deploy` also
finds deploy.target) or its text; when nothing has that whole text, part of it (case-insensitive:
`Emacs` finds "Editor is Emacs", now or before). A change that rewrote the entry's text (an edit, a new value for
its subject, a hand edit of the line) is followed back, so the older texts are found too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.file_class import FileClass, Kind

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader

_TRAILER = re.compile(r"(?m)^(Origin|Run): (.+)$")


def _ere(text: str) -> str:
    """`text` as a POSIX extended regular expression (what git log -G takes)."""
    return re.sub(r"([.\[\]()*+?{}|^$\\])", r"\\\1", text)


class _Identity:
    """What makes a line the entry: one of its subjects, or one of its texts (as dedupe keys)."""

    def __init__(self, subjects: set[str], prefixes: set[str], keys: set[str], fragment: str = ""):
        self.subjects, self.prefixes, self.keys = subjects, prefixes, keys
        self.fragment = fragment.lower()  # part of a text, for a TEXT that is no entry's whole text

    def matches(self, entry: E.Entry) -> bool:
        subject = entry.subject
        if subject and (subject in self.subjects or any(subject.startswith(p) for p in self.prefixes)):
            return True
        if self.fragment and self.fragment in entry.text.lower():
            return True
        return E.dedupe_key(entry.text) in self.keys

    def learn(self, entry: E.Entry) -> bool:
        """Take on another text of the entry; True when it was new."""
        key = E.dedupe_key(entry.text)
        new = key not in self.keys or (entry.subject and entry.subject not in self.subjects)
        self.keys.add(key)
        if entry.subject:
            self.subjects.add(entry.subject)
        return bool(new)

    def pattern(self) -> str:
        parts = [r"subject: " + _ere(s) + r"[];]" for s in self.subjects]
        parts += [r"subject: " + _ere(p) for p in self.prefixes]
        for key in self.keys:
            words = [_ere(word) for word in key.split(" ")]
            parts.append(r"[-*][[:space:]]+" + r"[[:space:]]+".join(words))
        if self.fragment:
            parts.append(r"[-*][[:space:]].*" + _ere(self.fragment))
        return "|".join(parts)


# What only a ref looks like: a memory file's name, "#", and more ("me.md#zzzz" is a mistyped ref).
_LOOKS_LIKE_A_REF = re.compile(r"\S+\.md#\S*")


def _is_ref(what: str) -> bool:
    """True for a ref; a word that only looks like one ("me.md#zzzz") is refused, not read as text."""
    from swarmkit.memory.folder.refs import check_ref

    try:
        check_ref(what)
    except SwarmkitError:
        if _LOOKS_LIKE_A_REF.fullmatch(what):
            raise
        return False
    return True


def _identity(store: MemoryReader, what: str, fragment: bool = False) -> _Identity:
    what = str(what or "").strip()
    if not what:
        raise SwarmkitError(
            "history needs an entry: a ref, a subject or the entry's text",
            "for example: swarmkit memory history user.location",
        )
    if fragment:
        return _Identity(set(), set(), set(), what)
    if _is_ref(what):
        entry, _ = store.entry_at(what)
        return _Identity({entry.subject} if entry.subject else set(), set(), {E.dedupe_key(entry.text)})
    subjects: set[str] = set()
    prefixes: set[str] = set()
    if not re.search(r"\s", what):
        norm = E.normalise_subject(what)
        if norm.strip("_"):
            if norm[-1] in ".:_":
                prefixes.add(norm)
            else:
                subjects.add(norm)
                prefixes.update(norm + sep for sep in ".:_")
    return _Identity(subjects, prefixes, {E.dedupe_key(what)})


def changed_lines(store: MemoryFolder, pattern: str | None) -> list[dict]:
    """The commits whose memory-file diffs hold a line matching `pattern` (every commit for None),
    newest first, with the removed and added lines of each hunk."""
    pick = ["--regexp-ignore-case", "-G", pattern] if pattern else []
    proc = store.git.run(
        "log",
        "--format=%x1e%H%x1f%aI%x1f%s%x1f%b%x1f",
        "-p",
        "--no-color",
        "--no-ext-diff",
        "--unified=0",
        *pick,
        "--",
        "*.md",
    )
    out = []
    for record in proc.stdout.split("\x1e")[1:]:
        commit, when, title, body, patch = (record.split("\x1f") + [""] * 5)[:5]
        trailers = dict(_TRAILER.findall(body))
        hunks: list[tuple[str, list[str], list[str]]] = []
        file, header = None, False
        for line in patch.splitlines():
            if line.startswith("diff --git "):
                file, header = None, True
            elif header and line.startswith("+++ "):
                file = line[6:] if line.startswith("+++ b/") else file
            elif header and line.startswith("--- "):
                file = line[6:] if line.startswith("--- a/") else None
            elif line.startswith("@@"):
                header = False
                hunks.append((file or "", [], []))
            elif header:
                continue
            elif hunks and line.startswith("-"):
                hunks[-1][1].append(line[1:])
            elif hunks and line.startswith("+"):
                hunks[-1][2].append(line[1:])
        out.append(
            {
                "commit": commit,
                "date": when,
                "message": title,
                "origin": trailers.get("Origin"),
                "run": trailers.get("Run") or None,
                "hunks": hunks,
                "into": _merged_into(body) if trailers.get("Origin") == "consolidate" else None,
            }
        )
    return out


_INTO = re.compile(r"(?m)^Into: (\S(?:.*?\S)?\.md)#[0-9a-f]{8} (.+)$")


def _merged_into(body: str) -> tuple[str, str] | None:
    """(file, text) an accepted merge kept (actions/consolidate/proposals.py writes the line)."""
    match = _INTO.search(body)
    return (match.group(1), match.group(2)) if match else None


def _events(store: MemoryFolder, commit: dict, who: _Identity, learn: bool) -> tuple[list[dict], bool]:
    """This commit's changes to the entry; with `learn`, older texts met in a change are taken on."""
    learnt = False
    changed: list[tuple[str, E.Entry, E.Entry]] = []
    removed: list[tuple[str, E.Entry]] = []
    added: list[tuple[str, E.Entry]] = []
    for file, minus, plus in commit["hunks"]:
        old = [E.parse_line(line, file) for line in minus]
        new = [E.parse_line(line, file) for line in plus]
        for index in range(max(len(old), len(new))):
            a = old[index] if index < len(old) else None
            b = new[index] if index < len(new) else None
            a_hit = a is not None and who.matches(a)
            b_hit = b is not None and who.matches(b)
            if a is not None and b is not None and (a_hit or b_hit):
                changed.append((file, a, b))
                if learn and a_hit != b_hit:  # the text changed out of what names the entry: follow it
                    learnt = who.learn(a if b_hit else b) or learnt
            else:
                if a is not None and a_hit:
                    removed.append((file, a))
                if b is not None and b_hit:
                    added.append((file, b))
    base = {k: commit[k] for k in ("commit", "date", "message", "origin", "run")}
    events = []
    for file, a, b in changed:
        kind = "changed" if a.text != b.text else "updated"
        events.append(
            base | {"change": kind, "file": file, "text": b.text, "old": a.text, "from": None, "entry": b}
        )
    for file, b in added:
        source = next((item for item in removed if E.dedupe_key(item[1].text) == E.dedupe_key(b.text)), None)
        if source is not None:
            removed.remove(source)
            events.append(
                base
                | {
                    "change": "moved",
                    "file": file,
                    "text": b.text,
                    "old": None,
                    "from": source[0],
                    "entry": b,
                }
            )
        else:
            events.append(
                base
                | {"change": "added", "file": file, "text": b.text, "old": None, "from": None, "entry": b}
            )
    into = commit.get("into")
    for file, a in removed:
        if into is not None and E.dedupe_key(a.text) != E.dedupe_key(into[1]):
            # merged by an accepted proposal: the entry goes on as the text it was merged into
            kept = E.Entry(into[1], a.meta, into[0], 0)
            if learn:
                learnt = who.learn(kept) or learnt
            events.append(
                base
                | {
                    "change": "merged",
                    "file": into[0],
                    "text": into[1],
                    "old": a.text,
                    "from": file,
                    "entry": kept,
                }
            )
            continue
        events.append(
            base | {"change": "removed", "file": file, "text": a.text, "old": None, "from": None, "entry": a}
        )
    return events, learnt


def _learn(store: MemoryFolder, commits: list[dict], who: _Identity) -> bool:
    """Take on the other texts the entry had in these commits, in this order; True when any was new."""
    learnt = False
    for commit in commits:
        learnt = _events(store, commit, who, learn=True)[1] or learnt
    return learnt


def history(store: MemoryReader, what: str) -> list[dict]:
    """Every change to the entry `what` names, newest first: {commit, date, message, origin, run,
    change (added | changed | updated | moved | merged | removed), file, text, old, from}."""
    if not store.exists():
        raise store.missing_error()
    if not store.git.available or not store.git.is_own_repo():
        raise SwarmkitError(
            "history needs git: the memory folder is not a git repository",
            "install git; the next write starts versioning the folder",
        )
    out = _history(store, _identity(store, what))
    if not out and not _is_ref(str(what).strip()):  # no whole text, subject or ref: part of a text
        out = _history(store, _identity(store, what, fragment=True))
    return out


def _history(store: MemoryReader, who: _Identity) -> list[dict]:
    commits = changed_lines(store, who.pattern())  # git finds the commits that touch what names it now
    if _learn(store, commits, who):
        # It had other texts: follow them through every commit, back and forth until nothing new.
        commits = changed_lines(store, None)
        oldest_first = commits[::-1]
        while _learn(store, commits, who) | _learn(store, oldest_first, who):  # both sweeps, every round
            pass
    out = []
    owners: dict[tuple[str, str], bool] = {}
    for commit in commits:
        parent = commit["commit"] + "^"
        for event in _events(store, commit, who, learn=False)[0]:
            entry = event.pop("entry")
            rev = parent if event["change"] == "removed" else commit["commit"]
            held = entry.meta.get("for")
            if (
                was_visible(store, entry.file, rev, owners)
                and (not held or was_visible(store, held, rev, owners))
                and (event["from"] is None or was_visible(store, event["from"], parent, owners))
            ):
                out.append(event)
    return out


def was_visible(store: MemoryReader, rel: str, rev: str, owners: dict[tuple[str, str], bool]) -> bool:
    """May this person see the file `rel` as it was at `rev`: a person's file by whose it was then
    (its heading at that commit, folder/people.py), since a name can change hands when a file
    written by the old mapping moves to its person; a swarm folder's file by whose run its README
    named (a removed swarm's README as it was); any other file as it is now."""
    cls = FileClass.of(rel)
    if cls.kind is Kind.SWARM:
        return swarm_was_theirs(store, cls, rev, owners)
    if store.user is None or not rel.startswith("users/"):
        return store.visible(rel)
    if (rev, rel) not in owners:
        from swarmkit.memory.folder.people import is_theirs

        shown = store.git.run("show", f"{rev}:{rel}", check=False)
        first = shown.stdout.split("\n", 1)[0] if shown.returncode == 0 else None
        owners[rev, rel] = is_theirs(store.user, rel, first)
    return owners[rev, rel]


def swarm_was_theirs(
    store: MemoryReader, cls: FileClass, rev: str, owners: dict[tuple[str, str], bool]
) -> bool:
    """A swarm folder's file: this person's when its README names them. The README as it is now,
    or, for a folder removed since (`runs rm`), as it was at `rev` or just before it; a swarm is
    one run's, so what it says is read once per folder."""
    readme = f"swarms/{cls.slug}/README.md"
    key = ("", readme)  # every revision: a swarm is one run's
    if key not in owners:
        if store.path(readme).exists():
            owners[key] = store.class_visible(cls)
        else:
            from swarmkit.memory.folder.privacy import swarm_person, visible

            head = ""
            for at in (rev, rev + "^"):
                shown = store.git.run("show", f"{at}:{readme}", check=False)
                if shown.returncode == 0:
                    head = shown.stdout
                    break
            owners[key] = visible(FileClass.of(swarm_person(head)), store.own_class)
    return owners[key]
