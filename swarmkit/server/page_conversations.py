"""The Conversations pages: the view's chats, one chat with what memory recalled and kept at each
turn, and a form to say the next thing (posted by portal.js with the page's token)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import Route

from swarmkit.errors import SwarmkitError
from swarmkit.runtime.conversations import list_conversations
from swarmkit.server.api_conversations import find_conversation
from swarmkit.server.context import server_config
from swarmkit.server.html import Safe, join, tag
from swarmkit.server.layout import empty, page, time_text
from swarmkit.server.page_runs import status_badge, table


def say_form(conversation_id: str | None) -> Safe:
    """One message, sent as a turn: POST /conversations (a new conversation without an id)."""
    return tag(
        "form",
        tag(
            "textarea",
            name="text",
            required=True,
            rows="2",
            maxlength="20000",
            aria_label="Your message",
            placeholder="Say something, e.g. I live in Oslo.",
        ),
        tag("input", type="hidden", name="conversation", value=conversation_id) if conversation_id else None,
        tag("button", "Send", type="submit"),
        method="post",
        action="/conversations",
        class_="say",
        id="say-form",
        data_post="/conversations",
    )


def conversations_page(request: Request):
    config = server_config(request)
    rows: list[list[object]] = [
        [
            tag("a", c.id, href=f"/portal/conversations/{c.id}"),
            time_text(c.updated_at),
            c.topology or "—",
            str(len(c.turns)),
            tag("span", c.title, class_="text"),
        ]
        for c in list_conversations(config.workspace, config.user)
    ]
    listing = (
        table(["Conversation", "Updated", "Topology", "Turns", "First message"], rows, "runs")
        if rows
        else empty("No conversations yet: start one below, or with `swarmkit chat`.")
    )
    body = join(
        [
            tag("p", "", id="notice", role="status"),
            listing,
            tag("section", tag("h2", "New conversation"), say_form(None), id="new-conversation"),
        ]
    )
    return page(request, "Conversations", body, "conversations")


def _turn(number: int, turn: dict) -> Safe:
    recalled = [hit for hit in turn.get("recalled") or [] if isinstance(hit, dict)]
    wrote = [write for write in turn.get("wrote") or [] if isinstance(write, dict)]
    answer = turn.get("output")
    memory = [
        tag(
            "li",
            tag("span", "recalled", class_="badge"),
            " ",
            tag("code", hit.get("ref")),
            " ",
            hit.get("text"),
        )
        for hit in recalled
    ] + [
        tag(
            "li",
            tag("span", str(write.get("status")), class_="badge"),
            " ",
            tag("code", write.get("ref") or "—"),
            " ",
            write.get("text"),
        )
        for write in wrote
    ]
    return tag(
        "li",
        tag("p", tag("strong", "You: "), turn.get("input"), class_="said"),
        tag("p", tag("strong", "Answer: "), answer, class_="answer")
        if answer is not None
        else tag("p", status_badge(turn.get("status")), class_="answer"),
        tag("ul", memory, class_="turn-memory")
        if memory
        else tag("p", "memory: nothing recalled or kept", class_="muted"),
        tag("p", tag("a", f"run {turn.get('run')}", href=f"/portal/runs/{turn.get('run')}"), class_="muted"),
        id=f"turn-{number}",
        class_="turn",
    )


def conversation_page(request: Request):
    conversation_id = request.path_params["conversation_id"]
    try:
        chat = find_conversation(request, conversation_id)
    except SwarmkitError as error:
        body = join(
            [
                tag("p", error.message, class_="error"),
                tag("p", tag("a", "All conversations", href="/portal/conversations")),
            ]
        )
        return page(
            request, f"Conversation {conversation_id}", body, "conversations", status_code=error.http_status
        )
    facts = [
        ("Topology", chat.topology or "—"),
        ("Started", time_text(chat.started_at)),
        ("Updated", time_text(chat.updated_at)),
        ("User", chat.user or "—"),
    ]
    body = join(
        [
            tag("dl", [join([tag("dt", k), tag("dd", v)]) for k, v in facts], class_="facts"),
            tag("ol", [_turn(n, t) for n, t in enumerate(chat.turns, 1)], class_="turns"),
            tag("p", "", id="notice", role="status"),
            say_form(chat.id),
        ]
    )
    return page(request, f"Conversation {chat.id}", body, "conversations")


ROUTES = [
    Route("/portal/conversations", conversations_page, methods=["GET"]),
    Route("/portal/conversations/{conversation_id}", conversation_page, methods=["GET"]),
]
