"""`swarmkit chat`: a conversation with a workspace, one run of its topology per turn.

On a terminal it prompts (line editing and history from readline); Ctrl-C cancels the turn under
way (or the line being typed), Ctrl-D ends. From a pipe each line is a turn, for scripts and tests.
Each turn runs the topology with the conversation so far (bounded, see runtime/conversations.py):
memory recalls and writes exactly as a run does, and each turn is a run record that names its
conversation. Lines starting with `/` are commands (`/help` lists them).
"""

from __future__ import annotations

import shlex
import sys
from typing import TYPE_CHECKING

import click

from swarmkit.cli import output
from swarmkit.cli.options import common_options
from swarmkit.cli.run import provider_options
from swarmkit.exit_status import ExitStatus

if TYPE_CHECKING:
    from swarmkit.runtime.conversations import Conversation
    from swarmkit.runtime.records import RunRecord

PROMPT = "you> "
HELP = (
    "/memory      what memory recalled and kept in the last turn",
    "/forget REF  forget an entry (its ref as /memory or `swarmkit memory list` shows it)",
    "/history     this conversation so far",
    "/exit        end the conversation (Ctrl-D does too)",
)


@click.command()
@click.argument("workspace", required=False)
@click.argument("topology", required=False)
@click.option("--resume", "resume", metavar="ID", help="Go on with a saved conversation (c-1a2b3c4d).")
@click.option("--user", help="Whose conversation and memory: that person's own file, not me.md.")
@provider_options
@common_options
def chat(
    workspace: str | None,
    topology: str | None,
    resume: str | None,
    provider: str | None,
    user: str | None,
    model: str | None,
    base_url: str | None,
    api_key: str | None,
    timeout: float | None,
    script: str | None,
) -> int:
    """Talk with TOPOLOGY of WORKSPACE (both found as `swarmkit run` finds them): each line you type is
    a turn, run with the conversation so far; memory recalls and remembers as in a run. Saved under
    .swarmkit/conversations/; `swarmkit conversations` lists them, --resume ID goes on with one."""
    from swarmkit.cli import output
    from swarmkit.cli.run import checked_user, prepare_run
    from swarmkit.runtime.conversations import (
        Conversation,
        load_conversation,
        new_conversation_id,
        now,
    )

    user = checked_user(user)
    ws, chosen, providers = prepare_run(
        workspace,
        topology,
        provider,
        user,
        script,
        base_url,
        api_key,
        timeout,
        "nothing was said",
        "chat",
        model=model,
    )
    from swarmkit.cli.meaning import fetch_model_on_first_need

    fetch_model_on_first_need(ws.memory.enabled)
    if resume is not None:
        conversation = load_conversation(ws.root, resume, user)
        if conversation.topology not in (None, chosen.ref) and topology is None:
            found = ws.find_topology(conversation.topology)
            chosen = found if found is not None else chosen
    else:
        conversation = Conversation(
            new_conversation_id(), ws.id, chosen.ref, user, started_at=now(), updated_at=now()
        )
    session = ChatSession(ws, chosen, providers, conversation)
    interactive = sys.stdin.isatty()
    verb = "Resuming" if resume else "Conversation"
    output.note(
        f"{verb} {conversation.id} with {ws.id} (topology {chosen.ref}"
        + (f", user {user}" if user else "")
        + f"): {_turns(len(conversation.turns))} before. /help lists commands; "
        + ("Ctrl-D ends." if interactive else "each line is a turn.")
    )
    failed = session.loop(_terminal_lines() if interactive else _piped_lines())
    if conversation.turns and not session.unsaved:
        output.note(
            f"Conversation {conversation.id} saved ({_turns(len(conversation.turns))}). "
            f"Go on with: swarmkit chat{_named(workspace)} --resume {conversation.id}"
            + (f" --user {shlex.quote(user)}" if user else "")
        )
    return ExitStatus.INVALID if failed else ExitStatus.OK


def _named(workspace: str | None) -> str:
    """The workspace the chat named (as an argument or with -w), for a hint that resumes it from the
    same folder; nothing when it was found upward from here."""
    named = workspace if workspace is not None else output.settings.workspace
    return f" {shlex.quote(named)}" if named is not None else ""


def _turns(count: int) -> str:
    return f"{count} turn{'s' if count != 1 else ''}"


def _piped_lines():
    """Each line of standard input, bytes that are not UTF-8 replaced with U+FFFD (a warning says
    which line), as `run` does: a turn's input is valid Unicode wherever it is kept."""
    from swarmkit.cli.user_text import valid_text
    from swarmkit.safe_read import decode_text

    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without bytes under it (tests, embedding)
        for text in sys.stdin:
            yield text.rstrip("\r\n")
        return
    from swarmkit.cli.user_text import MAX_STDIN_BYTES
    from swarmkit.errors import UsageProblem

    number = 0
    while data := stream.readline(MAX_STDIN_BYTES + 1):  # bounded: `< /dev/zero` has no new line
        number += 1
        if len(data) > MAX_STDIN_BYTES:
            raise UsageProblem(
                f"a line on standard input is over {MAX_STDIN_BYTES:,} bytes; the turns before it were saved",
                "each line is a turn: say it in shorter lines",
            )
        if b"\x00" in data:  # no text holds NUL: `< /dev/urandom` would be an endless chat of noise
            raise UsageProblem(
                f"line {number} of standard input holds a NUL byte: it is binary data, not text; "
                "the turns before it were saved",
                "pipe a text file, one turn per line",
            )
        yield valid_text(
            decode_text(data, "surrogateescape").rstrip("\r\n"), f"line {number} of standard input"
        )


