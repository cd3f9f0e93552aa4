"""A memory entry's ref is no password: an answer listing entries beside words about getting in
("forget one" holds "get on", "Uses the VPN") keeps its refs (issue 33)."""

from __future__ import annotations

import pytest

from swarmkit.screening.screen import redact


@pytest.mark.parametrize(
    "text",
    [
        "- Drives a red Skoda Octavia (me.md#9a6c9bf6)\nTo have me forget one, say so",
        "Uses the VPN at work (users/ana.md#9a6c9bf6)",
        "the admin login page is noted at workspaces/ws.md#L12",
    ],
)
def test_a_ref_beside_words_about_getting_in_is_kept(text):
    assert redact(text)[0] == text


def test_a_password_beside_a_ref_is_still_redacted():
    assert redact("my vpn password is Xk9#mq2Lz (me.md#9a6c9bf6)")[0] == (
        "my vpn password is [REDACTED_SECRET] (me.md#9a6c9bf6)"
    )
