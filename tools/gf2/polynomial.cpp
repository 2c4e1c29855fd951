// Characteristic polynomials: Berlekamp-Massey, irreducibility, small-factor sieve, SHA-1.
#include "polynomial.hpp"

#include <NTL/vec_GF2.h>
#include <openssl/evp.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "gf2x_clmul.hpp"
#include "gf2x_polynomial.hpp"

namespace gpurng::gf2 {
namespace {

using u64 = std::uint64_t;
using gf2x::clmul64;
using gf2x::clmul_is_hardware;
static_assert(NTL_BITS_PER_LONG == 64, "GF2X words are used as 64-bit words");

std::vector<u64> words_of(const NTL::GF2X& f, std::size_t count) {
  std::vector<u64> w(count, 0);
  const long n = f.xrep.length();
  for (long i = 0; i < n && static_cast<std::size_t>(i) < count; ++i) w[static_cast<std::size_t>(i)] = f.xrep[i];
  return w;
}

NTL::GF2X poly_of(const u64* w, std::size_t count) {
  NTL::GF2X f;
  f.xrep.SetLength(static_cast<long>(count));
  for (std::size_t i = 0; i < count; ++i) f.xrep[static_cast<long>(i)] = w[i];
  f.normalize();
  return f;
}

bool is_prime(long n) {
  if (n < 2) return false;
  for (long d = 2; d * d <= n; ++d) {
    if (n % d == 0) return false;
  }
  return true;
}

int degree_of(u64 x) { return x == 0 ? -1 : 63 - __builtin_clzll(x); }

// a mod b for small polynomials (b != 0).
u64 small_rem(u64 a, u64 b) {
  const int db = degree_of(b);
  for (int d = degree_of(a); d >= db; d = degree_of(a)) a ^= b << (d - db);
  return a;
}

u64 small_mul(u64 a, u64 b) {
  u64 lo, hi;
  clmul64(a, b, &lo, &hi);
  return lo;
}

// Irreducible polynomials of degree 1 .. d (bit i = coefficient of x^i), by a sieve of products.
std::vector<std::uint32_t> irreducibles_up_to(int d) {
  const std::size_t limit = std::size_t{1} << (d + 1);  // all polynomials of degree <= d
  std::vector<bool> composite(limit, false);
  std::vector<std::uint32_t> out;
  for (std::size_t f = 2; f < limit; ++f) {
    if (composite[f]) continue;
    out.push_back(static_cast<std::uint32_t>(f));
    const int df = degree_of(f);
    // Mark every multiple f g with deg(f) + deg(g) <= d, deg g >= 1.
    for (std::size_t g = 2; g < (std::size_t{1} << (d - df + 1)); ++g) composite[small_mul(f, g)] = true;
  }
  return out;
}


}  // namespace

NTL::GF2X minimal_polynomial(const std::vector<std::uint8_t>& bits, long bound) {
  if (static_cast<long>(bits.size()) < 2 * bound) throw std::invalid_argument("minimal_polynomial: need 2 * bound bits");
  NTL::vec_GF2 seq;
  seq.SetLength(static_cast<long>(bits.size()));
  for (std::size_t i = 0; i < bits.size(); ++i) seq[static_cast<long>(i)] = bits[i] & 1u;
  NTL::GF2X f;
  NTL::MinPolySeq(f, seq, bound);
  return f;
}

std::string coefficient_sha1(const NTL::GF2X& f) {
  std::string text;
  const long d = NTL::deg(f);
  text.reserve(static_cast<std::size_t>(d + 1));
  for (long i = 0; i <= d; ++i) text.push_back(NTL::IsOne(NTL::coeff(f, i)) ? '1' : '0');
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(text.data(), text.size(), md, &len, EVP_sha1(), nullptr) != 1) {
    throw std::runtime_error("SHA-1 digest failed (OpenSSL)");
  }
  std::string hex;
  char buf[3];
  for (unsigned int i = 0; i < len; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", md[i]);
    hex += buf;
  }
  return hex;
}

namespace {

// g(h) mod f by Brent and Kung's baby-step giant-step composition: with m ~ sqrt(p), the powers
// h^0 .. h^m (m products) and g = sum_j x^(jm) G_j(x), deg G_j < m, evaluated by Horner in h^m
// (p / m products); each G_j(h) is a sum of table rows (g's coefficients are bits).
void compose(const gf2x::Modulus& mod, long p, const std::vector<u64>& g, const std::vector<u64>& h, std::vector<u64>& out) {
  const std::size_t nr = mod.words();
  long m = 1;
  while (m * m < p) ++m;
  std::vector<u64> table(static_cast<std::size_t>(m + 1) * nr, 0);  // row i: h^i
  table[0] = 1;
  std::copy(h.begin(), h.end(), table.begin() + static_cast<std::ptrdiff_t>(nr));
  for (long i = 2; i <= m; ++i) {
    mod.mul(&table[static_cast<std::size_t>(i - 1) * nr], h.data(), &table[static_cast<std::size_t>(i) * nr]);
  }
  const u64* giant = &table[static_cast<std::size_t>(m) * nr];
  std::vector<u64> r(nr, 0), block(nr);
  const long blocks = (p + m - 1) / m;
  for (long j = blocks - 1; j >= 0; --j) {
    std::fill(block.begin(), block.end(), u64{0});
    for (long i = 0; i < m; ++i) {
      const long c = j * m + i;
      if (c >= p) break;
      if ((g[static_cast<std::size_t>(c / 64)] >> (c % 64)) & 1u) {
        const u64* row = &table[static_cast<std::size_t>(i) * nr];
        for (std::size_t k = 0; k < nr; ++k) block[k] ^= row[k];
      }
    }
    if (j != blocks - 1) mod.mul(r.data(), giant, r.data());
    for (std::size_t k = 0; k < nr; ++k) r[k] ^= block[k];
  }
  out = r;
}

}  // namespace

