"""What a person asks of memory in a conversation: what it knows about them, to forget something,
which kept value a correction puts right. speech/memory_requests.py reads the words; this finds the
entries they mean, in the person's own view, and acts.

The entries a person may be told about or have forgotten are those their view reads: their own file,
the shared files the reader's scope reads, and the pinned lines of MEMORY.md; never another person's
file, never the inbox (nobody reviewed it) or a swarm's notes. A forget removes the one entry the
words clearly mean (the folder's history keeps it): when several could be meant, it lists them and
forgets none. A forget of a statement ("forget that I drive a red Skoda Octavia") also takes the fact
out of every entry that states it in one of its sentences (speech/within.py: "My wife is called
Priya. I drive a red Skoda Octavia." keeps "My wife is called Priya."), in the same one commit: a
person who asked memory to forget something expects no kept entry to say it any more. A pinned line
is given to every run of everyone: it is named, never forgotten or cut from a conversation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.file_class import FileClass, Kind

if TYPE_CHECKING:
    from swarmkit.memory.actions.parts import MemoryParts
    from swarmkit.memory.folder.reader import MemoryReader

LISTED = 25  # entries a group lists; the rest are counted, with the command that lists them all
CLEAR = 0.5  # the share of what the words name that an entry must hold to be meant
# ... and of what a statement states: "forget that I live in Porto" never means "Lives in Lisbon"
CLEAR_STATEMENT = 0.75
_ORDER = {Kind.ME: 0, Kind.USER: 0, Kind.MEMORY: 1, Kind.WORKSPACE: 2, Kind.LESSONS: 3, Kind.OTHER: 4}


def group_title(rel: str) -> str:
    kind = FileClass.of(rel).kind
    return {
        Kind.ME: "About you",
        Kind.USER: "About you",
        Kind.MEMORY: "Pinned (given to every run)",
        Kind.WORKSPACE: "About this workspace",
        Kind.LESSONS: "Lessons",
    }.get(kind, "Notes")


def readable(store: MemoryReader, scope: str | None = None) -> list[E.Entry]:
    """Every entry this person's view may be told about: their file, the pinned lines, and (unless
    the scope is `user`) the shared files; in file order, their own file first."""
    out = []
    for entry in store.entries() if store.exists() else []:
        file_class = FileClass.of(entry.file)
        if file_class.kind not in _ORDER or entry.meta.get("marker"):
            continue  # the inbox, a swarm's notes, a workspace file's first line naming it
        if scope == "user" and not (file_class.rules.personal or file_class.kind is Kind.MEMORY):
            continue
        out.append(entry)
    return sorted(out, key=lambda e: (_ORDER[FileClass.of(e.file).kind], e.file, e.line))


# ---- which entries words mean ---------------------------------------------------------------------


def _concepts(words: str) -> list[frozenset[str]]:
    """What the words name, one set of stems a concept: each content word with the words its topic
    covers ("car": drive, vehicle, …), stemmed as recall stems."""
    from swarmkit.memory.recall.words import terms
    from swarmkit.speech.memory_requests import related

    out: list[frozenset[str]] = []
    seen: set[str] = set()
    for word in words.lower().replace("’", "'").split():
        for term in terms(word):
            if term in seen:
                continue
            seen.add(term)
            stems = {term}
            for other in related(word.strip(".,;:!?'\"")):
                stems.update(terms(other))
            out.append(frozenset(stems))
    return out


def _share(concepts: list[frozenset[str]], entry: E.Entry) -> float:
    """The share of the concepts the entry's text or subject holds."""
    if not concepts:
        return 0.0
    from swarmkit.memory.recall.words import entry_terms

    held = set(entry_terms(entry.text, {"subject": entry.meta.get("subject", "")}))
    return sum(1 for concept in concepts if concept & held) / len(concepts)


def _as_fact(words: str):
    """The fact a statement states ("I drive a red Skoda" → Drives a red Skoda), or None."""
    from swarmkit.speech.facts import extract, read_fact

    found = extract(words)
    return found[0] if len(found) == 1 else read_fact(words)


def subject_of_entry(entry: E.Entry) -> str | None:
    from swarmkit.speech.facts import subject_of

    return entry.subject or subject_of(entry.text)


