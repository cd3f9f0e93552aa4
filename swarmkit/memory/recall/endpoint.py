"""An OpenAI-compatible embeddings endpoint as recall's model (OpenAI, Ollama, LM Studio, vLLM,
llama.cpp's server): `SWARMKIT_EMBEDDING_MODEL=openai:NAME`, or `model` in the user's settings file
(embedding_settings.py).

    POST {base_url}/embeddings  {"model": NAME, "input": [texts], "encoding_format": "float"}
    →    {"object": "list", "data": [{"object": "embedding", "index": i, "embedding": [...]}], ...}

Only screened text leaves the machine: every text is redacted as a memory write is (secrets become
[REDACTED_SECRET]) before it is sent, the question of a search included, and cut to MAX_CHARS (the
local model reads 256 tokens; a small server's context may be smaller). Texts go in batches of
`batch_size`, each request bounded by `timeout`. Any failure (refused, a timeout, an answer that is
not the documented one) raises EndpointFailed with one line saying why: recall goes on by words for
the rest of the process (semantic.failed), and says so once.

The vectors come back as the server computes them and are made unit length here (not every server
normalizes); a server that answers one vector per token (llama-cpp-python's, for a model that names
no pooling) has them averaged. Their width is learnt from the first answer and remembered in the cache
(~/.cache/swarmkit/endpoints.json), so a later process sizes its vector store without a request.
urllib, not httpx: the base install has no HTTP client and a POST needs none.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

import numpy as np

from swarmkit.memory.recall.embedding_settings import EndpointFailed
from swarmkit.memory.recall.endpoint_spec import Endpoint
from swarmkit.memory.recall.model_cache import cache_root

MAX_CHARS = 2000
DIM_PROBE = "dimension"  # embedded once to learn the width when no answer has told it yet


class RemoteEncoder:
    """`encode(texts)` → an (n, dim) float32 matrix of unit rows, from the endpoint."""

    def __init__(self, endpoint: Endpoint, model_id: str):
        self.endpoint, self.model_id = endpoint, model_id
        self._dim: int | None = _remembered_dims().get(model_id)
        self.requests = 0  # made by this process (the tests count them)

    @property
    def dim(self) -> int:
        if self._dim is None:
            self.encode([DIM_PROBE])
        assert self._dim is not None
        return self._dim

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        from swarmkit.screening.screen import redact
        from swarmkit.surrogates import valid_unicode

        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        # screened as a memory write is, and cut: what leaves the machine is what memory would keep
        sent = [redact(valid_unicode(text))[0][:MAX_CHARS] or " " for text in texts]
        rows: list[np.ndarray] = []
        for start in range(0, len(sent), self.endpoint.batch_size):
            rows.append(self._post(sent[start : start + self.endpoint.batch_size]))
        matrix = np.concatenate(rows) if len(rows) > 1 else rows[0]
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        return (matrix / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)

    def _post(self, batch: list[str]) -> np.ndarray:
        import http.client
        import urllib.error
        import urllib.request

        from swarmkit import __version__

        url = f"{self.endpoint.base_url}/embeddings"
        body = json.dumps({"model": self.endpoint.name, "input": batch, "encoding_format": "float"})
        headers = {
            "Content-Type": "application/json",
            "User-Agent": f"swarmkit/{__version__}; python/{sys.version.split()[0]}",
        }
        if self.endpoint.api_key:
            headers["Authorization"] = f"Bearer {self.endpoint.api_key}"
        request = urllib.request.Request(url, body.encode("utf-8"), headers, method="POST")
        self.requests += 1
        try:
            with urllib.request.build_opener().open(request, timeout=self.endpoint.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as exc:
            detail = _error_message(exc)
            raise EndpointFailed(f"{url} answered {exc.code} {exc.reason}{detail}") from None
        except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
            reason = getattr(exc, "reason", None) or exc
            if isinstance(reason, TimeoutError) or "timed out" in str(reason):
                raise EndpointFailed(f"{url} did not answer within {self.endpoint.timeout:g} s") from None
            raise EndpointFailed(
                f"{url} cannot be reached ({getattr(reason, 'strerror', None) or reason})"
            ) from None
        return self._vectors(url, raw, len(batch))

    def _vectors(self, url: str, raw: bytes, count: int) -> np.ndarray:
        """The answer's vectors, in the order of the inputs (by `index`); EndpointFailed for any
        answer that is not the documented one."""
        try:
            answer = json.loads(raw)
            data = answer["data"]
            if not isinstance(data, list) or len(data) != count:
                raise ValueError(f"{len(data) if isinstance(data, list) else 'no'} of {count} vectors")
            ordered: list = [None] * count
            for item in data:
                index = item.get("index", data.index(item))
                if not isinstance(index, int) or not 0 <= index < count or ordered[index] is not None:
                    raise ValueError(f"an index {index!r} out of place")
                vector = item["embedding"]
                if not isinstance(vector, list) or not vector:
                    raise ValueError("an embedding that is no list of numbers")
                if isinstance(vector[0], list):
                    # one vector per token (llama-cpp-python's server, for a model with no pooling
                    # of its own): averaged, as a sentence-transformers model pools its tokens
                    vector = np.asarray(vector, dtype=np.float32).mean(axis=0).tolist()
                ordered[index] = vector
            matrix = np.array(ordered, dtype=np.float32)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise EndpointFailed(
                f"{url} answered with no embeddings as OpenAI's API gives them ({exc})"
            ) from None
        if matrix.ndim != 2 or not np.isfinite(matrix).all():
            raise EndpointFailed(
                f"{url} answered vectors of unequal widths or with numbers that are not finite"
            )
        width = matrix.shape[1]
        if self._dim is None:
            self._dim = width
            _remember_dim(self.model_id, width)
        elif width != self._dim:
            raise EndpointFailed(
                f"{url} answered vectors of {width} numbers, not {self._dim} as before "
                "(another model under the same name: remove ~/.cache/swarmkit/endpoints.json and the "
                "folder's .index/vectors-* to start again)"
            )
        return matrix


def _error_message(exc) -> str:
    """The endpoint's own message in an error answer ({"error": {"message": ...}}), shortened."""
    try:
        found = json.loads(exc.read(4096) or b"{}").get("error")
    except (ValueError, OSError, AttributeError):
        return ""
    message = found.get("message") if isinstance(found, dict) else found
    return f": {str(message).splitlines()[0][:200]}" if message else ""


def _dims_file():
    return cache_root().parent / "endpoints.json"


def _remembered_dims() -> dict[str, int]:
    try:
        held = json.loads(_dims_file().read_text(encoding="utf-8"))
        return {k: int(v) for k, v in held.items() if isinstance(v, int) and 0 < v < 1 << 20}
    except (OSError, ValueError, AttributeError):
        return {}


def _remember_dim(model_id: str, width: int) -> None:
    from swarmkit.memory.folder.atomic import atomic_write

    held = _remembered_dims()
    held[model_id] = width
    try:
        atomic_write(_dims_file(), json.dumps(held, indent=1, sort_keys=True) + "\n", durable=False)
    except OSError:
        pass  # the next process asks again
