#!/usr/bin/env python3
"""The generated summary section of docs/PERFORMANCE.md, from a `gpurng bench --json` file.

    tools/bench_summary.py BENCH.json [--doc docs/PERFORMANCE.md] [--stdout]

Replaces only the text between the markers
    <!-- gpurng-bench-summary:begin -->  and  <!-- gpurng-bench-summary:end -->
so the hand-written sections of the document (per-engine method notes and tables) survive every
regeneration. --stdout prints the section instead of writing the document. Standard library only.
"""
import argparse
import json
import sys

BEGIN = "<!-- gpurng-bench-summary:begin -->"
END = "<!-- gpurng-bench-summary:end -->"
OUTPUTS = [("bits", None, "bits"), ("uniform", "f32", "uniform f32"), ("uniform", "f64", "uniform f64"),
           ("normal", "f32", "normal f32"), ("normal", "f64", "normal f64"), ("exponential", "f32", "exp f32"),
           ("exponential", "f64", "exp f64"), ("lognormal", "f32", "lognormal f32"), ("lognormal", "f64", "lognormal f64")]


def fmt_n(n):
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def pct_ceiling(r):
    return 100.0 * r["gpurng_gsps"] * 1e9 * r["value_bytes"] / r["ceiling_bytes_per_s"]


def table(header, rows):
    out = ["| " + " | ".join(header) + " |", "|" + "|".join([" --- "] * len(header)) + "|"]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def variants_of(rows):
    seen = []
    for r in rows:
        if r["variant"] not in seen:
            seen.append(r["variant"])
    return seen


def cell(rows, variant, dist, typ):
    for r in rows:
        if r["variant"] == variant and r["dist"] == dist and (typ is None or r["type"] == typ):
            return r
    return None