def meant(store: MemoryReader, words: str, scope: str | None = None) -> list[E.Entry]:
    """The entries `words` mean, best first: the one stated word for word (or the same subject with
    the same value), else those holding the largest share (at least CLEAR) of what the words name.
    More than one means the words do not say which."""
    return _meant(readable(store, scope), words, _as_fact(words))


def _meant(entries: list[E.Entry], words: str, fact) -> list[E.Entry]:
    """meant() over the entries already read, with the fact `words` state (or None) already read."""
    if fact is not None:
        key = E.dedupe_key(fact.text)
        same = [e for e in entries if E.dedupe_key(e.text) == key]
        if same:
            return same
    concepts = _concepts(words)
    scored = [(_share(concepts, e), e) for e in entries]
    if fact is not None and fact.subject:
        subject = E.normalise_subject(fact.subject)
        same_thing = [e for share, e in scored if share >= CLEAR_STATEMENT and subject_of_entry(e) == subject]
        if len(same_thing) == 1:
            return same_thing
    best = max((share for share, _ in scored), default=0.0)
    if best < (CLEAR if fact is None else CLEAR_STATEMENT):
        return []
    return [e for share, e in scored if share == best]


def about(store: MemoryReader, topic: str, scope: str | None = None) -> list[E.Entry]:
    """The entries about a topic ("your work"): those holding at least CLEAR of what it names; every
    readable entry for no topic."""
    entries = readable(store, scope)
    if not topic.strip():
        return entries
    concepts = _concepts(topic)
    return [e for e in entries if _share(concepts, e) >= CLEAR]


# ---- what memory knows ----------------------------------------------------------------------------


@dataclass
class Known:
    """What a person's memory holds (on a topic), grouped by file."""

    topic: str
    groups: list[tuple[str, str, list[E.Entry]]] = field(default_factory=list)  # (title, file, entries)

    @property
    def count(self) -> int:
        return sum(len(entries) for _, _, entries in self.groups)

    def to_dict(self) -> dict:
        return {
            "topic": self.topic,
            "count": self.count,
            "groups": [
                {
                    "title": title,
                    "file": rel,
                    "entries": [{"ref": e.ref, "text": E.shown(e.text)} for e in entries[:LISTED]],
                    "more": max(0, len(entries) - LISTED),
                }
                for title, rel, entries in self.groups
            ],
            "answer": self.answer(),
        }

    def answer(self) -> str:
        what = f"about {self.topic}" if self.topic else "about you"
        if not self.count:
            return f"I have nothing saved {what} yet."
        noun = "entry" if self.count == 1 else "entries"
        lines = [f"Here is what I have saved {what} ({self.count} {noun}):"]
        for title, rel, entries in self.groups:
            lines.append(f"{title} ({rel}):")
            lines += [f"- {E.shown(e.text)} ({e.ref})" for e in entries[:LISTED]]
            if len(entries) > LISTED:
                lines.append(f"- … and {len(entries) - LISTED} more: swarmkit memory list {rel}")
        lines.append('To have me forget one, say "forget that …" or "forget REF".')
        return "\n".join(lines)


def known(store: MemoryReader, topic: str = "", scope: str | None = None) -> Known:
    """What memory keeps about the person (on `topic`, as said back to them: "your work"), grouped."""
    result = Known(topic)
    for entry in about(store, topic, scope):
        if result.groups and result.groups[-1][1] == entry.file:
            result.groups[-1][2].append(entry)
        else:
            result.groups.append((group_title(entry.file), entry.file, [entry]))
    return result


# ---- forgetting -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cut:
    """A fact taken out of an entry that states it in one of its sentences: the entry as it was read,
    and its text left (never empty: an entry left with nothing is forgotten whole)."""

    entry: E.Entry
    left: str

    def to_dict(self) -> dict:
        entry = self.entry
        return {"ref": entry.ref, "text": E.shown(entry.text), "file": entry.file, "left": E.shown(self.left)}

    def said(self) -> str:
        return f"“{E.shown(self.entry.text)}” ({self.entry.ref}), which now reads “{E.shown(self.left)}”"


def _ended(said: str) -> str:
    """`said` with a full stop, unless the quotation it ends with ends its own sentence (“… Priya.”)."""
    return said if said.rstrip("”").endswith(tuple(".!?…")) else said + "."


