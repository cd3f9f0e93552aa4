"""Curated (governed) facts: propose a value for subject + attribute; history is the git log."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from swarmkit.errors import Conflict, SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.memory.folder.targets import target_file

if TYPE_CHECKING:
    from swarmkit.memory.actions.parts import MemoryParts

_APPLY_OPS = ("update", "refine")


@dataclass(frozen=True, slots=True)
class ProposeResult:
    status: str  # new | reinforce | update | contradict (| refused, outranked)
    ref: str | None = None
    known: str | None = None
    value: str | None = None
    reasoning: str | None = None
    commit: str | None = None

    def to_dict(self) -> dict:
        return {
            "status": self.status,
            "ref": self.ref,
            "known": self.known,
            "value": self.value,
            "reasoning": self.reasoning,
            "commit": self.commit,
        }


def fact_subject(subject: str, attribute: str) -> str:
    return E.normalise_subject(f"{subject}.{attribute}")


def fact_text(subject: str, attribute: str, value: str) -> str:
    words = f"{subject} {attribute}".replace("_", " ").strip()
    return f"{words[:1].upper()}{words[1:]} is {value}"


def known_value(entry: E.Entry, subject: str, attribute: str) -> str:
    """The value in a fact's text: what follows "<subject> <attribute> is", else the whole text."""
    words = re.escape(f"{subject} {attribute}".replace("_", " ").strip())
    match = re.match(rf"(?i)^{words}\s+is\s+(.*)$", entry.text)
    return match.group(1).strip() if match else entry.text


def propose(
    parts: MemoryParts,
    subject: str,
    attribute: str,
    value: str,
    type: str,
    by: str = "agent",
    source: str | None = None,
    run_id: str | None = None,
    reconcile: Callable | None = None,
    target: str = "auto",
) -> ProposeResult:
    """new (no fact yet) | reinforce (same value) | update (reconcile applied it) | contradict
    (quarantined to inbox.md for a person to decide)."""
    for name, part in (("subject", subject), ("attribute", attribute), ("value", value)):
        if not str(part or "").strip():
            raise SwarmkitError(f"a curated fact needs a {name}", "propose(subject, attribute, value, type)")
    reader = parts.reader
    key = fact_subject(subject, attribute)
    rel = target_file(target, type, reader.person_file, reader.workspace_file)
    text = fact_text(subject, attribute, value)
    for _ in range(2):
        existing = (
            next((e for e in reader.entries(rel) if e.subject == key), None)
            if reader.path(rel).exists()
            else None
        )
        if existing is not None:
            break
        result = parts.writer.remember(text, type, by, key, target, source, run_id, subject_must_be_new=True)
        if result.status == "exists":
            continue  # a concurrent proposal wrote the fact first: reconcile against it
        status = {"written": "new", "reinforced": "reinforce"}.get(result.status, result.status)
        return ProposeResult(status, result.ref, None, value, result.reason, result.commit)
    if existing is None:  # written, then gone again, twice over: others are changing it right now
        raise Conflict(f"{key} kept changing while it was proposed; nothing was written", "propose it again")
    known = known_value(existing, subject, attribute)
    if E.dedupe_key(known) == E.dedupe_key(value):
        return ProposeResult("reinforce", existing.ref, known, value)
    verdict = None
    if reconcile is not None:
        try:
            verdict = reconcile(known, value, subject, attribute)
        except Exception as exc:  # a failing reconciler must not decide: a person does
            verdict = {"verdict": "fail", "op": "contradict", "reasoning": f"reconcile failed: {exc}"}
    reasoning = (verdict or {}).get("reasoning")
    if (
        isinstance(verdict, dict)
        and verdict.get("verdict") == "pass"
        and verdict.get("op") in _APPLY_OPS
        and not (existing.by == "user" and by == "agent")
    ):
        merged = str(verdict.get("merged_value") or value)
        result = parts.writer.remember(
            fact_text(subject, attribute, merged), type, by, key, target, source, run_id
        )
        if result.status in ("replaced", "written"):
            return ProposeResult("update", result.ref, known, merged, reasoning, result.commit)
        if result.status == "reinforced":
            return ProposeResult("reinforce", result.ref, known, merged, reasoning)
        return ProposeResult(result.status, result.ref, known, merged, result.reason or reasoning)
    why = reasoning or (
        f"{existing.ref} says {known!r}; no reconciler decided"
        if reconcile is None
        else f"{existing.ref} says {known!r}"
    )
    result = parts.writer.remember(
        text, type, "agent", key, "inbox", source, run_id, extra={"contradicts": existing.ref}
    )
    status = "contradict" if result.status in ("written", "replaced", "reinforced") else result.status
    return ProposeResult(
        status, result.ref, known, value, why if status == "contradict" else result.reason, result.commit
    )
