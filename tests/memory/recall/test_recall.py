"""Recall: a score in [0, 1] with one meaning, scopes, refs, and an index that follows hand edits."""

from __future__ import annotations

import pytest

from swarmkit.errors import SwarmkitError
from swarmkit.memory.recall import scan_search, stem, terms
from swarmkit.memory.store import MemoryStore
from tests.support.git import git
from tests.support.memory_files import ref_of


@pytest.fixture
def filled(folder):
    store = MemoryStore(folder, "demo")
    store.remember("Prefers concise answers with bullet points", kind="preference", by="user")
    store.remember("Deploys go through staging first", kind="rule")
    store.remember(
        "Deploy target is eu-west-1", kind="project_fact", subject="deploy_target", target="workspace"
    )
    store.remember("The billing service is written in Go", kind="project_fact")
    store.remember("Deploy notes imported from the old wiki", target="inbox")
    return store


def test_terms_drop_stop_words_and_stem():
    assert terms("How do the deploys work?") == ["deploy", "work"]
    assert stem("deploying") == stem("deployed") == stem("deploys") == "deploy"
    assert stem("policies") == stem("policy") and stem("class") == "class" and stem("boxes") == stem("box")
    assert terms("Caroline's kids don't like it") == terms("caroline kid like")


def test_ranked_hits_carry_refs_and_scores(filled):
    hits = filled.recall("deploy target")
    assert [h.ref for h in hits][:2] == [
        ref_of("workspaces/demo.md", "Deploy target is eu-west-1"),
        ref_of("lessons.md", "Deploys go through staging first"),
    ]
    top = hits[0]
    assert top.score == 1.0 and top.text == "Deploy target is eu-west-1"
    assert (top.file, top.line, top.by, top.kind, top.unreviewed) == (
        "workspaces/demo.md",
        4,
        "agent",
        "project_fact",
        False,
    )
    assert all(0 < h.score <= 1 for h in hits)
    assert hits == sorted(hits, key=lambda h: -h.score)


def test_score_is_the_share_of_query_weight_matched(filled):
    hits = {h.ref: h.score for h in filled.recall("deploy target", similarity_threshold=0)}
    partial = hits[ref_of("lessons.md", "Deploys go through staging first")]  # "deploy", not "target"
    assert 0 < partial < 1
    from swarmkit.memory.recall import idf

    n = len([e for e in filled.entries() if not e.meta.get("marker")])
    # deploy appears in 3 entries (lessons, workspace, inbox), target in 1; the weight is √idf
    expected = idf(n, 3) ** 0.5 / (idf(n, 3) ** 0.5 + idf(n, 1) ** 0.5)
    assert partial == pytest.approx(expected)


def test_a_full_match_scores_one_whatever_the_folder_size(folder):
    small = MemoryStore(folder / "small", "demo")
    small.remember("The release train leaves on Tuesdays", kind="rule")
    big = MemoryStore(folder / "big", "demo")
    big.ensure()
    body = "\n".join(f"- Filler fact number {i} about topic {i % 97}" for i in range(3000))
    for n in range(5):
        (big.folder / f"bulk{n}.md").write_text(f"# Bulk\n\n{body}\n")
    big.remember("The release train leaves on Tuesdays", kind="rule")
    for store in (small, big):
        hits = store.recall("when does the release train leave")
        assert hits[0].text == "The release train leaves on Tuesdays" and hits[0].score == 1.0


def test_query_words_in_no_entry_do_not_push_matches_under_the_threshold(folder):
    store = MemoryStore(folder, "demo")
    store.remember("Lives in Porto", kind="identity", by="user")
    store.remember("Prefers concise answers", kind="preference", by="user")
    hits = store.recall("Where do I live, and which programming language do I like best?")
    assert [(h.text, h.score) for h in hits] == [("Lives in Porto", 1.0)]
    assert store.recall("kubernetes helm charts") == []


