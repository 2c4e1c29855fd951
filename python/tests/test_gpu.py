"""The CUDA backend through Python: the same bits as the CPU, into host arrays, into CuPy, PyTorch
and JAX arrays filled in place (DLPack; Numba through __cuda_array_interface__), and into gpurng's
own DeviceArray (device="cuda") handed to torch/cupy/jax through DLPack; stream ordering both ways.
Skips, saying why, without a device or without CuPy / PyTorch / JAX / Numba."""
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


# ---- DLPack in, device="cuda" out, streams ----------------------------------------------------------
BIG = 1 << 24  # big enough that an unordered reader would see zeros


def _cpu_values(engine, method, shape, dtype, offset=0, seed=3):
    g = gpurng.Generator(engine, seed=seed, backend="cpu", offset=offset)
    if method == "bits":
        return g.bits(shape)
    return getattr(g, method)(shape, dtype=dtype)


@pytest.mark.parametrize("method,dtype", [("random", np.float32), ("standard_normal", np.float64),
                                          ("standard_exponential", np.float32), ("bits", None)])
def test_device_arrays_equal_the_cpu(method, dtype):
    g = gpurng.Generator("philox4x32-10", seed=3, backend="cuda")
    kw = {} if dtype is None else {"dtype": dtype}
    a = getattr(g, method)((5, 1001), device="cuda", **kw)
    assert isinstance(a, gpurng.DeviceArray) and a.shape == (5, 1001) and a.__dlpack_device__() == (2, a.device)
    assert as_bytes(a.get()) == as_bytes(_cpu_values("philox4x32-10", method, (5, 1001), dtype))
    assert g.offset == 5 * 1001
    scalar = g.random(device="cuda")
    assert scalar.shape == () and scalar.get()[()] == _cpu_values("philox4x32-10", "random", 1, np.float64, 5005)[0]


def test_device_arrays_go_to_torch_and_cupy_without_a_copy():
    a = gpurng.Generator("mrg32k3a", seed=3, backend="cuda").normal(1.0, 2.0, 100000, device="cuda", dtype=np.float32)
    expected = gpurng.Generator("mrg32k3a", seed=3, backend="cpu").normal(1.0, 2.0, 100000, dtype=np.float32)
    seen = 0
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        t = torch.from_dlpack(a)
        assert t.data_ptr() == a.ptr and t.dtype == torch.float32 and t.is_cuda
        assert as_bytes(t.cpu().numpy()) == as_bytes(expected)
        seen += 1
    try:
        import cupy as cp
    except ImportError:
        cp = None
    if cp is not None:
        c = cp.from_dlpack(a)
        assert c.data.ptr == a.ptr and as_bytes(cp.asnumpy(c)) == as_bytes(expected)
        c2 = cp.asarray(a)  # __cuda_array_interface__
        assert c2.data.ptr == a.ptr and as_bytes(cp.asnumpy(c2)) == as_bytes(expected)
        seen += 1
    if not seen:
        pytest.skip("neither PyTorch nor CuPy is installed")


def test_device_array_capsules_versioned_and_not():
    a = gpurng.Generator("mrg32k3a", seed=3, backend="cuda").random(12, device="cuda")
    for kw, versioned in (({}, False), ({"max_version": (1, 0)}, True), ({"max_version": (0, 8)}, False)):
        with gpurng._gpurng._DLPackView(a.__dlpack__(stream=-1, **kw)) as v:
            assert v.versioned == versioned and v.ptr == a.ptr and v.shape == (12,) and v.dtype == "float64"
            assert v.device == (2, a.device) and not v.readonly
    with pytest.raises(BufferError):
        a.__dlpack__(copy=True)
    with pytest.raises(BufferError):
        a.__dlpack__(dl_device=(1, 0))
    with pytest.raises(ValueError):
        a.__dlpack__(stream=0)
    del a  # the memory lives on in nothing: freed here (no crash)


