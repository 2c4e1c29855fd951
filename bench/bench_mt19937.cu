// MT19937 on the GPU: gpurng (the std::mt19937 sequence, canonical order) beside cuRAND's
// CURAND_RNG_PSEUDO_MT19937 (its own interleaved ordering), in one process on one device, at several
// sizes, for the first call of a new generator and for a steady stream of calls; plus what a jump
// costs on the host (polynomials) and on the device (jump kernel), and MT19937-64 rows. Prints a
// table and writes JSON.
//
//   bench_mt19937 [--sizes N1,N2,...] [--json PATH]     (sizes default 2^20,2^24,2^28,2^30)
//
// Throughput goes through the public API. The jump costs cannot: they time the pieces of a call
// (host polynomials, the window and jump kernels at both CTA sizes, the generation kernel's registers
// and occupancy) that the library runs only inside its own launches. So this program links two
// internal targets (issue 21) instead of adding src/ to its include path: gpurng_families for the
// jump polynomials (src/families/mt19937/) and gpurng_cuda_kernels for the kernel templates
// (src/cuda/mt19937_kernels.cuh), timed here as the library instantiates them.
#include <curand.h>

#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "cuda/mt19937_kernels.cuh"
#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"
#include "families/mt19937/mt_jump.hpp"

using namespace gpurng::bench;
namespace core_mt = gpurng::core::mt19937;
namespace mtk = gpurng::detail::cuda::mtk;