def _terminal_lines():
    """Lines typed at the prompt; Ctrl-C drops the line being typed, Ctrl-D ends."""
    from swarmkit.cli.user_text import valid_text

    try:
        import readline  # noqa: F401  (input() then edits lines and keeps their history)
    except ImportError:  # Windows without pyreadline: plain input()
        pass
    while True:
        try:
            yield valid_text(input(PROMPT), "the line typed")
        except KeyboardInterrupt:
            output.result("", err=True)
            continue
        except EOFError:
            output.result("", err=True)
            return


def _screened(text: str) -> str:
    """What a chat prints of a line that is not a turn (a command), screened as a turn's record is."""
    from swarmkit.screening.screen import redact

    return redact(text)[0]


def _record_of(root, turn: dict):
    """The run record of a turn (for /memory after a cancelled turn), or None."""
    from swarmkit.errors import SwarmkitError
    from swarmkit.runtime.records import load_run

    try:
        return load_run(root, str(turn.get("run")))
    except SwarmkitError:
        return None


class ChatSession:
    """The turns of one conversation and the commands between them."""

    def __init__(self, ws, topology, providers, conversation: Conversation) -> None:
        self.ws = ws
        self.topology = topology
        self.providers = providers
        self.conversation = conversation
        self.last: RunRecord | None = None
        self.failed = False
        self.unsaved = False  # a turn the conversation file could not take: never say "saved"

    def loop(self, lines) -> bool:
        """Run every line as a turn or a command, until the lines end or /exit; whether a turn failed."""
        for line in lines:
            text = line.strip()
            if not text:
                continue
            if text.startswith("/"):
                if self.command(text) == "exit":
                    break
                continue
            from swarmkit.cli import output
            from swarmkit.errors import SwarmkitError

            try:
                self.turn(line)
            except KeyboardInterrupt:
                output.note("turn cancelled (Ctrl-C); the conversation goes on")
            except SwarmkitError as exc:  # a provider that failed this turn: the next may work
                self.failed = True
                self.unsaved = self.unsaved or exc.code == "conversation_unsaved"
                output.error(exc.message, exc.hint or "")
        return self.failed

    def turn(self, text: str) -> None:
        from swarmkit.cli import output
        from swarmkit.cli.run import summary_line
        from swarmkit.runtime.conversations import take_turn

        output.progress_bars()
        try:
            saved = take_turn(self.ws, self.topology, self.providers, self.conversation, text)
        except BaseException:  # a cancelled or failed turn is kept: /memory shows how far it got
            if self.conversation.turns:  # none when the turn's record could not be saved
                self.last = _record_of(self.ws.root, self.conversation.turns[-1])
            raise
        self.last = saved
        if saved.status == "ok":
            if saved.output.strip():  # an empty answer: its warning says so
                output.result(saved.output)
        else:
            self.failed = True
            output.error(
                f"run {saved.id} {saved.status}: {saved.error}",
                f"`swarmkit runs show {saved.id}` shows what happened",
            )
        for warning in saved.warnings:
            output.warning(warning)
        output.note(summary_line(saved))

    def command(self, text: str) -> str | None:
        from swarmkit.cli import output

        name, _, argument = text.partition(" ")
        argument = argument.strip()
        if name in ("/exit", "/quit"):
            return "exit"
        if name == "/help":
            for line in HELP:
                output.result(line)
        elif name == "/memory":
            self._show_memory()
        elif name == "/history":
            for number, turn in enumerate(self.conversation.turns, 1):
                output.result(f"{number}. you: {turn.get('input')}")
                output.result(
                    f"   {turn.get('output') if turn.get('output') is not None else turn.get('status')}"
                )
        elif name == "/forget":
            self._forget(argument)
        else:  # the line is no turn, so no record screens it: screened here, as a turn's would be
            output.error(f"no command {_screened(text).partition(' ')[0]}", "/help lists the commands")
        return None

    def _show_memory(self) -> None:
        if self.last is None:
            output.result("No turn yet: memory has recalled nothing in this conversation.")
            return
        recalled = {hit.get("ref"): hit.get("text") for hit in self.last.recalled}
        output.result("recalled:" + ("" if recalled else " nothing"))
        for ref, text in recalled.items():
            output.result(f"  {ref}  {text}")
        kept = self.last.kept_facts
        output.result("kept:" + ("" if kept else " nothing"))
        for write in kept:
            output.result(f"  {write.get('status')} {write.get('ref') or ''}  {write.get('text')}".rstrip())
        why = self.last.memory.get("writer") or []
        for note in why:
            output.result(f"  ({note})")

    def _forget(self, ref: str) -> None:
        from swarmkit.cli import output
        from swarmkit.errors import SwarmkitError
        from swarmkit.memory import MemoryStore

        if not ref:
            output.error("/forget needs a ref", "/memory shows the refs of what was recalled and kept")
            return
        store = MemoryStore(self.ws.memory.folder, self.ws.id, self.conversation.user)
        try:
            result = store.forget(ref)
        except SwarmkitError as exc:  # it names the ref as typed: screened, as the command line is
            output.error(_screened(exc.message), exc.hint or "")
            return
        output.result(f"forgotten {result.stable_ref or result.ref}: {result.text}")
