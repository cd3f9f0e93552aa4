"""What consolidation finds in a set of entries: pure functions over entries, no files, no git.

- duplicates: the same fact in other words (a similarity at or above DUPLICATE), never two texts
  that name other people or things, hold other numbers, or where one denies what the other says;
- contradictions: a later entry that says the opposite of an earlier one (the same words, one of
  them negated), or gives another value for the same thing about the same person without sharing
  its `subject:` (facts.py reads "Lives in Lisbon" and "I moved to Porto" both as user.location);
- junk: text that is no fact (junk.py), or an entry that repeats a pinned MEMORY.md line (always
  loaded: the copy adds nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from swarmkit.memory.actions.consolidate import junk as J
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import text_digest
from swarmkit.memory.folder.layout import MEMORY_MD, file_class
from swarmkit.memory.recall.restatement import Names, same_fact
from swarmkit.memory.recall.similarity import Lexical, Similarity, negated

DUPLICATE = 0.6  # similarity from which two entries are proposed as one fact
OPPOSITE = 0.75  # similarity from which a negated later entry contradicts the earlier one
MAX_VALUE_WORDS = 5  # a single value ("Lisbon", "Umbrella Labs") is short; a longer one is a story
MAX_GROUP = 6  # entries merged by one proposal (more wait for the next pass)


@dataclass(frozen=True, slots=True)
class Finding:
    """One proposal: `action` merge (entries → keep's text), supersede (drop the older entries, keep
    the newer), drop (the entries go). `reason` duplicate | contradiction | chatter | instruction |
    pronoun | pinned; `evidence` says why, in words a person reads."""

    action: str
    reason: str
    entries: tuple[E.Entry, ...]
    keep: E.Entry | None
    evidence: str
    score: float = 1.0
    pinned: tuple[str, ...] = field(default=())  # the pinned text a `pinned` finding repeats

    @property
    def refs(self) -> tuple[str, ...]:
        return tuple(stable(e) for e in self.entries)

    def to_dict(self) -> dict:
        return {
            "action": self.action,
            "reason": self.reason,
            "entries": [e.to_dict() | {"stable_ref": stable(e)} for e in self.entries],
            "keep": stable(self.keep) if self.keep is not None else None,
            "text": self.keep.text if self.keep is not None else None,
            "evidence": self.evidence,
            "score": round(self.score, 4),
        }


def stable(entry: E.Entry) -> str:
    return f"{entry.file}#{text_digest(entry.text)}"


def _distinct(entry: E.Entry) -> set[str]:
    """The digests a person said this entry is not a copy of (`distinct:`, from Keep both)."""
    return set(re.findall(r"[0-9a-f]{8}", entry.meta.get("distinct", "")))


def _reviewed(entry: E.Entry) -> bool:
    return entry.meta.get("reviewed", "").strip().lower() == "yes"


def _person(entry: E.Entry, names: Names) -> tuple[str, str]:
    """(whose fact it is, the text without the leading name): a person's file is its person's; a
    text that starts with a name ("Caroline lives in Boston") is that name's."""
    from swarmkit.memory.folder.privacy import is_personal

    cls = file_class(entry.file)
    match = re.match(r"([A-Z][\w-]*)(?:['’]s)?\s+(.*)$", entry.text)
    if match and names.is_name(match.group(1)):
        rest = match.group(2)
        if entry.text[len(match.group(1)) :].startswith(("'s", "’s")):
            rest = "my " + rest  # "Caroline's favourite colour is blue": my favourite colour is blue
        return match.group(1).lower(), rest
    return (cls if is_personal(cls) else "", entry.text)


def _subject(entry: E.Entry, names: Names) -> tuple[str, str, str] | None:
    """(person, single-valued subject, value key) of a fact about someone, or None."""
    from swarmkit.memory.speech.facts import read_fact

    who, rest = _person(entry, names)
    said = rest.rstrip(" .!")
    if rest is not entry.text:  # the name taken off: "has moved to Porto" reads as "I have moved to Porto"
        fact = _statement(
            [said] if said.lower().startswith("my ") else ["I " + t for t in _first_person(said)]
        )
    else:  # a fact as stored ("Lives in Lisbon"), or as said ("I moved to Porto", "Is working as a chef")
        lowered = said[:1].lower() + said[1:]
        fact = read_fact(said) or _statement([said] + ["I " + t for t in _first_person(lowered)])
    if fact is None or fact.subject.count(".") != 1:
        return None  # open-ended (likes, has, uses): they add up instead of replacing each other
    if len(fact.text.split()) > MAX_VALUE_WORDS + 3:
        return None  # "Dance is essential to Gina, and …": a story about a thing, not its one value
    value = E.dedupe_key(
        re.sub(r"(?i)^(lives in|is based in|is from|works (?:at|for|as)|is)\s+", "", fact.text)
    )
    return who, fact.subject, value


