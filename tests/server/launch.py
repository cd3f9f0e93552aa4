"""Start `swarmkit serve` as a real process on a free loopback port, and stop it with Ctrl+C."""

from __future__ import annotations

import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

START_TIMEOUT = 30.0


@dataclass
class Served:
    url: str
    token: str
    process: subprocess.Popen
    stdout: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)


def swarmkit_command() -> list[str]:
    """The installed console script beside this Python, as a person runs it."""
    script = Path(sys.executable).with_name("swarmkit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "swarmkit"]


def _pump(stream, lines: list[str], into: queue.Queue | None) -> None:
    for line in stream:
        lines.append(line)
        if into is not None:
            into.put(line)


@contextmanager
def serving(workspace: Path, *args: str) -> Iterator[Served]:
    """`swarmkit serve WORKSPACE --port 0`: yields once it has printed its URL and token."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [*swarmkit_command(), "serve", str(workspace), "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    served = Served("", "", process)
    lines: queue.Queue = queue.Queue()
    threads = [
        threading.Thread(target=_pump, args=(process.stdout, served.stdout, lines), daemon=True),
        threading.Thread(target=_pump, args=(process.stderr, served.stderr, None), daemon=True),
    ]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while not served.token:
            if process.poll() is not None and lines.empty():
                time.sleep(0.2)  # let the pumps finish reading
                raise AssertionError(
                    f"swarmkit serve exited with {process.returncode}: {''.join(served.stderr)}"
                )
            try:
                line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(
                    f"swarmkit serve did not start in {START_TIMEOUT:g}s: "
                    f"{''.join(served.stdout + served.stderr)}"
                ) from None
            if match := re.search(r" at (http://\S+/)$", line.rstrip()):
                served.url = match.group(1)
            if match := re.search(r"X-Swarmkit-Token\): (\S+)$", line.rstrip()):
                served.token = match.group(1)
        yield served
    finally:
        if process.poll() is None:
            if sys.platform == "win32":  # no Ctrl+C for a child without a console: TerminateProcess
                process.terminate()
            else:
                process.send_signal(signal.SIGINT)  # Ctrl+C: the server shuts down cleanly
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for thread in threads:
            thread.join(timeout=5)
