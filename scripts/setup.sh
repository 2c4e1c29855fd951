#!/usr/bin/env bash
# Quick start, step 1: install the Debian packages gpurng needs, build it (with the CUDA backend
# when nvcc is installed), and generate numbers with the default backend (the GPU if there is one,
# else the CPU). Run from anywhere; needs root or sudo for apt-get. Build directory: build/.
#   GPURNG_SKIP_APT=1   skip the package installation
#   BUILD_DIR=dir       build somewhere else
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}

if [ "${GPURNG_SKIP_APT:-0}" != 1 ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  packages=$(grep -v '^\s*#' scripts/debian-packages.txt | tr '\n' ' ')
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q --no-install-recommends $packages
fi

# nvcc is usually not on PATH after NVIDIA's installer; CMake finds it here.
if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then export PATH=/usr/local/cuda/bin:$PATH; fi

cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build "$BUILD_DIR"
echo "--- gpurng generate --engine mrg32k3a --count 10"
"$BUILD_DIR"/tools/gpurng generate --engine mrg32k3a --count 10
