"""Bad input raises ValueError / TypeError (and gpurng.Error subclasses) with the library's message;
nothing crashes and a failed call leaves the generator as it was."""
import numpy as np
import pytest

import gpurng
from conftest import as_bytes


@pytest.fixture
def g():
    return gpurng.Generator(backend="cpu")


def test_unknown_engine_names_the_valid_ones():
    with pytest.raises(gpurng.InvalidArgumentError, match="mrg32k3a") as e:
        gpurng.Generator("nope")
    assert isinstance(e.value, ValueError) and isinstance(e.value, gpurng.Error)
    assert e.value.status == "invalid_argument"


def test_bad_backend_and_types():
    with pytest.raises(ValueError, match="auto, cpu, cuda"):
        gpurng.Generator(backend="tpu")
    with pytest.raises(TypeError):
        gpurng.Generator(3)
    with pytest.raises(TypeError, match="unexpected keyword"):
        gpurng.Generator(dimz=3)
    with pytest.raises(TypeError):
        gpurng.Generator(seed=1.5)
    with pytest.raises(ValueError):
        gpurng.Generator(seed=-1)
    with pytest.raises(ValueError):
        gpurng.Generator(seed=2**64)


def test_option_the_engine_lacks_is_the_library_error():
    with pytest.raises(gpurng.UnsupportedError) as e:
        gpurng.Generator("mrg32k3a", dims=2)
    assert isinstance(e.value, ValueError) and "mrg32k3a" in str(e.value)
    with pytest.raises(gpurng.UnsupportedError, match="normal method"):
        gpurng.Generator("mrg32k3a", normal_method="icdf")
    with pytest.raises(ValueError, match="box-muller, icdf"):
        gpurng.Generator("sobol32", normal_method="polar")
    with pytest.raises(ValueError, match="none, shift, owen"):
        gpurng.Generator("sobol32", scramble="bogus")
    with pytest.raises(ValueError):
        gpurng.Generator("mrg32k3a", seed=[1, 2, 3])  # six words needed
    with pytest.raises(ValueError):
        gpurng.Generator("mrg32k3a", seed=[0, 0, 0, 1, 1, 1])  # a component all zero


def test_cuda_backend_without_a_device():
    if gpurng.cuda_devices():
        pytest.skip("a CUDA device is present")
    with pytest.raises(gpurng.NoDeviceError) as e:
        gpurng.Generator(backend="cuda")
    assert isinstance(e.value, RuntimeError)


def test_wrong_dtype(g):
    with pytest.raises(TypeError, match="float16"):
        g.exponential(1.0, 3, dtype=np.float16)  # uniform and normal only (test_half.py)
    with pytest.raises(TypeError):
        g.random(3, dtype=np.int32)
    with pytest.raises(TypeError):
        g.bits(3, dtype=np.float64)
    with pytest.raises(TypeError, match="32-bit"):  # the library's own words
        g.bits(3, dtype=np.uint64)
    with pytest.raises(TypeError):
        g.random(out=np.zeros(3, dtype=np.int64))
    with pytest.raises(TypeError):
        g.random(out=[0.0, 0.0])
    with pytest.raises(TypeError):
        g.random(out=np.zeros(3, dtype=">f8"))  # not native byte order
    with pytest.raises(TypeError, match="does not match"):
        g.random(dtype=np.float32, out=np.zeros(3))
    assert g.offset == 0


def test_out_layout(g):
    a = np.zeros((4, 4))
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=a[:, 1])
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=a.T)
    a.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        g.random(out=a)
    b = np.zeros(5)
    with pytest.raises(ValueError, match="shape"):
        g.random(size=4, out=b)
    assert g.offset == 0
    assert g.random(out=b) is b and g.offset == 5


def test_extension_checks_buffers_itself(g):
    # The layer below the Python checks refuses bad buffers too (never a crash).
    raw = g._g
    with pytest.raises(TypeError):
        raw.fill("uniform", np.zeros(3, dtype=np.int16))
    with pytest.raises(ValueError):
        raw.fill("uniform", np.zeros((3, 3))[:, 0])
    r = np.zeros(3)
    r.flags.writeable = False
    with pytest.raises(ValueError):
        raw.fill("uniform", r)
    with pytest.raises(ValueError):
        raw.fill("gamma", np.zeros(3))
    assert g.offset == 0