def gpu_section(report):
    g = report["gpu"]
    lines = ["### GPU", ""]
    if not g.get("ran"):
        return lines + [f"Not run: {g.get('skipped_reason', '')}.", ""]
    n = max(g["sizes"])
    big = [r for r in g["rows"] if r["n"] == n]
    vs = variants_of(big)
    lines += [f"{g['device']}, driver {g['driver_version']}, CUDA runtime {g['cuda_runtime_version']} "
              f"(driver API {g['cuda_driver_api_version']}); median of {g['runs']} runs after 3 warm-up calls, CUDA "
              f"events; sizes {', '.join(fmt_n(s) for s in g['sizes'])} values per call; GPU part "
              f"{g['seconds']:.0f} s.", "",
              "![GS/s per engine and distribution, cuRAND and the write ceiling marked](img/bench_gpu.png)", "",
              f"**Throughput at N = {fmt_n(n)}**: gpurng GS/s (10^9 values/s), then the ratio to cuRAND's counterpart "
              "where one exists (×; > 1 means gpurng is faster), then % of the write ceiling "
              "(bytes written per second over a write-only kernel's rate over as many bytes).", ""]
    rows = []
    for v in vs:
        row = [f"`{v}`"]
        for dist, typ, _ in OUTPUTS:
            r = cell(big, v, dist, typ)
            if r is None:
                row.append("n/a")
                continue
            s = f"{r['gpurng_gsps']:.1f}"
            if r["curand_gsps"] > 0:
                s += f" · {r['gpurng_gsps'] / r['curand_gsps']:.2f}×"
            s += f" · {pct_ceiling(r):.0f}%"
            row.append(s)
        counterpart = next((r["curand"] for r in big if r["variant"] == v and r["curand"]), "")
        row.append(counterpart or "none")
        rows.append(row)
    lines += table(["variant"] + [o[2] for o in OUTPUTS] + ["cuRAND"], rows) + [""]

    slower = [r for r in big if r["curand_gsps"] > 0 and r["gpurng_gsps"] < r["curand_gsps"]]
    if slower:
        lines += [f"Slower than cuRAND at N = {fmt_n(n)} ({len(slower)} of "
                  f"{sum(1 for r in big if r['curand_gsps'] > 0)} comparable rows): " +
                  ", ".join(f"`{r['variant']}` {r['dist']} {r['type']} {r['gpurng_gsps'] / r['curand_gsps']:.2f}×"
                            for r in slower) + ".", ""]
    else:
        lines += [f"No comparable row at N = {fmt_n(n)} is slower than cuRAND.", ""]

    # Size scaling: uniform floats at every size.
    rows = []
    for v in vs:
        row = [f"`{v}`"]
        for s in g["sizes"]:
            r = next((x for x in g["rows"] if x["variant"] == v and x["n"] == s and x["dist"] == "uniform"
                      and x["type"] == "f32"), None)
            if r is None:
                row.append("n/a")
            else:
                row.append(f"{r['gpurng_gsps']:.1f}" + (f" ({r['curand_gsps']:.1f})" if r["curand_gsps"] > 0 else ""))
        rows.append(row)
    lines += ["**Uniform floats at every size**: gpurng GS/s (cuRAND's counterpart in parentheses).", ""]
    lines += table(["variant"] + [f"N = {fmt_n(s)}" for s in g["sizes"]], rows) + [""]

    if g.get("energy_available"):
        lines += [f"**Energy at N = {fmt_n(n)}**: 10^6 samples per joule of board energy ({g['energy_method']}; "
                  f"board power limit {g['power_limit_w']:.0f} W), gpurng / cuRAND.", ""]
        rows = []
        for v in vs:
            row = [f"`{v}`"]
            for dist, typ, _ in OUTPUTS:
                r = cell(big, v, dist, typ)
                if r is None or r["gpurng_samples_per_joule"] <= 0:
                    row.append("n/a")
                    continue
                s = f"{r['gpurng_samples_per_joule'] / 1e6:.0f}"
                if r["curand_samples_per_joule"] > 0:
                    s += f" / {r['curand_samples_per_joule'] / 1e6:.0f}"
                row.append(s)
            rows.append(row)
        lines += table(["variant"] + [o[2] for o in OUTPUTS], rows) + [""]
    else:
        lines += [f"Energy: not measured ({g.get('energy_method', '')}).", ""]

    if g.get("latency"):
        lines += ["**Latency of a small job**: create a generator, seed it, produce 10^4 uniform floats into device "
                  "memory, synchronise (wall clock, after CUDA context creation; each engine's first call "
                  "includes its kernels' first load). Target: gpurng's first call under 1 ms.", "",
                  "![latency](img/bench_latency.png)", ""]
        rows = []
        for l in g["latency"]:
            ok = "yes" if l["gpurng_first_ms"] < 1.0 else "**no**"
            rows.append([f"`{l['variant']}`", f"{l['gpurng_first_ms']:.3f}", ok, f"{l['gpurng_steady_us']:.1f}",
                         l["curand"] or "none",
                         f"{l['curand_first_ms']:.3f}" if l["curand_first_ms"] > 0 else (l["curand_note"] or "-"),
                         f"{l['curand_steady_us']:.1f}" if l["curand_steady_us"] > 0 else "-"])
        lines += table(["variant", "first ms", "< 1 ms", "steady µs", "cuRAND", "cuRAND first ms", "cuRAND steady µs"],
                       rows) + [""]
    notes = sorted({f"`{r['variant']}` {r['dist']} {r['type']}: {r['curand_note']}" for r in big
                    if r["curand"] and r["curand_gsps"] <= 0 and r["curand_note"]
                    and "no exponential" not in r["curand_note"]})
    if notes:
        lines += ["cuRAND figures missing (besides exponential, which cuRAND's host API lacks): " + "; ".join(notes) + ".",
                  ""]
    lines += [f"**Not measured:** {n}" for n in g.get("notes", [])]
    return lines + ([""] if g.get("notes") else [])


