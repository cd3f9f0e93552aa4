"""`swarmkit conversations`: list and show saved chats: the owner's, or one person's with --user NAME.

A conversation is its person's, as their runs are: each view lists and shows its own only.
"""

from __future__ import annotations

import click

from swarmkit.cli import output
from swarmkit.cli.options import common_options, format_options, json_document, output_format, remember_given
from swarmkit.cli.runs import _view, _workspace_root
from swarmkit.cli.workspace_args import WorkspaceGroup

LIST_TITLE = 50  # characters of a conversation's first message the list shows


def user_option(f):
    return click.option(
        "--user",
        expose_value=False,
        callback=remember_given,
        help="A person's conversations (made with swarmkit chat --user NAME); default: the owner's.",
    )(f)


@click.group(cls=WorkspaceGroup, invoke_without_command=True)
@user_option
@format_options("text", "json")
@common_options
@click.pass_context
def conversations(ctx: click.Context) -> int:
    """List the owner's conversations, most recent first (or one person's, --user NAME; or show one)."""
    if ctx.invoked_subcommand is not None:
        return 0
    from swarmkit.runtime.conversations import list_conversations

    user = _view()
    found = list_conversations(_workspace_root(), user)
    if output_format() == "json":
        output.result(json_document({"conversations": [c.summary() for c in found]}))
        return 0
    if not found:
        start = "swarmkit chat" if user is None else f"swarmkit chat --user {user}"
        output.result(
            f"No conversations{'' if user is None else ' for ' + user} yet. Start one with: {start}"
        )
        return 0
    for c in found:
        title = c.title if len(c.title) <= LIST_TITLE else c.title[: LIST_TITLE - 1] + "…"
        turns = f"{len(c.turns)} turn{'s' if len(c.turns) != 1 else ''}"
        output.result(f"{c.id}  {c.updated_at}  {str(c.topology):<12} {turns:<9} {title}")
    return 0


@conversations.command()
@click.argument("conversation_id")
@user_option
@format_options("text", "json")
@common_options
def show(conversation_id: str) -> int:
    """Show one conversation: each turn, what memory recalled and kept in it, and its run."""
    from swarmkit.cli.workspace_args import misplaced
    from swarmkit.runtime.conversations import load_conversation

    misplaced(conversation_id, "conversations show")
    c = load_conversation(_workspace_root(), conversation_id, _view())
    if output_format() == "json":
        output.result(json_document(c.to_json()))
        return 0
    output.result(
        f"conversation {c.id} of topology {c.topology}, started {c.started_at}"
        + (f", user {c.user}" if c.user else "")
        + f", {len(c.turns)} turn{'s' if len(c.turns) != 1 else ''}"
    )
    for number, turn in enumerate(c.turns, 1):
        output.result(f"{number}. you: {turn.get('input')}")
        answer = turn.get("output")
        output.result(f"   {answer}" if answer is not None else f"   ({turn.get('status')})")
        for hit in turn.get("recalled") or []:
            if isinstance(hit, dict):
                output.result(f"   recalled {hit.get('ref')}: {hit.get('text')}")
        for write in turn.get("wrote") or []:
            if isinstance(write, dict):
                output.result(f"   {write.get('status')} {write.get('ref') or ''}: {write.get('text')}")
        output.result(f"   run {turn.get('run')}")
    return 0
