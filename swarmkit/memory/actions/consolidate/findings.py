"""What consolidation finds in a set of entries: pure functions over entries, no files, no git.

- duplicates: the same fact in other words (a similarity at or above DUPLICATE), never two texts
  that name other people or things, hold other numbers, or where one denies what the other says
  (unless the similarity weighs the denial itself and they share no word: "Is lactose intolerant" /
  "Cannot digest dairy", meaning.ByMeaning.weighs_denial); and two texts the plain-speech reader reads as one single-valued thing of the same person with
  the same value, however far apart their words ("Is married to Sam" / "Sam is my husband", "Grew
  up in Leeds" / "Spent her childhood in Leeds", "Is vegetarian" / "Doesn't eat meat or fish");
- contradictions: a later entry that says the opposite of an earlier one (the same words, one of
  them negated), or gives another value for the same single-valued thing about the same person, or
  ends its value, without sharing its `subject:` (speech/attributes.py reads "Lives in Lisbon" and
  "I moved to Porto" both as the location, "Tim is a pilot" and "Tim became a nurse" as the role,
  "Tim works at Acme" and "Tim quit Acme and joined Globex" as the employer);
- junk: text that is no fact (junk.py), or an entry that repeats a pinned MEMORY.md line (always
  loaded: the copy adds nothing);
- copies: a line with the same text as an earlier one in its file. Both have one ref (a ref names
  a text), so it is no merge of two entries: the later copies are proposed as a drop (reason
  `copy`), and accepting it drops a copy, never the first line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from swarmkit.memory.actions.consolidate import junk as J
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref, text_digest
from swarmkit.memory.folder.file_class import FileClass
from swarmkit.memory.folder.layout import MEMORY_MD
from swarmkit.memory.recall.restatement import Names, same_fact
from swarmkit.memory.recall.similarity import Lexical, Similarity, negated
from swarmkit.speech import attributes
from swarmkit.speech.attributes import Claim

DUPLICATE = 0.6  # similarity from which two entries are proposed as one fact
OPPOSITE = 0.75  # similarity from which a negated later entry contradicts the earlier one
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
    return digest_ref(entry.file, entry.text)


def _distinct(entry: E.Entry) -> set[str]:
    """The digests a person said this entry is not a copy of (`distinct:`, from Keep both)."""
    return set(re.findall(r"[0-9a-f]{8}", entry.meta.get("distinct", "")))


def _reviewed(entry: E.Entry) -> bool:
    return entry.meta.get("reviewed", "").strip().lower() == "yes"


Reading = tuple[str | None, list[Claim]]  # attributes.read: whose, what it claims


def _whose(entry: E.Entry, reading: Reading) -> tuple[str, str]:
    """(whose fact it is, as a key and as written): a text that names its person ("Caroline lives in
    Boston") is theirs, any other a personal file's person's, or nobody's in particular in a shared
    file."""
    from swarmkit.memory.folder.privacy import is_personal

    who = reading[0]
    if who:
        return who.lower(), who
    cls = FileClass.of(entry.file)
    by_a_person = entry.by == "user"
    if by_a_person and not is_personal(cls):
        return "me", ""  # what a person wrote of themselves ("I", "we", no subject) is theirs, in any file
    return (cls.label if is_personal(cls) else ""), ""


def _apart(a: Reading, b: Reading) -> bool:
    """Two entries no merge may join: about two people ("I live in Osaka" / "Nate lives in Osaka"),
    or one replacing the other's value ("Is a student at Riverside" / "Dropped out of Riverside")."""
    if a[0] is not None and b[0] is not None and _other_people(a[0].lower(), b[0].lower()):
        return True
    return any(attributes.replaces(x, y) or attributes.replaces(y, x) for x in a[1] for y in b[1])


def _without_people_as_teams(readings: list[Reading], texts: list[str]) -> list[Reading]:
    """ "Gina supports Jon": Jon is a person (a note here opens with him), not a team."""
    people = {t.split(" ", 1)[0].removesuffix("'s").removesuffix("’s") for t in texts}
    return [
        (who, [c for c in claims if c.attribute != "team" or c.value.split(" ", 1)[0] not in people])
        for who, claims in readings
    ]


def _other_people(x: str, y: str) -> bool:
    """Two whose-keys that name two people: "tim" / "sam", "lina" / "lina's husband"; not two of
    one person's relatives in other words ("john's kids" / "john's children")."""
    if "'s " in x and "'s " in y:
        return x.split("'s ", 1)[0] != y.split("'s ", 1)[0]
    return x != y


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

    out += _copies(entries, taken)
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
    readings = _without_people_as_teams([attributes.read(t, names.in_text(t)) for t in texts], texts)
    actors = [names.actor(t) for t in texts]
    for a, b, score in pairs:  # a repeat of a pinned line: the copy outside MEMORY.md goes
        if b >= n > a and entries[a].file != MEMORY_MD and score >= DUPLICATE and free(a):
            p = pinned[b - n]
            alike = same_fact(texts[a], texts[b], person_names[a], person_names[b], actors[a], actors[b])
            if alike and not _reviewed(entries[a]):
                words = ", ".join(sim.shared(a, b)[:6])
                evidence = f"repeats the pinned MEMORY.md line {p.text!r} (similarity {score:.2f}: {words})"
                out.append(Finding("drop", "pinned", (entries[a],), None, evidence, score, (p.text,)))
                taken.add(a)
    groups: list[list[int]] = []
    group_of: dict[int, int] = {}
    group_evidence: dict[int, tuple[float, list[str]]] = {}
    told = _told_alike(entries, readings, texts, person_names, actors)
    for a, b, score in [(a, b, DUPLICATE) for a, b in told] + pairs:
        if b >= n or not free(a, b) or entries[a].file == MEMORY_MD or entries[b].file == MEMORY_MD:
            continue
        if stable(entries[a]) == stable(entries[b]):
            continue  # one text twice in a file: a copy (_copies), or one a person kept (reviewed)
        if text_digest(entries[b].text) in _distinct(entries[a]) or text_digest(entries[a].text) in _distinct(
            entries[b]
        ):
            continue  # a person kept both
        if (a, b) in told:  # read as one thing with one value: a denial in it is part of the value
            if _apart(readings[a], readings[b]) or group_of.get(a) is not None or group_of.get(b) is not None:
                continue
            group_of[a] = group_of[b] = len(groups)
            groups.append([a, b])
            group_evidence[len(groups) - 1] = (max(score, sim.score(a, b)), [told[(a, b)]])
            continue
        if negated(texts[a]) != negated(texts[b]):
            # a denial repeats what it denies: read from shared words, never from meaning alone
            if sim.by_words(a, b) >= OPPOSITE and person_names[a] == person_names[b]:
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
            if not _denial_weighed(sim, a, b):
                continue
        if (
            score < DUPLICATE
            or not same_fact(texts[a], texts[b], person_names[a], person_names[b], actors[a], actors[b])
            or (_apart(readings[a], readings[b]) and not _one_role(sim, a, b))
        ):
            continue
        ga, gb = group_of.get(a), group_of.get(b)
        if ga is None and gb is None:
            group_of[a] = group_of[b] = len(groups)
            groups.append([a, b])
            group_evidence[len(groups) - 1] = (score, sim.shared(a, b))
        elif (ga is None) != (gb is None):
            g, new = (ga, b) if ga is not None else (gb, a)
            assert g is not None
            # one fact with each text the merge holds, not with one of them only: "Lives near Madrid
            # airport" is close to "Lives in a flat in Madrid", never to "Rents an apartment in Madrid"
            if len(groups[g]) < MAX_GROUP and all(
                (min(m, new), max(m, new)) in told or sim.score(m, new) >= DUPLICATE for m in groups[g]
            ):
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
    out.extend(_subject_changes(entries, readings, taken))
    order = {"merge": 0, "supersede": 1, "drop": 2}
    position = {id(e): i for i, e in enumerate(entries)}
    return sorted(out, key=lambda f: (order[f.action], position.get(id(f.entries[0]), -1)))


def _copies(entries: list[E.Entry], taken: set[int]) -> list[Finding]:
    """The lines that repeat an earlier line's text in the same file, one drop per text: they share
    its ref, so they are copies to drop, not two entries to merge (a copy a person kept, marked
    `reviewed: yes` by Keep both, is left alone)."""
    first: dict[tuple[str, str], int] = {}
    copies: dict[int, list[int]] = {}
    for i, entry in enumerate(entries):
        if entry.file == MEMORY_MD or i in taken:
            continue
        at = first.setdefault((entry.file, text_digest(entry.text)), i)
        if at != i and not _reviewed(entry):
            copies.setdefault(at, []).append(i)
    out = []
    for at, later in copies.items():
        original = entries[at]
        many = len(later) > 1
        evidence = (
            f"{'copies' if many else 'a copy'} of line {original.line} ({original.line_ref}), the same text "
            f"word for word: {'they add' if many else 'it adds'} nothing"
        )
        out.append(Finding("drop", "copy", tuple(entries[i] for i in later), None, evidence))
        taken.update(later)
    return out


def _denial_weighed(sim: Similarity, a: int, b: int) -> bool:
    """Whether the similarity's score already weighs one text denying and the other not (the
    calibrated likeness of two short personal facts does: "Is short-sighted" / "Can't see far without
    glasses" is one fact), so a pair at DUPLICATE may merge though only one text denies."""
    weighs = getattr(sim, "weighs_denial", None)
    return bool(weighs is not None and weighs(a, b))


def _one_role(sim: Similarity, a: int, b: int) -> bool:
    """Whether the similarity reads the pair as one role told two ways ("Works as a plumber" /
    "Fixes pipes and boilers for a living", which the plain-speech reader reads as the role "pipes
    and boilers": two values of one role, apart, were it not for what the words mean)."""
    reads = getattr(sim, "one_role", None)
    return bool(reads is not None and reads(a, b))


# What the reader says that names too little to make two texts one fact: a count of pets ("has a dog",
# "has a cat": one or more), a relationship's status (married to whom?).
_VAGUE = ("number of ", "relationship")


def _told_alike(
    entries: list[E.Entry],
    readings: list[Reading],
    texts: list[str],
    person_names: list[frozenset[str]],
    actors: list[str],
) -> dict[tuple[int, int], str]:
    """Pairs of entries the plain-speech reader reads as the same single-valued thing of the same
    person with the same value ("Is married to Sam" / "Sam is my husband": the partner is Sam), with
    the words that say so; never two that name other people or things or hold other numbers."""
    told: dict[tuple[str, str, frozenset[str]], list[int]] = {}
    for i, entry in enumerate(entries):
        if entry.file == MEMORY_MD:
            continue
        key, _ = _whose(entry, readings[i])
        for claim in readings[i][1]:
            if (
                claim.holds
                and not claim.past
                and claim.attribute
                and claim.attribute not in attributes.MANY
                and not claim.attribute.startswith(_VAGUE)
                and claim.words()
            ):
                at = told.setdefault((key, claim.attribute, claim.words()), [])
                if i not in at:
                    at.append(i)
    out: dict[tuple[int, int], str] = {}
    for (_key, attribute, _words), ids in told.items():
        for x, a in enumerate(ids):
            for b in ids[x + 1 :]:
                if (a, b) not in out and same_fact(
                    texts[a], texts[b], person_names[a], person_names[b], actors[a], actors[b]
                ):
                    value = next(c.value for c in readings[a][1] if c.attribute == attribute)
                    out[(a, b)] = f"both give the {attribute} {value!r}"
    return out


def _kept(members: list[int], entries: list[E.Entry], sim: Similarity) -> int:
    """Whose text the merge keeps: a person's own words first, then the text with the most words
    (it says the most), then the newest."""
    from swarmkit.memory.recall.words import terms

    return max(members, key=lambda m: (entries[m].by == "user", len(set(terms(entries[m].text))), m))


def _subject_changes(entries: list[E.Entry], readings: list[Reading], taken: set[int]) -> list[Finding]:
    """Each entry a later one replaces: another value for the same single-valued thing about the
    same person, or the end of its value ("left Acme"), without sharing its `subject:`. An entry
    is superseded by the newest entry that replaces it."""
    read: dict[str, list[tuple[int, str, list[Claim]]]] = {}
    for i, entry in enumerate(entries):
        if i in taken or entry.file == MEMORY_MD:
            continue
        claims = readings[i][1]
        key, who = _whose(entry, readings[i])
        if claims:
            read.setdefault(key, []).append((i, who, claims))
    out = []
    for items in read.values():
        items.sort(key=lambda item: _order(entries, item[0]))
        # "nothing beats Abba" names no kind of favourite: it replaces one only where there is one
        kinds = {
            c.attribute for _, _, claims in items for c in claims if c.attribute.startswith("favourite ")
        }
        for at, (i, _who, old_claims) in enumerate(items):
            for j, who, new_claims in reversed(items[at + 1 :]):
                if entries[i].subject is not None and entries[i].subject == entries[j].subject:
                    continue  # they share their subject: the write path replaces those itself
                replaced = next(
                    (
                        (o, n)
                        for o in old_claims
                        for n in new_claims
                        if attributes.replaces(o, n)
                        and (n.attribute != "favourite" or len(kinds) == 1)
                        and (n.attribute != "preference" or _options(old_claims) & _options(new_claims))
                    ),
                    None,
                )
                if replaced is None:
                    continue
                out.append(
                    Finding(
                        "supersede",
                        "contradiction",
                        (entries[i], entries[j]),
                        entries[j],
                        _replaced(who, replaced[0], replaced[1], entries[j].text, entries[i].text),
                    )
                )
                taken.update((i, j))
                break
    return out


def _options(claims: list[Claim]) -> set[str]:
    """The things a preference weighs ("Prefers tea to coffee": tea and coffee): a later preference
    replaces one only between the same things ("Prefers winter over summer" leaves "Prefers Vim to
    Emacs" alone; an attack review found it proposed in its place)."""
    return {c.value.lower() for c in claims if c.attribute in ("preference", "choice")}


def _replaced(who: str, old: Claim, new: Claim, text: str, old_text: str) -> str:
    whose = f"{who}'s " if who else ""
    if old.attribute == attributes.HABIT:  # a habit's stem ("smok") is no word to show
        turned = "turns over" if new.holds else "ends"
        return f"the later one {turned} {whose}habit told in {old_text!r}: {text!r}"
    if new.holds:
        return f"both give {whose}{old.attribute}, and the later one says {text!r}"
    return f"the later one ends {whose}{old.attribute} {old.value!r}: {text!r}"


def _order(entries: list[E.Entry], i: int) -> tuple[str, int]:
    return (entries[i].meta.get("added") or "", i)
