#!/usr/bin/env bash
# Runs the MTGP checks on a GPU machine from a staged folder (default: the folder this script is
# in, laid out as bin/, lib/, data/): the benchmark first, then compute-sanitizer memcheck and
# racecheck over the CLI (fill and jump kernels of each word size, pairs, doubles), then the cuRAND
# comparison, then the CPU == GPU suite. Logs go to $OUT; a summary is printed at the end.
set -uo pipefail
D=${1:-$(cd "$(dirname "$0")" && pwd)}
OUT=${OUT:-/tmp/mtgp-out}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=$D/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export GPURNG_TEST_DATA=$D/data/tests/data GPURNG_LIBRARY_DATA=$D/data/data
declare -a SUMMARY
note() { SUMMARY+=("$1"); echo "$1"; }
summary() { echo; echo "======== mtgp device summary ========"; printf '%s\n' "${SUMMARY[@]}"; }
trap summary EXIT

timeout 150 "$D/bin/bench_mtgp" --json "$OUT/bench_mtgp.json" >"$OUT/bench_mtgp.txt" 2>&1
note "bench_mtgp rc=$?"
cat "$OUT/bench_mtgp.txt"

san() {  # tool, name, CLI arguments...
  local tool=$1 name=$2; shift 2
  if timeout 60 compute-sanitizer --tool "$tool" --error-exitcode=99 "$D/bin/gpurng" generate --backend cuda \
      --format bin --out /dev/null "$@" >"$OUT/san_${tool}_$name.log" 2>&1; then
    note "compute-sanitizer $tool $name: CLEAN"
  else
    note "compute-sanitizer $tool $name: rc=$? (see san_${tool}_$name.log)"; tail -5 "$OUT/san_${tool}_$name.log"
  fi
}
for tool in memcheck racecheck; do
  san $tool u32-jump --engine mtgp11213 --dist bits --count 300001 --offset 1234567891
  san $tool f64pair --engine mtgp23209 --streams 7 --dist normal --count 100001 --offset 77
  san $tool w64 --engine mtgp64-110503 --streams 3 --dist uniform --count 50001 --offset 5
  san $tool curand --engine mtgp11213-curand --streams 5 --dist exponential --precision float --count 20001
done

timeout 120 "$D/bin/test_cuda_mtgp_curand" >"$OUT/test_cuda_mtgp_curand.log" 2>&1
note "test_cuda_mtgp_curand rc=$? $(grep -E '^\[  (PASSED|FAILED) ' "$OUT/test_cuda_mtgp_curand.log" | tr '\n' ' ')"
timeout ${SUITE_SECONDS:-300} "$D/bin/test_cuda_mtgp" >"$OUT/test_cuda_mtgp.log" 2>&1
note "test_cuda_mtgp rc=$? $(grep -E '^\[  (PASSED|FAILED) |^\[       OK|^\[  FAILED' "$OUT/test_cuda_mtgp.log" | tr '\n' ' ')"
grep -E 'Failure|Expected|Which is|difference' "$OUT/test_cuda_mtgp.log" | head -20
