"""What a run does with memory: recall before answers, keep facts after, swarm notes, curated facts.

Every store operation is guarded: a broken memory folder costs the run its memory (recorded as a
warning), never the run. The guard catches what a folder can do (MEMORY_FAILURES: a refusal, the
disk, the recall index), not bugs: those stop the run with a traceback, as they should. Memory off (memory.enabled: false) means no recall, no writes and no swarm
notes, since swarm notes live in the memory folder too.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any, Protocol

from swarmkit.errors import SwarmkitError
from swarmkit.memory import (
    LATEST_FINDINGS,
    MEMORY_MD,
    USER_KINDS,
    MemoryWrite,
    hold_for_review,
    normalise_subject,
    parse_line,
)
from swarmkit.runtime import prompts

if TYPE_CHECKING:
    from swarmkit.memory import MemoryStore
    from swarmkit.runtime.providers.base import ChatReply
    from swarmkit.runtime.records import RunRecord

GOVERNED_MEMORY = "governed-memory"
# What a memory folder can fail with: a refusal (lock, git state, full file), the disk, the index.
MEMORY_FAILURES = (SwarmkitError, OSError, sqlite3.Error)


def redacted(value):
    """What a run record keeps of a memory candidate: secrets screened out, as in the folder.

    A refused write (say, nothing but a secret) must not leave the secret in the record instead.
    """
    from swarmkit.screening.screen import redact

    if isinstance(value, str):
        return redact(value)[0]
    if isinstance(value, dict):
        return {key: redacted(item) for key, item in value.items()}
    if isinstance(value, list):
        return [redacted(item) for item in value]
    return value


def _screened_once(text: str) -> str:
    """A fact's text screened as a write screens it, marked so (ScreenedText): the store writes it
    and the record keeps it without reading it again. A text the write would refuse, or cut before
    reading (screen_entry), is handed on as it was: the store says why, as before."""
    from swarmkit.screening.screen import ENTRY_READ_LIMIT, ScreenedText, screen

    if not isinstance(text, str) or len(text) > ENTRY_READ_LIMIT:
        return text
    screened = screen(text)
    return ScreenedText(screened.text, screened.found) if screened.ok else text


def without_told_secrets(facts: list[dict], *told: str, carried: tuple[str, ...] = ()) -> list[dict]:
    """The extracted facts, with every secret the task or the answer told redacted: a fact may keep
    the value but lose the words that said what it is ("To log into the router, use X" extracted
    as "Uses X"), so what screening found in the whole text is taken out of each fact too."""
    if not facts:  # nothing to take a secret out of (the record screens the texts on its own)
        return facts
    from swarmkit.screening.screen import REDACTED, echo_pattern, redact, redact_key

    found: list[str] = list(carried)  # secrets only the conversation before the task tells
    for text in told:
        redact(text or "", found)
    pattern = echo_pattern(found, folded=True)
    if pattern is None and not found:
        return facts
    # a subject is a key made from the words (`user.notes.the_wifi_key_is_…`): cleaned as a key is
    return [
        {
            key: (
                redact_key(value, found)
                if key == "subject"
                else pattern.sub(REDACTED, value)
                if pattern is not None
                else value
            )
            if isinstance(value, str)
            else value
            for key, value in fact.items()
        }
        for fact in facts
    ]


class MemoryRun(Protocol):
    """What the memory hooks use of a run (engine.Run is one): who runs it and on what, its record,
    and three things it does for them. Nothing else of the run is theirs to reach."""

    id: str
    user: str | None
    user_input: str
    ws: Any  # the ResolvedWorkspace (resolver/resolved.py): memory, skills, id
    topology: Any  # the resolved topology: name, agents, walk()
    record: RunRecord
    providers: Any  # the run's ProviderSet: an extraction's settings and learnt context windows
    carried_secrets: tuple[str, ...]  # secrets its input holds that the turn before it tells

    def record_decision(self, agent, binding, verdict: str, detail: str) -> None: ...

    def call_model(
        self,
        agent,
        purpose: str,
        messages: list[dict],
        tool_specs: list | None = None,
        *,
        max_tokens: int | None = None,
        timeout: float | None = None,
        retries: int | None = None,
        reply_schema: dict | None = None,
    ) -> ChatReply: ...

    def reconcile(self, agent, known: str, proposed: str, subject: str, attribute: str) -> dict | None: ...


class MemoryHooks:
    def __init__(self, run: MemoryRun) -> None:
        self.run = run
        self._store: MemoryStore | None = None
        self._store_error: str | None = None
        self._swarm = None
        # agent id → what untrusted content it read; its memory writes are marked `tainted: yes`
        self.tainted: dict[str, str] = run.record.tainted
        from swarmkit.runtime.memory_talk import MemoryTalk

        self.talk = MemoryTalk(run, self.store)  # what the person asks of memory itself (its tools)

    def taint(self, agent_id: str, why: str) -> None:
        self.tainted.setdefault(agent_id, why)

    # ---- the store, opened on first use ---------------------------------------------------
    def store(self):
        if self._store is None and self._store_error is None:
            try:
                from swarmkit.memory import MemoryStore

                memory = self.run.ws.memory
                self._store = MemoryStore(memory.folder, self.run.ws.id, user=self.run.user)
            except MEMORY_FAILURES as exc:
                self._fail("open the memory folder", exc)
        return self._store

    def _wrote(self, write: MemoryWrite) -> None:
        """The run record keeps each write in the one entry shape (memory/folder/entry_model.py)."""
        self.run.record.memory_writes.append(write.to_dict())

    def _fail(self, doing: str, exc: Exception) -> None:
        message = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
        self._store_error = self._store_error or message
        self.run.record.warnings.append(f"memory: could not {doing}: {message}")

    # ---- memory-reader --------------------------------------------------------------------
    def recall(self, agent, binding, task: str) -> str | None:
        """The fenced saved-memory block for this agent's prompt, or None."""
        reader = binding.reader
        store = self.store()
        hits, pinned = [], []
        if store is not None:
            try:
                if store.exists():
                    pinned = store.pinned()
                    # the pinned lines are given as pinned: never a second time as recalled MEMORY.md#…
                    hits = store.recall(
                        task,
                        reader.max_results + len(pinned),
                        reader.similarity_threshold,
                        reader.search_scope,
                    )
                    hits = [hit for hit in hits if hit.file != MEMORY_MD][: reader.max_results]
            except MEMORY_FAILURES as exc:
                self._fail("recall", exc)
                hits, pinned = [], []
        for hit in hits:
            self.run.record.recalled.append(
                {"agent": agent.id, "ref": hit.ref, "score": round(hit.score, 4), "text": hit.text}
            )
        untrusted = self._untrusted(store, hits)
        if untrusted:
            self.taint(agent.id, f"recalled {untrusted}, which nobody reviewed")
        refs = ", ".join(hit.ref for hit in hits)
        detail = (
            f"recalled {len(hits)}"
            + (f" ({refs})" if refs else "")
            + (f", {len(pinned)} pinned" if pinned else "")
        )
        self.run.record_decision(agent, binding, "pass", detail)
        items = [(f"[unreviewed] {hit.text}" if hit.unreviewed else hit.text, hit.ref) for hit in hits]
        return prompts.memory_block(items, pinned)

    @staticmethod
    def _untrusted(store, hits) -> str | None:
        """The first recalled entry nobody reviewed: an inbox entry, or one marked tainted."""
        for hit in hits:
            if hit.unreviewed:
                return hit.ref
            line = (store.read_lines(hit.file) or [""] * hit.line)[hit.line - 1] if hit.line else ""
            entry = parse_line(line, hit.file, hit.line)
            if entry is not None and entry.meta.get("tainted", "").lower() in ("yes", "true"):
                return hit.ref
        return None

    # ---- memory_search, the tool -----------------------------------------------------------
    def can_search(self, agent) -> bool:
        """Reading needs no grant: every agent may search while memory is on."""
        return self.run.ws.memory.enabled

    def search(self, agent, arguments: dict) -> dict:
        """What memory-reader would recall for `query`, with this agent's reader config (its binding's,
        else the workspace's), within the run's person and the reader's scope."""
        from swarmkit.memory_skills import READER_ID

        store = self.store()
        if store is None:
            return {"error": f"memory is unavailable: {self._store_error}"}
        binding = next((b for b in agent.decision_skills if b.id == READER_ID), None)
        reader = binding.reader if binding is not None else self.run.ws.memory.search_reader
        wanted = arguments.get("max_results")
        limit = reader.max_results
        if isinstance(wanted, int) and not isinstance(wanted, bool) and wanted > 0:
            limit = min(wanted, 20)
        try:
            hits = (
                store.recall(arguments["query"], limit, reader.similarity_threshold, reader.search_scope)
                if store.exists()
                else []
            )
        except MEMORY_FAILURES as exc:
            return {"error": getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"}
        untrusted = self._untrusted(store, hits)
        if untrusted:
            self.taint(agent.id, f"searched memory and read {untrusted}, which nobody reviewed")
        return {
            "results": [
                {
                    "ref": hit.ref,
                    "text": (f"[unreviewed] {hit.text}" if hit.unreviewed else hit.text),
                    "score": round(hit.score, 4),
                }
                for hit in hits
            ]
        }

    # ---- memory_known and memory_forget, the tools (runtime/memory_talk.py) ------------------
    def talk_call(self, agent, name: str, arguments: dict) -> dict:
        try:
            return self.talk.call(agent, name, arguments)
        except MEMORY_FAILURES as exc:
            return {"error": getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"}

    # ---- memory-writer --------------------------------------------------------------------
    def write(self, agent, binding, task: str, output: str) -> None:
        """One extraction call when the output clears min_output_length and the message states
        something; none otherwise."""
        from swarmkit.runtime.memory_talk import only_asks_memory

        if only_asks_memory(task):
            # "What do you know about me?", "Please forget that …": the person stated nothing, and
            # the answer lists memory back; a model reading that exchange keeps the listing again
            self._note("writer skipped: the message only asks memory what it knows or to forget")
            self.run.record_decision(agent, binding, "pass", "skipped: a request to memory states no fact")
            return
        minimum = binding.writer.min_output_length
        if len(output) < minimum:
            # an auto binding takes the memory block's value; one written out has its own config
            knob = (
                "memory.writer.min_output_length"
                if binding.origin == "auto" or "min_output_length" not in binding.config
                else f"the {binding.id} binding's config.min_output_length"
            )
            self._note(f"writer skipped: answer {len(output)} < {minimum} chars ({knob})")
            self.run.record_decision(
                agent, binding, "pass", f"skipped: output {len(output)} < {minimum} chars"
            )
            return
        from swarmkit.runtime.extraction import extract

        # advisory: a failed call or an unreadable reply is a warning, never the run's failure
        outcome = extract(self.run, agent, task, output)
        self.run.record.memory.setdefault("extractions", []).append(
            {"agent": agent.id, "read_by": outcome.read_by, **outcome.record}
        )
        if outcome.problem:
            self.run.record.warnings.append(
                f"memory: {outcome.problem}; the answer is kept, and "
                + (
                    f"the offline reader kept what you told plainly ({len(outcome.facts)} found)"
                    if outcome.facts
                    else "the offline reader found nothing told plainly to keep"
                )
            )
        facts = without_told_secrets(outcome.facts, task, output, carried=self.run.carried_secrets)
        facts = [fact for fact in facts if not self.talk.was_forgotten(fact["text"])]  # asked gone
        results = [self._remember(agent, fact) for fact in facts]
        statuses = [r.status for r in results if r is not None]
        written = sum(status in ("written", "replaced") for status in statuses)
        self._note(self._why_nothing(len(facts), statuses, outcome.problem) if not written else None)
        held = sum(status == "held" for status in statuses)
        detail = f"extracted {len(facts)}, wrote {written}" + (f", {held} to the inbox" if held else "")
        if outcome.problem:
            detail = f"{outcome.problem}; the offline reader {detail}"
        self.run.record_decision(agent, binding, "error" if outcome.problem else "pass", detail)

    def _note(self, note: str | None) -> None:
        """Why the memory-writer kept nothing, for the run's summary line."""
        if note:
            self.run.record.memory.setdefault("writer", []).append(note)

    def _why_nothing(self, extracted: int, statuses: list[str], problem: str | None = None) -> str:
        if not extracted:
            return (
                f"{problem}, and nothing told plainly to keep" if problem else "writer found no facts to keep"
            )
        counts: dict[str, int] = {}
        for status in statuses:
            counts[status] = counts.get(status, 0) + 1
        words = {
            "reinforced": "already known",
            "held": "held in the inbox for you",
            "refused": "refused by screening",
            "outranked": "outranked by your own lines",
        }
        parts = [f"{n} {words.get(status, status)}" for status, n in counts.items()]
        if len(statuses) < extracted:
            parts.append(f"{extracted - len(statuses)} not written (memory unavailable)")
        return f"writer extracted {extracted}: " + ", ".join(parts)

    def _remember(self, agent, fact: dict):
        """Keep one extracted fact. A fact about the user goes to the user's file, where it replaces the
        older value of its subject; a line the user wrote (or a curated fact) is never replaced: the
        candidate waits in the inbox, as does every fact from an agent that read untrusted content."""
        store = self.store()
        if store is None:
            return None
        text, kind = fact["text"], fact["kind"]
        subject = fact.get("subject")
        if subject is None and kind in USER_KINDS:
            from swarmkit.speech.facts import subject_of

            subject = subject_of(text)
        from swarmkit.runtime.memory_talk import corrected_subject

        subject = corrected_subject(self.run, store, text, subject)  # "that's wrong, I live in Porto"
        text = _screened_once(text)
        personal = kind in USER_KINDS or normalise_subject(subject or "").startswith("user.")
        target = "me" if personal else "auto"
        tainted = self.tainted.get(agent.id)
        try:
            if tainted:
                result = hold_for_review(
                    store.parts, text, kind, subject, personal, {"tainted": "yes"}, None, self.run.id
                )
            else:
                result = store.remember(
                    text,
                    kind=kind,
                    by="agent",
                    subject=subject,
                    target=target,
                    run_id=self.run.id,
                    origin="memory-writer",
                )
                if result.status == "outranked":
                    result = hold_for_review(
                        store.parts,
                        text,
                        kind,
                        subject,
                        personal,
                        {"contradicts": result.ref},
                        result.reason,
                        self.run.id,
                    )
        except MEMORY_FAILURES as exc:
            self._fail("write", exc)
            # the fact is not lost with the write: the record keeps it (screened) for `memory add`
            self._wrote(
                MemoryWrite(
                    agent=agent.id,
                    status="not written",
                    ref=None,
                    text=redacted(text),
                    reason="the memory folder could not be written; add it with swarmkit memory add",
                )
            )
            return None
        self._wrote(
            MemoryWrite(
                agent=agent.id,
                status=result.status,
                ref=result.ref,
                text=redacted(text),
                reason=result.reason or (f"tainted: {tainted}" if tainted else None),
            )
        )
        return result

    # ---- swarm notes ----------------------------------------------------------------------
    def swarm(self):
        """The run's swarm folder: a topology of more than one agent, with memory on."""
        if self._swarm is None and self.run.ws.memory.enabled and len(self.run.topology.agents) > 1:
            store = self.store()
            if store is not None:
                members = [(a.id, a.read_only) for a in self.run.topology.walk()]
                try:
                    self._swarm = store.swarm(
                        self.run.topology.name, self.run.id, goal=self.run.user_input, members=members
                    )
                except MEMORY_FAILURES as exc:
                    self._fail("open the swarm folder", exc)
        return self._swarm

    def swarm_block(self, agent) -> str | None:
        swarm = self.swarm()
        if swarm is None:
            return None
        try:
            block = prompts.swarm_block(swarm.pinned_block())
            shown = swarm.findings()[-LATEST_FINDINGS:] + swarm.open_questions()  # what the block shows
            tainted = next((e for e in shown if e.meta.get("tainted", "").lower() in ("yes", "true")), None)
        except MEMORY_FAILURES as exc:
            self._fail("read the swarm notes", exc)
            return None
        if tainted is not None:
            self.taint(agent.id, f"read a tainted swarm note of {tainted.meta.get('author', 'an agent')}")
        return block

    def can_write_swarm(self, agent) -> bool:
        return not agent.read_only and self.swarm() is not None

    def swarm_note(self, agent, arguments: dict) -> dict:
        swarm = self.swarm()
        sources = arguments.get("sources")
        try:
            result = swarm.note(
                arguments["kind"],
                arguments["text"],
                author=agent.id,
                sources=sources if isinstance(sources, list | str) else None,
                tainted=agent.id in self.tainted,
            )
        except MEMORY_FAILURES as exc:
            message = getattr(exc, "message", None) or str(exc)
            return {"error": message}
        self.run.record.swarm = swarm.slug
        self._wrote(
            MemoryWrite(
                agent=agent.id,
                status=result.status,
                ref=result.ref,
                text=redacted(arguments["text"]),
                reason=result.reason,
                kind=arguments["kind"],
            )
        )
        return {"status": result.status, "ref": result.ref, "reason": result.reason}

    # ---- curated facts (governed-memory) ---------------------------------------------------
    def can_propose(self, agent) -> bool:
        return GOVERNED_MEMORY in agent.skills and GOVERNED_MEMORY in self.run.ws.skills

    def propose(self, agent, arguments: dict) -> dict:
        store = self.store()
        if store is None:
            return {"error": f"memory is unavailable: {self._store_error}"}

        def reconcile(known, proposed, subject, attribute):
            return self.run.reconcile(agent, known, proposed, subject, attribute)

        try:
            result = store.propose(
                arguments["subject"],
                arguments["attribute"],
                arguments["value"],
                arguments["type"],
                by="agent",
                run_id=self.run.id,
                reconcile=reconcile,
            )
        except MEMORY_FAILURES as exc:
            message = getattr(exc, "message", None) or str(exc)
            return {"error": message}
        self._wrote(
            MemoryWrite(
                agent=agent.id,
                status=result.status,
                ref=result.ref,
                text=redacted(f"{arguments['subject']}.{arguments['attribute']} = {arguments['value']}"),
                reason=result.reasoning,
                kind="curated",
            )
        )
        return result.to_dict()