def test_device_array_stream_is_ordered_for_its_consumer():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    g = gpurng.Generator("mt19937", seed=3, backend="cuda")
    s = torch.cuda.Stream()
    g.cuda_stream = s
    a = g.random(BIG, device="cuda", dtype=np.float32)  # written on s
    assert a.stream == s.cuda_stream and a.__cuda_array_interface__["stream"] == s.cuda_stream
    t = torch.from_dlpack(a)  # torch's current stream waits for s (__dlpack__(stream=...))
    total = float(t.double().sum())
    expected = gpurng.Generator("mt19937", seed=3, backend="cpu").random(BIG, dtype=np.float32)
    assert total == pytest.approx(float(expected.sum(dtype=np.float64)), rel=1e-9)


@pytest.mark.parametrize("engine", ["mrg32k3a", "mt19937-64", "sobol32"])
def test_torch_tensors_are_filled_on_their_stream(engine):
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    g = gpurng.Generator(engine, seed=3, backend="cuda", offset=5)
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        t = torch.zeros(BIG, dtype=torch.float32, device="cuda")
        ptr = t.data_ptr()
        assert g.random(dtype=np.float32, out=t) is t and t.data_ptr() == ptr
        total = float(t.double().sum())  # a kernel on s sees the values
    expected = _cpu_values(engine, "random", BIG, np.float32, offset=5)
    assert total == pytest.approx(float(expected.sum(dtype=np.float64)), rel=1e-9)
    s.synchronize()
    assert as_bytes(t.cpu().numpy()) == as_bytes(expected)
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=torch.zeros((4, 4), dtype=torch.float64, device="cuda").t())
    with pytest.raises(TypeError, match="int32"):
        g.random(out=torch.zeros(4, dtype=torch.int32, device="cuda"))
    with pytest.raises(TypeError, match="int16"):
        g.random(out=torch.zeros(4, dtype=torch.int16, device="cuda"))
    with pytest.raises(ValueError, match="requires grad"):
        g.random(out=torch.zeros(4, dtype=torch.float64, device="cuda", requires_grad=True))


def test_torch_tensors_with_a_generator_stream_wait_for_torch_first():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    g = gpurng.Generator("philox4x32-10", seed=3, backend="cuda")
    mine = torch.cuda.Stream()
    g.cuda_stream = mine
    theirs = torch.cuda.Stream()
    with torch.cuda.stream(theirs):
        t = torch.empty(BIG, dtype=torch.float32, device="cuda")
        t.fill_(-1.0)  # pending on torch's stream when the fill is queued on the generator's
        g.random(dtype=np.float32, out=t)
    mine.synchronize()
    assert as_bytes(t.cpu().numpy()) == as_bytes(_cpu_values("philox4x32-10", "random", BIG, np.float32))


def test_cupy_arrays_are_filled_on_their_stream():
    cp = pytest.importorskip("cupy", reason="CuPy is not installed")
    g = gpurng.Generator("philox4x64-10", seed=3, backend="cuda")
    s = cp.cuda.Stream(non_blocking=True)
    with s:
        a = cp.zeros(BIG, dtype=cp.float64)
        g.standard_normal(out=a)
        total = float(a.sum())
    expected = _cpu_values("philox4x64-10", "standard_normal", BIG, np.float64)
    assert total == pytest.approx(float(expected.sum()), rel=1e-9, abs=1e-6)
    # An explicit generator stream wins over the array's.
    g2 = gpurng.Generator("philox4x64-10", seed=3, backend="cuda")
    s2 = cp.cuda.Stream(non_blocking=True)
    g2.cuda_stream = s2
    b = cp.zeros(1000, dtype=cp.float64)
    g2.standard_normal(out=b)
    s2.synchronize()
    assert as_bytes(cp.asnumpy(b)) == as_bytes(expected[:1000])


def test_jax_arrays_are_filled_in_place():
    jax = pytest.importorskip("jax", reason="JAX is not installed")
    jnp = jax.numpy
    try:
        x = jax.device_put(jnp.zeros((3, 4097), dtype=jnp.float32), jax.devices("gpu")[0])
    except RuntimeError as e:
        pytest.skip("JAX has no GPU here: %s" % e)
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cuda")
    ptr = x.unsafe_buffer_pointer()
    try:
        assert g.random(dtype=np.float32, out=x) is x
    except ValueError as e:
        if "read-only" in str(e):
            pytest.xfail("JAX exports its arrays read-only through DLPack (%s): not filled" % e)
        raise
    assert x.unsafe_buffer_pointer() == ptr
    # The call waited for its stream (JAX names none), so JAX's own kernels see the values.
    expected = _cpu_values("mrg32k3a", "random", (3, 4097), np.float32)
    assert float(jnp.sum(x)) == pytest.approx(float(expected.sum(dtype=np.float64)), rel=1e-4)
    assert as_bytes(np.asarray(x)) == as_bytes(expected)


