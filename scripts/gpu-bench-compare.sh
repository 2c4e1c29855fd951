#!/usr/bin/env bash
# Before/after bench on the GPU machine (issue 21's rule: no cell at N = 2^28 more than 3 % slower):
# runs `gpurng bench --backend cuda` of the staged build (.device.tar.xz, scripts/gpu-stage.sh) and
# of an earlier one (.device-before.tar.xz: bin/gpurng and lib/libgpurng.so* under .device-before/),
# alternately, in the same call, and compares them with scripts/bench_compare.py. Logs go to $OUT.
#   ENGINES=a,b   engines (default: every engine); SIZES (default 2^28); RUNS (default 3)
#   AFTER=dir     the build to compare (default .device; unpacked from dir.tar.xz if missing)
#   ROUNDS=k      before/after pairs, alternating (default 1); compare.txt has each cell's median ratio
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpurng-out}; mkdir -p "$OUT"
AFTER=${AFTER:-.device}
[ -d "$AFTER" ] || tar xJf "$AFTER.tar.xz"
[ -d .device-before ] || tar xJf .device-before.tar.xz
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
args=(bench --backend cuda --sizes "${SIZES:-2^28}" --runs "${RUNS:-3}" --energy-ms 0)
[ -n "${ENGINES:-}" ] && args+=(--engines "$ENGINES")
run() {  # run NAME DIR
  local s; s=$(date +%s)
  LD_LIBRARY_PATH=$PWD/$2/lib:/usr/local/cuda/lib64 timeout 280 "$2/bin/gpurng" "${args[@]}" --json "$OUT/$1.json" \
    > "$OUT/$1.txt" 2>&1
  echo "$1 rc=$? $(( $(date +%s) - s ))s"
}
pairs=()
for k in $(seq 1 "${ROUNDS:-1}"); do
  sfx=$([ "${ROUNDS:-1}" = 1 ] || echo "-$k")
  run "before$sfx" .device-before
  run "after$sfx" "$AFTER"
  pairs+=("$OUT/before$sfx.json" "$OUT/after$sfx.json")
done
# One verdict: with several rounds, each cell's median ratio over the pairs (bench_compare.py).
python3 scripts/bench_compare.py "${pairs[@]}" > "$OUT/compare.txt"; rc=$?
grep -E "SLOWER|cells compared" "$OUT/compare.txt"
# The raw runs travel packed (the device tool brings back a limited number of files).
tar czf "$OUT/runs.tgz" -C "$OUT" $(cd "$OUT" && ls before*.json after*.json before*.txt after*.txt) && \
  rm -f "$OUT"/before*.json "$OUT"/after*.json "$OUT"/before*.txt "$OUT"/after*.txt
exit $rc
