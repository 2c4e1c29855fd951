#!/usr/bin/env bash
# Stages the Python package for the GPU machine (which has no build tools for it): the extension
# module compiled here for the GPU machine's Python (3.12 there; headers from PYTHON_CONFIG), linked
# against a CUDA build's libgpurng, any non-system library it loads (none since the jumps dropped NTL), and a copy of
# Debian's pure-Python pytest as a fallback. Packs .device/py as .device/py.tar.xz, the one path to
# carry. On the GPU machine:
#   tar xJf .device/py.tar.xz && PYTHONPATH=.device/py LD_LIBRARY_PATH=.device/py/gpurng \
#     python3 -m pytest -q -ra python/tests          (add .device/py/site to PYTHONPATH without pytest)
# Seen there (2026-11-26): Python 3.12.3, NumPy 2.5.2, CuPy 14.2.0, PyTorch 2.11.0+cu130, pytest.
# scripts/gpu-check.sh pytest,pybench does the unpacking and runs the tests and bench/python/bench_python.py.
#   BUILD_DIR=dir        a configured CUDA build (default build-cuda); its gpurng target is built
#   PYTHON_CONFIG=path   python3.X-config of the GPU machine's Python version (default: pyenv's 3.12)
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build-cuda}
PYTHON_CONFIG=${PYTHON_CONFIG:-$(ls /root/.pyenv/versions/3.12*/bin/python3.12-config 2>/dev/null | tail -1)}
PYBIND11_INCLUDE=$(/usr/bin/python3 -c 'import pybind11; print(pybind11.get_include())')
grep -q '^CMAKE_CUDA_COMPILER:.*nvcc' "$B/CMakeCache.txt" || { echo "$B is not a CUDA build" >&2; exit 2; }
cmake --build "$B" --target gpurng -- -j2
rm -rf .device/py && mkdir -p .device/py/gpurng .device/py/site
cp python/gpurng/*.py python/gpurng/*.pyi python/gpurng/py.typed .device/py/gpurng/
# The device headers and NVRTC's stand-ins, where gpurng.get_include() finds them in a package.
mkdir -p .device/py/gpurng/include/gpurng
cp -a include/gpurng/device include/gpurng/core include/gpurng/nvrtc .device/py/gpurng/include/gpurng/
cp -L "$B"/libgpurng.so.0 .device/py/gpurng/
# Every source of the module (python/CMakeLists.txt), with its own static CUDA runtime as there
# (GPURNG_PYTHON_CUDA=1: device="cuda" and DLPack stream ordering).
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
g++ -O2 -std=c++17 -shared -fPIC -fvisibility=hidden -DGPURNG_PYTHON_CUDA=1 -Iinclude -Ipython/src \
    -I"$CUDA_HOME/include" -I"$PYBIND11_INCLUDE" $("$PYTHON_CONFIG" --includes) python/src/*.cpp \
    -L.device/py/gpurng -l:libgpurng.so.0 "$CUDA_HOME/lib64/libcudart_static.a" -ldl -lrt -lpthread \
    -Wl,-rpath,'$ORIGIN' -o .device/py/gpurng/_gpurng$("$PYTHON_CONFIG" --extension-suffix)
ldd .device/py/gpurng/libgpurng.so.0 | awk '/=> \// {print $3}' |
  { grep -vE '/(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so|/usr/local/cuda|libcuda\.so' || true; } |
  while read -r lib; do cp -L "$lib" .device/py/gpurng/; done
for p in _pytest pytest pluggy iniconfig packaging py py.py attr; do
  cp -a "/usr/lib/python3/dist-packages/$p" .device/py/site/ 2>/dev/null || true
done
strip --strip-unneeded .device/py/gpurng/*.so* 2>/dev/null || true
rm -f .device/py.tar.xz && tar cJf .device/py.tar.xz .device/py
du -sh .device/py .device/py.tar.xz && ls .device/py/gpurng
