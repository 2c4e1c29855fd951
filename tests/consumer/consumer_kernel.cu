// The device API from an installed gpurng, in a user's own kernel (compiled, not run, in CI).
#include <cstdio>
#include <gpurng/device/mrg32k3a.hpp>

__global__ void draw(float* out, unsigned long long seed) {
  gpurng::device::Mrg32k3a rng;
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  rng.init(seed, t, 0);
  out[t] = rng.uniform();
}

int main() {
  float* d = nullptr;
  if (cudaMalloc(&d, 64 * sizeof(float)) != cudaSuccess) {
    std::printf("no CUDA device; kernel built but not run\n");
    return 0;
  }
  draw<<<1, 64>>>(d, 1);
  float h[64];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaFree(d);
  std::printf("%f\n", h[0]);
  return 0;
}
