"""DLPack as the consumer (out= of any object with __dlpack__ / __dlpack_device__), on the CPU: the
capsule protocol (versioned and unversioned, renaming, one deleter call, flags), the checks, and
the stream arguments given to the producer. The CUDA side is in test_gpu.py."""
import numpy as np
import pytest

import gpurng
from conftest import as_bytes
from dlpack_producer import IS_COPIED, READ_ONLY, Producer, capsule_name
from gpurng import _arrays


def _reference(engine, method, shape, dtype, offset=0, **kw):
    g = gpurng.Generator(engine, seed=7, backend="cpu", offset=offset)
    return getattr(g, method)(*kw.get("args", ()), size=shape, dtype=dtype) if method != "bits" else g.bits(shape)


@pytest.mark.parametrize("versioned", [True, False])
@pytest.mark.parametrize("engine,method,dtype", [
    ("mrg32k3a", "random", np.float64), ("mrg32k3a", "standard_normal", np.float32),
    ("philox4x32-10", "standard_exponential", np.float64), ("mt19937", "bits", np.uint32),
    ("pcg64", "bits", np.uint64)])
def test_host_dlpack_arrays_are_filled_in_place(versioned, engine, method, dtype):
    a = np.full((3, 5), 7, dtype=dtype)
    p = Producer(a, versioned=versioned)
    g = gpurng.Generator(engine, seed=7, backend="cpu", offset=11)
    kwargs = {} if method == "bits" else {"dtype": dtype}
    assert getattr(g, method)(out=p, **kwargs) is p
    expected = getattr(gpurng.Generator(engine, seed=7, backend="cpu", offset=11), method)((3, 5), **kwargs)
    assert as_bytes(a) == as_bytes(expected)
    assert g.offset == 11 + 15
    # The protocol: one capsule, taken (renamed "used_..."), its deleter called exactly once.
    assert p.deleted == 1
    assert capsule_name(p.capsules[-1]) == ("used_dltensor_versioned" if versioned else "used_dltensor")
    # Host memory: stream None; DLPack 1.0 asked for, without a copy (the old signature after).
    # (the unversioned producer refuses the new keywords, as NumPy < 2.1 does, and is asked again).
    assert p.calls == ([{"stream": None, "max_version": (1, 0), "copy": False}] if versioned else [{"stream": None}])


def test_numpy_is_filled_through_dlpack_when_wrapped():
    # NumPy 1.24 has the unversioned __dlpack__(stream=None) only, NumPy >= 2.1 the versioned one.
    class Wrapper:
        def __init__(self, a):
            self.a = a

        def __dlpack__(self, **kw):
            return self.a.__dlpack__(**kw)

        def __dlpack_device__(self):
            return self.a.__dlpack_device__()

    a = np.zeros(1000)
    g = gpurng.Generator("kiss", seed=3, backend="cpu")
    g.normal(2.0, 3.0, out=Wrapper(a))
    assert as_bytes(a) == as_bytes(gpurng.Generator("kiss", seed=3, backend="cpu").normal(2.0, 3.0, 1000))


def test_flags_and_layout_are_checked_and_the_tensor_is_always_given_back():
    g = gpurng.Generator("mrg32k3a", backend="cpu")
    cases = [
        (dict(flags=READ_ONLY), ValueError, "read-only"),
        (dict(flags=IS_COPIED), ValueError, "copy"),
        (dict(strides=(1, 3)), ValueError, "C-contiguous"),
        (dict(dtype=(0, 32, 1)), TypeError, "int32"),
        (dict(dtype=(4, 16, 1)), TypeError, "bfloat16"),
        (dict(dtype=(2, 64, 2)), TypeError, "lanes"),
    ]
    for kw, exc, text in cases:
        p = Producer(np.zeros((3, 3)), **kw)
        with pytest.raises(exc, match=text):
            g.random(out=p)
        assert p.deleted == 1, kw
    assert g.offset == 0
    # Extents of 1 may have any stride (they are never stepped over).
    p = Producer(np.zeros((3, 1)), strides=(1, 99))
    g.random(out=p)
    assert p.deleted == 1 and g.offset == 3


