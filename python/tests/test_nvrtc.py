"""gpurng's device headers in kernels compiled at run time (docs/NVRTC.md): the package ships them
(get_include), nvrtc_options() is what NVRTC needs to compile them (checked through libnvrtc itself
where the CUDA toolkit is installed, no GPU needed), and a CuPy RawKernel drawing from them gives
gpurng.Generator's CPU values bit for bit (skipped, saying why, without CuPy or a GPU)."""
import ctypes
import os

import numpy as np
import pytest

import gpurng

KERNELS = r"""
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"

// Thread t: n uniforms of subsequence t, i.e. Generator("mrg32k3a", seed, substream=t).random(n).
extern "C" __global__ void mrg32k3a_uniforms(unsigned long long seed, int n, int threads, float* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  gpurng::device::Mrg32k3a rng;
  rng.init(seed, t, 0);
  for (int i = 0; i < n; ++i) out[t * n + i] = rng.uniform();
}

// Thread t is stream t of S = threads streams, written where the host's interleaved output has it
// (value i of stream t at i * S + t): Generator("xorshift256", seed, streams=S).standard_normal(n * S).
extern "C" __global__ void xorshift256_normals(unsigned long long seed, int n, int threads, double* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  gpurng::device::Xorshift256 rng;
  rng.init(seed, t, 0);
  for (int i = 0; i < n; i += 2) {
    const gpurng::device::Double2 z = rng.normal2_double();
    out[i * threads + t] = z.x;
    out[(i + 1) * threads + t] = z.y;
  }
}
"""


def test_the_package_ships_the_device_headers():
    include = gpurng.get_include()
    for header in ("gpurng/device/mrg32k3a.hpp", "gpurng/device/perthread.hpp", "gpurng/device/curand_compat.hpp",
                   "gpurng/device/curand_compat/xorwow.hpp", "gpurng/core/config.hpp",
                   "gpurng/core/engines/mrg32k3a.hpp", "gpurng/nvrtc/cstdint", "gpurng/nvrtc/type_traits"):
        assert os.path.isfile(os.path.join(include, *header.split("/"))), header


def test_nvrtc_options():
    include = gpurng.get_include()
    options = gpurng.nvrtc_options(cccl_include="/opt/cccl")
    assert options == ("-std=c++17", "-I" + include, "-I" + os.path.join(include, "gpurng", "nvrtc"), "-I/opt/cccl")
    found = gpurng.find_cccl_include()
    default = gpurng.nvrtc_options()
    assert default[:3] == options[:3]
    assert default[3:] == (("-I" + found,) if found else ())
    if found:
        assert os.path.isfile(os.path.join(found, "cuda", "std", "cstdint"))


def test_device_state_layout():
    layout = gpurng.device_state_layout()
    assert "gpurng::device::Mrg32k3a" in layout and "gpurng::device::Xorshift256" in layout
    for name, (size, align) in layout.items():
        assert align in (1, 2, 4, 8, 16) and size > 0 and size % align == 0, name
    # The cuRAND-compatible states have cuRAND's sizes (curand_kernel.h: XORWOW and MRG32k3a 48 bytes,
    # Philox4_32_10 64), so a state buffer sized for cuRAND fits them.
    assert layout["gpurng::curand_compat::curandStateXORWOW_t"] == (48, 8)
    assert layout["gpurng::curand_compat::curandStateMRG32k3a_t"] == (48, 8)
    assert layout["gpurng::curand_compat::curandStatePhilox4_32_10_t"] == (64, 8)
    # Xorshift256: 8 words, a cached normal and its flag.
    assert layout["gpurng::device::Xorshift256"] == (40, 4)


def _libnvrtc():
    cccl = gpurng.find_cccl_include()
    candidates = []
    if cccl:  # <toolkit>/include[/cccl] -> <toolkit>/lib64
        root = os.path.dirname(cccl) if os.path.basename(cccl) == "cccl" else cccl
        candidates.append(os.path.join(os.path.dirname(root), "lib64", "libnvrtc.so"))
    candidates += ["libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"]
    for name in candidates:
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def _nvrtc_compile(lib, source, options):
    prog = ctypes.c_void_p()
    assert lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), b"kernels.cu", 0, None, None) == 0
    argv = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
    rc = lib.nvrtcCompileProgram(prog, len(options), argv)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return rc, log.value.decode(errors="replace")


def test_nvrtc_compiles_the_headers_with_these_options():
    lib = _libnvrtc()
    if lib is None or gpurng.find_cccl_include() is None:
        pytest.skip("no CUDA toolkit with libnvrtc and libcu++ here: NVRTC compilation not checked")
    rc, log = _nvrtc_compile(lib, KERNELS, list(gpurng.nvrtc_options()) + ["-arch=compute_90"])
    assert rc == 0, log


def _cupy_with_device():
    try:
        import cupy
    except ImportError:
        return None, "CuPy is not installed"
    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return None, "no CUDA device"
    except cupy.cuda.runtime.CUDARuntimeError as e:
        return None, "no CUDA device (%s)" % e
    return cupy, None


def test_cupy_raw_kernel_equals_the_cpu():
    cupy, why = _cupy_with_device()
    if cupy is None:
        pytest.skip(why + ": CuPy RawKernel test not run")
    module = cupy.RawModule(code=KERNELS, options=gpurng.nvrtc_options())
    seed, n, threads = 2026, 16, 100
    block, grid = 64, (threads + 63) // 64

    out = cupy.empty(threads * n, dtype=cupy.float32)
    module.get_function("mrg32k3a_uniforms")((grid,), (block,), (np.uint64(seed), np.int32(n), np.int32(threads), out))
    got = cupy.asnumpy(out).reshape(threads, n)
    for t in range(threads):
        cpu = gpurng.Generator("mrg32k3a", seed=seed, backend="cpu", substream=t).random(n, dtype=np.float32)
        assert got[t].tobytes() == cpu.tobytes(), "mrg32k3a thread %d" % t

    out = cupy.empty(threads * n, dtype=cupy.float64)
    module.get_function("xorshift256_normals")((grid,), (block,), (np.uint64(seed), np.int32(n), np.int32(threads), out))
    cpu = gpurng.Generator("xorshift256", seed=seed, backend="cpu", streams=threads).standard_normal(n * threads)
    assert cupy.asnumpy(out).tobytes() == cpu.tobytes()