def _statement(tries: list[str]):
    """The fact of the first of these first-person texts that states one, or None."""
    from swarmkit.memory.speech.facts import read_statement

    for text in tries:
        fact = read_statement(text)
        if fact is not None:
            return fact
    return None


_FIRST_PERSON = {"is": "am", "has": "have", "was": "was", "does": "do", "goes": "go"}


def _first_person(said: str) -> list[str]:
    """How a person would say what follows their name: "has relocated to Leeds" → "have relocated to
    Leeds", "now works for X" → "now work for X", "is working as a chef" → "work as a chef"."""
    words = said.split(" ")
    out = []
    for i, word in enumerate(words[:3]):
        low = word.lower()
        if low in ("is", "am", "are") and i + 1 < len(words) and words[i + 1].lower().endswith("ing"):
            base = words[i + 1][:-3]  # the progressive: "is living in" is "lives in"
            for verb in (base, base + "e"):
                out.append(" ".join(words[:i] + [verb] + words[i + 2 :]))
        if low in _FIRST_PERSON:
            out.append(" ".join(words[:i] + [_FIRST_PERSON[low]] + words[i + 1 :]))
            break
        if low.endswith("s") and not low.endswith("ss") and len(low) > 3:
            verb = word[:-2] if low.endswith(("ches", "shes", "xes")) else word[:-1]
            out.append(" ".join(words[:i] + [verb] + words[i + 1 :]))
            break
    return out or [said]


def _newer(a: int, b: int, entries: list[E.Entry]) -> bool:
    """Is entries[b] newer than entries[a]: a later `added`, else later in the listing."""
    da, db = entries[a].meta.get("added") or "", entries[b].meta.get("added") or ""
    if da and db and da != db:
        return db > da
    return b > a


