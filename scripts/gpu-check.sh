#!/usr/bin/env bash
# Runs on the GPU machine (the device tool), from the repository root, with .device/ carried:
# every test binary (GPU tests included), compute-sanitizer memcheck/racecheck/synccheck on the
# CUDA tests, the examples and the benchmarks. Logs and JSON go to $OUT; a short table is printed
# last. Prepare with scripts/gpu-stage.sh.
#
#   scripts/gpu-check.sh [PHASES]   PHASES: comma-separated subset of tests,sanitize,examples,bench,sass,report,latency,
#                                   pytest,pybench (default: the first six; one device call is at most
#                                   10 minutes, so a long check is split into calls made back to back
#                                   while the GPU is warm)
# pytest, pybench: the Python package staged by scripts/gpu-python-stage.sh (.device/py.tar.xz; carry
# .device/py.tar.xz, and .device.tar.xz too for the CLI-equality tests): python/tests on the device,
# and bench/python/bench_python.py (gpurng beside CuPy, PyTorch, JAX and NumPy; PYBENCH_ARGS adds
# arguments, e.g. "--parts gpu --sizes 2^28" to split a run) into $OUT/pybench.txt and pybench.tgz.
# report: `gpurng bench --json` (every engine vs cuRAND, a few minutes on an H100), kept as
# $OUT/gpurng_bench.json and .txt; scripts/bench-report.sh turns the JSON into the docs.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpurng-out}
mkdir -p "$OUT"
# The staged build travels packed (scripts/gpu-stage.sh): unpack it once.
if [ -f .device.tar.xz ] && [ ! -d .device/bin ]; then tar xJf .device.tar.xz; fi
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export GPURNG_TEST_DATA=$PWD/tests/data
export GPURNG_CLI=$PWD/.device/bin/gpurng  # the CLI tests (test_cli_bench, test_cli_quality) run the staged CLI
# NVRTC reads the device headers and the test kernels at run time (test_nvrtc_device_headers, test_cuda_nvrtc).
export GPURNG_NVRTC_INCLUDE_DIR=$PWD/include GPURNG_NVRTC_TEST_KERNELS=$PWD/tests/device_api_kernels.cuh
BIN=.device/bin
PHASES=${1:-tests,sanitize,examples,bench,sass,report}
want() { [[ ",$PHASES," == *",$1,"* ]]; }
declare -a SUMMARY
note() { SUMMARY+=("$1"); }

nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$OUT/device.txt"

# TEST_BINARIES: space-separated names or globs (default every test_*), e.g. "test_cuda_dcmt test_cuda_sobol".
want tests && for t in $(cd "$BIN" && ls -d ${TEST_BINARIES:-test_*} | sed "s|^|$BIN/|"); do
  name=$(basename "$t")
  [ "$name" = test_cli ] && continue  # needs the build tree's CLI path; runs in CI
  if "$t" --gtest_brief=1 >"$OUT/$name.log" 2>&1; then r=PASS; else r=FAIL; fi
  skipped=$(grep -c '^\[  SKIPPED \]' "$OUT/$name.log" || true)
  note "$(printf '%-28s %s (skipped %s)' "$name" "$r" "$skipped")"
done