def test_numba_arrays_through_the_cuda_array_interface():
    numba_cuda = pytest.importorskip("numba.cuda", reason="Numba is not installed")
    d = numba_cuda.device_array(10000, dtype=np.float64)
    g = gpurng.Generator("xorwow", seed=3, backend="cuda")
    g.exponential(2.0, out=d)
    numba_cuda.synchronize()
    expected = gpurng.Generator("xorwow", seed=3, backend="cpu").exponential(2.0, 10000)
    assert as_bytes(d.copy_to_host()) == as_bytes(expected)


def test_wrong_device_and_backend():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    cpu = gpurng.Generator("mrg32k3a", backend="cpu")
    with pytest.raises(ValueError, match="backend='cuda'"):
        cpu.random(out=torch.zeros(4, dtype=torch.float64, device="cuda"))
    with pytest.raises(ValueError, match="backend='cuda'"):
        cpu.random(4, device="cuda")
    if torch.cuda.device_count() > 1:
        with pytest.raises(ValueError, match="device 1"):
            gpurng.Generator(backend="cuda").random(out=torch.zeros(4, dtype=torch.float64, device="cuda:1"))


# ---- every distribution of the library, on the GPU ---------------------------------------------------
GPU_DISTS = [
    ("poisson", (4.0,), None), ("poisson", (1e5,), None), ("binomial", (20, 0.3), None),
    ("binomial", (10 ** 6, 0.4), None), ("hypergeometric", (5, 10, 4), None), ("hypergeometric", (700, 300, 600), None),
    ("negative_binomial", (2.5, 0.4), None), ("geometric", (0.2,), np.uint32),
    ("bernoulli", (0.3,), None), ("gamma", (0.7, 2.0), np.float32), ("standard_gamma", (3.0,), None),
    ("chisquare", (3.0,), np.float32), ("beta", (2.0, 5.0), None), ("standard_t", (5.0,), np.float32),
    ("standard_cauchy", (), None), ("cauchy", (1.0, 2.0), np.float32), ("laplace", (1.0, 2.0), np.float32),
    ("logistic", (1.0, 2.0), None), ("gumbel", (1.0, 2.0), np.float32), ("rayleigh", (2.0,), None),
    ("weibull", (1.5,), np.float32), ("truncated_normal", (-1.0, 2.0, 0.5, 1.5), None),
    ("truncated_normal", (3.0, np.inf), np.float32), ("integers", (-1000, 10 ** 12), None),
    ("integers", (0, 2 ** 32), np.uint32), ("integers", (-7, 7), np.int32),
]


@pytest.mark.parametrize("engine", ["philox4x32-10", "mrg32k3a", "mtgp11213"])
@pytest.mark.parametrize("method,args,dtype", GPU_DISTS, ids=["%s%r" % (d[0], d[1]) for d in GPU_DISTS])
def test_distributions_on_the_gpu_equal_the_cpu(engine, method, args, dtype):
    kw = {} if dtype is None else {"dtype": dtype}
    shape, off = (3, 4099), 7
    g = gpurng.Generator(engine, seed=3, backend="cuda", offset=off)
    a = getattr(g, method)(*args, size=shape, device="cuda", **kw)
    cpu = getattr(gpurng.Generator(engine, seed=3, backend="cpu", offset=off), method)(*args, size=shape, **kw)
    assert isinstance(a, gpurng.DeviceArray) and a.dtype == cpu.dtype and a.shape == shape
    assert as_bytes(a.get()) == as_bytes(cpu)
    assert g.offset == off + a.size
    # Into host memory through the CUDA backend.
    h = getattr(g, method)(*args, size=1000, **kw)
    e = getattr(gpurng.Generator(engine, seed=3, backend="cpu", offset=off + a.size), method)(*args, size=1000, **kw)
    assert as_bytes(h) == as_bytes(e)


