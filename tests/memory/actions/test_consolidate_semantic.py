"""Consolidation by words and meaning (the semantic extra, with the packaged all-MiniLM-L6-v2): in
force by itself when a model is, a paraphrase that shares few words is one fact, the vectors recall
stored are used (no entry is embedded twice), and without a model it says what is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from swarmkit.memory.actions.consolidate import consolidate
from swarmkit.memory.recall import RecallIndex
from swarmkit.memory.recall.encoder import Encoder
from swarmkit.memory.recall.meaning import DUPLICATE, SAME_COSINE, ByMeaning, meaning
from swarmkit.memory.recall.pair_score import FEATURES
from swarmkit.memory.store import MemoryStore
from tests.support.git import commit_count, git
from tests.support.memory_files import lines
from tests.support.semantic import packaged_model

pytest.importorskip("tokenizers")

# Written for this test: two pairs that say one thing in other words, and facts around them.
TEXTS = [
    "Ana is grateful for Ben's support and encouragement",
    "Ana prefers tea to coffee",
    "Ana lives in Lisbon",
    "Ana is thrilled about her upcoming trip to Japan",
    "Ben plays chess on Sundays",
    "Ana appreciates Ben's support and thanks him for it",
    "Ana is excited for her trip to Japan next month",
]


@pytest.fixture
def by_meaning(monkeypatch, tmp_path):
    """The packaged model in force (conftest turns it off for every other test)."""
    yield from packaged_model(monkeypatch, tmp_path / "cache")


@pytest.fixture
def encoded(monkeypatch):
    """How many texts the model embeds (every call of Encoder.encode, counted)."""
    counts: list[int] = []
    original = Encoder.encode

    def counting(self, texts):
        counts.append(len(texts))
        return original(self, texts)

    monkeypatch.setattr(Encoder, "encode", counting)
    return counts


def written(folder) -> MemoryStore:
    store = MemoryStore(folder, "demo")
    store.ensure()
    body = "\n".join(f"- {t} [by: agent]" for t in TEXTS)
    (store.folder / "lessons.md").write_text(f"# Lessons\n\n{body}\n", encoding="utf-8")
    return store


def merged(result) -> list[list[str]]:
    return [[e.text for e in f.entries] for f in result.findings if f.reason == "duplicate"]


def test_paraphrases_that_share_few_words_are_one_fact_by_meaning(folder, by_meaning):
    store = written(folder)
    git(folder, "add", "-A")
    git(folder, "commit", "-qm", "lessons")
    before, count = (folder / "lessons.md").read_bytes(), commit_count(folder)
    by_words = consolidate(store, dry_run=True, similarity="lexical")
    assert by_words.similarity == "lexical" and merged(by_words) == []
    result = consolidate(store, dry_run=True)  # the model is in force: by words and meaning
    assert result.similarity == "semantic"
    assert merged(result) == [
        [TEXTS[0], TEXTS[5]],
        [TEXTS[3], TEXTS[6]],
    ]
    evidence = next(f.evidence for f in result.findings if f.entries[0].text == TEXTS[0])
    assert evidence.startswith("the same fact in other words (similarity 0.6")
    assert "close in meaning (cosine 0.92" in evidence
    # a dry run by meaning writes nothing but derived vectors (.index/, never committed)
    assert (folder / "lessons.md").read_bytes() == before and commit_count(folder) == count
    assert git(folder, "status", "--porcelain") == ""
    # a pass proposes both in one commit and changes no entry; accepting one is one commit
    proposed = consolidate(store).proposed
    assert len(proposed) == 2 and commit_count(folder) == count + 1
    assert (folder / "lessons.md").read_bytes() == before
    store.accept(proposed[0])
    assert commit_count(folder) == count + 2
    assert TEXTS[0] not in lines(folder, "lessons.md") or TEXTS[5] not in lines(folder, "lessons.md")


def test_the_vectors_recall_stored_are_used_and_none_is_embedded_twice(folder, by_meaning, encoded):
    store = written(folder)
    index = RecallIndex(store)
    assert index.embed_all() == len(TEXTS)  # `memory reindex`: every entry's vector, stored
    index.close()
    encoded.clear()
    assert len(merged(consolidate(store, dry_run=True))) == 2
    assert sum(encoded) == 0  # every vector came from .index/
    # a new entry: only it is embedded, and stored, so the next pass embeds nothing
    store.add("Ana drives a red car", to="lessons")
    consolidate(store, dry_run=True)
    assert sum(encoded) == 1
    consolidate(store, dry_run=True)
    assert sum(encoded) == 1


def test_without_a_model_the_pass_is_by_words_and_asking_for_meaning_says_why(cli, workspace):
    ws = workspace()
    assert cli("memory", "--workspace", str(ws), "add", "Prefers dark mode")[0] == 0
    code, out, _ = cli("memory", "--workspace", str(ws), "consolidate", "--dry-run", "--format", "json")
    assert code == 0 and '"similarity": "lexical"' in out
    code, out, err = cli("memory", "--workspace", str(ws), "consolidate", "--similarity", "semantic")
    assert code == 1 and out == ""
    assert err == (
        "error: similarity by meaning needs an embedding model: SWARMKIT_EMBEDDING_MODEL is off\n"
        "  hint: unset SWARMKIT_EMBEDDING_MODEL, or compare by words (--similarity lexical)\n"
    )


def test_meaning_maps_the_cosine_and_the_calibrated_probability_onto_the_lexical_scale():
    from swarmkit.memory.recall.pair_score import calibration

    assert meaning(SAME_COSINE) == pytest.approx(DUPLICATE)
    assert meaning(1.0) == pytest.approx(1.0)
    assert meaning(-0.3) == 0.0
    # two short personal facts: one fact from the calibrated threshold of probability, 1 when certain
    threshold = calibration().threshold
    assert 0.0 < threshold < 1.0
    assert ByMeaning._likeness(threshold) == pytest.approx(DUPLICATE)
    assert ByMeaning._likeness(1.0) == pytest.approx(1.0)
    assert ByMeaning._likeness(0.0) == 0.0 and ByMeaning._likeness(threshold - 0.01) < DUPLICATE


def test_the_calibration_is_read_from_its_weights_file_and_refuses_other_features():
    """restatement_score.toml holds one weight per feature, as bench/fit_restatement_score.py writes
    it; a file fitted for other features is refused, not read into the wrong places."""
    from swarmkit.memory.recall.pair_score import FEATURES, WEIGHTS_FILE, calibration, parse

    text = WEIGHTS_FILE.read_text(encoding="utf-8")
    read = parse(text)
    assert read == calibration() and len(read.weights) == len(FEATURES)
    assert read.probability(tuple(0.0 for _ in FEATURES)) < read.threshold  # nothing alike: two facts
    with pytest.raises(ValueError, match="restatement weights are for features"):
        parse(text.replace('"swap", ', ""))


def me_file(folder, *texts: str) -> MemoryStore:
    store = MemoryStore(folder, "demo")
    store.ensure()
    body = "\n".join(f"- {t} [by: agent]" for t in texts)
    (store.folder / "me.md").write_text(f"# About me\n\n{body}\n", encoding="utf-8")
    return store


def test_short_personal_restatements_are_one_fact_and_one_frame_with_two_values_is_two(folder, by_meaning):
    """Issue 32's two restatements, missed by words (0.44, 0.51) and by the cosine alone (0.90,
    0.73), among facts in their frames: each restatement is the other's nearest in meaning, and
    "Likes jazz" / "Likes techno" differ in the one word of their slot."""
    store = me_file(
        folder,
        "Allergic to shellfish",
        "Types on a Kinesis Advantage",
        "Likes jazz",
        "Has a shellfish allergy",
        "Allergic to cats",
        "Uses a Kinesis Advantage keyboard",
        "Likes techno",
        "Uses a standing desk",
    )
    assert merged(consolidate(store, dry_run=True, similarity="lexical")) == []
    result = consolidate(store, dry_run=True)
    assert merged(result) == [
        ["Allergic to shellfish", "Has a shellfish allergy"],
        ["Types on a Kinesis Advantage", "Uses a Kinesis Advantage keyboard"],
    ]
    evidence = next(f.evidence for f in result.findings if f.entries[0].text == "Allergic to shellfish")
    assert (
        evidence.startswith("the same fact in other words (similarity 0.")
        and "close in meaning (cosine 0.90" in evidence
    )


def test_a_named_persons_facts_need_a_copy_s_closeness_and_meaning_alone_is_no_contradiction(
    folder, by_meaning
):
    """Facts about a named person are close in meaning by the name and the topic: one fact only
    from the cosine of a reworded copy (0.92). A negated text close in meaning but sharing no words
    is no contradiction: a denial repeats what it denies."""
    store = me_file(
        folder,
        "Tim works as a nurse",
        "Tim is working on his studies",
        "Is lactose intolerant",
        "Cannot digest dairy",
    )
    result = consolidate(store, dry_run=True)
    assert [f for f in result.findings if f.reason in ("duplicate", "contradiction")] == []


def test_the_held_out_restatements_and_the_sets_tuned_on(folder, by_meaning, tmp_path):
    """bench/restatement_data.py's sets, as bench/bench_restatements.py measures them: the figures
    docs/memory.md gives, so that a change that loses one, or merges a distinct fact, fails here (H8
    is held out: measured, not tuned on; H5 was until H6-H9 were written, H9 until its misses were
    worked on)."""
    import sys

    bench = str(Path(__file__).parents[3] / "bench")
    sys.path.insert(0, bench)
    try:
        import bench_restatements as B
    finally:
        sys.path.remove(bench)
    found = {}
    for name in B.SETS:
        set_folder, _ = B.folder_of(tmp_path / "sets", name)
        row = B.measure(set_folder, name, "semantic")
        found[name] = (row["found"], len(row["involved"]))
    assert found == {
        "T1": (9, 0),
        "T2": (8, 0),
        "T3": (9, 0),
        "T4": (8, 0),
        "H": (10, 0),
        "H3": (8, 0),
        "H2": (10, 0),
        "H4": (8, 0),
        "H5": (10, 0),
        "H6": (9, 0),
        "H7": (9, 0),
        "H8": (10, 0),  # held out: issue 32's bar (9, at most 1) met
        "H9": (10, 0),  # tuned on since its misses were worked on (7, 1 before)
    }


FEATURE = {name: i for i, name in enumerate(FEATURES)}
# Written for these tests: facts on other topics, around the pairs a test plants.
OTHER_TOPICS = [
    "Speaks Dutch and German",
    "Uses a standing desk",
    "Drinks green tea in the afternoon",
    "Goes swimming on Saturday mornings",
    "Works at a bakery on weekends",
    "Reads on a Kindle",
]


def test_a_restatement_that_stands_out_of_its_topic_is_one_fact_and_the_same_in_a_crowd_is_not(
    folder, by_meaning
):
    """ "Is afraid of heights" / "Has a fear of high places" (cosine 0.66, no word shared) is one
    fact where nothing else is near it: its cosine stands far above its neighbours'. Among other
    fears the same cosine stands out of nothing, and the pair is left alone; so is any pair in a
    folder too small to have a crowd."""
    from swarmkit.memory.recall.meaning import NEIGHBOURS
    from swarmkit.memory.recall.similarity import similarity

    pair = ["Is afraid of heights", "Has a fear of high places"]
    alone = similarity("semantic")
    alone.prepare(pair + OTHER_TOPICS)
    assert alone.cosine(0, 1) < 0.7 and alone.by_words(0, 1) == 0.0
    assert alone.score(0, 1) >= DUPLICATE
    fears = ["Is afraid of spiders", "Has a fear of flying", "Is scared of the dark", "Fears deep water"]
    crowded = similarity("semantic")
    crowded.prepare(pair + fears + OTHER_TOPICS)
    assert crowded.cosine(0, 1) == pytest.approx(alone.cosine(0, 1), abs=1e-4)
    assert crowded.margin(0, 1) < alone.margin(0, 1) and crowded.score(0, 1) < DUPLICATE
    tiny = similarity("semantic")
    tiny.prepare(pair + OTHER_TOPICS[: NEIGHBOURS - 1])  # fewer than NEIGHBOURS others beside the pair
    assert tiny.margin(0, 1) == 0.0 and tiny.score(0, 1) < DUPLICATE
    store = me_file(folder, *pair, *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [pair]


def test_one_frame_with_other_values_stays_two_facts_however_far_it_stands_out(folder, by_meaning):
    """Each of these pairs is each other's nearest and stands out of the rest, but fills one frame
    with two values: the same words in the same places but one, apart in meaning ("is" in one only
    changes nothing). Words said in another order are no frame: "Wears glasses for reading" /
    "Needs reading glasses" is one fact."""
    from swarmkit.memory.recall.similarity import similarity

    frames = [
        ("Has a dog", "Has a cat"),
        ("Is allergic to cats", "Allergic to dust"),
        ("Speaks Spanish", "Speaks Portuguese"),
        ("Has a dog named Max", "Has a cat named Max"),
        ("Doesn't own a car", "Doesn't own a bike"),
    ]
    for pair in frames:
        sim = similarity("semantic")
        sim.prepare([*pair, *OTHER_TOPICS])
        assert sim.nearest[0] == 1 and sim.nearest[1] == 0, pair
        assert sim.features(0, 1)[FEATURE["swap"]] == 1.0, pair
        assert sim.score(0, 1) < DUPLICATE, pair
    glasses = ("Wears glasses for reading", "Needs reading glasses")
    # in one folder: the frames without a cat twice (those two share words enough to be one by words)
    store = me_file(folder, *glasses, *frames[1], *frames[2], *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [list(glasses)]


def test_a_word_said_in_one_text_only_is_no_swap_of_its_frame(folder, by_meaning):
    """ "Speaks fluent Spanish" / "Is fluent in Spanish": "speaks" stands where the other has only the
    small word "is", so the two are no frame filled with two values (it was read as one, which hid
    each from the other as its nearest, and a restatement of cosine 0.92 was never proposed)."""
    from swarmkit.memory.recall.pair_score import frame_slots
    from swarmkit.memory.recall.similarity import similarity
    from swarmkit.memory.recall.words import STOP_WORDS

    assert (
        frame_slots(["speaks", "fluent", "spanish"], ["is", "fluent", "in", "spanish"], STOP_WORDS, 2) is None
    )
    assert frame_slots(["has", "a", "dog"], ["has", "a", "cat"], STOP_WORDS, 2) == [("dog", "cat")]
    pair = ("Speaks fluent Spanish", "Is fluent in Spanish")
    sim = similarity("semantic")
    sim.prepare([*pair, "Is learning Italian", *OTHER_TOPICS])
    assert sim.features(0, 1)[FEATURE["swap"]] == 0.0
    assert sim.nearest[0] == 1 and sim.nearest[1] == 0
    assert sim.score(0, 1) >= DUPLICATE


def test_a_restatement_whose_nearest_is_a_decoy_in_its_own_frame_is_still_found(folder, by_meaning):
    """ "Is allergic to wasp stings" is nearest in meaning to "Is allergic to bee stings" (cosine
    0.83); its restatement "Reacts badly to being stung by wasps" comes second. Past the decoy that
    fills its own frame with another word, the restatement is its nearest: the pass proposes it and
    leaves the bee stings alone."""
    from swarmkit.memory.recall.similarity import similarity

    wasps = ["Is allergic to wasp stings", "Reacts badly to being stung by wasps"]
    texts = [wasps[0], "Is allergic to bee stings", wasps[1], *OTHER_TOPICS]
    sim = similarity("semantic")
    sim.prepare(texts)
    assert sim.nearest[0] == 1 and sim.cosine(0, 1) > sim.cosine(0, 2)
    assert sim.features(0, 2)[FEATURE["nearest"]] == 1.0 and sim.features(0, 1)[FEATURE["swap"]] == 1.0
    store = me_file(folder, *texts)
    assert merged(consolidate(store, dry_run=True, similarity="lexical")) == []
    assert merged(consolidate(store, dry_run=True)) == [wasps]


def among_other_topics(texts: list[str]):
    """The similarity by words and meaning, prepared over `texts` and OTHER_TOPICS after them."""
    from swarmkit.memory.recall.similarity import similarity

    sim = similarity("semantic")
    sim.prepare([*texts, *OTHER_TOPICS])
    return sim


def test_a_denial_in_other_words_is_one_fact_and_one_that_repeats_the_words_is_not(folder, by_meaning):
    """ "Is lactose intolerant" / "Cannot digest dairy": one denies, the other does not, and they
    share no word: the calibrated likeness weighs the denial, and the pass proposes them as one.
    "Eats fish but no meat" / "Eats meat only at weekends" are close in meaning too, but the denial
    repeats the other's words: it denies what the other says, never one fact."""
    from swarmkit.memory.recall.similarity import similarity

    sim = similarity("semantic")
    texts = [
        "Is lactose intolerant",
        "Cannot digest dairy",
        "Eats fish but no meat",
        "Eats meat only at weekends",
    ]
    sim.prepare([*texts, *OTHER_TOPICS])
    assert sim.weighs_denial(0, 1) and not sim.weighs_denial(2, 3)
    assert sim.score(0, 1) >= DUPLICATE and sim.cosine(2, 3) > 0.6
    store = me_file(folder, *texts, *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [texts[:2]]


def test_the_words_a_frame_swaps_are_embedded_once_in_one_batch_and_kept(folder, by_meaning, encoded):
    """A frame's swapped words ("car" / "bike", "dog" / "cat") are embedded in one batch on the first
    pass and kept under .index/ beside the entries' vectors: the next pass embeds nothing."""
    from swarmkit.memory.recall.meaning import WORDS_FILE_PREFIX

    frames = ["Doesn't own a car", "Doesn't own a bike", "Has a dog", "Has a cat"]
    store = me_file(folder, *frames, *OTHER_TOPICS)
    first = merged(consolidate(store, dry_run=True))
    assert first == []
    assert encoded == [len(frames) + len(OTHER_TOPICS), 4]  # the entries, then car, bike, dog, cat
    assert list((store.folder / ".index").glob(f"vectors-{WORDS_FILE_PREFIX}*.sqlite3"))
    encoded.clear()
    assert merged(consolidate(store, dry_run=True)) == first
    assert sum(encoded) == 0


def test_a_role_told_by_what_one_does_for_a_living_is_that_role_and_no_other(folder, by_meaning):
    """ "Works as a plumber" / "Fixes pipes and boilers for a living" (cosine 0.45, no word shared):
    of the folder's roles, plumber is the nearest to what one does, so they are one fact, though the
    plain-speech reader reads the second as the role "pipes and boilers". "Works as an electrician"
    is not; nor is a folder's only role everyone's job: "Drives a bus for a living" is no nurse."""
    from swarmkit.memory.recall.similarity import similarity

    plumber = ["Works as a plumber", "Fixes pipes and boilers for a living"]
    texts = [*plumber, "Works as an electrician", *OTHER_TOPICS]
    sim = similarity("semantic")
    sim.prepare(texts)
    assert sim.one_role(0, 1) and not sim.one_role(1, 2)
    assert merged(consolidate(me_file(folder, *texts), dry_run=True)) == [plumber]
    nurse = similarity("semantic")
    nurse.prepare(["Works as a nurse", "Drives a bus for a living", *OTHER_TOPICS])
    assert not nurse.one_role(0, 1) and nurse.score(0, 1) < DUPLICATE


def test_a_denial_of_what_the_other_does_not_name_may_be_one_fact(folder, by_meaning):
    """ "Is gluten intolerant" / "Can't eat gluten" share "gluten", yet the denial denies eating, which
    the other never says: one fact (any shared word used to rule it out). "Eats fish but no meat" /
    "Eats meat only at weekends": the denial denies "meat", which the other holds: two facts."""
    from swarmkit.memory.recall.negation import denied_terms

    assert denied_terms("Eats no meat") == {"meat"}
    assert denied_terms("Can't eat gluten") == {"eat"}
    assert denied_terms("Gave up painting") == {"paint"}
    assert denied_terms("I can't wait to see it") == frozenset()
    texts = [
        "Is gluten intolerant",
        "Can't eat gluten",
        "Eats fish but no meat",
        "Eats meat only at weekends",
    ]
    sim = among_other_topics(texts)
    assert not sim.denies_the_other(0, 1) and sim.denies_the_other(2, 3)
    assert sim.weighs_denial(0, 1) and not sim.weighs_denial(2, 3)
    store = me_file(folder, *texts, *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [texts[:2]]


def test_one_value_under_two_attributes_is_two_facts_by_rule(folder, by_meaning):
    """ "Grew up in Cork" / "Lives in Cork now": the reader reads Cork as where one is from and where
    one lives, and the same value under no one attribute: two facts, however close the model puts
    them (it put this pair at its threshold); "Is originally from Cork" / "Grew up in Cork" is one."""

    texts = ["Grew up in Cork", "Lives in Cork now", "Is originally from Cork"]
    sim = among_other_topics(texts)
    assert sim.elsewhere(0, 1) and not sim.elsewhere(0, 2)
    assert sim.score(0, 1) < DUPLICATE
    store = me_file(folder, *texts, *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [[texts[0], texts[2]]]


def slots(a: str, b: str) -> list[tuple[str, str]] | None:
    """The slots of the frame two texts fill (pair_score.frame_slots, at most two), or None."""
    from swarmkit.memory.recall.pair_score import frame_slots, words_of
    from swarmkit.memory.recall.words import STOP_WORDS

    return frame_slots(words_of(a), words_of(b), STOP_WORDS, 2)


def test_a_frames_slot_filled_with_a_phrase_is_another_filling_but_not_at_the_opening():
    """ "Reads science fiction" / "Reads historical novels": one frame, a two-word phrase in its slot;
    "Volunteers at the food bank" / "Helps out at the food bank": the verb said in other words, no frame."""
    assert slots("Reads science fiction", "Reads historical novels") == [
        ("science fiction", "historical novels")
    ]
    assert slots("Plays the cello", "Plays the violin badly") == [("cello", "violin badly")]
    assert slots("Volunteers at the food bank", "Helps out at the food bank") is None
    assert slots("Reads novels", "Reads very long historical novels") is None  # three words: no slot


def test_a_name_said_with_the_speaker_is_the_speakers_fact():
    """ "Sam and I live together" is the speaker's fact as much as "Lives with her partner Sam": Sam
    is no subject whose facts are Sam's own (the pair was compared as two people's facts and missed)."""
    from swarmkit.memory.recall.restatement import Names

    texts = ["Lives with her partner Sam", "Sam and I live together", "Sam works as a nurse"]
    names = Names(texts)
    assert names.actor(texts[1]) == "" and names.actor(texts[0]) == "sam"
    assert Names(texts[:2]).actor(texts[0]) == ""
    assert names.of(texts[1]) == {"sam"}


def test_a_thing_of_ones_own_said_first_is_ones_own_fact_not_a_named_ones():
    """ "Age is 34" opens with a word no text writes in lowercase, before "is": it was read as the
    fact of someone called Age, so "Is 34 years old" / "Age is 34" were two people's facts."""
    from swarmkit.memory.recall.restatement import Names

    texts = ["Age is 34", "Is 34 years old", "Height is 1.80 m", "Ana is my sister"]
    names = Names(texts)
    assert [names.actor(t) for t in texts] == ["", "", "", "ana"]
    assert names.subjects == {"ana"}


def test_a_denial_of_the_others_word_said_in_other_words_is_never_one_fact(folder, by_meaning):
    """ "Has kids" / "Has no children" and "Has a car" / "Doesn't own a vehicle" say opposite things in
    other words: the denied word and one of the other's are one in meaning (0.88, 0.87), so the pass
    never proposes them as one fact (it did, as "Is lactose intolerant" / "Cannot digest dairy" is).
    "Eats no meat" / "Is vegetarian" stays one: "meat" is near "vegetarian", not the same (0.695)."""

    texts = [
        "Has kids",
        "Has no children",
        "Has a car",
        "Doesn't own a vehicle",
        "Eats no meat",
        "Is vegetarian",
    ]
    sim = among_other_topics(texts)
    assert sim.denies_the_other(0, 1) and sim.denies_the_other(2, 3) and not sim.denies_the_other(4, 5)
    store = me_file(folder, *texts, *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [texts[4:]]


def test_a_change_said_with_now_is_no_restatement_unless_it_reads_one_value(folder, by_meaning):
    """ "I drive to work." / "I take the train to work now.": what holds now against what held
    before, a change (LoCoMo's set F plants it), never proposed as one fact. "Lives in Lisbon now" /
    "Is based in Lisbon" read one place in both: they may still be one."""

    texts = ["I drive to work.", "I take the train to work now.", "Lives in Lisbon now", "Is based in Lisbon"]
    sim = among_other_topics(texts)
    assert sim.updates(0, 1) and not sim.updates(2, 3)
    assert sim.score(0, 1) < DUPLICATE
    store = me_file(folder, *texts, *OTHER_TOPICS)
    assert merged(consolidate(store, dry_run=True)) == [texts[2:]]


def test_a_frame_may_hold_one_word_more_or_a_small_word_in_its_slot_after_its_opening():
    """ "Drinks green tea in the afternoon" / "Drinks tea in the evening" and "Eats fish on Fridays" /
    "Eats out on Fridays" are one frame filled two ways (in a folder of every set together, each was
    merged); "Drives a Toyota Corolla" / "Owns a Corolla" says the verb in other words, and "Uses a
    Kindle" / "Uses a Kindle daily" swaps nothing: no frame."""
    assert slots("Drinks green tea in the afternoon", "Drinks tea in the evening") == [
        ("afternoon", "evening")
    ]
    assert slots("Eats fish on Fridays", "Eats out on Fridays") == [("fish", "out")]
    assert slots("Drives a Toyota Corolla", "Owns a Corolla") is None
    assert slots("Uses a Kindle", "Uses a Kindle daily") is None


def test_a_fact_beside_its_past_its_plan_or_its_learning_is_two_facts_by_rule(folder, by_meaning):
    """ "Works as a nurse" / "Worked as a nurse", "Lives in Lisbon" / "Is moving to Lisbon", "Speaks
    French" / "Is learning French": close in meaning (0.93, 0.84, 0.73), and each was proposed as one
    fact; other times or aspects (tense.py) are two facts by rule, whatever the calibrated likeness.
    "Worked as a nurse" / "Was a nurse before" and "Is moving to Lisbon" / "Plans to move to Lisbon"
    share their time: one fact each."""
    apart = [
        ("Speaks French", "Is learning French"),
        ("Is a teacher", "Wants to become a teacher"),
        ("Was born in Oslo", "Lives in Oslo"),
    ]
    one = [("Worked as a nurse", "Was a nurse before"), ("Is moving to Lisbon", "Plans to move to Lisbon")]
    for a, b in apart:
        sim = among_other_topics([a, b])
        assert sim.two_by_rule(0, 1) and sim.score(0, 1) < DUPLICATE, (a, b)
        assert merged(consolidate(me_file(folder, a, b, *OTHER_TOPICS), dry_run=True)) == [], (a, b)
    for a, b in one:
        assert not among_other_topics([a, b]).two_by_rule(0, 1), (a, b)
        assert merged(consolidate(me_file(folder, a, b, *OTHER_TOPICS), dry_run=True)) == [[a, b]], (a, b)
    # a fact and its past or its plan are never merged, though a change may be proposed as one
    texts = ["Works as a nurse", "Worked as a nurse", "Lives in Lisbon", "Is moving to Lisbon"]
    result = consolidate(me_file(folder, *texts, *OTHER_TOPICS), dry_run=True)
    assert merged(result) == []
    assert [[e.text for e in f.entries] for f in result.findings if f.reason == "contradiction"] == [
        ["Works as a nurse", "Worked as a nurse"]
    ]


def test_a_change_told_by_its_start_a_former_one_and_a_student_are_read_in_their_own_time(folder, by_meaning):
    """Review2's restatements that the tense rule split (each proposed once its time is read so):
    what starts and holds on is what holds now ("Moved to Berlin in 2019", tense.toml's onset), a
    former one is past, a student is learning. What a change was before, a former one beside the
    one, and a wedding ahead beside a marriage stay two facts."""
    one = [
        ("Turned 40 this year", "Is 40"),
        ("Moved to Berlin in 2019", "Has lived in Berlin since 2019"),
        ("Started learning Spanish", "Is learning Spanish"),
        ("Joined Google in 2021", "Has worked at Google since 2021"),
        ("Is a former teacher", "Used to teach"),
        ("Studies at Oxford", "Is a student at Oxford"),
        ("Is going to Japan in May", "Has a trip to Japan planned for May"),
    ]
    apart = [
        ("Is a former teacher", "Is a teacher"),
        ("Is getting married in June", "Is married"),
        ("Moved to Berlin in 2019", "Lived in Berlin in 2019"),
        ("Got fired from Google", "Works at Google"),
    ]
    for a, b in one:
        assert merged(consolidate(me_file(folder, a, b, *OTHER_TOPICS), dry_run=True)) == [[a, b]], (a, b)
    for a, b in apart:
        assert merged(consolidate(me_file(folder, a, b, *OTHER_TOPICS), dry_run=True)) == [], (a, b)


def test_a_home_is_no_part_of_its_place_and_a_merge_holds_only_texts_one_with_each_other(folder, by_meaning):
    """ "Lives in a flat in Madrid" / "Rents an apartment in Madrid": the reader reads Madrid in both,
    one place. "Lives near Madrid airport" is close to the first (0.69, the other's nearest) but not to
    the second (0.55): a third text joins a merge only when it is one fact with each text in it."""
    texts = ["Lives near Madrid airport", "Lives in a flat in Madrid", "Rents an apartment in Madrid"]
    for order in (texts, texts[::-1]):
        result = consolidate(me_file(folder, *order, *OTHER_TOPICS), dry_run=True)
        assert sorted(map(sorted, merged(result))) == [sorted(texts[1:])], order
