#!/usr/bin/env bash
# A quick GPU check (under 10 minutes on an H100) of the CUDA paths most changes touch: the CUDA test
# binaries without their Large sweeps, memcheck on the mt19937, dcmt and sobol kernels, and a short
# bench beside cuRAND. Runs on the GPU machine with .device.tar.xz carried (scripts/gpu-stage.sh);
# logs go to $OUT. scripts/gpu-check.sh is the full check.
#   QUICK_TESTS="..."     test binaries to run (default below); each with --gtest_filter=-*Large*
#                         unless QUICK_FILTER is set
#   QUICK_TIMEOUT=s       seconds per test binary (default 150)
#   BENCH_ENGINES=a,b     engines for the bench beside cuRAND; BENCH_SIZES (default 2^20,2^24)
#   PYTEST=1              also the Python package's tests (.device/py.tar.xz, scripts/gpu-python-stage.sh)
#   PROBE="ENGINES LOG2SIZES BLOCKS OUTPUTS"   also scripts/exp/grid-probe.cu (staged as .device/bin/grid_probe)
#   SANITIZE="binary:filter ..."  memcheck and synccheck runs (default: the mt19937, dcmt and sobol ones)
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-/tmp/gpurng-out}; mkdir -p "$OUT"
tar xJf .device.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64 GPURNG_TEST_DATA=$PWD/tests/data GPURNG_CLI=$PWD/.device/bin/gpurng
export GPURNG_SHARED_LIBRARY=$(ls $PWD/.device/lib/libgpurng.so.*.*.* | head -1)
B=.device/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
QUICK_TESTS=${QUICK_TESTS:-test_cuda_mt19937 test_cuda_dcmt test_cuda_sobol test_cuda_backend test_cuda_perthread test_cuda_mtgp test_cuda_mtgp_curand test_cuda_pi test_cli_dependencies test_mt19937_jump}
for t in $QUICK_TESTS; do
  s=$(date +%s); timeout ${QUICK_TIMEOUT:-150} $B/$t --gtest_filter="${QUICK_FILTER:--*Large*}" --gtest_brief=1 > $OUT/$t.log 2>&1; rc=$?
  echo "$t rc=$rc $(( $(date +%s)-s ))s: $(grep -E "^\[  (PASSED|FAILED)  \]" $OUT/$t.log | tr '\n' ' ') skipped=$(grep -c '^\[  SKIPPED' $OUT/$t.log)"
done
SANITIZE=${SANITIZE:-"test_cuda_mt19937:*SanitizerSized*:*KnownAnswers* test_cuda_dcmt:*Sanitizer*:*DeviceApi* test_cuda_sobol:*FarOffsets*:*OneCallOrMany*"}
for spec in $SANITIZE; do
  t=${spec%%:*}; f=${spec#*:}
  for tool in memcheck synccheck; do
    timeout 150 compute-sanitizer --error-exitcode=99 --tool $tool $B/$t --gtest_filter="$f" --gtest_brief=1 > $OUT/san_${tool}_$t.log 2>&1
    echo "$tool $t rc=$? $(grep -E 'ERROR SUMMARY' $OUT/san_${tool}_$t.log | tail -1)"
  done
done
if [ -n "${PROBE:-}" ] && [ -x $B/grid_probe ]; then
  # shellcheck disable=SC2086
  timeout 120 $B/grid_probe $PROBE > $OUT/grid_probe.txt 2>&1; echo "grid_probe rc=$?"; cat $OUT/grid_probe.txt
fi
if [ "${PYTEST:-0}" = 1 ] && [ -f .device/py.tar.xz ]; then
  tar xJf .device/py.tar.xz
  PYTHONPATH=.device/py LD_LIBRARY_PATH=.device/py/gpurng:$LD_LIBRARY_PATH timeout 200 python3 -m pytest -q -ra -p no:cacheprovider python/tests > $OUT/pytest.log 2>&1
  echo "pytest rc=$? $(tail -1 $OUT/pytest.log)"
fi
timeout 200 $B/gpurng bench --backend cuda --engines "${BENCH_ENGINES:-mt19937,mtgp11213,dcmt521,sobol32}" --sizes "${BENCH_SIZES:-2^20,2^24}" --runs 3 --json $OUT/bench.json > $OUT/bench.txt 2>&1
echo "bench rc=$?"; grep -v "^gpu: latency" $OUT/bench.txt | tail -${BENCH_LINES:-30}
