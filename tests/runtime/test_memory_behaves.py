"""Memory as people expect it, on the default path with the mock provider: a changed fact replaces the
old one, people's facts stay theirs, a fact told directly is recalled, and a run says why it kept nothing."""

from __future__ import annotations

import json

from tests.support.git import commit_count, git
from tests.support.memory_files import ref_of
from tests.support.runs import run_once

BERLIN = "Something to remember about me, for the next time we talk: I live in Berlin."
MUNICH = "Please update what you know about me: I live in Munich now, since last month."
WHERE = "Where do I live?"


def folder_of(root):
    return root / ".swarmkit" / "memory"


def test_a_changed_fact_replaces_the_old_one_and_the_old_one_stays_in_history(init_ws, cli):
    root = init_ws()
    first, _ = run_once(root, BERLIN)
    assert [(w["status"], w["text"]) for w in first["memory_writes"]] == [("written", "Lives in Berlin")]
    before = commit_count(folder_of(root))
    second, _ = run_once(root, MUNICH)
    assert [(w["status"], w["ref"]) for w in second["memory_writes"]] == [
        ("replaced", ref_of("me.md", "Lives in Munich"))
    ]
    assert commit_count(folder_of(root)) == before + 1  # in place, in one commit
    third, _ = run_once(root, WHERE)
    # the lead and the researcher ("lead asks for your part of this request: Where do I live?") both
    # recall it: "live" is the one word of either task that memory knows
    assert [(r["agent"], r["text"]) for r in third["recalled"]] == [
        ("lead", "Lives in Munich"),
        ("researcher", "Lives in Munich"),
    ]
    assert "Munich" in third["output"] and "Berlin" not in third["output"]
    code, out, _ = cli("memory", "--workspace", str(root), "history", "user.location")
    assert code == 0
    assert [line.split(" ", 2)[2] for line in out.splitlines()] == [
        f"changed me.md: Lives in Berlin → Lives in Munich (origin memory-writer, run {second['id']})",
        f"added me.md: Lives in Berlin (origin memory-writer, run {first['id']})",
    ]
    assert "Lives in Berlin" in git(folder_of(root), "show", "HEAD~1:me.md")


def test_a_new_value_said_with_a_tail_replaces_the_old_one_without_its_tail(init_ws, cli):
    root = init_ws()
    run_once(root, BERLIN)
    second, _ = run_once(root, "I live in Munich now, so please adjust all the plans accordingly.")
    assert [(w["status"], w["ref"], w["text"]) for w in second["memory_writes"]] == [
        ("replaced", ref_of("me.md", "Lives in Munich"), "Lives in Munich")
    ]
    me = (folder_of(root) / "me.md").read_text()
    assert me.splitlines()[2].startswith(
        "- Lives in Munich [by: agent; kind: identity; subject: user.location;"
    )
    assert "Berlin" not in me and "plans" not in me
    assert "Lives in Berlin" in git(folder_of(root), "show", "HEAD~1:me.md")


def test_someone_elses_words_never_replace_the_users_fact_and_a_move_keeps_no_tail(init_ws):
    root = init_ws()
    first, _ = run_once(root, "Something to remember about me, for the next time we talk: I live in Ghent.")
    assert [w["text"] for w in first["memory_writes"]] == ["Lives in Ghent"]
    second, _ = run_once(root, "My colleague said: I live in Antwerp now, which is closer to her office.")
    assert second["memory_writes"] == []
    third, _ = run_once(root, "I moved to Bergen last week, for a new job at the university hospital.")
    assert [(w["status"], w["ref"], w["text"]) for w in third["memory_writes"]] == [
        ("replaced", ref_of("me.md", "Lives in Bergen"), "Lives in Bergen")
    ]
    me = (folder_of(root) / "me.md").read_text()
    assert me.splitlines()[2].startswith(
        "- Lives in Bergen [by: agent; kind: identity; subject: user.location;"
    )
    assert "Antwerp" not in me and "week" not in me


