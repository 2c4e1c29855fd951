#!/usr/bin/env bash
# The OpenCL backend on the GPU machine (issue 28): run from the repository root there, with a build
# that has the CUDA backend and the OpenCL kernels (BUILD_DIR, default build/).
#
#   1. registers NVIDIA's OpenCL platform where libnvidia-opencl.so.1 exists (that machine's
#      /etc/OpenCL/vendors lists only PoCL): a private vendors directory with PoCL's .icd files and
#      one naming NVIDIA's library, through OCL_ICD_VENDORS;
#   2. clinfo -l;
#   3. test_opencl on every OpenCL device (GPURNG_OPENCL_DEVICE=i): OpenCL == CPU bit for bit;
#   4. test_opencl_buffers (generation into OpenCL buffers) on every OpenCL device, where it was built;
#   5. bench_opencl on the NVIDIA device (the kernels in device memory beside the CUDA backend's),
#      where it was built;
#   6. a small timing: bits and uniform float, 2^28 values of philox4x32-10 and mrg32k3a, through the
#      CLI to /dev/null (end to end: host output in the CLI's chunks) on the NVIDIA OpenCL device and
#      on the CUDA backend, best of 3 runs each.
# NVIDIA's OpenCL compiles each program's PTX at its first use in a process (about 10 s a program on
# an H100; the driver caches it), so the first test on that device takes minutes.
# Prints everything to stdout; exits non-zero if a test fails.
set -uo pipefail

BUILD_DIR=${BUILD_DIR:-build}
GPURNG=$BUILD_DIR/tools/gpurng
TEST=$BUILD_DIR/tests/test_opencl
for f in "$GPURNG" "$TEST"; do
  [ -x "$f" ] || { echo "gpu-opencl.sh: $f not found (BUILD_DIR=$BUILD_DIR)"; exit 2; }
done

vendors=$(mktemp -d)
trap 'rm -rf "$vendors"' EXIT
cp /etc/OpenCL/vendors/*.icd "$vendors/" 2>/dev/null || true
nvlib=$(ldconfig -p 2>/dev/null | awk '/libnvidia-opencl\.so\.1/ {print $NF; exit}')
if [ -z "$nvlib" ]; then
  for d in /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/local/nvidia/lib64 /usr/lib/nvidia; do
    [ -e "$d/libnvidia-opencl.so.1" ] && nvlib=$d/libnvidia-opencl.so.1 && break
  done
fi
if [ -n "$nvlib" ]; then
  echo "$nvlib" > "$vendors/nvidia.icd"
  echo "== NVIDIA OpenCL registered: $nvlib"
else
  echo "== libnvidia-opencl.so.1 not found: NVIDIA's OpenCL platform is not registered"
fi
export OCL_ICD_VENDORS=$vendors

echo "== clinfo -l"
clinfo -l || echo "(clinfo failed or is not installed)"

echo "== gpurng list (OpenCL part)"
"$GPURNG" list | sed -n '/^backends:/,$p'

mapfile -t devices < <("$GPURNG" list | sed -n '/^opencl devices/,$p' | grep -E '^  [0-9]+:')
status=0
for line in "${devices[@]}"; do
  i=$(echo "$line" | sed -E 's/^  ([0-9]+):.*/\1/')
  echo "== test_opencl on OpenCL device $i:$(echo "$line" | cut -d: -f2-)"
  if ! GPURNG_OPENCL_DEVICE=$i "$TEST" --gtest_brief=1; then
    echo "== test_opencl FAILED on device $i"
    status=1
  fi
done

TEST_BUFFERS=$BUILD_DIR/tests/test_opencl_buffers
BENCH=$BUILD_DIR/bench/bench_opencl
if [ -x "$TEST_BUFFERS" ]; then
  for line in "${devices[@]}"; do
    i=$(echo "$line" | sed -E 's/^  ([0-9]+):.*/\1/')
    echo "== test_opencl_buffers on OpenCL device $i"
    GPURNG_OPENCL_DEVICE=$i "$TEST_BUFFERS" --gtest_brief=1 || { echo "== test_opencl_buffers FAILED on device $i"; status=1; }
  done
fi

nv=$(printf '%s\n' "${devices[@]}" | grep -i nvidia | head -1 | sed -E 's/^  ([0-9]+):.*/\1/')
if [ -n "$nv" ] && [ -x "$BENCH" ]; then
  echo "== bench_opencl on OpenCL device $nv (device memory, beside the CUDA backend)"
  GPURNG_OPENCL_DEVICE=$nv "$BENCH" --sizes 2^24,2^28 --runs 5 || status=1
fi
best_of_3() {  # prints the best wall time in seconds of three runs of "$@"
  local best=""
  for _ in 1 2 3; do
    local s e t
    s=$(date +%s.%N)
    "$@" > /dev/null || { echo "failed"; return; }
    e=$(date +%s.%N)
    t=$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.3f", e - s }')  # awk: the GPU machine has no bc
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
  done
  echo "$best"
}
echo "== timing: 2^28 values to /dev/null through the CLI, best of 3 (seconds, end to end)"
printf '%-16s %-8s %-10s %s\n' engine dist backend seconds
for engine in philox4x32-10 mrg32k3a; do
  for dist in bits uniform; do
    if [ -n "$nv" ]; then
      t=$(GPURNG_OPENCL_DEVICE=$nv best_of_3 "$GPURNG" generate --engine $engine --backend opencl --dist $dist \
            --count 2^28 --format bin --out /dev/null)
      printf '%-16s %-8s %-10s %s\n' $engine $dist "opencl#$nv" "$t"
    fi
    t=$(best_of_3 "$GPURNG" generate --engine $engine --backend cuda --dist $dist --count 2^28 --format bin --out /dev/null)
    printf '%-16s %-8s %-10s %s\n' $engine $dist cuda "$t"
  done
done
exit $status
