"""An OpenAI-compatible endpoint on loopback whose extraction calls (the memory-writer's) fail in a
chosen way while its answers are fine: the faults a real local model server shows."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ANSWER = (
    "Noted: you live in Lisbon and your editor is Helix. I will keep both in mind from now on, and "
    "you can tell me when either changes."
)


def is_extraction(body: dict) -> bool:
    return "User said:" in str(body["messages"][-1].get("content") or "")


def completion(content: str) -> dict:
    return {"choices": [{"message": {"role": "assistant", "content": content}}]}


class LoopbackModel:
    """Answers every answer call with `answer`; every extraction call with `extract(body)`, which
    returns (status, JSON body or raw text, seconds to wait before answering)."""

    def __init__(self, extract: Callable[[dict], tuple[int, object, float]], answer: str = ANSWER) -> None:
        self.extract = extract
        self.answer = answer
        self.requests: list[dict] = []
        model = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's naming)
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                model.requests.append(body)
                status, reply, wait = (
                    model.extract(body) if is_extraction(body) else (200, completion(model.answer), 0.0)
                )
                time.sleep(wait)
                raw = reply.encode() if isinstance(reply, str) else json.dumps(reply).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up waiting: fine
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def extractions(self) -> list[dict]:
        return [body for body in self.requests if is_extraction(body)]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
