"""Python output == `gpurng generate` output, bit for bit, for every engine and distribution."""
import numpy as np
import pytest

import gpurng
from conftest import as_bytes

ENGINES = gpurng.engines()
SEED, OFFSET, COUNT = 42, 1001, 37  # an odd offset starts inside a Box-Muller pair

# (CLI --dist, Python method, Python kwargs, CLI parameter options)
DISTS = [
    ("uniform", "random", {}, []),
    ("normal", "standard_normal", {}, []),
    ("normal", "normal", {"loc": 0.5, "scale": 2.0}, ["--mean", "0.5", "--stddev", "2"]),
    ("exponential", "standard_exponential", {}, []),
    ("exponential", "exponential", {"scale": 0.25}, ["--lambda", "4"]),
    ("lognormal", "lognormal", {"mean": 0.25, "sigma": 0.5}, ["--mean", "0.25", "--stddev", "0.5"]),
]


def _cli_args(engine, count=COUNT, offset=OFFSET, seed=SEED):
    return ["--engine", engine, "--seed", seed, "--offset", offset, "--count", count]


@pytest.mark.parametrize("engine", ENGINES)
def test_bits_equal_cli(engine, cli):
    g = gpurng.Generator(engine, seed=SEED, backend="cpu", offset=OFFSET)
    values = g.bits(COUNT)
    assert values.dtype == (np.uint64 if g.bits_width == 64 else np.uint32)
    assert as_bytes(values) == cli(*_cli_args(engine), "--dist", "bits")
    assert g.offset == OFFSET + COUNT


@pytest.mark.parametrize("precision", ["float", "double"])
@pytest.mark.parametrize("dist,method,kwargs,options", DISTS, ids=[d[1] for d in DISTS])
@pytest.mark.parametrize("engine", ENGINES)
def test_real_equal_cli(engine, dist, method, kwargs, options, precision, cli):
    dtype = np.float32 if precision == "float" else np.float64
    g = gpurng.Generator(engine, seed=SEED, backend="cpu", offset=OFFSET)
    values = getattr(g, method)(size=COUNT, dtype=dtype, **kwargs)
    assert values.dtype == dtype and values.shape == (COUNT,)
    expected = cli(*_cli_args(engine), "--dist", dist, "--precision", precision, *options)
    assert as_bytes(values) == expected


# Engine options, stream selections and raw seeds, against the same CLI options.
OPTION_CASES = [
    ("mrg32k3a", {"stream": 3, "substream": 5}, ["--stream", "3", "--substream", "5"]),
    ("mrg32k3a", {"seed": [1, 2, 3, 4, 5, 6]}, ["--seed-array", "1,2,3,4,5,6"]),
    ("mt19937", {"seed": [0x123, 0x234, 0x345, 0x456]}, ["--seed-array", "0x123,0x234,0x345,0x456"]),
    ("mwc", {"streams": 4, "stream": 8}, ["--streams", "4", "--stream", "8"]),
    ("xorshift256", {"streams": 3}, ["--streams", "3"]),
    ("kiss", {"streams": 5, "stream": 2}, ["--streams", "5", "--stream", "2"]),
    ("dcmt521", {"streams": 2}, ["--streams", "2"]),
    ("dcmt2203", {"streams": 3, "stream": 1}, ["--streams", "3", "--stream", "1"]),
    ("mtgp11213", {"param_set": 1}, ["--param-set", "1"]),
    ("mtgp64-23209", {"param_set": 2}, ["--param-set", "2"]),
    ("sobol32", {"dims": 3, "scramble": "owen"}, ["--dims", "3", "--scramble", "owen"]),
    ("sobol64", {"dims": 2, "scramble": "shift"}, ["--dims", "2", "--scramble", "shift"]),
]


@pytest.mark.parametrize("engine,kwargs,options", OPTION_CASES,
                         ids=["%s-%s" % (c[0], "-".join(c[1])) for c in OPTION_CASES])
@pytest.mark.parametrize("method,dist", [("random", "uniform"), ("standard_normal", "normal"), ("bits", "bits")])
def test_options_equal_cli(engine, kwargs, options, method, dist, cli):
    kwargs = dict(kwargs)
    seed_args = []
    if "seed" not in kwargs:
        kwargs["seed"] = SEED
        seed_args = ["--seed", SEED]
    count = 36  # whole points for dims 2 and 3
    g = gpurng.Generator(engine, backend="cpu", offset=10, **kwargs)
    values = getattr(g, method)(count)
    expected = cli("--engine", engine, *seed_args, "--offset", 10, "--count", count, "--dist", dist, *options)
    assert as_bytes(values) == expected


@pytest.mark.parametrize("engine", ["sobol32", "sobol64", "mt19937"])
def test_normal_method_icdf_equals_cli(engine, cli):
    g = gpurng.Generator(engine, seed=SEED, backend="cpu", normal_method="icdf")
    values = g.standard_normal(COUNT, dtype=np.float32)
    expected = cli("--engine", engine, "--seed", SEED, "--count", COUNT, "--dist", "normal", "--precision",
                   "float", "--normal-method", "icdf")
    assert as_bytes(values) == expected


def test_default_generator_is_rngstreams():
    g = gpurng.Generator(backend="cpu")
    assert g.engine == "mrg32k3a"
    assert g.random() == 0.12701112204657714


@pytest.mark.parametrize("engine", ["mrg32k3a", "mt19937-64", "kiss", "mtgp11213"])
def test_chunks_and_out_equal_one_call(engine):
    whole = gpurng.Generator(engine, seed=7, backend="cpu").standard_normal((5, 13))
    g = gpurng.Generator(engine, seed=7, backend="cpu")
    out = np.empty(65)
    for start, stop in [(0, 1), (1, 8), (8, 30), (30, 65)]:  # odd splits of Box-Muller pairs
        g.standard_normal(out=out[start:stop])
    assert as_bytes(out) == as_bytes(whole.ravel())
    assert g.offset == 65


def test_scalar_results():
    g = gpurng.Generator(backend="cpu")
    x = g.random()
    assert isinstance(x, float) and g.offset == 1
    assert isinstance(g.bits(), np.uint32)
    assert isinstance(g.random(dtype=np.float32), np.float32)
    assert g.random(size=()).shape == ()
    assert g.random(size=(2, 0)).shape == (2, 0)
