"""The conversations API: the view's saved chats, and a turn said from the portal (token-guarded).

A conversation is its person's, as runs are: a view lists and shows only its own, and another
person's id is a 404 like a missing one. A turn runs the topology exactly as `swarmkit chat` does,
with each agent's own provider.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query
from starlette.requests import Request

from swarmkit.errors import NotFound, SwarmkitError
from swarmkit.runtime.conversations import (
    Conversation,
    list_conversations,
    load_conversation,
    new_conversation_id,
    now,
)
from swarmkit.server import api_models as M
from swarmkit.server.api_route import NOT_JSON, WORKSPACE_INVALID, api
from swarmkit.server.context import load, server_config
from swarmkit.server.json_response import JSONResponse

Limit = Annotated[int, Query(ge=1, le=10000, description="At most this many (default 100).")]


def conversations(request: Request, limit: Limit = 100) -> JSONResponse:
    config = server_config(request)
    skipped: list[str] = []
    found = list_conversations(config.workspace, config.user, skipped)
    return JSONResponse(
        {"total": len(found), "conversations": [c.summary() for c in found[:limit]], "warnings": skipped}
    )


def find_conversation(request: Request, conversation_id: str) -> Conversation:
    config = server_config(request)
    return load_conversation(config.workspace, conversation_id, config.user)


def conversation(request: Request, conversation_id: M.ConversationId) -> JSONResponse:
    return JSONResponse(find_conversation(request, conversation_id).to_json())


def say(request: Request, body: M.Say) -> JSONResponse:
    """`{text, conversation?, topology?}`: one turn (a new conversation without `conversation`)."""
    from swarmkit.runtime.conversations import take_turn
    from swarmkit.runtime.providers.registry import ProviderSet

    text = body.text
    if not text.strip():
        raise SwarmkitError("text is empty", "send {text: what you say}")
    if text.strip().startswith("/"):  # /memory, /forget: the terminal's commands, not a message
        from swarmkit.screening.screen import redact

        shown = redact(text.strip())[0].split()[0]  # no turn records it: screened as one would be
        raise SwarmkitError(
            f"{shown} is a command of `swarmkit chat` on a terminal, not a message",
            "the page shows what memory recalled and kept at each turn; forget an entry on the Memory page",
        )
    ctx = load(request)
    ws, user = ctx.workspace, server_config(request).user
    chat = find_conversation(request, body.conversation) if body.conversation else None
    wanted = (chat.topology if chat is not None else None) or body.topology
    if wanted is None and len({t.name for t in ws.topologies.values()}) != 1:
        raise SwarmkitError(
            f"the workspace has {len(ws.topologies)} topologies; name one",
            "send {text, topology: NAME}",
        )
    topology = ws.find_topology(wanted) if wanted is not None else ws.topology(None)
    if topology is None:
        raise NotFound(f'no topology "{wanted}" in the workspace', "GET /memory/status names the workspace")
    if chat is None:
        chat = Conversation(
            new_conversation_id(), ws.id, topology.ref, user, started_at=now(), updated_at=now()
        )
    providers = ProviderSet(ws.model_providers)
    for agent in topology.walk():
        providers.for_agent(agent)  # a provider this turn cannot use fails before anything runs
    record = take_turn(ws, topology, providers, chat, text)
    return JSONResponse(
        {
            "conversation": chat.summary(),
            "turn": chat.turns[-1],
            "status": record.status,
            "output": record.output,
            "error": record.error,
        }
    )


ROUTES = [
    api(
        "/conversations",
        conversations,
        "GET",
        M.ConversationList,
        "The conversations of this view's person (swarmkit chat), most recent first",
        {400: "A bad parameter."},
        done="Conversations.",
    ),
    api(
        "/conversations",
        say,
        "POST",
        M.Turn,
        "Say one thing: a turn of a conversation (a new one without `conversation`), run as swarmkit chat runs it",
        {
            400: "Bad body, or a provider this turn cannot use.",
            404: "No such conversation, or another person's (code conversation_not_found).",
            409: WORKSPACE_INVALID,
            415: NOT_JSON,
        },
        done="The turn, kept (its status says whether the run went through).",
        operation_id="conversation_say",
    ),
    api(
        "/conversations/{conversation_id}",
        conversation,
        "GET",
        M.Conversation,
        "One conversation, with what memory recalled and kept at each turn",
        {
            400: "Not a conversation id (code invalid_conversation_id).",
            404: "No such conversation, or another person's (code conversation_not_found).",
            409: "It cannot be read (code conversation_unreadable).",
        },
        done="The conversation.",
    ),
]
