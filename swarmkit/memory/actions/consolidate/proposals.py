"""Findings as inbox items, and what a person's answer does: accept (one commit that says what it
merged or dropped) or keep both (the entries stay; they are never proposed together again).

A proposal is one inbox line, a marker (never recalled, never deduped against):

- Merge 2 entries into: Prefers dark mode in every editor [by: agent; source: consolidate; added: …;
  entries: me.md#1a2b3c4d, me.md#5e6f7a8b; evidence: …; for: me.md; keep: me.md#1a2b3c4d;
  marker: proposal; proposal: merge; reason: duplicate]

`entries` are stable refs (file#digest of the text), so a proposal still names its entries when
lines above them move, and is refused when one of them changed since it was proposed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from swarmkit.errors import Conflict, SwarmkitError
from swarmkit.memory.actions.consolidate.findings import Finding, stable
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.entries import digest_ref, text_digest
from swarmkit.memory.folder.file_class import FileClass
from swarmkit.memory.folder.layout import INBOX_MD
from swarmkit.memory.folder.results import WriteResult

if TYPE_CHECKING:
    from swarmkit.memory.folder.memory_folder import MemoryFolder
    from swarmkit.memory.folder.reader import MemoryReader

ORIGIN = "consolidate"
_REF = re.compile(r"(\S(?:.*?\S)?\.md#[0-9a-f]{8})(?:\s*,\s*|\s*$)")
_QUOTE = 120  # characters of an entry's text quoted in a proposal's own text


def is_proposal(entry: E.Entry) -> bool:
    return entry.meta.get("marker") == "proposal" and entry.meta.get("proposal") in (
        "merge",
        "supersede",
        "drop",
    )


def refs_of(entry: E.Entry) -> list[str]:
    return [m.group(1) for m in _REF.finditer(entry.meta.get("entries", ""))]


def pending_refs(store: MemoryFolder) -> set[str]:
    """The entries a proposal in the inbox already names: a later pass leaves them to it."""
    lines = store.read_lines(INBOX_MD) or []
    return {ref for e in E.parse_lines(lines, INBOX_MD) if is_proposal(e) for ref in refs_of(e)}


def proposal_text(finding: Finding) -> str:
    if finding.action == "merge":
        assert finding.keep is not None
        return f"Merge {len(finding.entries)} entries into: {finding.keep.text}"
    gone = [e for e in finding.entries if e is not finding.keep]
    quoted = "; ".join(repr(E.cut_text(e.text, _QUOTE)) for e in gone)
    if finding.action == "supersede":
        assert finding.keep is not None
        return f"Drop {quoted}: superseded by {E.cut_text(finding.keep.text, _QUOTE)!r}"
    return f"Drop {quoted}: {finding.evidence}"


def proposal_line(finding: Finding, held_for: str | None) -> str:
    meta = {
        "by": "agent",
        "kind": finding.keep.kind if finding.keep is not None else None,
        "source": ORIGIN,
        "added": E.today(),
        "entries": ", ".join(finding.refs),
        "evidence": finding.evidence,
        "for": held_for,
        "keep": stable(finding.keep) if finding.keep is not None else None,
        "marker": "proposal",
        "proposal": finding.action,
        "reason": finding.reason,
    }
    return E.render(proposal_text(finding), meta)


def _held_for(store: MemoryFolder, finding: Finding) -> str | None:
    """A proposal about a person's file is shown to that person only (as `for:` holds it)."""
    from swarmkit.memory.folder.privacy import is_personal

    for entry in finding.entries:
        if is_personal(FileClass.of(entry.file)):
            return entry.file
    return None


def fits(finding: Finding) -> bool:
    """A proposal's refs must fit in one metadata value (200 characters)."""
    return len(", ".join(finding.refs)) <= E.MAX_VALUE


