"""Every distribution of the library through NumPy-named methods (integers, poisson, ..., and the
gpurng-only bernoulli, cauchy, truncated_normal): the CLI's bits where the CLI has the distribution,
the library's parameter order and dtypes, positions (offsets, advance, one call == split calls),
ranges and means, and bad parameters as ValueError with the library's message."""
import math
import subprocess

import numpy as np
import pytest

import gpurng
from conftest import _cli_path, as_bytes

SEED, OFFSET, COUNT = 42, 1001, 37

# (method, positional args, library dist, CLI parameter options, dtypes to check: default first,
#  mean, variance (None: undefined), support as (min, max) inclusive)
CASES = [
    ("poisson", (4.0,), "poisson", ["--lambda", "4"], [np.uint32], 4.0, 4.0, (0, None)),
    ("binomial", (10, 0.3), "binomial", ["--n", "10", "--p", "0.3"], [np.uint32], 3.0, 2.1, (0, 10)),
    ("hypergeometric", (300, 700, 200), "hypergeometric", ["--ngood", "300", "--nbad", "700", "--nsample", "200"],
     [np.uint32], 60.0, 60.0 * 0.7 * 800 / 999, (0, 200)),
    ("negative_binomial", (2.5, 0.4), "negative_binomial", ["--r", "2.5", "--p", "0.4"], [np.uint64],
     3.75, 9.375, (0, None)),
    ("geometric", (0.2,), "geometric", ["--p", "0.2"], [np.uint64, np.uint32], 5.0, 20.0, (1, None)),
    ("bernoulli", (0.3,), "bernoulli", ["--p", "0.3"], [np.uint32], 0.3, 0.21, (0, 1)),
    ("gamma", (2.0, 3.0), "gamma", ["--alpha", "2", "--theta", "3"], [np.float64, np.float32], 6.0, 18.0, (0, None)),
    ("standard_gamma", (0.5,), "gamma", ["--alpha", "0.5"], [np.float64, np.float32], 0.5, 0.5, (0, None)),
    ("chisquare", (3.0,), "chi_square", ["--k", "3"], [np.float64, np.float32], 3.0, 6.0, (0, None)),
    ("beta", (2.0, 5.0), "beta", ["--a", "2", "--b", "5"], [np.float64, np.float32], 2 / 7, 10 / 392, (0, 1)),
    ("standard_t", (5.0,), "student_t", ["--nu", "5"], [np.float64, np.float32], 0.0, 5 / 3, (None, None)),
    ("standard_cauchy", (), "cauchy", [], [np.float64, np.float32], None, None, (None, None)),
    ("cauchy", (1.0, 2.0), "cauchy", ["--x0", "1", "--gamma", "2"], [np.float64, np.float32], None, None,
     (None, None)),
    ("laplace", (1.0, 2.0), "laplace", ["--mu", "1", "--b", "2"], [np.float64, np.float32], 1.0, 8.0, (None, None)),
    ("logistic", (1.0, 2.0), "logistic", ["--mu", "1", "--s", "2"], [np.float64, np.float32], 1.0,
     math.pi ** 2 * 4 / 3, (None, None)),
    ("gumbel", (1.0, 2.0), "gumbel", ["--mu", "1", "--beta", "2"], [np.float64, np.float32], 1.0 + 2 * 0.5772156649,
     math.pi ** 2 * 4 / 6, (None, None)),
    ("rayleigh", (2.0,), "rayleigh", ["--sigma", "2"], [np.float64, np.float32], 2.0 * math.sqrt(math.pi / 2),
     (4 - math.pi) / 2 * 4, (0, None)),
    ("weibull", (1.5,), "weibull", ["--k", "1.5"], [np.float64, np.float32], math.gamma(1 + 1 / 1.5),
     math.gamma(1 + 2 / 1.5) - math.gamma(1 + 1 / 1.5) ** 2, (0, None)),
    ("truncated_normal", (-1.0, 2.0, 0.5, 1.5), "truncated_normal",
     ["--lower", "-1", "--upper", "2", "--mean", "0.5", "--stddev", "1.5"], [np.float64, np.float32], None, None,
     (-1, 2)),
    ("integers", (5, 28), "uniform_int", ["--lo", "5", "--hi", "27"], [np.int64, np.int32, np.uint64, np.uint32], 16.0,
     (23 ** 2 - 1) / 12, (5, 27)),
]
IDS = [c[0] for c in CASES]
# The methods whose values take pairs of engine outputs (docs/ENGINES.md, "Distributions").
_PAIRS = ("poisson", "binomial", "hypergeometric", "negative_binomial", "gamma", "standard_gamma", "chisquare", "beta",
          "standard_t", "truncated_normal", "integers")
