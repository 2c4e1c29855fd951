"""gpurng.Generator: NumPy-style methods over the library's gpurng::Generator (gpurng._gpurng)."""

import math
import operator
import os

import numpy as np

from . import _arrays, _gpurng
from ._arrays import _shape

#: Engine options accepted as keyword arguments of Generator (each engine takes some of them;
#: docs/ENGINES.md says which). Applied in this order, as the CLI applies --dims ... --param-set.
ENGINE_OPTIONS = ("dims", "scramble", "streams", "normal_method", "param_file", "param_set")

_U64_MAX = (1 << 64) - 1
_U32_MAX = (1 << 32) - 1
#: spawn(): a generator's children are numbered 1 .. _SPAWN_BASE in its stream-block space.
_SPAWN_BASE = 1 << 12

_FLOATS = (np.dtype(np.float64), np.dtype(np.float32))
#: uniform and normal also come in float16: the float32 values rounded to nearest even.
_HALF_FLOATS = _FLOATS + (np.dtype(np.float16),)
_UINTS = (np.dtype(np.uint32), np.dtype(np.uint64))
_INTS = (np.dtype(np.int64), np.dtype(np.int32), np.dtype(np.uint64), np.dtype(np.uint32))
_F32_MAX = float(np.finfo(np.float32).max)


def engines():
    """The names of every registered engine, as ``gpurng list`` prints them."""
    return [e["name"] for e in _gpurng.engines()]


def engine_info(name):
    """A dict with the engine's name, description, bits_width (32 or 64) and period."""
    for e in _gpurng.engines():
        if e["name"] == name:
            return dict(e)
    raise ValueError("unknown engine '%s'; engines: %s" % (name, ", ".join(engines())))


def _uint(value, what, limit=_U64_MAX):
    """An integer in [0, limit]: TypeError for a non-integer, ValueError out of range."""
    if isinstance(value, bool):
        raise TypeError("%s must be an integer, got bool" % what)
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer, got %s" % (what, type(value).__name__)) from None
    if v < 0 or v > limit:
        raise ValueError("%s: %d is out of range [0, %d]" % (what, v, limit))
    return v


def _real(value, what):
    if isinstance(value, (bool, str, bytes)) or (isinstance(value, np.ndarray) and value.ndim != 0):
        raise TypeError("%s must be a real number (arrays of parameters are not supported), got %r" % (what, value))
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError("%s must be a real number, got %s" % (what, type(value).__name__)) from None