def cpu_section(report):
    c = report["cpu"]
    lines = ["### CPU", ""]
    if not c.get("ran"):
        return lines + ["Not run (--backend cuda).", ""]
    rows_ = c["rows"]
    # Reports made before GSL moved to bench/bench_gsl_cpu.cpp (issue 20) have GSL rows too.
    gsl = ", GSL's from `gsl_rng_uniform`" if any(r["library"] == "gsl" for r in rows_) else ""
    lines += [f"{c['cpu_model']}, {c['hardware_threads']} hardware threads; N = {fmt_n(c['n'])} values per call into "
              f"host memory, median of {c['runs']} runs after one warm-up; CPU part {c['seconds']:.0f} s. std's "
              f"uniform doubles come from `std::uniform_real_distribution<double>`{gsl}.", "",
              "![CPU generators](img/bench_cpu.png)", ""]
    base = {r["output"]: r["gsps"] for r in rows_ if r["generator"] == "std::mt19937"}
    rows = []
    for r in rows_:
        if r["output"] != "bits":
            continue
        u = next((x for x in rows_ if x["generator"] == r["generator"] and x["threads"] == r["threads"]
                  and x["output"] == "uniform f64"), None)
        rb = f"{r['gsps'] / base['bits']:.2f}×" if base.get("bits") else "-"
        ru = f"{u['gsps'] / base['uniform f64']:.2f}×" if u and base.get("uniform f64") else "-"
        rows.append([f"`{r['generator']}`", r["library"], str(r["threads"]), str(r["bits_width"]), f"{r['gsps']:.3f}", rb,
                     f"{u['gsps']:.3f}" if u else "-", ru])
    lines += table(["generator", "library", "threads", "bits", "integers GS/s", "vs std::mt19937", "uniform f64 GS/s",
                    "vs std::mt19937"], rows) + [""]
    mt = next((r for r in rows_ if r["generator"] == "mt19937" and r["threads"] == 1 and r["output"] == "bits"), None)
    if mt and base.get("bits"):
        ratio = mt["gsps"] / base["bits"]
        lines += [f"Target gpurng `mt19937` single-thread ≥ 1.5× `std::mt19937` (integers): {ratio:.2f}×, "
                  f"{'met' if ratio >= 1.5 else '**missed**'}.", ""]
    lines += [f"Note: {n}" for n in c.get("notes", [])]
    return lines + ([""] if c.get("notes") else [])


def section(report):
    lines = [BEGIN, "## Summary of every engine (generated)", "",
             "Generated by `tools/bench_summary.py` from the JSON of the command below; do not edit by hand "
             "(regenerate instead). Charts: `tools/plot_bench.py`.", "",
             f"Command: `{report['command']}` (gpurng {report['gpurng_version']}), {report['date']}, host "
             f"`{report['host']}`.", ""]
    lines += gpu_section(report) + cpu_section(report)
    return "\n".join(lines).rstrip("\n") + "\n" + END


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("json")
    ap.add_argument("--doc", default="docs/PERFORMANCE.md")
    ap.add_argument("--stdout", action="store_true", help="print the section instead of writing --doc")
    a = ap.parse_args(argv)
    try:
        with open(a.json) as f:
            report = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        print(f"bench_summary.py: error: {a.json}: {e}", file=sys.stderr)
        return 1
    if report.get("tool") != "gpurng bench":
        print(f"bench_summary.py: error: {a.json} is not a gpurng bench --json file", file=sys.stderr)
        return 1
    text = section(report)
    if a.stdout:
        print(text)
        return 0
    try:
        with open(a.doc) as f:
            doc = f.read()
    except OSError as e:
        print(f"bench_summary.py: error: --doc {a.doc}: {e}", file=sys.stderr)
        return 1
    i, j = doc.find(BEGIN), doc.find(END)
    if i < 0 or j < i:
        print(f"bench_summary.py: error: --doc {a.doc} lacks the markers {BEGIN} ... {END}", file=sys.stderr)
        return 1
    with open(a.doc, "w") as f:
        f.write(doc[:i] + text + doc[j + len(END):])
    print(f"bench_summary.py: regenerated the summary section of {a.doc}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
