"""`swarmkit run` and `swarmkit runs` from the command line."""

from __future__ import annotations

import json

from tests.support.runs import REMEMBER


def test_run_prints_the_answer_and_a_summary(init_ws, cli):
    root = init_ws()
    status, out, err = cli("run", str(root), "--input", "hi")
    assert status == 0
    assert out == "lead: hi\n"
    assert err.startswith("run r-") and err.endswith(
        ": 2 agents, 2 model calls; memory: recalled 0, wrote 0; "
        "writer skipped: answer 8 < 100 chars (memory.writer.min_output_length)\n"
    )


def test_run_json_is_the_whole_record(init_ws, cli):
    root = init_ws()
    status, out, _ = cli("run", str(root), "main", "--input", REMEMBER, "--json")
    record = json.loads(out)
    assert status == 0
    assert record.pop("format_version") == 1
    assert set(record) == {
        "id",
        "workspace",
        "topology",
        "started_at",
        "finished_at",
        "duration_ms",
        "provider",
        "user",
        "input",
        "output",
        "status",
        "agents",
        "decisions",
        "recalled",
        "memory_writes",
        "model_calls",
        "tool_calls",
        "mcp_servers",
        "swarm",
        "memory",
        "warnings",
        "skipped",
        "error",
        "tainted",
        "conversation",
        "record_version",
        "screened",
    }
    saved = json.loads((root / ".swarmkit" / "runs" / f"{record['id']}.json").read_text())
    assert saved == record


def test_run_reads_stdin(init_ws, cli, monkeypatch):
    import io

    root = init_ws()
    monkeypatch.setattr("sys.stdin", io.StringIO("hello from a pipe"))
    status, out, _ = cli("run", str(root), "--input", "-")
    assert status == 0 and out == "lead: hello from a pipe\n"


def test_run_usage_errors(init_ws, cli):
    root = init_ws()
    status, _, err = cli("run", str(root), "nope", "--input", "x")
    assert status == 2
    assert err == 'error: no topology "nope" in the workspace\n  hint: topologies: main\n'
    status, _, err = cli("run", str(root), "--input", "   ")
    assert status == 2 and err.startswith("error: the input is empty")
    status, _, err = cli("run", str(root))
    assert (status, err) == (
        2,
        "error: missing option '--input' / '-i'\n  hint: `swarmkit run --help` shows the usage\n",
    )


def test_run_refuses_an_invalid_workspace(init_ws, cli):
    root = init_ws(workspace_yaml_extra="memory: {reader: {search_scope: everything}}\n")
    status, out, err = cli("run", str(root), "--input", "x")
    assert status == 1 and out == ""
    assert 'error[schema.enum] memory.reader.search_scope is "everything"' in err
    assert err.endswith(
        f"error: the workspace at {root} is not valid; nothing was run\n"
        f"  hint: run `swarmkit validate {root}` to see every problem\n"
    )
    assert not (root / ".swarmkit").exists()


def test_runs_list_show_and_rm(init_ws, cli, tmp_path):
    root = init_ws()
    script = tmp_path / "notes.yaml"
    script.write_text(
        "- when: {agent: researcher, purpose: answer}\n"
        "  tool_calls: [{name: swarm_note, arguments: {kind: finding, text: Lisbon is in UTC+0 in winter}}]\n"
    )
    _, out, _ = cli("run", str(root), "--input", REMEMBER, "--json", "--script", str(script))
    record = json.loads(out)
    run_id, slug = record["id"], record["swarm"]
    assert (root / ".swarmkit/memory/swarms" / slug / "findings.md").exists()

    status, out, _ = cli("runs", "--workspace", str(root))
    assert (
        status == 0
        and out.startswith(f"{run_id}  ")
        and "main         ok       Two things to remember" in out
    )
    status, out, _ = cli("runs", "--workspace", str(root), "show", run_id)
    assert status == 0
    assert f"run {run_id} (ok) of topology main, provider mock" in out
    assert "  lead post_output memory-writer [auto, advisory]: pass — extracted 2, wrote 2" in out
    assert f"swarm folder: swarms/{slug}/" in out

    status, out, _ = cli("runs", "--workspace", str(root), "rm", run_id)
    assert status == 0 and out.startswith(f"removed run {run_id} and its swarm folder")
    assert not (root / ".swarmkit/memory/swarms" / slug).exists()
    assert not (root / ".swarmkit/runs" / f"{run_id}.json").exists()
    status, _, err = cli("runs", "--workspace", str(root), "show", run_id)
    assert (
        status == 1
        and err
        == f"error: no run {run_id} among the owner's runs in this workspace\n"
        "  hint: `swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's\n"
    )
    status, _, err = cli("runs", "--workspace", str(root), "show", "../../etc/passwd")
    assert status == 1 and err.startswith('error: "../../etc/passwd" is not a run id')


