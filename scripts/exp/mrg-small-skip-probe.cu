// How should a small call's MRG32k3a threads reach their starts (issue 24)? Kernel time only (CUDA
// events around each launch, median of 300), for the shape of fill_small_kernel: thread t makes the
// 4 uniform floats at positions 4t..4t+3 after the call's first position. Variants of the skip by 4t:
//   lib      core::mrg32k3a::skip (base-8 table, component 1's digit chain, then component 2's)
//   fused    the same table, both components in one digit loop (two independent chains)
//   b64      a base-64 table of 3 digits (distances < 2^18), both components in one loop
//   direct   a table of A^(4t) for every t (one matrix-vector product per component)
//   b512x2   a base-512 table of 2 digits (distances < 2^18), both components in one loop
//   none     no skip at all (wrong values; the floor: launch, 4 steps, the stores)
// An experiment, not a test: the variants must agree with lib (checked), and the times say which
// is worth building into the library.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude scripts/exp/mrg-small-skip-probe.cu -o build/bench/mrg_small_skip_probe
//   build/bench/mrg_small_skip_probe 10000 262144
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng/core/engines/mrg32k3a.hpp"

namespace mrg = gpurng::core::mrg32k3a;
using gpurng::core::Mat3;
using gpurng::core::Vec3;

constexpr int kB64Digits = 3;
struct B64Table {
  Mat3 m[2][kB64Digits][63];  // component, digit, g-1: A_c^(g * 64^k)
};
struct B512Table {
  Mat3 m[2][2][511];  // component, digit, g-1: A_c^(g * 512^k)
};

template <int V>
__device__ void skip_variant(mrg::State& st, std::uint64_t k, const B64Table* b64, const Mat3* direct,
                             const B512Table* b512) {
  if constexpr (V == 0) {
    mrg::skip(st, k);
  } else if constexpr (V == 1) {
    const auto& t = mrg::jump_tables().step;
    Vec3 v1{{st.s[0], st.s[1], st.s[2]}}, v2{{st.s[3], st.s[4], st.s[5]}};
    for (int d = 0; d < mrg::kJumpDigits && k != 0; ++d, k >>= 3) {
      const unsigned g = static_cast<unsigned>(k & 7u);
      if (g != 0) {
        v1 = gpurng::core::mat3_apply<mrg::Mod1>(t[0].m[d][g - 1], v1);
        v2 = gpurng::core::mat3_apply<mrg::Mod2>(t[1].m[d][g - 1], v2);
      }
    }
    st = mrg::State{{v1.v[0], v1.v[1], v1.v[2], v2.v[0], v2.v[1], v2.v[2]}};
  } else if constexpr (V == 2) {
    Vec3 v1{{st.s[0], st.s[1], st.s[2]}}, v2{{st.s[3], st.s[4], st.s[5]}};
#pragma unroll
    for (int d = 0; d < kB64Digits; ++d) {
      const unsigned g = static_cast<unsigned>((k >> (6 * d)) & 63u);
      if (g != 0) {
        v1 = gpurng::core::mat3_apply<mrg::Mod1>(b64->m[0][d][g - 1], v1);
        v2 = gpurng::core::mat3_apply<mrg::Mod2>(b64->m[1][d][g - 1], v2);
      }
    }
    st = mrg::State{{v1.v[0], v1.v[1], v1.v[2], v2.v[0], v2.v[1], v2.v[2]}};
  } else if constexpr (V == 5) {
    Vec3 v1{{st.s[0], st.s[1], st.s[2]}}, v2{{st.s[3], st.s[4], st.s[5]}};
#pragma unroll
    for (int d = 0; d < 2; ++d) {
      const unsigned g = static_cast<unsigned>((k >> (9 * d)) & 511u);
      if (g != 0) {
        v1 = gpurng::core::mat3_apply<mrg::Mod1>(b512->m[0][d][g - 1], v1);
        v2 = gpurng::core::mat3_apply<mrg::Mod2>(b512->m[1][d][g - 1], v2);
      }
    }
    st = mrg::State{{v1.v[0], v1.v[1], v1.v[2], v2.v[0], v2.v[1], v2.v[2]}};
  } else if constexpr (V == 3) {
    const std::uint64_t t = k / 4;
    if (t != 0) {
      const Vec3 v1 = gpurng::core::mat3_apply<mrg::Mod1>(direct[2 * t], Vec3{{st.s[0], st.s[1], st.s[2]}});
      const Vec3 v2 = gpurng::core::mat3_apply<mrg::Mod2>(direct[2 * t + 1], Vec3{{st.s[3], st.s[4], st.s[5]}});
      st = mrg::State{{v1.v[0], v1.v[1], v1.v[2], v2.v[0], v2.v[1], v2.v[2]}};
    }
  }
}

template <int V>
__global__ void __launch_bounds__(128) small_kernel(mrg::State base, unsigned n, float* out, const B64Table* b64,
                                                    const Mat3* direct, const B512Table* b512) {
  const unsigned t = blockIdx.x * 128 + threadIdx.x;
  if (4ull * t >= n) return;
  mrg::State st = base;
  skip_variant<V>(st, 4ull * t, b64, direct, b512);
  float v[4];
#pragma unroll
  for (int i = 0; i < 4; ++i) v[i] = mrg::to_uniform_float(mrg::next(st));
  reinterpret_cast<float4*>(out)[t] = make_float4(v[0], v[1], v[2], v[3]);
}

