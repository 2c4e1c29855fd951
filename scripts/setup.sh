#!/usr/bin/env bash
# Quick start, step 1: install the Debian packages gpurng needs, build it (with the CUDA backend
# when nvcc is installed), and generate numbers with the default backend (the GPU if there is one,
# else the CPU), from the CLI and from Python (import gpurng, installed into the interpreter's site
# directory). Run from anywhere; needs root or sudo for apt-get. Build directory: build/.
#   GPURNG_SKIP_APT=1   skip the package installation
#   BUILD_DIR=dir       build somewhere else
#   PYTHON=path         the interpreter the Python package is built for (default /usr/bin/python3)
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

# The Python package is built for Debian's python3 (its NumPy, pybind11 and pytest come from apt),
# not whatever python3 comes first on PATH; PYTHON=... picks another interpreter.
PYTHON=${PYTHON:-$(command -v /usr/bin/python3 || command -v python3 || true)}
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release ${PYTHON:+"-DPython_EXECUTABLE=$PYTHON"}
cmake --build "$BUILD_DIR"
# Installs the Python package (module, libgpurng beside it) into that interpreter's site directory
# (/usr/local/lib/python3.11/dist-packages for Debian 12's python3), when it was built.
if grep -q '^GPURNG_BUILD_PYTHON:BOOL=ON' "$BUILD_DIR/CMakeCache.txt"; then
  cmake --install "$BUILD_DIR" --component python
  echo "--- $PYTHON -c 'import gpurng; print(gpurng.Generator().random())'"
  (cd / && "$PYTHON" -c 'import gpurng; print(gpurng.Generator().random())')
fi
echo "--- gpurng generate --engine mrg32k3a --count 10"
"$BUILD_DIR"/tools/gpurng generate --engine mrg32k3a --count 10
