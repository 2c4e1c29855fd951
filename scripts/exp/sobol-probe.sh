#!/usr/bin/env bash
# One device call for the Sobol' and per-thread performance work (issues 4 and 5), from the
# repository root with .device.tar.xz carried (scripts/gpu-stage.sh): the Sobol' GPU tests,
# bench_sobol, bench_perthread, and the SASS loops of the Sobol' and stream-fill kernels
# (scripts/sass_loops.py). Everything goes to $OUT; a short summary is printed last.
#   scripts/exp/sobol-probe.sh [PHASES]   PHASES: comma-separated subset of tests,sobol,perthread,sass,ncu (default all)
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/gpurng-out}
mkdir -p "$OUT"
PHASES=${1:-tests,sobol,perthread,sass,ncu}
want() { [[ ",$PHASES," == *",$1,"* ]]; }
if [ -f .device.tar.xz ] && [ ! -d .device/bin ]; then tar xJf .device.tar.xz; fi
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export PATH=/usr/local/cuda/bin:$PATH
export GPURNG_TEST_DATA=$PWD/tests/data
BIN=.device/bin
summary=()
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$OUT/device.txt"
if want tests; then
  for t in ${TEST_BINARIES:-test_cuda_sobol}; do
    start=$(date +%s)
    if "$BIN/$t" --gtest_brief=1 >"$OUT/$t.log" 2>&1; then r=PASS; else r=FAIL; fi
    summary+=("$t $r ($(( $(date +%s) - start )) s, skipped $(grep -c '^\[  SKIPPED \]' "$OUT/$t.log"))")
  done
fi
want sobol && { "$BIN/bench_sobol" --json "$OUT/bench_sobol.json" >"$OUT/bench_sobol.txt" 2>&1 || summary+=("bench_sobol FAILED"); }
want perthread && { "$BIN/bench_perthread" --json "$OUT/bench_perthread.json" >"$OUT/bench_perthread.txt" 2>&1 || summary+=("bench_perthread FAILED"); }
if want sass; then
  # The Sobol' kernels' whole SASS comes back (xz), to be read with scripts/sass_loops.py where c++filt is.
  lib=$(ls .device/lib/libgpurng.so.*.* 2>/dev/null | head -1)
  cuobjdump --dump-sass "${lib:-.device/lib/libgpurng.so}" >/tmp/lib.sass 2>"$OUT/cuobjdump.err"
  # SASS_MATCH: a regular expression on the (mangled) kernel names to keep (default: the Sobol' kernels).
  python3 - /tmp/lib.sass "$OUT/sobol_kernels.sass" "${SASS_MATCH:-sobol_kernel}" <<'PY'
import re, sys
keep, out = False, open(sys.argv[2], "w")
for line in open(sys.argv[1]):
    m = re.match(r"\s*Function : (\S+)", line)
    if m:
        keep = re.search(sys.argv[3], m.group(1)) is not None
    if keep:
        out.write(line)
PY
  xz -f "$OUT/sobol_kernels.sass"
  summary+=("sobol_kernels.sass.xz: $(du -h "$OUT/sobol_kernels.sass.xz" | cut -f1), lib.sass $(wc -l </tmp/lib.sass) lines")
fi
# Nsight Compute on the Sobol' kernel of a CLI call: normal f64 at 1 and 1000 dimensions (why 1000 is slower).
if want ncu; then
  for d in 1 1000; do
    ncu --clock-control none --kernel-name regex:sobol_kernel --launch-count 1 \
        --section SpeedOfLight --section InstructionStats --section WarpStateStats --section SchedulerStats --section Occupancy \
        "$BIN/gpurng" generate --engine sobol32 --dims $d --count $((268435 * 1000)) --dist normal --precision double \
        --backend cuda --format bin --out /dev/null >"$OUT/ncu_normal_f64_dims$d.txt" 2>&1
    summary+=("ncu dims $d: $(grep -E 'Duration|Executed Ipc A' "$OUT/ncu_normal_f64_dims$d.txt" | tr -s ' ' | tr '\n' ';')")
  done
fi
echo "================ summary"
printf '%s\n' "${summary[@]}"
for f in "$OUT"/*.log; do grep -q -E 'FAILED|Failure' "$f" && { echo "--- $(basename "$f")"; grep -E -A3 'Failure|FAILED' "$f" | head -30; }; done
for f in "$OUT"/bench_sobol.txt "$OUT"/bench_perthread.txt; do [ -f "$f" ] && grep -E -v 'owen|grid sweep|B=' "$f" | head -80; done
exit 0
