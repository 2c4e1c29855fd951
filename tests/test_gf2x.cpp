// The library's own GF(2)[x] arithmetic (src/gf2x/), which the runtime jumps use instead of NTL,
// checked against NTL's GF2X: Berlekamp-Massey against MinPolySeq, products, squares and powers of x
// modulo dense and sparse polynomials against MulMod / SqrMod / PowerXMod, at degrees around word
// boundaries and at the engines' degrees.
#include <gtest/gtest.h>

#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/ZZ.h>
#include <NTL/vec_GF2.h>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "gf2x_polynomial.hpp"

namespace {

using gpurng::gf2x::Modulus;
using gpurng::gf2x::Words;

NTL::GF2X to_ntl(const Words& w) {
  NTL::GF2X f;
  for (std::size_t i = 0; i < 64 * w.size(); ++i) {
    if ((w[i / 64] >> (i % 64)) & 1u) NTL::SetCoeff(f, static_cast<long>(i));
  }
  return f;
}

Words from_ntl(const NTL::GF2X& f, std::size_t words) {
  Words w(words, 0);
  for (long i = 0; i <= NTL::deg(f); ++i) {
    if (NTL::IsOne(NTL::coeff(f, i))) w[static_cast<std::size_t>(i) / 64] |= std::uint64_t{1} << (i % 64);
  }
  return w;
}

Words random_poly(std::mt19937_64& rng, long degree) {
  Words w(static_cast<std::size_t>(degree) / 64 + 1, 0);
  for (auto& v : w) v = rng();
  const unsigned top = static_cast<unsigned>(degree % 64);
  w.back() &= top == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (top + 1)) - 1;
  w.back() |= std::uint64_t{1} << top;
  return w;
}

// A residue: degree < p.
Words random_residue(std::mt19937_64& rng, const Modulus& m) {
  Words w(m.words());
  for (auto& v : w) v = rng();
  const long p = m.degree();
  if (p % 64 != 0) w.back() &= (std::uint64_t{1} << (p % 64)) - 1;
  return w;
}

// x^p + a few random terms, each at least a word below the top (the sparse fold applies).
Words sparse_poly(std::mt19937_64& rng, long p, int terms) {
  Words w(static_cast<std::size_t>(p) / 64 + 1, 0);
  w[static_cast<std::size_t>(p) / 64] |= std::uint64_t{1} << (p % 64);
  w[0] |= 1;
  for (int i = 0; i < terms; ++i) {
    const long e = static_cast<long>(rng() % static_cast<std::uint64_t>(p - 64));
    w[static_cast<std::size_t>(e) / 64] |= std::uint64_t{1} << (e % 64);
  }
  return w;
}

void check_modulus(const Words& f, std::mt19937_64& rng) {
  const Modulus m(f);
  const NTL::GF2X nf = to_ntl(f);
  ASSERT_EQ(m.degree(), NTL::deg(nf));
  const NTL::GF2XModulus M(nf);
  for (int trial = 0; trial < 4; ++trial) {
    const Words a = random_residue(rng, m), b = random_residue(rng, m);
    Words r(m.words());
    m.mul(a.data(), b.data(), r.data());
    NTL::GF2X e;
    NTL::MulMod(e, to_ntl(a), to_ntl(b), M);
    EXPECT_EQ(r, from_ntl(e, m.words())) << "a b mod f, degree " << m.degree();
    m.sqr(a.data(), r.data());
    NTL::SqrMod(e, to_ntl(a), M);
    EXPECT_EQ(r, from_ntl(e, m.words())) << "a^2 mod f, degree " << m.degree();
    Words x = a;
    m.mul_x(x.data());
    NTL::MulMod(e, to_ntl(a), NTL::GF2X(NTL::INIT_MONO, 1) % nf, M);
    EXPECT_EQ(x, from_ntl(e, m.words())) << "a x mod f, degree " << m.degree();
    const std::uint64_t k = rng() >> (rng() % 64);
    NTL::PowerXMod(e, NTL::conv<NTL::ZZ>(static_cast<unsigned long>(k)), M);
    EXPECT_EQ(m.power_of_x(k), from_ntl(e, m.words())) << "x^" << k << " mod f, degree " << m.degree();
  }
  // Aliasing: r = r * r.
  Words a = random_residue(rng, m);
  const Words a0 = a;
  m.mul(a.data(), a.data(), a.data());
  Words s(m.words());
  m.sqr(a0.data(), s.data());
  EXPECT_EQ(a, s);
}

TEST(Gf2x, ProductsAndPowersModuloDensePolynomialsMatchNtl) {
  std::mt19937_64 rng(20261126);
  for (long p : {1L, 2L, 3L, 31L, 63L, 64L, 65L, 127L, 128L, 129L, 521L, 607L, 2203L, 4423L, 19937L}) {
    SCOPED_TRACE("degree " + std::to_string(p));
    check_modulus(random_poly(rng, p), rng);
  }
}

TEST(Gf2x, ProductsAndPowersModuloSparsePolynomialsMatchNtl) {
  std::mt19937_64 rng(5);
  for (long p : {640L, 2203L, 19937L, 19968L}) {
    const Words f = sparse_poly(rng, p, static_cast<int>(p / 256));  // weight < words / 2: folded
    EXPECT_TRUE(Modulus(f).sparse()) << p;
    check_modulus(f, rng);
  }
}