def test_dates_meet_in_any_spelling(folder):
    store = MemoryStore(folder, "demo")
    store.ensure()
    (folder / "lessons.md").write_text(
        "# Lessons\n\n"
        "- The release freeze starts on 20 December 2026 [by: agent; added: 2026-11-02]\n"
        "- Picked Postgres for the ledger [by: agent; kind: decision; added: 2026-06-03]\n"
        "- Picked Redis for the cache [by: agent; kind: decision; added: 2025-06-03]\n"
    )
    assert (
        terms("freeze on 2026-12-20")
        == terms("freeze on Dec 20, 2026")
        == ["freez", "@2026-12-20", "@2026-12"]
    )
    assert store.recall("when does the freeze start? 2026-12-20")[0].line == 3
    decided = store.recall("what was picked in June 2026?")
    assert [h.line for h in decided] == [4, 5] and decided[0].score > decided[1].score
    assert [h.line for h in store.recall("what was picked in June?", similarity_threshold=0.9)] == [5, 4]
    assert terms("it may rain") == ["may", "rain"]  # "may" alone is not a month


def test_threshold_and_max_results(filled):
    assert len(filled.recall("deploy", max_results=1)) == 1
    assert len(filled.recall("deploy", max_results=5)) == 2  # inbox excluded by default
    assert filled.recall("deploy target", similarity_threshold=0.99)[0].score == 1.0
    assert len(filled.recall("deploy target", similarity_threshold=0.99)) == 1
    assert filled.recall("kubernetes helm charts") == []
    assert filled.recall("the and of") == []


def test_scopes(folder):
    store = MemoryStore(folder, "demo", user="alice")
    store.remember("Alice likes green tea", kind="preference", by="user")
    MemoryStore(folder, "demo", user="bob").remember("Bob likes black tea", kind="preference", by="user")
    MemoryStore(folder, "demo").remember("The local user likes mint tea", kind="preference", by="user")
    store.remember("Tea breaks are at four", kind="rule")
    store.remember("Tea is imported notes", target="inbox")
    refs = lambda scope, **kw: sorted(h.ref.split("#")[0] for h in store.recall("tea", 10, 0, scope, **kw))
    assert refs("user") == ["users/alice.md"]
    assert refs("both") == ["lessons.md", "users/alice.md"]
    # every file but the inbox and swarms, and never another person's (bob's, or the owner's me.md)
    assert refs("all") == ["lessons.md", "users/alice.md"]
    assert refs("all", include_inbox=True) == ["inbox.md", "lessons.md", "users/alice.md"]
    owner = lambda scope: sorted(
        h.ref.split("#")[0] for h in MemoryStore(folder, "demo").recall("tea", 10, 0, scope)
    )
    assert owner("all") == owner("both") == ["lessons.md", "me.md"]
    inbox_hit = [h for h in store.recall("imported notes", 10, 0, "all", include_inbox=True)][0]
    assert inbox_hit.unreviewed is True
    with pytest.raises(SwarmkitError, match="unknown search scope 'everything'"):
        store.recall("tea", search_scope="everything")
    # a parameter left out (None) is the memory-reader's schema default: scope all
    assert store.recall("tea", 10, 0, None) == store.recall("tea", 10, 0, "all")
    from swarmkit.models.common_schema import ReaderConfig

    scope = ReaderConfig(search_scope="user").search_scope
    assert sorted(h.ref.split("#")[0] for h in store.recall("tea", 10, 0, scope)) == ["users/alice.md"]


def test_bad_parameters_are_clear_errors(filled):
    with pytest.raises(SwarmkitError, match="max_results must be a whole number of at least 1, not 0"):
        filled.recall("deploy", max_results=0)
    with pytest.raises(SwarmkitError, match="similarity_threshold must be between 0 and 1, not 1.5"):
        filled.recall("deploy", similarity_threshold=1.5)