def test_dtype_size_and_device_are_checked():
    g = gpurng.Generator("mrg32k3a", backend="cpu")
    with pytest.raises(TypeError, match="does not match"):
        g.random(dtype=np.float32, out=Producer(np.zeros(4)))
    with pytest.raises(ValueError, match="shape"):
        g.random(size=5, out=Producer(np.zeros(4)))
    with pytest.raises(TypeError, match="cannot hold|supported"):
        g.bits(out=Producer(np.zeros(4)))
    with pytest.raises(TypeError, match="32-bit"):
        g.bits(out=Producer(np.zeros(4, dtype=np.uint64)))  # mrg32k3a's values are 32-bit
    with pytest.raises(TypeError, match="device type 4"):
        g.random(out=Producer(np.zeros(4), device=(4, 0)))  # OpenCL
    # A CUDA array on the CPU backend is refused before the producer is asked for anything.
    p = Producer(np.zeros(4), device=(2, 0))
    with pytest.raises(ValueError, match="backend='cuda'"):
        g.random(out=p)
    assert p.calls == []
    with pytest.raises(ValueError, match="out= or device="):
        g.random(out=Producer(np.zeros(4)), device="cpu")
    assert g.offset == 0


def test_capsules_of_another_major_version_are_refused_and_left_to_the_producer():
    p = Producer(np.zeros(4), version=(2, 0))
    with pytest.raises(BufferError, match="version 2.0"):
        gpurng.Generator(backend="cpu").random(out=p)
    assert capsule_name(p.capsules[0]) == "dltensor_versioned" and p.deleted == 0


def test_dlpack_view_reads_a_capsule_once():
    p = Producer(np.zeros((2, 3), dtype=np.float32))
    capsule = p.__dlpack__(stream=None, max_version=(1, 0))
    with gpurng._gpurng._DLPackView(capsule) as v:
        assert v.shape == (2, 3) and v.dtype == "float32" and v.typestr == "<f4" and v.versioned
        assert v.device == (1, 0) and v.c_contiguous and not v.readonly and v.ptr == p.array.ctypes.data
    assert p.deleted == 1
    with pytest.raises(ValueError, match="consumed"):
        gpurng._gpurng._DLPackView(capsule)
    with pytest.raises(TypeError, match="PyCapsule"):
        gpurng._gpurng._DLPackView(object())


def test_stream_numbers():
    class CupyLike:
        ptr = 0x1234

    class TorchLike:
        cuda_stream = 0

    class NumbaLike:
        class handle:
            value = 0x5678

    assert _arrays.stream_number(None) is None
    assert _arrays.stream_number(0) == 1  # cudaStream_t 0: the legacy default stream
    assert _arrays.stream_number(2) == 2
    assert _arrays.stream_number(CupyLike()) == 0x1234
    assert _arrays.stream_number(TorchLike()) == 1
    assert _arrays.stream_number(NumbaLike()) == 0x5678
    with pytest.raises(TypeError):
        _arrays.stream_number("default")
    with pytest.raises(ValueError):
        _arrays.stream_number(-1)
    g = gpurng.Generator(backend="cpu")
    assert g.cuda_stream is None
    g.cuda_stream = CupyLike()
    assert g.cuda_stream == 0x1234
    with pytest.raises(TypeError):
        g.cuda_stream = 1.5


def test_fill_stream_rules():
    class V3:
        def __init__(self, **kw):
            self.__cuda_array_interface__ = dict(kw)

    # 1: the generator's stream; 2: the array's (CAI v3 'stream'; None there: legacy default);
    # 3: none named: the legacy default stream, and the call waits for it.
    assert _arrays.fill_stream(0x99, V3(stream=0x42), {"stream": 0x42}) == (0x99, False)
    assert _arrays.fill_stream(None, V3(), {"stream": 0x42}) == (0x42, False)
    assert _arrays.fill_stream(None, V3(), {"stream": None}) == (1, False)
    assert _arrays.fill_stream(None, V3(), {}) == (1, True)
    assert _arrays.fill_stream(None, object(), None) == (1, True)


