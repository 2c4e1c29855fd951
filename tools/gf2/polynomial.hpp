// Characteristic polynomials over GF(2) (NTL's GF2X): Berlekamp-Massey from output bits, the
// irreducibility test for a prime degree, a small-factor sieve, and the SHA-1 identity of a
// polynomial.
#pragma once

#include <NTL/GF2X.h>

#include <cstdint>
#include <string>
#include <vector>

#include "linear_generator.hpp"

namespace gpurng::gf2 {

// The minimal polynomial of a bit sequence (Berlekamp-Massey; NTL MinPolySeq) whose linear
// complexity is at most `bound`; bits.size() must be at least 2 * bound.
NTL::GF2X minimal_polynomial(const std::vector<std::uint8_t>& bits, long bound);

// The characteristic polynomial of a generator with irreducible P: the minimal polynomial of the
// most significant output bit over 2p steps from its seed state. Its degree is p exactly when P is
// the minimal polynomial of the whole state (always so for irreducible P).
template <class G>
NTL::GF2X characteristic_polynomial(const G& g) {
  const long p = g.degree();
  std::vector<std::uint8_t> bits(static_cast<std::size_t>(2 * p));
  StateWindow<G> s(g);
  g.seed(s.window());
  s.refresh(g);
  const int shift = g.word_bits() - 1;
  for (auto& b : bits) {
    b = static_cast<std::uint8_t>((s.output(g) >> shift) & 1u);
    s.step(g);
  }
  return minimal_polynomial(bits, p);
}

// SHA-1 (40 lower-case hex digits) of the coefficients written as '0'/'1' characters from the
// constant term up to the leading one: the identity MTGP's parameter tables print (mtgp32:p:sha1).
std::string coefficient_sha1(const NTL::GF2X& f);

// Irreducibility of a polynomial of prime degree p: no linear factor and x^(2^p) = x mod f (then
// every irreducible factor has degree dividing p). For a Mersenne exponent p the polynomial is then
// primitive, and a generator with it has period 2^p - 1.
bool is_irreducible_prime_degree(const NTL::GF2X& f);

// x^(2^e) mod f by repeated squaring with the library's gf2x::Modulus (src/gf2x/).
NTL::GF2X x_pow_2e_mod(const NTL::GF2X& f, long e);

// Rejects polynomials with an irreducible factor of degree at most `max_degree` (<= 32): a cheap
// test before is_irreducible_prime_degree() (a random polynomial passes with probability about
// 0.56 / max_degree).
class SmallFactorSieve {
 public:
  explicit SmallFactorSieve(int max_degree);
  bool passes(const NTL::GF2X& f) const;
  int max_degree() const { return max_degree_; }

 private:
  struct Group {
    std::uint64_t modulus;          // product of the members, degree <= 32
    int degree;
    std::uint64_t x64;              // x^64 mod modulus
    std::uint64_t mu;               // floor(x^64 / modulus)
    std::vector<std::uint32_t> members;  // the irreducible factors (bit i = x^i)
  };
  int max_degree_;
  std::vector<Group> groups_;
};

}  // namespace gpurng::gf2
