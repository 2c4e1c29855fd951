"""Generator.discrete: the library's discrete distribution (DiscreteTable), bit for bit the CLI's
--dist discrete, in every integer dtype, at offsets; its pmf; its argument errors."""
import numpy as np
import pytest

import gpurng
from conftest import as_bytes

WEIGHTS = [0.5, 0.0, 3.0, 1e-3, 2.0, 7.0]


@pytest.mark.parametrize("engine", ["mrg32k3a", "philox4x64-10", "mt19937", "mwc"])
@pytest.mark.parametrize("dtype,precision", [(np.int64, "int64"), (np.int32, "int32"), (np.uint64, "uint64"),
                                             (np.uint32, "uint32")])
def test_equals_cli(engine, dtype, precision, cli):
    g = gpurng.Generator(engine, seed=42, backend="cpu", offset=1001)
    values = g.discrete(WEIGHTS, 37, dtype=dtype)
    assert values.dtype == np.dtype(dtype)
    assert g.offset == 1001 + 37
    weights = ",".join(repr(w) for w in WEIGHTS)
    assert as_bytes(values) == cli("--engine", engine, "--seed", 42, "--offset", 1001, "--count", 37, "--dist",
                                   "discrete", "--weights", weights, "--precision", precision)


def test_pmf_and_zero_weights():
    g = gpurng.Generator("philox4x64-10", seed=7, backend="cpu")
    n = 1 << 20
    x = g.discrete(np.array(WEIGHTS), n)
    counts = np.bincount(x, minlength=len(WEIGHTS))
    p = np.array(WEIGHTS) / sum(WEIGHTS)
    assert counts[1] == 0
    expected = n * p
    positive = p > 0
    z = (counts[positive] - expected[positive]) / np.sqrt(expected[positive] * (1 - p[positive]))
    assert np.all(np.abs(z) < 5), z


def test_out_scalar_and_shape():
    g = gpurng.Generator("pcg64", seed=1, backend="cpu")
    out = np.empty((3, 4), dtype=np.uint32)
    assert g.discrete([1, 2, 3], out=out, dtype=np.uint32) is out
    assert out.max() <= 2
    v = g.discrete([0, 1])
    assert v == 1
    assert g.offset == 13
    assert g.discrete([1.0], (2, 2)).shape == (2, 2)


def test_errors():
    g = gpurng.Generator("mrg32k3a", backend="cpu")
    with pytest.raises(ValueError, match=r"weights\[1\] = -1 is negative"):
        g.discrete([1, -1], 4)
    with pytest.raises(ValueError, match="weights: empty"):
        g.discrete([], 4)
    with pytest.raises(ValueError, match="all 2 weights are 0"):
        g.discrete([0, 0], 4)
    with pytest.raises(ValueError, match=r"weights\[0\] = nan is not finite"):
        g.discrete([float("nan")], 4)
    with pytest.raises(ValueError, match="1-D"):
        g.discrete([[1, 2], [3, 4]], 4)
    with pytest.raises(TypeError, match="weights must be a 1-D sequence of numbers"):
        g.discrete(["a", "b"], 4)
    with pytest.raises(TypeError, match="dtype float64 is not supported"):
        g.discrete([1, 2], 4, dtype=np.float64)
    assert g.offset == 0


def test_other_arrays_take_the_pointer_path_with_the_table():
    """A host DLPack array (the producer of the DLPack tests) is filled through the same pointer path
    as CUDA arrays, with the table as the parameter; per_device and unknown devices are refused."""
    from dlpack_producer import Producer

    w = np.array([0.5, 0.0, 2.0, 1.5])
    a = np.zeros((3, 7), dtype=np.int32)
    p = Producer(a)
    g = gpurng.Generator("philox4x32-10", seed=3, backend="cpu", offset=11)
    assert g.discrete(w, dtype=np.int32, out=p) is p and p.deleted == 1
    expected = gpurng.Generator("philox4x32-10", seed=3, backend="cpu", offset=11).discrete(w, (3, 7), np.int32)
    assert a.tobytes() == expected.tobytes() and g.offset == 11 + 21
    with pytest.raises(TypeError, match="float64"):
        g.discrete(w, out=Producer(np.zeros(4)))
    with pytest.raises(ValueError, match="device must be"):
        g.discrete(w, 3, device="gpu")
    assert g.discrete(w, 3, device="cpu").dtype == np.int64
    with pytest.raises(AttributeError, match="per_device has no method 'discrete'"):
        gpurng.Generator("philox4x32-10", backend="cpu").per_device.discrete(w, 4)
