// Which of cuRAND's MRG32k3a skips agree with the exact ones (gpurng::curand_compat, on
// core::mrg32k3a)? For each of skipahead, skipahead_subsequence and skipahead_sequence and each bit
// i < 64, both start from curand_init(seed, 0, 0) and skip by 2^i (then by a few composite counts);
// the probe prints every count whose six state words differ. An experiment, not a test: it explains
// the MRG32k3a cases of tests/test_cuda_curand_compat.cu.
//   nvcc -O2 -arch=sm_90 -Iinclude scripts/exp/mrg-skip-probe.cu -o mrg-skip-probe && ./mrg-skip-probe
#include <cuda_runtime.h>
#include <curand_kernel.h>

#include <cstdio>
#include <vector>

#include "gpurng/device/curand_compat.hpp"

namespace cc = gpurng::curand_compat;

struct Case {
  int kind;  // 0 skipahead, 1 skipahead_subsequence, 2 skipahead_sequence
  unsigned long long n;
};

__global__ void probe(const Case* cases, int count, unsigned* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= count) return;
  const Case c = cases[t];
  curandStateMRG32k3a_t a;
  curand_init(1234ull, 0, 0, &a);
  cc::curandStateMRG32k3a_t b;
  cc::curand_init(1234ull, 0, 0, &b);
  if (c.kind == 0) {
    skipahead(c.n, &a);
    cc::skipahead(c.n, &b);
  } else if (c.kind == 1) {
    skipahead_subsequence(c.n, &a);
    cc::skipahead_subsequence(c.n, &b);
  } else {
    skipahead_sequence(c.n, &a);
    cc::skipahead_sequence(c.n, &b);
  }
  unsigned* o = out + 12 * t;
  for (int k = 0; k < 3; ++k) {
    o[k] = a.s1[k];
    o[3 + k] = a.s2[k];
    o[6 + k] = b.st.s[k];
    o[9 + k] = b.st.s[3 + k];
  }
}

int main() {
  std::vector<Case> cases;
  for (int kind = 0; kind < 3; ++kind) {
    for (int i = 0; i < 64; ++i) cases.push_back({kind, 1ull << i});
    for (unsigned long long n : {3ull, (1ull << 40) + 3, (1ull << 40) + 5, 0x8000000000003039ull, ~0ull - 3,
                                 (1ull << 39) + (1ull << 41), (1ull << 51) + 3})
      cases.push_back({kind, n});
  }
  const int count = static_cast<int>(cases.size());
  Case* dc = nullptr;
  unsigned* dout = nullptr;
  if (cudaMalloc(&dc, sizeof(Case) * count) != cudaSuccess || cudaMalloc(&dout, 48 * count) != cudaSuccess) {
    std::printf("no device\n");
    return 1;
  }
  cudaMemcpy(dc, cases.data(), sizeof(Case) * count, cudaMemcpyHostToDevice);
  probe<<<(count + 63) / 64, 64>>>(dc, count, dout);
  std::vector<unsigned> out(12 * count);
  if (cudaMemcpy(out.data(), dout, 48 * count, cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::printf("kernel failed\n");
    return 1;
  }
  const char* names[3] = {"skipahead", "skipahead_subsequence", "skipahead_sequence"};
  int differ = 0;
  for (int t = 0; t < count; ++t) {
    const unsigned* o = &out[12 * t];
    bool same = true;
    for (int k = 0; k < 6; ++k) same = same && o[k] == o[6 + k];
    if (!same) {
      ++differ;
      std::printf("%s(0x%016llx): curand %u %u %u | %u %u %u   exact %u %u %u | %u %u %u\n", names[cases[t].kind],
                  cases[t].n, o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11]);
    }
  }
  std::printf("%d of %d skips differ\n", differ, count);
  return 0;
}