def test_facts_about_one_relative_are_all_kept_and_consolidation_proposes_a_change(init_ws, cli):
    """ "My sister lives in Porto", then "my sister works as a teacher", "my sister loves cats" and
    "my sister loves jazz": four facts about her, each under its own subject (two attack reviews found
    a later one replace an earlier: Porto, then the cats were lost). "My sister lives in Lyon now"
    is kept too, and consolidation proposes it in place of Porto, for the person to accept."""
    root = init_ws()
    run_once(
        root, "Something to remember about me: my sister lives in Porto and my brother works as a pilot."
    )
    for said in (
        "Something to remember about me: my sister works as a teacher at a school.",
        "Something to remember: my sister loves cats.",
        "Something to remember: my sister loves jazz.",
        "Please note: my sister lives in Lyon now.",
    ):
        record, _ = run_once(root, said)
        assert [w["status"] for w in record["memory_writes"]] == ["written"], said
    me = (folder_of(root) / "me.md").read_text()
    kept = [line.split(" [", 1)[0] for line in me.splitlines() if line.startswith("- ")]
    assert sorted(kept) == [
        "- Brother works as a pilot",
        "- Sister lives in Lyon",
        "- Sister lives in Porto",
        "- Sister loves cats",
        "- Sister loves jazz",
        "- Sister works as a teacher at a school",
    ]
    code, out, _ = cli(
        "memory", "--workspace", str(root), "consolidate", "--dry-run", "--similarity", "lexical"
    )
    assert code == 0
    assert "supersede contradiction: drop me.md#" in out and "'Sister lives in Porto'" in out, out


def test_ana_and_bob_are_kept_apart_under_the_default_settings(init_ws):
    root = init_ws()  # search_scope: all, the default
    run_once(
        root, "Something to remember about me, please: I live in Porto and my editor is Vim.", user="ana"
    )
    run_once(
        root, "Something to remember about me, please: I live in Braga and my editor is Emacs.", user="bob"
    )
    run_once(root, "Something to remember about me, please: I live in Lisbon and my editor is Helix.")
    for user, mine in (("ana", "Porto"), ("bob", "Braga"), (None, "Lisbon")):
        record, provider = run_once(root, "Where do I live, and which editor do I use?", user=user)
        prompts = "\n".join(m["content"] for r in provider.requests for m in r.messages)
        assert mine in record["output"], user
        for other in {"Porto", "Braga", "Lisbon"} - {mine}:
            assert other not in prompts, (user, other)
    assert (folder_of(root) / "users" / "ana.md").read_text().count("- ") == 2


def test_a_fact_added_directly_is_one_commit_and_the_next_run_recalls_it(init_ws, cli):
    root = init_ws()
    run_once(root, "hello there")  # nothing to keep: no folder yet
    assert not folder_of(root).exists()
    code, out, _ = cli("memory", "--workspace", str(root), "add", "My manager is Ana Lima")
    assert code == 0
    assert git(folder_of(root), "log", "--format=%s").splitlines() == [
        "Remember: My manager is Ana Lima",
        "Create memory folder",
    ]
    record, _ = run_once(root, "Who is my manager?")
    assert [(r["agent"], r["text"]) for r in record["recalled"]] == [
        ("lead", "My manager is Ana Lima"),
        ("researcher", "My manager is Ana Lima"),
    ]
    assert "Ana Lima" in record["output"]


