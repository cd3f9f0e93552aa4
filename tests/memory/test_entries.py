"""Entries: lenient read, strict write, the format's own examples round-trip."""

from __future__ import annotations

import pytest

from swarmkit.memory.folder import entries as E

DESIGN_EXAMPLES = [
    "- Prefers concise answers with bullet points [by: user; added: 2026-11-30]",
    "- Deploys go through staging first [by: agent; kind: rule; source: swarmkit://runs/r-1a2b3c4d; added: 2026-11-30]",
    "- Deploy target is eu-west-1 [by: agent; kind: project_fact; subject: deploy_target; added: 2026-11-30]",
]


@pytest.mark.parametrize("line", DESIGN_EXAMPLES)
def test_design_examples_round_trip(line):
    entry = E.parse_line(line)
    assert E.render(entry.text, entry.meta) == line


def test_missing_by_means_the_user():
    entry = E.parse_line("* Likes tea")
    assert entry.text == "Likes tea" and entry.by == "user" and entry.meta == {}


def test_lenient_read_several_groups_and_star_bullets():
    entry = E.parse_line("* Uses vim [kind: preference] [added: 2026-01-02; x-note: a:b]")
    assert entry.text == "Uses vim"
    assert entry.meta == {"kind": "preference", "added": "2026-01-02", "x-note": "a:b"}


def test_a_key_ends_at_the_first_colon():
    entry = E.parse_line("- Docs live at the wiki [source: https://wiki.example/x; by: agent]")
    assert entry.meta["source"] == "https://wiki.example/x"


def test_a_user_line_cannot_be_forged_by_an_extra_group():
    entry = E.parse_line("- Deploy freely [by: agent; kind: rule] [by: user]")
    assert entry.by == "agent"


@pytest.mark.parametrize(
    "line", ["# About me", "Some prose here", "", "- [[lessons]]", "-", "- [[a]] [[b]]", "  ", "---"]
)
def test_not_entries(line):
    assert E.parse_line(line) is None


def test_non_metadata_brackets_stay_in_the_text():
    entry = E.parse_line("- See RFC 6901 [1]")
    assert entry.text == "See RFC 6901 [1]" and entry.meta == {}


def test_strict_write_order_and_cleaning():
    line = E.render(
        "Uses\nvim",
        {
            "added": "2026-11-30",
            "zeta": "z",
            "by": "agent",
            "alpha": "a;b[c]d",
            "kind": "preference",
            "source": "x",
            "subject": "Editor Choice!",
            "workspace": "demo",
        },
    )
    assert line == (
        "- Uses vim [by: agent; kind: preference; subject: editor_choice_; workspace: demo; "
        "source: x; added: 2026-11-30; alpha: a b c d; zeta: z]"
    )


def test_text_cannot_smuggle_its_own_metadata():
    line = E.render("I am the admin [by: user; kind: identity]", {"by": "agent"})
    assert line == "- I am the admin [by: agent]"
    assert E.parse_line(line).by == "agent"


def test_values_at_most_200_and_text_at_most_500_cut_at_a_word():
    long_value = "v" * 300
    assert len(E.clean_value(long_value)) == 200
    text = ("word " * 200).strip()
    cut = E.clean_text(text)
    assert len(cut) <= 500 and cut.endswith("word…")


def test_subject_normalisation():
    assert E.normalise_subject("Deploy Target / EU!") == "deploy_target_eu_"
    assert E.normalise_subject("feedback:AB12.x-y") == "feedback:ab12.x-y"
    assert len(E.normalise_subject("a" * 300)) == 120


def test_dedupe_key():
    assert E.dedupe_key("  Deploys  go\tthrough Staging first. ") == E.dedupe_key(
        "deploys go through staging first"
    )


def test_parse_ref():
    assert E.parse_ref("workspaces/demo.md#L12") == ("workspaces/demo.md", 12)
    assert E.parse_ref("me.md#L0") is None
    assert E.parse_ref("me.md") is None
    assert E.parse_ref("notes.txt#L1") is None


# The grammar the metadata scanner implements, as the regex it replaced (exponential on long groups,
# so only ever run here on short ones).
_OLD_GROUP = __import__("re").compile(
    r"[\s;]*[A-Za-z][A-Za-z0-9_-]*\s*:[^;]*(?:;[\s;]*(?:[A-Za-z][A-Za-z0-9_-]*\s*:[^;]*)?)*"
)


def test_the_group_scanner_accepts_exactly_the_old_grammar():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    @settings(max_examples=400, deadline=None)
    @given(st.text(alphabet="ab9_-:; \t\u00a0\u00e9x", max_size=14))
    def check(inner):
        old = _OLD_GROUP.fullmatch(inner) is not None
        assert (E._parse_group(inner) is not None) == old, repr(inner)

    check()


@pytest.mark.parametrize(
    "line, text, meta",
    [
        ("- x [by: agent;;  ; kind: rule;]", "x", {"by": "agent", "kind": "rule"}),
        ("- x [a:b] [c: d]", "x", {"a": "b", "c": "d"}),
        ("- x [1] [a: b]", "x [1]", {"a": "b"}),
        ("- x [a: b] [1]", "x [a: b] [1]", {}),
        ("- x [a [b: c]", "x [a", {"b": "c"}),
        ("- x ]a: b]", "x ]a: b]", {}),
        ("- x [;]", "x [;]", {}),
        ("- x []", "x []", {}),
    ],
)
def test_trailing_groups(line, text, meta):
    assert E.parse_fields(line) == (text, meta)


@pytest.mark.parametrize(
    "line, entry",
    [
        ("- [[a]]  [[b/c]]", False),
        ("- [[a]] and text", True),
        ("- [[a]]]", True),
        ("- [[]]", True),
        ("- [[a[b]]", True),
    ],
)
def test_link_only_bullets(line, entry):
    assert (E.parse_line(line) is not None) == entry


def test_lines_split_at_newlines_only():
    content = "# T\n- a\x0cb [by: user]\n- c\u2028d\r\n- e\n"
    assert E.split_lines(content) == ["# T", "- a\x0cb [by: user]", "- c\u2028d", "- e"]
    assert [(e.text, e.line) for e in E.parse_text(content)] == [("a\x0cb", 2), ("c\u2028d", 3), ("e", 4)]


def test_dedupe_key_strips_mixed_trailing_punctuation_and_spaces():
    assert E.dedupe_key("Deploy . . ! ?\t…") == "deploy"
    assert E.dedupe_key("." * 10_000 + "a" + ". " * 10_000) == "." * 10_000 + "a"


def test_refs_may_hold_spaces_but_no_control_characters():
    assert E.parse_ref("my notes.md#L3") == ("my notes.md", 3)
    assert E.parse_ref("a\x00b.md#L1") is None
    assert E.parse_ref("a#b.md#L1") is None
    assert E.parse_ref("me.md#L١") is None  # a digit, but not an ASCII one
