"""Offsets, streams, spawn, jumped, state round trips (pickle, state property, files)."""
import copy
import pickle

import numpy as np
import pytest

import gpurng
from conftest import as_bytes

ENGINES = gpurng.engines()


@pytest.mark.parametrize("engine", ENGINES)
def test_pickle_round_trip_is_bit_exact(engine):
    g = gpurng.Generator(engine, seed=11, backend="cpu")
    g.standard_normal(21)  # an odd offset: mid-pair
    h = pickle.loads(pickle.dumps(g))
    assert h.engine == engine and h.offset == g.offset == 21
    assert as_bytes(h.standard_normal(50)) == as_bytes(g.standard_normal(50))
    assert as_bytes(h.bits(9)) == as_bytes(g.bits(9))


@pytest.mark.parametrize("engine", ENGINES)
def test_state_file_round_trip(engine, tmp_path):
    g = gpurng.Generator(engine, seed=5, backend="cpu")
    g.random(1000)
    path = tmp_path / "gen.state"
    g.save(path)
    h = gpurng.Generator(engine, backend="cpu").load(str(path))
    assert h.offset == 1000
    assert as_bytes(h.random(100, dtype=np.float32)) == as_bytes(g.random(100, dtype=np.float32))


def test_state_property_and_deepcopy():
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cpu", stream=2, substream=1)
    g.random(17)
    s = g.state
    assert s["engine"] == "mrg32k3a" and isinstance(s["state"], bytes)
    a = g.random(10)
    g.state = s
    assert g.offset == 17 and g.stream == 2 and g.substream == 1
    assert as_bytes(g.random(10)) == as_bytes(a)
    c = copy.deepcopy(g)
    assert as_bytes(c.bits(5)) == as_bytes(g.bits(5))


def test_state_of_another_engine_is_refused():
    s = gpurng.Generator("mt19937", backend="cpu").state
    g = gpurng.Generator("mrg32k3a", backend="cpu")
    with pytest.raises(ValueError):
        g.state = s
    s["engine"] = "mrg32k3a"  # lie about it: the library's header check catches it
    with pytest.raises(gpurng.CorruptStateError):
        g.state = s
    with pytest.raises(gpurng.CorruptStateError):
        g.state = dict(s, state=s["state"][:-1])


def test_offset_and_advance():
    ref = gpurng.Generator(backend="cpu").random(100)
    g = gpurng.Generator(backend="cpu")
    g.offset = 40
    assert g.random() == ref[40]
    assert g.advance(9).offset == 50
    assert g.random() == ref[50]
    g.advance(-51)
    assert g.offset == 0 and g.random() == ref[0]
    with pytest.raises(ValueError):
        g.advance(-2)
    assert g.remaining == 2**64 - 2
    g2 = gpurng.Generator(backend="cpu", offset=2**64 - 2)
    with pytest.raises(ValueError):
        g2.random(2)
    assert g2.offset == 2**64 - 2  # a failed call changes nothing


def test_select_stream_matches_constructor():
    a = gpurng.Generator(seed=1, backend="cpu", stream=4, substream=2).random(8)
    g = gpurng.Generator(seed=1, backend="cpu")
    g.random(3)
    g.select_stream(4, 2)
    assert g.offset == 0 and (g.stream, g.substream) == (4, 2)
    assert as_bytes(g.random(8)) == as_bytes(a)


def test_jumped_mrg32k3a_is_the_next_stream_at_the_same_offset():
    g = gpurng.Generator(seed=9, backend="cpu", stream=1, substream=3, offset=77)
    j = g.jumped(2)
    assert (j.stream, j.substream, j.offset) == (3, 3, 77)
    expected = gpurng.Generator(seed=9, backend="cpu", stream=3, substream=3, offset=77).random(10)
    assert as_bytes(j.random(10)) == as_bytes(expected)
    assert g.offset == 77 and g.stream == 1  # the parent is unchanged


def test_jumped_many_stream_engine_moves_by_blocks():
    g = gpurng.Generator("kiss", seed=9, backend="cpu", streams=4, offset=5)
    j = g.jumped()
    assert j.stream == 4 and j.offset == 5
    expected = gpurng.Generator("kiss", seed=9, backend="cpu", streams=4, stream=4, offset=5).bits(12)
    assert as_bytes(j.bits(12)) == as_bytes(expected)
    with pytest.raises(ValueError, match="streams="):
        gpurng.Generator("kiss", backend="cpu").jumped()


def test_spawn_children_are_distinct_streams():
    g = gpurng.Generator(seed=2, backend="cpu")
    kids = g.spawn(3)
    more = g.spawn(2)
    streams = [k.stream for k in kids + more]
    assert streams == [1, 2, 3, 4, 5]
    grandkids = kids[0].spawn(2)
    assert [k.stream for k in grandkids] == [4096 + 1, 4096 + 2]
    for k in kids:
        assert k.offset == 0
        expected = gpurng.Generator(seed=2, backend="cpu", stream=k.stream).random(4)
        assert as_bytes(k.random(4)) == as_bytes(expected)
    w = gpurng.Generator("mwc", seed=2, backend="cpu", streams=8).spawn(2)
    assert [k.stream for k in w] == [8, 16]


@pytest.mark.parametrize("engine", ["mt19937", "sobol32", "mtgp11213", "kiss99"])
def test_spawn_without_streams_is_unsupported(engine):
    g = gpurng.Generator(engine, backend="cpu")
    assert g.stream is None
    with pytest.raises(gpurng.UnsupportedError):
        g.spawn(2)
    with pytest.raises(gpurng.UnsupportedError):
        g.jumped()


def test_load_forgets_the_python_stream_view(tmp_path):
    g = gpurng.Generator(seed=1, backend="cpu", stream=6)
    g.save(tmp_path / "s")
    h = gpurng.Generator(backend="cpu").load(tmp_path / "s")
    assert h.stream is None
    assert as_bytes(h.random(3)) == as_bytes(g.random(3))
    with pytest.raises(ValueError, match="select_stream"):
        h.spawn(1)


def test_one_generator_shared_by_threads():
    import threading

    g = gpurng.Generator("mt19937", seed=4, backend="cpu", threads=1)
    chunks = []

    def work():
        for _ in range(20):
            chunks.append(g.random(10_000))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert g.offset == 80 * 10_000
    # Every chunk is some contiguous block of the sequence, and together they cover it once.
    whole = gpurng.Generator("mt19937", seed=4, backend="cpu").random(80 * 10_000)
    index = {whole[i * 10_000]: i for i in range(80)}
    seen = sorted(index[c[0]] for c in chunks)
    assert seen == list(range(80))
    for c in chunks:
        i = index[c[0]]
        assert as_bytes(c) == as_bytes(whole[i * 10_000:(i + 1) * 10_000])


def test_after_load_select_stream_makes_spawn_work_again(tmp_path):
    g = gpurng.Generator(seed=1, backend="cpu", stream=6)
    g.save(tmp_path / "s")
    h = gpurng.Generator(backend="cpu").load(tmp_path / "s")
    h.select_stream(6)
    kid = h.spawn(1)[0]
    assert kid.stream == 6 * 4096 + 1
    assert h.jumped().stream == 7
