#!/usr/bin/env python3
"""Compares two `gpurng bench --json` files cell by cell (variant, dist, type, n): after/before rate,
and cuRAND's rate in both runs as the control for drift between them. Exit 1 if a cell at the
--check size is slower than --tolerance (issue 21's rule: no cell at 2^28 more than 3 % slower).

  bench_compare.py BEFORE.json AFTER.json [--check 268435456] [--tolerance 0.03]
"""
import argparse
import json
import sys


def cells(path):
    with open(path) as f:
        rows = json.load(f)["gpu"]["rows"]
    return {(r["variant"], r["dist"], r["type"], r["n"]): r for r in rows}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--check", type=int, default=1 << 28)
    ap.add_argument("--tolerance", type=float, default=0.03)
    a = ap.parse_args()
    before, after = cells(a.before), cells(a.after)
    worst = []
    print("%-22s %-12s %-4s %10s %10s %10s %7s %9s" % ("variant", "dist", "type", "n", "before", "after", "ratio",
                                                      "cuRAND"))
    for key in sorted(set(before) & set(after)):
        b, c = before[key], after[key]
        ratio = c["gpurng_gsps"] / b["gpurng_gsps"] if b["gpurng_gsps"] > 0 else float("nan")
        control = (c["curand_gsps"] / b["curand_gsps"]) if b.get("curand_gsps") else float("nan")
        flag = ""
        if key[3] == a.check and ratio < 1 - a.tolerance:
            flag = "  SLOWER"
            worst.append((ratio, key))
        print("%-22s %-12s %-4s %10d %10.1f %10.1f %7.3f %9.3f%s" % (key[0], key[1], key[2], key[3],
                                                                    b["gpurng_gsps"], c["gpurng_gsps"], ratio,
                                                                    control, flag))
    print("cells compared: %d; at n = %d slower than %.0f %%: %d" % (len(set(before) & set(after)), a.check,
                                                                   100 * a.tolerance, len(worst)))
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
