"""The API as tests call it: the base URL of the in-process app, and a POST as the portal sends it."""

from __future__ import annotations

from tests.server.seed import TOKEN

BASE = "http://127.0.0.1:8741"


def post(client, path: str, body, token: str | None = TOKEN, **headers):
    """A POST as the portal page sends it (token header, JSON body), with extra headers on top."""
    sent = {"Content-Type": "application/json"}
    if token is not None:
        sent["X-Swarmkit-Token"] = token
    sent.update(headers)
    return client.post(path, json=body, headers=sent)
