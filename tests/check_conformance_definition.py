#!/usr/bin/env python3
"""Rebuilds a conformance digest from `gpurng generate` outputs, following docs/CONFORMANCE.md alone,
and compares it with what `gpurng conformance` prints (issue 26). This checks that the document
defines the set exactly: anyone can recompute a digest with another tool from its text.

  check_conformance_definition.py GPURNG_CLI CONFIGURATION...

Each CONFIGURATION is a name of the set (an engine, or e.g. sobol32:dims=3:owen). Exit 0 when every
rebuilt digest equals the command's, 1 otherwise. Python 3 standard library only.
"""

import hashlib
import re
import subprocess
import sys

SEED = 12345
STARTS = [0, 2**32 + 7, 2**62 + 11]
POSITIONS_PER_CALL = 7
# docs/CONFORMANCE.md, "Parameters": the sets of each distribution, in the list's parameter order.
PARAMS = {
    "bits": [[]], "uniform": [[]], "normal": [[0.5, 2.0]], "exponential": [[3.0]],
    "lognormal": [[0.1, 0.3]], "uniform_int": [[3, 1000]], "bernoulli": [[0.3]], "geometric": [[0.01]],
    "poisson": [[4.5], [1e4]], "binomial": [[100, 0.03], [1e6, 0.6]], "negative_binomial": [[5.0, 0.3]],
    "gamma": [[0.5, 2.0], [3.0, 1.5]], "chi_square": [[3.0]], "beta": [[2.0, 5.0]], "student_t": [[4.0]],
    "cauchy": [[1.0, 2.0]], "weibull": [[2.0, 3.0]], "laplace": [[1.0, 2.0]], "logistic": [[-2.0, 0.5]],
    "gumbel": [[1.0, 2.0]], "rayleigh": [[2.0]], "truncated_normal": [[0.0, 1.0, 8.0, 9.0], [1.0, 2.0, 0.0, 4.0]],
    "hypergeometric": [[5, 10, 4], [700, 300, 600]],
}
# docs/CONFORMANCE.md, "Dirichlet": one sample of these K = 7 components per value type.
DIRICHLET_ALPHA = [1e-3, 0.05, 0.5, 1.0, 2.5, 30.0, 200.0]
# The options of the set's variants, as gpurng generate options.
VARIANT_OPTIONS = {"dims": "--dims", "owen": ("--scramble", "owen"), "shift": ("--scramble", "shift"),
                   "icdf": ("--normal-method", "icdf"), "stream": "--stream", "substream": "--substream",
                   "streams": "--streams"}
REFUSED = "this engine serves only distributions that use one output per value"


def distributions(cli):
    """(name, [value types], [parameter names]) of every distribution, in the list's order."""
    text = subprocess.run([cli, "list"], check=True, capture_output=True, text=True).stdout
    section = text.split("distributions", 1)[1].split("\nbackends:", 1)[0].splitlines()[1:]
    out = []
    for first, second in zip(section[0::2], section[1::2]):
        name = first.split()[0]
        if name in ("discrete", "dirichlet"):  # not in the list; dirichlet has its own records (rebuild)
            continue
        types_text, params_text = second.strip()[len("values: "):].split(";", 1)
        types = [] if types_text == "the engine's width" else types_text.split("|")
        out.append((name, types, re.findall(r"--(\w+) \(", params_text)))
    return out


def variant_arguments(configuration):
    """The engine, its generate options, the options only normal and lognormal take, and D."""
    engine, *options = configuration.split(":")
    args, normal_args = ["--engine", engine], []
    for option in options:
        key, _, value = option.partition("=")
        mapped = VARIANT_OPTIONS[key]
        words = list(mapped) if isinstance(mapped, tuple) else [mapped, value]
        # gpurng generate refuses --normal-method for other distributions: their values do not use it.
        (normal_args if key == "icdf" else args).extend(words)
    dims = next((int(o.split("=")[1]) for o in options if o.startswith("dims=")), 1)
    return engine, args, normal_args, dims


def engine_width(cli, engine):
    text = subprocess.run([cli, "list"], check=True, capture_output=True, text=True).stdout
    m = re.search(r"^  %s +(\d+)-bit integers" % re.escape(engine), text, re.M)
    return "uint64" if m.group(1) == "64" else "uint32"


def rebuild(cli, configuration):
    engine, base_args, normal_args, dims = variant_arguments(configuration)
    width = engine_width(cli, engine)
    n = POSITIONS_PER_CALL * dims
    h = hashlib.sha256()
    for start in STARTS:
        position, reachable = start, True
        probe = subprocess.run([cli, "generate", *base_args, "--seed", str(SEED), "--offset", str(start),
                                "--count", "0", "--backend", "cpu"], capture_output=True, text=True)
        if probe.returncode != 0:
            reachable = False  # an offset past the end of the sequence
        for name, types, pnames in distributions(cli):
            for vtype in (types or [width]):
                for params in PARAMS[name]:
                    ptext = ",".join(format(float(v), ".17g") for v in params)
                    h.update(f"dist={name} type={vtype} params={ptext} position={position} count={n}\n".encode())
                    if not reachable:
                        h.update(b"unreachable\n")
                        continue
                    args = [cli, "generate", *base_args, "--seed", str(SEED), "--dist", name, "--offset",
                            str(position), "--count", str(n), "--format", "bin", "--out", "-", "--backend", "cpu"]
                    if types:
                        args += ["--precision", vtype]
                    if name in ("normal", "lognormal"):
                        args += normal_args
                    for pname, v in zip(pnames, params):
                        args += ["--" + pname, format(float(v), ".17g")]
                    r = subprocess.run(args, capture_output=True)
                    if r.returncode != 0 and REFUSED in r.stderr.decode():
                        h.update(b"unsupported\n")
                        continue
                    if r.returncode != 0:
                        raise SystemExit(f"gpurng generate failed: {' '.join(args)}: {r.stderr.decode()}")
                    h.update(r.stdout)
                    position += POSITIONS_PER_CALL
        k = len(DIRICHLET_ALPHA)
        atext = ",".join(format(float(v), ".17g") for v in DIRICHLET_ALPHA)
        for vtype in ("float", "double"):
            at = (position + k - 1) // k * k if reachable else start
            h.update(f"dist=dirichlet type={vtype} params={atext} position={at} count={k}\n".encode())
            if not reachable:
                h.update(b"unreachable\n")
                continue
            args = [cli, "generate", *base_args, "--seed", str(SEED), "--dist", "dirichlet", "--alpha", atext,
                    "--offset", str(at), "--count", str(k), "--precision", vtype, "--format", "bin", "--out", "-",
                    "--backend", "cpu"]
            r = subprocess.run(args, capture_output=True)
            if r.returncode != 0 and "is quasi-random" in r.stderr.decode():
                h.update(b"unsupported\n")
                continue
            if r.returncode != 0:
                raise SystemExit(f"gpurng generate failed: {' '.join(args)}: {r.stderr.decode()}")
            h.update(r.stdout)
            position = at + k
    return h.hexdigest()


def main():
    cli, configurations = sys.argv[1], sys.argv[2:]
    printed = subprocess.run([cli, "conformance", "--backend", "cpu", "--expected", "none"], check=True,
                             capture_output=True, text=True).stdout
    digests = dict(line.split(" ", 1) for line in printed.splitlines())
    ok = True
    for c in configurations:
        rebuilt = rebuild(cli, c)
        same = rebuilt == digests[c]
        ok = ok and same
        print(f"{c}: rebuilt {rebuilt} {'==' if same else '!='} gpurng conformance {digests[c]}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
