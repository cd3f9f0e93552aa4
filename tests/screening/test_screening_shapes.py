"""Screening as a whole: fewer than one benign example in a hundred altered, every code of a list,
a hash's user and a Wi-Fi string's network kept, bounded cost on hostile lines, a card code found
after its card was screened, and a fact's subject losing what its text lost. Each shape's own
examples: tests/screening/examples/ (test_examples.py).
"""

from __future__ import annotations

import time

from swarmkit.screening.screen import REDACTED, screen
from tests.screening.example_files import benign_texts


def test_the_benign_corpora_keep_false_positives_under_one_percent():
    corpus = benign_texts()
    altered = [text for text in corpus if screen(text).text != text]
    assert len(corpus) >= 400 and len(set(corpus)) == len(corpus)
    assert len(altered) <= len(corpus) // 100, altered


def test_a_recovery_code_list_is_redacted_code_by_code():
    screened = screen("my backup codes for the bank, keep safe - 7k2p 9x4m, 3q8r 1w5t; 6y2u 4i8o")
    assert screened.text == (f"my backup codes for the bank, keep safe - {REDACTED}, {REDACTED}; {REDACTED}")
    # one word with a digit later in the sentence is no list
    assert screen("backup codes printed 2x and filed in 1Password").redactions == 0


def test_a_password_hash_keeps_its_user_and_loses_its_hash():
    assert screen("ana:$apr1$Qm9vZ2ll$8pLrT3vN7yQ1aB2cD3eF4/ from the htpasswd").text == (
        f"ana:{REDACTED} from the htpasswd"
    )


def test_a_wifi_qr_string_keeps_the_network_and_loses_the_password():
    assert screen("WIFI:T:WPA;S:Attic;P:Hay\\;Loft#9;;").text == f"WIFI:T:WPA;S:Attic;P:{REDACTED};;"


def test_screening_cost_stays_bounded_on_long_hostile_lines():
    # the new readers (lists after a keyword, words before a seed, clauses after "password") each
    # read a bounded window: long repeats of their keywords cost linear time
    lines = [
        "backup codes " * 2000,
        "the otp secret ABCD " * 2000,
        "password I " * 3000,
        "cookie " * 5000,
        "WIFI:P:" * 3000,
        "$6$" * 5000,
        "ocean-" * 5000,
        "sign in with a and " * 1500,
    ]
    start = time.process_time()
    for line in lines:
        screen(line)
    assert time.process_time() - start < 5.0


def test_a_card_code_is_found_after_its_card_was_screened():
    # a fact re-screened, a note imported under a screened heading: the card is [REDACTED_SECRET]
    for text in (
        "[REDACTED_SECRET] — the three digits on the back are 067",
        "カード番号 [REDACTED_SECRET] セキュリティコード 285",
    ):
        assert screen(text).text.count(REDACTED) == 2, text


def test_a_facts_subject_loses_what_its_text_lost():
    """A subject spells the fact's first words as a slug (`…_security_code_314`): what screening
    found in the told text is taken out of it too, short codes included."""
    from swarmkit.runtime.memory_hooks import without_told_secrets

    told = "Remember this: Visa 5134507114702626, security code 314"
    fact = {
        "text": "Visa 5134507114702626, security code 314",
        "subject": "user.notes.visa_5134507114702626_security_code_314",
    }
    (out,) = without_told_secrets([fact], told)
    assert "314" not in out["subject"] and "5134507114702626" not in out["subject"]
    assert out["subject"].startswith("user.notes.visa_")
