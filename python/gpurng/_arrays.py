"""Outputs that are not NumPy arrays: arrays of other libraries given as ``out=`` (DLPack or
``__cuda_array_interface__``), and gpurng's own device arrays (``device="cuda"``).

Stream semantics (docs in Generator's docstring and python/README.md). A CUDA output is filled on
one stream S, chosen in this order:

1. the generator's ``cuda_stream``, when set;
2. the array's own stream: for a PyTorch tensor, ``torch.cuda.current_stream(tensor.device)``;
   for an array whose ``__cuda_array_interface__`` has a ``stream`` entry (version 3: CuPy's
   current stream, Numba's), that stream (None there means the legacy default stream);
3. otherwise (JAX, or any producer that names no stream) the legacy default stream, and the call
   then waits for S before returning, because such a producer's own streams are not ordered after
   anything gpurng does.

For DLPack, S goes to the producer as ``__dlpack__(stream=S)``, so the producer's pending work on
the array is ordered before the fill (the protocol's guarantee). The fill is asynchronous on S in
cases 1 and 2: work on S (or on a stream that waits for S) sees the values. When S is the generator's
stream and the array names its own (rule 2's), S first waits for the array's stream.

Which protocol is read (one per call: each export costs microseconds, and a call's Python overhead
should stay within a few): a PyTorch CUDA tensor through its own attributes (pointer, dtype, layout,
device; its stream as rule 2); an array whose ``__cuda_array_interface__`` names a stream (version 3:
CuPy, Numba) through that interface alone; any other through DLPack, else the array interface.
"""

import math
import operator
import sys

import numpy as np

from . import _gpurng

# DLPack device types (dlpack.h): host memory, CUDA device memory, pinned host, managed.
_KDL_CPU, _KDL_CUDA, _KDL_CUDA_HOST, _KDL_CUDA_MANAGED = 1, 2, 3, 13
_LEGACY = 1  # the legacy default stream, in DLPack's numbering
# The library's value types by typestr, and back: a dict lookup a call instead of np.dtype(...) and
# dtype.str (a fraction of a microsecond each).
_VALUE_DTYPES = {t: np.dtype(t) for t in ("<u4", "<u8", "<f4", "<f8", "<i4", "<i8", "<f2")}
_VALUE_TYPESTRS = {dt: t for t, dt in _VALUE_DTYPES.items()}
_DLPACK_MAX_VERSION = (1, 0)


def _shape(size, method):
    """What size= means (NumPy's rule): None, or the tuple of dimensions of an int or a sequence."""
    if size is None:
        return None
    if type(size) is int:  # the common case first: a call's overhead counts (issue 25)
        if size < 0:
            raise ValueError("%s: negative dimensions are not allowed (size %r)" % (method, size))
        return (size,)
    try:
        dims = (operator.index(size),)
    except TypeError:
        try:
            dims = tuple(operator.index(d) for d in size)
        except TypeError:
            raise TypeError("%s: size must be None, an integer or a tuple of integers, got %r" % (method, size)) from None
    if any(d < 0 for d in dims):
        raise ValueError("%s: negative dimensions are not allowed (size %r)" % (method, size))
    return dims


def stream_number(stream, what="cuda_stream"):
    """A CUDA stream as DLPack numbers it (1: legacy default, 2: per-thread default, else a
    cudaStream_t), from None, an integer cudaStream_t (0 is the legacy default stream) or a stream
    object of CuPy (``.ptr``), PyTorch (``.cuda_stream``), Numba (``.handle``) or CUDA Python
    (``__cuda_stream__``)."""
    if stream is None:
        return None
    s = stream
    if hasattr(s, "__cuda_stream__"):
        s = s.__cuda_stream__()[1]
    elif hasattr(s, "cuda_stream"):
        s = s.cuda_stream
    elif hasattr(s, "ptr"):
        s = s.ptr
    elif hasattr(s, "handle"):
        s = s.handle
        s = getattr(s, "value", s)  # Numba: a ctypes c_void_p
        s = 0 if s is None else s
    if isinstance(s, bool) or not isinstance(s, (int, np.integer)):
        raise TypeError("%s must be None, an integer cudaStream_t or a CUDA stream object (CuPy, PyTorch, Numba), "
                        "got %s" % (what, type(stream).__name__))
    s = int(s)
    if s < 0:
        raise ValueError("%s: %d is not a CUDA stream" % (what, s))
    return _LEGACY if s == 0 else s


