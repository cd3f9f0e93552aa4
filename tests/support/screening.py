"""What a redaction test checks: the secret is out of what would be written, and the screen found it."""

from __future__ import annotations

from swarmkit.screening.screen import REDACTED, Screened

NOTHING_LEFT = "nothing left but secrets"


def assert_taken_out(screened: Screened, secret: str) -> None:
    """Either redacted in place (the placeholder where it was, the rest kept), or, for a text that was
    nothing but the secret and its key, refused as nothing left but secrets, with the secret among
    those found. A screen that refused every text, or one that found nothing, fails here."""
    if screened.ok:
        assert secret not in screened.text, screened.text
        assert REDACTED in screened.text and screened.redactions >= 1, screened
    else:
        assert screened.refused == NOTHING_LEFT, screened.refused
        assert any(secret in found for found in screened.found), (secret, screened.found)


def assert_redacted_in_place(screened: Screened, secret: str) -> None:
    """Redacted where it was, the text kept: what a secret told inside a longer message gets."""
    assert screened.ok, screened.refused
    assert_taken_out(screened, secret)
