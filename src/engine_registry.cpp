// The list of engines: names, descriptions, factories. Adding an engine adds one row here.
#include <string>

#include "engines/engine_factories.hpp"

namespace gpurng {
namespace {

struct Row {
  EngineInfo info;
  std::unique_ptr<detail::EngineImpl> (*make)();
};

const Row kRows[] = {
    {{Engine::mrg32k3a, "mrg32k3a", "L'Ecuyer's combined multiple recursive generator (RngStreams)", 32, "~2^191"},
     &detail::make_mrg32k3a_engine},
    {{Engine::mt19937, "mt19937", "Mersenne Twister MT19937: the std::mt19937 sequence, jump-ahead by GF(2) polynomials", 32,
      "2^19937-1"},
     &detail::make_mt19937_engine},
    {{Engine::mt19937_64, "mt19937-64", "64-bit Mersenne Twister: the std::mt19937_64 sequence, jump-ahead by GF(2) polynomials",
      64, "2^19937-1"},
     &detail::make_mt19937_64_engine},
    {{Engine::sobol32, "sobol32", "Sobol' quasi-random points, 32-bit, Joe-Kuo directions, up to 21201 dimensions", 32,
      "2^32 points"},
     &detail::make_sobol32_engine},
    {{Engine::sobol64, "sobol64", "Sobol' quasi-random points, 64-bit, Joe-Kuo directions, up to 21201 dimensions", 64,
      "2^64-1 points"},
     &detail::make_sobol64_engine},
    {{Engine::mwc, "mwc", "Marsaglia's two 16-bit multiply-with-carry generators, a multiplier pair per stream", 32,
      "2^44..2^62 per stream"},
     &detail::make_mwc_engine},
    {{Engine::xorshift256, "xorshift256", "Panneton-L'Ecuyer xorshift, r = 8, s = 7, many streams", 32, "2^256-1"},
     &detail::make_xorshift256_engine},
    {{Engine::kiss, "kiss", "KISS: MWC pair + xorshift(13,17,5) + LCG 69069, many streams", 32, "2^108..2^126 per stream"},
     &detail::make_kiss_engine},
    {{Engine::kiss99, "kiss99", "Marsaglia's KISS99 (1999 posting), one stream", 32, "<= 2^123"},
     &detail::make_kiss99_engine},
    {{Engine::mtgp11213, "mtgp11213", "MTGP 32-bit, Mersenne exponent 11213 (Saito & Matsumoto), 128 parameter sets", 32,
      "2^11213-1"},
     &detail::make_mtgp11213_engine},
    {{Engine::mtgp23209, "mtgp23209", "MTGP 32-bit, Mersenne exponent 23209, 128 parameter sets", 32, "2^23209-1"},
     &detail::make_mtgp23209_engine},
    {{Engine::mtgp44497, "mtgp44497", "MTGP 32-bit, Mersenne exponent 44497, 128 parameter sets", 32, "2^44497-1"},
     &detail::make_mtgp44497_engine},
    {{Engine::mtgp64_23209, "mtgp64-23209", "MTGP 64-bit, Mersenne exponent 23209, 128 parameter sets", 64,
      "2^23209-1"},
     &detail::make_mtgp64_23209_engine},
    {{Engine::mtgp64_44497, "mtgp64-44497", "MTGP 64-bit, Mersenne exponent 44497, 128 parameter sets", 64,
      "2^44497-1"},
     &detail::make_mtgp64_44497_engine},
    {{Engine::mtgp64_110503, "mtgp64-110503", "MTGP 64-bit, Mersenne exponent 110503, 128 parameter sets", 64,
      "2^110503-1"},
     &detail::make_mtgp64_110503_engine},
    {{Engine::mtgp11213_curand, "mtgp11213-curand",
      "MTGP32-11213 as cuRAND's MTGP32: its 200 parameter sets, seeding, layout and uniform conversions", 32,
      "2^11213-1"},
     &detail::make_mtgp11213_curand_engine},
    {{Engine::dcmt521, "dcmt521", "Dynamic-Creator Mersenne Twisters, exponent 521: a parameter set per stream, many streams",
      32, "2^521-1 per stream"},
     &detail::make_dcmt521_engine},
    {{Engine::dcmt2203, "dcmt2203", "Dynamic-Creator Mersenne Twisters, exponent 2203: a parameter set per stream, many streams",
      32, "2^2203-1 per stream"},
     &detail::make_dcmt2203_engine},
    {{Engine::philox4x32_10, "philox4x32-10",
      "Philox4x32-10 counter-based (Salmon et al.): cuRAND's curand_init(seed, stream, 0) streams", 32, "2^66 per stream"},
     &detail::make_philox4x32_10_engine},
    {{Engine::philox4x64_10, "philox4x64-10",
      "Philox4x64-10 counter-based: NumPy's Philox(seed).jumped(stream), 128-bit seeds", 64, "2^130 per stream"},
     &detail::make_philox4x64_10_engine},
    {{Engine::threefry4x64_20, "threefry4x64-20",
      "Threefry4x64-20 counter-based (Random123): key (seed, 0, 0, 0), counter (i, 0, stream, 0)", 64,
      "2^66 per stream"},
     &detail::make_threefry4x64_20_engine},
    {{Engine::threefry2x32_20, "threefry2x32-20",
      "Threefry2x32-20 counter-based (Random123): key (seed, stream), seed and stream < 2^32", 32, "2^65 per stream"},
     &detail::make_threefry2x32_20_engine},
    {{Engine::pcg64, "pcg64", "PCG64 (XSL-RR 128/64) as NumPy's PCG64(seed).jumped(stream), 128-bit seeds", 64,
      "2^128"},
     &detail::make_pcg64_engine},
    {{Engine::pcg64dxsm, "pcg64dxsm", "PCG64DXSM (CM DXSM 128/64) as NumPy's PCG64DXSM(seed).jumped(stream)", 64,
      "2^128"},
     &detail::make_pcg64dxsm_engine},
    {{Engine::xorwow, "xorwow", "Marsaglia's xorwow as cuRAND's curand_init(seed, stream, 0) streams", 32,
      "2^192-2^32"},
     &detail::make_xorwow_engine},
    {{Engine::xorwow_curand, "xorwow-curand",
      "XORWOW as cuRAND's host API (CURAND_RNG_PSEUDO_XORWOW): its seeding, 4096-stream order and conversions", 32,
      "2^192-2^32"},
     &detail::make_xorwow_curand_engine},
    {{Engine::philox4x32_10_curand, "philox4x32-10-curand",
      "Philox4x32-10 as cuRAND's host API (CURAND_RNG_PSEUDO_PHILOX4_32_10): its order and conversions", 32,
      "2^64 values"},
     &detail::make_philox4x32_10_curand_engine},
    {{Engine::mrg32k3a_curand, "mrg32k3a-curand",
      "MRG32k3a as cuRAND's host API (CURAND_RNG_PSEUDO_MRG32K3A): its seeding, 81920-stream order and conversions", 32,
      "~2^191"},
     &detail::make_mrg32k3a_curand_engine},
};

const Row& row(Engine e) {
  for (const Row& r : kRows) {
    if (r.info.engine == e) return r;
  }
  throw Error(Status::invalid_argument, "unknown engine id " + std::to_string(static_cast<int>(e)));
}

}  // namespace

std::vector<EngineInfo> engines() {
  std::vector<EngineInfo> out;
  for (const Row& r : kRows) out.push_back(r.info);
  return out;
}

const EngineInfo& engine_info(Engine e) { return row(e).info; }

Engine parse_engine(std::string_view name) {
  std::string valid;
  for (const Row& r : kRows) {
    if (name == r.info.name) return r.info.engine;
    valid += valid.empty() ? "" : ", ";
    valid += r.info.name;
  }
  throw Error(Status::invalid_argument, "unknown engine '" + std::string(name) + "'; valid engines: " + valid);
}

namespace detail {
std::unique_ptr<EngineImpl> make_engine(Engine e) { return row(e).make(); }
}  // namespace detail

}  // namespace gpurng