# What a pinned line not changed is, and how to change it: a line that states the fact among other
# sentences is edited, not forgotten whole.
_NOT_CHANGED = {
    False: ("forget it", "To remove it: swarmkit memory forget {}"),
    True: ("take it out of it", "To change it: swarmkit memory edit {} TEXT"),
}


def _pinned_said(entry: E.Entry, within: bool = False) -> str:
    """Why a pinned line was not changed: it is given to every run of everyone."""
    verb, hint = _NOT_CHANGED[within]
    return (
        f"{E.shown(entry.text)} ({entry.ref}) is pinned in MEMORY.md, which every run of everyone is given, "
        f"so I did not {verb}. " + hint.format(entry.ref)
    )


@dataclass
class Forgotten:
    """What a request to forget did: `status` is forgotten, several (none forgotten), pinned (not
    forgotten), none (nothing matched) or refused (a ref not this person's, or the folder refused).
    A forget by a statement also takes the fact out of the entries that state it in a sentence
    (`cuts`); `pinned` names the pinned lines that state it (a Cut: in one of their sentences),
    which are never changed."""

    status: str
    words: str
    entries: list[E.Entry] = field(default_factory=list)
    commit: str | None = None
    reason: str | None = None
    cuts: list[Cut] = field(default_factory=list)
    pinned: list[Cut | E.Entry] = field(default_factory=list)
    fact: str | None = None  # the fact the words state, as kept ("Drives a red Skoda Octavia")

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "words": self.words,
            "entries": [{"ref": e.ref, "text": E.shown(e.text), "file": e.file} for e in self.entries],
            "cuts": [cut.to_dict() for cut in self.cuts],
            "pinned": [
                {"ref": e.ref, "text": E.shown(e.text), "file": e.file} for e in map(_entry, self.pinned)
            ],
            "commit": self.commit,
            "reason": self.reason,
            "answer": self.answer(),
        }

    def answer(self) -> str:
        from swarmkit.speech.memory_requests import said_back

        what = said_back(self.words)
        if self.status == "forgotten":
            commit = f", commit {self.commit[:10]}" if self.commit else ""
            gone = "; ".join(f"{E.shown(e.text)} ({e.ref})" for e in self.entries)
            cuts = "; ".join(cut.said() for cut in self.cuts)
            if not self.cuts:
                said = f"Forgotten: {gone}."
            elif gone:
                said = _ended(f"Forgotten: {gone}. Also taken out of: {cuts}")
            else:
                said = _ended(f"Forgotten that {what}: taken out of {cuts}")
            pinned = "".join(" " + _pinned_said(_entry(p), isinstance(p, Cut)) for p in self.pinned)
            return f"{said} The memory folder's history still holds it{commit}.{pinned}"
        if self.status == "pinned":
            (entry,) = self.entries
            return _pinned_said(entry, any(isinstance(p, Cut) for p in self.pinned))
        if self.status == "several":
            lines = [f"Several entries could be what you mean by “{what}”, so I forgot none of them:"]
            lines += [f"- {E.shown(e.text)} ({e.ref})" for e in self.entries]
            lines.append('Say which one: "forget REF".')
            return "\n".join(lines)
        if self.status == "refused":
            return f"I could not forget “{what}”: {self.reason}"
        return f"Nothing I have saved matches “{what}”, so nothing was forgotten."


def stated_within(entries: list[E.Entry], fact: str) -> list[Cut | E.Entry]:
    """The entries that state `fact` (as kept: "Drives a red Skoda Octavia") in one of their sentences
    or statements: each as a Cut, or the entry itself when nothing of it is left ("I drive a red Skoda
    Octavia."). A sentence states it when it reads, alone, as a fact with the same dedupe key; a
    sentence that names the same things in any other shape ("Sold my red Skoda Octavia") never does."""
    from swarmkit.speech.within import without

    key = E.dedupe_key(fact)

    def same(text: str) -> bool:
        return E.dedupe_key(text) == key

    out: list[Cut | E.Entry] = []
    for entry in entries:
        left = without(entry.text, same)
        if left is None:
            continue
        if not left:
            out.append(entry)
        elif not E.split_metadata(left)[1]:  # what is left must not read as a metadata group
            out.append(Cut(entry, left))
    return out


