"""gpurng.BitGenerator: gpurng's engines as the bit generator of numpy.random.Generator."""

import math
import operator
import threading

import numpy as np

from . import _gpurng

#: A NumPy bit generator must never run out: the engine needs this many values left at the start.
_MIN_REMAINING = 1 << 56


class BitGenerator:
    """An engine's canonical bits sequence as a NumPy bit generator, on the CPU.

    ``BitGenerator(engine="mrg32k3a", seed=None, *, stream=None, substream=None, offset=0,
    **engine_options)`` takes the arguments of :class:`gpurng.Generator` (without ``backend``).
    ``numpy.random.Generator(gpurng.BitGenerator("mt19937", seed=5489))`` then runs NumPy's own
    distributions on gpurng's engine. It implements NumPy's C-level protocol: ``capsule`` (a
    PyCapsule named "BitGenerator" holding NumPy's ``bitgen_t``) and ``lock``; NumPy 1.17 or newer
    (1.24 and 2.x tested).

    Values come from the engine's bits sequence b[k], b[k+1], ... (what ``Generator.bits`` gives
    from offset k), buffered 256 KiB at a time (the library has a per-call cost of some microseconds); NumPy's words are formed as NumPy's own bit
    generators form them:

    * 32-bit engines (as NumPy's MT19937): next_uint32 = b[i]; next_uint64 = b[i] << 32 | b[i+1]
      (the first value is the high half); next_double = ((b[i] >> 5) * 2^26 + (b[i+1] >> 6)) / 2^53;
      next_raw = b[i].
    * 64-bit engines (as NumPy's PCG64 and Philox): next_uint64 = next_raw = b[i];
      next_uint32 = the low half of b[i], then its high half at the next next_uint32;
      next_double = (b[i] >> 11) / 2^53.

    So ``random_raw(n)`` equals ``Generator(engine, ...).bits(n)`` (as uint64), and for engines
    that are NumPy's (``pcg64``, ``pcg64dxsm``, ``philox4x64-10`` with NumPy's seeding; ``mt19937``
    from the same 624-word state) every NumPy distribution gives NumPy's own numbers. Engines whose
    raw outputs do not cover every w-bit word (mrg32k3a: [0, 2^32 - 210]) hand NumPy those values
    unchanged; quasi-random engines whose sequence could run out (sobol32) are refused.
    """

    def __init__(self, engine="mrg32k3a", seed=None, *, stream=None, substream=None, offset=0, **engine_options):
        from ._generator import Generator

        if "backend" in engine_options:
            raise TypeError("BitGenerator runs on the CPU: it takes no backend argument")
        g = Generator(engine, seed, "cpu", stream=stream, substream=substream, offset=offset, **engine_options)
        self._setup(g.engine, g.state["state"])

    def _setup(self, engine, state_bytes):
        core = _gpurng._BitStream(engine, state_bytes)
        if core.remaining < _MIN_REMAINING:
            raise ValueError("BitGenerator: %s has only %d values left from offset %d; a NumPy bit generator "
                             "must not run out (at least 2^56 are needed)" % (engine, core.remaining, core.offset))
        self._engine = engine
        self._core = core
        #: NumPy's Generator holds this lock around every call into the capsule's functions.
        self.lock = threading.Lock()
        #: PyCapsule "BitGenerator" holding NumPy's bitgen_t (read by numpy.random.Generator).
        self.capsule = core.capsule()

    @property
    def engine(self):
        """The engine's name."""
        return self._engine

    @property
    def bits_width(self):
        """32 or 64: the width of the engine's values (of random_raw's values)."""
        return self._core.bits_width

    @property
    def offset(self):
        """The position of the next value taken, in the engine's bits sequence (settable)."""
        with self.lock:
            return self._core.offset

    @offset.setter
    def offset(self, k):
        from ._generator import _uint

        k = _uint(k, "offset")
        with self.lock:
            self._core.offset = k

    def advance(self, delta):
        """Moves the position by ``delta`` values of the bits sequence (>= 0); returns self."""
        from ._generator import _uint

        d = _uint(delta, "delta")
        with self.lock:
            self._core.skip(d)
        return self

    def random_raw(self, size=None, output=True):
        """The next values of the engine's bits sequence as uint64 (NumPy's ``random_raw``):
        one Python int for ``size=None``, else an array of shape ``size``. ``output=False``
        skips them and returns None."""
        from ._arrays import _shape

        shape = _shape(size, "random_raw")
        n = 1 if shape is None else math.prod(shape)
        with self.lock:
            if not output:
                self._core.skip(n)
                return None
            if shape is None:
                return self._core.next_raw()
            out = np.empty(shape, dtype=np.uint64)
            self._core.raw_into(out)
            return out

    @property
    def state(self):
        """A picklable dict: ``bit_generator`` ("gpurng.BitGenerator"), ``engine``, ``state`` (the
        library's state bytes at the current position), ``has_uint32`` and ``uinteger`` (NumPy's
        half-used 64-bit word). Assigning it back continues bit for bit."""
        with self.lock:
            has, word = self._core.half_word()
            return {"bit_generator": "gpurng.BitGenerator", "engine": self._engine,
                    "state": self._core.state_bytes(), "has_uint32": int(has), "uinteger": int(word)}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or not isinstance(value.get("state"), (bytes, bytearray)):
            raise TypeError("state must be a dict with a bytes 'state' entry (as BitGenerator.state returns)")
        if value.get("engine", self._engine) != self._engine:
            raise ValueError("state is of engine %s, this bit generator's is %s" % (value["engine"], self._engine))
        has = bool(operator.index(value.get("has_uint32", 0)))
        word = operator.index(value.get("uinteger", 0))
        with self.lock:
            self._core.restore(bytes(value["state"]))
            self._core.set_half_word(has, word)

    def __reduce__(self):
        return (_from_state, (self.state,))

    def __repr__(self):
        return "gpurng.BitGenerator(%r, offset=%d)" % (self._engine, self.offset)


def _from_state(state):
    b = BitGenerator.__new__(BitGenerator)
    b._setup(state["engine"], bytes(state["state"]))
    b.state = state
    return b