def test_run_a_workspace_without_topologies(init_ws, cli):
    root = init_ws()
    (root / "topologies" / "main.yaml").unlink()
    (root / "archetypes" / "assistant.yaml").unlink()
    (root / "skills" / "summarize.yaml").unlink()
    status, _, err = cli("run", str(root), "--input", "x")
    assert status == 2
    assert (
        err
        == "error: the workspace has no topology to run\n  hint: add one under topologies/ (swarmkit init writes one)\n"
    )


def test_runs_lists_and_shows_one_persons_runs(init_ws, cli):
    root = init_ws()
    ids = {}
    for user in ("ana", "bob", None):
        given = ("--user", user) if user else ()
        _, out, _ = cli("run", str(root), *given, "--input", f"Hello from {user or 'the owner'}", "--json")
        ids[user] = json.loads(out)["id"]
    legacy = json.loads((root / ".swarmkit/runs" / f"{ids[None]}.json").read_text())
    del legacy["user"]  # a record from before records named their user is the owner's
    (root / ".swarmkit/runs" / "r-0000abcd.json").write_text(json.dumps(legacy | {"id": "r-0000abcd"}))

    def listed(*args):
        code, out, err = cli("runs", "--workspace", str(root), *args, "--json")
        assert code == 0, err
        return sorted(r["id"] for r in json.loads(out)["runs"])

    assert listed() == sorted([ids[None], "r-0000abcd"])
    assert listed("--user", "ana") == [ids["ana"]]
    assert listed("--user", "Bob") == []  # another id, another person: case is part of an id
    assert listed("--all-users") == sorted([*ids.values(), "r-0000abcd"])
    code, out, _ = cli("runs", "--workspace", str(root), "--all-users")
    assert (
        code == 0 and f"{ids['ana']}  " in out and " ana          main" in out and " (owner)      main" in out
    )

    code, out, _ = cli("runs", "--workspace", str(root), "show", ids["ana"], "--user", "ana")
    assert code == 0 and "user ana" in out and "input: Hello from ana" in out
    code, out, err = cli("runs", "--workspace", str(root), "--user", "bob", "show", ids["ana"])
    assert (code, out) == (1, "")
    assert err == (
        f"error: no run {ids['ana']} among bob's runs in this workspace\n"
        "  hint: `swarmkit runs` lists the owner's runs, `swarmkit runs --user NAME` a person's\n"
    )
    code, _, err = cli("runs", "--workspace", str(root), "rm", ids["ana"])
    assert code == 1 and err.startswith(f"error: no run {ids['ana']} among the owner's runs")
    assert (root / ".swarmkit/runs" / f"{ids['ana']}.json").exists()

    code, out, err = cli("runs", "--workspace", str(root), "--user", "Zo")
    assert (code, out, err) == (
        0,
        "No runs for Zo yet. Start one with: swarmkit run --user Zo --input TEXT\n"
        "Other people's runs are listed with --user NAME, or all of them with --all-users.\n",
        "",
    )
    code, _, err = cli("runs", "--workspace", str(root), "--user", "ana", "--all-users")
    assert code == 2 and "--all-users and --user contradict each other" in err
    code, _, err = cli("runs", "--workspace", str(root), "--user", "!!")
    assert code == 2 and "user name '!!' has no letters or digits" in err