int main(int argc, char** argv) {
  std::vector<unsigned> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(static_cast<unsigned>(std::stoul(argv[i])));
  if (sizes.empty()) sizes = {1000, 10000, 100000, 262144};
  const unsigned max_n = *std::max_element(sizes.begin(), sizes.end());
  const unsigned max_t = (max_n + 3) / 4;

  // Host tables, from core's matrix arithmetic.
  B64Table b64{};
  for (int c = 0; c < 2; ++c) {
    Mat3 b = mrg::one_step_matrix(c);
    for (int d = 0; d < kB64Digits; ++d) {
      Mat3 p = b;
      for (int g = 0; g < 63; ++g) {
        b64.m[c][d][g] = p;
        p = c == 0 ? gpurng::core::mat3_mul<mrg::Mod1>(p, b) : gpurng::core::mat3_mul<mrg::Mod2>(p, b);
      }
      b = p;
    }
  }
  static B512Table b512{};
  for (int c = 0; c < 2; ++c) {
    Mat3 b = mrg::one_step_matrix(c);
    for (int d = 0; d < 2; ++d) {
      Mat3 p = b;
      for (int g = 0; g < 511; ++g) {
        b512.m[c][d][g] = p;
        p = c == 0 ? gpurng::core::mat3_mul<mrg::Mod1>(p, b) : gpurng::core::mat3_mul<mrg::Mod2>(p, b);
      }
      b = p;
    }
  }
  std::vector<Mat3> direct(2 * static_cast<std::size_t>(max_t));
  for (int c = 0; c < 2; ++c) {
    const Mat3 a = mrg::one_step_matrix(c);
    const Mat3 a4 = c == 0 ? gpurng::core::mat3_pow2<mrg::Mod1>(a, 2) : gpurng::core::mat3_pow2<mrg::Mod2>(a, 2);
    Mat3 p = gpurng::core::mat3_identity<mrg::Mod1>();
    for (unsigned t = 0; t < max_t; ++t) {
      direct[2 * t + c] = p;
      p = c == 0 ? gpurng::core::mat3_mul<mrg::Mod1>(p, a4) : gpurng::core::mat3_mul<mrg::Mod2>(p, a4);
    }
  }
  B512Table* d_b512 = nullptr;
  cudaMalloc(&d_b512, sizeof b512);
  cudaMemcpy(d_b512, &b512, sizeof b512, cudaMemcpyHostToDevice);
  B64Table* d_b64 = nullptr;
  Mat3* d_direct = nullptr;
  float* d_out = nullptr;
  cudaMalloc(&d_b64, sizeof b64);
  cudaMalloc(&d_direct, direct.size() * sizeof(Mat3));
  cudaMalloc(&d_out, (max_t * 4 + 4) * sizeof(float));
  cudaMemcpy(d_b64, &b64, sizeof b64, cudaMemcpyHostToDevice);
  cudaMemcpy(d_direct, direct.data(), direct.size() * sizeof(Mat3), cudaMemcpyHostToDevice);

  mrg::State base = mrg::state_from_seed(5489);
  mrg::skip(base, 123456789012ull);  // a start that is not a round number
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  const char* names[] = {"lib", "fused", "b64", "direct", "none", "b512x2"};
  std::vector<float> ref(max_t * 4), got(max_t * 4);
  for (unsigned n : sizes) {
    const unsigned threads = (n + 3) / 4, blocks = (threads + 127) / 128;
    std::printf("n = %u (%u blocks of 128):", n, blocks);
    for (int v = 0; v < 6; ++v) {
      auto launch = [&] {
        switch (v) {
          case 0: small_kernel<0><<<blocks, 128>>>(base, n, d_out, d_b64, d_direct, d_b512); break;
          case 1: small_kernel<1><<<blocks, 128>>>(base, n, d_out, d_b64, d_direct, d_b512); break;
          case 2: small_kernel<2><<<blocks, 128>>>(base, n, d_out, d_b64, d_direct, d_b512); break;
          case 3: small_kernel<3><<<blocks, 128>>>(base, n, d_out, d_b64, d_direct, d_b512); break;
          case 4: small_kernel<4><<<blocks, 128>>>(base, n, d_out, d_b64, d_direct, d_b512); break;
          default: small_kernel<5><<<blocks, 128>>>(base, n, d_out, d_b64, d_direct, d_b512); break;
        }
      };
      for (int i = 0; i < 20; ++i) launch();
      std::vector<float> ms;
      for (int i = 0; i < 300; ++i) {
        cudaEventRecord(e0);
        launch();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float x = 0;
        cudaEventElapsedTime(&x, e0, e1);
        ms.push_back(x);
      }
      std::sort(ms.begin(), ms.end());
      cudaMemcpy(got.data(), d_out, threads * 4 * sizeof(float), cudaMemcpyDeviceToHost);
      if (v == 0) ref = got;
      const bool same = v == 4 || std::memcmp(ref.data(), got.data(), threads * 4 * sizeof(float)) == 0;
      std::printf("  %s %.2f us%s", names[v], 1000 * ms[ms.size() / 2], same ? "" : " (DIFFERS)");
    }
    std::printf("\n");
  }
  const cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess) std::printf("CUDA error: %s\n", cudaGetErrorString(err));
  return 0;
}