def test_hand_edits_are_picked_up(filled, folder):
    assert filled.recall("zeppelin") == []
    with open(folder / "lessons.md", "a") as handle:
        handle.write("- Zeppelin rides need a permit\n")
    hits = filled.recall("zeppelin permit")
    assert hits and hits[0].ref == ref_of("lessons.md", "Zeppelin rides need a permit")
    assert (hits[0].line, hits[0].by) == (5, "user")
    (folder / "lessons.md").write_text("# Lessons\n\n- Only this remains\n")
    assert filled.recall("zeppelin") == []
    (folder / "notes").mkdir()
    (folder / "notes" / "extra.md").write_text("- Zeppelin hangar is in Friedrichshafen\n")
    assert filled.recall("zeppelin")[0].ref == ref_of(
        "notes/extra.md", "Zeppelin hangar is in Friedrichshafen"
    )
    (folder / "notes" / "extra.md").unlink()
    assert filled.recall("zeppelin") == []


def test_a_fresh_store_object_sees_the_same_index(filled, folder):
    other = MemoryStore(folder, "demo")
    assert [h.ref for h in other.recall("deploy")] == [h.ref for h in filled.recall("deploy")]


def test_the_index_is_outside_git(filled, folder):
    filled.recall("deploy")
    assert (folder / ".index" / "recall.sqlite3").exists()
    assert git(folder, "status", "--porcelain") == ""
    assert ".index" not in git(folder, "ls-files")


def test_a_corrupt_index_is_rebuilt(filled, folder):
    filled.recall("deploy")
    filled._index.close()
    filled._index = None
    (folder / ".index" / "recall.sqlite3").write_bytes(b"not a database at all" * 100)
    for suffix in ("-wal", "-shm"):
        (folder / ".index" / f"recall.sqlite3{suffix}").unlink(missing_ok=True)
    assert filled.recall("deploy target")[0].score == 1.0


def test_reindex_counts_entries(filled):
    assert filled.reindex() == 5  # the workspace marker line is not indexed


def test_markers_are_not_recalled(filled):
    assert all("Facts about workspace" not in h.text for h in filled.recall("workspace demo facts", 10, 0))


def test_index_and_scan_agree(filled):
    for query in ("deploy target", "concise bullet answers", "billing go service", "staging"):
        indexed = [(h.ref, round(h.score, 6)) for h in filled.recall(query, 10, 0.1)]
        scanned = [(h.ref, round(h.score, 6)) for h in scan_search(filled, query, 10, 0.1)]
        assert sorted(indexed) == sorted(scanned), query


def test_swarm_scope_reads_only_that_swarm(filled):
    swarm = filled.swarm("Fix deploys", "r-1a2b3c4d5e", goal="Fix the deploys", members=["root", "worker"])
    swarm.note("finding", "Deploy fails on missing staging secret", "worker")
    hits = swarm.recall("deploy staging")
    assert [h.file for h in hits] == [f"swarms/{swarm.slug}/findings.md"]
    assert all("swarms/" not in h.file for h in filled.recall("deploy staging", 10, 0))