def test_a_line_the_user_wrote_outranks_an_extraction_and_the_candidate_waits_in_the_inbox(init_ws, cli):
    root = init_ws()
    cli("memory", "--workspace", str(root), "add", "I live in Berlin")
    record, _ = run_once(root, MUNICH, user=None)
    write = record["memory_writes"][0]
    assert (write["status"], write["ref"], write["reason"]) == (
        "held",
        ref_of("inbox.md", "Lives in Munich"),
        f"{ref_of('me.md', 'I live in Berlin')} was written by the user",
    )
    inbox = (folder_of(root) / "inbox.md").read_text().splitlines()[3]
    assert inbox.startswith("- Lives in Munich [by: agent; kind: identity; subject: user.location; ")
    assert f"contradicts: {ref_of('me.md', 'I live in Berlin')}" in inbox and "for: me.md" in inbox
    assert (folder_of(root) / "me.md").read_text().splitlines()[2].startswith("- I live in Berlin [by: user;")
    code, out, err = cli("run", str(root), "--input", MUNICH)
    # the user's own line is recalled ("live" is the word memory knows) and is not overwritten
    assert err.splitlines()[-1].endswith(
        "memory: recalled 1, wrote 0; writer extracted 1: 1 held in the inbox for you"
    )


def test_the_summary_says_why_nothing_was_written(init_ws, cli):
    root = init_ws()
    code, out, err = cli("run", str(root), "--input", "hi")
    assert err.endswith(
        "memory: recalled 0, wrote 0; writer skipped: answer 8 < 100 chars "
        "(memory.writer.min_output_length)\n"
    )
    code, out, err = cli(
        "run", str(root), "--input", "Tell me about the weather in spring, in a long paragraph, please."
    )
    assert err.endswith("memory: recalled 0, wrote 0; writer found no facts to keep\n")
    with open(root / "topologies" / "main.yaml", "a") as handle:
        handle.write(
            "governance:\n  decision_skills:\n    - {id: memory-writer, trigger: post_output, scope: '*', "
            "config: {min_output_length: 5000}}\n"
        )
    code, out, err = cli("run", str(root), "--input", BERLIN)
    assert err.endswith(
        f"memory: recalled 0, wrote 0; writer skipped: answer {len(out) - 1} < 5000 chars "
        "(the memory-writer binding's config.min_output_length)\n"
    )


def test_an_agent_that_read_untrusted_content_writes_tainted(init_ws, tmp_path):
    """A recalled entry nobody reviewed taints the agent that read it, and its parent through its report:
    the researcher's swarm note is marked, and the lead's facts wait in the inbox."""
    root = init_ws()
    with open(root / "topologies" / "main.yaml", "a") as handle:  # only the researcher recalls
        handle.write(
            "governance:\n  decision_skills:\n    - {id: memory-reader, trigger: pre_input, "
            "scope: researcher, config: {similarity_threshold: 0.05}}\n"
        )
    from swarmkit.memory.store import MemoryStore

    store = MemoryStore(folder_of(root), "demo")
    store.remember(
        "The staging cluster lives in the blue zone",
        "project_fact",
        target="lessons",
        extra={"tainted": "yes"},
    )
    script = tmp_path / "script.yaml"
    script.write_text(
        json.dumps(
            [
                {
                    "when": {"agent": "researcher", "purpose": "answer"},
                    "tool_calls": [
                        {
                            "name": "swarm_note",
                            "arguments": {"kind": "finding", "text": "Staging sits in the blue zone"},
                        }
                    ],
                }
            ]
        )
    )
    from tests.support.runs import RecordingMock

    record, _ = run_once(
        root,
        "Where does the staging cluster live? And I live in Munich, by the way.",
        provider=RecordingMock(str(script)),
    )
    assert record["tainted"] == {
        "researcher": f"recalled {ref_of('lessons.md', 'The staging cluster lives in the blue zone')}, which nobody reviewed",
        "lead": "the report of researcher, who read untrusted content",
    }
    note = next(w for w in record["memory_writes"] if w.get("kind") == "finding")
    findings = (folder_of(root) / note["ref"].split("#")[0]).read_text()
    assert (
        "Staging sits in the blue zone [by: agent; kind: finding;" in findings and "tainted: yes" in findings
    )
    fact = next(w for w in record["memory_writes"] if w["text"] == "Lives in Munich")
    assert fact["status"] == "held" and fact["ref"].startswith("inbox.md#")
    assert "tainted: yes" in (folder_of(root) / "inbox.md").read_text()
    assert not (folder_of(root) / "me.md").read_text().count("Munich")


