#!/usr/bin/env python3
"""gpurng from Python beside CuPy, PyTorch, JAX and NumPy, in one run on one device (issue 25).

Three parts, each skipped with a message when what it needs is missing:

gpu       G values/s (10^9 values per second) of filling N values, N = 2^20, 2^24, 2^28 by default:
          gpurng into a preallocated CuPy array and PyTorch tensor (out=, through DLPack, on the
          array's stream) and into a new gpurng.DeviceArray (device="cuda"), for each engine asked
          for, beside CuPy's cupy.random.Generator (default bit generator), PyTorch's default CUDA
          generator (out= or in-place methods where it has them) and JAX's jax.random (jit,
          block_until_ready), for every distribution gpurng shares with each of them.
overhead  One call of 10^4 values plus synchronisation (wall clock, median of many): gpurng from
          Python, the same fill timed in C++ inside the module (gpurng._gpurng._time_calls: same
          generator, array, stream and synchronisation, no interpreter), CuPy, PyTorch, JAX; and on
          the CPU gpurng from Python against the same C++ call and NumPy.
cpu       Per core: gpurng's CPU backend with one worker thread (Generator(threads=1), and
          gpurng.BitGenerator, which always uses one) against NumPy's own BitGenerators for the same
          engine (MT19937 / mt19937, PCG64 / pcg64, Philox / philox4x64-10): random_raw, random and
          standard_normal (float64 and float32) into preallocated arrays.

Timing: a measurement is `inner` back-to-back calls followed by one synchronisation of the device
(cudaDeviceSynchronize through CuPy or PyTorch; JAX: block_until_ready of the last result), divided by
`inner` (more than one call only below 2^24 values, so the timer and the launch are not what is
measured); the median of --repeats measurements after --warmup calls (which also compile JAX's
functions). Overhead rows are single calls. Each library keeps its own memory pool between calls;
gpurng's device="cuda" allocates with cudaMalloc and frees with cudaFree on every call, so that
column includes them.

Output: one Markdown table per part, printed last (after the progress lines), and results.json and
results.csv under --out. Run on the GPU machine: scripts/gpu-check.sh pybench (see
docs/PERFORMANCE.md, "Python"). Here (no GPU): python3 bench/python/bench_python.py --parts cpu,overhead.
"""

import argparse
import csv
import json
import math
import os
import platform
import statistics
import sys
import time

import numpy as np

# JAX takes 75 % of the GPU's memory at its first use unless told otherwise; the other libraries
# need room too. Must be set before jax is imported.
os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")

perf = time.perf_counter

# ---- what is compared ------------------------------------------------------------------------------
# (key, dtype): the distributions and types the GPU part measures. Parameters: lognormal(0, 1),
# poisson(10), gamma(2.5, 1), beta(2, 5), binomial(100, 0.3), integers in [0, 1000); and every other
# distribution gpurng shares with one of the three libraries (EXTRA_PARAMS): geometric(0.01),
# bernoulli(0.3), chisquare(3), standard_t(4), standard_cauchy, laplace(0, 1), logistic(0, 1),
# gumbel(0, 1), rayleigh(1), weibull(1.5), negative_binomial(5, 0.3), hypergeometric(5, 10, 4),
# truncated_normal on [-1, 2]. Integer counts in gpurng's type for them (the others make their own:
# int64 or float tensors, a new array per call where the library has no out=).
GPU_CASES = [
    ("uniform", "float32"), ("uniform", "float64"), ("uniform", "float16"),
    ("normal", "float32"), ("normal", "float64"), ("normal", "float16"),
    ("exponential", "float32"), ("exponential", "float64"),
    ("lognormal", "float32"), ("lognormal", "float64"),
    ("poisson", "uint32"),
    ("gamma", "float32"), ("gamma", "float64"),
    ("beta", "float32"), ("beta", "float64"),
    ("binomial", "uint32"),
    ("integers", "int32"), ("integers", "int64"),
    ("geometric", "uint64"), ("bernoulli", "uint32"), ("negative_binomial", "uint64"), ("hypergeometric", "uint32"),
    ("chisquare", "float32"), ("standard_t", "float32"), ("standard_cauchy", "float32"), ("laplace", "float32"),
    ("logistic", "float32"), ("gumbel", "float32"), ("rayleigh", "float32"), ("weibull", "float32"),
    ("truncated_normal", "float32"),
]
# The extra distributions' parameters, one tuple for every library (NumPy's argument order).
EXTRA_PARAMS = {
    "geometric": (0.01,), "bernoulli": (0.3,), "negative_binomial": (5, 0.3), "hypergeometric": (5, 10, 4),
    "chisquare": (3.0,), "standard_t": (4.0,), "standard_cauchy": (), "laplace": (0.0, 1.0), "logistic": (0.0, 1.0),
    "gumbel": (0.0, 1.0), "rayleigh": (1.0,), "weibull": (1.5,), "truncated_normal": (-1.0, 2.0),
}
# Keys whose PyTorch call makes its own tensor (no `out` buffer needed).
TORCH_OWN_TENSOR = ("poisson", "binomial", "gamma", "beta", "geometric", "bernoulli", "negative_binomial",
                    "chisquare", "standard_t", "laplace", "gumbel", "weibull")
