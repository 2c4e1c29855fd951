#!/usr/bin/env python3
"""Pictures of gpurng's output quality (matplotlib and numpy, Debian python3-matplotlib):

    tools/plot_quality.py [--gpurng build/tools/gpurng] [--out docs/img] [--engines mrg32k3a,...] [--n N]

  quality_hist_<engine>.png  histograms of N values of each distribution (uniform, normal,
                             exponential, log-normal; double) against the exact density
  quality_sobol_2d.png       the first 1024 points of Sobol' dimensions (1, 2) beside 1024 points
                             of a pseudo-random engine (consecutive pairs of its uniforms)
The values come from `gpurng generate --format npy` with each engine's default seed, so every
picture is reproducible from the command line it prints.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def generate(gpurng, tmp, args):
    path = os.path.join(tmp, "values.npy")
    cmd = [gpurng, "generate", *args, "--format", "npy", "--out", path]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {r.stderr.strip()}")
    return np.load(path)


def normal_pdf(x):
    return np.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


LAWS = [  # name, exact density, plotting range
    ("uniform", lambda x: np.ones_like(x), (0.0, 1.0)),
    ("normal", normal_pdf, (-4.5, 4.5)),
    ("exponential", lambda x: np.exp(-x), (0.0, 8.0)),
    ("lognormal", lambda x: normal_pdf(np.log(x)) / x, (1e-3, 8.0)),
]


def histograms(gpurng, tmp, engine, n, out):
    fig, axes = plt.subplots(1, 4, figsize=(16, 3.6))
    for ax, (dist, pdf, (lo, hi)) in zip(axes, LAWS):
        x = generate(gpurng, tmp, ["--engine", engine, "--dist", dist, "--count", str(n), "--backend", "cpu"])
        bins = np.linspace(lo, hi, 121)
        inside = x[(x >= lo) & (x <= hi)]
        # Density of all n values: counts / (n * bin width), so mass outside the range is accounted for.
        counts, edges = np.histogram(inside, bins=bins)
        width = edges[1] - edges[0]
        ax.bar(edges[:-1], counts / (len(x) * width), width=width, align="edge", color="tab:blue", alpha=0.6,
               label=f"gpurng {engine}")
        grid = np.linspace(lo, hi, 600)
        ax.plot(grid, pdf(grid), color="k", linewidth=1.2, label="exact density")
        ax.set_title(f"{dist} (double), n = {n}", fontsize=10)
        ax.legend(fontsize=7)
    fig.suptitle(f"gpurng generate --engine {engine} --dist D --count {n} (default seed, CPU backend = GPU bits)",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def sobol_scatter(gpurng, tmp, pseudo, out):
    s = generate(gpurng, tmp, ["--engine", "sobol32", "--dims", "2", "--count", "2048", "--backend", "cpu"])
    sx, sy = s[:1024], s[1024:]  # dimension-major: dimension 1 of points 0..1023, then dimension 2
    u = generate(gpurng, tmp, ["--engine", pseudo, "--count", "2048", "--backend", "cpu"])
    px, py = u[0::2], u[1::2]
    fig, axes = plt.subplots(1, 2, figsize=(10, 5.2))
    for ax, x, y, title in ((axes[0], sx, sy, "Sobol' (sobol32), dimensions 1 and 2, points 0..1023"),
                            (axes[1], px, py, f"{pseudo}: (u[2i], u[2i+1]), i = 0..1023")):
        ax.scatter(x, y, s=3, color="tab:blue")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.set_aspect("equal")
        ax.set_title(title, fontsize=9)
    fig.suptitle("1024 points: quasi-random fills the square evenly, pseudo-random shows clusters and gaps", fontsize=10)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    plt.close(fig)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gpurng", default="build/tools/gpurng", help="the gpurng CLI")
    ap.add_argument("--out", default="docs/img")
    ap.add_argument("--engines", default="mrg32k3a,mt19937", help="engines for the histograms")
    ap.add_argument("--pseudo", default="mrg32k3a", help="the pseudo-random engine beside Sobol'")
    ap.add_argument("--n", type=int, default=1000000, help="values per histogram")
    a = ap.parse_args(argv)
    if not os.access(a.gpurng, os.X_OK):
        print(f"plot_quality.py: error: --gpurng {a.gpurng} is not an executable", file=sys.stderr)
        return 1
    os.makedirs(a.out, exist_ok=True)
    written = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for engine in a.engines.split(","):
                path = os.path.join(a.out, f"quality_hist_{engine}.png")
                histograms(a.gpurng, tmp, engine, a.n, path)
                written.append(path)
            path = os.path.join(a.out, "quality_sobol_2d.png")
            sobol_scatter(a.gpurng, tmp, a.pseudo, path)
            written.append(path)
    except RuntimeError as e:
        print(f"plot_quality.py: error: {e}", file=sys.stderr)
        return 1
    print("wrote " + ", ".join(written))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
