#!/usr/bin/env bash
# Quick start, step 2: run the whole test suite through CTest (after scripts/setup.sh). GPU tests
# run where a CUDA device is present and skip, saying so, where not.
#   BUILD_DIR=dir   the build to test (default build/)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
cmake --build "$BUILD_DIR"
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$(nproc)"