CPU_PAIRS = [("MT19937", "mt19937"), ("PCG64", "pcg64"), ("Philox", "philox4x64-10")]
DEFAULT_ENGINES = "philox4x32-10,mrg32k3a,xorwow"


def gpurng_call(g, key, dt, n, out):
    """A function doing one gpurng call of `key` into out (an array) or, with out None, into a new
    DeviceArray (device="cuda")."""
    kw = {"dtype": np.dtype(dt)}
    kw.update({"out": out} if out is not None else {"size": n, "device": "cuda"})
    if key in ("poisson", "binomial"):
        kw.pop("dtype")  # uint32, the library's one type for them
    calls = {
        "uniform": lambda: g.random(**kw),
        "normal": lambda: g.standard_normal(**kw),
        "exponential": lambda: g.standard_exponential(**kw),
        "lognormal": lambda: g.lognormal(0.0, 1.0, **kw),
        "poisson": lambda: g.poisson(10.0, **kw),
        "gamma": lambda: g.gamma(2.5, 1.0, **kw),
        "beta": lambda: g.beta(2.0, 5.0, **kw),
        "binomial": lambda: g.binomial(100, 0.3, **kw),
        "integers": lambda: g.integers(0, 1000, **kw),
    }
    if key in EXTRA_PARAMS:
        if key in ("geometric", "bernoulli", "negative_binomial", "hypergeometric") and out is not None:
            kw.pop("dtype")  # the out array's type
        method = getattr(g, key)
        return lambda: method(*EXTRA_PARAMS[key], **kw)
    return calls[key]


def cupy_call(cp, rng, key, dt, n, out):
    """CuPy's Generator (its default bit generator), into out where the method takes out=. Returns
    (function, note) or (None, why not)."""
    d = np.dtype(dt)
    if key == "uniform":
        return (lambda: rng.random(n, dtype=d, out=out)), "Generator.random(out=)"
    if key == "normal":
        return (lambda: rng.standard_normal(n, dtype=d, out=out)), "Generator.standard_normal(out=)"
    if key == "exponential":
        return (lambda: rng.standard_exponential(n, dtype=d, out=out)), "Generator.standard_exponential(out=)"
    if key == "gamma":
        return (lambda: rng.standard_gamma(2.5, size=n, dtype=d, out=out)), "Generator.standard_gamma(out=)"
    if key == "beta" and d == np.float64:
        return (lambda: rng.beta(2.0, 5.0, n)), "Generator.beta (new array)"
    if key == "poisson":
        return (lambda: rng.poisson(10.0, n)), "Generator.poisson (new int64 array)"
    if key == "binomial":
        return (lambda: rng.binomial(100, 0.3, n)), "Generator.binomial (new int64 array)"
    if key == "integers":
        return (lambda: rng.integers(0, 1000, n, dtype=d)), "Generator.integers (new array)"
    if key in EXTRA_PARAMS:
        # cupy.random.Generator where it has the method, else the legacy module function (RandomState).
        params = EXTRA_PARAMS[key]
        name = "standard_t" if key == "standard_t" else key
        for owner, label in ((rng, "Generator"), (cp.random, "cupy.random")):
            fn = getattr(owner, name, None)
            if fn is None:
                continue
            if d.kind == "f":
                try:
                    fn(*params, size=16, dtype=d)
                    return (lambda: fn(*params, size=n, dtype=d)), "%s.%s(dtype=) (new array)" % (label, name)
                except TypeError:
                    pass
            return (lambda: fn(*params, size=n)), "%s.%s (new array)" % (label, name)
    return None, "not in cupy.random for %s" % dt