def test_host_torch_tensors_through_dlpack():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    t = torch.zeros((4, 250), dtype=torch.float64)
    g = gpurng.Generator("mt19937", seed=5, backend="cpu")
    assert g.random(out=t) is t
    assert as_bytes(t.numpy()) == as_bytes(gpurng.Generator("mt19937", seed=5, backend="cpu").random((4, 250)))
    with pytest.raises(ValueError, match="C-contiguous"):
        g.random(out=torch.zeros((4, 4), dtype=torch.float64).t())


def test_device_array_arguments_are_checked_before_any_cuda_call():
    with pytest.raises(ValueError, match="negative"):
        gpurng.DeviceArray((2, -1), "<f4")
    with pytest.raises(TypeError, match="<i2"):  # int32, int64 are value types of the library; int16 is not
        gpurng.DeviceArray((3,), "<i2")
    if not gpurng.cuda_devices():
        with pytest.raises(gpurng.NoDeviceError):
            gpurng.DeviceArray((3,), "<f4")
    with pytest.raises(ValueError, match="backend='cuda'"):
        gpurng.Generator(backend="cpu").random(3, device="cuda")
    with pytest.raises(ValueError, match="device must be"):
        gpurng.Generator(backend="cpu").random(3, device="gpu")


def test_the_protocol_read_is_the_one_named_in_the_module_docstring():
    """A call reads one protocol (each export costs microseconds): an array whose
    __cuda_array_interface__ names a stream (CuPy, Numba) through that interface only; one that
    names none (or raises) through DLPack; the choice per type is kept when the type alone decides."""

    class Both(Producer):  # CuPy-like: DLPack and the array interface as class attributes
        cai = {"shape": (4,), "typestr": "<f8", "data": (0xDEAD0000, False), "version": 3, "strides": None,
               "stream": 0x42}

        @property
        def __cuda_array_interface__(self):
            return self.cai

    g = gpurng.Generator(backend="cpu")
    v3 = Both(np.zeros(4), device=(2, 0))
    assert _arrays._kind_of(v3) == "cai-first" and _arrays._kinds[Both] == "cai-first"
    with pytest.raises(ValueError, match="backend='cuda'"):
        g.random(out=v3)
    assert v3.calls == []  # __dlpack__ was never asked for
    v2 = Both(np.zeros(4), device=(2, 0))
    v2.cai = {k: v for k, v in Both.cai.items() if k != "stream"}
    with pytest.raises(ValueError, match="backend='cuda'"):  # DLPack decides, and refuses before exporting
        g.random(out=v2)
    host = Both(np.zeros(4))  # host memory through DLPack (its interface names no stream)
    host.cai = {}
    assert g.random(out=host) is host and host.deleted == 1 and g.offset == 4
    assert _arrays._kind_of(Producer(np.zeros(2))) == "dlpack"

    class Attr:  # the interface as an attribute of the object: decided per object, not kept
        def __init__(self):
            self.__cuda_array_interface__ = dict(Both.cai)

    assert _arrays._kind_of(Attr()) == "cai" and Attr not in _arrays._kinds
    assert _arrays._kind_of(object()) is None
    with pytest.raises(TypeError, match="out must be"):
        g.random(out=object())
    for size, shape in ((None, None), (3, (3,)), ((2, 3), (2, 3)), (np.int64(4), (4,))):
        assert _arrays._shape(size, "random") == shape
    with pytest.raises(ValueError, match="negative"):
        _arrays._shape(-1, "random")
    with pytest.raises(TypeError, match="size must be"):
        _arrays._shape(1.5, "random")
