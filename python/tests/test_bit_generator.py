"""gpurng.BitGenerator as numpy.random.Generator's bit generator: random_raw is gpurng's bits
sequence; 64-bit words and doubles are formed as documented (as NumPy's own bit generators form
them, so NumPy's engines give NumPy's numbers); state and pickling round-trip."""
import pickle

import numpy as np
import pytest

import gpurng

# Engines a bit generator accepts: all but those whose sequence could run out (sobol32).
ENGINES = [e for e in gpurng.engines() if e != "sobol32"]


def _bits(engine, n, offset=0, seed=9):
    return gpurng.Generator(engine, seed=seed, backend="cpu", offset=offset).bits(n).astype(np.uint64)


@pytest.mark.parametrize("engine", ENGINES)
def test_random_raw_is_the_bits_sequence(engine):
    b = gpurng.BitGenerator(engine, seed=9, offset=3)
    # Chunks that cross the 256 KiB buffer (65536 or 32768 values) at odd places.
    got = np.concatenate([b.random_raw(n) for n in (1, 32766, 2, 33000)]
                         + [np.array([b.random_raw()], dtype=np.uint64)])
    assert got.dtype == np.uint64
    assert np.array_equal(got, _bits(engine, got.size, offset=3))
    assert b.offset == 3 + got.size


@pytest.mark.parametrize("engine,numpy_bit_generator", [
    ("pcg64", np.random.PCG64), ("pcg64dxsm", np.random.PCG64DXSM), ("philox4x64-10", np.random.Philox)])
def test_numpy_engines_give_numpys_numbers(engine, numpy_bit_generator):
    ours = np.random.Generator(gpurng.BitGenerator(engine, seed=12345))
    theirs = np.random.Generator(numpy_bit_generator(12345))
    for draw in (lambda r: r.random(1001), lambda r: r.integers(0, 10, 999, dtype=np.uint32),
                 lambda r: r.standard_normal(5000), lambda r: r.integers(0, 2**40, 77),
                 lambda r: r.random(3, dtype=np.float32), lambda r: r.exponential(2.0, 1000),
                 lambda r: r.gamma(0.7, size=500), lambda r: r.permutation(1000)):
        assert np.array_equal(draw(ours), draw(theirs))


def test_mt19937_gives_numpys_mt19937_numbers():
    legacy = np.random.MT19937()
    legacy._legacy_seeding(5489)  # init_genrand(5489): the reference state, gpurng's seed 5489
    ours = np.random.Generator(gpurng.BitGenerator("mt19937", seed=5489))
    theirs = np.random.Generator(legacy)
    assert np.array_equal(ours.random(10000), theirs.random(10000))
    assert np.array_equal(ours.integers(0, 2**64 - 1, 1000, dtype=np.uint64, endpoint=True),
                          theirs.integers(0, 2**64 - 1, 1000, dtype=np.uint64, endpoint=True))
    assert np.array_equal(ours.normal(size=3000), theirs.normal(size=3000))


def test_word_formation_of_32_bit_engines():
    b = _bits("mrg32k3a", 6)
    r = np.random.Generator(gpurng.BitGenerator("mrg32k3a", seed=9))
    # next_uint64: the first value is the high half (a full-range integers call returns it as is).
    assert int(r.integers(0, 2**64 - 1, dtype=np.uint64, endpoint=True)) == int(b[0]) << 32 | int(b[1])
    # next_double: 27 + 26 bits of two values.
    assert r.random() == ((int(b[2]) >> 5) * 67108864.0 + (int(b[3]) >> 6)) / 9007199254740992.0
    # next_uint32: one value.
    assert int(r.integers(0, 2**32 - 1, dtype=np.uint32, endpoint=True)) == int(b[4])


def test_word_formation_of_64_bit_engines():
    b = _bits("mt19937-64", 4)
    r = np.random.Generator(gpurng.BitGenerator("mt19937-64", seed=9))
    # next_uint32: the low half, then the high half of the same value.
    u = r.integers(0, 2**32 - 1, size=2, dtype=np.uint32, endpoint=True)
    assert [int(x) for x in u] == [int(b[0]) & 0xFFFFFFFF, int(b[0]) >> 32]
    assert r.random() == (int(b[1]) >> 11) / 9007199254740992.0
    assert int(r.integers(0, 2**64 - 1, dtype=np.uint64, endpoint=True)) == int(b[2])


def test_state_round_trips_with_the_half_used_word():
    bg = gpurng.BitGenerator("philox4x64-10", seed=4)
    r = np.random.Generator(bg)
    r.integers(0, 2**32 - 1, dtype=np.uint32, endpoint=True)  # keeps a half word
    state = bg.state
    assert state["has_uint32"] == 1 and state["bit_generator"] == "gpurng.BitGenerator"
    first = r.integers(0, 2**32 - 1, size=9, dtype=np.uint32, endpoint=True), r.random(5000)
    bg.state = state
    again = r.integers(0, 2**32 - 1, size=9, dtype=np.uint32, endpoint=True), r.random(5000)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    copy = pickle.loads(pickle.dumps(bg))
    assert isinstance(copy, gpurng.BitGenerator) and copy.state["state"] == bg.state["state"]
    assert np.array_equal(copy.random_raw(100), bg.random_raw(100))
    other = gpurng.BitGenerator("pcg64")
    with pytest.raises(ValueError, match="engine"):
        other.state = state


def test_offset_advance_and_skip():
    bg = gpurng.BitGenerator("xorwow", seed=1)
    assert bg.random_raw(5, output=False) is None and bg.offset == 5
    bg.advance(10000)
    assert bg.offset == 10005 and bg.random_raw() == int(_bits("xorwow", 1, offset=10005, seed=1)[0])
    bg.offset = 7
    assert np.array_equal(bg.random_raw(3), _bits("xorwow", 3, offset=7, seed=1))
    assert isinstance(bg.random_raw(), int) and bg.random_raw((2, 3)).shape == (2, 3)


def test_options_and_streams_are_the_generators():
    bg = gpurng.BitGenerator("mrg32k3a", seed=3, stream=2, substream=1)
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cpu", stream=2, substream=1)
    assert np.array_equal(bg.random_raw(100), g.bits(100).astype(np.uint64))
    bg = gpurng.BitGenerator("dcmt521", seed=3, streams=4)
    g = gpurng.Generator("dcmt521", seed=3, backend="cpu", streams=4)
    assert np.array_equal(bg.random_raw(5000), g.bits(5000).astype(np.uint64))


def test_bad_arguments():
    with pytest.raises(ValueError, match="run out"):
        gpurng.BitGenerator("sobol32")
    with pytest.raises(TypeError, match="backend"):
        gpurng.BitGenerator("mrg32k3a", backend="cuda")
    with pytest.raises(ValueError, match="engine"):
        gpurng.BitGenerator("no-such-engine")
    with pytest.raises(TypeError):
        gpurng.BitGenerator("mrg32k3a").random_raw(1.5)
    with pytest.raises(ValueError):
        gpurng.BitGenerator("mrg32k3a").advance(-1)


def test_numpy_generator_sees_a_valid_capsule_and_lock():
    bg = gpurng.BitGenerator("kiss99", seed=2)
    r = np.random.Generator(bg)
    assert r.bit_generator is bg and bg.lock is not None
    # The capsule keeps the C state alive on its own.
    capsule = bg.capsule
    del bg
    assert r.random(10).shape == (10,) and capsule is not None
