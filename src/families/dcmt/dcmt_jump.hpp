// Jump polynomials of a Dynamic-Creator family on the host (the library's GF(2)[x] code, src/gf2x/).
//
// Each set has its own characteristic polynomial P_k(x) of degree p: found by Berlekamp-Massey on 2p
// bits of the set's output (gf2x::minimal_polynomial), and checked to have degree p (then it is the
// characteristic polynomial and every jump x^J mod P_k is exact). It is found the first time a call
// needs set k, and kept: a call builds only its own streams' sets, so a family of thousands of sets
// costs nothing until it jumps, and a call over few streams costs a few sets' work. The kernels take the
// polynomials word-major: word i of the set in column j at [i * count + j], so that the 32 lanes of a
// warp, 32 consecutive streams with consecutive sets, read consecutive words. A table holds only the
// `count` consecutive sets (mod K) a call's streams use, not the whole family.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpurng/core/engines/dcmt.hpp"

namespace gpurng::detail::dcmt {

// The first of `sets` (lowest index) whose characteristic polynomial is not of degree p, and that
// degree: such a set does not have full period. Berlekamp-Massey on 2p bits per set (about 0.03 ms at
// p = 521, 0.1 ms at p = 2203), on up to `threads` threads. Families read from files and state files
// are checked with it when loaded; the jumps check their sets the same way (FamilyPolys).
struct ShortPeriod {
  std::size_t set;
  long degree;
};
std::optional<ShortPeriod> first_short_period(const std::vector<core::dcmt::Params>& sets, unsigned threads);

// "parameter set k (aaa = 0x...): its characteristic polynomial has degree d, not p: not a
// full-period Dynamic-Creator set".
std::string short_period_message(const std::vector<core::dcmt::Params>& sets, const ShortPeriod& s);

class FamilyPolys {
 public:
  // The sets must share one shape (n, m, r); `words` coefficient words per polynomial (the shape's N).
  FamilyPolys(const std::vector<core::dcmt::Params>& sets, int words);
  ~FamilyPolys();
  FamilyPolys(const FamilyPolys&) = delete;
  FamilyPolys& operator=(const FamilyPolys&) = delete;

  std::size_t sets() const;
  int words() const;

  // P_k as exponent + 1 coefficients (bit i = x^i) in 32-bit words. Throws Error(invalid_argument)
  // naming the set if its characteristic polynomial is not of degree p (not a full-period set).
  std::vector<std::uint32_t> characteristic(std::size_t k) const;

  // The table of core::dcmt::Call::polys: rows (cls, c) for cls < classes (1 or 2), c < chunks, each
  // x^(base[cls] + c * chunk) mod P_k for the `count` sets k = first_set, first_set + 1, ... (mod K),
  // words * count words per row, set first_set + j in column j.
  std::vector<std::uint32_t> table(const std::uint64_t base[2], int classes, std::uint64_t chunk,
                                   std::uint64_t chunks, std::size_t first_set, std::size_t count,
                                   unsigned threads) const;

  // x^e mod P_k in `words` words (tests).
  std::vector<std::uint32_t> power(std::size_t k, std::uint64_t e) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gpurng::detail::dcmt
