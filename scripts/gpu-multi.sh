#!/usr/bin/env bash
# Issues 26 and 27 on a machine with P >= 2 GPUs (device kinds nvidia-h100-x2, -x4, -x8), from a
# staged build (.device.tar.xz: scripts/gpu-stage.sh, or a trimmed copy with libgpurng, gpurng,
# test_multi_gpu, bench_multi_gpu, bench_mpi_generate, example_mpi_generate, example_mpi_pi): all P
# devices in one process and P MPI ranks with one GPU each must give the bytes of one device and of
# the CPU; the conformance digests on one and on all devices; every engine's values over P ranks equal
# one device's; bench_multi_gpu's rates (one process) and bench_mpi_generate's (-np 1 beside -np P).
# Logs and the bench JSON go to $OUT; a table comes last.
#   N=values   per generate comparison (default 100000001, odd on purpose)
#   ENGINE_N   per engine in the every-engine MPI comparison (default 2^24 + 3)
#   BENCH_N    values per device for the benchmarks (default 2^31); BENCH_RUNS (default 3)
#   PHASES     comma-separated subset of checks,bench,mpibench (default all)
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
P=$(nvidia-smi -L | grep -c '^GPU ')
ALL=$(seq -s, 0 $((P - 1)))
PHASES=${PHASES:-checks,bench,mpibench}
want() { [[ ",$PHASES," == *",$1,"* ]]; }
if want checks; then
"$B"/test_multi_gpu > "$OUT/test_multi_gpu.txt" 2>&1
rc=$?; tail -n 3 "$OUT/test_multi_gpu.txt"; record "test_multi_gpu" "rc=$rc"

for devs in "" "$ALL"; do
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
  "$B"/gpurng generate $cli --count "$count" --format bin --backend cuda --devices "$ALL" --out "$OUT/two.bin" 2>> "$OUT/err.txt"
  # shellcheck disable=SC2086
  "${MPIRUN[@]}" -np "$P" "$B"/example_mpi_generate $ex --count "$count" --backend cuda --out "$OUT/mpi.bin" \
    > "$OUT/mpi.txt" 2>&1
  r1=$(cmp -s "$OUT/cpu.bin" "$OUT/one.bin" && echo same || echo DIFFER)
  r2=$(cmp -s "$OUT/one.bin" "$OUT/two.bin" && echo same || echo DIFFER)
  r3=$(cmp -s "$OUT/one.bin" "$OUT/mpi.bin" && echo same || echo DIFFER)
  record "$name, n=$count: cpu vs 1 gpu / $P gpus / $P ranks" "$r1 / $r2 / $r3 ($(stat -c %s "$OUT/one.bin") bytes)"
done
tail -n 5 "$OUT/err.txt" "$OUT/mpi.txt"

for np in 1 "$P"; do
  "${MPIRUN[@]}" -np $np "$B"/example_mpi_pi --engine philox4x32-10 --seed 7 --samples 1000000007 --backend cuda \
    > "$OUT/pi-np$np.txt" 2>&1
  record "mpi_pi philox4x32-10 1e9 samples, $np rank(s)" "$(tail -n 1 "$OUT/pi-np$np.txt")"
done

# Every engine over P ranks equals one device (uniform floats at offset 2^32 + 7; Sobol' in 3 dims at 33).
EN=${ENGINE_N:-16777219}
for e in $("$B"/gpurng list 2>/dev/null | awk '/^engines/{f=1;next} /^[^ ]/{f=0} f && /^  [a-z]/{print $1}'); do
  cnt=$EN; extra=(); off=4294967303
  [[ $e == sobol* ]] && { cnt=$(( EN / 3 * 3 )); extra=(--dims 3); off=33; }
  "$B"/gpurng generate --engine "$e" "${extra[@]}" --dist uniform --precision float --offset "$off" --count "$cnt" --format bin \
    --backend cuda --out "$OUT/one.bin" 2> "$OUT/err-$e.txt"
  "${MPIRUN[@]}" -np "$P" "$B"/example_mpi_generate --engine "$e" "${extra[@]}" --precision float --offset "$off" --count "$cnt" \
    --backend cuda --out "$OUT/mpi.bin" > "$OUT/mpi-$e.txt" 2>&1
  r=$(cmp -s "$OUT/one.bin" "$OUT/mpi.bin" && echo same || echo DIFFER)
  record "$e uniform f32 n=$cnt at offset $off: 1 gpu vs $P ranks" "$r"
done
fi

if want bench; then
timeout 400 "$B"/bench_multi_gpu --n "${BENCH_N:-2147483648}" --runs "${BENCH_RUNS:-3}" --json "$OUT/bench_multi_gpu.json" \
  > "$OUT/bench_multi_gpu.txt" 2>&1
record "bench_multi_gpu" "rc=$?"
cat "$OUT/bench_multi_gpu.txt"
fi

# One rank per GPU: the same global call's rate on 1 rank (one GPU) and on P ranks.
if want mpibench; then
  for np in 1 "$P"; do
    timeout 280 "${MPIRUN[@]}" -np "$np" "$B"/bench_mpi_generate --n "${BENCH_N:-2147483648}" --runs "${BENCH_RUNS:-3}" \
      > "$OUT/bench_mpi_np$np.txt" 2>&1
    record "bench_mpi_generate -np $np" "rc=$?"
  done
  echo "engine  1-rank GS/s  $P-rank GS/s  ratio (target >= 0.95 x $P)"
  LC_ALL=C join <(awk 'NF>=3 && $2==1 {print $1, $3}' "$OUT/bench_mpi_np1.txt" | LC_ALL=C sort) \
       <(awk -v p="$P" 'NF>=3 && $2==p {print $1, $3}' "$OUT/bench_mpi_np$P.txt" | LC_ALL=C sort) |
    awk '{printf "%-22s %10.1f %12.1f %7.2fx\n", $1, $2, $3, $3 / $2}' | tee "$OUT/bench_mpi_table.txt"
fi
rm -f "$OUT"/*.bin
echo; echo "== summary"
printf '%s\n' "${table[@]}"
