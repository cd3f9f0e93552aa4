"""Screening: salience, `<no-memory>`, refusing a text that held nothing but secrets, the check digits,
and what a redaction keeps. What each family redacts and leaves alone: test_examples.py."""

from __future__ import annotations

import pytest

from swarmkit.screening.screen import REDACTED, redact, screen

PRIVATE_KEY = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----"
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"


def test_redaction_keeps_the_surrounding_words():
    assert redact("login with password=hunter22 please")[0] == f"login with password={REDACTED} please"
    assert redact("db at postgres://u:p4ss@h/x")[0] == f"db at postgres://{REDACTED}@h/x"


@pytest.mark.parametrize(
    "text",
    [
        "password=hunter22",
        "ghp_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij12",
        "api_key: 9f8e7d6c5b4a39281706",
        JWT,
        PRIVATE_KEY,
    ],
)
def test_nothing_left_but_secrets_is_refused(text):
    result = screen(text)
    assert result.refused == "nothing left but secrets" and result.text == ""


@pytest.mark.parametrize(
    "text, reason",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("ok", "too short (under 3 characters)"),
        ("!!! --- ???", "no letters or digits"),
        ('tool_call {"name": "search"}', "tool telemetry, not a fact"),
        ('{"tool": "shell", "args": ["ls"]}', "tool telemetry, not a fact"),
        ("Exit code: 0", "tool telemetry, not a fact"),
        ("2026-11-30T10:00:00Z INFO started worker", "tool telemetry, not a fact"),
        ("Called tool web_search with query x", "tool telemetry, not a fact"),
    ],
)
def test_salience(text, reason):
    assert screen(text).refused == reason


def test_no_memory_marker_refuses():
    assert (
        screen("My address is 1 Main St <no-memory>").refused
        == "the text asks not to be remembered (<no-memory>)"
    )
    assert screen("<NO-MEMORY> anything").refused is not None


def test_check_digits():
    from swarmkit.screening.secrets.numbers import card_network_fits, iban_valid, luhn_valid

    assert luhn_valid("4111111111111111") and not luhn_valid("4111111111111112")
    assert card_network_fits("378282246310005") and not card_network_fits("358282246310005")
    assert iban_valid("DE89370400440532013000") and not iban_valid("DE88370400440532013000")
    assert iban_valid("GB82WEST12345698765432")


def test_redacted_values_keep_their_quotes_and_keys():
    assert redact('{"password": "hunter22"}')[0] == f'{{"password": "{REDACTED}"}}'
    assert redact("PGPASSWORD=s3cr3t psql")[0] == f"PGPASSWORD={REDACTED} psql"


def test_wallet_keys_need_their_checksum():
    from swarmkit.screening.secrets.wallets import base58check_payload

    payload = base58check_payload("5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ")
    assert payload is not None and payload[0] == 0x80 and len(payload) == 33
    assert base58check_payload("5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTK") is None


def test_a_wallet_key_that_fails_its_checksum_is_still_a_random_token():
    """One character changed, it is no wallet key (wallets.find leaves it), yet it is 51 characters
    a machine made: the rule for unannounced tokens takes it, named or not."""
    from swarmkit.screening.secrets import wallets

    lookalike = "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTK"
    assert list(wallets.find(lookalike, lookalike.lower())) == []
    assert redact(lookalike) == ("[REDACTED_SECRET]", 1)
    assert redact(f"paper wallet WIF {lookalike}") == ("paper wallet WIF [REDACTED_SECRET]", 1)


def test_screening_reads_four_entries_worth_of_a_text():
    """screen_entry's bound is its own (screening imports nothing of the folder): four times the
    longest entry, as its docstring says."""
    from swarmkit.memory.folder.entries import MAX_TEXT
    from swarmkit.screening.screen import ENTRY_READ_LIMIT

    assert ENTRY_READ_LIMIT == 4 * MAX_TEXT