# compute-sanitizer on every CUDA test binary. memcheck runs every test but the long sweeps (names
# containing "Large"); racecheck and synccheck instrument every shared-memory access and are ~100x
# slower, so they run the tests each binary sizes for them (SAN_FILTER below: every kernel and
# code path at small sizes). Each run has a time limit (SAN_TIMEOUT seconds) and reports TIMEOUT
# rather than eating the device call; SAN_BINARIES restricts the binaries (a glob).
declare -A SAN_FILTER=(
  [test_cuda_backend]='-*Large*'
  [test_cuda_mt19937]='*SanitizerSized*:*KnownAnswers*:*SpeculativeJumpsOnly*'
  [test_cuda_mtgp]='*OnEveryKernelPath*:*SaveAndRestore*'
  [test_cuda_mtgp_curand]='*DeviceApi*:*ContinuesAcrossCalls*'
  [test_cuda_perthread]='*CpuEqualsGpuForEveryDistribution*:*DeviceApi*'
  [test_cuda_sobol]='*FarOffsets*:*CapturedInACudaGraph*:*OneCallOrMany*'  # SmallShapes: clean, 171 s under racecheck
  [test_cuda_dcmt]='*Sanitizer*:*DeviceApi*'
)
SAN_TIMEOUT=${SAN_TIMEOUT:-150}
SAN="compute-sanitizer --error-exitcode=99"
want sanitize && for t in "$BIN"/${SAN_BINARIES:-test_cuda_*}; do
  name=$(basename "$t")
  for tool in memcheck racecheck synccheck; do
    filter='-*Large*'
    [ "$tool" != memcheck ] && filter=${SAN_FILTER[$name]:--*Large*}
    timeout "$SAN_TIMEOUT" $SAN --tool $tool "$t" --gtest_filter="$filter" --gtest_brief=1 >"$OUT/san_${tool}_$name.log" 2>&1
    rc=$?
    if [ $rc = 0 ]; then r="CLEAN ($(grep -o '[0-9]* tests\?\.' "$OUT/san_${tool}_$name.log" | tail -1) filter $filter)"
    elif [ $rc = 124 ]; then r="TIMEOUT after ${SAN_TIMEOUT}s (filter $filter)"
    else r="ERRORS (see san_${tool}_$name.log)"; fi
    note "$(printf '%-28s %s' "$tool $name" "$r")"
  done
done

# Examples that run on the GPU and check themselves (non-zero exit on a mismatch).
want examples && for ex in "example_monte_carlo_pi" "example_perthread_streams" "example_curand_port" "example_asian_option_qmc --backend cuda"; do
  name=${ex%% *}
  [ -x "$BIN/$name" ] || continue
  if (cd "$OUT" && "$OLDPWD/$BIN"/$ex >"$OUT/$name.log" 2>&1); then r=PASS; else r=FAIL; fi
  note "$(printf '%-28s %s: %s' "$name" "$r" "$(head -1 "$OUT/$name.log")")"
done

# gpurng_pi on the GPU (issue 8): fused kernels (dcmt, mwc, mrg32k3a) and the host API + counting kernel
# (mt19937, mtgp11213); each line is pi=... stderr=... samples=... rate=..., |pi - 3.14159265| < 4 stderr.
want examples && for e in dcmt521 dcmt2203 mwc mrg32k3a mt19937 mtgp11213; do
  line=$("$BIN"/gpurng_pi --engine "$e" --samples 1e10 --backend cuda 2>&1); note "$(printf "%-28s %s" "gpurng_pi $e (GPU, 1e10)" "$line")"
done

want bench && for b in "$BIN"/bench_*; do
  name=$(basename "$b")
  "$b" --json "$OUT/$name.json" >"$OUT/$name.txt" 2>&1 || note "$name FAILED"
done

# Instructions per output from the SASS (issues 5 and 8): scripts/count_sass.sh, kept as sass.txt.
if want sass; then
  PATH=/usr/local/cuda/bin:$PATH OUT="$OUT/sass" bash scripts/count_sass.sh >"$OUT/sass.txt" 2>&1 || note "count_sass FAILED"
  rm -rf "$OUT/sass"  # the full disassembly is large; rerun count_sass.sh on the device to see it
  note "$(printf '%-28s %s' "count_sass" "sass.txt")"
fi

# The whole benchmark report (issue 9), everything by default.
if want report && [ -x "$BIN/gpurng" ]; then
  if "$BIN/gpurng" bench --json "$OUT/gpurng_bench.json" >"$OUT/gpurng_bench.txt" 2>"$OUT/gpurng_bench.log"; then
    note "$(printf '%-28s %s' "gpurng bench" "done: gpurng_bench.json, gpurng_bench.txt")"
  else
    note "gpurng bench FAILED (see gpurng_bench.log in logs.tgz)"
  fi
  cat "$OUT/gpurng_bench.txt"  # long: before the summary, which stays last
