"""The CUDA backend through Python: the same bits as the CPU, into host arrays and into CuPy and
PyTorch arrays filled in place (__cuda_array_interface__). Skips, saying why, without a device or
without CuPy / PyTorch. (DLPack, hence JAX, is not implemented yet: issue 25.)"""
import numpy as np
import pytest

import gpurng
from conftest import as_bytes

HAVE_GPU = gpurng.built_with_cuda() and bool(gpurng.cuda_devices())
pytestmark = pytest.mark.skipif(
    not HAVE_GPU,
    reason="no CUDA device (built with CUDA: %s): GPU tests skipped" % gpurng.built_with_cuda())


@pytest.mark.parametrize("engine", gpurng.engines())
def test_cuda_backend_equals_cpu(engine):
    cpu = gpurng.Generator(engine, seed=3, backend="cpu", offset=999)
    gpu = gpurng.Generator(engine, seed=3, backend="cuda", offset=999)
    assert gpu.backend == "cuda"
    for method in ("random", "standard_normal", "standard_exponential"):
        for dtype in (np.float32, np.float64):
            assert as_bytes(getattr(gpu, method)(4097, dtype=dtype)) == as_bytes(getattr(cpu, method)(4097, dtype=dtype))
    assert as_bytes(gpu.bits(1000)) == as_bytes(cpu.bits(1000))


def test_cuda_state_continues_on_the_cpu():
    gpu = gpurng.Generator("mt19937", seed=3, backend="cuda")
    gpu.random(12345)
    cpu = gpurng.Generator("mt19937", backend="cpu")
    cpu.state = gpu.state
    assert as_bytes(cpu.random(100)) == as_bytes(gpu.random(100))


def _cpu(engine, method, n, dtype):
    return getattr(gpurng.Generator(engine, seed=3, backend="cpu", offset=5), method)(n, dtype=dtype)


@pytest.mark.parametrize("engine", ["mrg32k3a", "mt19937", "mtgp11213", "sobol32", "kiss", "dcmt521"])
def test_cupy_arrays_filled_in_place(engine):
    cp = pytest.importorskip("cupy", reason="CuPy is not installed")
    g = gpurng.Generator(engine, seed=3, backend="cuda", offset=5)
    for method, dtype in (("random", np.float32), ("standard_normal", np.float64), ("bits", None)):
        dt = dtype or (np.uint64 if g.bits_width == 64 else np.uint32)
        a = cp.zeros((3, 1001), dtype=dt)
        ptr = a.data.ptr
        # As NumPy's Generator: a float32 out needs dtype=float32 too (the default is float64).
        assert getattr(g, method)(out=a, **({"dtype": dtype} if dtype else {})) is a and a.data.ptr == ptr
        expected = gpurng.Generator(engine, seed=3, backend="cpu", offset=g.offset - a.size)
        e = getattr(expected, method)(a.shape, **({"dtype": dtype} if dtype else {}))
        assert as_bytes(cp.asnumpy(a)) == as_bytes(e)


def test_cupy_stream_ordering():
    cp = pytest.importorskip("cupy", reason="CuPy is not installed")
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cuda")
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        a = cp.zeros(1 << 22, dtype=cp.float32)
        g.random(dtype=np.float32, out=a)  # ordered on s (the array interface names it)
        total = float(a.sum())  # a kernel on s sees the values
    expected = gpurng.Generator("mrg32k3a", seed=3, backend="cpu").random(1 << 22, dtype=np.float32)
    assert total == pytest.approx(float(expected.sum(dtype=np.float64)), rel=1e-5)


@pytest.mark.parametrize("engine", ["mrg32k3a", "mt19937-64", "mtgp64-23209"])
def test_torch_tensors_filled_in_place(engine):
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    g = gpurng.Generator(engine, seed=3, backend="cuda", offset=5)
    t = torch.zeros((7, 513), dtype=torch.float64, device="cuda")
    g.standard_normal(out=t)
    torch.cuda.synchronize()
    assert as_bytes(t.cpu().numpy()) == as_bytes(_cpu(engine, "standard_normal", (7, 513), np.float64))
