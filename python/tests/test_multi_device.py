"""Several devices, one sequence (issue 26) from Python: gpurng.partition against the C++ partition,
slices of a global call (the mpi4py pattern, without MPI), the CPU backend's refusals of device
calls, and on CUDA devices a generator's device and calls spread over a list of devices, equal to
the CPU bit for bit. GPU tests skip, saying why, with fewer devices than they need."""
import numpy as np
import pytest

import gpurng
import gpurng.partition as gp
from conftest import as_bytes

U64 = (1 << 64) - 1
DEVICES = len(gpurng.cuda_devices()) if gpurng.built_with_cuda() else 0


# ---- the partition ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [0, 1, 2, 7, 10, 1000003, (1 << 32) + 5, U64 - 1, U64])
@pytest.mark.parametrize("parts", [1, 2, 3, 7, 64])
def test_block_part_equals_the_cpp_partition(n, parts):
    first = 0
    for k in range(parts):
        p = gp.block_part(n, parts, k)
        assert tuple(p) == gpurng._gpurng._block_part(n, parts, k)
        assert p.first == first  # contiguous and in order
        first += p.count
    assert first == n  # covering [0, n)


def test_block_part_known_values_and_far_parts():
    assert [tuple(gp.block_part(10, 3, k)) for k in range(3)] == [(0, 4), (4, 3), (7, 3)]
    assert gp.block_part(2, 5, 4) == (2, 0)
    assert gp.block_part(U64, U64, U64 - 1) == (U64 - 1, 1) == gpurng._gpurng._block_part(U64, U64, U64 - 1)
    assert gp.part_counts(10, 1, 3) == [4, 3, 3]
    assert gp.part_counts(15, 3, 2) == [9, 6]  # 5 points of 3 dimensions: 3 + 2 points


def test_block_part_errors_are_the_cpp_errors():
    for args in ((10, 0, 0), (10, 3, 3), (10, 3, U64)):
        with pytest.raises(gpurng.InvalidArgumentError) as py:
            gp.block_part(*args)
        with pytest.raises(gpurng.InvalidArgumentError) as cpp:
            gpurng._gpurng._block_part(*args)
        assert str(py.value) == str(cpp.value)
    with pytest.raises(ValueError, match=r"n: -1 is out of range"):
        gp.block_part(-1, 2, 0)
    with pytest.raises(TypeError, match="parts must be an integer"):
        gp.block_part(10, 2.0, 0)


