"""gpurng's numbers inside your own CUDA kernel: a CuPy RawKernel (compiled at run time by NVRTC)
includes gpurng's device header and estimates pi; the CPU then draws the same points with
gpurng.Generator and counts exactly the same hits, thread by thread.

Run: python3 python/examples/nvrtc_pi.py  (needs CuPy and a CUDA device; says so and exits otherwise)
"""
import sys

import numpy as np

import gpurng

try:
    import cupy
except ImportError:
    print("CuPy is not installed: this example needs it (pip install cupy-cuda13x)")
    sys.exit(0)
try:
    devices = cupy.cuda.runtime.getDeviceCount()
except cupy.cuda.runtime.CUDARuntimeError:
    devices = 0
if devices == 0:
    print("no CUDA device: this example needs one")
    sys.exit(0)

SOURCE = r"""
#include "gpurng/device/mrg32k3a.hpp"

extern "C" __global__ void count_hits(unsigned long long seed, int points, unsigned long long* hits) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  gpurng::device::Mrg32k3a rng;  // the whole state: 6 words in registers
  rng.init(seed, /*subsequence=*/t, /*offset=*/0);  // thread t: subsequence t, 2^76 values from the next
  unsigned long long h = 0;
  for (int i = 0; i < points; ++i) {
    const float x = rng.uniform(), y = rng.uniform();
    h += x * x + y * y <= 1.0f;
  }
  hits[t] = h;
}
"""

SEED, THREADS, POINTS = 2026, 1024, 10_000

# gpurng.nvrtc_options(): the include paths and -std=c++17. --fmad=false is for this kernel's own
# x * x + y * y, so that it rounds as NumPy's does below (gpurng's numbers do not depend on it).
kernel = cupy.RawKernel(SOURCE, "count_hits", options=gpurng.nvrtc_options() + ("--fmad=false",))
hits = cupy.zeros(THREADS, dtype=cupy.uint64)
kernel((THREADS // 256,), (256,), (np.uint64(SEED), np.int32(POINTS), hits))
gpu_hits = cupy.asnumpy(hits)

# The same points on the CPU: thread t's uniforms are substream t of the host generator.
cpu_hits = np.empty(THREADS, dtype=np.uint64)
for t in range(THREADS):
    u = gpurng.Generator("mrg32k3a", seed=SEED, backend="cpu", substream=t).random(2 * POINTS, dtype=np.float32)
    x, y = u[0::2], u[1::2]
    cpu_hits[t] = np.count_nonzero(x * x + y * y <= np.float32(1.0))

pi = 4.0 * gpu_hits.sum() / (THREADS * POINTS)
same = bool(np.array_equal(gpu_hits, cpu_hits))
print("pi ~ %.5f from %d points; every thread's hits equal the CPU's: %s" % (pi, THREADS * POINTS, same))
sys.exit(0 if same else 1)
