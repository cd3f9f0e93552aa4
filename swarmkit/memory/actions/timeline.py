"""How memory grew and changed over time, read from the folder's git history: each entry added,
replaced (a new text on the same line, or a new value for its subject) or forgotten, by day.

One `git log -p` over the memory files (history.changed_lines) is read once; nothing is stored.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from swarmkit.memory.actions.history import changed_lines, swarm_was_theirs
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.file_class import FileClass, Kind

if TYPE_CHECKING:
    from swarmkit.memory.folder.reader import MemoryReader

KINDS = ("added", "replaced", "forgotten")
MAX_EVENTS = 5000  # the newest events a timeline keeps: a long history stays a quick read


def _pairs(removed: list[E.Entry], added: list[E.Entry]):
    """(old, new) for each change of one hunk: a removed and an added entry with the same subject,
    else in the order they stand (a line rewritten in place); the rest alone."""
    removed, added = list(removed), list(added)
    for new in list(added):
        same = next((old for old in removed if old.subject and old.subject == new.subject), None)
        if same is not None:
            removed.remove(same)
            added.remove(new)
            yield same, new
    while removed and added:
        yield removed.pop(0), added.pop(0)
    for old in removed:
        yield old, None
    for new in added:
        yield None, new


def events(store: MemoryReader) -> list[dict]:
    """Every change to an entry this person may see, newest first (at most MAX_EVENTS): {day, date,
    commit, file, change, text, old, origin, run}. What `history` and `search --inbox` hide is
    hidden here too: another person's file, a swarm folder of another person's run, and an inbox
    entry held for another person (`for:`)."""
    if not store.exists() or not store.git.available or not store.git.is_own_repo():
        return []
    out: list[dict] = []
    swarms: dict[tuple[str, str], bool] = {}  # a swarm is one run's: whose, read once per folder

    def shown(rel: str, rev: str) -> bool:
        cls = FileClass.of(rel)
        return swarm_was_theirs(store, cls, rev, swarms) if cls.kind is Kind.SWARM else store.visible(rel)

    def theirs(lines: list[str], rel: str) -> list[E.Entry]:
        found = (E.parse_line(line, rel, 0) for line in lines)
        return [e for e in found if e is not None and (not e.meta.get("for") or store.visible(e.meta["for"]))]

    for commit in changed_lines(store, None):
        for rel, minus, plus in commit["hunks"]:
            if not rel or not shown(rel, commit["commit"]):
                continue
            removed, added = theirs(minus, rel), theirs(plus, rel)
            for old, new in _pairs(removed, added):
                if old is not None and new is not None and E.dedupe_key(old.text) == E.dedupe_key(new.text):
                    continue  # only its metadata changed
                change = "replaced" if old and new else ("added" if new else "forgotten")
                out.append(
                    {
                        "day": commit["date"][:10],
                        "date": commit["date"],
                        "commit": commit["commit"][:10],
                        "file": rel,
                        "change": change,
                        "text": (new or old).text if (new or old) else "",
                        "old": old.text if old and new else None,
                        "origin": commit["origin"],
                        "run": commit["run"],
                    }
                )
        if len(out) >= MAX_EVENTS:
            break
    return out[:MAX_EVENTS]


def by_day(found: list[dict]) -> list[dict]:
    """{day, added, replaced, forgotten} for each day with a change, oldest first."""
    counts: dict[str, Counter] = {}
    for event in found:
        counts.setdefault(event["day"], Counter())[event["change"]] += 1
    return [{"day": day, **{kind: counts[day][kind] for kind in KINDS}} for day in sorted(counts)]