def torch_call(torch, key, dt, n, out, dev):
    """PyTorch's default CUDA generator: out= or in-place methods where they exist."""
    t = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16, "int32": torch.int32,
         "int64": torch.int64}.get(dt)
    if key == "uniform":
        return (lambda: torch.rand(n, dtype=t, device=dev, out=out)), "torch.rand(out=)"
    if key == "normal":
        return (lambda: torch.randn(n, dtype=t, device=dev, out=out)), "torch.randn(out=)"
    if key == "exponential":
        return (lambda: out.exponential_()), "Tensor.exponential_()"
    if key == "lognormal":
        return (lambda: out.log_normal_(0.0, 1.0)), "Tensor.log_normal_()"
    if key == "integers":
        return (lambda: torch.randint(0, 1000, (n,), dtype=t, device=dev, out=out)), "torch.randint(out=)"
    # Parameter tensors, made once here (outside the timing): PyTorch takes its parameters per value.
    if key == "poisson":
        rates = torch.full((n,), 10.0, dtype=torch.float32, device=dev)
        return (lambda: torch.poisson(rates)), "torch.poisson(rates) (new float32 tensor)"
    if key == "binomial":
        count = torch.full((n,), 100.0, dtype=torch.float32, device=dev)
        prob = torch.full((n,), 0.3, dtype=torch.float32, device=dev)
        return (lambda: torch.binomial(count, prob)), "torch.binomial(count, prob) (new float32 tensor)"
    if key == "gamma":
        alpha = torch.full((n,), 2.5, dtype=t, device=dev)
        return (lambda: torch._standard_gamma(alpha)), "torch._standard_gamma(alpha) (new tensor)"
    if key == "beta":
        dist = torch.distributions.Beta(torch.tensor(2.0, dtype=t, device=dev), torch.tensor(5.0, dtype=t, device=dev))
        return (lambda: dist.sample((n,))), "distributions.Beta.sample (new tensor)"
    # The extra distributions: in-place kernels where PyTorch has them, else torch.distributions.
    if key == "geometric":
        own = torch.empty(n, dtype=torch.int64, device=dev)
        return (lambda: own.geometric_(0.01)), "Tensor.geometric_() (int64)"
    if key == "bernoulli":
        own = torch.empty(n, dtype=torch.float32, device=dev)
        return (lambda: own.bernoulli_(0.3)), "Tensor.bernoulli_(p) (float32)"
    if key == "standard_cauchy":
        return (lambda: out.cauchy_()), "Tensor.cauchy_()"
    if key == "truncated_normal":
        return (lambda: torch.nn.init.trunc_normal_(out, 0.0, 1.0, -1.0, 2.0)), "nn.init.trunc_normal_"
    f32 = torch.float32

    def param(v):
        return torch.tensor(v, dtype=f32, device=dev)
    dists = {
        "negative_binomial": lambda: torch.distributions.NegativeBinomial(param(5.0), probs=param(0.7)),
        "chisquare": lambda: torch.distributions.Chi2(param(3.0)),
        "standard_t": lambda: torch.distributions.StudentT(param(4.0)),
        "laplace": lambda: torch.distributions.Laplace(param(0.0), param(1.0)),
        "gumbel": lambda: torch.distributions.Gumbel(param(0.0), param(1.0)),
        "weibull": lambda: torch.distributions.Weibull(param(1.0), param(1.5)),
    }
    if key in dists:
        dist = dists[key]()
        # NegativeBinomial's probs is the success probability of the failures it counts: 1 - p.
        return (lambda: dist.sample((n,))), "distributions.%s.sample (new tensor)" % type(dist).__name__
    return None, "no PyTorch counterpart"


