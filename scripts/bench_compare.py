#!/usr/bin/env python3
"""Compares `gpurng bench --json` files cell by cell (variant, dist, type, n): after/before rate,
and cuRAND's rate in both runs as the control for drift between them. Exit 1 if a cell at the
--check size is slower than --tolerance (issue 21's rule: no cell at 2^28 more than 3 % slower).
With several BEFORE AFTER pairs (alternating runs in one call), each cell's ratio is the median of
its pairs' ratios, and the rates are the medians of the runs: one noisy run does not decide a cell.

  bench_compare.py BEFORE.json AFTER.json [BEFORE2.json AFTER2.json ...] [--check 268435456] [--tolerance 0.03]
"""
import argparse
import json
import statistics
import sys


def cells(path):
    with open(path) as f:
        rows = json.load(f)["gpu"]["rows"]
    return {(r["variant"], r["dist"], r["type"], r["n"]): r for r in rows}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+", metavar="BEFORE AFTER")
    ap.add_argument("--check", type=int, default=1 << 28)
    ap.add_argument("--tolerance", type=float, default=0.03)
    a = ap.parse_args()
    if len(a.files) % 2 != 0:
        ap.error("files: give BEFORE AFTER pairs, got %d files" % len(a.files))
    pairs = [(cells(a.files[i]), cells(a.files[i + 1])) for i in range(0, len(a.files), 2)]
    keys = set.intersection(*(set(b) & set(c) for b, c in pairs))
    med = statistics.median
    before = {k: {"gpurng_gsps": med(b[k]["gpurng_gsps"] for b, _ in pairs),
                  "curand_gsps": med((b[k].get("curand_gsps") or 0) for b, _ in pairs)} for k in keys}
    after = {k: {"gpurng_gsps": med(c[k]["gpurng_gsps"] for _, c in pairs),
                 "curand_gsps": med((c[k].get("curand_gsps") or 0) for _, c in pairs)} for k in keys}
    ratios = {k: med((c[k]["gpurng_gsps"] / b[k]["gpurng_gsps"]) if b[k]["gpurng_gsps"] > 0 else float("nan")
                     for b, c in pairs) for k in keys}
    worst = []
    print("%-22s %-12s %-4s %10s %10s %10s %7s %9s" % ("variant", "dist", "type", "n", "before", "after", "ratio",
                                                      "cuRAND"))
    for key in sorted(keys):
        b, c = before[key], after[key]
        ratio = ratios[key]
        control = (c["curand_gsps"] / b["curand_gsps"]) if b.get("curand_gsps") else float("nan")
        flag = ""
        if key[3] == a.check and ratio < 1 - a.tolerance:
            flag = "  SLOWER"
            worst.append((ratio, key))
        print("%-22s %-12s %-4s %10d %10.1f %10.1f %7.3f %9.3f%s" % (key[0], key[1], key[2], key[3],
                                                                    b["gpurng_gsps"], c["gpurng_gsps"], ratio,
                                                                    control, flag))
    print("cells compared: %d (median of %d run pairs); at n = %d slower than %.0f %%: %d"
          % (len(keys), len(pairs), a.check, 100 * a.tolerance, len(worst)))
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
