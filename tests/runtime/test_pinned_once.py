"""A pinned line reaches an agent once: as pinned, never again recalled as MEMORY.md#… (issue 33)."""

from __future__ import annotations

from tests.support.runs import run_once


def test_a_pinned_line_is_given_once(init_ws, cli):
    root = init_ws()
    cli("memory", "-w", str(root), "add", "I live in Lisbon")
    memory_md = root / ".swarmkit" / "memory" / "MEMORY.md"
    memory_md.write_text(
        memory_md.read_text().replace("## Index", "- Team standup is at 09:30 every weekday\n\n## Index")
    )
    record, provider = run_once(root, "When is the team standup every weekday?")
    lead = next(a for a in record["agents"] if a["id"] == "lead")
    system = lead["prompt"][0]["content"]
    assert system.count("Team standup is at 09:30 every weekday") == 1
    assert "- Team standup is at 09:30 every weekday (pinned)" in system
    assert not [hit for hit in record["recalled"] if hit["ref"].startswith("MEMORY.md")]
    assert lead["output"].count("Team standup is at 09:30 every weekday") == 1
