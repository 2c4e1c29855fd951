// The GF(2)[x] layer of the toolkit (src/gf2x/gf2x_clmul, tools/gf2/polynomial) against NTL's own routines, which
// are an independent implementation, and against the MT19937 characteristic polynomial of the
// reference data.
#include <gtest/gtest.h>

#include <NTL/GF2XFactoring.h>

#include <random>
#include <string>

#include "gf2x_clmul.hpp"
#include "gf2/engine_adapters.hpp"
#include "gf2/polynomial.hpp"
#include "test_support.hpp"

namespace {

using namespace gpurng::gf2;
using gpurng::gf2x::clmul_words;
using gpurng::gf2x::square_words;

NTL::GF2X random_poly(std::mt19937_64& rng, long degree) {
  NTL::GF2X f;
  for (long i = 0; i < degree; ++i) {
    if (rng() & 1u) NTL::SetCoeff(f, i);
  }
  NTL::SetCoeff(f, degree);
  return f;
}

NTL::GF2X from_hex(const std::string& hex) {
  NTL::GF2X f;
  long bit = 0;
  for (auto it = hex.rbegin(); it != hex.rend(); ++it, bit += 4) {
    const int v = std::stoi(std::string(1, *it), nullptr, 16);
    for (int b = 0; b < 4; ++b) {
      if ((v >> b) & 1) NTL::SetCoeff(f, bit + b);
    }
  }
  return f;
}

TEST(Gf2Clmul, WordProductsEqualNtl) {
  std::mt19937_64 rng(1);
  for (std::size_t n : {1u, 2u, 5u, 12u, 13u, 24u, 25u, 63u, 100u, 176u, 312u}) {
    std::vector<std::uint64_t> a(n), b(n), r(2 * n), s(2 * n);
    for (auto& x : a) x = rng();
    for (auto& x : b) x = rng();
    clmul_words(r.data(), a.data(), b.data(), n);
    square_words(s.data(), a.data(), n);
    NTL::GF2X fa, fb, prod, sq;
    for (long i = 0; i < static_cast<long>(64 * n); ++i) {
      if ((a[i / 64] >> (i % 64)) & 1u) NTL::SetCoeff(fa, i);
      if ((b[i / 64] >> (i % 64)) & 1u) NTL::SetCoeff(fb, i);
    }
    NTL::mul(prod, fa, fb);
    NTL::sqr(sq, fa);
    for (long i = 0; i < static_cast<long>(128 * n); ++i) {
      ASSERT_EQ((r[i / 64] >> (i % 64)) & 1u, static_cast<unsigned>(NTL::IsOne(NTL::coeff(prod, i)))) << n << " " << i;
      ASSERT_EQ((s[i / 64] >> (i % 64)) & 1u, static_cast<unsigned>(NTL::IsOne(NTL::coeff(sq, i)))) << n << " " << i;
    }
  }
}

TEST(Gf2Polynomial, RepeatedSquaringEqualsNtl) {
  std::mt19937_64 rng(2);
  for (long degree : {5L, 300L, 1279L, 4423L, 11213L}) {
    const NTL::GF2X f = random_poly(rng, degree);
    NTL::GF2XModulus F(f);
    NTL::GF2X r;
    NTL::SetX(r);
    NTL::rem(r, r, F);
    for (int i = 0; i < 40; ++i) NTL::SqrMod(r, r, F);
    EXPECT_EQ(x_pow_2e_mod(f, 40), r) << degree;
  }
}

TEST(Gf2Polynomial, LongPowersByCompositionEqualNtl) {
  // e large enough for x_pow_2e_mod to compose instead of squaring (p >= 4000, e > 12 sqrt(p)).
  std::mt19937_64 rng(5);
  for (auto [degree, e] : {std::pair{4423L, 4423L}, {11213L, 1500L}, {11213L, 1501L}}) {
    const NTL::GF2X f = random_poly(rng, degree);
    NTL::GF2XModulus F(f);
    NTL::GF2X r;
    NTL::SetX(r);
    for (long i = 0; i < e; ++i) NTL::SqrMod(r, r, F);
    EXPECT_EQ(x_pow_2e_mod(f, e), r) << degree << " " << e;
  }
  NTL::GF2X t;  // a primitive trinomial of degree 4423, and a reducible neighbour
  NTL::SetCoeff(t, 4423);
  NTL::SetCoeff(t, 271);
  NTL::SetCoeff(t, 0);
  EXPECT_TRUE(is_irreducible_prime_degree(t));
  NTL::SetCoeff(t, 272);
  NTL::SetCoeff(t, 1);
  EXPECT_EQ(is_irreducible_prime_degree(t), NTL::IterIrredTest(t) != 0);
}

TEST(Gf2Polynomial, IrreducibilityAgreesWithNtl) {
  std::mt19937_64 rng(3);
  int irreducible = 0;
  for (long degree : {89L, 127L, 521L, 607L}) {
    for (int i = 0; i < 150; ++i) {
      NTL::GF2X f = random_poly(rng, degree);
      NTL::SetCoeff(f, 0);
      const bool ours = is_irreducible_prime_degree(f);
      EXPECT_EQ(ours, NTL::IterIrredTest(f) != 0) << degree << " " << i;
      irreducible += ours;
    }
  }
  EXPECT_GT(irreducible, 0);  // the test saw both answers
}

TEST(Gf2Polynomial, KnownPrimitiveTrinomialsAreIrreducible) {
  // x^p + x^q + 1 for Mersenne exponents p (Zierler and Brillhart's tables).
  for (auto [p, q] : {std::pair{521L, 32L}, {607L, 105L}, {1279L, 216L}, {2281L, 715L}, {3217L, 67L}, {4423L, 271L}}) {
    NTL::GF2X f;
    NTL::SetCoeff(f, p);
    NTL::SetCoeff(f, q);
    NTL::SetCoeff(f, 0);
    EXPECT_TRUE(is_irreducible_prime_degree(f)) << p;
    NTL::SetCoeff(f, q + 1);
    NTL::SetCoeff(f, 1);  // odd weight, constant term 1, but a different polynomial
    EXPECT_EQ(is_irreducible_prime_degree(f), NTL::IterIrredTest(f) != 0) << p;
  }
  EXPECT_THROW(is_irreducible_prime_degree(NTL::GF2X(NTL::INIT_MONO, 4)), std::invalid_argument);
}

TEST(Gf2Polynomial, Mt19937CharacteristicPolynomialFromBerlekampMassey) {
  const auto csv = gpurng::test::read_csv("mt19937_jump/mt19937_charpoly.csv");
  const NTL::GF2X reference = from_hex(csv.rows.at(0).at("coeff_hex"));
  ASSERT_EQ(NTL::deg(reference), 19937);
  const NTL::GF2X f = characteristic_polynomial(Mt19937Adapter{});
  EXPECT_EQ(f, reference);
  EXPECT_EQ(NTL::weight(f), 135);
  EXPECT_TRUE(is_irreducible_prime_degree(f));
  // MT19937-64 has the same degree and is also irreducible (its period is 2^19937 - 1).
  const NTL::GF2X g = characteristic_polynomial(Mt19937_64Adapter{});
  EXPECT_EQ(NTL::deg(g), 19937);
  EXPECT_TRUE(is_irreducible_prime_degree(g));
}

TEST(Gf2Polynomial, Sha1OfTheCoefficientString) {
  // Python: hashlib.sha1(b"101"), b"1101" (the constant term first).
  NTL::GF2X f;
  NTL::SetCoeff(f, 0);
  NTL::SetCoeff(f, 2);
  EXPECT_EQ(coefficient_sha1(f), "dbc0f004854457f59fb16ab863a3a1722cef553f");
  NTL::SetCoeff(f, 3);
  NTL::SetCoeff(f, 1);
  NTL::SetCoeff(f, 2, 0);
  EXPECT_EQ(coefficient_sha1(f), "551220deeb362077f5df356bdebaf94f34f93f0c");
}

TEST(Gf2Polynomial, SmallFactorSieveFindsExactlyTheSmallFactors) {
  const int d = 9;
  const SmallFactorSieve sieve(d);
  std::vector<NTL::GF2X> small;
  for (long code = 2; code < (1L << (d + 1)); ++code) {
    NTL::GF2X q;
    for (int b = 0; b <= d; ++b) {
      if ((code >> b) & 1) NTL::SetCoeff(q, b);
    }
    if (NTL::IterIrredTest(q)) small.push_back(q);
  }
  std::mt19937_64 rng(4);
  int rejected = 0, passed = 0;
  for (int i = 0; i < 300; ++i) {
    const NTL::GF2X f = random_poly(rng, 60 + static_cast<long>(rng() % 900));
    bool has_small = false;
    for (const auto& q : small) has_small = has_small || NTL::IsZero(f % q);
    EXPECT_EQ(sieve.passes(f), !has_small) << i;
    (has_small ? rejected : passed)++;
  }
  EXPECT_GT(rejected, 0);
  EXPECT_GT(passed, 0);
}

}  // namespace
