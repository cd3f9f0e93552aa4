"""The Conversations pages: the view's chats, one chat with what memory recalled and kept at each
turn, and a form to say the next thing (posted by portal.js with the page's token). What they show
is gathered here; templates/conversations.html and conversation.html lay it out."""

from __future__ import annotations

from starlette.requests import Request

from swarmkit.runtime.conversations import list_conversations
from swarmkit.server.api_conversations import find_conversation
from swarmkit.server.api_route import PageRoute
from swarmkit.server.context import server_config
from swarmkit.server.render import render


def conversations_page(request: Request):
    config = server_config(request)
    found = list_conversations(config.workspace, config.user)
    return render(request, "conversations.html", "Conversations", "conversations", conversations=found)


def _turn(turn: dict) -> dict:
    """A turn as the page shows it: what was said, the answer (or how the turn ended), and what
    memory recalled and kept."""
    return {
        "input": turn.get("input"),
        "output": turn.get("output"),
        "status": turn.get("status"),
        "run": turn.get("run"),
        "recalled": [hit for hit in turn.get("recalled") or [] if isinstance(hit, dict)],
        "wrote": [write for write in turn.get("wrote") or [] if isinstance(write, dict)],
    }


def conversation_page(request: Request, conversation_id: str):
    chat = find_conversation(request, conversation_id)
    return render(
        request,
        "conversation.html",
        f"Conversation {chat.id}",
        "conversations",
        chat=chat,
        turns=[_turn(turn) for turn in chat.turns],
    )


ROUTES = [
    PageRoute("/portal/conversations", conversations_page, "Conversations"),
    PageRoute(
        "/portal/conversations/{conversation_id}",
        conversation_page,
        "Conversation {conversation_id}",
        back=("All conversations", "/portal/conversations"),
    ),
]
