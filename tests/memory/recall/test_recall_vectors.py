"""The stored vectors' products: float16 rows widened by bit operations give exactly what numpy's
own conversion gives, across block boundaries, and a damaged row cannot outrank real entries."""

from __future__ import annotations

import numpy as np
import pytest

from swarmkit.memory.recall.vectors import BLOCK, VectorStore, _widen


def test_every_finite_half_widens_to_exactly_its_float32_value():
    every = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16).reshape(-1, 1)
    finite = np.isfinite(every[:, 0])
    bits = np.empty(every.shape, dtype=np.uint32)
    sign = np.empty(every.shape, dtype=np.uint32)
    wide = _widen(every, bits, sign)
    assert wide.dtype == np.float32
    assert np.array_equal(wide[finite], every[finite].astype(np.float32))
    # negative zero keeps its sign, subnormals keep their value
    assert np.signbit(wide[np.float16(-0.0).view(np.uint16)][0])
    assert wide[1][0] == np.float32(2.0**-24)


@pytest.mark.parametrize("count", [1, BLOCK - 1, BLOCK, 2 * BLOCK + 3])
def test_products_equal_the_float32_products_of_the_stored_halves(count):
    rng = np.random.default_rng(count)
    vectors = rng.standard_normal((count, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    vectors[0, :4] = [0.0, -0.0, 3e-7, -5e-6]  # zeros and float16 subnormals
    store = VectorStore(None, 384)
    store.add([i.to_bytes(8, "little") for i in range(count)], vectors)
    query = rng.standard_normal(384).astype(np.float32)
    query /= np.linalg.norm(query)
    # numpy's conversion, block by block as the products are taken (BLAS sums a whole matrix in
    # another order, which moves the last bit)
    halves = store.half()
    expected = np.concatenate(
        [halves[at : at + BLOCK].astype(np.float32) @ query for at in range(0, count, BLOCK)]
    )
    assert np.array_equal(store.products(query), np.clip(expected, -1.0, 1.0))


def test_a_damaged_row_scores_within_the_range_of_a_cosine():
    store = VectorStore(None, 4)
    halves = np.array([[0.5, 0.5, 0.5, 0.5], [np.inf, 0, 0, 0], [np.nan, 0, 0, 0]], dtype=np.float32)
    store.add([i.to_bytes(8, "little") for i in range(3)], halves)
    products = store.products(np.array([1.0, 0, 0, 0], dtype=np.float32))
    assert products[0] == pytest.approx(0.5)
    assert np.all((products >= -1.0) & (products <= 1.0))


def test_vectors_added_before_any_read_are_held_once(tmp_path):
    path = tmp_path / "vectors-test.sqlite3"
    store = VectorStore(path, 4)
    store.add([b"\x01" * 8, b"\x02" * 8], np.eye(4, dtype=np.float32)[:2])
    assert store.count == 2
    store.close()
    again = VectorStore(path, 4)
    assert again.count == 2
    assert list(again.lookup(np.frombuffer(b"\x02" * 8, dtype=np.uint64))) == [1]
