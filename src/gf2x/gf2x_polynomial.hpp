// GF(2)[x] arithmetic of the library's jumps (MT19937, Dynamic Creator, MTGP): the minimal
// polynomial of a bit sequence, and arithmetic modulo a fixed polynomial of degree up to ~10^5.
//
// Why our own and not NTL: the runtime library must need only the C++ and CUDA runtimes (Debian's
// NTL pulls in gf2x, GPL-2+, and GMP). The products are gf2x_clmul.hpp's Karatsuba with PCLMULQDQ
// leaves; NTL stays in the tests and the GF(2) tools, where it checks this code.
//
// A polynomial is a word array: coefficient i is bit i % 64 of word i / 64. Residues modulo a
// polynomial of degree p have Modulus::words() = ceil(p / 64) words, bits at and above p zero.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gpurng::gf2x {

using Words = std::vector<std::uint64_t>;

// The degree of a (-1 for the zero polynomial) and its number of non-zero coefficients.
long degree(const Words& a);
long weight(const Words& a);

// The minimal polynomial of s_0 .. s_{N-1} (each bit 0 or 1): the monic h of least degree L with
// sum_i h_i s_{j+i} = 0 for every j + L < N (Berlekamp-Massey). With N >= 2 L it is unique; for the
// output of a linear generator whose characteristic polynomial P is irreducible, N = 2 deg P bits
// give P itself. Cost about N^2 / 256 word operations (0.05 s for N = 2 * 44497).
Words minimal_polynomial(const std::vector<std::uint8_t>& bits);

// Arithmetic modulo f of degree p >= 1. Sparse moduli (every term below the top at least a word
// under it, and few of them) are reduced by folding each word above x^p onto the terms; others by
// Barrett reduction (two products with floor(x^(2p) / f), found by Newton iteration). Immutable
// after construction: its methods may be called from several threads at once.
class Modulus {
 public:
  // f must have degree >= 1 (throws std::invalid_argument otherwise).
  explicit Modulus(Words f);

  long degree() const { return p_; }
  std::size_t words() const { return nr_; }
  const Words& polynomial() const { return f_; }
  bool sparse() const { return sparse_; }

  // r = a b mod f, r = a^2 mod f, r = a x mod f, for residues a, b (r may alias them).
  void mul(const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* r) const;
  void sqr(const std::uint64_t* a, std::uint64_t* r) const;
  void mul_x(std::uint64_t* r) const;

  // a mod f for any a (no limit on its length).
  Words reduce(const Words& a) const;

  // x^k mod f.
  Words power_of_x(std::uint64_t k) const;
  // x^k mod f for k = sum of bit(i) 2^i, i < bits (k of any size).
  template <class BitSource>
  Words power_of_x(long bits, const BitSource& bit) const {
    Words r(nr_, 0);
    r[0] = 1;
    for (long i = bits - 1; i >= 0; --i) {
      sqr(r.data(), r.data());
      if (bit(i)) mul_x(r.data());
    }
    return r;
  }
  // x^k mod f for k written in decimal (any length; throws std::invalid_argument if not digits).
  Words power_of_x_decimal(const std::string& k) const;

 private:
  // r = t mod f for a product t of two residues (2 nr words, degree <= 2p - 2); t is scratch.
  void reduce_product(std::uint64_t* t, std::uint64_t* r) const;

  long p_;
  std::size_t nr_;              // words of a residue
  std::size_t nf_;              // words of f (and of the Barrett operands)
  std::uint64_t top_mask_;      // the valid bits of a residue's last word
  Words f_;                     // nf words
  bool sparse_ = false;
  std::vector<long> low_terms_;  // sparse: exponents below p with coefficient 1, highest first
  Words mu_;                    // Barrett: floor(x^(2p) / f), nf words
};

// Converts a residue (or any polynomial) to 32-bit words: out[i] = bits 32 i .. 32 i + 31.
// `count` words are written (zero padded or truncated).
void to_words32(const std::uint64_t* a, std::size_t words, std::uint32_t* out, std::size_t count);
Words from_words32(const std::uint32_t* a, std::size_t count);

}  // namespace gpurng::gf2x
