// Jump polynomials x^k mod P(x) over GF(2) for MT19937 and MT19937-64, with the library's own
// GF(2)[x] code (src/gf2x/). P(x) is sparse (135 terms for MT19937) and its second-highest term is
// more than a word below the top, so gf2x::Modulus reduces by folding each word above x^19937 onto
// the terms, which costs less than the two products of a general reduction.
#include "families/mt19937/mt_jump.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>

#include "gf2x_polynomial.hpp"
#include "gpurng/gpurng.hpp"
#include "gpurng/std_engines.hpp"

namespace gpurng::detail::mt {
namespace {

namespace core_mt = core::mt19937;
using gf2x::Words;
constexpr long kD = core_mt::kDegree;

// Bit w-1 of every word X_t, t = n .. n + 2*kD - 1, of a seeded generator: a sequence whose minimal
// polynomial is P(x) (P is irreducible, so every non-zero linear output sequence has it).
template <class P>
gf2x::Modulus find_modulus() {
  using W = typename P::word;
  std::vector<W> x(P::n + 2 * kD);
  core_mt::init_genrand<P>(x.data(), P::default_seed);
  core_mt::extend<P>(x.data(), x.size() - P::n);
  std::vector<std::uint8_t> seq(2 * kD);
  for (long t = 0; t < 2 * kD; ++t) seq[static_cast<std::size_t>(t)] = static_cast<std::uint8_t>((x[P::n + t] >> (P::w - 1)) & 1u);
  Words f = gf2x::minimal_polynomial(seq);
  if (gf2x::degree(f) != kD) {
    throw Error(Status::internal_error, "mt19937 jump: characteristic polynomial has degree " +
                                            std::to_string(gf2x::degree(f)) + ", expected 19937");
  }
  return gf2x::Modulus(std::move(f));
}

template <class P>
const gf2x::Modulus& modulus() {
  static const gf2x::Modulus m = find_modulus<P>();  // thread-safe initialisation
  return m;
}

void to_words(const Words& g, std::uint32_t* out) { gf2x::to_words32(g.data(), g.size(), out, core_mt::kPolyWords); }

Poly to_poly(const Words& g) {
  Poly p(core_mt::kPolyWords);
  to_words(g, p.data());
  return p;
}

Words from_poly(const Poly& p, const gf2x::Modulus& m) {
  Words g = gf2x::from_words32(p.data(), p.size());
  g.resize(m.words(), 0);
  return m.reduce(g);
}

}  // namespace

template <class P>
Poly characteristic_polynomial() {
  const Words& f = modulus<P>().polynomial();
  Poly p((kD + 1 + 31) / 32);
  gf2x::to_words32(f.data(), f.size(), p.data(), p.size());
  return p;
}

template <class P>
Poly jump_polynomial(std::uint64_t k) {
  return to_poly(modulus<P>().power_of_x(k));
}

template <class P>
Poly jump_polynomial_decimal(const std::string& k) {
  try {
    return to_poly(modulus<P>().power_of_x_decimal(k));
  } catch (const std::invalid_argument& e) {
    throw Error(Status::invalid_argument, e.what());
  }
}

template <class P>
Poly jump_polynomial_power_of_two(unsigned e) {
  const gf2x::Modulus& m = modulus<P>();
  Words r(m.words(), 0);
  r[0] = 1;
  m.mul_x(r.data());
  for (unsigned i = 0; i < e; ++i) m.sqr(r.data(), r.data());
  return to_poly(r);
}

template <class P>
Poly block_polynomials(std::uint64_t L, unsigned count, std::uint64_t shift) {
  const gf2x::Modulus& m = modulus<P>();
  Poly out(static_cast<std::size_t>(count) * core_mt::kPolyWords);
  if (count == 0) return out;
  const Words g = m.power_of_x(L);
  Words acc = g;
  if (shift != 0) {
    const Words s = m.power_of_x(shift);
    m.mul(acc.data(), s.data(), acc.data());
  }
  to_words(acc, out.data());
  for (unsigned b = 2; b <= count; ++b) {
    m.mul(acc.data(), g.data(), acc.data());
    to_words(acc, out.data() + static_cast<std::size_t>(b - 1) * core_mt::kPolyWords);
  }
  return out;
}

template <class P>
std::shared_ptr<const Poly> cached_block_polynomials(std::uint64_t L, unsigned count, std::uint64_t shift) {
  // Bounded: past kMaxEntries sets the cache starts over (sets are rebuilt on demand).
  constexpr std::size_t kMaxEntries = 64;
  static std::mutex lock;
  static std::map<std::pair<std::uint64_t, std::uint64_t>, std::shared_ptr<const Poly>> cache;
  const auto key = std::make_pair(L, shift);
  {
    const std::lock_guard<std::mutex> hold(lock);
    auto it = cache.find(key);
    if (it != cache.end() && it->second->size() >= static_cast<std::size_t>(count) * core_mt::kPolyWords) return it->second;
  }
  auto made = std::make_shared<const Poly>(block_polynomials<P>(L, count, shift));  // outside the lock: ms
  const std::lock_guard<std::mutex> hold(lock);
  if (cache.size() >= kMaxEntries) cache.clear();
  auto& slot = cache[key];
  if (!slot || slot->size() < made->size()) slot = made;
  return slot;
}

template <class P>
Poly multiply(const Poly& a, const Poly& b) {
  const gf2x::Modulus& m = modulus<P>();
  Words r = from_poly(a, m);
  const Words y = from_poly(b, m);
  m.mul(r.data(), y.data(), r.data());
  return to_poly(r);
}

template <class P>
void apply_polynomial(typename P::word* window, const Poly& g) {
  std::vector<typename P::word> x(core_mt::kJumpWindowWords<P>);
  std::copy(window, window + P::n, x.begin());
  core_mt::extend<P>(x.data(), x.size() - P::n);
  core_mt::apply_jump<P>(x.data(), g.data(), window);
}

template <class P>
void jump_window(typename P::word* window, std::uint64_t k) {
  if (k == 0) return;
  apply_polynomial<P>(window, jump_polynomial<P>(k));
}

#define GPURNG_MT_INSTANTIATE(P)                                                          \
  template Poly characteristic_polynomial<P>();                                           \
  template Poly jump_polynomial<P>(std::uint64_t);                                        \
  template Poly jump_polynomial_decimal<P>(const std::string&);                           \
  template Poly jump_polynomial_power_of_two<P>(unsigned);                                \
  template Poly block_polynomials<P>(std::uint64_t, unsigned, std::uint64_t);             \
  template std::shared_ptr<const Poly> cached_block_polynomials<P>(std::uint64_t, unsigned, std::uint64_t); \
  template Poly multiply<P>(const Poly&, const Poly&);                                    \
  template void apply_polynomial<P>(typename P::word*, const Poly&);                     \
  template void jump_window<P>(typename P::word*, std::uint64_t);

GPURNG_MT_INSTANTIATE(core::mt19937::Mt32)
GPURNG_MT_INSTANTIATE(core::mt19937::Mt64)
#undef GPURNG_MT_INSTANTIATE

}  // namespace gpurng::detail::mt

namespace gpurng::detail {

void mt_jump_window(std::uint32_t* window, std::uint64_t k) { mt::jump_window<core::mt19937::Mt32>(window, k); }
void mt_jump_window(std::uint64_t* window, std::uint64_t k) { mt::jump_window<core::mt19937::Mt64>(window, k); }
void mt_reject_empty_key(const char* engine) {
  throw Error(Status::invalid_argument, std::string(engine) + " seed array: at least one key word is needed (got 0)");
}

}  // namespace gpurng::detail
