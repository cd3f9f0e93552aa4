"""A model's weights from its safetensors file, as numpy arrays over a read-only memory map.

Hand-written rather than the `safetensors` package: the format is an 8-byte length, a JSON header
naming each tensor's dtype, shape and byte range, then the bytes (model_check.py reads the
header), so a reader is a few lines of numpy; the package would add a compiled wheel to the base
install. Mapping the file instead of reading it costs a one-shot command nothing for the parts of
the model it does not touch: of all-MiniLM-L6-v2's 87 MB, a query reads its six layers (43 MB)
and a row of the word embeddings per token, not the 47 MB table. The file must not be rewritten
in place while mapped; the model's own download replaces it by renaming (download.py).

Exact: tests/memory/recall/test_weights.py compares every tensor with safetensors.numpy.load_file.
"""

from __future__ import annotations

import mmap
from pathlib import Path

import numpy as np

from swarmkit.memory.recall.model_check import Header, weights_header

# safetensors' dtypes as numpy reads them (little-endian, as the format stores them). BF16 has no
# numpy dtype: it is widened to float32 (its 16 bits are a float32's upper half).
DTYPES = {
    "F64": "<f8",
    "F32": "<f4",
    "F16": "<f2",
    "I64": "<i8",
    "I32": "<i4",
    "I16": "<i2",
    "I8": "i1",
    "U64": "<u8",
    "U32": "<u4",
    "U16": "<u2",
    "U8": "u1",
    "BOOL": "?",
}


def load(path: Path, header: Header | None = None) -> dict[str, np.ndarray]:
    """Every tensor of a safetensors file, read-only views of the mapped file (BF16 widened to
    float32, a copy). ValueError for a file that is not one, or a tensor that lies outside it."""
    header = header or weights_header(path)
    with open(path, "rb") as f:
        size = f.seek(0, 2)
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
    out: dict[str, np.ndarray] = {}
    for name, info in header.tensors.items():
        if name == "__metadata__":
            continue
        kind, shape, (begin, end) = info["dtype"], tuple(info["shape"]), info["data_offsets"]
        count = int(np.prod(shape, dtype=np.int64))
        start = header.start + begin
        if not 0 <= begin <= end or header.start + end > size:
            raise ValueError(f"{Path(path).name}: {name} lies outside the file")
        if count == 0:
            out[name] = np.zeros(shape, dtype=np.float32 if kind == "BF16" else DTYPES.get(kind, "<f4"))
            continue
        if kind == "BF16":
            if end - begin != 2 * count:
                raise ValueError(f"{Path(path).name}: {name} holds {end - begin} bytes, not {2 * count}")
            halves = np.frombuffer(mapped, dtype="<u2", count=count, offset=start)
            out[name] = (halves.astype(np.uint32) << 16).view(np.float32).reshape(shape)
            continue
        dtype = DTYPES.get(kind)
        if dtype is None:
            raise ValueError(f"{Path(path).name}: {name} is of a dtype not read here ({kind})")
        width = np.dtype(dtype).itemsize
        if end - begin != width * count:
            raise ValueError(f"{Path(path).name}: {name} holds {end - begin} bytes, not {width * count}")
        out[name] = np.frombuffer(mapped, dtype=dtype, count=count, offset=start).reshape(shape)
    return out
