// The Dynamic Creator search (see dc_search.hpp).
#include "dc_search.hpp"

#include <algorithm>
#include <chrono>

#include "equidistribution.hpp"
#include "gpurng/core/splitmix64.hpp"

namespace gpurng::gf2 {
namespace {

constexpr int kW = 32;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Small factors up to this degree are sieved: deeper sieves cost more per candidate than the
// irreducibility tests they save (measured: the test costs ~p^2 / 3.5e8 s here).
int sieve_degree(std::uint32_t p) { return p < 1000 ? 10 : p < 5000 ? 13 : 16; }

long sum_defects(std::uint32_t p, const std::vector<int>& k) { return defects(static_cast<int>(p), k).total; }

}  // namespace

const std::vector<std::uint32_t>& dc_exponents() {
  static const std::vector<std::uint32_t> list = {521,  607,  1279,  2203,  2281,  3217,  4253, 4423,
                                                   9689, 9941, 11213, 19937, 21701, 23209, 44497};
  return list;
}

DynamicCreator::DynamicCreator(std::uint32_t p) : p_(p), shape_(DcParams::shape(p)), sieve_(sieve_degree(p)) {
  const auto& list = dc_exponents();
  if (std::find(list.begin(), list.end(), p) == list.end()) {
    std::string valid;
    for (std::uint32_t e : list) valid += (valid.empty() ? "" : ", ") + std::to_string(e);
    throw std::invalid_argument("Mersenne exponent " + std::to_string(p) + " is not one of " + valid);
  }
  const long n = shape_.n, m = shape_.m, r = shape_.r;
  NTL::GF2X u, l;
  NTL::SetCoeff(u, n);
  NTL::SetCoeff(u, m);
  NTL::SetCoeff(l, n - 1);
  NTL::SetCoeff(l, m - 1);
  const NTL::GF2X u_wr = NTL::power(u, kW - r);
  terms_.resize(kW + 1);
  terms_[kW] = u_wr * NTL::power(l, r);
  for (long i = 0; i < r; ++i) terms_[static_cast<std::size_t>(i)] = u_wr * NTL::power(l, r - 1 - i);
  for (long i = r; i < kW; ++i) terms_[static_cast<std::size_t>(i)] = NTL::power(u, kW - 1 - i);
}

NTL::GF2X DynamicCreator::characteristic_polynomial_of(std::uint32_t aaa) const {
  NTL::GF2X f = terms_[kW];
  for (int i = 0; i < kW; ++i) {
    if ((aaa >> i) & 1u) f += terms_[static_cast<std::size_t>(i)];
  }
  return f;
}

void DynamicCreator::search_tempering(DcParams& d) const {
  // Output bit j (0 = most significant) sits at position P = 31 - j. Before the last shift (l = 18,
  // which only touches bits j >= l) it is x_P ^ b_P x_(P-s) ^ c_P y_(P-t), y = x ^ ((x << s) & b):
  // it involves b_P, c_P and b_(P-t). Bits of b below s and of c below t are useless (shifted-in
  // zeros). Step j decides those of the three that are still free, keeping the `beam` best partial
  // masks by d(1) + .. + d(j + 1): a limited backtracking in the spirit of the creator's search.
  // Beam 16 for every p: for p = 19937 (twist word 0xe82a0000) beams 3, 8, 16, 32 gave Delta 9861,
  // 7374, 6752, 6752 (MT19937's own masks on that word: 8001) for 2.8, 7.4, 14.6, 28.6 s of CPU,
  // against about 60 s for the twist-word search.
  const int s = static_cast<int>(d.shiftB_s), t = static_cast<int>(d.shiftC_t);
  const std::size_t beam = 16;
  struct Partial {
    std::uint32_t b = 0, c = 0, decided_b = 0, decided_c = 0;
    long score = 0;
  };
  std::vector<Partial> states(1);
  for (int j = 0; j <= kW - 1 - s; ++j) {
    const int P = kW - 1 - j;
    std::vector<Partial> next;
    for (const Partial& st : states) {
      struct Var {
        bool is_c;
        std::uint32_t bit;
      };
      std::vector<Var> vars;
      if (P >= t && !(st.decided_c >> P & 1u)) vars.push_back({true, 1u << P});
      if (P >= s && !(st.decided_b >> P & 1u)) vars.push_back({false, 1u << P});
      if (P - t >= s && !(st.decided_b >> (P - t) & 1u)) vars.push_back({false, 1u << (P - t)});
      for (std::uint32_t pat = 1u << vars.size(); pat-- > 0;) {  // all ones first: ties keep denser masks
        Partial cand = st;
        for (std::size_t i = 0; i < vars.size(); ++i) {
          std::uint32_t& mask = vars[i].is_c ? cand.c : cand.b;
          (vars[i].is_c ? cand.decided_c : cand.decided_b) |= vars[i].bit;
          if ((pat >> i) & 1u) mask |= vars[i].bit;
        }
        DcParams trial = d;
        trial.maskB_b = cand.b;
        trial.maskC_c = cand.c;
        cand.score = sum_defects(p_, equidistribution(DcMtAdapter{trial}, j + 1));
        next.push_back(cand);
      }
    }
    std::stable_sort(next.begin(), next.end(), [](const Partial& x, const Partial& y) { return x.score < y.score; });
    if (next.size() > beam) next.resize(beam);
    states = std::move(next);
  }
  // The survivors by their total defect over all 32 bits.
  long best = -1;
  for (const Partial& st : states) {
    DcParams trial = d;
    trial.maskB_b = st.b;
    trial.maskC_c = st.c;
    const long total = sum_defects(p_, equidistribution(DcMtAdapter{trial}));
    if (best < 0 || total < best) {
      best = total;
      d.maskB_b = st.b;
      d.maskC_c = st.c;
    }
  }
}

DcSet DynamicCreator::create(std::uint32_t id, std::uint64_t seed, const DcProgress& progress) const {
  if (id > 0xffffu) throw std::invalid_argument("ID " + std::to_string(id) + " is out of range [0, 65535]");
  DcSet out;
  out.id = id;
  out.params = shape_;
  const auto t0 = std::chrono::steady_clock::now();
  // The 2^15 high halves in an order from (seed, id): h_k = 0x8000 | (alpha k + beta mod 2^15).
  std::uint64_t mix = seed ^ (static_cast<std::uint64_t>(id) * core::kSplitMix64Gamma);
  const std::uint64_t z = core::splitmix64_step(mix);
  const std::uint32_t alpha = static_cast<std::uint32_t>(z) | 1u;
  const std::uint32_t beta = static_cast<std::uint32_t>(z >> 32);
  bool found = false;
  for (std::uint32_t k = 0; k < 0x8000u && !found; ++k) {
    const std::uint32_t h = 0x8000u | ((alpha * k + beta) & 0x7fffu);
    const std::uint32_t aaa = (h << 16) | id;
    ++out.candidates;
    if (progress && (out.candidates & 63) == 0) progress(out.candidates);
    const NTL::GF2X f = characteristic_polynomial_of(aaa);
    if (!sieve_.passes(f)) continue;
    ++out.full_tests;
    if (!is_irreducible_prime_degree(f)) continue;
    found = true;
    out.params.aaa = aaa;
    out.weight = NTL::weight(f);
    out.sha1 = coefficient_sha1(f);
  }
  out.recursion_seconds = seconds_since(t0);
  if (!found) {
    throw NoParameterSet("no twist word with ID " + std::to_string(id) + " gives an irreducible polynomial of degree " +
                         std::to_string(p_) + " (all 32768 tried)");
  }
  const auto t1 = std::chrono::steady_clock::now();
  search_tempering(out.params);
  out.k = equidistribution(DcMtAdapter{out.params});
  out.delta = defects(static_cast<int>(p_), out.k).total;
  out.tempering_seconds = seconds_since(t1);
  return out;
}

bool dc_has_full_period(const DcParams& d) {
  const auto& list = dc_exponents();
  if (std::find(list.begin(), list.end(), d.exponent()) == list.end()) return false;
  if (d.n < 2 || d.m < 1 || d.m >= d.n || d.r > 31 || d.umask != (0xffffffffu << d.r) || d.lmask != ~d.umask ||
      d.wmask != 0xffffffffu) {
    return false;
  }
  const NTL::GF2X f = characteristic_polynomial(DcMtAdapter{d});
  return NTL::deg(f) == static_cast<long>(d.exponent()) && is_irreducible_prime_degree(f);
}

}  // namespace gpurng::gf2
