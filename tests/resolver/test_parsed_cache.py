"""The bundled skills read back from the user's cache are what parsing them gives, and a cache
that is stale, damaged or cannot be written changes nothing but the time taken."""

from __future__ import annotations

import pytest

import swarmkit
from swarmkit.resolver import memory_defaults, parsed_cache
from swarmkit.workspace import loading


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    memory_defaults.bundled_memory_skills.cache_clear()
    yield parsed_cache.cache_file()
    memory_defaults.bundled_memory_skills.cache_clear()


def parsed_here() -> list[tuple]:
    """Each bundled file as parsing it gives: (path, rel, kind, text, data)."""
    out = []
    for skill_id in memory_defaults.BUNDLED_SKILL_IDS:
        path = memory_defaults.BUNDLED_SKILLS_DIR / f"{skill_id}.yaml"
        source, problems = loading.load_source(path, f"<bundled>/{skill_id}.yaml", "Skill")
        assert problems == []
        out.append(fields(source))
    return out


def fields(source) -> tuple:
    return (source.path, source.rel, source.expected_kind, source.text, typed(source.data))


def typed(value):
    """The value with the exact type of every part beside it: equal dicts of other types differ."""
    if isinstance(value, dict):
        return (type(value), [(typed(k), typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return (type(value), [typed(v) for v in value])
    return (type(value), value)


def no_parsing(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the bundled skills were parsed again")

    monkeypatch.setattr(loading, "load_source", refuse)


def test_read_back_from_the_cache_they_are_what_parsing_gives(cache, monkeypatch):
    expected = parsed_here()
    first = memory_defaults.bundled_memory_skills()
    assert [fields(s) for s in first] == expected and cache.is_file()
    memory_defaults.bundled_memory_skills.cache_clear()
    no_parsing(monkeypatch)
    again = memory_defaults.bundled_memory_skills()
    assert [fields(s) for s in again] == expected
    assert again[0].locate(("metadata", "id")) == first[0].locate(("metadata", "id"))


def test_another_version_parses_them_again(cache, monkeypatch):
    memory_defaults.bundled_memory_skills()
    memory_defaults.bundled_memory_skills.cache_clear()
    monkeypatch.setattr(swarmkit, "__version__", "99.0.0")
    with pytest.raises(AssertionError, match="parsed again"):
        no_parsing(monkeypatch)
        memory_defaults.bundled_memory_skills()


def test_a_damaged_or_unwritable_cache_is_no_error(cache, monkeypatch):
    expected = parsed_here()
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"\x00not marshal")
    assert [fields(s) for s in memory_defaults.bundled_memory_skills()] == expected
    memory_defaults.bundled_memory_skills.cache_clear()
    cache.unlink()
    cache.mkdir()  # a folder where the file goes: it cannot be written
    assert [fields(s) for s in memory_defaults.bundled_memory_skills()] == expected
    assert not [p for p in cache.parent.iterdir() if p.name.startswith(".")]


def test_data_marshal_cannot_hold_is_not_kept(cache):
    import datetime

    skill = {"metadata": {"id": "s"}}
    parsed_cache.write(("key",), [("text", {**skill, "when": datetime.date(2026, 12, 5)})])
    assert not cache.exists()
    parsed_cache.write(("key",), [("text", {**skill, "when": "2026-12-05"})])
    assert parsed_cache.read(("key",), ["text"]) == [("text", {**skill, "when": "2026-12-05"})]
    assert parsed_cache.read(("other",), ["text"]) is None
    assert parsed_cache.read(("key",), ["the file's text now"]) is None  # stale: parsed again


@pytest.mark.parametrize(
    "made_up",
    [
        lambda entries: [(text, {}) for text, _ in entries],  # no metadata
        lambda entries: [(text, None) for text, _ in entries],
        lambda entries: [1, 2],
        lambda entries: [(text, {"metadata": {"id": 7}}) for text, _ in entries],
        lambda entries: [("another text", data) for _, data in entries],
        lambda entries: entries[:1],
    ],
)
def test_a_cache_of_the_right_key_but_the_wrong_shape_is_parsed_again(cache, monkeypatch, made_up):
    """A well-keyed cache whose entries are not what parsing gives (damaged, or written by someone
    else) reads as no cache: the files are parsed again, with no error."""
    import marshal

    expected = parsed_here()
    memory_defaults.bundled_memory_skills()
    key, entries = marshal.loads(cache.read_bytes())
    cache.write_bytes(marshal.dumps((key, made_up(entries))))
    memory_defaults.bundled_memory_skills.cache_clear()
    assert [fields(s) for s in memory_defaults.bundled_memory_skills()] == expected


def test_a_fifo_where_the_cache_goes_is_no_cache_and_no_wait(cache):
    """Reading a FIFO would wait for a writer forever: what is not a regular file reads as none."""
    import os

    expected = parsed_here()
    cache.parent.mkdir(parents=True)
    os.mkfifo(cache)
    assert [fields(s) for s in memory_defaults.bundled_memory_skills()] == expected


def test_a_link_left_at_a_temporary_name_is_not_written_through(cache, tmp_path):
    """The cache is written to a temporary file created anew (never one a name predicts), so a link
    someone left beside it points where it pointed and its target keeps its bytes."""
    import os

    victim = tmp_path / "victim"
    victim.write_bytes(b"kept")
    cache.parent.mkdir(parents=True)
    for name in (f".{cache.name}.{os.getpid()}", f"{cache.name}.{os.getpid()}.tmp"):
        (cache.parent / name).symlink_to(victim)
    memory_defaults.bundled_memory_skills()
    assert victim.read_bytes() == b"kept"
    assert cache.is_file() and not cache.is_symlink()
