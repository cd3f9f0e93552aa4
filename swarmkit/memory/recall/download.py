"""The one-time download of the default embedding model, when no packaged model is installed.

It fetches four files of sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) from the Hugging
Face Hub, about 91 MB, into ~/.cache/swarmkit/models/all-MiniLM-L6-v2 ($XDG_CACHE_HOME is
honoured), with huggingface-hub's progress bars (it comes with `tokenizers`, in the semantic
extra). It runs only from `swarmkit memory reindex`, never from a search or a run. Offline, it
fails fast with a clear message (one connection tried for 5 s at most; at once with
HF_HUB_OFFLINE=1) and recall stays lexical.
"""

from __future__ import annotations

import os
import shutil
import socket
from collections.abc import Callable
from pathlib import Path

from swarmkit.memory.recall.semantic import DEFAULT_NAME, cache_root, forget_choice

REPO = "sentence-transformers/all-MiniLM-L6-v2"
FILES = ("config.json", "tokenizer.json", "sentence_bert_config.json", "model.safetensors")
SIZE_MB = 91
HOST = "huggingface.co"
CONNECT_TIMEOUT_S = 5


def what_it_fetches() -> str:
    return (
        f"Fetching the embedding model {REPO} ({', '.join(FILES)}; about {SIZE_MB} MB) from the "
        f"Hugging Face Hub into {cache_root() / DEFAULT_NAME} (once; set SWARMKIT_EMBEDDING_MODEL=off "
        "to keep recall by words only)"
    )


def first_hop() -> tuple[str, int, str]:
    """(host, port, what to call it) of the first connection a download makes: the Hub, a mirror
    named by HF_ENDPOINT (as huggingface-hub reads it), or the HTTPS proxy the environment sets."""
    from urllib.parse import urlsplit
    from urllib.request import getproxies, proxy_bypass

    endpoint = urlsplit(os.environ.get("HF_ENDPOINT", "").strip() or f"https://{HOST}")
    host = endpoint.hostname or HOST
    port = endpoint.port or (80 if endpoint.scheme == "http" else 443)
    proxy = getproxies().get(endpoint.scheme or "https")
    if proxy and not proxy_bypass(host):
        hop = urlsplit(proxy if "://" in proxy else f"http://{proxy}")
        if hop.hostname:
            hop_port = hop.port or (443 if hop.scheme == "https" else 80)
            return hop.hostname, hop_port, f"the proxy {hop.hostname}:{hop_port}"
    return host, port, host


def fetch(say: Callable[[str], None]) -> tuple[Path | None, str | None]:
    """(the model folder, None), or (None, why not): never raises for a network failure."""
    say(what_it_fetches())
    target = cache_root() / DEFAULT_NAME
    partial = target.with_name(target.name + ".partial")
    try:
        from huggingface_hub import hf_hub_download
    except ImportError:
        return None, "huggingface-hub is not installed (it comes with the semantic extra)"
    if os.environ.get("HF_HUB_OFFLINE", "").strip().lower() not in ("", "0", "false", "no"):
        return None, "HF_HUB_OFFLINE is set"
    host, port, what = first_hop()
    try:  # one quick connection first: the Hub's client retries a dead network for half a minute
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        return None, f"could not fetch {REPO}: {what} cannot be reached ({exc.strerror or exc}; offline?)"
    try:
        partial.mkdir(parents=True, exist_ok=True)
        for name in FILES:
            hf_hub_download(REPO, name, local_dir=str(partial))
        if target.exists():
            shutil.rmtree(target)
        partial.rename(target)
    except Exception as exc:  # noqa: BLE001 (network, offline mode, disk: each one message, lexical recall)
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        return None, f"could not fetch {REPO}: {reason}"
    forget_choice()
    return target, None
