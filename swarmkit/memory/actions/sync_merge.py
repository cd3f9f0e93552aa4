"""After a sync's rebase: one current line per subject.

The union merge keeps both sides' lines, so a subject two machines each changed ends up with two
current values. For each such subject the later value stays and the other waits in the inbox as a
`contradicts:` item, which a person can keep instead. "Later" is the `added` date, then the author
time of the commit that wrote the line (when that machine wrote it: a rebase keeps author times,
where it rewrites committer times); a line the user wrote is never replaced by an agent's, nor a
curated fact by an extraction (the rule every write follows, folder/writer.py's outranks).

Only subjects the merge doubled are touched: a file that only one side changed, the inbox (its
candidates may share a subject), and a subject that already had two lines on one side before the
sync (a person's deliberate hand edit) are left as they are. Lines without a subject are unioned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.writer import outranks

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader


@dataclass(frozen=True, slots=True)
class SubjectMerge:
    """One line that went from a subject both machines changed: the value kept, and the one sent to
    the inbox, or the old value one machine had replaced (which the union merge brought back), or
    neither (the same value twice: the copy just goes)."""

    subject: str
    file: str
    kept: str
    kept_ref: str
    inbox: str | None
    replaced: str | None = None

    def to_dict(self) -> dict:
        return {
            "subject": self.subject,
            "file": self.file,
            "kept": self.kept,
            "kept_ref": self.kept_ref,
            "inbox": self.inbox,
            "replaced": self.replaced,
        }


def _changed(git, since: str, until: str) -> set[str]:
    proc = git.run("diff", "--name-only", "-z", "--no-renames", since, until, "--", check=False)
    return {p for p in proc.stdout.split("\0") if p} if proc.returncode == 0 else set()


def _lines_at(git, commit: str, rel: str) -> list[str]:
    proc = git.run("show", f"{commit}:{rel}", check=False)
    return E.split_lines(proc.stdout) if proc.returncode == 0 else []


def _subjects_at(git, commit: str, rel: str) -> dict[str, int]:
    """How many lines each subject has in the file at this commit."""
    counts: dict[str, int] = {}
    for entry in E.parse_lines(_lines_at(git, commit, rel), rel):
        if entry.subject:
            counts[entry.subject] = counts.get(entry.subject, 0) + 1
    return counts


def _author_times(git, rel: str) -> dict[int, int]:
    """Line number → author time (seconds) of the commit that wrote that line, from git blame."""
    proc = git.run("blame", "--line-porcelain", "HEAD", "--", rel, check=False)
    times: dict[int, int] = {}
    if proc.returncode != 0:
        return times
    number = 0
    for line in proc.stdout.splitlines():
        if line.startswith("\t"):
            continue
        parts = line.split(" ")
        if len(parts) >= 3 and len(parts[0]) in (40, 64) and parts[1].isdigit() and parts[2].isdigit():
            number = int(parts[2])
        elif parts[0] == "author-time" and len(parts) == 2 and parts[1].isdigit():
            times[number] = int(parts[1])
    return times


def _later(a: E.Entry, b: E.Entry, times: dict[int, int]) -> tuple[E.Entry, E.Entry]:
    """(the value that stays, the one that goes): the later, unless that would let an agent's line
    replace the user's (or an extraction a curated fact)."""

    def when(entry: E.Entry) -> tuple[str, int, int]:
        return (entry.meta.get("added", ""), times.get(entry.line, 0), entry.line)

    earlier, later = sorted((a, b), key=when)
    if outranks(earlier, later.by, later.meta.get("origin", "swarmkit")):
        return earlier, later
    return later, earlier


def doubled_subjects(store: MemoryFolder, mine: str, theirs: str) -> dict[str, list[str]]:
    """The file → subjects that have more than one line now (after the rebase of `mine` onto
    `theirs`) and had at most one on each side before."""
    from swarmkit.memory.folder.layout import INBOX_MD, holds_entries, is_memory_file

    git = store.git
    base = git.run("merge-base", mine, theirs, check=False).stdout.strip()
    if not base:
        return {}
    both = _changed(git, base, mine) & _changed(git, base, theirs)
    out: dict[str, list[str]] = {}
    for rel in sorted(both):
        if rel == INBOX_MD or not is_memory_file(rel) or not holds_entries(rel):
            continue
        now = E.parse_lines(store.read_lines(rel) or [], rel)
        counts: dict[str, int] = {}
        for entry in now:
            if entry.subject:
                counts[entry.subject] = counts.get(entry.subject, 0) + 1
        doubled = [s for s, n in counts.items() if n > 1]
        if not doubled:
            continue
        before = (_subjects_at(git, mine, rel), _subjects_at(git, theirs, rel))
        doubled = [s for s in doubled if all(side.get(s, 0) <= 1 for side in before)]
        if doubled:
            out[rel] = doubled
    return out


