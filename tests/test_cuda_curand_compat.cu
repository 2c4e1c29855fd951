// gpurng/device/curand_compat.hpp against cuRAND's own device API (curand_kernel.h) on the device,
// for curandStateXORWOW_t, curandStatePhilox4_32_10_t and curandStateMRG32k3a_t:
//
//  * Script: one kernel thread per case runs the same script on cuRAND's state and on ours:
//    curand_init at many seeds, subsequences and offsets (up to 2^64 - 1; MRG32k3a subsequences below
//    2^51, cuRAND's documented range), then every function of the header in an order that exercises
//    the kept normal (kept across skips, lost on a switch between normal and log-normal), skipahead,
//    skipahead_sequence, and curand4 at every position in a block. Every output must be equal bit
//    for bit, normals included.
//  * Streams: 8192 threads, curand_init(seed, f(t), g(t)) and 32 curand() each, bit for bit.
//  * Host: the same script on the CPU (our functions are __host__ __device__): bits and uniforms
//    equal to the device's bit for bit, normals and log-normals within the documented tolerance
//    (box_muller.hpp: the device uses CUDA's __sincosf, logf, sincospi, ...; the host gpurng's
//    portable functions). The largest differences are printed.
//
// Skips, saying so, without a CUDA device.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/device/curand_compat.hpp"

