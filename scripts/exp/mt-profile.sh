#!/usr/bin/env bash
# Experiment (not part of CI): bench_mt19937 plus ncu profiles (details page and per-instruction SASS
# with stall samples, as CSV) of one jump_kernel and one gen_kernel launch at 2^28 values, packed
# as $OUT/prof.tgz. On the device, with .device.tar.xz carried:
#   [KERNELS="gen_kernel"] [BENCH_ARGS="--sizes 268435456"] bash scripts/exp/mt-profile.sh
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
[ -d .device/bin ] || tar xJf .device.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
nvidia-smi --query-gpu=name --format=csv,noheader
.device/bin/bench_mt19937 ${BENCH_ARGS:-} --json "$OUT/bench_mt19937.json" > "$OUT/bench_mt19937.txt" 2>&1; cat "$OUT/bench_mt19937.txt"
for k in ${KERNELS:-jump_kernel gen_kernel}; do
  timeout 200 ncu --kernel-name regex:$k --launch-skip 6 --launch-count 1 --set full --import-source no -f -o "$OUT/prof_$k" .device/bin/bench_mt19937 --sizes 268435456 > "$OUT/ncu_$k.log" 2>&1
  ncu -i "$OUT/prof_$k.ncu-rep" --page details > "$OUT/details_$k.txt" 2>&1
  ncu -i "$OUT/prof_$k.ncu-rep" --page source --print-source sass --csv > "$OUT/sass_$k.csv" 2>&1
  rm -f "$OUT/prof_$k.ncu-rep"
  echo "== $k"; grep -E "Duration|Warp Cycles Per Issued|Issue Slots Busy|Executed Instructions  |Block Size|Grid Size|Achieved Occupancy|Registers Per" "$OUT/details_$k.txt"
done
tar czf "$OUT/prof.tgz" -C "$OUT" $(cd "$OUT" && ls details_* sass_* ncu_*) && rm -f "$OUT"/details_* "$OUT"/sass_* "$OUT"/ncu_*