fi

# Latency with every module loaded at context creation (CUDA_MODULE_LOADING=EAGER): the first-call
# figures of `gpurng bench` (lazy loading, CUDA's default) minus these are the kernels' first load.
if want latency && [ -x "$BIN/gpurng" ]; then
  CUDA_MODULE_LOADING=EAGER "$BIN/gpurng" bench --backend cuda --sizes 2^20 --runs 3 --energy-ms 0 \
    --json "$OUT/latency_eager.json" >"$OUT/latency_eager.txt" 2>&1 || note "latency (eager) FAILED"
  note "$(printf '%-28s %s' "latency, eager loading" "latency_eager.json, latency_eager.txt")"
  sed -n '/^Latency/,/^$/p' "$OUT/latency_eager.txt"
fi

# The Python package (issue 25): unpacked once; Debian's pytest (staged in .device/py/site) only where
# the machine's Python has none.
if want pytest || want pybench; then
  if [ -f .device/py.tar.xz ] && [ ! -d .device/py/gpurng ]; then tar xJf .device/py.tar.xz; fi
  if [ ! -d .device/py/gpurng ]; then
    note "python: .device/py is missing (run scripts/gpu-python-stage.sh here and carry .device/py.tar.xz)"
  else
    PY_PATH=$PWD/.device/py
    python3 -c 'import pytest' 2>/dev/null || PY_PATH=$PY_PATH:$PWD/.device/py/site
    export LD_LIBRARY_PATH=$PWD/.device/py/gpurng:$LD_LIBRARY_PATH
    if want pytest; then
      PYTHONPATH=$PY_PATH PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -ra -p no:cacheprovider python/tests \
        >"$OUT/pytest.log" 2>&1
      note "$(printf '%-28s %s' "pytest python/tests" "$(tail -1 "$OUT/pytest.log")")"
    fi
    if want pybench; then
      # shellcheck disable=SC2086  # PYBENCH_ARGS is a list of arguments
      if PYTHONPATH=$PY_PATH python3 bench/python/bench_python.py --out "$OUT/pybench" ${PYBENCH_ARGS:-} \
          >"$OUT/pybench.txt" 2>"$OUT/pybench.log"; then r=done; else r="FAILED (pybench.log)"; fi
      note "$(printf '%-28s %s' "bench_python.py" "$r: pybench.txt, pybench.tgz (results.json, results.csv)")"
      tar czf "$OUT/pybench.tgz" -C "$OUT" pybench && rm -rf "$OUT/pybench"
      sed -n '/^## gpurng Python benchmark/,$p' "$OUT/pybench.txt"  # the tables, before the summary
    fi
  fi
fi

echo
echo "================ gpurng gpu-check summary ================"
cat "$OUT/device.txt"
printf '%s\n' "${SUMMARY[@]}"
for f in "$OUT"/bench_*.txt; do [ -e "$f" ] && { echo; cat "$f"; }; done
for f in "$OUT"/test_*.log "$OUT"/san_*.log; do
  grep -q -E 'FAILED|Failure|ERROR SUMMARY: [1-9]|[1-9][0-9]* hazard|[1-9][0-9]* errors' "$f" &&
    { echo "--- problems in $(basename "$f")"; grep -E -A3 'Failure|FAILED|ERROR|hazard' "$f" | head -40; }
done
# At most 8 files come back from the device: bundle the logs and the benchmark outputs.
tar czf "$OUT/logs.tgz" -C "$OUT" $(cd "$OUT" && ls *.log) 2>/dev/null && rm -f "$OUT"/*.log
tar czf "$OUT/bench.tgz" -C "$OUT" $(cd "$OUT" && ls bench_*.txt bench_*.json) 2>/dev/null && rm -f "$OUT"/bench_*.txt "$OUT"/bench_*.json
exit 0
