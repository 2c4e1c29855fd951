// The Dynamic Creator for Mersenne Twisters (Matsumoto & Nishimura, "Dynamic creation of
// pseudorandom number generators", MCQMC 1998), for w = 32 and a Mersenne exponent p.
//
// Shape: n = ceil(p / 32), m = n / 2, r = 32 n - p (the creator's choice). The twist word is
// a = (h << 16) | id with the 16-bit ID in its low half (as the reference library embeds it) and h a
// 16-bit word with its top bit set (that bit is the constant term of the characteristic polynomial).
// The characteristic polynomial is, with u = t^n + t^m and l = t^(n-1) + t^(m-1) (Matsumoto and
// Nishimura's formula for the MT recurrence),
//
//   phi(t) = u^(w-r) l^r + sum_{i<r} a_i u^(w-r) l^(r-1-i) + sum_{i>=r} a_i u^(w-1-i)
//
// (a_i: bit i of a, a_0 the least significant), linear in the bits of a. So phi is a sum of
// precomputed polynomials, and distinct twist words give distinct polynomials (the summands have
// distinct degrees): distinct IDs give distinct generators. The 2^15 words h are tried in an order
// drawn from the seed and the ID; a candidate passes the small-factor sieve, then the prime-degree
// irreducibility test (x^(2^p) = x mod phi), which for a Mersenne exponent means the period 2^p - 1.
//
// Tempering: the creator's shifts (u, s, t, l) = (12, 7, 15, 18); the masks b and c are chosen a block
// of output bits at a time from the most significant: every bit pattern of b and c at the block's
// positions is tried and the one with the least sum of defects d(1) + .. + d(e) (e = the block's last
// bit) kept, like MTGPDC's tempering search.
#pragma once

#include <NTL/GF2X.h>

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dc_mt.hpp"
#include "polynomial.hpp"

namespace gpurng::gf2 {

// The Mersenne exponents the creator takes (w = 32).
const std::vector<std::uint32_t>& dc_exponents();

// No twist word with this ID has an irreducible characteristic polynomial (this happens: there are
// only 2^15 candidates, and each is irreducible with probability ~1/p).
class NoParameterSet : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct DcSet {
  std::uint32_t id = 0;
  DcParams params;
  std::vector<int> k;     // k(v), v = 1 .. 32
  long delta = 0;         // total dimension defect
  long weight = 0;        // non-zero coefficients of the characteristic polynomial
  std::string sha1;       // of the characteristic polynomial (polynomial.hpp)
  long candidates = 0;    // twist words tried
  long full_tests = 0;    // of which passed the sieve and took the irreducibility test
  double recursion_seconds = 0;
  double tempering_seconds = 0;
};

// Progress of one search: candidates tried so far.
using DcProgress = std::function<void(long candidates)>;

class DynamicCreator {
 public:
  explicit DynamicCreator(std::uint32_t p);

  // The parameter set of `id` (0 .. 65535); `seed` picks the order in which twist words are tried.
  DcSet create(std::uint32_t id, std::uint64_t seed, const DcProgress& progress = {}) const;

  // The characteristic polynomial of a twist word (by the formula).
  NTL::GF2X characteristic_polynomial_of(std::uint32_t aaa) const;

  // The tempering masks for a twist word, and the resulting k(v).
  void search_tempering(DcParams& d) const;

  std::uint32_t exponent() const { return p_; }
  const DcParams& shape() const { return shape_; }

 private:
  std::uint32_t p_;
  DcParams shape_;
  std::vector<NTL::GF2X> terms_;  // terms_[i]: the summand of a_i; terms_[32]: the leading one
  SmallFactorSieve sieve_;
};

// Full period: the characteristic polynomial (from the output, by Berlekamp-Massey) has degree
// p = 32 n - r, a Mersenne exponent, and is irreducible. For any parameter set, e.g. one read from a
// file.
bool dc_has_full_period(const DcParams& d);

}  // namespace gpurng::gf2
