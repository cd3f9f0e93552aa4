"""A loopback server that answers as OpenAI's embeddings API documents it, with real vectors: the
packaged all-MiniLM-L6-v2 embeds what it is sent (so recall by meaning through it finds what the
local model finds).

    POST /v1/embeddings  {"model": str, "input": str | [str], "encoding_format"?: "float"}
    200  {"object": "list", "data": [{"object": "embedding", "index": i, "embedding": [float]}],
          "model": str, "usage": {"prompt_tokens": int, "total_tokens": int}}
    4xx  {"error": {"message": str, "type": "invalid_request_error", "param": ..., "code": ...}}

Every request is kept (its headers and body) for the tests to read. `mode`: "ok"; "scaled" (vectors
three times longer than unit, as some servers send them); "fail" (500 with an error body); "slow"
(the answer comes after `delay` seconds); "short" (one vector fewer than asked); "shuffled" (the
data in reverse order, each with its index); "tokens" (a list of vectors per text, as
llama-cpp-python's server answers for a model that names no pooling: their mean is the vector).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_INPUTS = 2048


class EmbeddingsServer:
    def __init__(self, mode: str = "ok", delay: float = 0.0, models: tuple[str, ...] = ("test-embed",)):
        self.mode, self.delay, self.models = mode, delay, models
        self.requests: list[dict] = []  # {"headers": {...}, "body": {...}}
        self._server: ThreadingHTTPServer | None = None
        self._encoder = None

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    @property
    def inputs(self) -> list[str]:
        """Every text sent, in order."""
        return [text for request in self.requests for text in request["body"].get("input", [])]

    def encoder(self):
        if self._encoder is None:
            from swarmkit.memory.recall.encoder import Encoder
            from tests.support.hf_mirror import packaged_model_folder

            self._encoder = Encoder(packaged_model_folder())
        return self._encoder

    def __enter__(self) -> EmbeddingsServer:
        served = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = None
                served.requests.append(
                    {"headers": dict(self.headers.items()), "body": body or {}, "path": self.path}
                )
                status, answer = served.answer(self.path, body)
                data = json.dumps(answer).encode()
                if served.mode == "slow":
                    time.sleep(served.delay)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client gave up (a timeout)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def answer(self, path: str, body) -> tuple[int, dict]:
        if path != "/v1/embeddings":
            return 404, _error(f"Unknown request URL: POST {path}", None, "unknown_url")
        if self.mode == "fail":
            return 500, {
                "error": {
                    "message": "The server had an error while processing your request.",
                    "type": "server_error",
                    "param": None,
                    "code": None,
                }
            }
        if not isinstance(body, dict):
            return 400, _error("We could not parse the JSON body of your request.", None, None)
        if body.get("model") not in self.models:
            return 404, _error(f"The model `{body.get('model')}` does not exist", "model", "model_not_found")
        texts = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not texts or len(texts) > MAX_INPUTS:
            return 400, _error("'$.input' is invalid.", "input", None)
        if not all(isinstance(t, str) and t for t in texts):
            return 400, _error("'$.input' is invalid: an input is empty or not a string.", "input", None)
        if body.get("encoding_format", "float") != "float":
            return 400, _error("this server answers encoding_format float only", "encoding_format", None)
        vectors = self.encoder().encode(texts)
        if self.mode == "scaled":
            vectors = vectors * 3.0
        data = [
            {"object": "embedding", "index": i, "embedding": [float(x) for x in v]}
            for i, v in enumerate(vectors)
        ]
        if self.mode == "short":
            data = data[:-1]
        if self.mode == "shuffled":
            data = data[::-1]
        tokens = sum(len(t.split()) for t in texts)
        return 200, {
            "object": "list",
            "data": data,
            "model": body["model"],
            "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
        }


def _error(message: str, param, code) -> dict:
    return {"error": {"message": message, "type": "invalid_request_error", "param": param, "code": code}}
