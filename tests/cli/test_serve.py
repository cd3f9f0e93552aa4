"""`swarmkit serve`: a real process on loopback, clear start-up errors, and a warning off loopback."""

from __future__ import annotations

import re
import socket
import subprocess
import sys

import httpx
import pytest

from swarmkit.cli.serve import exposure_warning
from swarmkit.server.config import LOOPBACK_NAMES, allowed_hosts_for, host_name
from tests.server.launch import serving


def test_serve_answers_over_http_and_stops_cleanly_on_ctrl_c(root):
    with serving(root) as served:
        assert served.url.startswith("http://127.0.0.1:")
        status = httpx.get(served.url + "memory/status", timeout=10)
        assert status.json()["sentence"] == "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars"
        entry = httpx.get(served.url + "memory/inbox", timeout=10).json()["entries"][0]
        body = {"ref": entry["ref"], "expect": entry["digest"]}
        refused = httpx.post(served.url + "memory/inbox/delete", json=body, timeout=10)
        assert refused.status_code == 403
        done = httpx.post(
            served.url + "memory/inbox/delete",
            json=body,
            timeout=10,
            headers={"X-Swarmkit-Token": served.token},
        )
        assert done.json()["status"] == "deleted"
    assert served.process.returncode == 0
    assert served.stdout[:2] == [
        f'Serving workspace "demo" (Demo) at {served.url}\n',
        "Memory: on — reader top 5 ≥ 0.15 (scope all), writer ≥ 100 chars\n",
    ]
    assert "Traceback" not in "".join(served.stderr)
    assert "warning" not in "".join(served.stderr)


def test_serve_verbose_logs_each_request_and_quiet_serve_none(root):
    """Issue 18: `serve -v` logged nothing. Method, path (never the query), status, time."""
    with serving(root, "-v") as served:
        assert httpx.get(served.url + "memory/entries?q=private+words", timeout=10).status_code == 200
        assert httpx.post(served.url + "memory/entries", json={"text": "x"}, timeout=10).status_code == 403
        assert httpx.get(served.url + "no/such/page", timeout=10).status_code == 404
    logged = [line for line in served.stderr if re.match(r"  (GET|POST) ", line)]
    assert [re.sub(r" \d+\.\d ms$", " T ms", line.rstrip("\n")) for line in logged] == [
        "  GET /memory/entries 200 T ms",
        "  POST /memory/entries 403 T ms",
        "  GET /no/such/page 404 T ms",
    ]
    assert "private" not in "".join(served.stderr)
    with serving(root) as served:
        assert httpx.get(served.url + "memory/status", timeout=10).status_code == 200
    assert not [line for line in served.stderr if "GET " in line]


def test_an_invalid_workspace_is_served_with_a_warning(root):
    with open(root / "workspace.yaml", "a", encoding="utf-8") as handle:
        handle.write("memory: {enabled: maybe}\n")
    with serving(root) as served:
        assert (
            httpx.get(served.url + "memory/status", timeout=10).json()["error"]["code"] == "workspace_invalid"
        )
        assert httpx.get(served.url + "runs", timeout=10).status_code == 200
    assert "warning: the workspace is not valid" in "".join(served.stderr)


def test_a_busy_port_is_a_clear_error(root, cli):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        code, out, err = cli("serve", str(root), "--port", str(port))
    assert code == 1
    assert err == (
        f"error: port {port} on 127.0.0.1 is in use\n"
        "  hint: pick another with --port, or --port 0 for any free port\n"
    )


def test_a_folder_that_is_not_a_workspace(tmp_path, cli):
    (tmp_path / "empty").mkdir()
    code, _, err = cli("serve", str(tmp_path / "empty"))
    assert code == 1
    assert err.startswith(f"error: {tmp_path / 'empty'} is not a swarmkit workspace (no workspace.yaml)\n")


def test_an_unknown_host_name(root, cli):
    code, _, err = cli("serve", str(root), "--host", "no-such-host.invalid")
    assert code == 1 and err.startswith("error: cannot serve on host 'no-such-host.invalid'")


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_no_warning_on_loopback(host):
    assert exposure_warning(host) is None


@pytest.mark.parametrize(
    "host, where",
    [
        ("0.0.0.0", "every network interface"),
        ("::", "every network interface"),
        ("192.168.1.5", "192.168.1.5"),
        ("myhost.lan", "myhost.lan"),
    ],
)
def test_a_warning_off_loopback(host, where):
    assert exposure_warning(host) == (
        f"serving on {where}: other machines can reach this server and read this workspace's memory and runs; "
        "use --host 127.0.0.1 unless you mean to share it"
    )


def test_the_host_names_a_server_answers():
    assert allowed_hosts_for("127.0.0.1") == LOOPBACK_NAMES
    assert allowed_hosts_for("192.168.1.5") == LOOPBACK_NAMES | {"192.168.1.5"}
    assert allowed_hosts_for("0.0.0.0") is None  # reachable under any name: warned at start-up
    assert host_name("[::1]:8741") == "::1" and host_name("LocalHost.:80") == "localhost"


def test_other_commands_do_not_load_the_server_stack(root):
    code = (
        "import sys\nfrom swarmkit.cli.main import run\n"
        f"assert run(['validate', {str(root)!r}]) == 0\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn'))\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