namespace {

namespace cc = gpurng::curand_compat;

constexpr int kSlots = 96;  // outputs recorded per case, as 64-bit words

enum Kind : unsigned char { kExact, kFloatNormal, kDoubleNormal, kFloatLogNormal, kDoubleLogNormal, kKinds };
const char* const kKindNames[kKinds] = {"bits and uniforms", "float normals", "double normals", "float log-normals",
                                        "double log-normals"};

struct Case {
  unsigned long long seed, subsequence, offset, skip, skip_sequence, skip_subsequence;
};

// Records each output as a 64-bit word (floats and doubles by their bits) and, on the host run, its
// kind.
struct Recorder {
  unsigned long long* out;
  unsigned char* kind;  // null on the device
  int n;
  __host__ __device__ void put(unsigned long long v, Kind k) {
    if (n < kSlots) {
      out[n] = v;
      if (kind != nullptr) kind[n] = k;
    }
    ++n;
  }
  __host__ __device__ void put(unsigned int v) { put(static_cast<unsigned long long>(v), kExact); }
  __host__ __device__ void put(float v, Kind k = kExact) {
    unsigned int b;
    memcpy(&b, &v, 4);
    put(static_cast<unsigned long long>(b), k);
  }
  __host__ __device__ void put(double v, Kind k = kExact) {
    unsigned long long b;
    memcpy(&b, &v, 8);
    put(b, k);
  }
};

// 0: XORWOW, 1: Philox4_32_10, 2: MRG32k3a, for cuRAND's states and ours alike.
template <class S>
struct Family {
  static constexpr int value = 0;
};
template <>
struct Family<curandStatePhilox4_32_10_t> {
  static constexpr int value = 1;
};
template <>
struct Family<cc::curandStatePhilox4_32_10_t> {
  static constexpr int value = 1;
};
template <>
struct Family<curandStateMRG32k3a_t> {
  static constexpr int value = 2;
};
template <>
struct Family<cc::curandStateMRG32k3a_t> {
  static constexpr int value = 2;
};

// The script, on cuRAND's state (device only) or ours (device and host). Unqualified calls: cuRAND's
// functions are global, ours are found through their argument's namespace.
#pragma nv_exec_check_disable
template <class S>
__host__ __device__ void script(const Case& c, Recorder& r) {
  S st;
  curand_init(c.seed, c.subsequence, c.offset, &st);
  r.put(curand(&st));
  r.put(curand(&st));
  r.put(curand(&st));
  r.put(curand_uniform(&st));
  r.put(curand_uniform_double(&st));
  r.put(curand_normal(&st), kFloatNormal);  // a new pair
  r.put(curand_normal(&st), kFloatNormal);  // its kept second value
  r.put(curand_normal(&st), kFloatNormal);  // a new pair; the second stays kept across the skips
  r.put(curand_normal_double(&st), kDoubleNormal);
  skipahead(c.skip, &st);
  r.put(curand(&st));
  r.put(curand_normal(&st), kFloatNormal);         // kept from before the skip
  r.put(curand_normal_double(&st), kDoubleNormal);  // likewise
  const float2 f2 = curand_normal2(&st);
  r.put(f2.x, kFloatNormal);
  r.put(f2.y, kFloatNormal);
  const double2 d2 = curand_normal2_double(&st);
  r.put(d2.x, kDoubleNormal);
  r.put(d2.y, kDoubleNormal);
  r.put(curand_log_normal(&st, 0.5f, 0.75f), kFloatLogNormal);
  r.put(curand_log_normal(&st, 0.5f, 0.75f), kFloatLogNormal);  // kept
  r.put(curand_normal(&st), kFloatNormal);                      // new pair, second kept...
  r.put(curand_log_normal(&st, -1.0f, 0.25f), kFloatLogNormal);  // ...and lost: a new pair
  r.put(curand_normal(&st), kFloatNormal);                      // a new pair again
  r.put(curand_log_normal_double(&st, -1.25, 0.5), kDoubleLogNormal);
  r.put(curand_log_normal_double(&st, 3.0, 0.125), kDoubleLogNormal);  // kept (computed with -1.25, 0.5)
  r.put(curand_normal_double(&st), kDoubleNormal);
  r.put(curand_log_normal_double(&st, 0.0, 1.0), kDoubleLogNormal);
  const float2 l2 = curand_log_normal2(&st, 1.5f, 0.5f);
  r.put(l2.x, kFloatLogNormal);
  r.put(l2.y, kFloatLogNormal);
  const double2 ld2 = curand_log_normal2_double(&st, 0.25, 0.75);
  r.put(ld2.x, kDoubleLogNormal);
  r.put(ld2.y, kDoubleLogNormal);
  skipahead_sequence(c.skip_sequence, &st);
  r.put(curand(&st));
  r.put(curand(&st));
  r.put(curand_uniform(&st));
  r.put(curand_uniform_double(&st));
  r.put(curand_normal(&st), kFloatNormal);
  if constexpr (Family<S>::value == 1) {
    // curand4 and its users from each of the four positions in a block.
    for (int i = 0; i < 4; ++i) {
      const uint4 q = curand4(&st);
      r.put(q.x);
      r.put(q.y);
      r.put(q.z);
      r.put(q.w);
      r.put(curand(&st));
    }
    const float4 u4 = curand_uniform4(&st);
    r.put(u4.x);
    r.put(u4.w);
    r.put(curand(&st));
    const double2 u2 = curand_uniform2_double(&st);
    r.put(u2.x);
    r.put(u2.y);
    r.put(curand(&st));
    const float4 n4 = curand_normal4(&st);
    r.put(n4.x, kFloatNormal);
    r.put(n4.y, kFloatNormal);
    r.put(n4.z, kFloatNormal);
    r.put(n4.w, kFloatNormal);
    r.put(curand(&st));
    const float4 ln4 = curand_log_normal4(&st, 0.0f, 0.5f);
    r.put(ln4.x, kFloatLogNormal);
    r.put(ln4.w, kFloatLogNormal);
  }
  if constexpr (Family<S>::value == 2) {
    skipahead_subsequence(c.skip_subsequence, &st);
    r.put(curand(&st));
  }
  r.put(curand_normal(&st), kFloatNormal);  // kept from before the generator-specific part
  r.put(curand(&st));
  r.put(curand_uniform(&st));
}

template <class Theirs, class Ours>
__global__ void run_both(const Case* cases, int n, unsigned long long* theirs, unsigned long long* ours, int* counts) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n) return;
  Recorder a{theirs + static_cast<std::size_t>(c) * kSlots, nullptr, 0};
  script<Theirs>(cases[c], a);
  Recorder b{ours + static_cast<std::size_t>(c) * kSlots, nullptr, 0};
  script<Ours>(cases[c], b);
  counts[2 * c] = a.n;
  counts[2 * c + 1] = b.n;
}

