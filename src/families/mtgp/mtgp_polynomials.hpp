// GF(2)[x] arithmetic for MTGP jump-ahead (the library's own, src/gf2x/, behind a plain interface).
//
// The characteristic polynomial P of a parameter set's transition is found as the reference does:
// Berlekamp-Massey (gf2x::minimal_polynomial) on the lowest bits of 2p outputs. Its degree must be p and its
// weight the published one (the tests also check its SHA-1 against the published ID). A jump by k
// steps is c(x) = x^k mod P, applied by core::mtgp::jumped_word / jumped_state.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpurng/core/engines/mtgp.hpp"

namespace gpurng::detail::mtgp {

// A polynomial of degree < p as 32-bit words: coefficient i is bit i % 32 of word i / 32.
using PolyWords = std::vector<std::uint32_t>;

class Characteristic {
 public:
  virtual ~Characteristic() = default;
  virtual std::uint32_t degree() const = 0;
  // Words of a reduced polynomial: ceil(p / 32).
  std::uint32_t words() const { return (degree() + 31) / 32; }
  // x^k mod P.
  virtual PolyWords power_of_x(std::uint64_t k) const = 0;
  // x^(2^e) mod P, e < 128; computed by repeated squaring once per process and cached.
  virtual PolyWords power_of_x_pow2(unsigned e) const = 0;
  // The coefficients as '0'/'1' from degree 0 up: the string the published SHA-1 is taken of.
  virtual std::string coefficient_string() const = 0;
  virtual std::uint32_t weight() const = 0;
};

// The characteristic polynomial of a parameter set, computed once per process and cached (keyed by
// the set's address in the shipped tables). Throws Error(internal_error) if its degree is not p or
// its weight is not expected_weight (0: not checked). Thread-safe.
std::shared_ptr<const Characteristic> characteristic(const core::mtgp::Params<std::uint32_t>& p,
                                                     std::uint32_t expected_weight);
std::shared_ptr<const Characteristic> characteristic(const core::mtgp::Params<std::uint64_t>& p,
                                                     std::uint32_t expected_weight);

}  // namespace gpurng::detail::mtgp