def _array_stream(out, cai):
    """The stream of the array's library (rule 2 above), or None when it names none. `cai`: the
    array's __cuda_array_interface__ when the caller has it already, else None (read here)."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(out, torch.Tensor):
        return stream_number(torch.cuda.current_stream(out.device).cuda_stream)
    if cai is None:
        try:  # some producers raise here (not only AttributeError): then it names no stream
            cai = out.__cuda_array_interface__
        except Exception:  # noqa: BLE001
            cai = None
    if isinstance(cai, dict) and "stream" in cai:
        s = cai["stream"]
        return _LEGACY if s is None else stream_number(s, "__cuda_array_interface__ stream")
    return None


def fill_stream(gen_stream, out, cai=None):
    """(S, wait): the stream to fill on and whether to wait for it before returning."""
    if gen_stream is not None:
        return gen_stream, False
    s = _array_stream(out, cai)
    if s is not None:
        return s, False
    return _LEGACY, True


def _check(method, shape, dt, dtype_name, size, dtype, allowed, contiguous, readonly, ptr):
    """`dtype_name`: the producer's name of the element type where `dt` is None (one the library
    does not have)."""
    if dt is None:
        raise TypeError("%s: out has dtype %s; supported: %s" % (method, dtype_name, ", ".join(map(str, allowed))))
    if dtype is not None and dtype is not dt.type and np.dtype(dtype) != dt:
        raise TypeError("%s: dtype %s does not match out's dtype %s" % (method, np.dtype(dtype), dt))
    if dt not in allowed:
        raise TypeError("%s: out has dtype %s; supported: %s" % (method, dt, ", ".join(map(str, allowed))))
    want = _shape(size, method)
    if want is not None and want != tuple(shape):
        raise ValueError("%s: size %r does not match out's shape %r" % (method, want, tuple(shape)))
    if not contiguous:
        raise ValueError("%s: out must be C-contiguous" % method)
    if readonly:
        raise ValueError("%s: out is read-only" % method)
    if ptr % dt.itemsize != 0:
        raise ValueError("%s: out is not aligned to its %d-byte elements" % (method, dt.itemsize))


def _take_dlpack(out, stream):
    """out.__dlpack__ as a _DLPackView: DLPack >= 1.0 first (versioned capsule, flags, no copy
    allowed), then the older signature."""
    try:
        capsule = out.__dlpack__(stream=stream, max_version=_DLPACK_MAX_VERSION, copy=False)
    except TypeError:
        capsule = out.__dlpack__(stream=stream)
    return _gpurng._DLPackView(capsule)


def fill_out(g, method, dist, size, dtype, out, allowed, params, gen_stream):
    """Fills `out`, an array of another library (not a NumPy array), in place through the cheapest
    protocol it offers (module docstring); returns it."""
    kind = _kinds.get(type(out))
    if kind is None:
        kind = _kind_of(out)
    if kind is _TORCH:
        if out.is_cuda:
            return fill_torch(g, method, dist, size, dtype, out, allowed, params, gen_stream)
        kind = _DLPACK
    if kind is _CAI_FIRST:
        try:  # some producers raise here (not only AttributeError): then DLPack decides
            cai = out.__cuda_array_interface__
        except Exception:  # noqa: BLE001
            cai = None
        if isinstance(cai, dict) and "stream" in cai:
            return fill_cai(g, method, dist, size, dtype, out, allowed, params, gen_stream, cai)
        return fill_dlpack(g, method, dist, size, dtype, out, allowed, params, gen_stream, cai)
    if kind is _DLPACK:
        return fill_dlpack(g, method, dist, size, dtype, out, allowed, params, gen_stream)
    if kind is _CAI:
        return fill_cai(g, method, dist, size, dtype, out, allowed, params, gen_stream)
    raise TypeError("%s: out must be a numpy.ndarray or an array exporting __dlpack__ or "
                    "__cuda_array_interface__, got %s" % (method, type(out).__name__))


_TORCH, _CAI_FIRST, _DLPACK, _CAI = "torch", "cai-first", "dlpack", "cai"
_kinds = {}  # type -> kind, for types whose protocols are class attributes (they cannot change per object)


def _kind(dlpack, cai):
    if dlpack:
        return _CAI_FIRST if cai else _DLPACK
    return _CAI if cai else None


def _kind_of(out):
    tp = type(out)
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(out, torch.Tensor):
        _kinds[tp] = _TORCH
        return _TORCH
    # hasattr on the object would compute a property (CuPy's __cuda_array_interface__ builds a dict),
    # so the interface is looked for on the type, then in the object's own attributes.
    by_type = _kind(hasattr(tp, "__dlpack__") and hasattr(tp, "__dlpack_device__"),
                    hasattr(tp, "__cuda_array_interface__"))
    kind = _kind(hasattr(out, "__dlpack__") and hasattr(out, "__dlpack_device__"),
                 hasattr(tp, "__cuda_array_interface__") or "__cuda_array_interface__" in getattr(out, "__dict__", ()))
    if kind == by_type:
        _kinds[tp] = kind
    return kind


def fill_dlpack(g, method, dist, size, dtype, out, allowed, params, gen_stream, cai=None):
    """Fills any object with __dlpack__ / __dlpack_device__ in place (host or CUDA memory). `cai`:
    its __cuda_array_interface__ when the caller has read it (for the stream), else None."""
    try:
        device_type, device_id = (int(x) for x in out.__dlpack_device__())
    except (TypeError, ValueError) as e:
        raise TypeError("%s: out has a malformed __dlpack_device__() (%s)" % (method, e)) from None
    if device_type in (_KDL_CPU, _KDL_CUDA_HOST):
        device_memory, stream, wait = False, None, False
    elif device_type in (_KDL_CUDA, _KDL_CUDA_MANAGED):
        if g.backend != "cuda":  # before the export: the producer's handshake would be for nothing
            raise ValueError("%s: out is a CUDA array, which needs backend='cuda' (this generator's backend is %s)"
                             % (method, g.backend))
        stream, wait = fill_stream(gen_stream, out, cai)
        device_memory = True
    else:
        raise TypeError("%s: out is on DLPack device type %d; supported: CPU (1), CUDA (2), CUDA host (3), "
                        "CUDA managed (13)" % (method, device_type))
    with _take_dlpack(out, stream) as view:
        if view.copied:
            raise ValueError("%s: the producer exported a copy of out (DLPack is-copied flag): filling it would "
                             "not change out" % method)
        typestr = view.typestr
        dt = np.dtype(typestr) if typestr is not None else None
        _check(method, view.shape, dt, view.dtype, size, dtype, allowed, view.c_contiguous, view.readonly, view.ptr)
        if device_memory:  # the producer ordered its work before `stream` (__dlpack__(stream=...))
            g.fill_cuda(method, dist, view.ptr, view.size, typestr, params, stream, device_id, 0, wait)
        else:
            g.fill_pointer(dist, view.ptr, view.size, typestr, params, _LEGACY, False)
    return out


def fill_cai(g, method, dist, size, dtype, out, allowed, params, gen_stream, cai=None):
    """Fills an object exporting __cuda_array_interface__ in place. `cai`: the interface when the
    caller has read it, else None."""
    if cai is None:
        cai = out.__cuda_array_interface__
    try:
        shape = cai["shape"]
        if type(shape) is not tuple or len(shape) != 1 or type(shape[0]) is not int:  # (n,): as it comes
            shape = tuple(map(int, shape))
        typestr = cai["typestr"]
        dt = _VALUE_DTYPES.get(typestr) if type(typestr) is str else None
        if dt is None:
            dt = np.dtype(typestr)
        ptr, readonly = cai["data"]
        ptr = int(ptr or 0)
    except (KeyError, TypeError, ValueError) as e:
        raise TypeError("%s: out has a malformed __cuda_array_interface__ (%s)" % (method, e)) from None
    strides = cai.get("strides")
    contiguous = True
    if strides is not None:
        step = dt.itemsize
        for d, st in zip(reversed(shape), reversed(tuple(strides))):
            if d > 1 and st != step:
                contiguous = False
            step *= max(d, 1)
    _check(method, shape, dt, None, size, dtype, allowed, contiguous, readonly, ptr)
    if cai.get("mask") is not None:
        raise ValueError("%s: out has a mask; masked arrays are not supported" % method)
    if "stream" in cai:  # version 3: the producer's stream (None there: the legacy default stream)
        s = cai["stream"]
        if s is None:
            own = _LEGACY
        elif type(s) is int and s > 0:  # the common case, without stream_number's protocol lookups
            own = s
        else:
            own = stream_number(s, "__cuda_array_interface__ stream")
    else:
        own = None
    if gen_stream is not None:
        stream, wait, producer = gen_stream, False, own or 0
    elif own is not None:
        stream, wait, producer = own, False, 0
    else:
        stream, wait, producer = _LEGACY, True, 0
    n = 1
    for d in shape:
        n *= d
    g.fill_cuda(method, dist, ptr, n, _VALUE_TYPESTRS.get(dt) or dt.str, params, stream, -1, producer, wait)
    return out


_torch_typestrs = {}  # torch dtype -> the library's typestr, filled on the first tensor


def _torch_typestr(torch, dtype):
    if not _torch_typestrs:
        for name, typestr in (("float32", "<f4"), ("float64", "<f8"), ("int32", "<i4"), ("int64", "<i8"),
                              ("uint32", "<u4"), ("uint64", "<u8"), ("float16", "<f2")):
            if hasattr(torch, name):  # uint32 / uint64 exist in PyTorch >= 2.3
                _torch_typestrs[getattr(torch, name)] = typestr
    return _torch_typestrs.get(dtype)


def _torch_stream(torch, device):
    """PyTorch's current stream on `device`, in DLPack numbering. Through the raw accessor where this
    PyTorch has it (an integer, no Stream object: about a microsecond less a call)."""
    raw = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    s = raw(device) if raw is not None else torch.cuda.current_stream(device).cuda_stream
    return _LEGACY if s == 0 else s


def fill_torch(g, method, dist, size, dtype, t, allowed, params, gen_stream):
    """Fills a PyTorch CUDA tensor in place through its own attributes, on PyTorch's current stream of
    its device (or the generator's stream, after PyTorch's): the ordering __dlpack__(stream=...)
    gives, without building a capsule and an event a call."""
    torch = sys.modules["torch"]
    if t.requires_grad:
        raise ValueError("%s: out requires grad, and autograd does not allow filling it in place; pass out.detach()"
                         % method)
    typestr = _torch_typestr(torch, t.dtype)
    dt = np.dtype(typestr) if typestr is not None else None
    _check(method, t.shape, dt, None if dt is not None else str(t.dtype).replace("torch.", ""), size, dtype, allowed,
           t.is_contiguous(), False, t.data_ptr())
    device = t.get_device()
    own = _torch_stream(torch, device)
    if gen_stream is None:
        stream, producer = own, 0
    else:
        stream, producer = gen_stream, own
    g.fill_cuda(method, dist, t.data_ptr(), t.numel(), typestr, params, stream, device, producer, False)
    return t


def new_device_array(g, method, dist, size, dt, params, gen_stream):
    """device="cuda": a gpurng.DeviceArray of the given size, filled on the generator's stream
    (the legacy default stream when none is set); no waiting."""
    if g.backend != "cuda":
        raise ValueError("%s: device='cuda' needs backend='cuda' (this generator's backend is %s)" % (method, g.backend))
    if g.get_devices():
        raise ValueError("%s: this generator spreads its calls over devices %s: device='cuda' would be one "
                         "device's memory, so use per_device.%s(...) (one array per device)"
                         % (method, g.get_devices(), method))
    shape = _shape(size, method)
    # On the generator's device (its cuda_device; -1 until it has one: the current device, where its
    # first call will run).
    # The memory comes from the module's stream-ordered pool, for the generator's stream.
    stream = _LEGACY if gen_stream is None else gen_stream
    arr = _gpurng.DeviceArray(() if shape is None else shape, dt.str, g.get_cuda_device(), stream)
    g.fill_pointer(dist, arr.ptr, arr.size, dt.str, params, stream, True)
    return arr


def _part_view(method, k, out, stack):
    """(pointer, size, dtype, CUDA device or None for host memory) of out[k] of a per-device call,
    checked for layout: a NumPy array, a DLPack array (held open on `stack` until the fill is done)
    or a __cuda_array_interface__ array, C-contiguous and writable."""
    what = "per_device.%s: out[%d]" % (method, k)
    if isinstance(out, np.ndarray):
        dt, size, ptr, device = out.dtype, out.size, out.ctypes.data, None
        contiguous, readonly = out.flags.c_contiguous, not out.flags.writeable
    elif hasattr(out, "__dlpack__") and hasattr(out, "__dlpack_device__"):
        device_type, device_id = (int(x) for x in out.__dlpack_device__())
        if device_type not in (_KDL_CPU, _KDL_CUDA_HOST, _KDL_CUDA, _KDL_CUDA_MANAGED):
            raise TypeError("%s is on DLPack device type %d; supported: CPU (1), CUDA (2), CUDA host (3), "
                            "CUDA managed (13)" % (what, device_type))
        on_device = device_type in (_KDL_CUDA, _KDL_CUDA_MANAGED)
        # The call runs on each device's legacy default stream: the producer orders its work before it.
        view = stack.enter_context(_take_dlpack(out, _LEGACY if on_device else None))
        if view.copied:
            raise ValueError("%s: the producer exported a copy (DLPack is-copied flag)" % what)
        if view.typestr is None:
            raise TypeError("%s has dtype %s; supported: the library's value types" % (what, view.dtype))
        dt, size, ptr = np.dtype(view.typestr), view.size, view.ptr
        device = device_id if on_device else None
        contiguous, readonly = view.c_contiguous, view.readonly
    elif hasattr(out, "__cuda_array_interface__"):
        cai = out.__cuda_array_interface__
        dt, size = np.dtype(cai["typestr"]), math.prod(int(d) for d in cai["shape"])
        ptr, readonly = cai["data"]
        ptr, device = int(ptr or 0), -1  # the device is the library's to check (it refuses another's memory)
        contiguous = cai.get("strides") is None
    else:
        raise TypeError("%s must be a NumPy array or an array exporting __dlpack__ or __cuda_array_interface__, "
                        "got %s" % (what, type(out).__name__))
    if not contiguous:
        raise ValueError("%s must be C-contiguous" % what)
    if readonly:
        raise ValueError("%s is read-only" % what)
    return ptr, size, dt, device


def per_device(g, method, dist, size, dtype, outs, allowed, default, params):
    """One call spread over the generator's devices: part k (gpurng.partition.block_part over the
    call's positions) on device devices[k]. Returns a list of 1-d DeviceArrays, one per device, or
    fills `outs` (a list of arrays, one per device, each exactly its part's size) and returns it."""
    import contextlib

    from .partition import part_counts

    devices = g.get_devices()
    if not devices:
        raise ValueError("per_device.%s: the generator has no list of devices; give devices=[...] to Generator() "
                         "or set Generator.devices" % method)
    dims = g.get_dimensions()
    if outs is None:
        shape = _shape(size, method)
        if shape is None or len(shape) != 1:
            raise ValueError("per_device.%s: size must be the number of values of the whole call (an int), got %r"
                             % (method, size))
        n = shape[0]
        dt = default if dtype is None else np.dtype(dtype)
        if dt not in allowed:
            raise TypeError("%s: dtype %s is not supported; supported: %s" % (method, dt, ", ".join(map(str, allowed))))
        if n % dims != 0:
            raise ValueError("per_device.%s: %d values is not a multiple of the %d dimensions (whole points)"
                             % (method, n, dims))
        counts = part_counts(n, dims, len(devices))
        arrays = [_gpurng.DeviceArray((c,), dt.str, d) for c, d in zip(counts, devices)]
        g.fill_per_device(dist, [a.ptr for a in arrays], n, dt.str, params)
        return arrays
    if not isinstance(outs, (list, tuple)) or len(outs) != len(devices):
        raise ValueError("per_device.%s: out must be a list of %d arrays, one per device of %s"
                         % (method, len(devices), devices))
    with contextlib.ExitStack() as stack:
        views = [_part_view(method, k, o, stack) for k, o in enumerate(outs)]
        dt = views[0][2]
        if dtype is not None and np.dtype(dtype) != dt:
            raise TypeError("per_device.%s: dtype %s does not match out's dtype %s" % (method, np.dtype(dtype), dt))
        if dt not in allowed:
            raise TypeError("per_device.%s: out has dtype %s; supported: %s" % (method, dt, ", ".join(map(str, allowed))))
        n = sum(v[1] for v in views)
        if size is not None and _shape(size, method) != (n,):
            raise ValueError("per_device.%s: size %r does not match the %d values of out" % (method, size, n))
        if n % dims != 0:
            raise ValueError("per_device.%s: %d values is not a multiple of the %d dimensions (whole points)"
                             % (method, n, dims))
        counts = part_counts(n, dims, len(devices))
        for k, (ptr, count, dt_k, device) in enumerate(views):
            if dt_k != dt:
                raise TypeError("per_device.%s: out[%d] has dtype %s, out[0] has %s: one call has one dtype"
                                % (method, k, dt_k, dt))
            if count != counts[k]:
                raise ValueError("per_device.%s: out[%d] holds %d values; part %d of a call of %d values over %d "
                                 "devices has %d (gpurng.partition.block_part)"
                                 % (method, k, count, k, n, len(devices), counts[k]))
            if device is not None and device >= 0 and device != devices[k]:
                raise ValueError("per_device.%s: out[%d] is on CUDA device %d; part %d belongs to device %d"
                                 % (method, k, device, k, devices[k]))
            if ptr % dt.itemsize != 0:
                raise ValueError("per_device.%s: out[%d] is not aligned to its %d-byte elements"
                                 % (method, k, dt.itemsize))
        g.fill_per_device(dist, [v[0] for v in views], n, dt.str, params)
    return outs