def merge_subjects(store: MemoryReader, mine: str, theirs: str) -> list[SubjectMerge]:
    """Leave one line per doubled subject and move the other to the inbox; one commit. Call inside
    store.writing(), after the rebase."""
    from swarmkit.memory.folder.file_class import FileClass
    from swarmkit.memory.folder.layout import INBOX_MD
    from swarmkit.memory.folder.privacy import is_personal

    doubled = doubled_subjects(store, mine, theirs)
    if not doubled:
        return []
    git = store.git
    base = git.run("merge-base", mine, theirs, check=False).stdout.strip()
    files: dict[str, list[str] | None] = {}
    inbox = store.read_lines(INBOX_MD, exact=True)
    inbox_lines = list(inbox) if inbox is not None else store.new_file(INBOX_MD)
    merges: list[SubjectMerge] = []
    for rel, subjects in doubled.items():
        lines = list(store.read_lines(rel, exact=True) or [])
        entries = E.parse_lines(lines, rel)
        times = _author_times(git, rel)
        # a line of the merge base that one machine replaced or removed, which the union merge kept
        # (both machines changed the lines around it): that machine's change stands
        was = {line.strip() for line in _lines_at(git, base, rel)}
        sides = [{line.strip() for line in _lines_at(git, side, rel)} for side in (mine, theirs)]
        gone: set[int] = set()
        for subject in subjects:
            same = [e for e in entries if e.subject == subject]
            stale = [
                e
                for e in same
                if lines[e.line - 1].strip() in was and any(lines[e.line - 1].strip() not in s for s in sides)
            ]
            if len(stale) < len(same):
                same = [e for e in same if e not in stale]
            else:
                stale = []
            kept = same[0]
            for other in same[1:]:
                kept = _later(kept, other, times)[0]
            for loser in same:
                if loser is kept:
                    continue
                gone.add(loser.line)
                moved = None
                if E.dedupe_key(loser.text) != E.dedupe_key(kept.text):
                    meta = dict(loser.meta) | {"contradicts": kept.ref}
                    if is_personal(FileClass.of(rel)):
                        meta["for"] = rel  # shown only to the person the fact is about
                    inbox_lines, _ = store.append_entry(INBOX_MD, inbox_lines, E.render(loser.text, meta))
                    moved = loser.text
                merges.append(SubjectMerge(subject, rel, kept.text, kept.ref, moved))
            for old in stale:
                gone.add(old.line)
                merges.append(SubjectMerge(subject, rel, kept.text, kept.ref, None, old.text))
        files[rel] = [line for number, line in enumerate(lines, 1) if number not in gone]
    if any(m.inbox for m in merges):
        files[INBOX_MD] = inbox_lines
    store.apply(files, _message(merges), "sync")
    return merges


def _message(merges: list[SubjectMerge]) -> str:
    subjects = sorted({m.subject for m in merges})
    if not any(m.inbox for m in merges):
        title = (
            f"Sync: one current value for {subjects[0]}"
            if len(subjects) == 1
            else f"Sync: one current value for each of {len(subjects)} subjects"
        )
    elif len(subjects) == 1:
        title = f"Sync: {subjects[0]} changed on two machines; the later value is kept, the other waits in the inbox"
    else:
        title = (
            f"Sync: {len(subjects)} subjects changed on two machines; the later values are kept, "
            "the others wait in the inbox"
        )
    body = [f'- {m.subject} ({m.file}): kept "{E.cut_text(m.kept, 60)}"; ' + _what_went(m) for m in merges]
    return title + "\n\n" + "\n".join(body)


def _what_went(merge: SubjectMerge) -> str:
    if merge.inbox is not None:
        return f'to the inbox: "{E.cut_text(merge.inbox, 60)}"'
    if merge.replaced is not None:
        return f'"{E.cut_text(merge.replaced, 60)}", which one machine had replaced, stays gone'
    return "the same value twice"
