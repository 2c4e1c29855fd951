#!/usr/bin/env bash
# Issue 26 on the two-GPU machine (device kind nvidia-h100-x2), from a staged build (.device.tar.xz:
# scripts/gpu-stage.sh, or a trimmed copy with libgpurng, gpurng, test_multi_gpu, bench_multi_gpu,
# example_mpi_generate, example_mpi_pi): two devices in one process and two MPI ranks with one GPU
# each must give the bytes of one device and of the CPU; the conformance digests on one and on two
# devices; bench_multi_gpu's rates. Logs and the bench JSON go to $OUT; a table comes last.
#   N=values   per generate comparison (default 100000001, odd on purpose)
#   BENCH_N    values per device for bench_multi_gpu (default 2^31); BENCH_RUNS (default 3)
set -u
cd "$(dirname "$0")/.."
[ -d .device ] || tar xJf .device.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
B=$PWD/.device/bin
OUT=${OUT:-/tmp/gpurng-out}
mkdir -p "$OUT"
N=${N:-100000001}
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
declare -a table
record() { table+=("$(printf '%-58s %s' "$1" "$2")"); }

nvidia-smi -L
"$B"/test_multi_gpu > "$OUT/test_multi_gpu.txt" 2>&1
rc=$?; tail -n 3 "$OUT/test_multi_gpu.txt"; record "test_multi_gpu" "rc=$rc"

for devs in "" "0,1"; do
  label="conformance --backend cuda${devs:+ --devices $devs}"
  "$B"/gpurng conformance --backend cuda ${devs:+--devices "$devs"} > "$OUT/conformance${devs:+-$devs}.txt" 2>&1
  rc=$?; tail -n 2 "$OUT/conformance${devs:+-$devs}.txt"; record "$label" "rc=$rc"
done

# name | gpurng generate's arguments | the MPI example's (the same range)
cases=(
  "mtgp11213 normal f32|--engine mtgp11213 --seed 9 --dist normal --precision float --offset 4294967303|--engine mtgp11213 --seed 9 --dist normal --precision float --offset 4294967303"
  "dcmt2203 poisson|--engine dcmt2203 --seed 3 --dist poisson --lambda 4.5|--engine dcmt2203 --seed 3 --dist poisson --params 4.5"
  "philox4x32-10 uniform f64|--engine philox4x32-10 --seed 11 --dist uniform --precision double --offset 77|--engine philox4x32-10 --seed 11 --dist uniform --precision double --offset 77"
  "mt19937 bits|--engine mt19937 --seed 5 --dist bits --offset 1000|--engine mt19937 --seed 5 --dist bits --offset 1000"
  "sobol32 dims 3|--engine sobol32 --dims 3 --dist uniform --offset 33|--engine sobol32 --dims 3 --dist uniform --offset 33"
)
for c in "${cases[@]}"; do
  IFS='|' read -r name cli ex <<< "$c"
  count=$N
  [[ $name == sobol32* ]] && count=$(( N / 3 * 3 ))
  # shellcheck disable=SC2086
  "$B"/gpurng generate $cli --count "$count" --format bin --backend cpu --out "$OUT/cpu.bin" 2> "$OUT/err.txt"
  # shellcheck disable=SC2086
  "$B"/gpurng generate $cli --count "$count" --format bin --backend cuda --out "$OUT/one.bin" 2>> "$OUT/err.txt"
  # shellcheck disable=SC2086
  "$B"/gpurng generate $cli --count "$count" --format bin --backend cuda --devices 0,1 --out "$OUT/two.bin" 2>> "$OUT/err.txt"
  # shellcheck disable=SC2086
  "${MPIRUN[@]}" -np 2 "$B"/example_mpi_generate $ex --count "$count" --backend cuda --out "$OUT/mpi.bin" \
    > "$OUT/mpi.txt" 2>&1
  r1=$(cmp -s "$OUT/cpu.bin" "$OUT/one.bin" && echo same || echo DIFFER)
  r2=$(cmp -s "$OUT/one.bin" "$OUT/two.bin" && echo same || echo DIFFER)
  r3=$(cmp -s "$OUT/one.bin" "$OUT/mpi.bin" && echo same || echo DIFFER)
  record "$name, n=$count: cpu vs 1 gpu / 2 gpus / 2 ranks" "$r1 / $r2 / $r3 ($(stat -c %s "$OUT/one.bin") bytes)"
done
tail -n 5 "$OUT/err.txt" "$OUT/mpi.txt"

for np in 1 2; do
  "${MPIRUN[@]}" -np $np "$B"/example_mpi_pi --engine philox4x32-10 --seed 7 --samples 1000000007 --backend cuda \
    > "$OUT/pi-np$np.txt" 2>&1
  record "mpi_pi philox4x32-10 1e9 samples, $np rank(s)" "$(tail -n 1 "$OUT/pi-np$np.txt")"
done

timeout 400 "$B"/bench_multi_gpu --n "${BENCH_N:-2147483648}" --runs "${BENCH_RUNS:-3}" --json "$OUT/bench_multi_gpu.json" \
  > "$OUT/bench_multi_gpu.txt" 2>&1
record "bench_multi_gpu" "rc=$?"
cat "$OUT/bench_multi_gpu.txt"
rm -f "$OUT"/*.bin
echo; echo "== summary"
printf '%s\n' "${table[@]}"
