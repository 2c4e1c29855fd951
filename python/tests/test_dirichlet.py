"""Generator.dirichlet: the library's Dirichlet distribution (DirichletAlpha), bit for bit the CLI's
--dist dirichlet, in float64 and float32, at offsets; NumPy's shape (size, K); sums and means; the
argument errors (each names alpha, count or offset and its range)."""
import numpy as np
import pytest

import gpurng
from conftest import as_bytes

ALPHA = [0.5, 2.0, 1e-3, 30.0]


@pytest.mark.parametrize("engine", ["mrg32k3a", "philox4x64-10", "mt19937", "mwc"])
@pytest.mark.parametrize("dtype,precision", [(np.float64, "double"), (np.float32, "float")])
def test_equals_cli(engine, dtype, precision, cli):
    g = gpurng.Generator(engine, seed=42, backend="cpu", offset=1000)
    values = g.dirichlet(ALPHA, 9, dtype=dtype)
    assert values.shape == (9, 4) and values.dtype == np.dtype(dtype)
    assert g.offset == 1000 + 36
    alpha = ",".join(repr(a) for a in ALPHA)
    assert as_bytes(values) == cli("--engine", engine, "--seed", 42, "--offset", 1000, "--count", 36, "--dist",
                                   "dirichlet", "--alpha", alpha, "--precision", precision)


def test_shapes_like_numpy():
    # Each call starts at a multiple of its own K: a generator that changes K is moved to one.
    g = gpurng.Generator("pcg64", seed=1, backend="cpu")
    assert g.dirichlet([1, 2, 3]).shape == (3,)
    assert g.dirichlet([1, 2, 3], 5).shape == (5, 3)
    assert g.offset == 18
    assert g.dirichlet([1, 2], (2, 4)).shape == (2, 4, 2)
    assert g.dirichlet([1.0], 3).tolist() == [[1.0], [1.0], [1.0]]
    g.offset = 60
    out = np.empty((6, 3), dtype=np.float32)
    assert g.dirichlet([1, 2, 3], out=out, dtype=np.float32) is out
    with pytest.raises(ValueError, match="does not match"):
        g.dirichlet([1, 2, 3], 5, out=np.empty((5, 4)))
    with pytest.raises(ValueError, match=r"does not end in K = 3"):
        g.dirichlet([1, 2, 3], out=np.empty((5, 4)))


def test_sums_and_means():
    for alpha in ([1.0, 1.0], [0.5, 2.0, 3.0], [1e-3, 1e-3, 1e-3], [100.0, 200.0, 300.0]):
        x = gpurng.Generator("philox4x64-10", seed=7, backend="cpu").dirichlet(alpha, 100000)
        assert np.all((x >= 0) & (x <= 1))
        k = len(alpha)
        assert np.max(np.abs(x.sum(axis=1, dtype=np.longdouble) - 1)) <= (k + 2) * 2.0**-53
        a = np.array(alpha)
        a0 = a.sum()
        mean = a / a0
        sd = np.sqrt(a * (a0 - a) / (a0 * a0 * (a0 + 1)) / len(x))
        assert np.all(np.abs(x.mean(axis=0) - mean) < 5 * sd), (alpha, x.mean(axis=0), mean)


def test_errors():
    g = gpurng.Generator("mrg32k3a", backend="cpu")
    with pytest.raises(ValueError, match=r"dirichlet alpha\[1\]: must be in \[1e-300, 1e300\], got -1"):
        g.dirichlet([1, -1], 4)
    with pytest.raises(ValueError, match=r"dirichlet alpha\[0\]: must be in \[1e-300, 1e300\], got 0"):
        g.dirichlet([0.0, 1.0], 4)
    with pytest.raises(ValueError, match=r"alpha\[0\]: must be in \[1e-300, 1e300\], got nan"):
        g.dirichlet([float("nan")], 4)
    with pytest.raises(ValueError, match=r"alpha\[1\]: must be in \[1e-300, 1e300\], got inf"):
        g.dirichlet([1.0, float("inf")], 4)
    with pytest.raises(ValueError, match="must have 1 to 65536 components, got 0"):
        g.dirichlet([], 4)
    with pytest.raises(ValueError, match="must have 1 to 65536 components, got 65537"):
        g.dirichlet(np.ones(65537), 1)
    with pytest.raises(ValueError, match="1-D"):
        g.dirichlet([[1, 2], [3, 4]], 4)
    with pytest.raises(TypeError, match="alpha must be a 1-D sequence of numbers"):
        g.dirichlet(["a", "b"], 4)
    with pytest.raises(TypeError, match="dtype int64 is not supported"):
        g.dirichlet([1, 2], 4, dtype=np.int64)
    g.offset = 1
    with pytest.raises(ValueError, match="offset: 1 is not a multiple of K = 2"):
        g.dirichlet([1, 2], 4)
    assert g.offset == 1
    q = gpurng.Generator("sobol32", backend="cpu")
    with pytest.raises(gpurng.UnsupportedError, match="quasi-random"):
        q.dirichlet([1, 2], 4)
    with pytest.raises(AttributeError, match="per_device has no method 'dirichlet'"):
        gpurng.Generator("philox4x32-10", backend="cpu").per_device.dirichlet([1, 2], 4)


def test_other_arrays_take_the_pointer_path():
    """A host DLPack array is filled through the same pointer path as CUDA arrays, with the alpha as
    the parameter."""
    from dlpack_producer import Producer

    a = np.zeros((7, 3), dtype=np.float32)
    p = Producer(a)
    g = gpurng.Generator("philox4x32-10", seed=3, backend="cpu", offset=12)
    assert g.dirichlet([0.5, 1, 2], dtype=np.float32, out=p) is p and p.deleted == 1
    expected = gpurng.Generator("philox4x32-10", seed=3, backend="cpu", offset=12).dirichlet([0.5, 1, 2], 7,
                                                                                            np.float32)
    assert a.tobytes() == expected.tobytes() and g.offset == 12 + 21
    with pytest.raises(ValueError, match="device must be"):
        g.dirichlet([1, 2], 3, device="gpu")
