"""Where a position is in a document being typed (lsp/cursor.py), YAML or not yet."""

from __future__ import annotations

from swarmkit.lsp.cursor import spot_at

DOC = """apiVersion: swarmkit/v1
kind: Workspace
metadata:
  id: team
  name: Team
governance:
  decision_skills:
    - id: memory-reader
      trigger: pre_input
      scope: "lead, writer"
memory:
  reader:
    search_scope: all
"""


def at(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if needle in line)
    return row, lines[row].index(needle) + offset


def test_a_key_a_value_and_a_list_item():
    spot = spot_at(DOC, at(DOC, "search_scope", 3))
    assert (spot.path, spot.at, spot.word) == (("memory", "reader", "search_scope"), "key", "search_scope")
    spot = spot_at(DOC, at(DOC, "all", 1))
    assert (spot.path, spot.at, spot.word) == (("memory", "reader", "search_scope"), "value", "all")
    spot = spot_at(DOC, at(DOC, "pre_input", 2))
    assert spot.path == ("governance", "decision_skills", 0, "trigger") and spot.word == "pre_input"
    spot = spot_at(DOC, at(DOC, "lead, writer"))
    assert spot.word == "lead, writer" and spot.path[-1] == "scope"


def test_a_key_being_typed_on_a_line_of_its_own_is_read_as_the_key_it_becomes():
    text = DOC.replace("    search_scope: all\n", "    search_scope: all\n    max\n")
    spot = spot_at(text, at(text, "    max", 7))
    assert (spot.path[:-1], spot.at, spot.word) == (("memory", "reader"), "key", "max")
    assert "search_scope" in spot.siblings


def test_an_empty_line_is_a_key_of_the_mapping_its_indentation_belongs_to():
    text = DOC.replace("  reader:\n", "  reader:\n    \n")
    row = text.split("\n").index("    ")
    spot = spot_at(text, (row, 4))
    assert (spot.path, spot.at) == (("memory", "reader", ""), "key")
    text = DOC + "  \n"
    spot = spot_at(text, (len(text.split("\n")) - 2, 2))
    assert spot.path == ("memory", "") and spot.siblings == {"reader"}


def test_a_new_item_of_a_flow_list():
    text = DOC.replace("  name: Team\n", "  name: Team\n  tags: [a, ]\n")
    spot = spot_at(text, at(text, "[a, ]", 4))
    assert (spot.path, spot.at, spot.word) == (("metadata", "tags", 1), "value", "")


def test_text_that_is_no_yaml_at_all_gives_nothing_rather_than_an_error():
    assert spot_at("key: [unclosed\n  - : : :\n\t\tx", (1, 3)) is None
