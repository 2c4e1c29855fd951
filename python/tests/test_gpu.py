"""The CUDA backend through Python: the same bits as the CPU. Skips, saying why, without a device.
(Filling CuPy / PyTorch / JAX arrays in place through DLPack is not implemented yet: issue 25.)"""
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