template <class T>
T* to_device(const std::vector<T>& v) {
  T* d = nullptr;
  EXPECT_EQ(cudaMalloc(&d, v.size() * sizeof(T)), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  return d;
}

template <class T>
std::vector<T> from_device(const T* d, std::size_t n) {
  std::vector<T> v(n);
  EXPECT_EQ(cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return v;
}

std::vector<Case> make_cases(bool mrg) {
  const unsigned long long seeds[] = {0, 1, 42, 0xfedcba9876543210ull, ~0ull};
  // cuRAND's MRG32k3a subsequences are valid below 2^51, as its documentation says: a subsequence with
  // a higher bit set gives a degenerate state there (curand_compat/mrg32k3a.hpp; measured with
  // scripts/exp/mrg-skip-probe.cu).
  const std::vector<unsigned long long> subs =
      mrg ? std::vector<unsigned long long>{0, 1, 4097, (1ull << 33) + 1, (1ull << 50) + 3, (1ull << 51) - 1}
          : std::vector<unsigned long long>{0, 1, 4097, (1ull << 33) + 1, 0x8000000000000005ull, ~0ull};
  const unsigned long long offsets[] = {0, 1, 2, 3, 4, 5, 1023, (1ull << 40) + 3, 0x8000000000003039ull};
  const unsigned long long skips[] = {0, 1, 3, 4, 6, 1ull << 35, 0x8000000000000001ull};
  const unsigned long long skip_sequences[] = {0, 1, 2, (1ull << 40) + 5, ~0ull - 3};
  const unsigned long long skip_subsequences[] = {0, 1, 12345, (1ull << 50) + 3};
  std::vector<Case> cases;
  unsigned r = 0;
  for (auto s : seeds)
    for (auto q : subs)
      for (auto o : offsets) {
        cases.push_back(Case{s, q, o, skips[r % 7], skip_sequences[r % 5], skip_subsequences[r % 4]});
        ++r;
      }
  return cases;
}

std::string describe(const Case& c) {
  return "seed " + std::to_string(c.seed) + ", subsequence " + std::to_string(c.subsequence) + ", offset " +
         std::to_string(c.offset) + ", skip " + std::to_string(c.skip) + ", skip_sequence " +
         std::to_string(c.skip_sequence);
}

double as_value(unsigned long long bits, Kind k) {
  if (k == kFloatNormal || k == kFloatLogNormal) {
    float f;
    const unsigned int b = static_cast<unsigned int>(bits);
    std::memcpy(&f, &b, 4);
    return f;
  }
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

// Host-vs-device tolerances (box_muller.hpp): absolute for normals (up to about 6.8 in float and
// 8.7 in double), relative for log-normals (stddev at most 1 in the script).
constexpr double kTolerance[kKinds] = {0.0, 2e-5, 1e-13, 4e-5, 2e-13};

template <class Theirs, class Ours>
void check_script(const char* name) {
  if (!gpurng::test::have_device()) GTEST_SKIP() << "no CUDA device: cuRAND comparison not run";
  const std::vector<Case> cases = make_cases(Family<Ours>::value == 2);
  const int n = static_cast<int>(cases.size());
  Case* d_cases = to_device(cases);
  unsigned long long *d_theirs = nullptr, *d_ours = nullptr;
  int* d_counts = nullptr;
  ASSERT_EQ(cudaMalloc(&d_theirs, static_cast<std::size_t>(n) * kSlots * 8), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&d_ours, static_cast<std::size_t>(n) * kSlots * 8), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&d_counts, static_cast<std::size_t>(n) * 2 * sizeof(int)), cudaSuccess);
  run_both<Theirs, Ours><<<(n + 63) / 64, 64>>>(d_cases, n, d_theirs, d_ours, d_counts);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const auto theirs = from_device(d_theirs, static_cast<std::size_t>(n) * kSlots);
  const auto ours = from_device(d_ours, static_cast<std::size_t>(n) * kSlots);
  const auto counts = from_device(d_counts, static_cast<std::size_t>(n) * 2);
  cudaFree(d_cases);
  cudaFree(d_theirs);
  cudaFree(d_ours);
  cudaFree(d_counts);

  int mismatches[kKinds] = {}, host_off[kKinds] = {}, reported = 0;
  double max_diff[kKinds] = {};
  int values = 0;
  for (int c = 0; c < n; ++c) {
    std::vector<unsigned long long> host(kSlots);
    std::vector<unsigned char> kind(kSlots);
    Recorder h{host.data(), kind.data(), 0};
    script<Ours>(cases[c], h);
    ASSERT_LE(h.n, kSlots);
    ASSERT_EQ(counts[2 * c], h.n);
    ASSERT_EQ(counts[2 * c + 1], h.n);
    values += h.n;
    const unsigned long long* a = &theirs[static_cast<std::size_t>(c) * kSlots];
    const unsigned long long* b = &ours[static_cast<std::size_t>(c) * kSlots];
    for (int i = 0; i < h.n; ++i) {
      const Kind k = static_cast<Kind>(kind[i]);
      if (a[i] != b[i]) {
        ++mismatches[k];
        if (reported++ < 8) {
          ADD_FAILURE() << name << " on the device: output " << i << " (" << kKindNames[k] << ") is " << b[i]
                        << ", cuRAND's " << a[i] << "; case " << describe(cases[c]);
        }
      }
      if (k == kExact) {
        if (host[i] != b[i]) {
          ++host_off[k];
          if (reported++ < 8) {
            ADD_FAILURE() << name << " on the host: output " << i << " is " << host[i] << ", the device's " << b[i]
                          << "; case " << describe(cases[c]);
          }
        }
        continue;
      }
      const double hv = as_value(host[i], k), dv = as_value(b[i], k);
      const bool relative = k == kFloatLogNormal || k == kDoubleLogNormal;
      const double diff = relative ? std::fabs(hv - dv) / std::fabs(dv) : std::fabs(hv - dv);
      max_diff[k] = std::max(max_diff[k], diff);
      if (!(diff <= kTolerance[k])) ++host_off[k];
    }
  }
  std::printf("%s: %d cases, %d outputs each way\n", name, n, values);
  for (int k = 0; k < kKinds; ++k) {
    std::printf("  %-18s device vs cuRAND: %d differ; host vs device: %d beyond %.0e (largest %s difference %.3g)\n",
                kKindNames[k], mismatches[k], host_off[k], kTolerance[k],
                k == kFloatLogNormal || k == kDoubleLogNormal ? "relative" : "absolute", max_diff[k]);
    EXPECT_EQ(mismatches[k], 0) << name << ": " << kKindNames[k] << " differ from cuRAND's on the device";
    EXPECT_EQ(host_off[k], 0) << name << ": " << kKindNames[k] << " on the host vs the device";
  }
}

TEST(CudaCurandCompat, XorwowScriptEqualsCurand) { check_script<curandStateXORWOW_t, cc::curandStateXORWOW_t>("XORWOW"); }
TEST(CudaCurandCompat, PhiloxScriptEqualsCurand) {
  check_script<curandStatePhilox4_32_10_t, cc::curandStatePhilox4_32_10_t>("Philox4_32_10");
}
TEST(CudaCurandCompat, Mrg32k3aScriptEqualsCurand) {
  check_script<curandStateMRG32k3a_t, cc::curandStateMRG32k3a_t>("MRG32k3a");
}

// Many threads as a ported kernel uses them: thread t at subsequence t * 7919 + (t >> 3) and offset
// t * t (MRG32k3a: the same, below 2^51), 32 curand() each.
constexpr int kStreamThreads = 8192, kStreamValues = 32;

template <class Theirs, class Ours>
__global__ void streams_both(unsigned long long seed, unsigned* theirs, unsigned* ours) {
  const unsigned long long t = blockIdx.x * blockDim.x + threadIdx.x;
  Theirs a;
  Ours b;
  curand_init(seed, t * 7919 + (t >> 3), t * t, &a);
  curand_init(seed, t * 7919 + (t >> 3), t * t, &b);
  for (int i = 0; i < kStreamValues; ++i) {
    theirs[t * kStreamValues + i] = curand(&a);
    ours[t * kStreamValues + i] = curand(&b);
  }
}

template <class Theirs, class Ours>
void check_streams(const char* name) {
  if (!gpurng::test::have_device()) GTEST_SKIP() << "no CUDA device: cuRAND comparison not run";
  const std::size_t total = static_cast<std::size_t>(kStreamThreads) * kStreamValues;
  for (unsigned long long seed : {0ull, 2026ull, 0x0123456789abcdefull}) {
    unsigned *d_theirs = nullptr, *d_ours = nullptr;
    ASSERT_EQ(cudaMalloc(&d_theirs, total * 4), cudaSuccess);
    ASSERT_EQ(cudaMalloc(&d_ours, total * 4), cudaSuccess);
    streams_both<Theirs, Ours><<<kStreamThreads / 128, 128>>>(seed, d_theirs, d_ours);
    ASSERT_EQ(cudaGetLastError(), cudaSuccess);
    const auto theirs = from_device(d_theirs, total);
    const auto ours = from_device(d_ours, total);
    cudaFree(d_theirs);
    cudaFree(d_ours);
    const auto diff = std::mismatch(theirs.begin(), theirs.end(), ours.begin());
    EXPECT_TRUE(diff.first == theirs.end())
        << name << " seed " << seed << ": first difference at thread " << (diff.first - theirs.begin()) / kStreamValues
        << " value " << (diff.first - theirs.begin()) % kStreamValues;
  }
}

TEST(CudaCurandCompat, XorwowStreamsEqualCurand) { check_streams<curandStateXORWOW_t, cc::curandStateXORWOW_t>("XORWOW"); }
TEST(CudaCurandCompat, PhiloxStreamsEqualCurand) {
  check_streams<curandStatePhilox4_32_10_t, cc::curandStatePhilox4_32_10_t>("Philox4_32_10");
}
TEST(CudaCurandCompat, Mrg32k3aStreamsEqualCurand) {
  check_streams<curandStateMRG32k3a_t, cc::curandStateMRG32k3a_t>("MRG32k3a");
}

}  // namespace
