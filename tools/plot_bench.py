#!/usr/bin/env python3
"""Charts of a `gpurng bench --json` file (matplotlib, Debian python3-matplotlib).

    tools/plot_bench.py BENCH.json [--out docs/img]

Writes, into --out:
  bench_gpu.png      GS/s of every variant for each distribution and precision at the largest N,
                     cuRAND's counterpart marked beside it, the write ceiling as a dashed line
  bench_latency.png  create + 10^4 values, first call and steady state, gpurng vs cuRAND
  bench_cpu.png      the CPU backend (1 and 2 threads) beside std (and GSL in reports before issue 20)
A part that did not run (no GPU, --backend cpu) gives a chart that says so and why, never a
chart with made-up bars.
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

OUTPUTS = [("bits", None), ("uniform", "f32"), ("uniform", "f64"), ("normal", "f32"), ("normal", "f64"),
           ("exponential", "f32"), ("exponential", "f64"), ("lognormal", "f32"), ("lognormal", "f64")]


def title_of(report, part):
    if part == "gpu":
        g = report["gpu"]
        return f"{g['device']}, driver {g['driver_version']}, CUDA {g['cuda_runtime_version']}, {report['date'][:10]}"
    c = report["cpu"]
    return f"{c['cpu_model']} ({c['hardware_threads']} hw threads), {report['date'][:10]}"


def placeholder(path, heading, reason):
    fig, ax = plt.subplots(figsize=(8, 2.2))
    ax.axis("off")
    ax.text(0.5, 0.62, heading, ha="center", va="center", fontsize=14, weight="bold")
    ax.text(0.5, 0.3, reason, ha="center", va="center", fontsize=10, wrap=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


def gpu_chart(report, path):
    g = report["gpu"]
    if not g.get("ran"):
        placeholder(path, "GPU benchmark not run", g.get("skipped_reason", ""))
        return
    n = max(g["sizes"])
    rows = [r for r in g["rows"] if r["n"] == n]
    variants = []
    for r in rows:
        if r["variant"] not in variants:
            variants.append(r["variant"])
    fig, axes = plt.subplots(3, 3, figsize=(15, 4 + 0.42 * len(variants) * 3 / 1.6), sharey=True)
    for ax, (dist, typ) in zip(axes.flat, OUTPUTS):
        cells = {r["variant"]: r for r in rows if r["dist"] == dist and (typ is None or r["type"] == typ)}
        ys = list(range(len(variants)))
        ours = [cells[v]["gpurng_gsps"] if v in cells else 0 for v in variants]
        ax.barh(ys, ours, color="tab:blue", label="gpurng")
        cx = [(cells[v]["curand_gsps"], y) for y, v in enumerate(variants) if v in cells and cells[v]["curand_gsps"] > 0]
        if cx:
            ax.scatter([c[0] for c in cx], [c[1] for c in cx], marker="D", color="tab:orange", zorder=3, s=22,
                       label="cuRAND counterpart")
        # The ceiling in values/s for this output's width (bytes differ for bits of 32/64-bit engines).
        for width in sorted({cells[v]["value_bytes"] for v in cells}):
            ceil = [cells[v]["ceiling_bytes_per_s"] for v in cells if cells[v]["value_bytes"] == width][0] / width / 1e9
            ax.axvline(ceil, color="tab:red", linestyle="--" if width == 4 else ":", linewidth=1,
                       label=f"write ceiling, {width}-byte values")
        ax.set_title(dist + (f" {typ}" if typ else " (engine's integers)"), fontsize=10)
        ax.set_yticks(ys)
        ax.set_yticklabels(variants, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("GS/s (10^9 values/s)", fontsize=8)
        ax.grid(axis="x", alpha=0.3)
        if ax is axes.flat[0]:
            ax.legend(fontsize=7, loc="lower right")
    fig.suptitle(f"gpurng vs cuRAND, N = {n} values per call, median of {g['runs']} runs\n{title_of(report, 'gpu')}",
                 fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.975))  # leave room for the two-line title
    fig.savefig(path, dpi=100)
    plt.close(fig)


def latency_chart(report, path):
    g = report["gpu"]
    if not g.get("ran") or not g.get("latency"):
        placeholder(path, "GPU latency not measured", g.get("skipped_reason", "no latency rows (--no-latency)"))
        return
    lat = g["latency"]
    names = [l["variant"] for l in lat]
    ys = range(len(names))
    fig, ax = plt.subplots(figsize=(9, 1.5 + 0.32 * len(names)))
    h = 0.38
    ax.barh([y - h / 2 for y in ys], [l["gpurng_first_ms"] for l in lat], height=h, color="tab:blue",
            label="gpurng, first call (creation included)")
    ax.barh([y + h / 2 for y in ys], [l["curand_first_ms"] for l in lat], height=h, color="tab:orange",
            label="cuRAND counterpart, first call")
    ax.scatter([l["gpurng_steady_us"] / 1e3 for l in lat], list(ys), marker="|", color="k", s=80, zorder=3,
               label="gpurng, steady state")
    ax.axvline(1.0, color="tab:red", linestyle="--", linewidth=1, label="1 ms target")
    ax.set_xscale("log")
    ax.set_yticks(list(ys))
    ax.set_yticklabels(names, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("ms (log scale): create + seed + 10^4 uniform floats, synchronised")
    ax.legend(fontsize=7)
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title_of(report, "gpu"), fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def cpu_chart(report, path):
    c = report["cpu"]
    if not c.get("ran"):
        placeholder(path, "CPU benchmark not run", "--backend cuda")
        return
    labels, bits, unif, colors = [], [], [], []
    palette = {"gpurng": "tab:blue", "std": "tab:green", "gsl": "tab:purple"}
    for r in c["rows"]:
        if r["output"] != "bits":
            continue
        u = [x for x in c["rows"] if x["generator"] == r["generator"] and x["threads"] == r["threads"]
             and x["output"] == "uniform f64"]
        labels.append(f"{r['generator']} ({r['threads']} thr)" if r["library"] == "gpurng" else r["generator"])
        bits.append(r["gsps"])
        unif.append(u[0]["gsps"] if u else 0)
        colors.append(palette.get(r["library"], "gray"))
    ys = range(len(labels))
    fig, axes = plt.subplots(1, 2, figsize=(13, 1.5 + 0.28 * len(labels)), sharey=True)
    for ax, vals, what in ((axes[0], bits, "integers (the generator's width)"), (axes[1], unif, "uniform doubles")):
        ax.barh(list(ys), vals, color=colors)
        ax.set_title(what, fontsize=10)
        ax.set_xlabel("GS/s (10^9 values/s)")
        ax.grid(axis="x", alpha=0.3)
    axes[0].set_yticks(list(ys))
    axes[0].set_yticklabels(labels, fontsize=8)
    axes[0].invert_yaxis()
    handles = [plt.Rectangle((0, 0), 1, 1, color=v) for v in palette.values()]
    axes[1].legend(handles, list(palette.keys()), fontsize=8, loc="lower right")
    fig.suptitle(f"CPU, N = {c['n']} values per call, median of {c['runs']} runs\n{title_of(report, 'cpu')}", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.96))  # leave room for the two-line title
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json", help="a gpurng bench --json file")
    ap.add_argument("--out", default="docs/img", help="directory for the PNG files (default docs/img)")
    a = ap.parse_args(argv)
    try:
        with open(a.json) as f:
            report = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        print(f"plot_bench.py: error: {a.json}: {e}", file=sys.stderr)
        return 1
    if report.get("tool") != "gpurng bench":
        print(f"plot_bench.py: error: {a.json} is not a gpurng bench --json file", file=sys.stderr)
        return 1
    os.makedirs(a.out, exist_ok=True)
    gpu_chart(report, os.path.join(a.out, "bench_gpu.png"))
    latency_chart(report, os.path.join(a.out, "bench_latency.png"))
    cpu_chart(report, os.path.join(a.out, "bench_cpu.png"))
    print(f"wrote {a.out}/bench_gpu.png, bench_latency.png, bench_cpu.png")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
