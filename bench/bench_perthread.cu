// Per-thread engines (mwc, xorshift256, kiss, kiss99) on the GPU, in both modes of Hissoiny, Ozell &
// Despres, beside cuRAND's XORWOW (its default engine), in one process on one device:
//
// * bulk: the host API writes N values to device memory (gpurng's canonical interleaved layout;
//   cuRAND's host API in its default ordering), u32 and uniform float, against the device's
//   measured write ceiling;
// * on the fly: the device API in a kernel of (SMs x max threads per SM) threads, 270,336 on an H100,
//   each drawing 4096 values and summing them in a register; only the sum is stored, so the work
//   cannot be dropped, and nothing else is written. Generator states are set up by a separate,
//   untimed kernel and loaded from memory, for cuRAND (curand_init) and gpurng alike.
//
//   bench_perthread [--n N] [--per-thread K] [--json PATH]      (N defaults to 2^28, K to 4096)
//
// scripts/count_sass.sh counts the SASS instructions per output of the on-the-fly kernels (whose
// loops are unrolled by kUnroll) and of the bulk kernels.
#include <curand.h>
#include <curand_kernel.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"

using namespace gpurng::bench;

namespace {

constexpr int kBlock = 256;
constexpr int kUnroll = 16;  // scripts/count_sass.sh divides the loop body by this

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

// ----- on-the-fly kernels: one shape for every generator ------------------------------------------

struct DrawBits {
  using acc_type = unsigned;
  template <class G>
  __device__ __forceinline__ static unsigned draw(G& g) {
    return g.bits();
  }
  __device__ __forceinline__ static unsigned draw(curandStateXORWOW_t& g) { return curand(&g); }
};
struct DrawUniform {
  using acc_type = float;
  template <class G>
  __device__ __forceinline__ static float draw(G& g) {
    return g.uniform();
  }
  __device__ __forceinline__ static float draw(curandStateXORWOW_t& g) { return curand_uniform(&g); }
};

// The MWC step in its direct form a (z mod 2^16) + z / 2^16 (before core/engines/mwc16.hpp's
// a z - p (z / 2^16), same bits): bench-only copies of mwc and kiss with it, so that one run measures
// both forms on the fly ("mwc and-form", "kiss and-form" rows).
__device__ __forceinline__ std::uint32_t mwc_step_and_form(std::uint32_t z, std::uint32_t a) {
  return a * (z & 0xffffu) + (z >> 16);
}
struct MwcAndForm {
  gpurng::core::mwc::State st;
  __device__ void init(std::uint64_t seed, std::uint64_t stream, std::uint64_t) {
    st = gpurng::core::mwc::stream_state(seed, stream);
  }
  __device__ __forceinline__ std::uint32_t bits() {
    st.z = mwc_step_and_form(st.z, st.az);
    st.w = mwc_step_and_form(st.w, st.aw);
    return (st.z << 16) + st.w;
  }
  __device__ __forceinline__ float uniform() { return gpurng::core::u32_to_uniform_float(bits()); }
};
struct KissAndForm {
  gpurng::core::kiss::State st;
  __device__ void init(std::uint64_t seed, std::uint64_t stream, std::uint64_t) {
    st = gpurng::core::kiss::stream_state(seed, stream);
  }
  __device__ __forceinline__ std::uint32_t bits() {
    st.z = mwc_step_and_form(st.z, st.az);
    st.w = mwc_step_and_form(st.w, st.aw);
    st.jsr = gpurng::core::kiss::xorshift32<13, 17, 5>(st.jsr);
    st.jcong = gpurng::core::kiss::cong(st.jcong);
    return (((st.z << 16) + st.w) ^ st.jcong) + st.jsr;
  }
  __device__ __forceinline__ float uniform() { return gpurng::core::u32_to_uniform_float(bits()); }
};

template <class G, class Draw>
__global__ void __launch_bounds__(kBlock) otf_kernel(const G* __restrict__ states, int per_thread,
                                                    typename Draw::acc_type* __restrict__ sums) {
  const unsigned t = blockIdx.x * kBlock + threadIdx.x;
  G g = states[t];
  typename Draw::acc_type acc = 0;
#pragma unroll kUnroll
  for (int i = 0; i < per_thread; ++i) acc += Draw::draw(g);
  sums[t] = acc;
}

template <class G>
__global__ void init_perthread(G* states, std::uint64_t seed) {
  const unsigned t = blockIdx.x * kBlock + threadIdx.x;
  G g;
  g.init(seed, t, 0);
  states[t] = g;
}
__global__ void init_kiss99(gpurng::device::Kiss99* states, std::uint64_t per_thread) {
  const unsigned t = blockIdx.x * kBlock + threadIdx.x;
  gpurng::device::Kiss99 g;
  g.init(1234, std::uint64_t{t} * per_thread);
  states[t] = g;
}
__global__ void init_xorwow(curandStateXORWOW_t* states, std::uint64_t seed) {
  const unsigned t = blockIdx.x * kBlock + threadIdx.x;
  curand_init(seed, t, 0, &states[t]);
}

// The bulk layout's own write rate, with no generator: out[j * S + s] = j ^ s, rows j = 0 .. rows - 1.
// chunks > 1: thread (s, c) writes rows [c rows / chunks, (c + 1) rows / chunks) of stream s (as the
// stream fill kernel's chunks do). wide: each thread writes 4 consecutive streams as one 16-byte store
// (a layout the library does not use; it shows what the store width is worth).
__global__ void interleaved_write_kernel(unsigned* __restrict__ out, std::uint64_t streams, std::uint64_t rows,
                                         unsigned chunks) {
  const std::uint64_t t = blockIdx.x * std::uint64_t{kBlock} + threadIdx.x;
  const std::uint64_t s = t % streams, c = t / streams;
  if (c >= chunks) return;
  const std::uint64_t j0 = c * rows / chunks, j1 = (c + 1) * rows / chunks;
  for (std::uint64_t j = j0; j < j1; ++j) out[j * streams + s] = static_cast<unsigned>(j ^ s);
}
__global__ void interleaved_write4_kernel(uint4* __restrict__ out, std::uint64_t streams, std::uint64_t rows) {
  const std::uint64_t t = blockIdx.x * std::uint64_t{kBlock} + threadIdx.x;
  if (t >= streams / 4) return;
  for (std::uint64_t j = 0; j < rows; ++j) {
    const unsigned v = static_cast<unsigned>(j ^ t);
    out[j * (streams / 4) + t] = make_uint4(v, v + 1, v + 2, v + 3);
  }
}

struct Row {
  std::string mode, engine, output;
  double gsps;
  double pct_ceiling;  // bulk only
  double vs_xorwow;    // ratio to cuRAND XORWOW in the same mode and output
};

}  // namespace