def find(
    entries: list[E.Entry],
    pinned: list[E.Entry] | None = None,
    similarity: Similarity | None = None,
    pending: set[str] | None = None,
) -> list[Finding]:
    """Every finding over `entries` (in listing order); `pinned` are MEMORY.md's pinned entries;
    `pending` the refs a proposal already waits on (not proposed again)."""
    pinned = list(pinned or [])
    pending = pending or set()
    sim = similarity or Lexical()
    texts = [e.text for e in entries] + [p.text for p in pinned]
    sim.prepare(texts)
    names = Names(texts)
    out: list[Finding] = []
    taken: set[int] = {i for i, e in enumerate(entries) if stable(e) in pending}

    def free(*ids: int) -> bool:
        return not taken.intersection(ids)

    for i, entry in enumerate(entries):
        if entry.file == MEMORY_MD or _reviewed(entry) or not free(i):
            continue
        found = J.junk(entry.text)
        if found is not None:
            out.append(Finding("drop", found[0], (entry,), None, found[1]))
            taken.add(i)
    n = len(entries)
    pairs = sim.pairs(min(DUPLICATE, OPPOSITE))
    person_names = [names.of(t) for t in texts]
    for a, b, score in pairs:  # a repeat of a pinned line: the copy outside MEMORY.md goes
        if b >= n > a and entries[a].file != MEMORY_MD and score >= DUPLICATE and free(a):
            p = pinned[b - n]
            if same_fact(texts[a], texts[b], person_names[a], person_names[b]) and not _reviewed(entries[a]):
                words = ", ".join(sim.shared(a, b)[:6])
                evidence = f"repeats the pinned MEMORY.md line {p.text!r} (similarity {score:.2f}: {words})"
                out.append(Finding("drop", "pinned", (entries[a],), None, evidence, score, (p.text,)))
                taken.add(a)
    groups: list[list[int]] = []
    group_of: dict[int, int] = {}
    group_evidence: dict[int, tuple[float, list[str]]] = {}
    for a, b, score in pairs:
        if b >= n or not free(a, b) or entries[a].file == MEMORY_MD or entries[b].file == MEMORY_MD:
            continue
        if text_digest(entries[b].text) in _distinct(entries[a]) or text_digest(entries[a].text) in _distinct(
            entries[b]
        ):
            continue  # a person kept both
        if negated(texts[a]) != negated(texts[b]):
            if score >= OPPOSITE and person_names[a] == person_names[b]:
                old, new = (a, b) if _newer(a, b, entries) else (b, a)
                words = ", ".join(sim.shared(a, b)[:6])
                denies = "denies" if negated(texts[new]) else "affirms"
                out.append(
                    Finding(
                        "supersede",
                        "contradiction",
                        (entries[old], entries[new]),
                        entries[new],
                        f"the later entry {denies} what the earlier one says (similarity {score:.2f}: {words})",
                        score,
                    )
                )
                taken.update((a, b))
            continue
        if score < DUPLICATE or not same_fact(texts[a], texts[b], person_names[a], person_names[b]):
            continue
        ga, gb = group_of.get(a), group_of.get(b)
        if ga is None and gb is None:
            group_of[a] = group_of[b] = len(groups)
            groups.append([a, b])
            group_evidence[len(groups) - 1] = (score, sim.shared(a, b))
        elif (ga is None) != (gb is None):
            g, new = (ga, b) if ga is not None else (gb, a)
            assert g is not None
            if len(groups[g]) < MAX_GROUP and sim.score(groups[g][0], new) >= DUPLICATE:
                groups[g].append(new)
                group_of[new] = g
    for g, members in enumerate(groups):
        members.sort()
        keep = _kept(members, entries, sim)
        score, common = group_evidence[g]
        others = len(members) - 1
        out.append(
            Finding(
                "merge",
                "duplicate",
                tuple(entries[m] for m in members),
                entries[keep],
                f"the same fact in other words (similarity {score:.2f}: {', '.join(common[:6])})"
                + (f", {others} copies" if others > 1 else ""),
                score,
            )
        )
        taken.update(members)
    out.extend(_subject_changes(entries, names, taken))
    order = {"merge": 0, "supersede": 1, "drop": 2}
    position = {id(e): i for i, e in enumerate(entries)}
    return sorted(out, key=lambda f: (order[f.action], position.get(id(f.entries[0]), -1)))


def _kept(members: list[int], entries: list[E.Entry], sim: Similarity) -> int:
    """Whose text the merge keeps: a person's own words first, then the text with the most words
    (it says the most), then the newest."""
    from swarmkit.memory.recall.words import terms

    return max(members, key=lambda m: (entries[m].by == "user", len(set(terms(entries[m].text))), m))


def _subject_changes(entries: list[E.Entry], names: Names, taken: set[int]) -> list[Finding]:
    """Later values for the same single-valued thing about the same person (other `subject:`)."""
    latest: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for i, entry in enumerate(entries):
        if i in taken or entry.file == MEMORY_MD:
            continue
        found = _subject(entry, names)
        if found is not None:
            who, subject, value = found
            latest.setdefault((who, subject), []).append((i, value))
    out = []
    for (who, subject), items in latest.items():
        values = {value for _, value in items}
        if len(values) < 2:
            continue
        items.sort(key=lambda item: _order(entries, item[0]))
        newest, value = items[-1]
        older = [i for i, v in items[:-1] if v != value]
        meta_subjects = {entries[i].subject for i in older + [newest]}
        if len(meta_subjects) == 1 and None not in meta_subjects:
            continue  # they share their subject: the write path replaces those itself
        for i in older:
            whose = f"{who}'s " if who and ":" not in who and who != "me" else ""
            out.append(
                Finding(
                    "supersede",
                    "contradiction",
                    (entries[i], entries[newest]),
                    entries[newest],
                    f"both give {whose}{subject.split('.', 1)[1].replace('_', ' ')}, and the later one says "
                    f"{entries[newest].text!r}",
                )
            )
            taken.update((i, newest))
    return out


def _order(entries: list[E.Entry], i: int) -> tuple[str, int]:
    return (entries[i].meta.get("added") or "", i)