def propose(
    store: MemoryFolder, findings: list[Finding], why: str | None = None
) -> tuple[list[str], str | None]:
    """Write the findings into the inbox as proposals, in one commit; (their refs, the commit).
    Call inside store.writing(); a finding whose inbox line would pass the inbox's budget waits."""
    findings = [f for f in findings if fits(f)]
    if not findings:
        return [], None
    lines = store.read_lines(INBOX_MD, exact=True)
    waiting = pending_refs(store)
    refs = []
    for finding in findings:
        if waiting.intersection(finding.refs):
            continue  # proposed meanwhile (another pass)
        line = proposal_line(finding, _held_for(store, finding))
        grown, number = store.append_entry(INBOX_MD, lines, line)
        if store.size_problem(INBOX_MD, grown):
            break  # the inbox is full: the rest are found again by the next pass
        lines = grown
        refs.append(digest_ref(INBOX_MD, proposal_text(finding)))
        waiting.update(finding.refs)
    if not refs:
        return [], None
    n = len(refs)
    message = f"Consolidate: propose {n} change{'s' if n != 1 else ''} for review in the inbox" + (
        f" ({why})" if why else ""
    )
    assert lines is not None
    return refs, store.apply({INBOX_MD: lines}, message, ORIGIN)


def _proposal(store: MemoryReader, ref: str, expect: str | None) -> tuple[E.Entry, list[str]]:
    from swarmkit.memory.folder.refs import check_ref

    rel, _ = check_ref(ref)
    if rel != INBOX_MD:
        raise SwarmkitError(f"{ref} is not in the inbox", "proposals are listed by `swarmkit memory inbox`")
    entry, lines = store.entry_at(ref, expect, exact=True)
    if not is_proposal(entry):
        raise SwarmkitError(
            f"{ref} is not a consolidation proposal; nothing was changed",
            "keep, pin or delete an inbox entry; accept and keep-both answer proposals",
            code="not_a_proposal",
        )
    return entry, lines


def _located(store: MemoryReader, ref: str, proposal: str, files: dict[str, list[str]], used: set) -> E.Entry:
    """The entry a proposal names, in the lines this action writes back; refused when it changed.
    The same text twice in a file has one digest: each ref takes the next line holding it."""
    rel, digest = ref.rsplit("#", 1)
    store.check_visible(rel)
    if rel not in files:
        files[rel] = store.read_lines(rel, exact=True) or []
    found = [
        e
        for e in E.parse_lines(files[rel], rel)
        if text_digest(e.text) == digest and (rel, e.line) not in used
    ]
    if not found:
        raise Conflict(
            f"{ref} changed or went since {proposal} proposed it; nothing was changed",
            f"delete the proposal ({proposal}) and run `swarmkit memory consolidate` again",
        )
    used.add((rel, found[0].line))
    return found[0]


def _copy_located(
    store: MemoryReader, ref: str, proposal: str, files: dict[str, list[str]], used: set
) -> E.Entry:
    """A copy a `copy` proposal names: the last line holding its text, never the first one (it
    stays); refused when no copy is left beside it."""
    rel, digest = ref.rsplit("#", 1)
    store.check_visible(rel)
    if rel not in files:
        files[rel] = store.read_lines(rel, exact=True) or []
    found = [e for e in E.parse_lines(files[rel], rel) if text_digest(e.text) == digest]
    left = [e for e in found[1:] if (rel, e.line) not in used]
    if not left:
        raise Conflict(
            f"{ref} has no copy left since {proposal} proposed to drop one; nothing was changed",
            f"delete the proposal ({proposal})",
        )
    used.add((rel, left[-1].line))
    return left[-1]


def _named_by(proposal: E.Entry) -> Callable[..., E.Entry]:
    """How a proposal's refs find their lines: a copy's the last line of its text, any other's the
    first line not taken yet."""
    return _copy_located if proposal.meta.get("reason") == "copy" else _located


def _write_back(files: dict[str, list[str]], drop: set, put: dict) -> dict[str, list[str]]:
    """The files with lines dropped ((file, line) in `drop`) and replaced (`put[(file, line)]`)."""
    out = {}
    for rel, lines in files.items():
        out[rel] = [
            put.get((rel, number), line) for number, line in enumerate(lines, 1) if (rel, number) not in drop
        ]
    return out


