"""Feedback on a run, kept as a correction: the workspace owner's in the workspace file, a named
person's in their own file (their feedback is about their run: never recalled for anyone else)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from swarmkit.errors import SwarmkitError
from swarmkit.memory.folder import entries as E
from swarmkit.run_ids import check_run_id, run_source
from swarmkit.screening.screen import screen_entry
from swarmkit.surrogates import ERRORS as SURROGATES

if TYPE_CHECKING:
    from swarmkit.memory.actions.parts import MemoryParts


def feedback_subject(reason: str) -> str:
    digest = hashlib.sha256(E.dedupe_key(reason).encode("utf-8", SURROGATES)).hexdigest()[:12]
    return f"feedback:{digest}"


def feedback(parts: MemoryParts, run_id: str, reason: str):
    """`kind: correction; by: user; subject: feedback:<hash>; origin: feedback`: the same reason
    again is the same line (reinforced, no second line)."""
    if not str(run_id or "").strip():
        raise SwarmkitError(
            "feedback needs the run it is about", "swarmkit memory feedback RUN_ID --reason TEXT"
        )
    if not str(reason or "").strip():
        raise SwarmkitError("feedback needs a reason", "say what was wrong: --reason 'it used the old API'")
    check_run_id(str(run_id).strip())  # the entry's source must name a run, not arbitrary text
    screened = screen_entry(reason)
    key_text = screened.text if screened.ok else reason
    subject = feedback_subject(E.clean_text(key_text))
    source = run_source(run_id.strip())
    reader = parts.reader
    return parts.writer.remember(
        reason,
        "correction",
        "user",
        subject,
        "workspace",
        source,
        run_id.strip(),
        origin="feedback",
        file=reader.person_file if reader.user is not None else None,
    )