# ---- slices of one global call (what each MPI rank does) -------------------------------------------
@pytest.mark.parametrize("engine,options,n", [
    ("philox4x32-10", {}, 1001),
    ("mt19937", {}, 777),
    ("mrg32k3a", {"stream": 2}, 64),
    ("sobol32", {"dims": 3, "scramble": "owen"}, 3 * 101),
])
def test_slices_join_to_one_call(engine, options, n):
    ref = gpurng.Generator(engine, seed=9, backend="cpu", offset=5, **options)
    want = ref.random(n)
    dims = 3 if "dims" in options else 1
    for size in (1, 2, 3, 5):
        got = []
        for rank in range(size):
            g = gpurng.Generator(engine, seed=9, backend="cpu", offset=5, **options)
            part = gp.generate_slice(g, "random", n, rank, size)
            assert part.size == gp.block_part(n // dims, size, rank).count * dims
            assert g.offset == 5 + n // dims  # in step with one generator after the call
            got.append(part)
        if dims == 1:
            assert as_bytes(np.concatenate(got)) == as_bytes(want), size
        else:  # each slice is its points, dimension-major: compare point by point
            joined = np.concatenate([s.reshape(dims, -1) for s in got], axis=1)
            assert as_bytes(joined.reshape(-1)) == as_bytes(want), size


def test_slice_with_parameters_out_and_a_second_call():
    g = gpurng.Generator("philox4x64-10", seed=1, backend="cpu")
    ref = gpurng.Generator("philox4x64-10", seed=1, backend="cpu")
    out = np.empty(gp.block_part(100, 4, 3).count, dtype=np.float32)
    assert gp.generate_slice(g, "normal", 100, 3, 4, 2.0, 0.5, dtype=np.float32, out=out) is out
    assert as_bytes(out) == as_bytes(ref.normal(2.0, 0.5, 100, dtype=np.float32)[75:])
    second = gp.generate_slice(g, "gamma", 40, 0, 4, 2.5)
    assert as_bytes(second) == as_bytes(ref.gamma(2.5, size=40)[:10])


def test_slice_errors_leave_the_offset():
    g = gpurng.Generator("sobol32", backend="cpu", dims=4)
    with pytest.raises(gpurng.InvalidArgumentError, match="10 values is not a multiple of the 4 dimensions"):
        gp.generate_slice(g, "random", 10, 0, 2)
    g = gpurng.Generator("philox4x32-10", backend="cpu", offset=7)
    with pytest.raises(gpurng.InvalidArgumentError):
        gp.generate_slice(g, "normal", 10, 1, 2, 0.0, -1.0)  # stddev < 0: the library refuses it
    assert g.offset == 7
    with pytest.raises(gpurng.InvalidArgumentError, match="part: 2 is out of range"):
        gp.generate_slice(g, "random", 10, 2, 2)
    assert g.offset == 7


# ---- the CPU backend refuses devices ---------------------------------------------------------------
def test_cpu_backend_has_no_devices():
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cpu")
    assert g.cuda_device == -1 and g.devices == []
    with pytest.raises(gpurng.UnsupportedError, match="cuda_device: the generator's backend is cpu, not cuda"):
        gpurng.Generator("mrg32k3a", backend="cpu", device=0)
    with pytest.raises(gpurng.UnsupportedError, match="devices: the generator's backend is cpu, not cuda"):
        gpurng.Generator("mrg32k3a", backend="cpu", devices=[0, 1])
    with pytest.raises(gpurng.UnsupportedError, match="cuda_device"):
        g.cuda_device = 0
    with pytest.raises(gpurng.UnsupportedError, match="devices"):
        g.devices = [0]
    with pytest.raises(ValueError, match="per_device.standard_normal: the generator has no list of devices"):
        g.per_device.standard_normal(10)
    with pytest.raises(AttributeError, match="per_device has no method 'save'"):
        g.per_device.save
    with pytest.raises(TypeError, match="device= is not an argument here"):
        g.per_device.random(10, device="cuda")
    # Nothing moved: the first values of the sequence.
    assert as_bytes(g.random(5)) == as_bytes(gpurng.Generator("mrg32k3a", seed=3, backend="cpu").random(5))


def test_device_arguments_are_type_checked():
    for bad, exc in (("0,1", TypeError), ([0, "1"], TypeError), ([0.5], TypeError), (3, TypeError), ([-1], ValueError)):
        with pytest.raises(exc):
            gpurng.Generator("mrg32k3a", backend="cpu", devices=bad)
    with pytest.raises(TypeError, match="device must be an integer CUDA device index, got bool"):
        gpurng.Generator("mrg32k3a", backend="cpu", device=True)
    with pytest.raises(gpurng.InvalidArgumentError, match="device: device -2 is out of range"):
        gpurng.Generator("mrg32k3a", backend="cpu", device=-2)


# ---- on CUDA devices ---------------------------------------------------------------------------------
need_device = pytest.mark.skipif(DEVICES < 1, reason="no CUDA device (built with CUDA: %s): device tests skipped"
                                 % gpurng.built_with_cuda())
need_two = pytest.mark.skipif(DEVICES < 2, reason="this machine has %d CUDA device(s); the multi-device tests "
                              "need two" % DEVICES)


def _cpu(engine, method, n, dtype=np.float64, offset=0, **options):
    return getattr(gpurng.Generator(engine, seed=11, backend="cpu", offset=offset, **options), method)(n, dtype=dtype)


@need_device
def test_generator_device_and_its_range():
    g = gpurng.Generator("mrg32k3a", seed=11, backend="cuda", device=DEVICES - 1)
    assert g.cuda_device == DEVICES - 1
    a = g.random(1000, dtype=np.float32, device="cuda")
    assert a.device == DEVICES - 1
    assert as_bytes(a.get()) == as_bytes(_cpu("mrg32k3a", "random", 1000, np.float32))
    with pytest.raises(gpurng.InvalidArgumentError, match="cuda_device: device %d is out of range" % DEVICES):
        g.cuda_device = DEVICES


@need_device
@pytest.mark.parametrize("engine", ["philox4x32-10", "mt19937", "mtgp11213", "sobol32"])
def test_a_list_of_devices_equals_the_cpu(engine):
    devices = list(range(min(DEVICES, 2)))
    g = gpurng.Generator(engine, seed=11, backend="cuda", devices=devices)
    assert g.devices == devices
    n = 100003
    assert as_bytes(g.standard_normal(n)) == as_bytes(_cpu(engine, "standard_normal", n))
    parts = g.per_device.random(n, dtype=np.float32)
    assert [p.device for p in parts] == devices
    assert [p.size for p in parts] == gp.part_counts(n, 1, len(devices))
    assert as_bytes(np.concatenate([p.get() for p in parts])) == as_bytes(_cpu(engine, "random", n, np.float32, n))
    assert g.offset == 2 * n
    with pytest.raises(ValueError, match="use per_device.random"):
        g.random(10, device="cuda")
    g.devices = None
    assert g.devices == []


@need_two
def test_per_device_fills_arrays_on_each_device():
    cp = pytest.importorskip("cupy", reason="CuPy is not installed")
    g = gpurng.Generator("philox4x32-10", seed=11, backend="cuda", devices=[1, 0])
    n = 5001
    counts = gp.part_counts(n, 1, 2)
    outs = []
    for d, c in zip([1, 0], counts):
        with cp.cuda.Device(d):
            outs.append(cp.zeros(c, dtype=cp.float64))
    assert g.per_device.exponential(2.0, out=outs) is outs
    want = gpurng.Generator("philox4x32-10", seed=11, backend="cpu").exponential(2.0, n)
    assert as_bytes(np.concatenate([cp.asnumpy(o) for o in outs])) == as_bytes(want)
    with cp.cuda.Device(0):
        wrong = cp.zeros(counts[0], dtype=cp.float64)
    with pytest.raises(ValueError, match=r"out\[0\] is on CUDA device 0; part 0 belongs to device 1"):
        g.per_device.random(out=[wrong, outs[1]])
    with pytest.raises(ValueError, match=r"out\[0\] holds 3 values; part 0"):
        g.per_device.random(out=[cp.zeros(3), outs[1]])
