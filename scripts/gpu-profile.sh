#!/usr/bin/env bash
# Runs on the GPU machine with .device/ carried (scripts/gpu-stage.sh): the SASS and resource
# usage of the fill kernels, and Nsight Compute on a few of them, driven through the CLI.
# Usage: scripts/gpu-profile.sh [dist:precision ...]   (default: bits normal:float normal:double)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpurng-profile}
mkdir -p "$OUT"
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
LIB=$(ls .device/lib/libgpurng.so.* | head -1)
cuobjdump -res-usage "$LIB" >"$OUT/res_usage.txt" 2>&1
cuobjdump -sass "$LIB" >"$OUT/all.sass" 2>&1
gzip -f "$OUT/all.sass"
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(bits normal:float normal:double)
for c in "${cases[@]}"; do
  dist=${c%%:*}; prec=${c#*:}
  args=(generate --backend cuda --dist "$dist" --count 2^26 --format bin --out /dev/null)
  [ "$prec" != "$c" ] && args+=(--precision "$prec")
  ncu --clock-control none --set full -k regex:fill_kernel -c 1 .device/bin/gpurng "${args[@]}" \
      >"$OUT/ncu_${dist}_${prec}.txt" 2>&1
done
grep -A2 "fill_kernel" "$OUT/res_usage.txt" | grep -o "Function [^:]*\|REG:[0-9]*\|SHARED:[0-9]*\|STACK:[0-9]*" | paste - - - - | sed 's/Function //' | cut -c1-200
for f in "$OUT"/ncu_*.txt; do
  echo "=== $f"
  grep -E "Duration|Memory Throughput|Compute \(SM\) Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Issue Slots Busy|Executed Ipc Active|No Eligible|Stall|One or More Eligible|Block Limit" "$f" | head -30
done