class Generator:
    """A random number generator: one engine's canonical sequence, on the CPU or a CUDA device.

    ``Generator(engine="mrg32k3a", seed=None, backend="auto", *, stream=None, substream=None,
    offset=0, threads=0, device=None, devices=None, **engine_options)``

    * ``engine``: a name from :func:`gpurng.engines` (``gpurng list``).
    * ``seed``: None (the engine's reference state), an integer in [0, 2^64) (the engine's seeding,
      docs/ENGINES.md), or a sequence of integers (the engine's raw state words or key, like the
      CLI's ``--seed-array``).
    * ``backend``: ``"auto"`` (CUDA if a GPU is present), ``"cpu"``, ``"cuda"`` or ``"opencl"`` (an
      OpenCL device, ``GPURNG_OPENCL_DEVICE`` picks one; some engines only, into NumPy arrays).
      Values are the same bits on every backend.
    * ``stream``, ``substream``: the stream selection (mrg32k3a: RngStreams streams 2^127 steps
      apart and substreams 2^76 apart; mwc, xorshift256, kiss, dcmt521, dcmt2203: the first stream).
    * ``offset``: the position of the next value in the canonical sequence.
    * ``threads``: CPU worker threads (0 = all); never changes a value.
    * ``device``: (CUDA backend) the CUDA device index every call runs on, whatever device is
      current (:attr:`cuda_device`); default: the device current at the first call.
    * ``devices``: (CUDA backend) a list of device indices: each call is spread over them, bit for
      bit the values of one device (:attr:`devices`, :attr:`per_device`).
    * engine options (:data:`gpurng.ENGINE_OPTIONS`): ``dims``, ``scramble`` ("none", "shift",
      "owen"), ``streams``, ``normal_method`` ("box-muller", "icdf"), ``param_file``, ``param_set``.
      An option the engine does not have raises :class:`gpurng.UnsupportedError` (a ValueError).

    ``out=`` fills an array in place, zero copy: a C-contiguous, writable NumPy array; any object
    exporting DLPack (``__dlpack__`` and ``__dlpack_device__``: PyTorch, CuPy, JAX, NumPy-like
    host arrays), on the CPU (DLPack kDLCPU) or on the GPU (kDLCUDA, kDLCUDAManaged: needs
    ``backend="cuda"`` and the array on the current device); or any object exporting
    ``__cuda_array_interface__`` (Numba). ``device="cuda"`` (``backend="cuda"``) returns a
    :class:`gpurng.DeviceArray` instead of a NumPy array: GPU memory owned by gpurng, which
    ``torch.from_dlpack``, ``cupy.from_dlpack`` or ``cupy.asarray`` take without a copy.

    CUDA streams: a GPU fill runs on :attr:`cuda_stream` when it is set; otherwise on the array's
    stream (PyTorch's current stream, or the ``stream`` of a version-3
    ``__cuda_array_interface__``: CuPy's current stream), asynchronously; for an array that names no
    stream (JAX) it runs on the legacy default stream and the call waits for it. DLPack producers
    are asked for the array with ``__dlpack__(stream=S)``, so their pending writes come first.
    ``device="cuda"`` fills on :attr:`cuda_stream` (default: the legacy default stream) and the
    DeviceArray remembers it for its consumers.

    Value ``i`` of a call is element ``offset + i`` of the sequence, in C order of the output array;
    the offset then moves by the number of values. Errors raise subclasses of :class:`gpurng.Error`
    that are also ``ValueError``, ``OSError``, ... with the library's message; argument types raise
    ``TypeError``. A failed call leaves the generator unchanged.
    """

    def __init__(self, engine="mrg32k3a", seed=None, backend="auto", *, stream=None, substream=None, offset=0,
                 threads=0, device=None, devices=None, **engine_options):
        if not isinstance(engine, str):
            raise TypeError("engine must be a str (one of %s), got %s" % (", ".join(engines()), type(engine).__name__))
        if not isinstance(backend, str):
            raise TypeError("backend must be a str ('auto', 'cpu', 'cuda' or 'opencl'), got %s"
                            % type(backend).__name__)
        unknown = sorted(set(engine_options) - set(ENGINE_OPTIONS))
        if unknown:
            raise TypeError("Generator() got unexpected keyword argument(s) %s; engine options are %s"
                            % (", ".join(repr(u) for u in unknown), ", ".join(ENGINE_OPTIONS)))
        g = _gpurng._Generator(engine, backend)
        if threads:
            g.cpu_threads(_uint(threads, "threads", 4096))
        if seed is not None:
            if isinstance(seed, (str, bytes, float)) or isinstance(seed, bool):
                raise TypeError("seed must be an integer or a sequence of integers, got %s" % type(seed).__name__)
            try:
                operator.index(seed)
                g.seed(_uint(seed, "seed"))
            except TypeError:
                g.seed_array([_uint(w, "seed word") for w in seed])
        has_streams = True
        if stream is not None or substream is not None:
            s = 0 if stream is None else _uint(stream, "stream")
            ss = 0 if substream is None else _uint(substream, "substream")
            g.select_stream(s, ss)
        else:
            s, ss = 0, 0
            try:  # is there a stream selection? (the default one: changes nothing at this point)
                g.select_stream(0, 0)
            except _gpurng.UnsupportedError:
                has_streams = False
        _apply_options(g, engine_options)
        if offset:
            g.set_offset(_uint(offset, "offset"))
        if device is not None:
            g.set_cuda_device(_device_index(device, "device"))
        if devices is not None:
            g.set_devices(_device_list(devices))
        self._g = g
        self._stream = s if has_streams else None
        self._substream = ss if has_streams else None
        self._spawned = 0
        # S, the streams a many-stream engine interleaves, for the block width of spawn/jumped:
        # known here only when streams= was given (the library has no getter).
        self._width = engine_options.get("streams")
        self._cuda_stream = None

    # ---- description -----------------------------------------------------------------------------
    @property
    def engine(self):
        """The engine's name, e.g. ``"mrg32k3a"``."""
        return self._g.engine

    @property
    def backend(self):
        """The backend in use: ``"cpu"``, ``"cuda"`` or ``"opencl"`` (never ``"auto"``)."""
        return self._g.backend

    @property
    def bits_width(self):
        """32 or 64: the integer width of :meth:`bits`."""
        return self._g.bits_width

    def __repr__(self):
        return "gpurng.Generator(%r, backend=%r, stream=%r, substream=%r, offset=%d)" % (
            self.engine, self.backend, self._stream, self._substream, self.offset)

    @property
    def cuda_device(self):
        """(CUDA backend) The device index every call runs on, whatever device the calling thread has
        made current (the library's ``Generator::cuda_device``); -1 until the generator has one
        (set, or its first call, which takes the current device). Setting it moves the generator
        (its state is kept). On the CPU backend it stays -1 and setting it raises
        :class:`gpurng.UnsupportedError`; an index that is not a device raises
        :class:`gpurng.InvalidArgumentError` naming the range. ``out=`` CUDA arrays and
        ``device="cuda"`` arrays are on this device."""
        return self._g.get_cuda_device()

    @cuda_device.setter
    def cuda_device(self, device):
        self._g.set_cuda_device(_device_index(device, "cuda_device"))

    @property
    def devices(self):
        """(CUDA backend) Several devices, one sequence: a list of device indices ([] when unset).

        With a list of P devices, a call of n values is cut into P contiguous parts
        (:func:`gpurng.partition.block_part` over its positions; a quasi-random engine's whole points)
        and device ``devices[k]`` produces part k, all at once. The values are bit for bit those of
        one device and of the CPU; the offset moves by n as for any call. Host outputs (NumPy arrays,
        ``out=`` host arrays) take the whole call; :attr:`per_device` gives one array per device
        (``device="cuda"`` and CUDA ``out=`` arrays are refused, since they would be one device's
        memory). A call returns when every part is complete; it runs on each device's default stream,
        not on :attr:`cuda_stream`. Setting None or [] returns to one device; an index out of range
        or given twice raises :class:`gpurng.InvalidArgumentError`; the CPU backend raises
        :class:`gpurng.UnsupportedError`."""
        return list(self._g.get_devices())

    @devices.setter
    def devices(self, devices):
        self._g.set_devices([] if devices is None else _device_list(devices))

    @property
    def per_device(self):
        """Every method of this generator, spread over :attr:`devices` with one output per device.

        ``g.per_device.random(n, dtype=np.float32)`` returns a list of P 1-d
        :class:`gpurng.DeviceArray`, array k on device ``devices[k]`` holding part k of the call of n
        values (``gpurng.partition.part_counts(n, dims, P)`` gives the sizes); concatenated, they are
        ``g.random(n)`` of one device, bit for bit. ``g.per_device.random(out=[a0, a1])`` fills arrays
        you own instead (CuPy, PyTorch, JAX, NumPy, ...), array k of part k's size on device
        ``devices[k]`` (or host memory). Raises ValueError when no devices are set."""
        return _PerDevice(self)

    @property
    def cuda_stream(self):
        """The CUDA stream GPU fills are ordered on, in DLPack's numbering (1: the legacy default
        stream, 2: the per-thread default stream, else a cudaStream_t), or None (the default: the
        output array's own stream, see the class docstring). Settable to None, an integer
        cudaStream_t (0: the legacy default stream) or a stream object of CuPy, PyTorch, Numba or
        CUDA Python."""
        return self._cuda_stream

    @cuda_stream.setter
    def cuda_stream(self, stream):
        self._cuda_stream = _arrays.stream_number(stream)

    # ---- position ----------------------------------------------------------------------------------
    @property
    def offset(self):
        """The position of the next value in the canonical sequence (settable, O(log k) skip)."""
        return self._g.get_offset()

    @offset.setter
    def offset(self, k):
        self._g.set_offset(_uint(k, "offset"))

    @property
    def remaining(self):
        """How many values can still be produced from the offset."""
        return self._g.remaining()

    def advance(self, delta):
        """Moves the offset by ``delta`` (which may be negative, not below 0); returns self."""
        try:
            d = operator.index(delta)
        except TypeError:
            raise TypeError("delta must be an integer, got %s" % type(delta).__name__) from None
        k = self.offset + d
        if k < 0 or k > _U64_MAX:
            raise ValueError("advance(%d): offset %d + %d is outside [0, 2^64-1]" % (d, self.offset, d))
        self._g.set_offset(k)
        return self

    # ---- streams -----------------------------------------------------------------------------------
    @property
    def stream(self):
        """The selected stream (None for an engine without streams, or after :meth:`load`)."""
        return self._stream

    @property
    def substream(self):
        """The selected substream (None for an engine without streams, or after :meth:`load`)."""
        return self._substream

    def select_stream(self, stream, substream=0):
        """Selects stream ``stream``, substream ``substream``; the offset goes back to 0."""
        s, ss = _uint(stream, "stream"), _uint(substream, "substream")
        self._g.select_stream(s, ss)
        self._stream, self._substream = s, ss
        return self

    def _streams_per_block(self, what):
        # Many-stream engines produce S interleaved streams from the first one: a block of S.
        # Engines with one stream per selection (mrg32k3a) have blocks of 1.
        if not _is_many_stream(self.engine):
            return 1
        if self._width is None:
            raise ValueError("%s: %s interleaves S streams and S is not known here; give streams=S to "
                             "Generator() (a state loaded from a file does not tell it)" % (what, self.engine))
        return self._width

    def _clone(self):
        c = Generator.__new__(Generator)
        c._g = _gpurng._Generator(self.engine, self._g.requested_backend)
        c._g.restore_state_bytes(self._g.state_bytes())
        c._stream, c._substream, c._spawned, c._width = self._stream, self._substream, 0, self._width
        c._cuda_stream = self._cuda_stream
        # Children run where their parent runs (the state bytes do not carry the device).
        if self._g.get_cuda_device() >= 0:
            c._g.set_cuda_device(self._g.get_cuda_device())
        if self._g.get_devices():
            c._g.set_devices(self._g.get_devices())
        return c

    def _require_stream(self, what):
        if self._stream is None:
            if self._substream is None and not _has_streams(self):
                raise _gpurng.UnsupportedError(
                    "%s: %s has no stream selection, so it has no independent children or jumps here; "
                    "use mrg32k3a, mwc, xorshift256, kiss, dcmt521 or dcmt2203" % (what, self.engine))
            raise ValueError("%s: the stream selection of a state loaded from a file is not known; "
                             "call select_stream() first" % what)

    def jumped(self, jumps=1):
        """A copy of this generator ``jumps`` stream blocks further on, at the same offset.

        mrg32k3a: stream + jumps, the same substream and offset, i.e. exactly jumps * 2^127 steps
        ahead. Many-stream engines (mwc, xorshift256, kiss, dcmt521, dcmt2203) with S streams: the
        first stream moves by jumps * S, so the copy draws from the next block of S streams. Engines
        without streams raise :class:`gpurng.UnsupportedError`. This generator does not change.
        """
        self._require_stream("jumped")
        j = _uint(jumps, "jumps")
        width = self._streams_per_block("jumped")
        c = self._clone()
        c._g.select_stream(self._stream + j * width, self._substream)
        c._g.set_offset(self.offset)
        c._stream = self._stream + j * width
        return c

    def spawn(self, n_children):
        """``n_children`` new generators, independent of this one and of each other.

        Children are disjoint stream blocks (mrg32k3a: RngStreams streams, 2^127 steps apart;
        many-stream engines: blocks of S streams), with the same seed and options, at offset 0.
        The k-th child (k = 1, 2, ... over all calls) of a generator in block b is in block
        b * 4096 + k: every path of spawns names a distinct block (bijective base-4096 numbering),
        so children, grandchildren and this generator never share a stream. Each generator has at
        most 4096 children; a block beyond the engine's stream range raises ValueError. Blocks
        chosen by hand with ``stream=`` share this numbering: keep them apart from spawned ones.
        """
        self._require_stream("spawn")
        n = _uint(n_children, "n_children")
        if self._spawned + n > _SPAWN_BASE:
            raise ValueError("spawn(%d): a generator has at most %d children (%d spawned already)"
                             % (n, _SPAWN_BASE, self._spawned))
        width = self._streams_per_block("spawn")
        if self._stream % width != 0:
            raise ValueError("spawn: stream %d is not the start of a block of %d streams" % (self._stream, width))
        block = self._stream // width
        children = []
        for k in range(self._spawned + 1, self._spawned + n + 1):
            child_stream = (block * _SPAWN_BASE + k) * width
            if child_stream > _U64_MAX:
                raise ValueError("spawn: child block %d of block %d is beyond 2^64 streams" % (k, block))
            c = self._clone()
            c._g.select_stream(child_stream, 0)
            c._stream, c._substream = child_stream, 0
            children.append(c)
        self._spawned += n
        return children

    # ---- state -------------------------------------------------------------------------------------
    @property
    def state(self):
        """The whole state as a dict (picklable): ``engine``, ``backend`` (as asked for), ``state``
        (the library's versioned, checksummed state bytes: engine, seed, stream selection, options,
        offset), and the Python layer's ``stream``, ``substream``, ``spawned``. Assigning it back
        (to a generator of the same engine) continues bit for bit."""
        return {
            "engine": self.engine,
            "backend": self._g.requested_backend,
            "state": self._g.state_bytes(),
            "stream": self._stream,
            "substream": self._substream,
            "spawned": self._spawned,
            "width": self._width,
        }

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("state"), (bytes, bytearray)):
            raise TypeError("state must be a dict with a bytes 'state' entry (as Generator.state returns)")
        if value.get("engine", self.engine) != self.engine:
            raise ValueError("state is of engine %s, this generator's is %s" % (value["engine"], self.engine))
        self._g.restore_state_bytes(bytes(value["state"]))
        self._stream = value.get("stream")
        self._substream = value.get("substream")
        self._spawned = int(value.get("spawned", 0))
        self._width = value.get("width")

    def __reduce__(self):
        return (_from_state, (self.state,))

    def save(self, path):
        """Writes the state file ``path`` (the library's format, as the C++ ``save_state``): a new
        temporary beside it, renamed over it when complete."""
        self._g.save_state(os.fspath(path))

    def load(self, path):
        """Restores the state file ``path`` (written by :meth:`save`, the C++ or the C API) and
        continues bit for bit. The file must be of this generator's engine. The stream selection
        is restored inside the library; :attr:`stream` becomes None (not recorded in the file's
        Python view). Returns self."""
        self._g.load_state(os.fspath(path))
        self._stream = None
        self._substream = None
        self._spawned = 0
        self._width = None
        return self

    # ---- values ------------------------------------------------------------------------------------
    def _output(self, method, size, dtype, out, allowed, default):
        if out is not None:
            if not isinstance(out, np.ndarray):
                raise TypeError("%s: out must be a numpy.ndarray, got %s" % (method, type(out).__name__))
            if dtype is not None and np.dtype(dtype) != out.dtype:
                raise TypeError("%s: dtype %s does not match out's dtype %s" % (method, np.dtype(dtype), out.dtype))
            if out.dtype not in allowed:
                raise TypeError("%s: out has dtype %s; supported: %s" % (method, out.dtype, ", ".join(map(str, allowed))))
            shape = _shape(size, method)
            if shape is not None and shape != out.shape:
                raise ValueError("%s: size %r does not match out's shape %r" % (method, shape, out.shape))
            if not out.flags.c_contiguous:
                raise ValueError("%s: out must be C-contiguous" % method)
            if not out.flags.writeable:
                raise ValueError("%s: out is read-only" % method)
            return out, False
        dt = default if dtype is None else np.dtype(dtype)
        if dt not in allowed:
            raise TypeError("%s: dtype %s is not supported; supported: %s" % (method, dt, ", ".join(map(str, allowed))))
        shape = _shape(size, method)
        return np.empty((1,) if shape is None else shape, dtype=dt), shape is None

    def _values(self, method, dist, size, dtype, out, device, allowed, default, params=()):
        """Every generating method: a NumPy array (or scalar), a gpurng.DeviceArray, or out filled.
        ``dist`` is the library's name; ``params`` its parameters in the library's order
        (:func:`gpurng.distributions`), those left out taking the library's defaults."""
        if isinstance(device, _PerDeviceCall):
            _check_float32_parameters(method, dist, np.dtype(dtype) if dtype is not None else default, params)
            return _arrays.per_device(self._g, method, dist, size, dtype, device.outs, allowed, default, params)
        if device is not None and device not in ("cpu", "cuda"):
            raise ValueError("%s: device must be None, 'cpu' or 'cuda', got %r" % (method, device))
        if out is not None and not isinstance(out, np.ndarray):
            if device is not None:
                raise ValueError("%s: give out= or device=, not both" % method)
            return _arrays.fill_out(self._g, method, dist, size, dtype, out, allowed, params, self._cuda_stream)
        if device == "cuda":
            if out is not None:
                raise ValueError("%s: give out= or device=, not both" % method)
            dt = default if dtype is None else np.dtype(dtype)
            if dt not in allowed:
                raise TypeError("%s: dtype %s is not supported; supported: %s"
                                % (method, dt, ", ".join(map(str, allowed))))
            _check_float32_parameters(method, dist, dt, params)
            return _arrays.new_device_array(self._g, method, dist, size, dt, params, self._cuda_stream)
        arr, scalar = self._output(method, size, dtype, out, allowed, default)
        _check_float32_parameters(method, dist, arr.dtype, params)
        self._g.fill(dist, arr, params)
        return arr[0] if scalar else arr

    def _real(self, method, dist, size, dtype, out, device, *params):
        allowed = _HALF_FLOATS if dist in ("uniform", "normal") else _FLOATS
        return self._values(method, dist, size, dtype, out, device, allowed, _FLOATS[0], params)

    def _dist(self, method, dist, size, dtype, out, device, *params):
        """A distribution in the value types the library offers it in (default: the first of
        float64, int64, uint64, uint32 that it has: NumPy's types where the library has them)."""
        allowed, default = _dist_dtypes(dist)
        try:
            return self._values(method, dist, size, dtype, out, device, allowed, default, params)
        except _gpurng.InvalidArgumentError as e:
            names = _LIBRARY_NAMES.get(method)
            if not names:
                raise
            # The library names its own parameters: say which of NumPy's they are.
            err = type(e)("%s (%s): %s" % (method, ", ".join("%s is the library's %s" % n for n in names), e))
            err.status = e.status
            raise err from None

    def random(self, size=None, dtype=np.float64, out=None, *, device=None):
        """Uniforms in (0, 1) (the engine's conversion; float32 may give 1.0 for some engines,
        docs/ENGINES.md). ``size``: None (one value), an int or a shape; ``dtype``: float64,
        float32 or float16 (the float32 values rounded to nearest even; [0, 1] then); ``out``: a
        C-contiguous writable array to fill in place (returned)."""
        return self._real("random", "uniform", size, dtype, out, device)

    def standard_normal(self, size=None, dtype=np.float64, out=None, *, device=None):
        """Standard normal values (Box-Muller on positions 2j, 2j+1, or the inverse CDF with
        ``normal_method="icdf"``); float64, float32 or float16 (float32 values rounded)."""
        return self._real("standard_normal", "normal", size, dtype, out, device)

    def normal(self, loc=0.0, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Normal values ``loc + scale * z`` (one fused multiply-add, as the library); scale > 0."""
        return self._real("normal", "normal", size, dtype, out, device, _real(loc, "loc"), _real(scale, "scale"))

    def standard_exponential(self, size=None, dtype=np.float64, out=None, *, device=None):
        """Exponential values with rate 1: ``-log(u)``."""
        return self._real("standard_exponential", "exponential", size, dtype, out, device, 1.0)

    def exponential(self, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Exponential values with mean ``scale`` (NumPy's argument): ``-log(u) / lambda`` with
        ``lambda = 1.0 / scale`` computed in double (then rounded to float32 for float32 output),
        which is the CLI's ``--lambda``; scale > 0."""
        s = _real(scale, "scale")
        if not (s > 0.0) or s == float("inf"):
            raise ValueError("exponential: scale must be > 0 and finite, got %r" % scale)
        return self._real("exponential", "exponential", size, dtype, out, device, 1.0 / s)

    def lognormal(self, mean=0.0, sigma=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Log-normal values ``exp(mean + sigma * z)``: ``mean``, ``sigma`` > 0 of the logarithm."""
        return self._real("lognormal", "lognormal", size, dtype, out, device, _real(mean, "mean"), _real(sigma, "sigma"))

    def bits(self, size=None, dtype=None, out=None, *, device=None):
        """The engine's integer outputs: uint32 or uint64 (the engine's width, :attr:`bits_width`;
        another width raises TypeError with the library's message). Range per engine (mrg32k3a:
        [0, 2^32 - 210])."""
        default = np.dtype(np.uint64) if self.bits_width == 64 else np.dtype(np.uint32)
        return self._values("bits", "bits", size, dtype, out, device, _UINTS, default)

    # ---- integers ----------------------------------------------------------------------------------
    def integers(self, low, high=None, size=None, dtype=np.int64, endpoint=False, *, out=None, device=None):
        """Uniform integers in [low, high) (NumPy's ``Generator.integers``), or [low, high] with
        ``endpoint=True``; ``high=None``: [0, low) (or [0, low]). ``dtype``: int64 (default), int32,
        uint64 or uint32; the bounds are exact over the whole range of the dtype (the library's
        ``generate_integers``: uniform_int, bias below 2^-32 relative, docs/ENGINES.md). Bounds
        outside the dtype or an empty range raise ValueError as NumPy's (``low >= high``,
        ``high <= 0``, ``low is out of bounds for int32``)."""
        lo = _integer(low, "low")
        dt = np.dtype(np.int64) if dtype is None else np.dtype(dtype)
        if dt not in _INTS:
            raise TypeError("integers: dtype %s is not supported; supported: %s" % (dt, ", ".join(map(str, _INTS))))
        if high is None:
            lo, hi = 0, lo
            if not endpoint and hi <= 0:
                raise ValueError("integers: high <= 0 (with high=None the range is [0, low))")
            if endpoint and hi < 0:
                raise ValueError("integers: high < 0 (with high=None the range is [0, low])")
        else:
            hi = _integer(high, "high")
            if not endpoint and lo >= hi:
                raise ValueError("integers: low >= high (%d >= %d)" % (lo, hi))
            if endpoint and lo > hi:
                raise ValueError("integers: low > high (%d > %d)" % (lo, hi))
        top = hi if endpoint else hi - 1
        limits = np.iinfo(dt)
        if lo < limits.min or lo > limits.max:
            raise ValueError("integers: low is out of bounds for %s (%d)" % (dt, lo))
        if top < limits.min or top > limits.max:
            raise ValueError("integers: high is out of bounds for %s (%d)" % (dt, hi))
        return self._values("integers", "uniform_int", size, dtype, out, device, _INTS, dt, (lo, top))

    # ---- discrete distributions --------------------------------------------------------------------
    # The library's integer types (gpurng.distributions()): NumPy gives int64 here, gpurng gives what
    # the library offers (poisson, binomial, hypergeometric, bernoulli: uint32; geometric: uint64 or
    # uint32; negative_binomial: uint64).
    def poisson(self, lam=1.0, size=None, *, dtype=None, out=None, device=None):
        """Poisson(lam) counts, lam in [0, 2^31]: uint32 (the library's only type for Poisson)."""
        return self._dist("poisson", "poisson", size, dtype, out, device, _real(lam, "lam"))

    def binomial(self, n, p, size=None, *, dtype=None, out=None, device=None):
        """Binomial(n, p) counts: n an integer in [0, 2^32 - 1] (a real n is refused, where NumPy
        truncates it), p in [0, 1]; uint32."""
        return self._dist("binomial", "binomial", size, dtype, out, device, _real(n, "n"), _real(p, "p"))

    def hypergeometric(self, ngood, nbad, nsample, size=None, *, dtype=None, out=None, device=None):
        """Hypergeometric counts: good items among ``nsample`` drawn without replacement from
        ``ngood`` good and ``nbad`` bad ones (NumPy's arguments and order); integers (a real count
        is refused), ngood + nbad <= 2^32 - 1 (NumPy: each below 10^9), nsample <= ngood + nbad;
        uint32."""
        return self._dist("hypergeometric", "hypergeometric", size, dtype, out, device, _real(ngood, "ngood"),
                          _real(nbad, "nbad"), _real(nsample, "nsample"))

    def negative_binomial(self, n, p, size=None, *, dtype=None, out=None, device=None):
        """Negative binomial: failures before the n-th success, n > 0 real (as NumPy's), p in
        (0, 1]; uint64."""
        return self._dist("negative_binomial", "negative_binomial", size, dtype, out, device,
                          _real(n, "n"), _real(p, "p"))

    def geometric(self, p, size=None, *, dtype=None, out=None, device=None):
        """Geometric(p): trials up to and including the first success (>= 1, as NumPy's), p in
        (0, 1]; uint64 (default) or uint32, saturating at the type's largest value."""
        return self._dist("geometric", "geometric", size, dtype, out, device, _real(p, "p"))

    def bernoulli(self, p=0.5, size=None, *, dtype=None, out=None, device=None):
        """(gpurng only) Bernoulli(p): 1 with probability p in [0, 1], else 0; uint32."""
        return self._dist("bernoulli", "bernoulli", size, dtype, out, device, _real(p, "p"))

    # ---- continuous distributions ------------------------------------------------------------------
    def gamma(self, shape, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Gamma(shape, scale): shape in [1e-300, 1e300], scale finite and > 0 (computed in double,
        rounded once for float32)."""
        return self._dist("gamma", "gamma", size, dtype, out, device, _real(shape, "shape"), _real(scale, "scale"))

    def standard_gamma(self, shape, size=None, dtype=np.float64, out=None, *, device=None):
        """Gamma(shape) with scale 1 (NumPy's argument order: size, dtype, out)."""
        return self._dist("standard_gamma", "gamma", size, dtype, out, device, _real(shape, "shape"))

    def chisquare(self, df, size=None, *, dtype=np.float64, out=None, device=None):
        """Chi-square with ``df`` degrees of freedom, df in [2e-300, 2e300] (the library's chi_square)."""
        return self._dist("chisquare", "chi_square", size, dtype, out, device, _real(df, "df"))

    def beta(self, a, b, size=None, *, dtype=np.float64, out=None, device=None):
        """Beta(a, b): shapes a, b in [1e-300, 1e300]."""
        return self._dist("beta", "beta", size, dtype, out, device, _real(a, "a"), _real(b, "b"))

    def standard_t(self, df, size=None, *, dtype=np.float64, out=None, device=None):
        """Student's t with ``df`` > 0 degrees of freedom (the library's student_t)."""
        return self._dist("standard_t", "student_t", size, dtype, out, device, _real(df, "df"))

    def standard_cauchy(self, size=None, *, dtype=np.float64, out=None, device=None):
        """Cauchy with location 0 and scale 1, by inversion (the library's cauchy)."""
        return self._dist("standard_cauchy", "cauchy", size, dtype, out, device, 0.0, 1.0)

    def cauchy(self, x0=0.0, gamma=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """(gpurng only) Cauchy(x0, gamma) by inversion: x0 finite, gamma finite and > 0."""
        return self._dist("cauchy", "cauchy", size, dtype, out, device, _real(x0, "x0"), _real(gamma, "gamma"))

    def laplace(self, loc=0.0, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Laplace (double exponential) by inversion: loc finite, scale finite and > 0."""
        return self._dist("laplace", "laplace", size, dtype, out, device, _real(loc, "loc"), _real(scale, "scale"))

    def logistic(self, loc=0.0, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Logistic by inversion: loc finite, scale finite and > 0."""
        return self._dist("logistic", "logistic", size, dtype, out, device, _real(loc, "loc"), _real(scale, "scale"))

    def gumbel(self, loc=0.0, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Gumbel (largest extreme value) by inversion: loc finite, scale finite and > 0."""
        return self._dist("gumbel", "gumbel", size, dtype, out, device, _real(loc, "loc"), _real(scale, "scale"))

    def rayleigh(self, scale=1.0, size=None, *, dtype=np.float64, out=None, device=None):
        """Rayleigh by inversion: scale finite and > 0."""
        return self._dist("rayleigh", "rayleigh", size, dtype, out, device, _real(scale, "scale"))

    def weibull(self, a, size=None, *, dtype=np.float64, out=None, device=None):
        """Weibull with shape ``a`` and scale 1 (as NumPy's), by inversion: a finite and > 0 (NumPy
        also takes a = 0, giving zeros; the library refuses it)."""
        return self._dist("weibull", "weibull", size, dtype, out, device, _real(a, "a"), 1.0)

    def truncated_normal(self, lower, upper, loc=0.0, scale=1.0, size=None, *, dtype=np.float64, out=None,
                         device=None):
        """(gpurng only) Normal(loc, scale) restricted to [lower, upper], exactly: lower < upper,
        either may be infinite (the library's truncated_normal)."""
        return self._dist("truncated_normal", "truncated_normal", size, dtype, out, device, _real(loc, "loc"),
                          _real(scale, "scale"), _real(lower, "lower"), _real(upper, "upper"))

    def discrete(self, weights, size=None, dtype=np.int64, out=None, *, device=None):
        """(gpurng only) Categories 0 .. K-1 with probabilities ``weights / weights.sum()``: each weight
        finite and >= 0, at least one > 0, K up to 2^31 (the library's DiscreteTable: Walker's alias
        method on a table built once per call, O(K); docs/ENGINES.md "discrete"). Value i is the lookup
        of the uniform double at position i, as ``gpurng generate --dist discrete --weights`` gives it.
        ``dtype``: int64 (default), int32, uint64 or uint32. ``out``: a NumPy array, or a CUDA array of
        another library (CuPy, PyTorch, ...) as the other methods take it; ``device="cuda"`` returns a
        gpurng.DeviceArray (the table is copied to the device at each call). Not through
        ``per_device``. Bad weights raise ValueError naming ``weights[i]``; weights that are not a 1-D
        sequence of numbers raise TypeError or ValueError."""
        try:
            w = np.ascontiguousarray(weights, dtype=np.float64)
        except (TypeError, ValueError) as e:
            raise TypeError("discrete: weights must be a 1-D sequence of numbers (%s)" % e) from None
        if w.ndim != 1:
            raise ValueError("discrete: weights must be 1-D, got shape %r" % (w.shape,))
        table = _gpurng._DiscreteTable(w)
        if device == "cuda" or (out is not None and not isinstance(out, np.ndarray)):
            # Other arrays and device="cuda": the pointer fills, with the table as the parameter.
            return self._values("discrete", "discrete", size, dtype, out, device, _INTS, np.dtype(np.int64), table)
        if device not in (None, "cpu"):
            raise ValueError("discrete: device must be None, 'cpu' or 'cuda', got %r" % (device,))
        arr, scalar = self._output("discrete", size, dtype, out, _INTS, np.dtype(np.int64))
        self._g.fill_discrete(table, arr)
        return arr[0] if scalar else arr

    def dirichlet(self, alpha, size=None, dtype=np.float64, out=None, *, device=None):
        """Dirichlet(alpha) vectors, as NumPy's ``dirichlet``: the result has shape ``size + (K,)``
        (``(K,)`` for size None), row-major, so sample j is values jK .. jK+K-1 of the library's
        sequence (``gpurng generate --dist dirichlet --alpha ...``); the generator's offset must be a
        multiple of K. ``alpha``: K values, each in [1e-300, 1e300], K from 1 to 65536 (the library's
        DirichletAlpha); gamma variates on the log scale, normalised by their maximum, so every value
        is in [0, 1] and each sample sums to 1 within (K + 2) 2^-53 (float32: plus 2^-24), even for
        alpha far below 1 (docs/ENGINES.md "dirichlet"; the bits differ from NumPy's). ``dtype``:
        float64 (default) or float32. ``out`` and ``device="cuda"`` as for the other methods. Not
        through ``per_device``. Bad alpha raises ValueError naming ``alpha[i]`` and its range."""
        try:
            a = np.ascontiguousarray(alpha, dtype=np.float64)
        except (TypeError, ValueError) as e:
            raise TypeError("dirichlet: alpha must be a 1-D sequence of numbers (%s)" % e) from None
        if a.ndim != 1:
            raise ValueError("dirichlet: alpha must be 1-D, got shape %r" % (a.shape,))
        params = _gpurng._DirichletAlpha(a)
        k = a.shape[0]
        shape = _shape(size, "dirichlet")
        if shape is not None:
            full = shape + (k,)
        elif out is None:
            full = (k,)
        else:  # out's own shape, whole samples (the library refuses a count that is not a multiple of K)
            full = None
            if isinstance(out, np.ndarray) and out.shape[-1:] != (k,):
                raise ValueError("dirichlet: out's shape %r does not end in K = %d" % (out.shape, k))
        if device == "cuda" or (out is not None and not isinstance(out, np.ndarray)):
            return self._values("dirichlet", "dirichlet", full, dtype, out, device, _FLOATS, _FLOATS[0], params)
        if device not in (None, "cpu"):
            raise ValueError("dirichlet: device must be None, 'cpu' or 'cuda', got %r" % (device,))
        arr, _ = self._output("dirichlet", full, dtype, out, _FLOATS, _FLOATS[0])
        self._g.fill_dirichlet(params, arr)
        return arr


class _PerDeviceCall:
    """What Generator.per_device passes as ``device=`` to a method: the call goes to
    _arrays.per_device, with ``outs`` (None: new DeviceArrays)."""

    def __init__(self, outs):
        self.outs = outs


class _PerDevice:
    """Generator.per_device: the generator's value methods, one output per device."""

    _METHODS = ("random", "standard_normal", "normal", "standard_exponential", "exponential", "lognormal", "bits",
                "integers", "poisson", "binomial", "hypergeometric", "negative_binomial", "geometric", "bernoulli",
                "gamma", "standard_gamma", "chisquare", "beta", "standard_t", "standard_cauchy", "cauchy", "laplace",
                "logistic", "gumbel", "rayleigh", "weibull", "truncated_normal")

    def __init__(self, generator):
        self._generator = generator

    def __getattr__(self, name):
        if name not in _PerDevice._METHODS:
            raise AttributeError("per_device has no method %r; methods: %s" % (name, ", ".join(_PerDevice._METHODS)))
        method = getattr(self._generator, name)

        def call(*args, out=None, **kwargs):
            if "device" in kwargs:
                raise TypeError("per_device.%s: device= is not an argument here (the devices are the generator's)"
                                % name)
            return method(*args, device=_PerDeviceCall(out), **kwargs)

        call.__doc__ = method.__doc__
        call.__name__ = name
        return call

    def __dir__(self):
        return list(_PerDevice._METHODS)


def _device_index(value, what):
    if isinstance(value, bool):
        raise TypeError("%s must be an integer CUDA device index, got bool" % what)
    try:
        d = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an integer CUDA device index, got %s" % (what, type(value).__name__)) from None
    if d < 0 or d > 0x7FFFFFFF:
        raise _gpurng.InvalidArgumentError("%s: device %d is out of range (a CUDA device index)" % (what, d))
    return d


def _device_list(devices):
    if isinstance(devices, (str, bytes)) or not hasattr(devices, "__iter__"):
        raise TypeError("devices must be a list of integer CUDA device indices, got %s" % type(devices).__name__)
    return [_device_index(d, "devices") for d in devices]


def _check_float32_parameters(method, dist, dt, params):
    # normal, exponential, lognormal: the extension rounds their parameters to float32 for float32
    # output (as the CLI does), so a finite parameter beyond float32 would become inf; NaN and inf
    # go through to the library, which names them. The other distributions take double parameters
    # and check them in the value type themselves.
    if dist not in _FLOAT_PARAMETER_DISTS or dt not in (np.float32, np.float16):
        return
    if any(math.isfinite(p) and abs(p) > _F32_MAX for p in params):
        raise ValueError("%s: parameters %s are outside the float32 range" % (method, ", ".join(map(repr, params))))


#: NumPy's parameter names that the library calls otherwise, per method (for error messages).
_LIBRARY_NAMES = {
    "poisson": (("lam", "lambda"),),
    "negative_binomial": (("n", "r"),),
    "gamma": (("shape", "alpha"), ("scale", "theta")),
    "standard_gamma": (("shape", "alpha"),),
    "chisquare": (("df", "k"),),
    "standard_t": (("df", "nu"),),
    "laplace": (("loc", "mu"), ("scale", "b")),
    "logistic": (("loc", "mu"), ("scale", "s")),
    "gumbel": (("loc", "mu"), ("scale", "beta")),
    "rayleigh": (("scale", "sigma"),),
    "weibull": (("a", "k"),),
    "truncated_normal": (("loc", "mean"), ("scale", "stddev")),
}
#: The distributions whose parameters are rounded to float32 for float32 output.
_FLOAT_PARAMETER_DISTS = ("normal", "exponential", "lognormal")
#: The order in which a distribution's default dtype is chosen among those it is offered in.
_DEFAULT_ORDER = ("float64", "int64", "uint64", "uint32")
_DIST_DTYPES = {}


def distributions():
    """The library's distributions, as ``gpurng list`` names them: a list of dicts with ``name``,
    ``description``, ``params`` (a list of ``(name, default)`` pairs, default None when the
    parameter is required) and ``value_types`` (the NumPy dtype names it is generated in)."""
    return _gpurng.distributions()


def _dist_dtypes(dist):
    """(allowed dtypes, default dtype) of a distribution, from the library's list."""
    if not _DIST_DTYPES:
        for d in _gpurng.distributions():
            allowed = tuple(np.dtype(t) for t in d["value_types"])
            default = next((np.dtype(t) for t in _DEFAULT_ORDER if t in d["value_types"]), allowed[0])
            _DIST_DTYPES[d["name"]] = (allowed, default)
    return _DIST_DTYPES[dist]


def _integer(value, what):
    """An exact Python integer (an int, a NumPy integer, or an integral float as NumPy accepts)."""
    if isinstance(value, bool) or (isinstance(value, np.ndarray) and value.ndim != 0):
        raise TypeError("%s must be an integer (arrays of bounds are not supported), got %r" % (what, value))
    try:
        return operator.index(value)
    except TypeError:
        pass
    if isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer():
        return int(value)
    raise TypeError("%s must be an integer, got %r" % (what, value))


def _apply_options(g, options):
    for name in ENGINE_OPTIONS:
        if name not in options:
            continue
        v = options[name]
        if name == "dims":
            d = _uint(v, "dims", _U32_MAX)
            if d == 0:
                raise ValueError("dims: must be >= 1")
            g.dimensions(d)
        elif name == "streams":
            g.streams(_uint(v, "streams"))
        elif name == "param_set":
            g.param_set(_uint(v, "param_set", _U32_MAX))
        elif name == "param_file":
            if not isinstance(v, (str, os.PathLike)):
                raise TypeError("param_file must be a path, got %s" % type(v).__name__)
            g.param_file(os.fspath(v))
        else:  # scramble, normal_method: strings
            if not isinstance(v, str):
                raise TypeError("%s must be a str, got %s" % (name, type(v).__name__))
            getattr(g, name)(v)


def _has_streams(gen):
    probe = _gpurng._Generator(gen.engine, "cpu")
    try:
        probe.select_stream(0, 0)
        return True
    except _gpurng.UnsupportedError:
        return False


def _is_many_stream(engine):
    """Whether the engine interleaves several streams (it takes the streams option)."""
    probe = _gpurng._Generator(engine, "cpu")
    try:
        probe.streams(1)
        return True
    except _gpurng.UnsupportedError:
        return False


def _from_state(state):
    g = Generator.__new__(Generator)
    g._g = _gpurng._Generator(state["engine"], state.get("backend", "auto"))
    g._stream = None
    g._substream = None
    g._spawned = 0
    g._width = None
    g._cuda_stream = None
    g.state = state
    return g