TEST(Gf2x, ReduceOfALongPolynomialMatchesNtl) {
  std::mt19937_64 rng(9);
  const Words f = random_poly(rng, 521);
  const Words a = random_poly(rng, 3000);
  EXPECT_EQ(Modulus(f).reduce(a), from_ntl(to_ntl(a) % to_ntl(f), Modulus(f).words()));
}

TEST(Gf2x, PowerOfXGivenInDecimalMatchesNtl) {
  std::mt19937_64 rng(11);
  const Words f = random_poly(rng, 2203);
  const Modulus m(f);
  const std::string k = "340282366920938463463374607431768211457123456789";  // > 2^128
  NTL::GF2X e;
  NTL::PowerXMod(e, NTL::conv<NTL::ZZ>(k.c_str()), NTL::GF2XModulus(to_ntl(f)));
  EXPECT_EQ(m.power_of_x_decimal(k), from_ntl(e, m.words()));
  EXPECT_EQ(m.power_of_x_decimal("0"), m.power_of_x(0));
  EXPECT_EQ(m.power_of_x_decimal("18446744073709551615"), m.power_of_x(~std::uint64_t{0}));
  EXPECT_THROW((void)m.power_of_x_decimal(""), std::invalid_argument);
  EXPECT_THROW((void)m.power_of_x_decimal("12a"), std::invalid_argument);
  EXPECT_THROW((void)m.power_of_x_decimal("-1"), std::invalid_argument);
}

TEST(Gf2x, AModulusOfDegreeBelowOneIsRefused) {
  EXPECT_THROW(Modulus(Words{1}), std::invalid_argument);
  EXPECT_THROW(Modulus(Words{0, 0}), std::invalid_argument);
}

// The output of an LFSR with a known feedback polynomial, and random sequences (whose minimal
// polynomial has degree about N / 2): the same polynomial as NTL's MinPolySeq.
TEST(Gf2x, BerlekampMasseyMatchesNtl) {
  std::mt19937_64 rng(3);
  for (long L : {1L, 5L, 63L, 64L, 65L, 200L, 521L, 1279L}) {
    const Words f = random_poly(rng, L);
    std::vector<std::uint8_t> bits(static_cast<std::size_t>(2 * L + 17));
    for (long i = 0; i < L; ++i) bits[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(rng() & 1u);
    for (std::size_t t = static_cast<std::size_t>(L); t < bits.size(); ++t) {
      unsigned s = 0;  // s_t = sum_{i<L} f_i s_{t-L+i}
      for (long i = 0; i < L; ++i) {
        if ((f[static_cast<std::size_t>(i) / 64] >> (i % 64)) & 1u) s ^= bits[t - static_cast<std::size_t>(L) + static_cast<std::size_t>(i)];
      }
      bits[t] = static_cast<std::uint8_t>(s);
    }
    NTL::vec_GF2 seq;
    seq.SetLength(static_cast<long>(bits.size()));
    for (std::size_t i = 0; i < bits.size(); ++i) seq[static_cast<long>(i)] = bits[i];
    NTL::GF2X h;
    NTL::MinPolySeq(h, seq, static_cast<long>(bits.size() / 2));
    const Words got = gpurng::gf2x::minimal_polynomial(bits);
    EXPECT_EQ(to_ntl(got), h) << "L = " << L;
    EXPECT_LE(gpurng::gf2x::degree(got), L);
  }
  for (std::size_t n : {1u, 2u, 7u, 64u, 65u, 128u, 1000u, 4096u}) {
    std::vector<std::uint8_t> bits(n);
    for (auto& b : bits) b = static_cast<std::uint8_t>(rng() & 1u);
    NTL::vec_GF2 seq;
    seq.SetLength(static_cast<long>(n));
    for (std::size_t i = 0; i < n; ++i) seq[static_cast<long>(i)] = bits[i];
    NTL::GF2X h;
    NTL::MinPolySeq(h, seq, static_cast<long>(n / 2));
    // NTL's bound is n / 2: compare where the random sequence's complexity fits it.
    const Words got = gpurng::gf2x::minimal_polynomial(bits);
    if (gpurng::gf2x::degree(got) <= static_cast<long>(n / 2)) {
      EXPECT_EQ(to_ntl(got), h) << "n = " << n;
    }
  }
  EXPECT_EQ(gpurng::gf2x::minimal_polynomial(std::vector<std::uint8_t>(10, 0)), Words{1});
}

TEST(Gf2x, WordConversionsRoundTrip) {
  const Words a{0x0123456789abcdefull, 0xfedcba9876543210ull};
  std::uint32_t w[5];
  gpurng::gf2x::to_words32(a.data(), a.size(), w, 5);
  EXPECT_EQ(w[0], 0x89abcdefu);
  EXPECT_EQ(w[1], 0x01234567u);
  EXPECT_EQ(w[3], 0xfedcba98u);
  EXPECT_EQ(w[4], 0u);
  EXPECT_EQ(gpurng::gf2x::from_words32(w, 4), a);
  EXPECT_EQ(gpurng::gf2x::degree(a), 127);
  EXPECT_EQ(gpurng::gf2x::weight(Words{7, 1}), 4);
}

}  // namespace
