// Jump polynomials x^k mod P(x) over GF(2) for MT19937 and MT19937-64, with NTL's GF2X.
//
// NTL's general reduction modulo a degree-19937 polynomial costs about as much as a multiplication.
// P(x) is sparse (135 terms for MT19937) and its second-highest term is more than a word below the
// top, so a word-at-a-time sparse reduction is used instead: each 64-bit chunk of the part above
// x^19937 is folded into lower positions once per remaining term of P. Products use NTL (gf2x).
#include "jump/mt_jump.hpp"

#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>
#include <NTL/vec_GF2.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>

#include "gpurng/gpurng.hpp"
#include "gpurng/std_engines.hpp"

namespace gpurng::detail::mt {
namespace {

namespace core_mt = core::mt19937;
using NTL::GF2X;
constexpr long kD = core_mt::kDegree;
constexpr long kWordBits = NTL_BITS_PER_LONG;
static_assert(kWordBits == 64, "the sparse reduction assumes 64-bit NTL words");

// P(x) and its terms below the top, for the sparse reduction.
struct Modulus {
  GF2X f;
  std::vector<long> low_terms;  // exponents e < kD with coefficient 1
  NTL::GF2XModulus general;     // fallback if P were not sparse enough
  bool sparse = false;
};

// Bit `bit` of every word X_t, t = n .. n + 2*kD - 1, of a seeded generator: a sequence whose minimal
// polynomial is P(x) (P is irreducible, so every non-zero linear output sequence has it).
template <class P>
Modulus find_modulus() {
  using W = typename P::word;
  std::vector<W> x(P::n + 2 * kD);
  core_mt::init_genrand<P>(x.data(), P::default_seed);
  core_mt::extend<P>(x.data(), x.size() - P::n);
  NTL::vec_GF2 seq;
  seq.SetLength(2 * kD);
  for (long t = 0; t < 2 * kD; ++t) seq[t] = static_cast<long>((x[P::n + t] >> (P::w - 1)) & 1u);
  Modulus m;
  NTL::MinPolySeq(m.f, seq, kD);
  if (NTL::deg(m.f) != kD) {
    throw Error(Status::internal_error, "mt19937 jump: characteristic polynomial has degree " +
                                            std::to_string(NTL::deg(m.f)) + ", expected 19937");
  }
  for (long e = kD - 1; e >= 0; --e) {
    if (NTL::IsOne(NTL::coeff(m.f, e))) m.low_terms.push_back(e);
  }
  // The fold below needs every term at least one word under the top.
  m.sparse = !m.low_terms.empty() && m.low_terms.front() <= kD - kWordBits;
  NTL::build(m.general, m.f);
  return m;
}

template <class P>
const Modulus& modulus() {
  static const Modulus m = find_modulus<P>();  // thread-safe initialisation
  return m;
}

// a ^= h * x^pos on a word array; pos may be negative (then the low bits of h are zero).
inline void xor_shifted(unsigned long* a, unsigned long h, long pos) {
  if (pos < 0) {
    a[0] ^= h >> (-pos);
    return;
  }
  const long w = pos / kWordBits;
  const long s = pos % kWordBits;
  a[w] ^= h << s;
  if (s != 0) a[w + 1] ^= h >> (kWordBits - s);
}

// a = a mod P(x), for deg a < 2 * kD.
void reduce(GF2X& a, const Modulus& m) {
  if (NTL::deg(a) < kD) return;
  if (!m.sparse) {
    NTL::rem(a, a, m.general);
    return;
  }
  const long words = a.xrep.length();
  unsigned long* w = a.xrep.elts();
  const long boundary = kD / kWordBits;
  for (long wi = words - 1; wi >= boundary; --wi) {
    unsigned long h = w[wi];
    if (wi == boundary) h &= ~((1ul << (kD % kWordBits)) - 1ul);  // only the bits at or above x^kD
    if (h == 0) continue;
    w[wi] ^= h;
    // x^(64 wi + t) = x^(64 wi + t - kD) * (P(x) - x^kD): every term lands at least a word lower.
    const long base = wi * kWordBits - kD;
    for (long e : m.low_terms) xor_shifted(w, h, base + e);
  }
  a.normalize();
}

void mul_mod(GF2X& r, const GF2X& a, const GF2X& b, const Modulus& m) {
  NTL::mul(r, a, b);
  reduce(r, m);
}

void sqr_mod(GF2X& r, const GF2X& a, const Modulus& m) {
  NTL::sqr(r, a);
  reduce(r, m);
}

// r = r * x mod P.
void times_x(GF2X& r, const Modulus& m) {
  NTL::LeftShift(r, r, 1);
  if (NTL::deg(r) == kD) NTL::add(r, r, m.f);
}

// x^k mod P by left-to-right square and multiply, k given by its bits.
template <class BitSource>
GF2X power_of_x(long bits, const BitSource& bit, const Modulus& m) {
  GF2X r(1);
  for (long i = bits - 1; i >= 0; --i) {
    sqr_mod(r, r, m);
    if (bit(i)) times_x(r, m);
  }
  return r;
}

GF2X power_of_x(std::uint64_t k, const Modulus& m) {
  long bits = 0;
  while (bits < 64 && (k >> bits) != 0) ++bits;
  return power_of_x(bits, [k](long i) { return ((k >> i) & 1u) != 0; }, m);
}

void to_words(const GF2X& g, std::uint32_t* out) {
  std::fill(out, out + core_mt::kPolyWords, 0u);
  const long words = g.xrep.length();
  for (long i = 0; i < words; ++i) {
    const unsigned long v = g.xrep[i];
    out[2 * i] = static_cast<std::uint32_t>(v);
    out[2 * i + 1] = static_cast<std::uint32_t>(v >> 32);
  }
}

Poly to_poly(const GF2X& g) {
  Poly p(core_mt::kPolyWords);
  to_words(g, p.data());
  return p;
}

GF2X from_poly(const Poly& p) {
  GF2X g;
  for (long i = 0; i < kD; ++i) {
    if ((p[static_cast<std::size_t>(i >> 5)] >> (i & 31)) & 1u) NTL::SetCoeff(g, i);
  }
  return g;
}

}  // namespace

template <class P>
Poly characteristic_polynomial() {
  const GF2X& f = modulus<P>().f;
  Poly p((kD + 1 + 31) / 32);
  for (long i = 0; i <= kD; ++i) {
    if (NTL::IsOne(NTL::coeff(f, i))) p[static_cast<std::size_t>(i >> 5)] |= 1u << (i & 31);
  }
  return p;
}

template <class P>
Poly jump_polynomial(std::uint64_t k) {
  return to_poly(power_of_x(k, modulus<P>()));
}

template <class P>
Poly jump_polynomial_decimal(const std::string& k) {
  if (k.empty() || k.find_first_not_of("0123456789") != std::string::npos) {
    throw Error(Status::invalid_argument, "jump length '" + k + "' is not a decimal integer");
  }
  const NTL::ZZ z = NTL::conv<NTL::ZZ>(k.c_str());
  return to_poly(power_of_x(NTL::NumBits(z), [&z](long i) { return NTL::bit(z, i) != 0; }, modulus<P>()));
}

template <class P>
Poly jump_polynomial_power_of_two(unsigned e) {
  const Modulus& m = modulus<P>();
  GF2X r;
  NTL::SetX(r);
  for (unsigned i = 0; i < e; ++i) sqr_mod(r, r, m);
  return to_poly(r);
}

template <class P>
Poly block_polynomials(std::uint64_t L, unsigned count, std::uint64_t shift) {
  const Modulus& m = modulus<P>();
  Poly out(static_cast<std::size_t>(count) * core_mt::kPolyWords);
  if (count == 0) return out;
  const GF2X g = power_of_x(L, m);
  GF2X acc = g;
  if (shift != 0) mul_mod(acc, acc, power_of_x(shift, m), m);
  to_words(acc, out.data());
  for (unsigned b = 2; b <= count; ++b) {
    mul_mod(acc, acc, g, m);
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
  auto made = std::make_shared<const Poly>(block_polynomials<P>(L, count, shift));  // outside the lock: tens of ms
  const std::lock_guard<std::mutex> hold(lock);
  if (cache.size() >= kMaxEntries) cache.clear();
  auto& slot = cache[key];
  if (!slot || slot->size() < made->size()) slot = made;
  return slot;
}

template <class P>
Poly multiply(const Poly& a, const Poly& b) {
  GF2X r;
  mul_mod(r, from_poly(a), from_poly(b), modulus<P>());
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