namespace {

void curand_check(curandStatus_t s, const char* what) {
  if (s != CURAND_STATUS_SUCCESS) {
    std::fprintf(stderr, "bench: %s: cuRAND status %d\n", what, static_cast<int>(s));
    std::exit(1);
  }
}

double host_ms(const std::function<void()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

struct Row {
  std::string engine;
  std::string output;
  std::size_t n;
  std::size_t value_bytes;
  double first_ms_gpurng;
  double first_ms_curand;  // 0: no cuRAND counterpart
  double gpurng_gsps;      // steady state
  double curand_gsps;
};

struct JumpCost {
  std::string what;
  double ms;
};

// One output kind: how gpurng and cuRAND fill `n` values at `p`.
struct Output {
  const char* name;
  std::size_t bytes;
  std::function<void(gpurng::Generator&, void*, std::size_t)> ours;
  std::function<void(curandGenerator_t, void*, std::size_t)> theirs;  // empty: none
  bool icdf = false;  // gpurng makes its normals by the inverse CDF (cuRAND's stay Box-Muller)
};

std::vector<std::size_t> parse_sizes(const std::string& s) {
  std::vector<std::size_t> out;
  std::size_t pos = 0;
  while (pos < s.size()) {
    const std::size_t comma = s.find(',', pos);
    out.push_back(std::stoull(s.substr(pos, comma - pos), nullptr, 0));
    pos = comma == std::string::npos ? s.size() : comma + 1;
  }
  return out;
}

// Device cost of the jump kernel for `jumps` blocks of one call, and of the window kernel.
template <class P>
std::vector<JumpCost> device_jump_cost(unsigned jumps, std::uint64_t per_block, cudaStream_t s) {
  using W = typename P::word;
  using L = mtk::Layout<P>;
  W* window = nullptr;
  W* states = nullptr;
  std::uint32_t* polys = nullptr;
  cuda_check(cudaMalloc(&window, sizeof(W) * L::kWindowWords), "cudaMalloc");
  cuda_check(cudaMalloc(&states, sizeof(W) * L::N * (jumps + 1)), "cudaMalloc");
  const auto host = gpurng::detail::mt::block_polynomials<P>(per_block, jumps);
  cuda_check(cudaMalloc(&polys, host.size() * 4), "cudaMalloc");
  cuda_check(cudaMemcpy(polys, host.data(), host.size() * 4, cudaMemcpyHostToDevice), "cudaMemcpy");
  mtk::WindowParam<P> start{};
  core_mt::init_genrand<P>(start.w, 5489);
  const double window_ms = median_ms([&] { mtk::window_kernel<P><<<1, mtk::kThreads, 0, s>>>(start, window); }, s);
  cuda_check(mtk::prepare_jump_kernel<P>(), "cudaFuncSetAttribute");
  const double jump_ms = median_ms(
      [&] { mtk::launch_jumps<P>(window, polys, states, jumps, mtk::kJumpThreadsAlone, s); }, s);
  const double beside_ms = median_ms(
      [&] { mtk::launch_jumps<P>(window, polys, states, jumps, mtk::kJumpThreadsBeside, s); }, s);
  const double one_ms = median_ms([&] { mtk::launch_jumps<P>(window, polys, states, 1, mtk::kJumpThreadsAlone, s); }, s);
  cudaFree(window);
  cudaFree(states);
  cudaFree(polys);
  const std::string e = P::w == 32 ? "mt19937" : "mt19937-64";
  return {{e + " device: window kernel (one block extends 624 words to the jump window)", window_ms},
          {e + " device: jump kernel, " + std::to_string(jumps) + " jumps (one call's blocks)", jump_ms},
          {e + " device: the same with the 128-thread CTAs of speculative jumps, alone", beside_ms},
          {e + " device: jump kernel, one jump", one_ms}};
}

template <class P>
std::vector<JumpCost> host_jump_cost(unsigned jumps, std::uint64_t per_block) {
  const std::string e = P::w == 32 ? "mt19937" : "mt19937-64";
  std::vector<JumpCost> out;
  gpurng::detail::mt::jump_polynomial<P>(3);  // the characteristic polynomial, once per process
  out.push_back({e + " host: characteristic polynomial (Berlekamp-Massey, once per process)", 0.0});
  out.push_back({e + " host: x^k mod P for a 64-bit k",
                 host_ms([] { gpurng::detail::mt::jump_polynomial<P>(0xfedcba9876543210ull); })});
  std::vector<typename P::word> w(P::n);
  core_mt::init_genrand<P>(w.data(), 1);
  out.push_back({e + " host: jump of a window by a 64-bit k (polynomial + application)",
                 host_ms([&] { gpurng::detail::mt::jump_window<P>(w.data(), 0xfedcba9876543210ull); })});
  out.push_back({e + " host: " + std::to_string(jumps) + " block polynomials x^(b L) (a new segment length)",
                 host_ms([&] { gpurng::detail::mt::block_polynomials<P>(per_block, jumps); })});
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes = {std::size_t{1} << 20, std::size_t{1} << 24, std::size_t{1} << 28, std::size_t{1} << 30};
  std::string json_path = "bench_mt19937.json";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
    else if (std::strcmp(argv[i], "--sizes") == 0 && i + 1 < argc) sizes = parse_sizes(argv[++i]);
    else {
      std::fprintf(stderr, "usage: bench_mt19937 [--sizes N1,N2,...] [--json PATH]\n");
      return 2;
    }
  }
  if (gpurng::cuda_devices().empty()) {
    std::fprintf(stderr, "bench_mt19937: no CUDA device\n");
    return 1;
  }
  const int sms = gpurng::cuda_devices()[0].multiprocessors;
  cudaStream_t s;
  cuda_check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
  std::size_t max_n = 0;
  for (std::size_t n : sizes) max_n = std::max(max_n, n);
  std::size_t free_b = 0, total_b = 0;
  cuda_check(cudaMemGetInfo(&free_b, &total_b), "cudaMemGetInfo");
  const std::size_t buf_bytes = std::min(max_n * 8, free_b / 10 * 8);
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, buf_bytes), "cudaMalloc");
  const double ceiling = write_ceiling_bytes_per_s(buf, std::min<std::size_t>(buf_bytes, std::size_t{1} << 31), s);

  const std::vector<Output> outputs = {
      {"u32", 4, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); },
       [](curandGenerator_t c, void* p, std::size_t n) { curand_check(curandGenerate(c, static_cast<unsigned*>(p), n), "generate"); }},
      {"uniform f32", 4, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); },
       [](curandGenerator_t c, void* p, std::size_t n) { curand_check(curandGenerateUniform(c, static_cast<float*>(p), n), "uniform"); }},
      {"normal f32", 4, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.0f, 1.0f); },
       [](curandGenerator_t c, void* p, std::size_t n) {
         curand_check(curandGenerateNormal(c, static_cast<float*>(p), n, 0.0f, 1.0f), "normal");
       }},
      {"uniform f64", 8, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); },
       [](curandGenerator_t c, void* p, std::size_t n) {
         curand_check(curandGenerateUniformDouble(c, static_cast<double*>(p), n), "uniform double");
       }},
      {"normal f64", 8, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n, 0.0, 1.0); },
       [](curandGenerator_t c, void* p, std::size_t n) {
         curand_check(curandGenerateNormalDouble(c, static_cast<double*>(p), n, 0.0, 1.0), "normal double");
       }},
      {"normal f32 icdf", 4, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 0.0f, 1.0f); },
       [](curandGenerator_t c, void* p, std::size_t n) {
         curand_check(curandGenerateNormal(c, static_cast<float*>(p), n, 0.0f, 1.0f), "normal");
       }, true},
      {"normal f64 icdf", 8, [](gpurng::Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n, 0.0, 1.0); },
       [](curandGenerator_t c, void* p, std::size_t n) {
         curand_check(curandGenerateNormalDouble(c, static_cast<double*>(p), n, 0.0, 1.0), "normal double");
       }, true},
  };

  std::vector<Row> rows;
  auto gsps = [](std::size_t n, double ms) { return static_cast<double>(n) / (ms * 1e-3) / 1e9; };
  for (std::size_t n : sizes) {
    for (const Output& o : outputs) {
      if (n * o.bytes > buf_bytes) continue;
      Row r{"mt19937", o.name, n, o.bytes, 0, 0, 0, 0};
      {
        double first = 0;
        gpurng::Generator g(gpurng::Engine::mt19937, gpurng::Backend::cuda);
        g.cuda_stream(s);
        if (o.icdf) g.normal_method(gpurng::NormalMethod::inverse_cdf);
        first = host_ms([&] {
          o.ours(g, buf, n);
          cuda_check(cudaStreamSynchronize(s), "first call");
        });
        r.first_ms_gpurng = first;
        r.gpurng_gsps = gsps(n, median_ms([&] { o.ours(g, buf, n); }, s));
      }
      {
        curandGenerator_t c;
        r.first_ms_curand = host_ms([&] {
          curand_check(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MT19937), "curandCreateGenerator");
          curand_check(curandSetPseudoRandomGeneratorSeed(c, 5489), "seed");
          curand_check(curandSetStream(c, s), "curandSetStream");
          o.theirs(c, buf, n);
          cuda_check(cudaStreamSynchronize(s), "first call");
        });
        r.curand_gsps = gsps(n, median_ms([&] { o.theirs(c, buf, n); }, s));
        curandDestroyGenerator(c);
      }
      rows.push_back(r);
    }
  }
  // MT19937-64 (cuRAND has none).
  const std::size_t n64 = std::min<std::size_t>(std::size_t{1} << 28, buf_bytes / 8);
  auto add64 = [&](const char* name, const std::function<void(gpurng::Generator&)>& f) {
    gpurng::Generator g(gpurng::Engine::mt19937_64, gpurng::Backend::cuda);
    g.cuda_stream(s);
    Row r{"mt19937-64", name, n64, 8, 0, 0, 0, 0};
    r.first_ms_gpurng = host_ms([&] {
      f(g);
      cuda_check(cudaStreamSynchronize(s), "first call");
    });
    r.gpurng_gsps = gsps(n64, median_ms([&] { f(g); }, s));
    rows.push_back(r);
  };
  add64("u64", [&](gpurng::Generator& g) { g.generate_bits(static_cast<std::uint64_t*>(buf), n64); });
  add64("uniform f64", [&](gpurng::Generator& g) { g.generate_uniform(static_cast<double*>(buf), n64); });
  add64("normal f64", [&](gpurng::Generator& g) { g.generate_normal(static_cast<double*>(buf), n64, 0.0, 1.0); });

  // Chains per multiprocessor: u32 steady state at the largest size with blocks = k * SMs (each extra
  // chain costs a jump per call), beside what the occupancy calculator allows for the kernel.
  {
    using GenU32 = decltype(&mtk::direct_kernel<core_mt::Mt32, gpurng::core::dist::Bits<core_mt::Engine32>>);
    const GenU32 kernel = &mtk::direct_kernel<core_mt::Mt32, gpurng::core::dist::Bits<core_mt::Engine32>>;
    constexpr int kThreads = mtk::kDirectThreads<core_mt::Mt32>;
    int resident = 0;
    cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernel, kThreads, 0), "occupancy");
    cudaFuncAttributes attr{};
    cuda_check(cudaFuncGetAttributes(&attr, kernel), "attributes");
    std::printf("mt19937 u32 generation kernel (direct_kernel): %d threads, %d registers/thread, %zu B static shared, %d resident blocks/SM\n",
                kThreads, attr.numRegs, attr.sharedSizeBytes, resident);
    // u32 at the largest size, and uniform f64 at 2^28: a bandwidth-bound output, where the second
    // chain's latency hiding may not repay its jumps.
    struct Sweep {
      const char* what;
      std::size_t n;
      std::size_t bytes;
      std::function<void(gpurng::Generator&, std::size_t)> run;
      bool plain;  // also a "no speculation" row
    };
    const Sweep sweeps[] = {
        {"u32", std::min<std::size_t>(max_n, buf_bytes / 4), 4,
         [&](gpurng::Generator& g, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(buf), n); }, true},
        {"u32", std::min<std::size_t>(std::size_t{1} << 28, buf_bytes / 4), 4,
         [&](gpurng::Generator& g, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(buf), n); }, false},
        {"uniform f64", std::min<std::size_t>(std::size_t{1} << 28, buf_bytes / 8), 8,
         [&](gpurng::Generator& g, std::size_t n) { g.generate_uniform(static_cast<double*>(buf), n); }, true},
        {"uniform f64", std::min<std::size_t>(max_n, buf_bytes / 8), 8,
         [&](gpurng::Generator& g, std::size_t n) { g.generate_uniform(static_cast<double*>(buf), n); }, true},
    };
    for (const Sweep& sw : sweeps) {
      if (&sw != &sweeps[0] && sw.n == (&sw - 1)->n && sw.bytes == (&sw - 1)->bytes) continue;  // sizes collapsed
      for (unsigned k = 1; k <= (sw.bytes == 4 ? 4u : 2u); ++k) {
        gpurng::Generator g(gpurng::Engine::mt19937, gpurng::Backend::cuda);
        g.cuda_stream(s);
        g.cuda_blocks(k * static_cast<unsigned>(sms));
        Row r{"mt19937", std::string(sw.what) + " " + std::to_string(k) + " chain/SM", sw.n, sw.bytes, 0, 0, 0, 0};
        r.first_ms_gpurng = host_ms([&] {
          sw.run(g, sw.n);
          cuda_check(cudaStreamSynchronize(s), "first call");
        });
        r.gpurng_gsps = gsps(sw.n, median_ms([&] { sw.run(g, sw.n); }, s));
        rows.push_back(r);
      }
      // Without speculative jumps: calls alternate between n and n - 4 values (the same blocks), so
      // no call repeats the previous one's length and each runs its own jumps first (at 2^28 too).
      if (!sw.plain) continue;
      std::vector<std::size_t> plain = {sw.n};
      if (sw.n > (std::size_t{1} << 28) && sw.bytes == 4) plain.push_back(std::size_t{1} << 28);
      for (std::size_t n : plain) {
        gpurng::Generator g(gpurng::Engine::mt19937, gpurng::Backend::cuda);
        g.cuda_stream(s);
        Row r{"mt19937", std::string(sw.what) + " no speculation", n, sw.bytes, 0, 0, 0, 0};
        sw.run(g, n);
        r.gpurng_gsps = gsps(2 * n - 4, median_ms([&] {
                               sw.run(g, n);
                               sw.run(g, n - 4);
                             }, s));
        rows.push_back(r);
      }
    }
    // Speculation at 2^28 u32 with the default grid set explicitly (cuda_blocks lowers the
    // threshold; since direct_kernel it is on by default there too, so this row checks the default).
    {
      const std::size_t n = std::min<std::size_t>(std::size_t{1} << 28, buf_bytes / 4);
      gpurng::Generator g(gpurng::Engine::mt19937, gpurng::Backend::cuda);
      g.cuda_stream(s);
      g.cuda_blocks(2 * static_cast<unsigned>(sms));
      Row r{"mt19937", "u32 speculating", n, 4, 0, 0, 0, 0};
      g.generate_bits(static_cast<std::uint32_t*>(buf), n);
      r.gpurng_gsps = gsps(n, median_ms([&] { g.generate_bits(static_cast<std::uint32_t*>(buf), n); }, s));
      rows.push_back(r);
    }
  }
  cudaFree(buf);

  // Jump costs for the blocks of one 2^28-value call on this device (two chains per multiprocessor).
  const unsigned jumps = 2 * static_cast<unsigned>(sms) - 1;
  const std::uint64_t per_block = (std::uint64_t{1} << 28) / (2 * static_cast<std::uint64_t>(sms));
  std::vector<JumpCost> costs = host_jump_cost<core_mt::Mt32>(jumps, per_block);
  for (const JumpCost& c : device_jump_cost<core_mt::Mt32>(jumps, per_block, s)) costs.push_back(c);
  for (const JumpCost& c : host_jump_cost<core_mt::Mt64>(jumps, per_block)) costs.push_back(c);
  for (const JumpCost& c : device_jump_cost<core_mt::Mt64>(jumps, per_block, s)) costs.push_back(c);

  const std::string dev = device_name();
  std::printf("MT19937 (canonical std::mt19937 order) vs cuRAND MT19937, %s, %s\n", dev.c_str(), today().c_str());
  std::printf("write ceiling %.0f GB/s = %.0f G 32-bit values/s\n", ceiling / 1e9, ceiling / 4e9);
  std::printf("jump costs:\n");
  for (const JumpCost& c : costs) {
    if (c.ms > 0) std::printf("  %-92s %9.3f ms\n", c.what.c_str(), c.ms);
  }
  std::printf("%-11s %-12s %11s %10s %10s %12s %12s %8s %9s\n", "engine", "output", "N", "1st ms", "cuRAND 1st",
              "gpurng GS/s", "cuRAND GS/s", "ratio", "% ceiling");
  for (const Row& r : rows) {
    const double pct = 100.0 * r.gpurng_gsps * 1e9 * static_cast<double>(r.value_bytes) / ceiling;
    if (r.curand_gsps > 0) {
      std::printf("%-11s %-12s %11zu %10.2f %10.2f %12.1f %12.1f %7.2fx %8.1f%%\n", r.engine.c_str(), r.output.c_str(), r.n,
                  r.first_ms_gpurng, r.first_ms_curand, r.gpurng_gsps, r.curand_gsps, r.gpurng_gsps / r.curand_gsps, pct);
    } else {
      std::printf("%-11s %-12s %11zu %10.2f %10s %12.1f %12s %8s %8.1f%%\n", r.engine.c_str(), r.output.c_str(), r.n,
                  r.first_ms_gpurng, "-", r.gpurng_gsps, "-", "-", pct);
    }
  }
  std::ofstream js(json_path);
  js << "{\n  \"benchmark\": \"mt19937\",\n  \"device\": \"" << dev << "\",\n  \"date\": \"" << today()
     << "\",\n  \"write_ceiling_bytes_per_s\": " << ceiling << ",\n  \"jump_costs_ms\": [\n";
  for (std::size_t i = 0; i < costs.size(); ++i) {
    js << "    {\"what\": \"" << costs[i].what << "\", \"ms\": " << costs[i].ms << "}" << (i + 1 < costs.size() ? "," : "") << "\n";
  }
  js << "  ],\n  \"rows\": [\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    js << "    {\"engine\": \"" << r.engine << "\", \"output\": \"" << r.output << "\", \"n\": " << r.n
       << ", \"value_bytes\": " << r.value_bytes << ", \"first_call_ms_gpurng\": " << r.first_ms_gpurng
       << ", \"first_call_ms_curand\": " << r.first_ms_curand << ", \"gpurng_gsps\": " << r.gpurng_gsps
       << ", \"curand_gsps\": " << r.curand_gsps << "}" << (i + 1 < rows.size() ? "," : "") << "\n";
  }
  js << "  ]\n}\n";
  return 0;
}