def jax_call(jax, key, dt, n):
    """jax.random under jit (a new array each call, as JAX always gives)."""
    jr = jax.random
    d = np.dtype(dt)
    fns = {
        "uniform": lambda k: jr.uniform(k, (n,), dtype=d),
        "normal": lambda k: jr.normal(k, (n,), dtype=d),
        "exponential": lambda k: jr.exponential(k, (n,), dtype=d),
        "lognormal": lambda k: jr.lognormal(k, 1.0, (n,), dtype=d),
        "poisson": lambda k: jr.poisson(k, 10.0, (n,)),
        "gamma": lambda k: jr.gamma(k, 2.5, (n,), dtype=d),
        "beta": lambda k: jr.beta(k, 2.0, 5.0, (n,), dtype=d),
        "integers": lambda k: jr.randint(k, (n,), 0, 1000, dtype=d),
    }
    if hasattr(jr, "binomial"):
        fns["binomial"] = lambda k: jr.binomial(k, 100, 0.3, (n,))
    extra = {
        "geometric": lambda k: jr.geometric(k, 0.01, (n,)),
        "bernoulli": lambda k: jr.bernoulli(k, 0.3, (n,)),
        "chisquare": lambda k: jr.chisquare(k, 3.0, (n,), dtype=d),
        "standard_t": lambda k: jr.t(k, 4.0, (n,), dtype=d),
        "standard_cauchy": lambda k: jr.cauchy(k, (n,), dtype=d),
        "laplace": lambda k: jr.laplace(k, (n,), dtype=d),
        "logistic": lambda k: jr.logistic(k, (n,), dtype=d),
        "gumbel": lambda k: jr.gumbel(k, (n,), dtype=d),
        "rayleigh": lambda k: jr.rayleigh(k, 1.0, (n,), dtype=d),
        "weibull": lambda k: jr.weibull_min(k, 1.0, 1.5, (n,), dtype=d),
        "truncated_normal": lambda k: jr.truncated_normal(k, -1.0, 2.0, (n,), dtype=d),
    }
    for name, f in extra.items():
        if hasattr(jr, {"standard_t": "t", "standard_cauchy": "cauchy", "weibull": "weibull_min"}.get(name, name)):
            fns[name] = f
    if key not in fns:
        return None, "no jax.random counterpart"
    f = jax.jit(fns[key])
    k = jr.key(0)
    names = {"integers": "randint", "standard_t": "t", "standard_cauchy": "cauchy", "weibull": "weibull_min"}
    return (lambda: f(k)), "jax.random.%s (jit)" % names.get(key, key)


# ---- measurement -----------------------------------------------------------------------------------
def measure(call, sync, repeats, warmup, inner=1):
    """Median seconds per call: `inner` calls then one sync, over `repeats` runs after `warmup` calls.
    sync(result) waits for the work (JAX needs the result)."""
    r = None
    for _ in range(warmup):
        r = call()
    sync(r)
    times = []
    for _ in range(repeats):
        t0 = perf()
        for _ in range(inner):
            r = call()
        sync(r)
        times.append((perf() - t0) / inner)
    return statistics.median(times)


def median_single_calls(call, sync, repeats, warmup):
    """Median wall time of single calls, each synchronised (the overhead part)."""
    for _ in range(warmup):
        sync(call())
    times = []
    for _ in range(repeats):
        t0 = perf()
        sync(call())
        times.append(perf() - t0)
    return statistics.median(times)


class Report:
    def __init__(self):
        self.rows = []
        self.notes = []
        self.env = {}

    def note(self, text):
        self.notes.append(text)
        print("note:", text, flush=True)

    def add(self, part, library, path, dist, dtype, n, seconds, engine="", api=""):
        row = {"part": part, "library": library, "engine": engine, "path": path, "dist": dist, "dtype": dtype,
               "n": n, "seconds": seconds, "gvalues_per_s": n / seconds / 1e9 if seconds > 0 else 0.0, "api": api}
        self.rows.append(row)
        print("%-8s %-8s %-14s %-16s %-12s %-8s n=%-10d %10.3f us  %8.3f G/s"
              % (part, library, engine, path, dist, dtype, n, seconds * 1e6, row["gvalues_per_s"]), flush=True)

    def try_add(self, part, library, path, dist, dtype, n, fn, engine="", api=""):
        """Runs fn() -> seconds; a failure becomes a note (the run goes on)."""
        try:
            self.add(part, library, path, dist, dtype, n, fn(), engine, api)
        except Exception as e:  # noqa: BLE001  (any library's error: record it and go on)
            self.note("%s %s %s %s %s n=%d failed: %s: %s" % (library, engine, path, dist, dtype, n,
                                                              type(e).__name__, str(e).splitlines()[0][:200]))


def optional(name, report):
    try:
        module = __import__(name)
    except Exception as e:  # noqa: BLE001  (ImportError, or a broken install)
        report.note("%s is missing (%s): its rows are skipped" % (name, e))
        return None
    report.env[name] = getattr(module, "__version__", "?")
    return module


