"""A BERT sentence encoder in numpy: text → unit vectors (float32), for recall by meaning.

The model folder is a sentence-transformers export (config.json, tokenizer.json, model.safetensors,
mean pooling): all-MiniLM-L6-v2 and other BERT-shaped models of that family. The forward pass is
written out here over numpy because it is six matrix products a layer and nothing else: torch
would add ~700 MB for it, onnxruntime ~60 MB and an exported graph (docs/memory.md has the
measurements). The weights are mapped, not read (weights.py); the tokenizer is BERT's WordPiece
(wordpiece.py), or Hugging Face's `tokenizers` for a tokenizer.json of another shape when the
semantic extra is installed.

numpy is in the base install; this module is imported where recall by meaning is used, never at
start-up.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from swarmkit.memory.recall.model_check import Header

MAX_TOKENS = 256  # the model's own max_seq_length (sentence_bert_config.json) when it says none
BATCH = 32  # entries per forward pass: padding to the longest of a batch sorted by length costs little


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x·Φ(x), with erf from Abramowitz & Stegun 7.1.26 (error < 1.5e-7, far
    under float32 noise here): numpy has no erf and scipy would be one more large dependency."""
    z = np.abs(x) * np.float32(1 / math.sqrt(2))
    t = 1.0 / (1.0 + np.float32(0.3275911) * z)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    erf = 1.0 - poly * np.exp(-z * z)
    return (0.5 * x * (1.0 + np.sign(x) * erf)).astype(np.float32, copy=False)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


class Encoder:
    """One loaded model: `encode(texts)` gives an (n, dim) float32 matrix of unit rows."""

    def __init__(self, folder: Path, header: Header | None = None):
        from swarmkit.memory.recall import weights as W
        from swarmkit.memory.recall.model_check import problem, unprefixed

        folder = Path(folder)
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        weights = W.load(folder / "model.safetensors", header)
        # checked before any forward pass: a config that does not fit its weights would fail on
        # the first text (a missing layer, heads that do not divide the width), after a commit
        found = problem(config, {name: tuple(t.shape) for name, t in weights.items()})
        if found is not None:
            raise ValueError(f"{folder}: {found}")
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        limit = MAX_TOKENS
        st_config = folder / "sentence_bert_config.json"
        if st_config.is_file():
            limit = int(json.loads(st_config.read_text(encoding="utf-8")).get("max_seq_length", limit))
        self.w = {k: v.astype(np.float32, copy=False) for k, v in unprefixed(weights).items()}
        vocab, self.dim = self.w["embeddings.word_embeddings.weight"].shape
        positions = self.w["embeddings.position_embeddings.weight"].shape[0]
        self.max_tokens = min(limit, int(config.get("max_position_embeddings", 512)), int(positions))
        self.tokenize = tokenizer(folder / "tokenizer.json", self.max_tokens, int(vocab))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        from swarmkit.surrogates import valid_unicode

        # bytes that were not UTF-8 (surrogate escapes) are no text a tokenizer takes: U+FFFD, as a model gets them
        encodings = self.tokenize([valid_unicode(text) for text in texts])
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i]))
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            width = max(len(encodings[i]) for i in chunk)
            ids = np.zeros((len(chunk), width), dtype=np.int64)
            mask = np.zeros((len(chunk), width), dtype=np.float32)
            for row, i in enumerate(chunk):
                held = encodings[i]
                ids[row, : len(held)] = held
                mask[row, : len(held)] = 1.0
            out[chunk] = self._forward(ids, mask)
        return out

    def _forward(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w, eps = self.w, self.eps
        batch, width = ids.shape
        x = (
            w["embeddings.word_embeddings.weight"][ids]
            + w["embeddings.position_embeddings.weight"][:width][None]
            + w["embeddings.token_type_embeddings.weight"][0]
        )
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        heads, size = self.heads, self.dim // self.heads
        blocked = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]  # padding gets no attention
        scale = np.float32(1 / math.sqrt(size))
        for n in range(self.layers):
            p = f"encoder.layer.{n}."

            def dense(v: np.ndarray, name: str, p: str = p) -> np.ndarray:
                return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            def split(v: np.ndarray) -> np.ndarray:
                return v.reshape(batch, width, heads, size).transpose(0, 2, 1, 3)

            q = split(dense(x, "attention.self.query"))
            k = split(dense(x, "attention.self.key"))
            v = split(dense(x, "attention.self.value"))
            scores = q @ k.transpose(0, 1, 3, 2) * scale + blocked
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, width, self.dim)
            x = _layer_norm(
                dense(context, "attention.output.dense") + x,
                w[p + "attention.output.LayerNorm.weight"],
                w[p + "attention.output.LayerNorm.bias"],
                eps,
            )
            inner = _gelu(dense(x, "intermediate.dense"))
            x = _layer_norm(
                dense(inner, "output.dense") + x,
                w[p + "output.LayerNorm.weight"],
                w[p + "output.LayerNorm.bias"],
                eps,
            )
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1.0)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.maximum(norms, 1e-12)).astype(np.float32)


def tokenizer(path: Path, limit: int, vocab: int) -> Callable[[list[str]], list[list[int]]]:
    """texts → their token ids ([CLS] … [SEP], at most `limit`): BERT's WordPiece read here, or
    `tokenizers` for another kind of tokenizer.json. ValueError when neither can read it, or it
    names tokens the weights do not have."""
    from swarmkit.memory.recall.wordpiece import Unsupported, WordPiece

    try:
        own = WordPiece.from_file(path)
    except Unsupported as exc:
        try:
            from tokenizers import Tokenizer
        except ImportError:
            from swarmkit.extras import install_command

            raise ValueError(
                f"{path.parent}: {exc}; install the semantic extra to read it ({install_command('semantic')})"
            ) from None
        reference = Tokenizer.from_file(str(path))
        if reference.get_vocab_size() > vocab:
            raise ValueError(
                f"{path.parent}: tokenizer.json knows {reference.get_vocab_size()} tokens, the weights {vocab}"
            ) from None
        reference.enable_truncation(limit)
        reference.no_padding()
        return lambda texts: [e.ids for e in reference.encode_batch(texts)]
    if own.vocab_size > vocab:
        raise ValueError(f"{path.parent}: tokenizer.json knows {own.vocab_size} tokens, the weights {vocab}")
    own.max_tokens = limit
    return lambda texts: [own.encode(text) for text in texts]