def accept(store: MemoryReader, ref: str, text: str | None = None, expect: str | None = None) -> WriteResult:
    """Do what the proposal says, in one commit naming what it merged or dropped."""
    if not store.exists():
        raise store.missing_error()
    _proposal(store, ref, expect)  # refused before anything is locked
    if text is not None:
        from swarmkit.memory.actions.direct import checked_text

        text = checked_text(text)
    with store.writing():
        proposal, inbox = _proposal(store, ref, expect)
        action = proposal.meta["proposal"]
        files: dict[str, list[str]] = {INBOX_MD: inbox}
        used: set = set()
        refs = refs_of(proposal)
        named = [_named_by(proposal)(store, r, ref, files, used) for r in refs]
        keep_ref = proposal.meta.get("keep")
        keep = next((e for e, r in zip(named, refs, strict=True) if r == keep_ref), None)
        if action in ("merge", "supersede") and keep is None:
            raise Conflict(f"{ref} names no entry to keep; nothing was changed", "delete the proposal")
        gone = [e for e in named if e is not keep]
        drop = {(INBOX_MD, proposal.line)} | {(e.file, e.line) for e in gone}
        put = {}
        result_text = result_ref = None
        if keep is not None:
            final = E.clean_text(text) if text is not None and action == "merge" else keep.text
            meta = dict(keep.meta)
            if text is not None or any(e.by == "user" for e in named):
                meta["by"] = "user"  # a person chose this text, or one of the lines was theirs
            put[(keep.file, keep.line)] = E.render(final, meta)
            result_text, result_ref = final, digest_ref(keep.file, final)
        files = _write_back(files, drop, put)
        for rel, lines in files.items():
            problem = store.size_problem(rel, lines)
            if problem:
                raise SwarmkitError(problem + "; nothing was changed", f"remove or merge entries in {rel}")
        quoted = ", ".join(f"{stable(e)} {E.cut_text(e.text, 40)!r}" for e in gone)
        if action == "merge":
            title = f"Consolidate: merge {len(named)} entries into {result_ref}: {E.cut_text(result_text or '', 60)}"
        elif action == "supersede":
            title = f"Consolidate: drop {quoted}, superseded by {result_ref}"
        else:
            title = f"Consolidate: drop {quoted} ({proposal.meta.get('reason', 'junk')})"
        verb = "Merged" if action == "merge" else "Dropped"
        into = [f"Into: {result_ref} {result_text}"] if action == "merge" else []
        body = "\n".join([title, ""] + [f"{verb}: {stable(e)} {e.text}" for e in gone] + into)
        commit = store.apply(files, body, ORIGIN)
        return WriteResult(
            "accepted",
            result_ref or ref,
            None,
            commit,
            result_text or proposal.text,
            "; ".join(e.text for e in gone) if action == "merge" else None,
            result_ref,
        )


def keep_both(store: MemoryReader, ref: str, expect: str | None = None) -> WriteResult:
    """Keep every entry a proposal names, and say so on them (`distinct:` the others' digests,
    `reviewed: yes` on one entry), so no later pass proposes them again; one commit."""
    if not store.exists():
        raise store.missing_error()
    _proposal(store, ref, expect)
    with store.writing():
        proposal, inbox = _proposal(store, ref, expect)
        files: dict[str, list[str]] = {INBOX_MD: inbox}
        used: set = set()
        named = []
        for r in refs_of(proposal):
            try:
                named.append(_named_by(proposal)(store, r, ref, files, used))
            except Conflict:
                continue  # gone already: nothing to mark; the proposal still goes
        put = {}
        for entry in named:
            meta = dict(entry.meta)
            if len(named) == 1 or proposal.meta.get("reason") == "copy":
                meta["reviewed"] = "yes"  # a copy kept: its text is its original's, so no `distinct:`
            else:
                others = {text_digest(e.text) for e in named if e is not entry}
                held = set(re.findall(r"[0-9a-f]{8}", meta.get("distinct", "")))
                meta["distinct"] = " ".join(sorted(held | others))
            put[(entry.file, entry.line)] = E.render(entry.text, meta)
        files = _write_back(files, {(INBOX_MD, proposal.line)}, put)
        title = f"Consolidate: keep {', '.join(stable(e) for e in named) or 'nothing'} as they are"
        commit = store.apply(files, title, ORIGIN)
        return WriteResult("kept", ref, None, commit, proposal.text)
