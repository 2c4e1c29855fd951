#!/usr/bin/env bash
# Fuzzing (issue 20): builds the libFuzzer targets of fuzz/ with clang (ASan + UBSan) in build-fuzz/
# and runs each for a fixed time on its seed corpus (fuzz/corpus/<target>/, copied, so that the
# inputs libFuzzer adds stay in the build). Fails on the first finding: a crash, a sanitizer report,
# an unexpected exception, a timeout or memory beyond the limit; libFuzzer writes the input as
# build-fuzz/findings/<target>/crash-* (make it a regression test in tests/).
#   FUZZ_SECONDS=n   time per target (default 30)
#   BUILD_DIR=dir    the build directory (default build-fuzz)
#   FUZZ_SEED=n      libFuzzer's random seed (default 1, so that a CI run repeats the same inputs;
#                    0 lets libFuzzer pick one, for longer exploratory runs)
#   FUZZ_JOBS=n      targets run at once (default: the number of cores)
#   FUZZ_REUSE_BUILD=1  BUILD_DIR is an existing clang build configured with GPURNG_BUILD_FUZZ=ON
#                    (CI's sanitizer build of the tests is one): build the targets there instead of
#                    configuring a build of their own, so that the library is not compiled once more
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_SECONDS=${FUZZ_SECONDS:-30}
FUZZ_SEED=${FUZZ_SEED:-1}
BUILD_DIR=${BUILD_DIR:-build-fuzz}
TARGETS="fuzz_state_decoder fuzz_dcmt_param_csv fuzz_mtgp_param_csv fuzz_number_parsing fuzz_weights"

if [ "${FUZZ_REUSE_BUILD:-0}" = 1 ]; then
  if ! grep -q '^GPURNG_BUILD_FUZZ:BOOL=ON' "$BUILD_DIR/CMakeCache.txt" 2>/dev/null; then
    echo "fuzz.sh: FUZZ_REUSE_BUILD=1 but $BUILD_DIR is not configured with GPURNG_BUILD_FUZZ=ON" >&2
    exit 2
  fi
else
  # Only what the targets need: a static library (the state decoder's target links it), no CUDA, no CLI.
  CC=clang CXX=clang++ cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DGPURNG_BUILD_FUZZ=ON -DGPURNG_ENABLE_CUDA=OFF \
    -DBUILD_SHARED_LIBS=OFF -DGPURNG_BUILD_TOOLS=OFF -DGPURNG_BUILD_TESTS=OFF -DGPURNG_BUILD_BENCH=OFF \
    -DGPURNG_BUILD_EXAMPLES=OFF
fi
# shellcheck disable=SC2086
cmake --build "$BUILD_DIR" --target $TARGETS

# The targets run side by side, FUZZ_JOBS at a time (default: one per core; each is one process on
# one core, so FUZZ_SECONDS per target is unchanged); each one's output is shown when it ends.
run_target() {
  t=$1
  corpus="$BUILD_DIR/corpus/$t"
  findings="$BUILD_DIR/findings/$t"
  mkdir -p "$corpus" "$findings"
  cp -n fuzz/corpus/"$t"/* "$corpus"/
  if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
      "$BUILD_DIR/fuzz/$t" -max_total_time="$FUZZ_SECONDS" -seed="$FUZZ_SEED" -timeout=20 -rss_limit_mb=2048 \
        -max_len=4096 -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" > "$BUILD_DIR/fuzz-$t.log" 2>&1; then
    status=ok
  else
    status=FAILED
  fi
  echo "=== $t: ${FUZZ_SECONDS} s: $status"
  cat "$BUILD_DIR/fuzz-$t.log"
  [ "$status" = ok ]
}
export -f run_target
export BUILD_DIR FUZZ_SECONDS FUZZ_SEED
# shellcheck disable=SC2086
if ! printf '%s\n' $TARGETS | xargs -P "${FUZZ_JOBS:-$(nproc)}" -I{} bash -c 'run_target {}'; then
  echo "=== fuzzing: a target found something (above; inputs in $BUILD_DIR/findings/)" >&2
  exit 1
fi
echo "=== fuzzing: no findings"
