"""An OpenAI-compatible embeddings endpoint as recall's model, against a loopback server that answers
as OpenAI's API documents (tests/support/openai_embeddings.py, real vectors): chosen by
SWARMKIT_EMBEDDING_MODEL=openai:NAME or the user's settings file, never the workspace; vectors keyed
by endpoint and model; batches; only screened text is sent; a key for OpenAI goes to OpenAI's URL
only; a timeout, an error or a malformed answer is recall by words, said in one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from swarmkit.memory.recall import RecallIndex, semantic
from swarmkit.memory.recall.vectors import vectors_path
from swarmkit.memory.store import MemoryStore
from tests.support.openai_embeddings import EmbeddingsServer

SECRET = "ghp_R8x2Kq9Lm4Tz7Vw1Yb3Nc6Pd0Hf5Js2Ua8Qe"
FACTS = [
    "I'm vegetarian",
    "Lives in Berlin",
    "Works as a nurse at the county hospital",
    "Drives a red Toyota",
    "Deploys happen on Tuesday mornings",
]


@pytest.fixture
def settings(monkeypatch, tmp_path):
    """A clean slate: no choice in the environment, an empty settings folder and cache."""
    for name in (
        "SWARMKIT_EMBEDDING_MODEL",
        "SWARMKIT_EMBEDDING_BASE_URL",
        "SWARMKIT_EMBEDDING_API_KEY",
        "SWARMKIT_EMBEDDING_TIMEOUT",
        "SWARMKIT_EMBEDDING_BATCH_SIZE",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    semantic.forget_choice()
    yield tmp_path / "config" / "swarmkit" / "config.toml"
    semantic.forget_choice()


@pytest.fixture
def server(settings, monkeypatch):
    with EmbeddingsServer() as served:
        monkeypatch.setenv("SWARMKIT_EMBEDDING_MODEL", "openai:test-embed")
        monkeypatch.setenv("SWARMKIT_EMBEDDING_BASE_URL", served.base_url)
        monkeypatch.setenv("SWARMKIT_EMBEDDING_API_KEY", "sk-loopback")
        semantic.forget_choice()
        yield served


def written(folder: Path, texts: list[str]) -> MemoryStore:
    store = MemoryStore(folder, "demo")
    store.ensure()
    body = "\n".join(f"- {t} [by: agent]" for t in texts)
    (folder / "notes.md").write_text(f"# Notes\n\n{body}\n", encoding="utf-8")
    return store


def test_questions_find_their_fact_by_meaning_through_the_endpoint(server, tmp_path):
    store = written(tmp_path / "memory", FACTS)
    model = semantic.choice()
    assert isinstance(model, semantic.Model) and model.endpoint is not None
    port = server.base_url.split(":")[2].split("/")[0]
    assert model.id.startswith(f"test-embed@127.0.0.1:{port}-")
    assert semantic.describe() == f"recall by words and meaning (test-embed at 127.0.0.1:{port})"
    for fact, question in [
        ("I'm vegetarian", "Do I eat meat?"),
        ("Lives in Berlin", "Which city am I in?"),
        ("Works as a nurse at the county hospital", "What is my job?"),
        ("Drives a red Toyota", "What car do I own?"),
    ]:
        hits = store.recall(question, 1, 0.0)
        assert hits and hits[0].text == fact, question
        assert hits[0].parts is not None and hits[0].parts.cosine is not None
    first = server.requests[0]
    assert first["path"] == "/v1/embeddings"
    assert first["headers"]["Authorization"] == "Bearer sk-loopback"
    assert first["headers"]["Content-Type"] == "application/json"
    assert first["body"]["model"] == "test-embed" and first["body"]["encoding_format"] == "float"
    # the same vectors as the local model's: the endpoint is a model like another
    local = semantic.Model("local", None, "test", None)
    assert local.endpoint is None
    sent = semantic.encoder(model).encode(["Lives in Berlin"])
    assert np.allclose(sent, server.encoder().encode(["Lives in Berlin"]), atol=1e-6)


def test_vectors_are_keyed_by_endpoint_and_model_and_stored_once(server, tmp_path, monkeypatch):
    store = written(tmp_path / "memory", FACTS)
    store.recall("Which city am I in?")
    model = semantic.choice()
    stored = vectors_path(tmp_path / "memory" / ".index", model.id)
    assert stored.is_file() and stored.name.startswith("vectors-test-embed_127.0.0.1_")
    sent = len(server.inputs)
    semantic.forget_choice()  # a new process: the entries' vectors are read, only the question is sent
    store = MemoryStore(tmp_path / "memory", "demo")
    store.recall("Do I eat meat?")
    assert server.inputs[sent:] == ["Do I eat meat?"]
    # the width was learnt once and remembered: a new process sizes its store without a probe
    held = json.loads((tmp_path / "cache" / "swarmkit" / "endpoints.json").read_text())
    assert held == {model.id: 384}
    # another model name, or another endpoint, keeps vectors of its own
    with EmbeddingsServer(models=("other-embed",)) as other:
        monkeypatch.setenv("SWARMKIT_EMBEDDING_MODEL", "openai:other-embed")
        monkeypatch.setenv("SWARMKIT_EMBEDDING_BASE_URL", other.base_url)
        semantic.forget_choice()
        MemoryStore(tmp_path / "memory", "demo").recall("Which city am I in?")
        again = semantic.choice()
        assert (
            again.id != model.id and len(other.inputs) == len(FACTS) + 2
        )  # a probe, the facts, the question
    assert len(list((tmp_path / "memory" / ".index").glob("vectors-*.sqlite3"))) == 2


def test_texts_go_in_batches_of_the_size_chosen(server, tmp_path, monkeypatch):
    monkeypatch.setenv("SWARMKIT_EMBEDDING_BATCH_SIZE", "64")
    semantic.forget_choice()
    store = written(tmp_path / "memory", [f"Fact number {n} about the deploy pipeline" for n in range(150)])
    assert RecallIndex(store).embed_all() == 150
    sizes = [len(r["body"]["input"]) for r in server.requests]
    assert sizes[0] == 1 and sorted(sizes[1:]) == [22, 64, 64]  # the width's probe, then 150 in three


def test_only_screened_text_leaves_the_machine(server, tmp_path):
    store = written(
        tmp_path / "memory", FACTS + [f"The deploy token is {SECRET}"]
    )  # a hand edit, uncommitted
    store.recall(f"Which city am I in? Also my token is {SECRET}")
    sent = server.inputs
    assert sent and not any(SECRET in text for text in sent)
    assert "The deploy token is [REDACTED_SECRET]" in sent
    assert "Which city am I in? Also my token is [REDACTED_SECRET]" in sent


def test_a_key_for_openai_is_sent_to_openai_s_url_only(settings, monkeypatch, tmp_path):
    with EmbeddingsServer() as served:
        monkeypatch.setenv("SWARMKIT_EMBEDDING_MODEL", "openai:test-embed")
        monkeypatch.setenv("OPENAI_API_KEY", "sk-for-openai")
        monkeypatch.setenv("SWARMKIT_EMBEDDING_BASE_URL", served.base_url)
        semantic.forget_choice()
        written(tmp_path / "a", FACTS).recall("Which city am I in?")
        assert "Authorization" not in served.requests[-1]["headers"]
        monkeypatch.delenv("SWARMKIT_EMBEDDING_BASE_URL")
        monkeypatch.setenv("OPENAI_BASE_URL", served.base_url)  # the URL the key is set with
        semantic.forget_choice()
        written(tmp_path / "b", FACTS).recall("Which city am I in?")
        assert served.requests[-1]["headers"]["Authorization"] == "Bearer sk-for-openai"
    monkeypatch.delenv("OPENAI_BASE_URL")
    semantic.forget_choice()
    assert semantic.choice().endpoint.base_url == "https://api.openai.com/v1"


def test_the_user_settings_file_chooses_the_endpoint_and_says_what_is_wrong(settings, cli, workspace):
    ws = str(workspace())
    with EmbeddingsServer() as served:
        settings.parent.mkdir(parents=True)
        settings.write_text(
            f'[embedding]\nmodel = "openai:test-embed"\nbase_url = "{served.base_url}"\napi_key = "sk-file"\n'
            "timeout = 10\nbatch_size = 8\n"
        )
        semantic.forget_choice()
        model = semantic.choice()
        assert isinstance(model, semantic.Model) and model.source == str(settings)
        assert model.endpoint.batch_size == 8 and model.endpoint.timeout == 10
        assert cli("memory", "--workspace", ws, "add", "Lives in Berlin")[0] == 0
        code, out, _ = cli("memory", "--workspace", ws, "search", "Which city am I in?")
        assert code == 0 and out.splitlines()[0].endswith("Lives in Berlin")
        assert served.requests[-1]["headers"]["Authorization"] == "Bearer sk-file"
    line = "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars; recall by words only "
    for text, why in [
        (
            '[embedding]\nmodel = "openai:x\n',
            f"({settings} is not valid TOML: ",
        ),
        (
            '[embedding]\nmodle = "off"\n',
            f"({settings}: unknown key 'modle' in [embedding] (known: model, base_url, api_key, timeout, batch_size))",
        ),
        ("[embedding]\ntimeout = 'soon'\n", f"({settings}: [embedding] timeout must be a number)"),
        ('[embedding]\nmodel = "openai:"\n', f"({settings} names no model after openai:)"),
    ]:
        settings.write_text(text)
        semantic.forget_choice()
        code, out, _ = cli("memory", "--workspace", ws, "status")
        if why.endswith(": "):  # tomllib words its errors in each Python its own way
            assert out.splitlines()[0].startswith(line + why) and "(at line 2, column " in out
        else:
            assert out.splitlines()[0] == line + why


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        (
            "fail",
            "answered 500 Internal Server Error: The server had an error while processing your request.",
        ),
        ("short", "answered with no embeddings as OpenAI's API gives them (0 of 1 vectors)"),
        ("slow", "did not answer within 0.5 s"),
    ],
)
def test_a_failing_endpoint_is_recall_by_words_said_once(server, cli, workspace, monkeypatch, mode, reason):
    import warnings

    from swarmkit.memory.folder.results import MemoryWarning

    ws = str(workspace())
    assert cli("memory", "--workspace", ws, "add", "Lives in Berlin")[0] == 0
    assert cli("memory", "--workspace", ws, "add", "Prefers tea")[0] == 0
    monkeypatch.setenv("SWARMKIT_EMBEDDING_TIMEOUT", "0.5")
    semantic.forget_choice()  # the next command is a new process
    server.mode, server.delay = mode, 2.0
    asked = len(server.requests)
    warnings.simplefilter("always", MemoryWarning)  # shown as the CLI shows it (conftest hides them)
    code, out, err = cli("memory", "--workspace", ws, "search", "Berlin")
    assert code == 0 and out.splitlines()[0].endswith("Lives in Berlin")  # by words
    assert err == (
        "warning: recall is by words only for now: the embeddings endpoint failed: "
        f"{server.base_url}/embeddings {reason}\n"
    )
    assert len(server.requests) == asked + 1  # one request, then no more in this process
    code, out, err = cli("memory", "--workspace", ws, "search", "tea")
    assert code == 0 and err == "" and len(server.requests) == asked + 1
    code, out, _ = cli("memory", "--workspace", ws, "status")
    assert "recall by words only (the embeddings endpoint failed: " in out.splitlines()[0]


def test_vectors_come_back_in_input_order_and_unit_length_whatever_the_server_sends(server, tmp_path):
    """In order by `index`, unit length however long the server's are, and one vector from a list
    of token vectors (their mean)."""
    for mode in ("shuffled", "scaled", "tokens"):
        server.mode = mode
        semantic.forget_choice()
        vectors = semantic.embed(["Lives in Berlin", "Deploys happen on Tuesday mornings"])
        expected = server.encoder().encode(["Lives in Berlin", "Deploys happen on Tuesday mornings"])
        assert np.allclose(vectors, expected, atol=1e-6), mode
        assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-6)


def test_the_workspace_never_carries_the_choice(server, cli, workspace):
    """The endpoint is the person's setting: the workspace validates as upstream's and names none."""
    ws = workspace()
    code, out, _ = cli("validate", str(ws))
    assert code == 0 and "recall by words and meaning (test-embed at 127.0.0.1:" in out
    assert "embedding" not in (ws / "workspace.yaml").read_text()
