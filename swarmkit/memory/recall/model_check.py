"""Whether a model folder holds a BERT model the encoder can run, read from its config and the
header of its weights (a few kilobytes, no numpy): a folder that fails says why, and recall stays
by words, before any command claims recall by meaning or loads 90 MB.

A safetensors file starts with the length of its JSON header (8 bytes, little-endian), then the
header: each tensor's dtype, shape and byte range in the data after it.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import NamedTuple

MAX_HEADER = 16 << 20  # a header names tensors; 16 MB of names is no model file


class Header(NamedTuple):
    tensors: dict  # name → {"dtype", "shape", "data_offsets"} (and "__metadata__")
    raw: bytes  # the header as stored (a model's id digests it)
    start: int  # where the tensors' data starts in the file


def weights_header(path: Path) -> Header:
    """A safetensors file's header. ValueError when it is not one."""
    with path.open("rb") as f:
        head = f.read(8)
        if len(head) < 8:
            raise ValueError(f"{path.name} is too short to be a safetensors file")
        (length,) = struct.unpack("<Q", head)
        if not 2 <= length <= MAX_HEADER:
            raise ValueError(f"{path.name} is not a safetensors file (its header length is {length})")
        raw = f.read(length)
    if len(raw) < length:
        raise ValueError(f"{path.name} ends inside its header")
    try:
        header = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name} has no readable header ({exc})") from None
    if not isinstance(header, dict):
        raise ValueError(f"{path.name} has no readable header")
    return Header(header, raw, 8 + length)


def _int(config: dict, key: str) -> int:
    value = config.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"config.json's {key} is {value!r}, not a positive whole number")
    return value


def expected_shapes(config: dict, dim: int, vocab: int) -> dict[str, tuple[int, ...]]:
    """Every tensor the encoder reads (without the optional "bert." prefix) and its shape."""
    layers, inner = _int(config, "num_hidden_layers"), _int(config, "intermediate_size")
    out: dict[str, tuple[int, ...]] = {
        "embeddings.word_embeddings.weight": (vocab, dim),
        "embeddings.LayerNorm.weight": (dim,),
        "embeddings.LayerNorm.bias": (dim,),
    }
    for n in range(layers):
        p = f"encoder.layer.{n}."
        for name in (
            "attention.self.query",
            "attention.self.key",
            "attention.self.value",
            "attention.output.dense",
        ):
            out[p + name + ".weight"], out[p + name + ".bias"] = (dim, dim), (dim,)
        out[p + "intermediate.dense.weight"], out[p + "intermediate.dense.bias"] = (inner, dim), (inner,)
        out[p + "output.dense.weight"], out[p + "output.dense.bias"] = (dim, inner), (dim,)
        for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
            out[p + norm + ".weight"], out[p + norm + ".bias"] = (dim,), (dim,)
    return out


def unprefixed(tensors: dict) -> dict:
    """The tensors under the names the encoder reads: a BertModel export names them "bert.…"."""
    prefix = "bert." if any(k.startswith("bert.") for k in tensors) else ""
    return {k.removeprefix(prefix): v for k, v in tensors.items()}


def problem(config: object, shapes: dict[str, tuple[int, ...]]) -> str | None:
    """Why a config and its tensors' shapes cannot be run (None: they can)."""
    if not isinstance(config, dict):
        return "config.json is not a JSON object"
    if config.get("model_type", "bert") != "bert":
        return f"it holds a {config.get('model_type')} model; only BERT models are read"
    shapes = {k: tuple(v) for k, v in unprefixed(shapes).items()}
    words = shapes.get("embeddings.word_embeddings.weight")
    if words is None or len(words) != 2:
        return "its weights hold no word embeddings"
    vocab, dim = words
    try:
        heads = _int(config, "num_attention_heads")
        if _int(config, "hidden_size") != dim:
            return f"config.json's hidden_size is {config['hidden_size']}, its weights' is {dim}"
        if dim % heads:
            return f"config.json's {heads} attention heads do not divide the hidden size {dim}"
        wanted = expected_shapes(config, dim, vocab)
    except ValueError as exc:
        return str(exc)
    for name in ("embeddings.position_embeddings.weight", "embeddings.token_type_embeddings.weight"):
        shape = shapes.get(name)
        if shape is None or len(shape) != 2 or shape[1] != dim or shape[0] < 1:
            return f"its weights lack {name} of width {dim}"
    for name, shape in wanted.items():
        if shapes.get(name) != shape:
            held = shapes.get(name)
            return f"its weights' {name} is {'missing' if held is None else held}, the config needs {shape}"
    return None


def read_model(folder: Path) -> Header:
    """The header of the weights of a model folder the encoder can run, read with its config.json;
    ValueError saying why it cannot run otherwise."""
    weights = folder / "model.safetensors"
    try:
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        header = weights_header(weights)
        size = weights.stat().st_size
    except OSError as exc:
        raise ValueError(f"{exc.filename or folder} cannot be read ({exc.strerror or exc})") from None
    # (a JSONDecodeError or UnicodeDecodeError of config.json is a ValueError already)
    shapes: dict[str, tuple[int, ...]] = {}
    for name, info in header.tensors.items():
        if name == "__metadata__":
            continue
        if not isinstance(info, dict) or not isinstance(info.get("dtype"), str):
            raise ValueError(f"model.safetensors' {name} is not a tensor")
        shape, offsets = info.get("shape"), info.get("data_offsets")
        if not (isinstance(shape, list) and all(isinstance(n, int) and n >= 0 for n in shape)):
            raise ValueError(f"model.safetensors' {name} has no shape")
        if not (isinstance(offsets, list) and len(offsets) == 2 and all(isinstance(n, int) for n in offsets)):
            raise ValueError(f"model.safetensors' {name} has no place in the file")
        if not 0 <= offsets[0] <= offsets[1] or header.start + offsets[1] > size:
            raise ValueError(f"model.safetensors ends before {name} (the file is cut short)")
        shapes[name] = tuple(shape)
    found = problem(config, shapes)
    if found is not None:
        raise ValueError(found)
    return header