int main(int argc, char** argv) {
  std::size_t n = std::size_t{1} << 28;
  int per_thread = 4096;
  std::string json_path = "bench_perthread.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = std::stoull(argv[++i]);
    else if (std::strcmp(argv[i], "--per-thread") == 0 && i + 1 < argc) per_thread = std::stoi(argv[++i]);
    else if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: bench_perthread [--n N] [--per-thread K] [--json PATH]\n");
      return 2;
    }
  }
  if (gpurng::cuda_devices().empty()) {
    std::fprintf(stderr, "bench_perthread: no CUDA device\n");
    return 1;
  }
  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, n * 4), "cudaMalloc");
  const double ceiling = write_ceiling_bytes_per_s(buf, n * 4, s);
  std::vector<Row> rows;
  auto gsps = [](double values, double ms) { return values / (ms * 1e-3) / 1e9; };

  // ----- bulk ------------------------------------------------------------------------------------
  curandGenerator_t c;
  curand_check(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_XORWOW), "curandCreateGenerator");
  curand_check(curandSetPseudoRandomGeneratorSeed(c, 1234), "seed");
  curand_check(curandSetStream(c, s), "curandSetStream");
  auto u32 = static_cast<unsigned*>(buf);
  auto f32 = static_cast<float*>(buf);
  const double xw_bits = gsps(double(n), median_ms([&] { curand_check(curandGenerate(c, u32, n), "curandGenerate"); }, s));
  const double xw_unif =
      gsps(double(n), median_ms([&] { curand_check(curandGenerateUniform(c, f32, n), "uniform"); }, s));
  curandDestroyGenerator(c);
  auto pct = [&](double g) { return 100.0 * g * 1e9 * 4.0 / ceiling; };
  rows.push_back(Row{"bulk", "curand-xorwow", "u32", xw_bits, pct(xw_bits), 1.0});
  rows.push_back(Row{"bulk", "curand-xorwow", "uniform f32", xw_unif, pct(xw_unif), 1.0});
  for (gpurng::Engine e : {gpurng::Engine::mwc, gpurng::Engine::xorshift256, gpurng::Engine::kiss, gpurng::Engine::kiss99}) {
    gpurng::Generator g(e, gpurng::Backend::cuda);
    g.seed(1234);
    g.cuda_stream(s);
    const double b = gsps(double(n), median_ms([&] { g.generate_bits(u32, n); }, s));
    const double u = gsps(double(n), median_ms([&] { g.generate_uniform(f32, n); }, s));
    const char* name = gpurng::engine_info(e).name;
    rows.push_back(Row{"bulk", name, "u32", b, pct(b), b / xw_bits});
    rows.push_back(Row{"bulk", name, "uniform f32", u, pct(u), u / xw_unif});
  }
  // Bulk grid sweep (u32): cuda_blocks = B makes about B x 256 (stream, chunk) items, so at the
  // default 65,536 streams B = 256, 512, 768, 1024, 2048 give 1, 2, 3, 4, 8 chunks per stream (each
  // chunk one jump). Rows "<engine> B=<blocks>"; the automatic choice is the plain row above.
  for (gpurng::Engine e : {gpurng::Engine::mwc, gpurng::Engine::xorshift256, gpurng::Engine::kiss}) {
    for (unsigned blocks : {256u, 512u, 768u, 1024u, 2048u}) {
      gpurng::Generator g(e, gpurng::Backend::cuda);
      g.seed(1234);
      g.cuda_stream(s);
      g.cuda_blocks(blocks);
      const double b = gsps(double(n), median_ms([&] { g.generate_bits(u32, n); }, s));
      const std::string name = std::string(gpurng::engine_info(e).name) + " B=" + std::to_string(blocks);
      rows.push_back(Row{"bulk", name, "u32", b, pct(b), b / xw_bits});
    }
  }
  // The layout's write rate without a generator (65,536 streams, n / 65,536 rows), and the host time
  // of one call (enqueue only, no synchronisation; median of 15 after the calls above warmed up).
  {
    const std::uint64_t S = 65536, R = n / S;
    for (unsigned chunks : {1u, 2u}) {
      const unsigned blocks = static_cast<unsigned>(S * chunks / kBlock);
      const double b = gsps(double(S * R), median_ms([&] { interleaved_write_kernel<<<blocks, kBlock, 0, s>>>(u32, S, R, chunks); }, s));
      rows.push_back(Row{"pattern", "out[j*S+s] " + std::to_string(chunks) + " chunk", "u32", b, pct(b), b / xw_bits});
    }
    const double b4 = gsps(double(S * R), median_ms([&] {
      interleaved_write4_kernel<<<static_cast<unsigned>(S / 4 / kBlock), kBlock, 0, s>>>(static_cast<uint4*>(buf), S, R);
    }, s));
    rows.push_back(Row{"pattern", "out[j*S+s] 4 per thread", "u32", b4, pct(b4), b4 / xw_bits});
    for (gpurng::Engine e : {gpurng::Engine::mwc, gpurng::Engine::xorshift256}) {
      gpurng::Generator g(e, gpurng::Backend::cuda);
      g.seed(1234);
      g.cuda_stream(s);
      g.generate_bits(u32, n);
      cuda_check(cudaStreamSynchronize(s), "sync");
      std::vector<double> us;
      for (int i = 0; i < 15; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        g.generate_bits(u32, n);
        us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
        cuda_check(cudaStreamSynchronize(s), "sync");
      }
      std::sort(us.begin(), us.end());
      std::printf("host time of one generate_bits call (enqueue, no sync), %s: %.1f us\n", gpurng::engine_info(e).name, us[7]);
    }
  }
  cudaFree(buf);

  // ----- on the fly --------------------------------------------------------------------------------
  int dev = 0, sms = 0, per_sm = 0;
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "attribute");
  cuda_check(cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev), "attribute");
  const unsigned threads = static_cast<unsigned>(sms * per_sm);
  const unsigned blocks = threads / kBlock;
  const double values = double(threads) * per_thread;
  void* states = nullptr;
  void* sums = nullptr;
  cuda_check(cudaMalloc(&states, threads * std::max(sizeof(curandStateXORWOW_t), sizeof(gpurng::device::Xorshift256))),
             "cudaMalloc states");
  cuda_check(cudaMalloc(&sums, threads * 4), "cudaMalloc sums");

  auto otf = [&](auto* typed_states, const char* engine, double xw_b, double xw_u) {
    using G = std::remove_pointer_t<decltype(typed_states)>;
    const double b = gsps(values, median_ms([&] {
                            otf_kernel<G, DrawBits><<<blocks, kBlock, 0, s>>>(typed_states, per_thread, static_cast<unsigned*>(sums));
                          }, s));
    const double u = gsps(values, median_ms([&] {
                            otf_kernel<G, DrawUniform><<<blocks, kBlock, 0, s>>>(typed_states, per_thread, static_cast<float*>(sums));
                          }, s));
    rows.push_back(Row{"on-the-fly", engine, "u32", b, 0.0, xw_b > 0 ? b / xw_b : 1.0});
    rows.push_back(Row{"on-the-fly", engine, "uniform f32", u, 0.0, xw_u > 0 ? u / xw_u : 1.0});
    return std::pair<double, double>{b, u};
  };
  auto* xw = static_cast<curandStateXORWOW_t*>(states);
  init_xorwow<<<blocks, kBlock, 0, s>>>(xw, 1234);
  cuda_check(cudaStreamSynchronize(s), "curand_init");
  const auto xw_otf = otf(xw, "curand-xorwow", 0.0, 0.0);
  {
    auto* st = static_cast<gpurng::device::Mwc*>(states);
    init_perthread<<<blocks, kBlock, 0, s>>>(st, 1234);
    otf(st, "mwc", xw_otf.first, xw_otf.second);
  }
  {
    auto* st = static_cast<gpurng::device::Xorshift256*>(states);
    init_perthread<<<blocks, kBlock, 0, s>>>(st, 1234);
    otf(st, "xorshift256", xw_otf.first, xw_otf.second);
  }
  {
    auto* st = static_cast<gpurng::device::Kiss*>(states);
    init_perthread<<<blocks, kBlock, 0, s>>>(st, 1234);
    otf(st, "kiss", xw_otf.first, xw_otf.second);
  }
  {
    auto* st = static_cast<MwcAndForm*>(states);
    init_perthread<<<blocks, kBlock, 0, s>>>(st, 1234);
    otf(st, "mwc and-form", xw_otf.first, xw_otf.second);
  }
  {
    auto* st = static_cast<KissAndForm*>(states);
    init_perthread<<<blocks, kBlock, 0, s>>>(st, 1234);
    otf(st, "kiss and-form", xw_otf.first, xw_otf.second);
  }
  {
    auto* st = static_cast<gpurng::device::Kiss99*>(states);
    init_kiss99<<<blocks, kBlock, 0, s>>>(st, std::uint64_t{1} << 40);
    otf(st, "kiss99", xw_otf.first, xw_otf.second);
  }
  cuda_check(cudaStreamSynchronize(s), "on-the-fly");
  cudaFree(states);
  cudaFree(sums);

  const std::string dev_name = device_name();
  std::printf("Per-thread engines, %s, %s\n", dev_name.c_str(), today().c_str());
  std::printf("bulk: N = %zu values per call; write ceiling %.0f GB/s = %.0f G 32-bit values/s\n", n, ceiling / 1e9,
              ceiling / 4e9);
  std::printf("on the fly: %u threads x %d values summed in registers\n", threads, per_thread);
  std::printf("%-11s %-18s %-12s %10s %10s %10s\n", "mode", "engine", "output", "GS/s", "% ceiling", "vs XORWOW");
  for (const Row& r : rows) {
    if (r.mode == "bulk") {
      std::printf("%-11s %-18s %-12s %10.1f %9.1f%% %9.2fx\n", r.mode.c_str(), r.engine.c_str(), r.output.c_str(), r.gsps,
                  r.pct_ceiling, r.vs_xorwow);
    } else {
      std::printf("%-11s %-18s %-12s %10.1f %10s %9.2fx\n", r.mode.c_str(), r.engine.c_str(), r.output.c_str(), r.gsps, "-",
                  r.vs_xorwow);
    }
  }
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"perthread\",\n  \"device\": \"" << dev_name << "\",\n  \"date\": \"" << today()
     << "\",\n  \"n\": " << n << ",\n  \"on_the_fly_threads\": " << threads << ",\n  \"on_the_fly_per_thread\": " << per_thread
     << ",\n  \"write_ceiling_bytes_per_s\": " << ceiling << ",\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    js << "    {\"mode\": \"" << r.mode << "\", \"engine\": \"" << r.engine << "\", \"output\": \"" << r.output
       << "\", \"gsps\": " << r.gsps << ", \"pct_ceiling\": " << r.pct_ceiling << ", \"vs_xorwow\": " << r.vs_xorwow << "}"
       << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
