"""Hostile input, wall-clock, as a user runs it: every command and every server route on a workspace
whose memory folder, imported notes, run input and model replies hold hostile lines (the shapes of
tests/reliability/hostile_lines.py, none of them issue 9's own), and `validate` on 10,000-deep YAML.

Targets (issue 9): each command and route within 3 s, and the server keeps answering
/memory/status while it renders the heaviest page. The tests bound the same work as CPU time.

Hostile files (issue 18): a mock script that is a FIFO, /dev/zero, 200,000 deep or an alias bomb;
input that is not UTF-8; a FIFO in place of me.md; a 12 MB lessons.md; a runs folder that is a
file; an import path under /proc; a `.swarmkit` that is a link; a FIFO as `.git/config`; run
records that are links (to /etc/shadow, /dev/zero) or FIFOs. Each command within 3 s and exit 0, 1 or 2
(tests/reliability/test_hostile_commands.py bounds the same as CPU time).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import benchlib

benchlib.on_path()
ROOT = benchlib.ROOT

from tests.reliability.hostile_lines import SHAPES, write_inputs  # noqa: E402

SWARMKIT = [sys.executable, "-m", "swarmkit"]
LIMIT_S = 3.0


def timed(args: list, stdin: bytes = b"") -> tuple[float, int]:
    started = time.perf_counter()
    try:
        proc = subprocess.run(
            SWARMKIT + args, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=30
        )
    except subprocess.TimeoutExpired:  # blocked (a FIFO read): the target is missed, the bench goes on
        return time.perf_counter() - started, -1
    err = proc.stderr.decode("utf-8", "backslashreplace")
    if "Traceback" in err:
        raise AssertionError(f"swarmkit {' '.join(map(str, args[:2]))}: {err[-1500:]}")
    return time.perf_counter() - started, proc.returncode


def hostile_files(base: Path) -> dict:
    """name -> (arguments, standard input) for the hostile files of issue 18, point 2."""
    ws = base / "files-ws"
    subprocess.run(SWARMKIT + ["init", str(ws)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(
        SWARMKIT + ["memory", "-w", str(ws), "add", "I prefer tea"], check=True, capture_output=True
    )
    fifo_ws = base / "fifo-ws"
    shutil.copytree(ws, fifo_ws, symlinks=True)
    (fifo_ws / ".swarmkit" / "memory" / "me.md").unlink()
    os.mkfifo(fifo_ws / ".swarmkit" / "memory" / "me.md")
    big_ws = base / "big-ws"
    shutil.copytree(ws, big_ws, symlinks=True)
    with open(big_ws / ".swarmkit" / "memory" / "lessons.md", "w", encoding="utf-8") as handle:
        handle.write("# Lessons\n")
        for number in range(140_000):
            handle.write(
                f"- Deploy service {number} carefully, one region at a time, and watch it [by: user]\n"
            )
    runs_ws = base / "runs-ws"
    shutil.copytree(ws, runs_ws, symlinks=True)
    shutil.rmtree(runs_ws / ".swarmkit" / "runs", ignore_errors=True)
    (runs_ws / ".swarmkit" / "runs").write_text("a file\n")
    linked_ws = base / "linked-ws"
    subprocess.run(SWARMKIT + ["init", str(linked_ws)], check=True, stdout=subprocess.DEVNULL)
    (linked_ws / ".swarmkit").symlink_to(ws / ".swarmkit", target_is_directory=True)
    git_ws = base / "git-fifo-ws"
    shutil.copytree(ws, git_ws, symlinks=True)
    (git_ws / ".swarmkit" / "memory" / ".git" / "config").unlink()
    os.mkfifo(git_ws / ".swarmkit" / "memory" / ".git" / "config")
    records_ws = base / "records-ws"
    shutil.copytree(ws, records_ws, symlinks=True)
    (records_ws / ".swarmkit" / "runs").mkdir(parents=True, exist_ok=True)
    (records_ws / ".swarmkit" / "runs" / "r-5ec12e70.json").symlink_to("/etc/shadow")
    (records_ws / ".swarmkit" / "runs" / "r-0000ee00.json").symlink_to("/dev/zero")
    os.mkfifo(records_ws / ".swarmkit" / "runs" / "r-00f1f0f0.json")
    os.mkfifo(base / "fifo.yaml")
    (base / "deep.yaml").write_text("[" * 200_000 + "]" * 200_000 + "\n")
    anchors = ["x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    anchors += [f"x{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    bomb = "- reply: a\n  x:\n" + "".join(f"    {a}\n" for a in anchors)
    (base / "bomb.yaml").write_text(bomb + "- when: {contains: *a9}\n  reply: boom\n")
    said = "I live in Lisbon and I prefer tea over coffee for every single meeting, thank you."
    latin1 = b"I live in Lisb\xf3n and I prefer caf\xe9 au lait every single morning of the week."
    run = ["run", str(ws), "--input", said, "--script"]
    return {
        "run --script FIFO": (run + [str(base / "fifo.yaml")], b""),
        "run --script /dev/zero": (run + ["/dev/zero"], b""),
        "run --script 200,000-deep": (run + [str(base / "deep.yaml")], b""),
        "run --script alias bomb": (run + [str(base / "bomb.yaml")], b""),
        "run --input not UTF-8 (argv)": (["run", str(ws), "--input", latin1], b""),
        "run --input not UTF-8 (stdin)": (["run", str(ws), "--input", "-"], latin1),
        "memory list, FIFO me.md": (["memory", "-w", str(fifo_ws), "list"], b""),
        "memory search, FIFO me.md": (["memory", "-w", str(fifo_ws), "search", "tea"], b""),
        "run, FIFO me.md": (["run", str(fifo_ws), "--input", said], b""),
        "memory list, 12 MB lessons.md": (["memory", "-w", str(big_ws), "list"], b""),
        "memory search, 12 MB lessons.md": (["memory", "-w", str(big_ws), "search", "deploy service"], b""),
        "memory status, 12 MB lessons.md": (["memory", "-w", str(big_ws), "status"], b""),
        "memory add, 12 MB lessons.md": (["memory", "-w", str(big_ws), "add", "I like window seats"], b""),
        "run, runs folder a file": (["run", str(runs_ws), "--input", said], b""),
        "memory import /proc/1/root": (["memory", "-w", str(ws), "import", "/proc/1/root"], b""),
        "run, .swarmkit a link": (["run", str(linked_ws), "--input", said], b""),
        "memory add, .swarmkit a link": (["memory", "-w", str(linked_ws), "add", "I like tea"], b""),
        "runs, .swarmkit a link": (["runs", "-w", str(linked_ws)], b""),
        "memory add, FIFO .git/config": (["memory", "-w", str(git_ws), "add", "I like tea"], b""),
        "run, FIFO .git/config": (["run", str(git_ws), "--input", said], b""),
        "runs, linked and FIFO records": (["runs", "-w", str(records_ws)], b""),
        "runs show, record linked to /dev/zero": (["runs", "-w", str(records_ws), "show", "r-0000ee00"], b""),
    }


def build(base: Path, size: int) -> dict:
    ws = base / "ws"
    subprocess.run(SWARMKIT + ["init", str(ws)], check=True, stdout=subprocess.DEVNULL)
    deep = base / "deep"
    subprocess.run(SWARMKIT + ["init", str(deep)], check=True, stdout=subprocess.DEVNULL)
    (deep / "skills" / "deep.yaml").write_text(
        "apiVersion: swarmkit/v1\nkind: Skill\ndeep: " + "[" * 10_000 + "leaf" + "]" * 10_000 + "\n"
    )
    return {"ws": ws, "deep": deep, **write_inputs(base, size)}


def serve(ws: Path):
    process = subprocess.Popen(
        SWARMKIT + ["serve", str(ws), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    url = token = None
    deadline = time.monotonic() + 30
    while (url is None or token is None) and time.monotonic() < deadline:
        text = process.stdout.readline().rstrip()
        url = (re.search(r" at (http://\S+/)$", text) or [None, url])[1]
        token = (re.search(r"X-Swarmkit-Token\): (\S+)$", text) or [None, token])[1]
    return process, url


def get(url: str) -> tuple[float, int]:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read()
        return time.perf_counter() - started, response.status


def main(quick: bool = False) -> dict:
    size = 8_000 if quick else 16_000
    base = Path(tempfile.mkdtemp(prefix="swarmkit-hostile-"))
    figures: dict = {"line_chars": size, "shapes": len(SHAPES), "commands": {}, "routes": {}, "files": {}}
    targets = []
    try:
        inputs = build(base, size)
        ws = str(inputs["ws"])
        commands = {
            "validate 10,000-deep": ["validate", str(inputs["deep"])],
            "run": ["run", ws, "--input", inputs["lines"][1], "--script", str(inputs["script"])],
            "memory import": ["memory", "-w", ws, "import", str(inputs["notes"])],
            "memory status": ["memory", "-w", ws, "status"],
            "memory list": ["memory", "-w", ws, "list"],
            "memory search": ["memory", "-w", ws, "search", "password key token pin"],
            "memory add": ["memory", "-w", ws, "add", "--", inputs["lines"][3]],
            "memory reindex": ["memory", "-w", ws, "reindex"],
        }
        for name, args in commands.items():
            if name == "memory import":
                memory = inputs["ws"] / ".swarmkit" / "memory"
                (memory / "hostile.md").write_text("# Hostile\n\n" + "\n".join(inputs["lines"]) + "\n")
            seconds, code = timed(args)
            figures["commands"][name] = round(seconds, 3)
            print(f"{name:<24} {seconds:6.2f} s (exit {code})")
            targets.append(benchlib.target(f"{name} <= {LIMIT_S:g} s", seconds, seconds <= LIMIT_S, "cost"))
            targets.append(benchlib.target(f"{name}: exit 0 or 1", code, code in (0, 1), "quality"))
        for name, (args, stdin) in hostile_files(base).items():
            seconds, code = timed(args, stdin)
            figures["files"][name] = {"seconds": round(seconds, 3), "exit": code}
            print(f"{name:<36} {seconds:6.2f} s (exit {code})")
            targets.append(benchlib.target(f"{name} <= {LIMIT_S:g} s", seconds, seconds <= LIMIT_S, "cost"))
            targets.append(benchlib.target(f"{name}: exit 0, 1 or 2", code, code in (0, 1, 2), "quality"))
        run_id = json.loads(
            subprocess.run(SWARMKIT + ["runs", "-w", ws, "--json"], capture_output=True, text=True).stdout
        )["runs"][0]["id"]
        process, url = serve(inputs["ws"])
        try:
            routes = [
                "memory/status",
                "memory/entries",
                "memory/entries?file=hostile.md",
                "memory/entries?q=password+key+token",
                "memory/inbox",
                "runs",
                f"runs/{run_id}",
                "portal/memory",
                "portal/runs",
                f"portal/runs/{run_id}",
            ]
            for route in routes:
                seconds, status = get(url + route)
                figures["routes"][route] = round(seconds, 3)
                print(f"GET /{route:<34} {seconds:6.2f} s ({status})")
                targets.append(
                    benchlib.target(f"GET /{route} <= {LIMIT_S:g} s", seconds, seconds <= LIMIT_S, "cost")
                )
                targets.append(benchlib.target(f"GET /{route}: 200", status, status == 200, "quality"))
            # the server keeps answering while it renders its heaviest page several times over
            heavy = [threading.Thread(target=get, args=(url + "portal/memory",)) for _ in range(4)]
            for thread in heavy:
                thread.start()
            worst = max(get(url + "memory/status")[0] for _ in range(5))
            for thread in heavy:
                thread.join()
            figures["status_while_busy_s"] = round(worst, 3)
            print(f"GET /memory/status while /portal/memory renders 4 times: worst {worst:.2f} s")
            targets.append(
                benchlib.target(f"status while busy <= {LIMIT_S:g} s", worst, worst <= LIMIT_S, "cost")
            )
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
    finally:
        shutil.rmtree(base, ignore_errors=True)
    benchlib.print_targets(targets)
    figures["targets"] = targets
    return figures


if __name__ == "__main__":
    main(quick="--quick" in sys.argv)