def test_runs_show_names_the_tainted_agents(init_ws, cli, tmp_path):
    root = init_ws()
    with open(root / "topologies" / "main.yaml", "a") as handle:
        handle.write(
            "governance:\n  decision_skills:\n    - {id: memory-reader, trigger: pre_input, "
            "scope: researcher, config: {similarity_threshold: 0.05}}\n"
        )
    from swarmkit.memory.store import MemoryStore

    MemoryStore(folder_of(root), "demo").remember(
        "The staging cluster lives in the blue zone",
        "project_fact",
        target="lessons",
        extra={"tainted": "yes"},
    )
    from swarmkit.runtime.records import RunRecord, save_run

    record, _ = run_once(root, "Where does the staging cluster live?")
    save_run(root, RunRecord.from_json(record))
    code, out, _ = cli("runs", "--workspace", str(root), "show", record["id"])
    blue = ref_of("lessons.md", "The staging cluster lives in the blue zone")
    assert f"tainted: researcher recalled {blue}, which nobody reviewed\n" in out
    assert "tainted: lead the report of researcher, who read untrusted content\n" in out


def test_a_personal_fact_added_with_an_abbreviation_stays_with_its_person(init_ws, cli):
    root = init_ws()  # search_scope: all, the default
    told = (
        "My therapist is Dr. Weiss on Fridays",
        "My dentist is Dr. Okafor in Leeds",
        "Every other week I see Mrs. Patel about my back",  # first person, in no known shape
    )
    for text in told:
        code, out, _ = cli("memory", "--workspace", str(root), "--user", "ana", "add", text)
        assert code == 0 and out.startswith("written users/ana.md#"), out
    ana = (folder_of(root) / "users" / "ana.md").read_text()
    assert (
        "- My therapist is Dr. Weiss on Fridays [by: user; kind: preference; subject: user.therapist" in ana
    )
    assert "- My dentist is Dr. Okafor in Leeds [by: user; kind: preference; subject: user.dentist" in ana
    assert "- Every other week I see Mrs. Patel about my back [by: user; added: " in ana
    assert "- " not in (folder_of(root) / "lessons.md").read_text()  # nothing shared
    questions = ("Who is the therapist on Fridays?", "Who is the dentist in Leeds?", "Who is Mrs. Patel?")
    for question in questions:
        record, provider = run_once(root, question, user="bob")
        prompts = "\n".join(m["content"] for r in provider.requests for m in r.messages)
        assert record["recalled"] == [], question
        assert not {"Weiss", "Okafor", "Patel"} & set(prompts.replace(".", " ").split()), question
    record, _ = run_once(root, "Who is the therapist on Fridays?", user="ana")
    assert "Dr. Weiss" in record["output"]


def test_every_agent_recalls_by_what_the_person_asked_not_by_its_wrapped_task(init_ws, cli, monkeypatch):
    """A child's task wraps the request ("lead asks for your part of this request: …"); memory is
    recalled by the request itself, so the wrapping's words find nothing and, with a model, the
    question is embedded once a run rather than once an agent."""
    from swarmkit.runtime.memory_hooks import MemoryHooks

    root = init_ws()
    assert cli("memory", "--workspace", str(root), "add", "My manager is Ana Lima")[0] == 0
    asked: list[tuple[str, str]] = []
    recall = MemoryHooks.recall

    def spy(self, agent, binding, task):
        asked.append((agent.id, task))
        return recall(self, agent, binding, task)

    monkeypatch.setattr(MemoryHooks, "recall", spy)
    run_once(root, "Who is my manager?")
    assert asked == [("lead", "Who is my manager?"), ("researcher", "Who is my manager?")]