_CLI_TYPE = {np.float32: "float", np.float64: "double", np.int32: "int32", np.int64: "int64",
             np.uint32: "uint32", np.uint64: "uint64"}


def _draw(g, method, args, n, dtype=None):
    kw = {} if dtype is None else {"dtype": dtype}
    return getattr(g, method)(*args, size=n, **kw)


# ---- the CLI's bits --------------------------------------------------------------------------------
_CLI_HAS = {}


def _cli_has(dist):
    """Whether this build's `gpurng generate` knows --dist dist (a CLI older than the library's
    list of distributions does not: those comparisons skip, saying so). Any other refusal is left
    to the comparison, which then fails with the CLI's message."""
    if dist not in _CLI_HAS:
        # No parameter options: an older CLI refuses those before it looks at --dist.
        p = subprocess.run([_cli_path(), "generate", "--backend", "cpu", "--dist", dist, "--count", "0", "--format",
                            "bin", "--out", "-"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
        _CLI_HAS[dist] = not (p.returncode != 0 and ("--dist: '%s'" % dist) in p.stderr.decode())
    return _CLI_HAS[dist]


@pytest.mark.parametrize("engine", ["mrg32k3a", "philox4x32-10", "mt19937-64", "sobol32"])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_values_equal_cli(case, engine, cli):
    method, args, dist, options, dtypes = case[:5]
    if not _cli_has(dist):
        pytest.skip("this gpurng CLI has no --dist %s" % dist)
    for dtype in dtypes:
        g = gpurng.Generator(engine, seed=SEED, backend="cpu", offset=OFFSET)
        if engine == "sobol32" and method in _PAIRS:
            # Quasi-random points serve only distributions with one output per value.
            with pytest.raises(gpurng.UnsupportedError, match="one output per value"):
                _draw(g, method, args, COUNT, dtype)
            assert g.offset == OFFSET
            continue
        values = _draw(g, method, args, COUNT, dtype)
        assert values.dtype == dtype and g.offset == OFFSET + COUNT
        expected = cli("--engine", engine, "--seed", SEED, "--offset", OFFSET, "--count", COUNT, "--dist", dist,
                       "--precision", _CLI_TYPE[dtype], *options)
        assert as_bytes(values) == expected, (method, dtype)


# ---- the library's parameter order and names -------------------------------------------------------
def test_distributions_lists_the_library():
    names = [d["name"] for d in gpurng.distributions()]
    assert names[:5] == ["bits", "uniform", "normal", "exponential", "lognormal"]
    assert {c[2] for c in CASES} <= set(names)
    info = {d["name"]: d for d in gpurng.distributions()}
    assert info["truncated_normal"]["params"] == [("mean", 0.0), ("stddev", 1.0), ("lower", None), ("upper", None)]
    assert info["poisson"]["value_types"] == ["uint32"]
    assert info["uniform_int"]["value_types"] == ["uint32", "uint64", "int32", "int64"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_methods_pass_the_library_parameters_in_its_order(case):
    # The same values as the extension's fill with the library's name and parameter order.
    method, args, dist = case[:3]
    dtype = case[4][0]
    g = gpurng.Generator("pcg64", seed=SEED, backend="cpu")
    values = _draw(g, method, args, 64, dtype)
    raw = gpurng.Generator("pcg64", seed=SEED, backend="cpu")
    ref = np.empty(64, dtype=dtype)
    lib_params = {"standard_gamma": lambda s: (s,), "standard_cauchy": lambda: (0.0, 1.0),
                  "weibull": lambda a: (a, 1.0), "truncated_normal": lambda lo, hi, m, s: (m, s, lo, hi),
                  "integers": lambda lo, hi: (lo, hi - 1)}.get(method, lambda *a: a)(*args)
    raw._g.fill(dist, ref, lib_params)
    assert as_bytes(values) == as_bytes(ref)


def test_numpy_special_cases_are_the_library_distributions():
    def same(a, b):
        return as_bytes(a) == as_bytes(b)

    def gen():
        return gpurng.Generator("xorwow", seed=9, backend="cpu")

    assert same(gen().standard_cauchy(500), gen().cauchy(0.0, 1.0, 500))
    assert same(gen().standard_gamma(2.5, 500), gen().gamma(2.5, 1.0, 500))
    assert same(gen().standard_gamma(2.5, 500, dtype=np.float32), gen().gamma(2.5, size=500, dtype=np.float32))
    assert same(gen().integers(7, size=500), gen().integers(0, 7, 500))
    assert same(gen().integers(7, size=500), gen().integers(0, 6, 500, endpoint=True))
    assert same(gen().integers(7, size=500, endpoint=True), gen().integers(0, 8, 500))


# ---- dtypes ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_dtypes(case):
    method, args, dist, _, dtypes = case[:5]
    g = gpurng.Generator(backend="cpu", seed=1)
    assert _draw(g, method, args, 3).dtype == dtypes[0]  # the default
    for dt in dtypes:
        assert _draw(g, method, args, 3, dt).dtype == dt
        out = np.zeros((2, 3), dtype=dt)
        assert getattr(g, method)(*args, out=out, dtype=dt) is out
    for bad in (np.float16, np.int16, np.complex128) + tuple(
            t for t in (np.float32, np.float64, np.int32, np.int64, np.uint32, np.uint64) if t not in dtypes):
        with pytest.raises(TypeError, match="not supported"):
            _draw(g, method, args, 3, bad)
    scalar = getattr(g, method)(*args)
    assert np.asarray(scalar).shape == () and np.asarray(scalar).dtype == dtypes[0]


def test_discrete_dtypes_are_the_libraries():
    g = gpurng.Generator(backend="cpu")
    assert g.poisson(3.0, 2).dtype == np.uint32
    assert g.binomial(5, 0.5, 2).dtype == np.uint32
    assert g.hypergeometric(5, 10, 4, 2).dtype == np.uint32
    assert g.bernoulli(0.5, 2).dtype == np.uint32
    assert g.geometric(0.5, 2).dtype == np.uint64
    assert g.geometric(0.5, 2, dtype=np.uint32).dtype == np.uint32
    assert g.negative_binomial(2, 0.5, 2).dtype == np.uint64
    assert g.integers(5, size=2).dtype == np.int64
    assert isinstance(g.integers(5), np.int64)


# ---- positions -------------------------------------------------------------------------------------
@pytest.mark.parametrize("engine", ["mrg32k3a", "mt19937", "philox4x64-10"])
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_offsets_advance_and_split_calls(case, engine):
    method, args = case[:2]
    dtype = case[4][-1]
    n = 301
    whole = _draw(gpurng.Generator(engine, seed=SEED, backend="cpu"), method, args, n, dtype)
    # Determinism.
    assert as_bytes(whole) == as_bytes(_draw(gpurng.Generator(engine, seed=SEED, backend="cpu"), method, args, n, dtype))
    # Element i is position i: an offset or advance starts inside the one-call result.
    for k in (1, 2, 77):
        at = gpurng.Generator(engine, seed=SEED, backend="cpu", offset=k)
        assert as_bytes(_draw(at, method, args, n - k, dtype)) == as_bytes(whole[k:])
        adv = gpurng.Generator(engine, seed=SEED, backend="cpu").advance(k)
        assert as_bytes(_draw(adv, method, args, n - k, dtype)) == as_bytes(whole[k:])
    # One call == odd splits into out= slices; the offset moves by the number of values.
    g = gpurng.Generator(engine, seed=SEED, backend="cpu")
    out = np.zeros(n, dtype=dtype)
    for start, stop in [(0, 1), (1, 8), (8, 100), (100, 101), (101, n)]:
        getattr(g, method)(*args, out=out[start:stop], dtype=dtype)
    assert as_bytes(out) == as_bytes(whole)
    assert g.offset == n
    # Shapes are C order over the same positions.
    shaped = _draw(gpurng.Generator(engine, seed=SEED, backend="cpu"), method, args, (7, 43), dtype)
    assert shaped.shape == (7, 43) and as_bytes(shaped.ravel()) == as_bytes(whole)


def test_state_round_trip_continues_a_distribution():
    g = gpurng.Generator("mrg32k3a", seed=3, backend="cpu")
    g.gamma(0.7, size=11)
    h = gpurng.Generator("mrg32k3a", backend="cpu")
    h.state = g.state
    assert as_bytes(h.binomial(20, 0.25, 50)) == as_bytes(g.binomial(20, 0.25, 50))


# ---- ranges and means ------------------------------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_support_and_mean(case):
    method, args, _, _, dtypes, mean, var, (lo, hi) = case
    n = 40000
    g = gpurng.Generator("pcg64", seed=2024, backend="cpu")
    for dt in dtypes:
        x = _draw(g, method, args, n, dt)
        assert np.all(np.isfinite(x.astype(np.float64)))
        if lo is not None:
            assert x.min() >= lo
        if hi is not None:
            assert x.max() <= hi
        if mean is not None:
            # 6 standard errors: a swapped or misread parameter moves the mean far more.
            assert abs(float(x.astype(np.float64).mean()) - mean) < 6 * math.sqrt(var / n), (method, dt)
    if method == "integers":
        assert set(np.unique(x).tolist()) == set(range(5, 28))  # every value of [5, 28) appears
    if method in ("standard_cauchy", "cauchy"):
        loc = args[0] if args else 0.0
        scale = args[1] if args else 1.0
        assert abs(float(np.median(x)) - loc) < 0.05 * scale  # the median is x0
        assert abs(float(np.quantile(x, 0.75)) - (loc + scale)) < 0.1 * scale  # quartile x0 + gamma
    if method == "truncated_normal":
        assert abs(float(x.mean()) - _truncated_normal_mean(-1.0, 2.0, 0.5, 1.5)) < 0.02


def _truncated_normal_mean(lower, upper, mu, sigma):
    a, b = (lower - mu) / sigma, (upper - mu) / sigma
    phi = lambda t: math.exp(-t * t / 2) / math.sqrt(2 * math.pi)  # noqa: E731
    cdf = lambda t: 0.5 * math.erfc(-t / math.sqrt(2))  # noqa: E731
    return mu + sigma * (phi(a) - phi(b)) / (cdf(b) - cdf(a))


# NumPy's Generator.hypergeometric (its HRUA above mean 10, its own small-sample method below) has
# the same distribution: the two samples' means and variances agree, within a two-sample spread.
@pytest.mark.parametrize("params", [(5, 10, 4), (10, 5, 12), (300, 700, 200), (700, 300, 800), (20, 20, 20),
                                    (10 ** 6, 10 ** 6, 10 ** 5), (30, 10 ** 8, 5 * 10 ** 7)])
def test_hypergeometric_moments_equal_numpys(params):
    ngood, nbad, nsample = params
    n = 1 << 18
    ours = gpurng.Generator("philox4x32-10", seed=77, backend="cpu").hypergeometric(*params, n).astype(np.float64)
    theirs = np.random.default_rng(77).hypergeometric(*params, n).astype(np.float64)
    total = ngood + nbad
    mean = nsample * ngood / total
    var = mean * (nbad / total) * (total - nsample) / (total - 1)
    # Standard errors of one sample's mean and variance (the variance's from the sample's own fourth
    # central moment), then of the difference of two.
    se_mean = math.sqrt(2 * var / n)
    m4 = float(np.mean((ours - mean) ** 4))
    se_var = math.sqrt(2 * (m4 - var * var) / n)
    assert abs(ours.mean() - theirs.mean()) < 5 * se_mean, (ours.mean(), theirs.mean())
    assert abs(ours.var() - theirs.var()) < 5 * se_var, (ours.var(), theirs.var())
    assert abs(ours.mean() - mean) < 5 * se_mean and abs(ours.var() - var) < 5 * se_var
    assert ours.min() >= max(0, nsample - nbad) and ours.max() <= min(ngood, nsample)


def test_degenerate_parameters_give_exact_values():
    g = gpurng.Generator(backend="cpu", seed=5)
    assert np.all(g.bernoulli(1.0, 100) == 1) and np.all(g.bernoulli(0.0, 100) == 0)
    assert np.all(g.binomial(0, 0.5, 100) == 0) and np.all(g.binomial(7, 1.0, 100) == 7)
    assert np.all(g.hypergeometric(5, 10, 0, 100) == 0) and np.all(g.hypergeometric(5, 10, 15, 100) == 5)
    assert np.all(g.hypergeometric(0, 10, 4, 100) == 0) and np.all(g.hypergeometric(5, 0, 4, 100) == 4)
    assert np.all(g.poisson(0.0, 100) == 0)
    assert np.all(g.geometric(1.0, 100) == 1)
    assert np.all(g.integers(4, 5, 100) == 4) and np.all(g.integers(9, 9, 100, endpoint=True) == 9)


# ---- integers: NumPy's semantics, exact bounds -----------------------------------------------------
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.uint64, np.uint32])
def test_integers_reach_the_dtype_limits(dtype):
    info = np.iinfo(dtype)
    g = gpurng.Generator("philox4x64-10", seed=1, backend="cpu")
    # The two topmost and bottommost values: bounds beyond 2^53 stay exact.
    top = g.integers(int(info.max) - 1, int(info.max), 2000, dtype=dtype, endpoint=True)
    assert set(top.tolist()) == {int(info.max) - 1, int(info.max)}
    bottom = g.integers(int(info.min), int(info.min) + 2, 2000, dtype=dtype)
    assert set(bottom.tolist()) == {int(info.min), int(info.min) + 1}
    # The whole range, with high exclusive one past the dtype (as NumPy allows).
    full = g.integers(int(info.min), int(info.max) + 1, 1000, dtype=dtype)
    assert full.dtype == dtype
    full = g.integers(int(info.min), int(info.max), 1000, dtype=dtype, endpoint=True)
    assert full.min() < info.min // 2 + info.max // 4 and full.max() > info.max // 2


def test_integers_errors_are_numpys():
    g = gpurng.Generator(backend="cpu")
    with pytest.raises(ValueError, match="high <= 0"):
        g.integers(0)
    with pytest.raises(ValueError, match="low >= high"):
        g.integers(3, 3)
    with pytest.raises(ValueError, match="low > high"):
        g.integers(3, 2, endpoint=True)
    with pytest.raises(ValueError, match="low is out of bounds for uint32"):
        g.integers(-1, 3, dtype=np.uint32)
    with pytest.raises(ValueError, match="high is out of bounds for uint32"):
        g.integers(0, 2 ** 32 + 1, dtype=np.uint32)
    with pytest.raises(ValueError, match="high is out of bounds for int64"):
        g.integers(0, 2 ** 63, dtype=np.int64, endpoint=True)
    with pytest.raises(ValueError, match="out of bounds for int32"):
        g.integers(-2 ** 31 - 1, 0, dtype=np.int32)
    with pytest.raises(TypeError, match="not supported"):
        g.integers(5, dtype=np.int16)
    with pytest.raises(TypeError, match="not supported"):
        g.integers(5, dtype=np.float64)
    with pytest.raises(TypeError, match="integer"):
        g.integers(2.5)
    with pytest.raises(TypeError, match="integer"):
        g.integers(np.arange(3))
    with pytest.raises(TypeError, match="does not match"):
        g.integers(5, out=np.zeros(3, dtype=np.int32))  # dtype defaults to int64, as random()'s to float64
    assert g.offset == 0
    assert g.integers(5.0, size=3).dtype == np.int64  # integral floats, as NumPy takes them
    assert g.integers(np.uint8(5), size=3).max() < 5
    # The extension checks exact bounds itself.
    with pytest.raises(ValueError, match="uint32 range"):
        g._g.fill("uniform_int", np.zeros(3, dtype=np.uint32), (-1, 3))
    with pytest.raises(ValueError, match="int64 range"):
        g._g.fill("uniform_int", np.zeros(3, dtype=np.int64), (0, 2 ** 63))
    with pytest.raises(gpurng.InvalidArgumentError, match="lo"):  # the library: lo <= hi
        g._g.fill("uniform_int", np.zeros(3, dtype=np.int64), (3, 2))


def test_integers_through_dlpack_and_out():
    from dlpack_producer import Producer

    a = np.zeros((4, 5), dtype=np.int32)
    g = gpurng.Generator("kiss", seed=3, backend="cpu")
    assert g.integers(-100, 100, dtype=np.int32, out=Producer(a)) is not None
    ref = gpurng.Generator("kiss", seed=3, backend="cpu").integers(-100, 100, (4, 5), dtype=np.int32)
    assert as_bytes(a) == as_bytes(ref)
    b = np.zeros(9, dtype=np.uint32)
    g.poisson(2.0, out=Producer(b))
    assert as_bytes(b) == as_bytes(gpurng.Generator("kiss", seed=3, backend="cpu", offset=20).poisson(2.0, 9))
    with pytest.raises(TypeError, match="dtype"):
        g.poisson(2.0, out=Producer(np.zeros(3)))


# ---- bad parameters: the library's words -----------------------------------------------------------
BAD = [
    ("poisson", (-1.0,), "lambda"),
    ("poisson", (2.0 ** 40,), "lambda"),
    ("binomial", (10.5, 0.5), "binomial n"),
    ("binomial", (-1, 0.5), "binomial n"),
    ("binomial", (10, 1.5), "p"),
    ("hypergeometric", (5, 10, 16), "hypergeometric nsample: must be at most ngood + nbad = 15"),
    ("hypergeometric", (-1, 10, 4), "hypergeometric ngood: must be an integer in [0, 2^32 - 1]"),
    ("hypergeometric", (5, 2.5, 4), "hypergeometric nbad"),
    ("hypergeometric", (5, 10, float("nan")), "hypergeometric nsample"),
    ("hypergeometric", (2 ** 32 - 1, 1, 0), "ngood + nbad must be at most 2^32 - 1"),
    ("negative_binomial", (0.0, 0.5), "negative binomial"),
    ("negative_binomial", (2.0, 0.0), "p"),
    ("geometric", (0.0,), "p"),
    ("bernoulli", (1.5,), "p"),
    ("gamma", (0.0,), "alpha"),
    ("gamma", (1.0, -1.0), "theta"),
    ("standard_gamma", (float("nan"),), "alpha"),
    ("chisquare", (0.0,), "k"),
    ("beta", (0.0, 1.0), "a"),
    ("beta", (1.0, float("inf")), "b"),
    ("standard_t", (0.0,), "nu"),
    ("cauchy", (0.0, 0.0), "gamma"),
    ("cauchy", (float("inf"), 1.0), "x0"),
    ("laplace", (0.0, 0.0), "b"),
    ("logistic", (0.0, -1.0), "s"),
    ("gumbel", (0.0, float("nan")), "beta"),
    ("rayleigh", (0.0,), "sigma"),
    ("weibull", (0.0,), "k"),
    ("truncated_normal", (2.0, 1.0), "lower"),
    ("truncated_normal", (-1.0, 1.0, 0.0, 0.0), "stddev"),
]


@pytest.mark.parametrize("method,args,word", BAD, ids=["%s%r" % (b[0], b[1]) for b in BAD])
def test_bad_parameters_are_library_errors(method, args, word):
    g = gpurng.Generator(backend="cpu", offset=5)
    with pytest.raises(gpurng.InvalidArgumentError) as e:
        getattr(g, method)(*args, size=3)
    assert isinstance(e.value, ValueError) and word in str(e.value)
    assert g.offset == 5
    # The same for an empty request, for float32 and for out= (checked before anything is written).
    out = np.full(3, 7, dtype=_dist_default(method))
    with pytest.raises(ValueError):
        getattr(g, method)(*args, out=out, dtype=out.dtype)
    assert np.all(out == 7) and g.offset == 5


def _dist_default(method):
    for c in CASES:
        if c[0] == method:
            return c[4][0]
    raise KeyError(method)


def test_float32_parameters_are_checked_in_float32():
    g = gpurng.Generator(backend="cpu")
    with pytest.raises(ValueError):
        g.laplace(0.0, 1e300, 3, dtype=np.float32)  # the scale is not a float
    assert g.laplace(0.0, 1e300, 3).dtype == np.float64
    # Computed in double and rounded once: a beta with huge shapes is fine in float32.
    assert np.all(np.isfinite(g.beta(1e30, 1e30, 3, dtype=np.float32)))


def test_parameter_types():
    g = gpurng.Generator(backend="cpu")
    with pytest.raises(TypeError):
        g.poisson("4")
    with pytest.raises(TypeError, match="arrays of parameters"):
        g.gamma(np.ones(3), size=3)
    with pytest.raises(TypeError):
        g.binomial(True, 0.5)
    with pytest.raises(TypeError):
        g.hypergeometric(5, "10", 4)
    with pytest.raises(TypeError):
        g._g.fill("gamma", np.zeros(3), ("x",))
    with pytest.raises(TypeError):
        g._g.fill("gamma", np.zeros(3), 2.0)  # not a sequence
    with pytest.raises(gpurng.InvalidArgumentError, match="takes 1 parameter"):
        g._g.fill("poisson", np.zeros(3, dtype=np.uint32), (1.0, 2.0))
    assert g.offset == 0
