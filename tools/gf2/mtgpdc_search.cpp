// MTGPDC (see mtgpdc_search.hpp).
#include "mtgpdc_search.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <chrono>
#include <stdexcept>
#include <system_error>

#include "engine_adapters.hpp"
#include "equidistribution.hpp"
#include "gpurng/core/splitmix64.hpp"
#include "mtgp_param_csv.hpp"
#include "polynomial.hpp"

namespace gpurng::gf2 {
namespace {

using Params32 = core::mtgp::Params<std::uint32_t>;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Largest power of two <= x.
std::uint32_t floor_pow2(std::uint32_t x) {
  std::uint32_t r = 1;
  while (r * 2 <= x) r *= 2;
  return r;
}

// The rows e_b + M[b] (b = 0..3) over GF(2)^4 are independent.
bool identity_plus_invertible(const std::uint32_t nibble[4]) {
  std::uint32_t rows[4];
  for (int b = 0; b < 4; ++b) rows[b] = (nibble[b] ^ (1u << b)) & 0xfu;
  for (int col = 0; col < 4; ++col) {
    int pivot = -1;
    for (int r = col; r < 4; ++r) {
      if ((rows[r] >> col) & 1u) {
        pivot = r;
        break;
      }
    }
    if (pivot < 0) return false;
    std::swap(rows[col], rows[pivot]);
    for (int r = 0; r < 4; ++r) {
      if (r != col && ((rows[r] >> col) & 1u)) rows[r] ^= rows[col];
    }
  }
  return true;
}

template <class G>
long defect_sum(const G& g, int e) {
  return defects(g.degree(), equidistribution(g, e)).total;
}

}  // namespace

const std::vector<std::uint32_t>& mtgpdc_exponents() {
  static const std::vector<std::uint32_t> list = {11213, 23209, 44497};
  return list;
}

void fill_table(const std::uint32_t rows[4], std::uint32_t table[16]) {
  for (int k = 0; k < 16; ++k) {
    std::uint32_t v = 0;
    for (int b = 0; b < 4; ++b) {
      if ((k >> b) & 1) v ^= rows[b];
    }
    table[k] = v;
  }
}

std::uint32_t mtgp_id_of(const Params32& p) { return (p.tbl[8] & 0xffff0000u) | ((p.tbl[4] >> 4) & 0xffffu); }

MtgpIdentity mtgp_identity(const Params32& p) {
  MtgpIdentity out;
  const MtgpAdapter<std::uint32_t> g{p};
  out.poly = characteristic_polynomial(g);
  out.sha1 = coefficient_sha1(out.poly);
  out.weight = NTL::weight(out.poly);
  out.irreducible = NTL::deg(out.poly) == static_cast<long>(p.mexp) && is_irreducible_prime_degree(out.poly);
  if (out.irreducible) {
    out.k = equidistribution(g);
    out.delta = defects(g.degree(), out.k).total;
  }
  return out;
}

std::vector<MtgpCheck> verify_mtgp_file(const std::string& path, std::uint32_t mexp, unsigned threads,
                                        const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<support::MtgpFileSet<std::uint32_t>> sets;
  try {
    support::CsvReader csv(path, "'" + path + "'");
    sets = support::read_mtgp_sets<std::uint32_t>(csv, mexp);
  } catch (const std::system_error& e) {
    throw std::runtime_error(e.what());
  }
  const std::uint32_t count = static_cast<std::uint32_t>(sets.size());
  std::vector<MtgpCheck> out(count);
  std::atomic<std::uint32_t> next{0};
  std::atomic<std::size_t> done{0};
  std::mutex report;
  auto work = [&] {
    for (std::uint32_t i = next++; i < count; i = next++) {
      MtgpCheck& c = out[i];
      c.index = i;
      c.label = sets[i].label;
      c.file_sha1 = sets[i].poly_sha1;
      c.file_weight = sets[i].weight;
      c.file_delta = sets[i].delta;
      const MtgpIdentity id = mtgp_identity(sets[i].params);
      c.sha1 = id.sha1;
      c.weight = id.weight;
      c.delta = id.delta;
      c.irreducible = id.irreducible;
      c.ok = c.irreducible && (c.file_sha1.empty() || c.file_sha1 == c.sha1) &&
             (c.file_weight == 0 || c.file_weight == c.weight) && (c.file_delta == 0 || c.file_delta == c.delta);
      const std::size_t n = ++done;
      if (progress) {
        std::lock_guard<std::mutex> guard(report);
        progress(n, count);
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < std::max(1u, threads); ++k) pool.emplace_back(work);
  work();
  for (std::thread& th : pool) th.join();
  return out;
}

namespace {
std::uint32_t checked_exponent(std::uint32_t p) {
  const auto& list = mtgpdc_exponents();
  if (std::find(list.begin(), list.end(), p) == list.end()) {
    throw std::invalid_argument("Mersenne exponent " + std::to_string(p) + " is not one of 11213, 23209, 44497");
  }
  return p;
}
}  // namespace

MtgpCreator::MtgpCreator(std::uint32_t p)
    : p_(checked_exponent(p)), n_(core::mtgp::state_words(p_, 32)), round_(floor_pow2(n_ - 2)) {}

void MtgpCreator::search_tempering(Params32& p) const {
  std::uint32_t rows[4] = {0, 0, 0, 0};
  auto set_bits = [&](int row, int low, int count, std::uint32_t pattern) {  // bits low .. low+count-1
    const std::uint32_t field = ((count == 32 ? 0u : (1u << count)) - 1u) << low;
    rows[row] = (rows[row] & ~field) | ((pattern << low) & field);
    fill_table(rows, p.tmp_tbl);
  };
  // The 23 MSBs, five at a time from the top, by d(1) + .. + d(e).
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 23; j += 5) {
      const int e = std::min(j + 5, 23);
      const int count = e - j, low = 32 - e;  // bits j .. e-1 from the MSB
      long best = -1;
      std::uint32_t best_pattern = 0;
      for (std::uint32_t pat = 0; pat < (1u << count); ++pat) {
        set_bits(i, low, count, pat);
        const long s = defect_sum(MtgpAdapter<std::uint32_t>{p}, e);
        if (best < 0 || s < best) {
          best = s;
          best_pattern = pat;
        }
      }
      set_bits(i, low, count, best_pattern);
    }
  }
  // The 9 LSBs, five at a time from the bottom, by the defects of the least significant bits.
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 9; j += 5) {
      const int e = std::min(j + 5, 9);
      const int count = e - j, low = j;  // bits j .. e-1 from the LSB
      long best = -1;
      std::uint32_t best_pattern = 0;
      for (std::uint32_t pat = 0; pat < (1u << count); ++pat) {
        set_bits(i, low, count, pat);
        const long s = defect_sum(LsbFirst<MtgpAdapter<std::uint32_t>>{MtgpAdapter<std::uint32_t>{p}}, e);
        if (best < 0 || s < best) {
          best = s;
          best_pattern = pat;
        }
      }
      set_bits(i, low, count, best_pattern);
    }
  }
}