# ---- the parts -------------------------------------------------------------------------------------
def gpu_part(args, report, gpurng, cp, torch, jax):
    if not (gpurng.built_with_cuda() and gpurng.cuda_devices()):
        report.note("GPU part skipped: no CUDA device (gpurng built with CUDA: %s)" % gpurng.built_with_cuda())
        return
    if torch is not None:
        def device_sync(_=None):
            torch.cuda.synchronize()
    elif cp is not None:
        def device_sync(_=None):
            cp.cuda.runtime.deviceSynchronize()
    else:  # gpurng alone: device="cuda" fills on the legacy default stream
        def device_sync(_=None):
            gpurng._gpurng.cuda_synchronize(1)

    def jax_sync(r):
        r.block_until_ready()

    engines = [e for e in args.engines.split(",") if e]
    rng_cp = cp.random.default_rng(0) if cp is not None else None
    if rng_cp is not None:
        report.env["cupy_bit_generator"] = type(rng_cp.bit_generator).__name__
    for n in args.sizes:
        inner = max(1, min(64, (1 << 24) // n))
        for key, dt in GPU_CASES:
            if key in args.skip_dists or (args.dtypes and dt not in args.dtypes):
                continue
            npdt = np.dtype(dt)
            bufs = {}
            if cp is not None:
                bufs["cupy"] = cp.empty(n, dtype=npdt)
            if torch is not None:
                tdt = getattr(torch, dt, None)
                try:
                    bufs["torch"] = torch.empty(n, dtype=tdt, device="cuda")
                except Exception as e:  # noqa: BLE001  (uint32 tensors are young in PyTorch)
                    report.note("torch.empty(%s) failed (%s): no out=torch rows for %s %s" % (dt, e, key, dt))
            for engine in engines:
                g = gpurng.Generator(engine, seed=1, backend="cuda")
                for path, out in [("out=" + k, v) for k, v in bufs.items()] + [("device=cuda", None)]:
                    report.try_add("gpu", "gpurng", path, key, dt, n,
                                   lambda: measure(gpurng_call(g, key, dt, n, out), device_sync, args.repeats,
                                                   args.warmup, inner), engine)
            if cp is not None:
                fn, api = cupy_call(cp, rng_cp, key, dt, n, bufs.get("cupy"))
                if fn is not None:
                    report.try_add("gpu", "cupy", "library", key, dt, n,
                                   lambda: measure(fn, device_sync, args.repeats, args.warmup, inner), api=api)
            if torch is not None:
                fn, api = None, "no tensor"
                if "torch" in bufs or key in TORCH_OWN_TENSOR:
                    try:
                        fn, api = torch_call(torch, key, dt, n, bufs.get("torch"), "cuda")
                    except Exception as e:  # noqa: BLE001
                        report.note("PyTorch %s %s n=%d: setup failed: %s" % (key, dt, n, e))
                if fn is not None:
                    report.try_add("gpu", "torch", "library", key, dt, n,
                                   lambda: measure(fn, device_sync, args.repeats, args.warmup, inner), api=api)
            if jax is not None:
                fn, api = jax_call(jax, key, dt, n)
                if fn is not None:
                    report.try_add("gpu", "jax", "library", key, dt, n,
                                   lambda: measure(fn, jax_sync, args.repeats, args.warmup, inner), api=api)
            del bufs
            fn = None
            if cp is not None:
                cp.get_default_memory_pool().free_all_blocks()
            if torch is not None:
                torch.cuda.empty_cache()


def overhead_part(args, report, gpurng, cp, torch, jax):
    n = 10_000
    reps, warm = args.overhead_repeats, max(args.warmup, 20)
    engine = args.overhead_engine
    # CPU: gpurng from Python and the same call in C++, one worker thread; NumPy beside them.
    g = gpurng.Generator(engine, seed=1, backend="cpu", threads=1)
    host = np.empty(n, dtype=np.float32)
    report.try_add("overhead", "gpurng", "cpu python", "uniform", "float32", n,
                   lambda: median_single_calls(lambda: g.random(dtype=np.float32, out=host), lambda _: None, reps, warm),
                   engine)
    report.try_add("overhead", "gpurng", "cpu c++", "uniform", "float32", n,
                   lambda: statistics.median(gpurng._gpurng._time_calls(g._g, "uniform", host.ctypes.data, n, "<f4", (),
                                                                        1, False, reps)), engine)
    rng = np.random.Generator(np.random.Philox(1))
    report.try_add("overhead", "numpy", "cpu", "uniform", "float32", n,
                   lambda: median_single_calls(lambda: rng.random(dtype=np.float32, out=host), lambda _: None, reps,
                                               warm), api="Generator(Philox).random(out=)")
    if not (gpurng.built_with_cuda() and gpurng.cuda_devices()):
        report.note("GPU overhead rows skipped: no CUDA device")
        return
    gg = gpurng.Generator(engine, seed=1, backend="cuda")
    from gpurng import _arrays

    if cp is not None:
        a = cp.empty(n, dtype=cp.float32)
        stream = cp.cuda.get_current_stream()
        s_num = _arrays.fill_stream(None, a)[0]  # the stream gpurng fills a on (CuPy's current one)
        report.try_add("overhead", "gpurng", "out=cupy python", "uniform", "float32", n,
                       lambda: median_single_calls(lambda: gg.random(dtype=np.float32, out=a),
                                                   lambda _: stream.synchronize(), reps, warm), engine)
        report.try_add("overhead", "gpurng", "out=cupy c++", "uniform", "float32", n,
                       lambda: statistics.median(gpurng._gpurng._time_calls(gg._g, "uniform", a.data.ptr, n, "<f4", (),
                                                                            s_num, True, reps)), engine)
        rng_cp = cp.random.default_rng(0)
        report.try_add("overhead", "cupy", "library", "uniform", "float32", n,
                       lambda: median_single_calls(lambda: rng_cp.random(n, dtype=np.float32, out=a),
                                                   lambda _: stream.synchronize(), reps, warm),
                       api="Generator.random(out=)")
    if torch is not None:
        t = torch.empty(n, dtype=torch.float32, device="cuda")
        ts = torch.cuda.current_stream()
        report.try_add("overhead", "gpurng", "out=torch python", "uniform", "float32", n,
                       lambda: median_single_calls(lambda: gg.random(dtype=np.float32, out=t),
                                                   lambda _: ts.synchronize(), reps, warm), engine)
        report.try_add("overhead", "torch", "library", "uniform", "float32", n,
                       lambda: median_single_calls(lambda: torch.rand(n, device="cuda", out=t),
                                                   lambda _: ts.synchronize(), reps, warm), api="torch.rand(out=)")
    report.try_add("overhead", "gpurng", "device=cuda python", "uniform", "float32", n,
                   lambda: median_single_calls(lambda: gg.random(n, dtype=np.float32, device="cuda"),
                                               lambda _: gpurng._gpurng.cuda_synchronize(1), reps, warm), engine)
    if jax is not None:
        fn, api = jax_call(jax, "uniform", "float32", n)
        report.try_add("overhead", "jax", "library", "uniform", "float32", n,
                       lambda: median_single_calls(fn, lambda r: r.block_until_ready(), reps, warm), api=api)


def cpu_part(args, report, gpurng):
    report.env["cpu"] = platform.processor() or platform.machine()
    for n in args.cpu_sizes:
        raw = np.empty(n, dtype=np.uint64)
        bufs = {dt: np.empty(n, dtype=dt) for dt in ("float64", "float32")}
        for np_name, engine in CPU_PAIRS:
            bg = getattr(np.random, np_name)(12345)
            npg = np.random.Generator(bg)
            g = gpurng.Generator(engine, seed=12345, backend="cpu", threads=1)
            gbg = gpurng.BitGenerator(engine, seed=12345)
            g_np = np.random.Generator(gbg)
            width = np.uint64 if g.bits_width == 64 else np.uint32
            gbits = np.empty(n, dtype=width)
            none = lambda _: None  # noqa: E731
            m = lambda f: (lambda: measure(f, none, args.repeats, args.warmup))  # noqa: E731
            report.try_add("cpu", "numpy", "BitGenerator", "random_raw", "uint64", n,
                           m(lambda: bg.random_raw(n)), np_name, "%s.random_raw" % np_name)
            report.try_add("cpu", "gpurng", "Generator", "random_raw", str(np.dtype(width)), n,
                           m(lambda: g.bits(out=gbits)), engine, "Generator(threads=1).bits(out=)")
            report.try_add("cpu", "gpurng", "BitGenerator", "random_raw", "uint64", n,
                           m(lambda: gbg.random_raw(n)), engine, "BitGenerator.random_raw")
            for dt, buf in bufs.items():
                d = np.dtype(dt)
                for dist, method in (("uniform", "random"), ("normal", "standard_normal")):
                    report.try_add("cpu", "numpy", "BitGenerator", dist, dt, n,
                                   m(lambda: getattr(npg, method)(dtype=d, out=buf)), np_name,
                                   "Generator(%s).%s(out=)" % (np_name, method))
                    report.try_add("cpu", "gpurng", "Generator", dist, dt, n,
                                   m(lambda: getattr(g, method)(dtype=d, out=buf)), engine,
                                   "Generator(threads=1).%s(out=)" % method)
                    report.try_add("cpu", "gpurng", "np+BitGenerator", dist, dt, n,
                                   m(lambda: getattr(g_np, method)(dtype=d, out=buf)), engine,
                                   "numpy.random.Generator(gpurng.BitGenerator).%s(out=)" % method)


# ---- tables ----------------------------------------------------------------------------------------
def fmt(x):
    return "%.2f" % x if x is not None else "-"


def gpu_table(rows, engines):
    gpu = [r for r in rows if r["part"] == "gpu"]
    if not gpu:
        return ""
    libs = ("cupy", "torch", "jax")
    out = ["### GPU: G values/s (median), gpurng beside CuPy, PyTorch, JAX", "",
           "| dist | dtype | N | engine | gpurng out=cupy | out=torch | device=cuda | CuPy | PyTorch | JAX "
           "| gpurng best / others' best |",
           "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    cases = []
    for r in gpu:
        c = (r["dist"], r["dtype"], r["n"])
        if c not in cases:
            cases.append(c)

    def val(lib, path, c, engine=""):
        for r in gpu:
            if (r["library"], r["path"], r["dist"], r["dtype"], r["n"], r["engine"]) == (lib, path) + c + (engine,):
                return r["gvalues_per_s"]
        return None

    for c in cases:
        others = [val(lib, "library", c) for lib in libs]
        best_other = max([x for x in others if x is not None], default=None)
        for e in engines:
            mine = [val("gpurng", p, c, e) for p in ("out=cupy", "out=torch", "device=cuda")]
            if all(x is None for x in mine):
                continue
            best = max([x for x in mine if x is not None])
            ratio = "%.2fx" % (best / best_other) if best_other else "-"
            out.append("| %s | %s | 2^%d | %s | %s | %s | %s | %s | %s | %s | %s |"
                       % (c[0], c[1], round(math.log2(c[2])), e, *map(fmt, mine), *map(fmt, others), ratio))
    return "\n".join(out)


def overhead_table(rows):
    ov = [r for r in rows if r["part"] == "overhead"]
    if not ov:
        return ""
    out = ["### One call of 10^4 uniform float32 values plus synchronisation (median wall time)", "",
           "| library | path | engine / API | us per call |", "|---|---|---|---:|"]
    for r in ov:
        out.append("| %s | %s | %s | %.1f |" % (r["library"], r["path"], r["engine"] or r["api"], r["seconds"] * 1e6))
    by = {(r["library"], r["path"]): r["seconds"] for r in ov}
    for py, cc in (("cpu python", "cpu c++"), ("out=cupy python", "out=cupy c++")):
        if ("gpurng", py) in by and ("gpurng", cc) in by:
            out.append("")
            out.append("gpurng %s: Python overhead %.1f us per call above the same C++ call (target: <= 5 us)"
                       % (py.split()[0], (by[("gpurng", py)] - by[("gpurng", cc)]) * 1e6))
    return "\n".join(out)


def cpu_table(rows):
    cpu = [r for r in rows if r["part"] == "cpu"]
    if not cpu:
        return ""
    out = ["### CPU, one core: G values/s (median)", "",
           "| engine | dist | dtype | N | NumPy BitGenerator | gpurng Generator(threads=1) | "
           "numpy.random.Generator(gpurng.BitGenerator) | gpurng best / NumPy |", "|---|---|---|---|---:|---:|---:|---:|"]
    seen = []
    for r in cpu:
        if r["library"] == "numpy":
            k = (r["engine"], r["dist"], r["dtype"], r["n"])
            if k not in seen:
                seen.append(k)
    pair = dict(CPU_PAIRS)

    def val(lib, path, engine, dist, dtypes, n):
        for r in cpu:
            if (r["library"], r["path"], r["engine"], r["dist"], r["n"]) == (lib, path, engine, dist, n) and \
                    r["dtype"] in dtypes:
                return r["gvalues_per_s"]
        return None

    for np_name, dist, dt, n in seen:
        engine = pair[np_name]
        dts = (dt,) if dist != "random_raw" else ("uint64", "uint32")
        ref = val("numpy", "BitGenerator", np_name, dist, (dt,), n)
        mine = val("gpurng", "Generator", engine, dist, dts, n)
        via = val("gpurng", "np+BitGenerator" if dist != "random_raw" else "BitGenerator", engine, dist, ("uint64",)
                  if dist == "random_raw" else (dt,), n)
        best = max([x for x in (mine, via) if x is not None], default=None)
        ratio = "%.2fx" % (best / ref) if best and ref else "-"
        label = "%s / %s" % (np_name, engine)
        out.append("| %s | %s | %s | 2^%d | %s | %s | %s | %s |" % (label, dist, dt, round(math.log2(n)), fmt(ref),
                                                                  fmt(mine), fmt(via), ratio))
    out.append("")
    out.append("random_raw: gpurng Generator column is bits(out=) in the engine's width (uint32 for mt19937); "
               "the BitGenerator column is gpurng.BitGenerator.random_raw (uint64 words, as NumPy's).")
    return "\n".join(out)


# ---- main ------------------------------------------------------------------------------------------
def sizes(text):
    out = []
    for s in text.split(","):
        s = s.strip()
        out.append(1 << int(s[2:]) if s.startswith("2^") else int(s))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description="gpurng from Python beside CuPy, PyTorch, JAX and NumPy (issue 25).",
                                 epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="directory for results.json and results.csv (created)")
    ap.add_argument("--parts", default="gpu,overhead,cpu", help="comma-separated: gpu, overhead, cpu (default all)")
    ap.add_argument("--sizes", type=sizes, default=sizes("2^20,2^24,2^28"), help="GPU sizes (default 2^20,2^24,2^28)")
    ap.add_argument("--cpu-sizes", type=sizes, default=sizes("2^22"), help="CPU sizes (default 2^22)")
    ap.add_argument("--engines", default=DEFAULT_ENGINES, help="gpurng engines for the GPU part (default %s)"
                    % DEFAULT_ENGINES)
    ap.add_argument("--skip-dists", default="", help="comma-separated distributions to leave out of the GPU part")
    ap.add_argument("--dtypes", default="", help="comma-separated dtypes the GPU part keeps (default: all)")
    ap.add_argument("--repeats", type=int, default=7, help="measurements per row; the median is reported")
    ap.add_argument("--warmup", type=int, default=2, help="calls before measuring (JAX compiles then)")
    ap.add_argument("--overhead-repeats", type=int, default=2000, help="single calls per overhead row")
    ap.add_argument("--overhead-engine", default="philox4x32-10", help="engine of the overhead rows")
    ap.add_argument("--libs", default="cupy,torch,jax", help="libraries to compare with (default cupy,torch,jax)")
    args = ap.parse_args(argv)
    args.skip_dists = set(s for s in args.skip_dists.split(",") if s)
    args.dtypes = set(s for s in args.dtypes.split(",") if s)
    parts = set(p.strip() for p in args.parts.split(",") if p.strip())
    unknown = parts - {"gpu", "overhead", "cpu"}
    if unknown:
        ap.error("unknown part(s): %s" % ", ".join(sorted(unknown)))

    report = Report()
    report.env.update({"python": platform.python_version(), "numpy": np.__version__, "platform": platform.platform(),
                       "args": " ".join(sys.argv[1:] if argv is None else argv)})
    import gpurng

    report.env["gpurng"] = gpurng.__version__
    report.env["gpurng_built_with_cuda"] = gpurng.built_with_cuda()
    devices = gpurng.cuda_devices() if gpurng.built_with_cuda() else []
    report.env["device"] = devices[0]["name"] if devices else "none"
    libs = set(args.libs.split(",")) if args.libs else set()
    want_gpu = bool(parts & {"gpu", "overhead"}) and bool(devices)
    cp = optional("cupy", report) if want_gpu and "cupy" in libs else None
    torch = optional("torch", report) if want_gpu and "torch" in libs else None
    jax = None
    if want_gpu and "jax" in libs:
        jax = optional("jax", report)
        if jax is not None:
            jax.config.update("jax_enable_x64", True)  # float64 rows; every call names its dtype
            report.env["jax_backend"] = jax.default_backend()
    if not devices and parts & {"gpu", "overhead"}:
        report.note("no CUDA device: the GPU rows are skipped (CuPy, PyTorch, JAX not loaded)")

    start = perf()
    if "overhead" in parts:
        overhead_part(args, report, gpurng, cp, torch, jax)
    if "cpu" in parts:
        cpu_part(args, report, gpurng)
    if "gpu" in parts:
        gpu_part(args, report, gpurng, cp, torch, jax)
    report.env["seconds"] = round(perf() - start, 1)

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"env": report.env, "notes": report.notes, "rows": report.rows}, f, indent=1)
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(report.rows[0].keys()) if report.rows else ["part"])
        w.writeheader()
        w.writerows(report.rows)

    engines = [e for e in args.engines.split(",") if e]
    print()
    print("## gpurng Python benchmark: %s; Python %s, NumPy %s, %s" % (
        report.env["device"], report.env["python"], report.env["numpy"],
        ", ".join("%s %s" % (k, report.env[k]) for k in ("cupy", "torch", "jax") if k in report.env) or
        "no CuPy / PyTorch / JAX"))
    for table in (gpu_table(report.rows, engines), overhead_table(report.rows), cpu_table(report.rows)):
        if table:
            print()
            print(table)
    if report.notes:
        print()
        print("Notes:")
        for n in report.notes:
            print("* " + n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
