// The period proofs, with NTL: the characteristic polynomial of Panneton & L'Ecuyer's r = 8, s = 7
// xorshift (computed here from an independent implementation of recurrence (5), driven by the
// published term table) is the library's polynomial, is irreducible of degree 256, and x has order
// exactly 2^256 - 1 modulo it: x^((2^256-1)/q) != 1 for every prime q dividing 2^256 - 1 = F0 F1 ... F7
// (the Fermat numbers). So the generator is full-period: every non-zero state lies on one cycle of
// length 2^256 - 1. The same proof for the kiss engine's xorshift (13, 17, 5), and the fact that
// KISS99's SHR3 (17, 13, 5) is not full-period.
#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>
#include <NTL/vec_GF2.h>
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/xorshift256.hpp"
#include "test_support.hpp"

using NTL::GF2X;
using NTL::ZZ;

namespace {

// Recurrence (5) from the table: each term is (word offset from the oldest, first shift, second
// shift), shifts written L<a>, R<a> or none; a term (I + S2)(I + S1) applies S1 first.
struct Term {
  int offset;
  std::string first, second;
};

std::uint32_t shift_term(std::uint32_t t, const std::string& s) {
  if (s == "none") return t;
  const int a = std::stoi(s.substr(1));
  return t ^ (s[0] == 'L' ? (t << a) : (t >> a));
}

class ReferenceXorshift7 {
 public:
  ReferenceXorshift7(std::vector<Term> terms, const std::uint32_t (&init)[8]) : terms_(std::move(terms)) {
    for (int i = 0; i < 8; ++i) x_[i] = init[i];
  }
  std::uint32_t next() {
    std::uint32_t v = 0;
    for (const Term& t : terms_) v ^= shift_term(shift_term(x_[(k_ + t.offset) & 7], t.first), t.second);
    x_[k_] = v;
    k_ = (k_ + 1) & 7;
    return v;
  }

 private:
  std::vector<Term> terms_;
  std::uint32_t x_[8];
  int k_ = 0;
};

std::vector<Term> published_terms() {
  std::vector<Term> terms;
  for (const auto& row : gpurng::test::read_csv("marsaglia/xorshift7_panneton_lecuyer_params.csv").rows) {
    terms.push_back(Term{std::stoi(row.at("word_offset_from_k")), row.at("first_shift"), row.at("second_shift")});
  }
  return terms;
}

// The minimal polynomial of bit `bit` of the outputs (Berlekamp-Massey over 2 * degree terms).
GF2X min_poly_of_outputs(const std::function<std::uint32_t()>& next, long degree, int bit) {
  NTL::vec_GF2 seq;
  seq.SetLength(2 * degree);
  for (long i = 0; i < 2 * degree; ++i) seq[i] = (next() >> bit) & 1u;
  GF2X h;
  NTL::MinPolySeq(h, seq, degree);
  return h;
}

template <int D>
GF2X to_ntl(const gpurng::core::gf2::Poly<D>& low) {
  GF2X p;
  NTL::SetCoeff(p, D);
  for (int i = 0; i < D; ++i) {
    if (low.coeff(i)) NTL::SetCoeff(p, i);
  }
  return p;
}

// x has order exactly 2^deg - 1 modulo p, given the prime factors of 2^deg - 1.
bool x_has_full_order(const GF2X& p, const std::vector<ZZ>& primes) {
  const long deg = NTL::deg(p);
  const ZZ order = NTL::power2_ZZ(deg) - 1;
  const NTL::GF2XModulus mod(p);
  GF2X r;
  NTL::PowerXMod(r, order, mod);
  if (!NTL::IsOne(r)) return false;
  for (const ZZ& q : primes) {
    NTL::PowerXMod(r, order / q, mod);
    if (NTL::IsOne(r)) return false;
  }
  return true;
}

std::vector<ZZ> primes_of_fermat_numbers(int count) {
  // F0..F7 and their prime factors (F5 Euler 1732, F6 Landry 1880, F7 Morrison-Brillhart 1970).
  const char* const all[] = {"3", "5", "17", "257", "65537", "641", "6700417", "274177", "67280421310721",
                             "59649589127497217", "5704689200685129054721"};
  const int per_fermat_end[] = {1, 2, 3, 4, 5, 7, 9, 11};  // primes of F0..F_k end at this index
  std::vector<ZZ> out;
  for (int i = 0; i < per_fermat_end[count - 1]; ++i) out.push_back(NTL::conv<ZZ>(all[i]));
  return out;
}

}  // namespace