MtgpSet MtgpCreator::create(std::uint32_t id, std::uint64_t seed) const {
  MtgpSet out;
  out.id = id;
  Params32& P = out.params;
  P.mexp = p_;
  P.sh1 = 13;
  P.sh2 = 4;
  P.mask = ~0u << (32 * n_ - p_);
  std::uint64_t state = seed ^ (static_cast<std::uint64_t>(id) * core::kSplitMix64Gamma) ^ 0x4d54475044435f31ull;
  auto draw = [&state] { return static_cast<std::uint32_t>(core::splitmix64_step(state) >> 32); };
  const SmallFactorSieve sieve(16);
  const auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    ++out.candidates;
    // Rows of R: tbl[1 << b] = rows[b]; the ID in rows 3 (tbl[8]) and 2 (tbl[4]).
    std::uint32_t rows[4];
    rows[3] = (id & 0xffff0000u) | (draw() & 0x0000fff0u);
    rows[2] = (draw() & 0xfff00000u) | ((id & 0xffffu) << 4);
    rows[1] = draw() & 0xfffffff0u;
    rows[0] = draw() & 0xfffffff0u;
    std::uint32_t nibble[4];
    do {
      const std::uint32_t v = draw();
      for (int b = 0; b < 4; ++b) nibble[b] = (v >> (4 * b)) & 0xfu;
    } while (!identity_plus_invertible(nibble));
    for (int b = 0; b < 4; ++b) rows[b] |= nibble[b];
    P.pos = 3 + draw() % (max_pos() - 2);
    fill_table(rows, P.tbl);
    std::fill(P.tmp_tbl, P.tmp_tbl + 16, 0u);
    const NTL::GF2X f = characteristic_polynomial(MtgpAdapter<std::uint32_t>{P});
    if (NTL::deg(f) != static_cast<long>(p_) || !sieve.passes(f)) continue;
    ++out.full_tests;
    if (!is_irreducible_prime_degree(f)) continue;
    out.weight = NTL::weight(f);
    out.sha1 = coefficient_sha1(f);
    break;
  }
  out.recursion_seconds = seconds_since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  search_tempering(P);
  out.k = equidistribution(MtgpAdapter<std::uint32_t>{P});
  out.delta = defects(static_cast<int>(p_), out.k).total;
  out.tempering_seconds = seconds_since(t1);
  return out;
}

}  // namespace gpurng::gf2
