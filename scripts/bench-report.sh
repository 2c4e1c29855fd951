#!/usr/bin/env bash
# Turns a `gpurng bench --json` file (e.g. $OUT/gpurng_bench.json from `scripts/gpu-check.sh report`
# on the GPU machine) into the repository's benchmark report: docs/bench/gpurng_bench.json, the
# charts docs/img/bench_*.png and the generated summary section of docs/PERFORMANCE.md.
#   scripts/bench-report.sh PATH/TO/gpurng_bench.json
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/bench-report.sh gpurng_bench.json" >&2; exit 2; }
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3  # Debian's, with python3-matplotlib
if [ "$(realpath "$1")" != "$(realpath -m docs/bench/gpurng_bench.json)" ]; then
  mkdir -p docs/bench
  cp "$1" docs/bench/gpurng_bench.json
fi
$PY tools/plot_bench.py docs/bench/gpurng_bench.json --out docs/img
$PY tools/bench_summary.py docs/bench/gpurng_bench.json --doc docs/PERFORMANCE.md
