"""A plain JSON-RPC client over a child process's stdio, framed as the Language Server Protocol
frames it (Content-Length headers): the least an editor does, written here from the protocol's
text, to drive `swarmkit lsp` without any LSP library in between."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

TIMEOUT_S = 60


class JsonRpcClient:
    def __init__(
        self, command: list[str] | None = None, cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> None:
        self.process = subprocess.Popen(
            command or [sys.executable, "-m", "swarmkit", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        self.messages: queue.Queue[dict] = queue.Queue()
        self.notifications: list[dict] = []
        self._next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            assert length is not None, "a message without Content-Length"
            self.messages.put(json.loads(stream.read(length).decode("utf-8")))

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> Any:
        self._next_id += 1
        ident = self._next_id
        self.send({"id": ident, "method": method, "params": params})
        while True:
            message = self.messages.get(timeout=TIMEOUT_S)
            if message.get("id") == ident and "method" not in message:
                assert "error" not in message, message["error"]
                return message.get("result")
            self._other(message)

    def _other(self, message: dict) -> None:
        if "method" in message and "id" in message:  # a request from the server: accept it
            self.send({"id": message["id"], "result": None})
        elif "method" in message:
            self.notifications.append(message)

    def diagnostics(self, uri: str, until=lambda diagnostics: True) -> list[dict]:
        """The next diagnostics published for `uri` that `until` accepts."""
        while True:
            for i, note in enumerate(self.notifications):
                if note["method"] == "textDocument/publishDiagnostics" and note["params"]["uri"] == uri:
                    del self.notifications[: i + 1]
                    if until(note["params"]["diagnostics"]):
                        return note["params"]["diagnostics"]
                    break
            else:
                self._other(self.messages.get(timeout=TIMEOUT_S))

    def start(self, root: Path, options: dict | None = None) -> dict:
        result = self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "capabilities": {},
                "initializationOptions": options or {},
            },
        )
        self.notify("initialized", {})
        return result

    def close(self) -> int:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            return self.process.wait(timeout=TIMEOUT_S)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