NTL::GF2X x_pow_2e_mod(const NTL::GF2X& f, long e) {
  const long p = NTL::deg(f);
  if (p < 1) throw std::invalid_argument("x_pow_2e_mod: modulus of degree < 1");
  NTL::GF2X x;
  NTL::SetX(x);
  if (!clmul_is_hardware() || p < 256) {  // NTL's own product is as fast for small degrees
    NTL::GF2XModulus F(f);
    NTL::GF2X r;
    NTL::rem(r, x, F);
    for (long i = 0; i < e; ++i) NTL::SqrMod(r, r, F);
    return r;
  }
  const std::size_t nr = static_cast<std::size_t>((p + 63) / 64);  // residues: degree < p
  // The library's modulus: Barrett reduction with Karatsuba products, or for sparse moduli (the
  // Dynamic Creator's have ~120 terms) a fold of each high word onto the terms.
  const gf2x::Modulus mod(words_of(f, static_cast<std::size_t>(p / 64 + 1)));
  std::vector<u64> r = words_of(x, nr);
  // Large exponents: x^(2^(a+b)) = (x^(2^b)) o (x^(2^a)) (the Frobenius map commutes with GF(2)
  // polynomials), so e squarings become ~log2(e) compositions of ~6 sqrt(p) products each.
  long m = 1;
  while (m * m < p) ++m;
  if (p >= 4000 && e > 12 * m) {
    int top = 62;
    while (((e >> top) & 1) == 0) --top;
    mod.sqr(r.data(), r.data());  // r = x^(2^k) with k = the leading bit of e
    for (int bit = top - 1; bit >= 0; --bit) {
      compose(mod, p, r, r, r);  // k -> 2k
      if ((e >> bit) & 1) mod.sqr(r.data(), r.data());  // k -> k + 1
    }
    return poly_of(r.data(), nr);
  }
  for (long i = 0; i < e; ++i) mod.sqr(r.data(), r.data());
  return poly_of(r.data(), nr);
}

bool is_irreducible_prime_degree(const NTL::GF2X& f) {
  const long p = NTL::deg(f);
  if (!is_prime(p) && p != 1) throw std::invalid_argument("is_irreducible_prime_degree: degree " + std::to_string(p) + " is not prime");
  if (p == 1) return true;
  if (NTL::IsZero(NTL::coeff(f, 0))) return false;  // x divides f
  if (NTL::weight(f) % 2 == 0) return false;        // x + 1 divides f
  NTL::GF2X x;
  NTL::SetX(x);
  return x_pow_2e_mod(f, p) == x;
}

SmallFactorSieve::SmallFactorSieve(int max_degree) : max_degree_(max_degree) {
  if (max_degree < 1 || max_degree > 24) throw std::invalid_argument("SmallFactorSieve: max_degree out of [1, 24]");
  Group g{1, 0, 0, 0, {}};
  auto close = [&] {
    if (g.members.empty()) return;
    // x^64 mod Q and floor(x^64 / Q) for the word-by-word Barrett fold.
    u64 x64 = 0;  // computed as x^63 * x mod Q
    u64 r = u64{1} << 63;
    r = small_rem(r, g.modulus);
    x64 = small_rem(r << 1, g.modulus);  // deg r < 32, so r << 1 does not overflow
    g.x64 = x64;
    // floor(x^64 / Q): long division of x^64 (bit 64 handled as x^63 * x).
    u64 quotient = 0, rem_hi = 1;  // the dividend x^64 as (rem_hi, 0)
    u64 rem_lo = 0;
    const int dq = g.degree;
    for (int bit = 64; bit >= dq; --bit) {
      const bool set = bit == 64 ? (rem_hi & 1u) != 0 : ((rem_lo >> bit) & 1u) != 0;
      if (!set) continue;
      quotient |= u64{1} << (bit - dq);
      // subtract Q << (bit - dq)
      const int s = bit - dq;
      rem_lo ^= g.modulus << s;
      if (s != 0) rem_hi ^= g.modulus >> (64 - s);
    }
    g.mu = quotient;
    groups_.push_back(g);
    g = Group{1, 0, 0, 0, {}};
  };
  for (std::uint32_t q : irreducibles_up_to(max_degree)) {
    const int dq = degree_of(q);
    if (g.degree + dq > 32) close();
    g.modulus = small_mul(g.modulus, q);
    g.degree += dq;
    g.members.push_back(q);
  }
  close();
}

bool SmallFactorSieve::passes(const NTL::GF2X& f) const {
  const long n = f.xrep.length();
  for (const Group& g : groups_) {
    const int d = g.degree;
    const u64 low = (u64{1} << d) - 1;
    u64 r = 0;  // f mod Q so far, degree < d <= 32
    for (long i = n - 1; i >= 0; --i) {
      const u64 v = small_mul(r, g.x64) ^ static_cast<u64>(f.xrep[i]);  // r x^64 + word, degree < 64
      // Barrett: v div Q = ((v >> d) mu) >> (64 - d).
      u64 lo, hi;
      clmul64(v >> d, g.mu, &lo, &hi);
      const u64 quot = (lo >> (64 - d)) | (hi << d);
      r = (v ^ small_mul(quot, g.modulus)) & low;
    }
    for (std::uint32_t q : g.members) {
      if (small_rem(r, q) == 0) return false;
    }
  }
  return true;
}

}  // namespace gpurng::gf2