def _reached(
    store: MemoryReader, words: str, scope: str | None
) -> tuple[list[E.Entry], list[Cut | E.Entry], str | None]:
    """(the entries the words mean whole, the entries that state the fact the words state in a
    sentence, that fact). A statement reaches every entry that states it, whole or in a sentence;
    only when none does is the entry holding the largest share of what it names the one meant."""
    fact = _as_fact(words)
    entries = readable(store, scope)  # read once: the fallback below reads the same entries
    if fact is None:
        return _meant(entries, words, None), [], None
    key = E.dedupe_key(fact.text)
    whole = [e for e in entries if E.dedupe_key(e.text) == key]
    within = stated_within([e for e in entries if e not in whole], fact.text)
    if whole or within:
        return whole, within, fact.text
    return _meant(entries, words, fact), [], fact.text


def _entry(reached: Cut | E.Entry) -> E.Entry:
    return reached.entry if isinstance(reached, Cut) else reached


def _is_pinned(entry: E.Entry) -> bool:
    return FileClass.of(entry.file).kind is Kind.MEMORY


def forget(parts: MemoryParts, words: str, ref: str | None = None, scope: str | None = None) -> Forgotten:
    """Forget the one entry `words` (or `ref`) clearly mean, and (for words that state a fact) take
    that fact out of every entry that states it in a sentence; one commit."""
    store = parts.reader
    within: list[Cut | E.Entry] = []
    fact = None
    if ref is not None:
        try:
            entry, _ = store.entry_at(ref)
        except SwarmkitError as exc:
            return Forgotten("refused", words, reason=exc.message)
        found = [entry] if FileClass.of(entry.file).kind in _ORDER else []
        if not found:
            return Forgotten(
                "refused", words, reason=f"{ref} is not a kept fact (the inbox or a swarm's notes)"
            )
    else:
        found, within, fact = _reached(store, words, scope)
    if len(found) > 1:
        return Forgotten("several", words, found[:LISTED])
    if found and _is_pinned(found[0]):
        return Forgotten("pinned", words, found)
    pinned = [p for p in within if _is_pinned(_entry(p))]
    gone = found + [e for e in within if isinstance(e, E.Entry) and not _is_pinned(e)]
    cuts = [c for c in within if isinstance(c, Cut) and not _is_pinned(c.entry)]
    if not gone and not cuts:
        if pinned:  # only a pinned line states it, in one of its sentences
            return Forgotten("pinned", words, [_entry(pinned[0])], pinned=pinned[:1], fact=fact)
        return Forgotten("none", words)
    try:
        if cuts or len(gone) > 1:
            changes = [(e, None) for e in gone] + [(c.entry, c.left) for c in cuts]
            result = parts.writer.forget_within(changes, fact or E.shown(gone[0].text))
        else:
            result = parts.writer.forget(gone[0].ref, expect_text=gone[0].text)
    except SwarmkitError as exc:
        return Forgotten("refused", words, gone, reason=exc.message, cuts=cuts, fact=fact)
    return Forgotten("forgotten", words, gone, commit=result.commit, cuts=cuts, pinned=pinned, fact=fact)


# ---- corrections --------------------------------------------------------------------------------------


def corrected(store: MemoryReader, subject: str, text: str) -> E.Entry | None:
    """The entry in the person's own file that a correction ("actually my wife is called Priya")
    puts right: the one of the same subject, else the one single entry about the same thing (its
    subject's first word: user.wife_s_name for user.wife) with another value; None when there is
    none, or more than one."""
    subject = E.normalise_subject(subject)
    head = _head(subject)
    if not head:
        return None
    own = [e for e in readable(store, "user") if FileClass.of(e.file).rules.personal]
    same = [e for e in own if subject_of_entry(e) == subject]
    if same:
        return same[0]
    key = E.dedupe_key(text)
    candidates = [e for e in own if _head(subject_of_entry(e) or "") == head and E.dedupe_key(e.text) != key]
    return candidates[0] if len(candidates) == 1 else None


def _head(subject: str) -> str:
    """A person's subject's first word: user.wife_s_name → wife, user.likes.tea → likes."""
    if not subject.startswith("user."):
        return ""
    rest = subject[len("user.") :]
    return rest.replace(".", "_").split("_", 1)[0]