TEST(Xorshift256Period, TheFactorsOfTwoTo256MinusOneArePrimeAndComplete) {
  const std::vector<ZZ> primes = primes_of_fermat_numbers(8);
  ZZ product(1);
  for (const ZZ& q : primes) {
    EXPECT_TRUE(NTL::ProbPrime(q, 40)) << q;
    product *= q;
  }
  EXPECT_EQ(product, NTL::power2_ZZ(256) - 1);
}

TEST(Xorshift256Period, CharacteristicPolynomialIsTheLibrarysAndPrimitive) {
  const std::uint32_t init[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  ReferenceXorshift7 ref(published_terms(), init);
  // The reference reproduces the published outputs (so it is recurrence (5)).
  {
    ReferenceXorshift7 check(published_terms(), init);
    std::map<std::uint64_t, std::uint64_t> want;
    for (const auto& row : gpurng::test::read_csv("marsaglia/xorshift7_panneton_lecuyer_kat.csv").rows) {
      if (row.at("case") == "stateB") want[gpurng::test::to_u64(row.at("n"))] = gpurng::test::to_u64(row.at("output"));
    }
    for (std::uint64_t n = 0; n < 100; ++n) ASSERT_EQ(check.next(), want.at(n)) << n;
  }
  const GF2X p = min_poly_of_outputs([&] { return ref.next(); }, 256, 0);
  ASSERT_EQ(NTL::deg(p), 256) << "the output sequence has linear complexity 256";
  EXPECT_EQ(p, to_ntl(gpurng::core::xorshift256::charpoly_low()));
  // Every bit of the output has the same minimal polynomial (it is the matrix's).
  for (int bit : {1, 17, 31}) {
    ReferenceXorshift7 other(published_terms(), init);
    EXPECT_EQ(min_poly_of_outputs([&] { return other.next(); }, 256, bit), p) << bit;
  }
  EXPECT_TRUE(NTL::IterIrredTest(p)) << "irreducible";
  EXPECT_TRUE(x_has_full_order(p, primes_of_fermat_numbers(8))) << "primitive: period 2^256 - 1";
}

TEST(Xorshift256Period, TheOrderTestRejectsANonPrimitivePolynomial) {
  // x^256 + x^255 + ... is not primitive; and a wrong factor list must not pass the library's one.
  GF2X bad;
  NTL::SetCoeff(bad, 256);
  NTL::SetCoeff(bad, 1);
  NTL::SetCoeff(bad, 0);
  EXPECT_FALSE(x_has_full_order(bad, primes_of_fermat_numbers(8)));
}

TEST(KissXorshiftPeriod, Shifts13_17_5AreFullPeriodAnd17_13_5AreNot) {
  std::uint32_t y = 1;
  const GF2X p = min_poly_of_outputs(
      [&] {
        y = gpurng::core::kiss::xorshift32<13, 17, 5>(y);
        return y;
      },
      32, 0);
  ASSERT_EQ(NTL::deg(p), 32);
  EXPECT_TRUE(NTL::IterIrredTest(p));
  EXPECT_TRUE(x_has_full_order(p, primes_of_fermat_numbers(5)));  // 2^32 - 1 = F0 F1 F2 F3 F4

  // KISS99's SHR3: from state 1 its sequence already has linear complexity below 32, so its period
  // is below 2^32 - 1 (a full-period generator's non-zero sequences all have complexity 32).
  std::uint32_t z = 1;
  const GF2X q = min_poly_of_outputs(
      [&] {
        z = gpurng::core::kiss::xorshift32<17, 13, 5>(z);
        return z;
      },
      32, 0);
  EXPECT_LT(NTL::deg(q), 32) << "from state 1 the SHR3 sequence has linear complexity below 32";
}