def test_distribution_parameters_are_checked_before_the_gpu_runs():
    g = gpurng.Generator("philox4x32-10", seed=3, backend="cuda")
    with pytest.raises(gpurng.InvalidArgumentError, match="lambda"):
        g.poisson(-1.0, 100, device="cuda")
    with pytest.raises(ValueError, match="low >= high"):
        g.integers(5, 5, 100, device="cuda")
    with pytest.raises(TypeError, match="not supported"):
        g.gamma(2.0, size=100, dtype=np.uint32, device="cuda")
    assert g.offset == 0


def test_integer_distributions_fill_cupy_and_torch_arrays_in_place():
    seen = 0
    try:
        import cupy as cp
    except ImportError:
        cp = None
    if cp is not None:
        g = gpurng.Generator("mrg32k3a", seed=3, backend="cuda")
        a = cp.zeros((7, 1001), dtype=cp.uint32)
        assert g.binomial(20, 0.3, out=a) is a
        expected = gpurng.Generator("mrg32k3a", seed=3, backend="cpu").binomial(20, 0.3, (7, 1001))
        assert as_bytes(cp.asnumpy(a)) == as_bytes(expected)
        b = cp.zeros(5000, dtype=cp.float32)
        g.gamma(0.5, 2.0, dtype=np.float32, out=b)
        expected = gpurng.Generator("mrg32k3a", seed=3, backend="cpu", offset=7007).gamma(0.5, 2.0, 5000,
                                                                                        dtype=np.float32)
        assert as_bytes(cp.asnumpy(b)) == as_bytes(expected)
        seen += 1
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        g = gpurng.Generator("philox4x64-10", seed=3, backend="cuda")
        t = torch.zeros(10007, dtype=torch.int64, device="cuda")
        assert g.integers(-(2 ** 62), 2 ** 62, out=t) is t
        torch.cuda.synchronize()
        expected = gpurng.Generator("philox4x64-10", seed=3, backend="cpu").integers(-(2 ** 62), 2 ** 62, 10007)
        assert as_bytes(t.cpu().numpy()) == as_bytes(expected)
        seen += 1
    if not seen:
        pytest.skip("neither CuPy nor PyTorch is installed")


def test_discrete_fills_cupy_torch_and_device_arrays():
    w = np.array([3.0, 0.0, 1.0, 0.25, 5.0])
    expected = gpurng.Generator("mrg32k3a", seed=3, backend="cpu", offset=7).discrete(w, 30011, dtype=np.int32)
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cuda", offset=7)
    a = g.discrete(w, 30011, dtype=np.int32, device="cuda")
    assert isinstance(a, gpurng.DeviceArray) and as_bytes(a.get()) == as_bytes(expected)
    seen = 0
    try:
        import cupy as cp
    except ImportError:
        cp = None
    if cp is not None:
        c = cp.zeros(30011, dtype=cp.int32)
        gpurng.Generator("mrg32k3a", seed=3, backend="cuda", offset=7).discrete(w, dtype=np.int32, out=c)
        assert as_bytes(cp.asnumpy(c)) == as_bytes(expected)
        seen += 1
    try:
        import torch
    except ImportError:
        torch = None
    if torch is not None:
        t = torch.zeros(30011, dtype=torch.int64, device="cuda")
        gpurng.Generator("mrg32k3a", seed=3, backend="cuda", offset=7).discrete(w, out=t)
        torch.cuda.synchronize()
        assert as_bytes(t.cpu().numpy()) == as_bytes(expected.astype(np.int64))
        seen += 1
    if not seen:
        pytest.skip("neither CuPy nor PyTorch is installed (the DeviceArray part ran)")


def test_dirichlet_fills_device_arrays():
    alpha = np.array([0.5, 2.0, 1e-3, 30.0, 1.0])
    expected = gpurng.Generator("mrg32k3a", seed=3, backend="cpu", offset=10).dirichlet(alpha, 6001, np.float32)
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cuda", offset=10)
    a = g.dirichlet(alpha, 6001, np.float32, device="cuda")
    assert isinstance(a, gpurng.DeviceArray) and a.shape == (6001, 5) and as_bytes(a.get()) == as_bytes(expected)
    host = gpurng.Generator("mrg32k3a", seed=3, backend="cuda", offset=10).dirichlet(alpha, 6001, np.float32)
    assert as_bytes(host) == as_bytes(expected)
