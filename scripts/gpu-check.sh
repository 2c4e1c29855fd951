#!/usr/bin/env bash
# Runs on the GPU machine (the device tool), from the repository root, with .device/ carried:
# every test binary (GPU tests included), compute-sanitizer memcheck/racecheck/synccheck on the
# CUDA tests, the examples and the benchmarks. Logs and JSON go to $OUT; a short table is printed
# last. Prepare with scripts/gpu-stage.sh.
#
#   scripts/gpu-check.sh [all|tests|bench]   (default all)
# tests: everything but `gpurng bench`; bench: only `gpurng bench` (a few minutes on an H100), so
# each fits in one device command.
set -uo pipefail
MODE=${1:-all}
case "$MODE" in all|tests|bench) ;; *) echo "usage: scripts/gpu-check.sh [all|tests|bench]" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpurng-out}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export GPURNG_TEST_DATA=$PWD/tests/data
export GPURNG_CLI=$PWD/.device/bin/gpurng  # test_cli_bench runs the staged CLI
BIN=.device/bin
declare -a SUMMARY
note() { SUMMARY+=("$1"); }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT/device.txt"

if [ "$MODE" != bench ]; then
for t in "$BIN"/test_*; do
  name=$(basename "$t")
  [ "$name" = test_cli ] && continue  # needs the build tree's CLI path; runs in CI
  if "$t" --gtest_brief=1 >"$OUT/$name.log" 2>&1; then r=PASS; else r=FAIL; fi
  skipped=$(grep -c '^\[  SKIPPED \]' "$OUT/$name.log" || true)
  note "$(printf '%-28s %s (skipped %s)' "$name" "$r" "$skipped")"
done

# compute-sanitizer on every CUDA test binary (tests named *Large* are left out: too slow under it).
SAN="compute-sanitizer --error-exitcode=99"
for t in "$BIN"/test_cuda_*; do
  name=$(basename "$t")
  for tool in memcheck racecheck synccheck; do
    if $SAN --tool $tool "$t" --gtest_filter='-*Large*' --gtest_brief=1 >"$OUT/san_${tool}_$name.log" 2>&1; then r=CLEAN
    else r="ERRORS (see san_${tool}_$name.log)"; fi
    note "$(printf '%-28s %s' "$tool $name" "$r")"
  done
done

# Examples that run on the GPU and check themselves (non-zero exit on a mismatch).
for ex in "example_monte_carlo_pi" "example_perthread_streams" "example_asian_option_qmc --backend cuda"; do
  name=${ex%% *}
  [ -x "$BIN/$name" ] || continue
  if (cd "$OUT" && "$OLDPWD/$BIN"/$ex >"$OUT/$name.log" 2>&1); then r=PASS; else r=FAIL; fi
  note "$(printf '%-28s %s: %s' "$name" "$r" "$(head -1 "$OUT/$name.log")")"
done

for b in "$BIN"/bench_*; do
  name=$(basename "$b")
  "$b" --json "$OUT/$name.json" >"$OUT/$name.txt" 2>&1 || note "$name FAILED"
done
fi

# The whole benchmark report (issue 9): everything by default; its JSON feeds tools/plot_bench.py and
# tools/bench_summary.py (docs/PERFORMANCE.md, docs/img/bench_*.png) back on the build machine.
if [ "$MODE" != tests ] && [ -x "$BIN/gpurng" ]; then
  if "$BIN/gpurng" bench --json "$OUT/gpurng_bench.json" >"$OUT/gpurng_bench.txt" 2>"$OUT/gpurng_bench.log"; then
    note "$(printf '%-28s %s' "gpurng bench" "done: gpurng_bench.json, gpurng_bench.txt")"
  else
    note "gpurng bench FAILED (see gpurng_bench.log)"
  fi
fi

# The full table first (long); the summary below stays last in the output.
[ -e "$OUT/gpurng_bench.txt" ] && cat "$OUT/gpurng_bench.txt"
echo
echo "================ gpurng gpu-check summary ================"
cat "$OUT/device.txt"
printf '%s\n' "${SUMMARY[@]}"
for f in "$OUT"/bench_*.txt; do [ -e "$f" ] && { echo; cat "$f"; }; done
for f in "$OUT"/test_*.log "$OUT"/san_*.log; do
  [ -e "$f" ] || continue
  grep -q -E 'FAILED|Failure|ERROR SUMMARY: [1-9]|[1-9][0-9]* hazard|[1-9][0-9]* errors' "$f" &&
    { echo "--- problems in $(basename "$f")"; grep -E -A3 'Failure|FAILED|ERROR|hazard' "$f" | head -40; }
done
# Everything that comes back must fit: bundle the logs, keep the JSON separate.
tar czf "$OUT/logs.tgz" -C "$OUT" $(cd "$OUT" && ls *.log) 2>/dev/null && rm -f "$OUT"/*.log
exit 0
