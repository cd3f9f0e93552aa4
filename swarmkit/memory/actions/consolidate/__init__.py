"""`memory consolidate`: find near-duplicates, contradictions and junk, and propose each as an
inbox item for a person to accept or keep both. Nothing a person wrote changes without their review.

similarity.py  how alike two entries are, behind one interface; lexical
meaning.py     by words and meaning (the embedding model's cosine, calibrated with the words)
junk.py        text that is no fact (chatter, restated instructions, pronoun-only values)
findings.py    what a pass finds over a list of entries (pure)
proposals.py   findings as inbox items; accept and keep both
budgets.py     each file's size against its limit
auto.py        the cheap pass that runs by itself after writes
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from swarmkit.memory.actions.consolidate.findings import Finding, find
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.layout import INBOX_MD, INDEX_HEADING, MEMORY_MD

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader


@dataclass(frozen=True, slots=True)
class Consolidation:
    """One pass: what it read, what it found, what it proposed (nothing in a dry run)."""

    entries: int
    findings: list[Finding]
    proposed: list[str] = field(default_factory=list)
    commit: str | None = None
    dry_run: bool = False
    similarity: str = "lexical"

    def to_dict(self) -> dict:
        counts: dict[str, int] = {}
        for f in self.findings:
            counts[f.reason] = counts.get(f.reason, 0) + 1
        return {
            "entries": self.entries,
            "similarity": self.similarity,
            "dry_run": self.dry_run,
            "found": counts,
            "proposals": [f.to_dict() for f in self.findings],
            "proposed": self.proposed,
            "commit": self.commit,
        }


def pinned_entries(store: MemoryFolder) -> list[E.Entry]:
    out = []
    for number, line in enumerate(store.read_lines(MEMORY_MD) or [], 1):
        if line.strip() == INDEX_HEADING:
            break
        entry = E.parse_line(line, MEMORY_MD, number)
        if entry is not None:
            out.append(entry)
    return out


def candidates(store: MemoryReader, files: list[str] | None = None) -> list[E.Entry]:
    """The entries a pass reads: this person's visible files but the inbox and MEMORY.md, no markers."""
    found = store.entries() if files is None else [e for rel in files for e in store.entries(rel)]
    return [e for e in found if e.file not in (INBOX_MD, MEMORY_MD) and not e.meta.get("marker")]


def consolidate(
    store: MemoryReader,
    dry_run: bool = False,
    similarity: str | None = None,
    files: list[str] | None = None,
    limit: int | None = None,
) -> Consolidation:
    """Find and (unless dry_run) propose; one commit for every proposal of the pass. `similarity`
    None: by words and meaning when an embedding model is in force, else lexical."""
    from swarmkit.memory.actions.consolidate.proposals import pending_refs, propose
    from swarmkit.memory.recall.semantic import EndpointFailed
    from swarmkit.memory.recall.similarity import default_name
    from swarmkit.memory.recall.similarity import similarity as make

    if not store.exists():
        raise store.missing_error()
    entries = candidates(store, files)
    if limit is not None:
        entries = entries[-limit:]  # the newest: a bounded pass looks where writes land
    pinned = pinned_entries(store)
    sim = make(similarity or default_name(), store, entries + pinned)
    try:
        findings = find(entries, pinned, sim, pending_refs(store))
    except EndpointFailed as exc:  # an embeddings endpoint that failed: by words, unless asked for meaning
        if similarity is not None:
            from swarmkit.errors import SwarmkitError

            raise SwarmkitError(
                f"similarity by meaning failed: the embeddings endpoint failed: {exc}",
                "try again, or compare by words (--similarity lexical)",
            ) from None
        import warnings

        from swarmkit.memory.folder.results import MemoryWarning
        from swarmkit.memory.recall import semantic

        if isinstance(model := semantic.choice(), semantic.Model):
            semantic.failed(model, f"the embeddings endpoint failed: {exc}")
        warnings.warn(
            f"consolidating by words only: the embeddings endpoint failed: {exc}", MemoryWarning, stacklevel=2
        )
        sim = make("lexical", store, entries + pinned)
        findings = find(entries, pinned, sim, pending_refs(store))
    if dry_run or not findings:
        return Consolidation(len(entries), findings, dry_run=dry_run, similarity=sim.name)
    with store.writing():
        proposed, commit = propose(store, findings)
    return Consolidation(len(entries), findings, proposed, commit, similarity=sim.name)
