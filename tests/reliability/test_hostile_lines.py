"""Hostile lines in the memory folder, in an imported folder, in a run's input and in a model's
replies: every command and every server route answers, without a traceback, within a bound of CPU
time (this process's, so machine load does not decide the outcome; wall-clock figures for the same
inputs are in bench/bench_hostile.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import time
import warnings

import pytest

from swarmkit.cli.main import run as cli_run
from swarmkit.scaffold import create_workspace
from swarmkit.screening.secrets import forget_screened
from tests.reliability.hostile_lines import write_inputs

CPU_LIMIT = 3.0  # seconds per command or request: the bar, as CPU time
SIZE = 16_000  # characters per hostile line


def _cli(*args: str) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    forget_screened()  # each command is a process of its own: it has screened nothing before
    started = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli_run(list(args))
    return int(code), out.getvalue(), err.getvalue(), time.process_time() - started


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("hostile")
    ws = base / "ws"
    create_workspace(ws, "Hostile")
    return {"ws": ws, "folder": ws / ".swarmkit" / "memory", **write_inputs(base, SIZE)}


def _assert_answered(code: int, out: str, err: str, cpu: float, what: str, codes=(0,)) -> None:
    assert code in codes, f"{what}: exit {code}\n{err[-2000:]}"
    assert "Traceback" not in out + err and "internal error" not in err, f"{what}:\n{err[-2000:]}"
    assert cpu <= CPU_LIMIT, f"{what} took {cpu:.2f} s of CPU"


def test_every_command_answers_on_hostile_lines(hostile):
    ws, notes = str(hostile["ws"]), str(hostile["notes"])
    code, out, err, cpu = _cli("run", ws, "--input", hostile["lines"][1], "--script", str(hostile["script"]))
    _assert_answered(code, out, err, cpu, "run")
    # the same lines written into the folder by hand, and imported from a folder
    (hostile["folder"] / "hostile.md").write_text("# Hostile\n\n" + "\n".join(hostile["lines"]) + "\n")
    code, out, err, cpu = _cli("memory", "-w", ws, "import", notes)
    _assert_answered(code, out, err, cpu, "memory import")
    for args in (
        ["status"],
        ["list"],
        ["search", "password key token pin"],
        ["inbox"],
        ["show", "hostile.md"],
        ["show", "hostile.md#L3"],
        ["reindex"],
    ):
        code, out, err, cpu = _cli("memory", "-w", ws, *args)
        _assert_answered(code, out, err, cpu, f"memory {args[0]}")
    run_id = json.loads(_cli("runs", "-w", ws, "--json")[1])["runs"][0]["id"]
    code, out, err, cpu = _cli("memory", "-w", ws, "feedback", run_id, "--reason", hostile["lines"][2])
    _assert_answered(code, out, err, cpu, "memory feedback", codes=(0, 1))
    for text in hostile["lines"][3:6]:
        code, out, err, cpu = _cli("memory", "-w", ws, "add", "--", text)
        _assert_answered(code, out, err, cpu, "memory add", codes=(0, 1))
    code, out, err, cpu = _cli("runs", "-w", ws)
    _assert_answered(code, out, err, cpu, "runs")


def test_every_server_route_answers_on_hostile_lines(hostile):
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient` is deprecated")
    from starlette.testclient import TestClient

    from swarmkit.server.app import create_app

    ws = hostile["ws"]
    if not (hostile["folder"] / "hostile.md").exists():
        test_every_command_answers_on_hostile_lines(hostile)
    run_id = json.loads(_cli("runs", "-w", str(ws), "--json")[1])["runs"][0]["id"]
    routes = [
        "/memory/status",
        "/memory/entries",
        "/memory/entries?file=hostile.md",
        "/memory/entries?q=password+key+token",
        "/memory/inbox",
        "/runs",
        f"/runs/{run_id}",
        "/portal/memory",
        "/portal/memory?q=pin+code",
        "/portal/runs",
        f"/portal/runs/{run_id}",
    ]
    with TestClient(create_app(ws, token="t" * 32), base_url="http://127.0.0.1:8741") as client:
        for route in routes:
            started = time.process_time()
            response = client.get(route)
            cpu = time.process_time() - started
            assert response.status_code == 200, f"{route}: {response.status_code} {response.text[:500]}"
            assert cpu <= CPU_LIMIT, f"{route} took {cpu:.2f} s of CPU"
