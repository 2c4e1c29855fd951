#!/usr/bin/env bash
# `pip install ./python` as a user does it, offline, with Debian's packages only: into a fresh venv
# that sees the system's site-packages (NumPy, pybind11, setuptools, pip from apt), with
# --no-build-isolation (an isolated build would download setuptools) and --no-index (no network).
# Then imports the installed package from outside the source tree and checks a value.
#   pip_install_check.sh BUILD_DIR WORK_DIR [installed|in-tree]
# installed (CTest python_pip_install): libgpurng installed from BUILD_DIR into WORK_DIR/prefix,
#   the module built against it (GPURNG_PREFIX); a copy of python/ is installed, so the source
#   tree stays clean.
# in-tree: pip builds libgpurng too, from this repository (minutes; CPU backend only here).
set -euo pipefail
build_dir=$(cd "$1" && pwd)
work=$2
mode=${3:-installed}
python=${PYTHON:-/usr/bin/python3}
here=$(cd "$(dirname "$0")/.." && pwd)  # python/
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)

"$python" -m venv --system-site-packages --without-pip "$work/venv"
venv_python=$work/venv/bin/python
pip=("$venv_python" -m pip install --no-build-isolation --no-index --disable-pip-version-check)

if [ "$mode" = installed ]; then
  cmake --install "$build_dir" --prefix "$work/prefix" --component Unspecified >/dev/null
  cp -r "$here" "$work/src"
  rm -rf "$work/src/build" "$work/src"/*.egg-info
  GPURNG_PREFIX=$work/prefix GPURNG_BUILD_DIR=$work/build "${pip[@]}" "$work/src"
else
  GPURNG_BUILD_DIR=$work/build GPURNG_CMAKE_ARGS=${GPURNG_CMAKE_ARGS:--DGPURNG_ENABLE_CUDA=OFF} "${pip[@]}" "$here"
fi

cd /
"$venv_python" - "$work" <<'PY'
import sys
import numpy as np
import gpurng
work = sys.argv[1]
assert gpurng.__file__.startswith(work + "/venv/"), gpurng.__file__
value = float(gpurng.Generator("mrg32k3a", backend="cpu").random())
assert value == 0.12701112204657714, value
bits = np.random.Generator(gpurng.BitGenerator("pcg64", seed=1)).random(3)
assert np.array_equal(bits, np.random.Generator(np.random.PCG64(1)).random(3))
import os
include = gpurng.get_include()  # the device headers for NVRTC kernels travel with the package
assert include.startswith(work + "/venv/"), include
for header in ("gpurng/device/mrg32k3a.hpp", "gpurng/core/config.hpp", "gpurng/nvrtc/cstdint"):
    assert os.path.isfile(os.path.join(include, header)), header
print("installed:", gpurng.__file__, "numpy", np.__version__, "first value", value, "headers", include)
PY
"$venv_python" -m pip show gpurng >"$work/pip-show.txt"
head -2 "$work/pip-show.txt"