def test_sizes(g):
    with pytest.raises(ValueError, match="negative"):
        g.random(-1)
    with pytest.raises(ValueError, match="negative"):
        g.standard_normal((3, -2))
    with pytest.raises(TypeError):
        g.random(2.5)
    with pytest.raises(TypeError):
        g.random("3")


def test_bad_parameters_are_library_errors(g):
    with pytest.raises(ValueError, match="stddev"):
        g.normal(0.0, -1.0, 3)
    with pytest.raises(ValueError):
        g.normal(0.0, float("nan"), 3)
    with pytest.raises(ValueError):
        g.lognormal(float("inf"), 1.0, 3)
    with pytest.raises(ValueError):
        g.exponential(0.0, 3)
    with pytest.raises(ValueError, match="float32 range"):
        g.normal(1e300, 1.0, 3, dtype=np.float32)
    with pytest.raises(gpurng.InvalidArgumentError, match="stddev"):  # the library names it
        g.normal(0.0, float("nan"), 3, dtype=np.float32)
    with pytest.raises(TypeError):
        g.normal(np.zeros(3), 1.0, 3)
    assert g.offset == 0


def test_missing_files(g, tmp_path):
    with pytest.raises(gpurng.FileError) as e:
        g.load(tmp_path / "missing.state")
    assert isinstance(e.value, OSError)
    bad = tmp_path / "bad.state"
    bad.write_bytes(b"not a state file")
    with pytest.raises(gpurng.CorruptStateError):
        g.load(bad)
    with pytest.raises(OSError):
        g.save(tmp_path / "no" / "such" / "dir" / "x.state")
    with pytest.raises(OSError):
        gpurng.Generator("dcmt521", param_file=str(tmp_path / "missing.csv"))


def test_bad_offsets_and_streams(g):
    with pytest.raises(ValueError):
        g.offset = -1
    with pytest.raises(TypeError):
        g.offset = 1.0
    with pytest.raises(gpurng.UnsupportedError):
        gpurng.Generator("mt19937", stream=1)
    with pytest.raises(ValueError):
        gpurng.Generator("mwc", stream=1, substream=1)


class _FakeCudaArray:
    """Something exporting __cuda_array_interface__ (no GPU needed: every call must refuse it before
    a pointer is used)."""

    def __init__(self, **cai):
        self.__cuda_array_interface__ = dict(
            {"shape": (4,), "typestr": "<f8", "data": (0xDEAD0000, False), "version": 3, "strides": None}, **cai)


def test_cuda_arrays_are_refused_on_the_cpu_backend(g):
    with pytest.raises(ValueError, match="backend='cuda'"):
        g.random(out=_FakeCudaArray())
    with pytest.raises(ValueError, match="backend='cuda'"):
        g.bits(out=_FakeCudaArray(typestr="<u4"))
    assert g.offset == 0


def test_cuda_array_interface_is_checked(g):
    with pytest.raises(TypeError, match="dtype"):
        g.random(out=_FakeCudaArray(typestr="<i4"))
    with pytest.raises(TypeError, match="does not match"):
        g.random(dtype=np.float32, out=_FakeCudaArray())
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=_FakeCudaArray(shape=(4, 2), strides=(8, 32)))
    with pytest.raises(ValueError, match="read-only"):
        g.random(out=_FakeCudaArray(data=(0xDEAD0000, True)))
    with pytest.raises(ValueError, match="shape"):
        g.random(size=3, out=_FakeCudaArray())
    with pytest.raises(TypeError, match="malformed"):
        g.random(out=_FakeCudaArray(data=None))
    assert g.offset == 0


def test_arrays_with_equal_but_distinct_dtype_objects_are_accepted(g):
    import pickle

    a = pickle.loads(pickle.dumps(np.zeros(3)))  # its dtype is a new object, equal to float64
    assert g.random(out=a) is a and g.offset == 3
    b = np.zeros(4, dtype=np.ulonglong)  # uint64, under another type number than np.uint64
    g2 = gpurng.Generator("mt19937-64", backend="cpu")
    assert as_bytes(g2.bits(out=b)) == as_bytes(gpurng.Generator("mt19937-64", backend="cpu").bits(4))
