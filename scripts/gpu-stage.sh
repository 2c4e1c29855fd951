#!/usr/bin/env bash
# Builds gpurng here (no GPU needed; nvcc targets sm_90) and copies what the GPU machine runs into
# .device/ (ignored by git), for scripts/gpu-check.sh to run there. Usage: scripts/gpu-stage.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-device -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
cmake --build build-device
rm -rf .device
mkdir -p .device/lib .device/bin
cp -a build-device/libgpurng.so* .device/lib/
cp build-device/tests/test_* .device/bin/ 2>/dev/null || true
rm -f .device/bin/*.cmake
cp build-device/tools/gpurng build-device/bench/bench_* build-device/examples/example_* .device/bin/
du -sh .device
