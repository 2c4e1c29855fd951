// Reference values of cuRAND's device API for tests/data/curand/: XORWOW and Philox4_32_10 streams
// after curand_init(seed, subsequence, offset), eight curand() values each. Independent of gpurng: it
// uses only cuRAND's own headers and needs a GPU.
//
// Build and run (on a GPU machine):
//   nvcc -std=c++17 -arch=native -o /tmp/make_curand_reference tools/make_curand_reference.cu
//   /tmp/make_curand_reference > tests/data/curand/curand_device_api_kat.csv
#include <curand_kernel.h>

#include <cstdint>
#include <cstdio>

namespace {

constexpr int kValues = 8;

struct Case {
  unsigned long long seed, subsequence, offset;
};

template <class State>
__global__ void draw(const Case* cases, int n, unsigned* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  State st;
  curand_init(cases[i].seed, cases[i].subsequence, cases[i].offset, &st);
  for (int j = 0; j < kValues; ++j) out[i * kValues + j] = curand(&st);
}

template <class State>
bool print(const char* name, const Case* d_cases, const Case* cases, int n, unsigned* d_out) {
  draw<State><<<(n + 63) / 64, 64>>>(d_cases, n, d_out);
  unsigned out[64 * kValues];
  if (cudaMemcpy(out, d_out, sizeof(unsigned) * n * kValues, cudaMemcpyDeviceToHost) != cudaSuccess) return false;
  for (int i = 0; i < n; ++i) {
    std::printf("%s,%llu,%llu,%llu,", name, cases[i].seed, cases[i].subsequence, cases[i].offset);
    for (int j = 0; j < kValues; ++j) std::printf(j ? " %u" : "%u", out[i * kValues + j]);
    std::printf("\n");
  }
  return true;
}

}  // namespace

int main() {
  const unsigned long long seeds[] = {0ull, 1234ull, 0x0123456789abcdefull, 0xffffffffffffffffull};
  const unsigned long long places[][2] = {  // (subsequence, offset)
      {0, 0}, {0, 1}, {0, 7}, {0, 1000}, {1, 0}, {3, 5}, {65535, 0},
      {(1ull << 32) + 1, 0}, {(1ull << 40) + 7, (1ull << 40) + 3}, {0, (1ull << 63) + 12345}, {(1ull << 63) + 5, 0}};
  Case cases[64];
  int n = 0;
  for (unsigned long long s : seeds)
    for (const auto& p : places) cases[n++] = Case{s, p[0], p[1]};
  Case* d_cases = nullptr;
  unsigned* d_out = nullptr;
  if (cudaMalloc(&d_cases, sizeof(cases)) != cudaSuccess || cudaMalloc(&d_out, sizeof(unsigned) * 64 * kValues) != cudaSuccess ||
      cudaMemcpy(d_cases, cases, sizeof(cases), cudaMemcpyHostToDevice) != cudaSuccess) {
    std::fprintf(stderr, "no CUDA device\n");
    return 1;
  }
  std::printf("generator,seed,subsequence,offset,outputs\n");
  const bool ok = print<curandStateXORWOW_t>("xorwow", d_cases, cases, n, d_out) &&
                  print<curandStatePhilox4_32_10_t>("philox4_32_10", d_cases, cases, n, d_out);
  cudaFree(d_cases);
  cudaFree(d_out);
  return ok ? 0 : 1;
}