def test_processes_building_the_index_at_once_agree(folder):
    import subprocess
    import sys

    store = MemoryStore(folder, "demo")
    store.ensure()
    body = "\n".join(f"- Shared fact number {i} about subject {i % 50}" for i in range(2000))
    for n in range(4):
        (folder / f"bulk{n}.md").write_text(f"# Bulk\n\n{body}\n")
    store.remember("The unique zebra fact", kind="insight")
    script = (
        "import sys\nfrom swarmkit.memory.store import MemoryStore\n"
        "hits = MemoryStore(sys.argv[1], 'demo').recall('unique zebra')\n"
        "print(hits[0].ref, round(hits[0].score, 3))\n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(folder)], stdout=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert outs == [f"{ref_of('lessons.md', 'The unique zebra fact')} 1.0"] * 3
    assert MemoryStore(folder, "demo").reindex() == 8001


@pytest.mark.parametrize("words", [1, 2, 3, 6, 12, 30])
def test_the_index_finds_the_same_scores_as_a_full_scan(folder, words):
    import random

    from swarmkit.memory.recall.diverse import diverse

    rng = random.Random(words)
    vocabulary = [f"w{n}x" for n in range(60)] + ["deploy", "staging", "billing"]
    weights = [1 / (r + 1) for r in range(len(vocabulary))]
    store = MemoryStore(folder, "demo")
    store.ensure()
    for f in range(6):
        body = "\n".join(
            "- " + " ".join(rng.choices(vocabulary, weights, k=rng.randint(3, 9))) for _ in range(100)
        )
        (folder / f"notes{f}.md").write_text(f"# Notes\n\n{body}\n")
    for _ in range(15):
        query = " ".join(rng.choices(vocabulary, k=words))
        for k in (1, 5, 20):
            indexed = [round(h.score, 9) for h in store.recall(query, k, 0.1)]
            # store.recall folds restatements after ranking (recall/diverse.py): the scan gets the same step
            scan = diverse(lambda n, q=query: scan_search(store, q, n, 0.1), k)
            scanned = [round(h.score, 9) for h in scan]
            assert indexed == scanned, (query, k)


@pytest.mark.parametrize(
    "shape", ["1 ", "1" + " " * 50 + "x", "in may ", "12 of ", "2023-", "june, ", "a'", "1st june, 2023 "]
)
def test_terms_take_linear_time_on_hostile_text(shape):
    """Entries and queries of any shape are tokenised in time linear in their length (CPU time,
    best of three: a quadratic pattern would take 16 times as long for 4 times the text)."""
    import time

    def cpu(text: str) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            terms(text)
            best = min(best, time.process_time() - start)
        return best

    unit = shape * (20_000 // len(shape) + 1)
    assert cpu(unit * 4) < 8 * max(cpu(unit), 1e-3)


MANY_THINGS = (
    "Lives in Porto",
    "Works as a nurse at the city hospital",
    "Likes Rust programming",
    "Best friend is Ana",
    "Language teacher Maria",
    "Owns a cat named Miso",
    "Drives a blue bicycle",
    "Studies Japanese grammar",
    "Plays tennis on Sundays",
)
ABOUT_EVERYTHING = (
    "Who is my friend, my teacher, my cat; what do I drive, play, study, program, and where do I live?"
)


def test_a_question_about_many_things_gets_the_closest_entries(folder):
    # Each entry holds about a ninth of the question's weight: none clears 0.15, yet the question
    # shares a word with every entry, so recall answers with the closest ones instead of nothing.
    store = MemoryStore(folder, "demo")
    for text in MANY_THINGS:
        store.remember(text, kind="identity", by="user")
    hits = store.recall(ABOUT_EVERYTHING)
    assert len(hits) == 5 and {h.text for h in hits} <= set(MANY_THINGS)
    best = hits[0].score
    assert all(best * 0.5 <= h.score < 0.15 for h in hits)
    scanned = scan_search(store, ABOUT_EVERYTHING)
    assert [(h.ref, round(h.score, 9)) for h in hits] == [(h.ref, round(h.score, 9)) for h in scanned]


def test_the_closest_are_those_near_the_best_score():
    from swarmkit.memory.recall.hit import RecallHit
    from swarmkit.memory.recall.scoring import closest

    scores = (0.12, 0.06, 0.059)
    hits = [RecallHit(f"fact {n}", s, f"me.md#L{n}", "me.md", n, "user", None) for n, s in enumerate(scores)]
    assert [h.text for h in closest(hits)] == ["fact 0", "fact 1"]
    assert closest([]) == []


def test_the_closest_entries_need_a_shared_word_and_a_threshold_the_caller_did_not_choose(folder):
    store = MemoryStore(folder, "demo")
    for text in MANY_THINGS:
        store.remember(text, kind="identity", by="user")
    assert store.recall("kubernetes helm charts") == []
    assert scan_search(store, "kubernetes helm charts") == []
    assert store.recall(ABOUT_EVERYTHING, closest=False) == []
    assert scan_search(store, ABOUT_EVERYTHING, closest=False) == []
    assert store.recall(ABOUT_EVERYTHING, similarity_threshold=0) != []  # 0: everything sharing a word
